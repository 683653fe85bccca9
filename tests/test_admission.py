"""admission.decide: insert, absorb, replace, supersede (pure, "now" passed in)."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone

import pytest

from souvenir.write.admission import ACTIONS, Decision, coverage, decide, said_before
from souvenir.write.dedup import fingerprint
from souvenir.ground.types import Candidate, Memory

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)
LATER = datetime(2025, 6, 9, 12, 0, tzinfo=timezone.utc)


def memory(ident: int, text: str, **fields: object) -> Memory:
    return Memory(ident, 1, text, created_at=NOW, updated_at=NOW, **fields)  # type: ignore[arg-type]


def decide_text(new: str, *old: str, when: datetime = LATER, **fields: object) -> Decision:
    existing = [memory(i + 1, t) for i, t in enumerate(old)]
    return decide(Candidate(text=new, time=when, **fields), existing, when)  # type: ignore[arg-type]


def test_empty_store_inserts_grounded_text() -> None:
    d = decide(Candidate("Le colis doit arriver demain", time=NOW), [], LATER)
    assert d == Decision("insert", None, 0.0, "Le colis doit arriver demain (2025-06-03)", d.reason, "new")
    assert d.action in ACTIONS


def test_now_is_used_when_the_candidate_has_no_time() -> None:
    d = decide(Candidate("Parcel arrives tomorrow"), [], NOW)
    assert d.text == "Parcel arrives tomorrow (2025-06-03)"


def test_richer_newer_wording_replaces() -> None:
    d = decide_text("Vit à Ipoh avec sa femme Hélène", "Vit à Ipoh")
    assert (d.action, d.target_id) == ("replace", 1)
    assert d.score >= 0.8


def test_poorer_newer_wording_is_absorbed() -> None:
    d = decide_text("Aime le jazz", "Aime le jazz et la bossa nova")
    assert (d.action, d.target_id) == ("absorb", 1)


def test_restatement_is_absorbed_so_the_date_is_not_refreshed() -> None:
    assert decide_text("Is allergic to penicillin.", "Is allergic to penicillin").action == "absorb"
    assert decide_text("IS ALLERGIC TO PENICILLIN", "Is allergic to penicillin").action == "absorb"


def test_equally_rich_new_wording_wins() -> None:
    d = decide_text("Aime le thé vert, pas le thé noir", "Aime le thé vert mais pas le thé noir")
    assert (d.action, d.target_id) == ("replace", 1)
    d = decide_text("Prefers being contacted via Telegram", "Prefers to be contacted on Telegram")
    assert (d.action, d.target_id) == ("replace", 1)


def test_coverage() -> None:
    fp = fingerprint
    assert coverage(fp("Aime le jazz"), fp("Aime le jazz et la bossa nova")) == "poorer"
    assert coverage(fp("Aime le jazz."), fp("Aime le jazz")) == "same"
    assert coverage(fp("Aime le jazz et la bossa nova"), fp("Aime le jazz")) == "richer"
    assert coverage(fp("Adore le jazz"), fp("Aime le jazz")) is None  # each says something
    # one object changed in a long sentence: not one fact, whatever the sequence ratio
    assert (
        coverage(
            fp("Is allergic to peanuts and seafood according to the clinic in Ampang"),
            fp("Is allergic to peanuts and shellfish according to the clinic in Ampang"),
        )
        is None
    )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Is allowed to eat peanuts", "Is not allowed to eat peanuts"),
        ("Likes cats", "Doesn't like cats"),
        ("Drinks coffee with sugar", "Drinks coffee without sugar"),
        ("N'aime pas le café", "Aime le café"),
        ("Mange de la viande", "Ne mange plus de viande"),
        ("喜欢吃香菜", "不喜欢吃香菜"),
        ("用户对花生过敏", "用户对花生不过敏"),
        ("Suka durian", "Tak suka durian"),
        ("Suka makan pedas", "Tidak suka makan pedas"),
        ("Has a car", "Does not have a car"),
        ("Is allowed to eat peanuts", "Is no longer allowed to eat peanuts"),
        ("Eats meat", "Doesn't eat meat anymore"),
        ("Mange toujours de la viande", "Ne mange jamais de viande"),
        ("A le droit de manger des cacahuètes", "N'a pas le droit de manger des cacahuètes"),
        ("有车", "没有车"),  # jieba: 有车 is one word, 没有车 is 没 有 车
        ("吃肉", "已经不吃肉了"),
        ("可以吃花生", "不可以吃花生"),
        ("Sudah kahwin", "Belum kahwin"),
        ("Boleh makan kacang", "Tidak boleh makan kacang"),
    ],
)
def test_polarity_flip_supersedes(old: str, new: str) -> None:
    d = decide_text(new, old)
    assert (d.action, d.target_id, d.score, d.code) == ("supersede", 1, 1.0, "flip")


def test_likes_and_doesnt_like_are_never_merged() -> None:
    for old, new in [("Likes X", "Doesn't like X"), ("Doesn't like X", "Likes X")]:
        assert decide_text(new, old).action not in ("absorb", "replace")


def test_flip_with_another_carrier_change_is_an_insert() -> None:
    assert decide_text("Doesn't like 3 cats", "Likes 2 cats").action == "insert"
    assert decide_text("N'aime plus le café", "N'aime pas le café").action == "insert"  # both negative


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Le contrat prévoit 10 séances à 200 € chacune.", "Le contrat prévoit 3 séances à 50 € chacune."),
        ("Dentiste mardi prochain", "Dentiste jeudi prochain"),
        ("Dîner avec Hélène ce soir", "Dîner avec Hélène demain soir"),
        ("A aime B", "A aime discuter de ses problèmes avec B"),
        ("Dentist next Tuesday at the clinic", "Dentist next Thursday at the clinic"),
        ("下周二去看牙医", "下周四去看牙医"),
        ("Temu janji doktor gigi Selasa depan", "Temu janji doktor gigi Khamis depan"),
    ],
)
def test_distinct_facts_are_inserted(old: str, new: str) -> None:
    assert decide_text(new, old, when=NOW).action == "insert"


def test_same_relative_words_on_two_days_are_two_memories() -> None:
    stored = decide(Candidate("Le colis doit arriver demain", time=NOW), [], NOW).text
    again_same_day = decide(Candidate("Le colis doit arriver demain", time=NOW), [memory(1, stored)], NOW)
    next_week = decide(Candidate("Le colis doit arriver demain", time=LATER), [memory(1, stored)], LATER)
    assert again_same_day.action == "absorb"
    assert next_week.action == "insert"
    assert next_week.text.endswith("(2025-06-10)")


def test_only_active_memories_of_the_same_scope_and_story_compete() -> None:
    text = "Aime le jazz et la bossa nova"
    cand = Candidate("Aime le jazz et la bossa nova", scope="story", story_id=7, time=NOW)
    others = [
        memory(1, text, status="superseded", scope="story", story_id=7),
        memory(2, text, status="deleted", scope="story", story_id=7),
        memory(3, text, scope="global"),
        memory(4, text, scope="story", story_id=8),
    ]
    assert decide(cand, others, NOW).action == "insert"
    same = others + [memory(5, text, scope="story", story_id=7)]
    assert decide(cand, same, NOW).target_id == 5


def test_rules_are_compared_with_rules_only() -> None:
    text = "Toujours vouvoyer l'utilisateur"
    fact = memory(1, text, kind="fact")
    rule = memory(2, text, kind="rule")
    assert decide(Candidate(text, kind="rule", time=NOW), [fact], NOW).action == "insert"
    assert decide(Candidate(text, kind="rule", time=NOW), [fact, rule], NOW).target_id == 2
    assert decide(Candidate(text, kind="fact", time=NOW), [rule], NOW).action == "insert"
    # other kinds compete with each other: the extractor's label is not stable
    assert decide(Candidate(text, kind="preference", time=NOW), [fact], NOW).target_id == 1


def test_best_of_several_and_first_on_ties() -> None:
    jazz = "Aime le jazz et la bossa nova"
    existing = [memory(1, "Aime le thé"), memory(2, jazz), memory(3, jazz)]
    d = decide(Candidate("Aime le jazz, et la bossa nova !", time=NOW), existing, NOW)
    assert (d.action, d.target_id) == ("absorb", 2)


def test_duplicate_beats_correction() -> None:
    existing = [memory(1, "Likes durian"), memory(2, "Doesn't like durian")]
    d = decide(Candidate("Doesn't like durian.", time=NOW), existing, NOW)
    assert (d.action, d.target_id) == ("absorb", 2)


OLDER = datetime(2020, 1, 1, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("stored", "older"),
    [
        ("Is not vegetarian", "Is vegetarian"),  # a flip said earlier
        ("Tak suka durian", "Suka durian"),
        ("不喜欢吃香菜", "喜欢吃香菜"),
        ("Aime le jazz", "Aime le jazz et la bossa nova"),  # a richer wording said earlier
        ("Lives in Ipoh with her husband", "Lives in Ipoh with her husband and their kids"),
        ("Is allergic to penicillin", "Is allergic to penicillin."),  # a restatement
    ],
)
def test_an_older_statement_is_absorbed_as_history(stored: str, older: str) -> None:
    """Time order, not arrival order: the memory said later keeps its wording, status and
    date; the older statement becomes its history (``absorb``)."""
    d = decide(Candidate(older, time=OLDER), [memory(1, stored)], LATER)
    assert (d.action, d.target_id) == ("absorb", 1)
    assert "said before" in d.reason


def test_an_older_statement_that_matches_nothing_is_inserted() -> None:
    d = decide(Candidate("Aime le thé", time=OLDER), [memory(1, "Aime le jazz")], LATER)
    assert d.action == "insert"


def test_same_moment_is_judged_by_arrival() -> None:
    assert decide_text("Is not vegetarian", "Is vegetarian", when=NOW).action == "supersede"
    assert decide_text("Vit à Ipoh avec sa femme Hélène", "Vit à Ipoh", when=NOW).action == "replace"


def test_said_before_reads_the_date_of_the_current_wording() -> None:
    stored = Memory(1, 1, "Vit à Ipoh", created_at=OLDER, updated_at=LATER)
    assert said_before(NOW, stored)
    assert not said_before(LATER, stored)
    assert not said_before(OLDER, Memory(2, 1, "Vit à Ipoh"))  # no date: never newer


def test_decision_is_frozen() -> None:
    d = decide_text("x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.action = "replace"  # type: ignore[misc]
