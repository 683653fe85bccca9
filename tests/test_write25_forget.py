"""Issue #26, session 21 (lane write25): a request to forget a life event by its noun never erases a memory
using the event's word in another sense ("the move" / "Was moved to tears", « la mort » / « mort de rire »,
出嫁 / 嫁祸, "perpindahan" / "pindahkan wang"), en / fr / zh / ms; Malay aunts and uncles in two words
(pak cik, mak cik, pak long…) are relatives, "mak" alone the mother. Library on a real SQLite file."""

from __future__ import annotations

import re

import pytest

from souvenir import Souvenir
from souvenir.lexical.referents import lead_relative

# (language, the event's memory, the other sense kept, a turn between, the request)
SENSES = [
    ("en", "We are moving to Leeds in May", "I was moved to tears by the school play", "Tell me a joke",
     "Please forget about the move"),
    ("fr", "Mon grand-père est mort en mars", "Mon frère est mort de rire au mariage", "Raconte-moi une blague",
     "Oublie ce que je t'ai dit sur la mort de mon grand-père"),
    ("zh", "我表姐下个月出嫁", "同事总是嫁祸给我", "讲个笑话", "别记我表姐出嫁的事了"),
    ("ms", "Kami berpindah ke Kuching bulan depan", "Saya pindahkan wang ke akaun ibu setiap bulan",
     "Cerita lawak sikit", "Lupakan pasal perpindahan kami"),
]  # fmt: skip


def _active(memory: Souvenir, user: str) -> list[str]:
    return [re.sub(r"\s*[(（][^()（）]*[)）]", "", m.text) for m in memory.memories(user).memories]


@pytest.mark.parametrize(("lang", "event", "other", "between", "asked"), SENSES, ids=[row[0] for row in SENSES])
def test_an_event_word_in_another_sense_is_not_forgotten(tmp_path, lang, event, other, between, asked):
    with Souvenir.open(tmp_path / "s.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.add_turn("p", event, reply="ok")
        memory.add_turn("p", other, reply="ok")
        memory.add_turn("p", between, reply="ok")
        memory.add_turn("p", asked, reply="ok")
        left = _active(memory, "p")
        assert other in left, left
        assert event not in left, left


@pytest.mark.parametrize(
    ("text", "relative"),
    [
        ("Pak cik saya pesara tentera", "pak cik"),
        ("Mak cik saya buka kedai kuih", "mak cik"),
        ("Pak Long tinggal di Ipoh", "pak long"),
        ("Anak saudara saya lahir semalam", "anak saudara"),
        ("Mak saya jururawat", "mak"),
        ("Great-aunt Rose lives in Bath", "great-aunt"),
        ("Belle-sœur travaille à Lyon", "belle-soeur"),
        ("小姨父在深圳上班", "小姨父"),
        ("Saya pesara tentera", None),
    ],
)
def test_malay_two_word_kin_is_a_relative(text, relative):
    assert lead_relative(text) == relative
