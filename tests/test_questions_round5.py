"""Statements said with "?" (issue #26, round 5): a tag without its comma ("I know right?",
« C'est dingue hein ? », "Sedap gila tau tak?"; Chinese 对吧 / 是吧 never needed one) and an
English declarative statement said with a rising "?" ("It has definitely encouraged me to try
kayaking and maybe bungee jumping?", a LoCoMo gold observation the speech-act filter dropped)
read as the statements they are. Questions stay questions, in four languages."""

from __future__ import annotations

import pytest

from souvenir.lexical.questions import assertive
from souvenir.ground.types import Candidate, Memory
from souvenir.write.filters import Exchange, speech_act_filter

STATEMENTS = [
    ("en", "I know right?"),
    ("en", "Punishment is never the proper way for pets ya know?"),
    ("en", "It's all about practice isn't it?"),
    ("en", "It has definitely encouraged me to try more outdoor activities like kayaking and maybe bungee jumping?"),
    ("en", "I finally finished my first marathon last week?"),
    ("fr", "C'est dingue hein ?"),
    ("fr", "Le jazz me détend tu sais ?"),
    ("zh", "这家店的面真的很好吃对吧？"),
    ("ms", "Nasi lemak kat situ sedap gila tau tak?"),
    ("ms", "Saya dah habis belajar ye tak?"),
]

QUESTIONS = [
    ("en", "I can come tomorrow?"),  # a modal after "I" asks leave
    ("en", "I should quit my job?"),
    ("en", "It's open on Sundays, what time?"),
    ("en", "That's the one you recommended, is it?"),
    ("en", "You're coming tomorrow?"),  # second person: an echo question
    ("en", "I wonder if it works?"),
    ("en", "I don't drink milk tea anymore?"),  # negated: a surprised echo
    ("fr", "Je peux venir demain ?"),  # French asks in declarative order
    ("fr", "Tu viens ou non ?"),
    ("zh", "我可以明天来？"),
    ("ms", "Saya boleh datang esok?"),
]


@pytest.mark.parametrize(("lang", "text"), STATEMENTS)
def test_a_statement_said_with_a_question_mark_is_a_statement(lang: str, text: str) -> None:
    assert "?" not in assertive(text) and "？" not in assertive(text), (lang, assertive(text))


@pytest.mark.parametrize(("lang", "text"), QUESTIONS)
def test_a_question_stays_a_question(lang: str, text: str) -> None:
    assert assertive(text) == text, lang


def test_the_locomo_observation_is_kept() -> None:
    message = (
        "Yeah, rock climbing was awesome - I felt so accomplished reaching the top. It has definitely encouraged "
        "me to try more outdoor activities like kayaking and maybe bungee jumping? Nature always pushes me out "
        "of my comfort zone!"
    )
    candidate = Candidate(
        "Feels encouraged by the rock climbing experience to try more outdoor activities like kayaking and maybe "
        "bungee jumping."
    )
    assert speech_act_filter(candidate, Exchange(message, "Have fun with kayaking and bungee jumping!")).kept


def test_a_negated_echo_question_retires_nothing() -> None:
    from datetime import datetime, timezone

    from souvenir.write.admission import decide

    when = datetime(2026, 6, 1, tzinfo=timezone.utc)
    stored = Memory(1, 1, "I drink milk tea every day", created_at=datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert decide(Candidate("I don't drink milk tea anymore?", time=when), [stored], when).action == "insert"
