"""Attacks on today's merges (the attack lane): each test is a fault found, kept as a guard."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests

# A plain statement in the first (or third) person that uses a verb of keeping is not a
# request to forget: "I never save money" erased "Saves money for a house".
STATEMENTS = [
    "I don't remember my wife's birthday.", "I never save money.", "I don't log my workouts anymore.",
    "We never record the meetings.", "I dont remember what my doctor said about the pills.",
    "Je ne garde plus le contact avec mon frère.", "Je ne note pas mes dépenses.",
    "Il ne retient jamais rien, mon frère.", "Je n'ai pas besoin de noter mes rendez-vous.",
    "我不要存钱了", "我不用记账了", "我们不用记录这些数据",
    "Saya tak payah simpan duit.", "Dia lupakan saya.", "Saya dah lupakan dia.",
]
# Still requests (imperatives to the assistant).
REQUESTS = [
    "Don't remember that.", "Please don't save what I said about my salary.", "And never record this.",
    "Ne retiens pas ça.", "S'il te plaît, ne note pas ce que j'ai dit sur mon salaire.",
    "别记了", "你别记我的工资", "不要存这个", "Jangan simpan maklumat ini.", "Tak payah ingat.",
    "Tolong lupakan hal itu.",
]


@pytest.mark.parametrize("message", STATEMENTS)
def test_a_statement_with_a_keeping_verb_asks_nothing(message):
    assert forget_requests(message) == []


@pytest.mark.parametrize("message", REQUESTS)
def test_imperatives_are_still_requests(message):
    assert forget_requests(message)


def test_a_statement_erases_no_memory(tmp_path):
    with Souvenir.open(tmp_path / "s.db") as memory:
        facts = {"Wife's birthday is on March 3", "Saves money for a house",
                 "Son frère habite à Lyon, ils sont en contact", "每个月存钱两千"}
        for text in sorted(facts):
            memory.remember("ann", text)
        for message in ("I don't remember my wife's birthday.", "I never save money.",
                        "Je ne garde plus le contact avec mon frère.", "我不要存钱了"):
            memory.add_turn("ann", message)
        assert facts <= {m.text for m in memory.memories("ann").memories}
