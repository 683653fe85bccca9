"""Corrections by what a sentence says (issue #14) through admission.decide.

A correction needs the same proposition: the content outside negators, change markers and
frequency / "now" adverbs must match, and exactly one side says it does not hold (a
negator, an antonym verb, an ended state). A stored memory that says more than the new
statement, or something else, is kept beside it: a repeat, never a loss. Different people
and different labelled attributes never replace or absorb one another.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.write.admission import decide
from souvenir.lexical.proposition import is_flip, proposition
from souvenir.lexical.referents import different_referents
from souvenir.ground.types import Candidate, Memory

EARLY = datetime(2025, 1, 10, tzinfo=timezone.utc)
LATE = datetime(2025, 6, 1, tzinfo=timezone.utc)


def run(old: str, new: str):
    stored = Memory(1, 1, old, created_at=EARLY, updated_at=EARLY)
    return decide(Candidate(text=new, time=LATE), [stored], LATE)


# (lang, old, new): the later statement says the old one no longer holds.
FLIPS = [
    ("en", "Loves horror movies", "Hates horror movies now"),
    ("en", "Plays tennis every Sunday", "No longer plays tennis"),
    ("en", "Smokes", "Quit smoking"),
    ("en", "Likes spicy food", "Used to like spicy food"),
    ("en", "Drinks coffee every morning", "Doesn't drink coffee anymore"),
    ("en", "Likes drinking coffee", "Doesn't drink coffee anymore"),
    ("fr", "Adore le jazz", "Déteste le jazz désormais"),
    ("fr", "Aime le thé", "N'aime plus le thé"),
    ("fr", "Fume tous les jours", "Ne fume plus"),
    ("fr", "Fait du vélo chaque semaine", "Ne fait plus de vélo"),
    ("fr", "Joue de la guitare tous les soirs", "Jouait de la guitare autrefois"),
    ("fr", "Fume", "Avant, je fumais"),
    ("zh", "每天都喝奶茶", "不再喝奶茶了"),
    ("zh", "爱吃辣", "现在不吃辣了"),
    ("zh", "喜欢猫", "讨厌猫"),
    ("zh", "经常去健身房", "以前去健身房"),
    ("ms", "Main badminton setiap minggu", "Dulu main badminton, sekarang tak main lagi"),
    ("ms", "Minum kopi setiap pagi", "Tak minum kopi lagi"),
    ("ms", "Suka durian", "Benci durian"),
    ("ms", "Suka minum teh tarik setiap pagi", "Dah tak minum teh tarik"),
    # the correction says what replaced the old state: one of its statements is the flip
    ("zh", "每天都喝奶茶", "我不再喝奶茶了，改喝绿茶"),
    ("en", "Drinks milk tea every day", "Doesn't drink milk tea anymore, switched to green tea"),
    ("fr", "Boit du thé au lait tous les jours", "Ne boit plus de thé au lait, est passé au thé vert"),
    ("ms", "Minum kopi setiap pagi", "Tak minum kopi lagi, sekarang minum teh"),
]


@pytest.mark.parametrize(("lang", "old", "new"), FLIPS)
def test_a_flip_of_the_same_proposition_supersedes(lang: str, old: str, new: str) -> None:
    d = run(old, new)
    assert (d.action, d.target_id, d.code) == ("supersede", 1, "flip"), d.reason


# (lang, old, new): not the same proposition — both stay active.
KEEP = [
    ("en", "Is allergic to peanuts and shellfish", "Is no longer allergic to peanuts"),
    ("en", "Takes the train to work", "No longer takes the bus to work"),
    ("en", "Goes to the gym", "Is not going to the gym today"),
    ("en", "Likes coffee", "Doesn't like coffee with sugar"),
    ("en", "Likes 2 cats", "Doesn't like 3 cats"),
    ("en", "Likes jazz", "She doesn't like jazz"),
    ("en", "Caroline likes hiking", "Melanie doesn't like hiking"),
    ("en", "Doesn't like coffee", "Drinks coffee"),  # both can hold
    ("zh", "讨厌吃香菜", "吃香菜"),
    ("fr", "Prend le train de 7h40 en semaine", "Ne prend plus le bus de 7h40 en semaine"),
    ("fr", "Aime le jazz et la bossa nova", "N'aime plus le jazz"),
    ("fr", "N'aime pas le café", "N'aime plus le café"),
    ("fr", "Prend ses médicaments avant le repas", "Avant le repas, ne prend pas de café"),
    ("zh", "喜欢吃香菜和葱", "不喜欢吃香菜了"),
    ("zh", "他不喜欢香菜", "喜欢香菜"),
    ("zh", "每天喝奶茶", "今天不喝奶茶"),
    ("ms", "Suka durian dan rambutan", "Tak suka durian lagi"),
    ("ms", "Makan nasi lemak setiap pagi", "Tak makan roti canai lagi"),
    # a statement of a longer message flips only what it says itself, about the same person
    ("en", "Is allergic to peanuts and shellfish", "Is no longer allergic to peanuts, the clinic says"),
    ("en", "Likes jazz", "My brother doesn't like jazz anymore, he prefers rock"),
    ("en", "Takes the train to work", "No longer takes the bus, the train is faster"),
    ("zh", "每天喝奶茶", "今天不喝奶茶，明天再喝"),
    ("fr", "Aime le jazz", "Ma sœur n'aime plus le jazz, mais moi si"),
    ("en", "Andrew: Thanks! I won't give up.", "Andrew: Thanks! Your assistance is greatly appreciated."),
    ("zh", "我每天都喝奶茶，也喝咖啡", "我不再喝奶茶了，改喝绿茶"),
]


@pytest.mark.parametrize(("lang", "old", "new"), KEEP)
def test_a_different_proposition_is_kept_beside(lang: str, old: str, new: str) -> None:
    d = run(old, new)
    assert d.action == "insert", (d.action, d.reason)


def test_an_older_flip_is_history_of_the_newer_statement() -> None:
    stored = Memory(1, 1, "Hates horror movies now", created_at=LATE, updated_at=LATE)
    d = decide(Candidate(text="Loves horror movies", time=EARLY), [stored], LATE)
    assert (d.action, d.target_id, d.code) == ("absorb", 1, "flip_said_before")


# Pairs above the dedup threshold that are not one fact (LoCoMo observations, profile
# imports): different people, different attributes, a changed object.
NOT_ONE_FACT = [
    ("Gina's favorite dance style is contemporary.", "Jon's favorite dance style is contemporary."),
    (
        "Andrew is looking forward to the hike and for Toby to meet Audrey's pups.",
        "Audrey is looking forward to the hike and for her pups to meet Toby.",
    ),
    ("Jon believes in himself and is grateful for Gina's support.", "Gina supports Jon and believes in him."),
    (
        "Zhao Xiao — neighbour: his old neighbour from the Haidian flat",
        "Li Lei — neighbour: his new neighbour from the Haidian flat",
    ),
    ("Occupation: chemical pharmaceutical engineer", "Education background: chemical and pharmaceutical engineering"),
    (
        "Is allergic to peanuts and shellfish according to the clinic in Ampang",
        "Is allergic to peanuts and seafood according to the clinic in Ampang",
    ),
]


@pytest.mark.parametrize(("old", "new"), NOT_ONE_FACT)
def test_different_people_or_attributes_never_merge(old: str, new: str) -> None:
    for a, b in ((old, new), (new, old)):
        d = run(a, b)
        assert d.action == "insert", (a, b, d.action, d.reason)


def test_one_fact_still_merges() -> None:
    assert run("Aime le jazz et la bossa nova", "Aime le jazz").action == "absorb"
    assert run("Aime le jazz", "Aime le jazz et la bossa nova").action == "replace"
    assert (
        run(
            "Lives in Ipoh with her husband and their two kids", "Lives in Ipoh with her husband and their two children"
        ).action
        == "replace"
    )
    assert (
        run(
            "Audrey's dogs are all mutts, with two being Jack Russell mixes and the other two Chihuahua mixes.",
            "Audrey's dogs are mutts; two are Jack Russell mixes, and two are Chihuahua mixes.",
        ).action
        == "replace"
    )


def test_referents() -> None:
    assert different_referents("Likes jazz", "Loves jazz") is None
    assert different_referents("L'utilisateur aime le jazz", "Aime le jazz") is None
    assert different_referents("Gina's favorite book", "Jon's favorite book") == "different people ('gina' / 'jon')"
    assert different_referents("Title: engineer", "Occupation: engineer").startswith("different attributes")
    assert different_referents("Occupation: engineer", "Occupation: chemical engineer") is None


def test_proposition_reads_markers_not_content() -> None:
    a, b = proposition("Minum kopi setiap pagi"), proposition("Tak minum kopi lagi")
    assert a.content == b.content and not a.negative and b.negative
    assert is_flip(proposition("有车"), proposition("没有车"))  # jieba cuts them differently
    assert not is_flip(proposition("Not"), proposition("Yes"))  # nothing said: never a flip


# A negative statement of a longer message that says no state of the user ended: after a
# condition, another person or a speaker, before an attribution, or asked. Retiring the
# stored memory erases a true fact (the multi-statement flip of session 7 did, in all four
# languages); keeping both is a repeat at worst.
NOT_A_CORRECTION = [
    ("en", "Drinks coffee every morning", "When I'm sick, I don't drink coffee"),
    ("en", "Goes running every morning", "If it rains, I don't go running"),
    ("en", "Eats meat", "My wife is vegetarian, doesn't eat meat"),
    ("en", "Likes jazz", "Ali, my brother, doesn't like jazz anymore"),
    ("en", "Drinks coffee every morning", "Doctor's orders, don't drink coffee anymore. I ignore him"),
    ("en", "Eats meat", "Doesn't eat meat, says his wife"),
    ("en", "Drinks coffee every morning", "Don't drink coffee anymore? Wrong, I still do"),
    ("fr", "Boit du café tous les jours", "Quand il pleut, ne boit plus de café"),
    ("fr", "Mange de la viande", "Ma femme est végétarienne, ne mange plus de viande"),
    ("zh", "每天都喝咖啡", "生病的时候，不再喝咖啡了"),
    ("zh", "吃肉", "我老婆吃素，不再吃肉了"),
    ("zh", "每天喝奶茶", "医生说，不要再喝奶茶了"),
    ("zh", "每天都喝咖啡", "不再喝咖啡了？怎么可能"),
    ("ms", "Minum kopi setiap pagi", "Bila sakit, tak minum kopi lagi"),
    ("ms", "Makan daging", "Isteri saya vegetarian, tak makan daging lagi"),
    ("ms", "Minum kopi setiap pagi", "Tak minum kopi, kalau sakit"),
]


@pytest.mark.parametrize(("lang", "old", "new"), NOT_A_CORRECTION)
def test_a_negative_statement_that_ends_no_state_of_the_user_retires_nothing(lang: str, old: str, new: str) -> None:
    d = run(old, new)
    assert d.action == "insert", (d.action, d.reason)
