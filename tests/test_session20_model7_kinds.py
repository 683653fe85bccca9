"""Junk kinds session 19's held-out run left (issue #25, session 20, lane model7), en / fr / zh / ms:

a note that is a request to the listener — a complaint to the provider copied as an order
(« Lain kali jangan la putus time meeting. », ``dlg-ms``) — is speech addressed to someone,
not a fact about the user: grounding's ``addressed`` check
(:func:`souvenir.lexical.requests_to.request_opening`).

Wordings of no case file; each language with the wordings it must leave alone; and through
the service, the note is not written and the message is kept as the no-model path keeps it.
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.requests_to import request_opening
from souvenir.write.grounding import ground
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

#: (the user's message, the note a model copied from it as a request), en / fr / zh / ms.
REQUESTS = [
    (
        "The line dropped three times during my exam call. Next time don't cut out in the middle of an exam!",
        "Next time don't cut out in the middle of an exam!",
    ),
    ("Please send the technician before noon, I work nights.", "Please send the technician before noon."),
    (
        "From now on make sure the bill goes to my new address in Leeds.",
        "From now on make sure the bill goes to Leeds.",
    ),
    (
        "Encore une coupure pendant ma visio. La prochaine fois, ne coupez pas en pleine journée !",
        "La prochaine fois, ne coupez pas en pleine journée !",
    ),
    ("N'oubliez pas de m'envoyer la facture du mois de mars.", "N'oubliez pas d'envoyer la facture de mars."),
    ("Merci de rappeler mon mari plutôt que moi le matin.", "Merci de rappeler mon mari le matin."),
    ("昨晚又断网了，下次别在晚上维修好吗", "下次别在晚上维修"),
    ("麻烦你把账单寄到我公司。", "麻烦你把账单寄到公司。"),
    ("千万别在周末停电，我在家上班。", "千万别在周末停电。"),
    (
        "Internet putus masa anak saya tengah exam. Lain kali bagi notis dulu boleh?",
        "Lain kali tolong bagi notis dulu.",
    ),
    ("Jangan potong talian pagi esok, saya ada temuduga.", "Jangan potong talian pagi esok."),
    ("Tolong hantar bil ke alamat pejabat saya di Shah Alam.", "Tolong hantar bil ke pejabat di Shah Alam."),
]

#: Notes that open alike but state something of the user: kept by this reading.
NOT_REQUESTS = [
    "Don't like spicy food.",
    "Never eats meat on Fridays.",
    "Prefers to be called after nine next time.",
    "Pleased with the new fibre plan.",
    "Ne mange pas de viande le vendredi.",
    "Née à Lyon, vit à Grenoble.",
    "别人都说我做饭好吃。",
    "不要香菜，吃辣。",
    "请了一个保姆照顾孩子。",
    "上周请假去了北京。",
    "Mohon kerja di bank bulan lepas.",
    "Saya minta pindah ke pelan 300Mbps.",
    "Jangka masa kontrak dua tahun.",
]


@pytest.mark.parametrize(("message", "note"), REQUESTS)
def test_a_note_that_is_a_request_to_the_listener_is_addressed_not_a_fact(message: str, note: str) -> None:
    assert request_opening(note), note
    verdict = ground(note, message, "Noted, I'm sorry about that.")
    assert not verdict.grounded and verdict.check == "addressed", verdict


@pytest.mark.parametrize("note", NOT_REQUESTS)
def test_a_statement_that_opens_alike_is_no_request(note: str) -> None:
    assert request_opening(note) is None, note


def test_a_request_later_in_the_note_is_not_read_as_its_opening() -> None:
    assert request_opening("Works nights at the hospital. Please call after noon.") is None
    assert request_opening("Oh, next time don't call before nine.")
    assert request_opening("Bon, la prochaine fois, prévenez avant la coupure.")
    assert request_opening("哎，下次请提前通知。")
    assert request_opening("Alamak, lain kali jangan putus masa meeting.")


def _kept(tmp_path, name: str, url: str | None, message: str) -> list[str]:
    rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / name}", url))
    try:
        rt.engine.record_turn("api", "s", message, "Noted, I'm sorry about that.")
        assert rt.worker is None or rt.worker.drain(30)
        user = rt.store.find_user("api", "s")
        return [m.text for m in rt.store.memories(user)] if user else []
    finally:
        rt.close()


@pytest.mark.parametrize(("message", "junk"), [REQUESTS[0], REQUESTS[3], REQUESTS[6], REQUESTS[9]])
def test_the_service_drops_the_request_and_keeps_what_no_model_keeps(tmp_path, message: str, junk: str) -> None:
    with ChatServer(reflection_answer=reflection_answer(junk)) as upstream:
        texts = _kept(tmp_path, "m.db", upstream.url, message)
    assert junk not in texts, texts
    assert set(_kept(tmp_path, "n.db", None, message)) <= set(texts), texts  # never worse than no model
