""" "Forget everything" erases the texts said before it, not a turn said after it (session 17,
lane fixes; lane harden2's leftover): the memories said after the request were kept, but
``erase_user_texts`` still emptied every turn of the user — the kept memory's own turn too —,
closed its pending job and dropped the selections made after it. Real SQLite file and the real
PostgreSQL at 127.0.0.1:5432, through the library."""

from __future__ import annotations

from datetime import timedelta

import pytest

from souvenir.library import Souvenir
from souvenir.ground.timeutil import utcnow

EVERYTHING = [
    ("en", "Please forget everything about me.", "I have a cat named Tom", "My new address is 12 Elm Street, Leeds"),
    (
        "fr",
        "Oublie tout ce que tu sais sur moi.",
        "J'ai un chat qui s'appelle Tom",
        "Ma nouvelle adresse est 12 rue des Lilas, Lyon",
    ),
    ("zh", "忘掉关于我的一切", "我有一只猫叫汤姆", "我的新地址是上海市浦东新区世纪大道100号"),
    (
        "ms",
        "Lupakan semua tentang saya.",
        "Saya ada seekor kucing bernama Tom",
        "Alamat baru saya ialah 12 Jalan Gasing, Petaling Jaya",
    ),
]


@pytest.mark.parametrize(("lang", "request_text", "before", "after"), EVERYTHING, ids=[e[0] for e in EVERYTHING])
def test_a_turn_said_after_the_request_keeps_its_text(store_url, lang, request_text, before, after):
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as mem:
        said = utcnow().replace(microsecond=0) - timedelta(seconds=30)
        mem.add_turn("ann", before, "Nice!", time=said - timedelta(seconds=20))
        mem.context("ann", "What do you know about me?")  # a selection made before the request...
        mem.add_turn("ann", after, "Noted.", time=said + timedelta(seconds=2))  # ...a turn said after it
        mem.add_turn("ann", request_text, "OK.", time=said)  # recorded last, as the proxy does
        left = [m.text for m in mem.memories("ann").memories]
        assert left == [after], (lang, left)
        turns = {t["message"]: t for t in mem.export_user("ann").tables["turns"]}
        assert after in turns and turns[after]["reply"] == "Noted.", (lang, turns)
        assert before not in turns and request_text not in turns, (lang, turns)
        assert sum(1 for t in turns if t == "") == 1, turns  # the earlier turn and the request: emptied


def test_without_a_time_every_turn_goes_as_before(store_url):
    """A request said now (no ``said`` older than the turns) empties every turn of the user."""
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("ann", "I have a cat named Tom", "Nice!")
        mem.add_turn("ann", "Please forget everything about me.", "OK.")
        assert mem.memories("ann").memories == []
        assert {t["message"] for t in mem.export_user("ann").tables["turns"]} == {""}


@pytest.mark.parametrize(("lang", "request_text", "before", "after"), EVERYTHING, ids=[e[0] for e in EVERYTHING])
def test_a_request_with_no_time_follows_a_turn_stamped_within_the_skew(store_url, lang, request_text, before, after):
    """A turn stamped up to 5 minutes ahead (a client clock running fast: accepted) then "forget
    everything" sent with no time (session 17, lane newuser2): the request was said now, after
    every turn already recorded — the fast-stamped memory was kept as "said after the request"."""
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("ann", before, "Nice!", time=utcnow() + timedelta(minutes=2))
        mem.add_turn("ann", request_text, "OK.")
        assert mem.memories("ann").memories == [], lang
        assert {t["message"] for t in mem.export_user("ann").tables["turns"]} == {""}, lang
        mem.add_turn("ann", after, "Noted.")  # a new fact after it is kept
        assert [m.text for m in mem.memories("ann").memories] == [after], lang
