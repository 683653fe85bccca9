"""Requests to forget that name the thing, not the speech (issue #26, lane forget3):
删掉我生病的事, 把我失业那件事删了, "padam hal kerja saya tu", « vire ce que je t'ai dit sur… »,
« supprime l'histoire de… » — and the statements and orders that look like them (« ils ont
supprimé mon poste », 我删掉了那个app, "buang sampah tu", « mon patron m'a viré »), which erase
nothing. French « crédit(s) » is a loan; English "credit" stays a card. Through the library
on a real SQLite file."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests


def _open(tmp_path):
    return Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False)


# (language, request, the memory it names, a memory it must keep)
REQUESTS = [
    ("zh", "删掉我生病的事", "我生病住院了一周", "我住在上海"),
    ("zh", "把我失业那件事删了", "我去年失业了", "我住在上海"),
    ("zh", "去掉我离婚的事吧", "我离婚了", "我住在上海"),
    ("zh", "帮我删掉我生病的事", "我生病住院了一周", "我住在上海"),
    ("ms", "Padam hal kerja saya tu.", "Kena buang kerja bulan lepas", "Tinggal di Ipoh"),
    ("ms", "Tolong buang cerita pasal hutang tu.", "Ada hutang kad kredit RM5000", "Tinggal di Ipoh"),
    ("fr", "Vire ce que je t'ai dit sur mon divorce.", "En instance de divorce", "Habite à Lyon"),
    ("fr", "Supprime l'histoire de mon divorce.", "En instance de divorce", "Habite à Lyon"),
    ("en", "Delete what I said about my divorce.", "Going through a divorce", "Lives in Lyon"),
]
# (language, a message that is no request, a memory it must keep)
NOT_REQUESTS = [
    ("fr", "Ils ont supprimé mon poste la semaine dernière.", "Travaille chez Renault"),
    ("fr", "Mon patron m'a viré hier.", "Travaille chez Renault"),
    ("fr", "Supprime mon compte Netflix.", "Regarde Netflix le soir"),
    ("zh", "我删掉了我生病的事的帖子", "我生病住院了一周"),
    ("zh", "删掉那个app", "我每天用那个app记账"),
    ("zh", "我想删掉我生病的事的帖子", "我生病住院了一周"),
    ("zh", "把订单删了", "我的订单还没到"),
    ("ms", "Buang sampah tu.", "Tinggal di Ipoh"),
    ("ms", "Saya buang hal tu dari fikiran.", "Tinggal di Ipoh"),
    ("en", "They deleted my post about my divorce.", "Going through a divorce"),
]


@pytest.mark.parametrize("lang,asking,named,other", REQUESTS)
def test_request_naming_the_thing_erases_it(tmp_path, lang, asking, named, other):
    assert forget_requests(asking), lang
    with _open(tmp_path) as mem:
        gone = mem.remember("u", named)
        kept = mem.remember("u", other)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id], lang
        assert [e.event for e in mem.history("u", gone.id).history] == ["erased"]


@pytest.mark.parametrize("lang,message,memory", NOT_REQUESTS)
def test_statement_or_order_is_no_request(tmp_path, lang, message, memory):
    assert not forget_requests(message), lang
    with _open(tmp_path) as mem:
        kept = mem.remember("u", memory)
        mem.add_turn("u", message, reply="OK")
        assert kept.id in [m.id for m in mem.memories("u").memories]
        assert mem.runtime.engine.store.count_events("write:forget:user_request") == 0


@pytest.mark.parametrize("lang,asking", [("zh", "那个别存了"), ("zh", "清掉那个"), ("fr", "Vire ça.")])
def test_request_naming_nothing_is_still_a_request(lang, asking):
    requests = forget_requests(asking)
    assert requests and requests[0].topic == (), lang


def test_french_credits_are_loans(tmp_path):
    with _open(tmp_path) as mem:
        gone = mem.remember("u", "Rembourse encore un emprunt de 20000 euros")
        kept = mem.remember("u", "A étudié le droit à Lille")
        mem.add_turn("u", "Ne retiens pas ce que je t'ai dit sur mes crédits.", reply="OK")
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        assert [e.event for e in mem.history("u", gone.id).history] == ["erased"]


@pytest.mark.parametrize(
    "asking,card",
    [
        ("Forget my debts.", "Uses a credit card for groceries"),
        ("Forget my debts.", "Has a good credit score"),
        ("Oublie mes dettes.", "Paie tout avec sa carte de crédit"),
    ],
)
def test_a_credit_card_is_no_debt(tmp_path, asking, card):
    with _open(tmp_path) as mem:
        kept = mem.remember("u", card)
        mem.add_turn("u", asking, reply="OK")
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
