"""Clause grounding (issue #25): a note that copies the user's words and adds a clause of its
own is cut to its grounded head or rejected; en / fr / zh / ms, with counter-examples."""

from __future__ import annotations

import pytest

from souvenir.ground.types import Candidate
from souvenir.write.clause_ground import split_clauses, unground_clauses
from souvenir.write.filters.shapes import Exchange
from souvenir.write.grounding import clause_share, ground, grounding_filter

# SmolLM2-135M's two notes from the real runs (docs/model.md, "Session 14"), with their turns.
CONV41 = (
    "Thanks a lot, Maria. Your help is really motivating and makes me more determined. Here's a pic of my "
    "family - they're the reason why I never give up. Their love gives me strength."
)
CONV42 = (
    "Woo! I finally finished my first full screenplay and printed it last Friday. I've been working on for a "
    "while, such a relief to have it all done!"
)


def test_real_best_friends_clause_is_cut() -> None:
    note = "They're the reason why I'm determined to keep going, and they are my best friends."
    read = unground_clauses(note, lambda part: clause_share(part, CONV41, frozenset({"john", "maria"})))
    assert read.cut() == "They're the reason why I'm determined to keep going."
    # the head left opens on a "they" whose referent (the family) is only in the message: since
    # session 18 the note is dropped (check ``they``) and the message is the turn's episode
    verdict = ground(note, CONV41, user_names=("John",), other_names=("Maria",))
    assert not verdict.grounded and verdict.check == "they"
    named = "My family is the reason why I'm determined to keep going, and they are my best friends."
    verdict = ground(named, CONV41, user_names=("John",), other_names=("Maria",))
    assert verdict.grounded and verdict.check == "cut"
    assert verdict.text == "My family is the reason why I'm determined to keep going."


def test_real_great_experience_clause_is_rejected() -> None:
    note = "It was a great experience, but I've been working on for a while now."
    verdict = ground(note, CONV42, user_names=("Joanna",), other_names=("Nate",))
    assert not verdict.grounded and verdict.check == "clause"
    assert "great experience" in (verdict.reason or "")


def test_filter_keeps_the_cut_text() -> None:
    note = "My family is the reason why I'm determined to keep going, and they are my best friends."
    decision = grounding_filter(Candidate(text=note), Exchange(user_message=CONV41, assistant_reply=None))
    assert decision.kept and decision.candidate.text == "My family is the reason why I'm determined to keep going."
    assert decision.reason and decision.reason.startswith("cut (cut)")


@pytest.mark.parametrize(
    ("note", "message", "check", "cut"),
    [
        # fr
        (
            "J'adore la randonnée, et ce sont mes meilleurs amis.",
            "J'adore la randonnée avec ma famille.",
            "cut",
            "J'adore la randonnée.",
        ),
        (
            "C'était une expérience géniale, mais j'ai fini mon scénario.",
            "J'ai enfin fini mon scénario !",
            "clause",
            None,
        ),
        # ms
        ("Saya suka mendaki, dan mereka kawan baik saya.", "Saya suka mendaki gunung.", "cut", "Saya suka mendaki."),
        ("Itu pengalaman yang hebat, tapi saya siap skrip saya.", "Akhirnya saya siap skrip saya!", "clause", None),
        # en, other coordinators
        (
            "I finished my screenplay, so it was the best day ever.",
            "I finished my screenplay today.",
            "cut",
            "I finished my screenplay.",
        ),
    ],
)
def test_invented_clause_by_language(note: str, message: str, check: str, cut: str | None) -> None:
    verdict = ground(note, message)
    assert verdict.check == check
    assert verdict.text == cut


def test_zh_clause_split_and_read() -> None:
    note = "我喜欢爬山，而且他们是我最好的朋友。"
    assert split_clauses(note)[0] == ("我喜欢爬山", "他们是我最好的朋友。")
    read = unground_clauses(note, lambda part: clause_share(part, "我喜欢爬山。"))
    assert read.unground == (1,)
    assert read.cut() == "我喜欢爬山。"
    assert not ground(note, "我喜欢爬山。").grounded  # the key check already names 朋友


@pytest.mark.parametrize(
    ("note", "message"),
    [
        # the clause is the user's, by inflection (stems) — grounding allows no other synonym
        ("I love hiking with my friends, and they are my best friends.", "Hiking with my best friend is what I love."),
        ("I finished my screenplay and it was a great experience.", "Finished my screenplay! Such a great experience."),
        # an elided subject goes on the note's own subject: the annotators write it
        (
            "Nate uses his skills to make a difference and finds it rewarding.",
            "It feels good to use my skills to make a difference.",
        ),
        # fr: segmentation of the same words, elided subject
        (
            "J'ai fini mon scénario et c'était une expérience géniale.",
            "J'ai fini mon scénario, une expérience géniale !",
        ),
        ("A couru un marathon et l'a trouvé génial.", "J'ai couru un marathon."),
        # zh: the clause's words are in the message (substring)
        ("我喜欢爬山，而且他们是我最好的朋友。", "我喜欢和我最好的朋友们一起爬山。"),
        # ms: the clause's words are the message's
        ("Saya suka mendaki, dan mereka kawan baik saya.", "Saya suka mendaki dengan kawan baik saya."),
        # a clause with no word of weight nor relation is left to the share
        ("I bake bread, and it takes hours.", "I bake bread every weekend."),
    ],
)
def test_grounded_clauses_pass(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert verdict.grounded and verdict.check == "grounded", verdict


def test_so_needs_a_comma() -> None:
    assert split_clauses("I love it so much and it is the best")[0] == ("I love it so much", "it is the best")
    assert split_clauses("Saya jadi guru, jadi saya sibuk")[0] == ("Saya jadi guru", "saya sibuk")
