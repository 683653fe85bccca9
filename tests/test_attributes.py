"""Single-valued attributes as a family, and memories naming their subject (issue #14).

A favourite / preferred / usual X has one value at a time: a new value supersedes the old
one (kept as history). A memory naming someone is keyed for that person; naming the user
(whose name a memory gives) it is keyed as the user.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.write.admission import decide
from souvenir.lexical.keyed import user_keys
from souvenir.ground.types import Candidate, Memory

EARLY = datetime(2025, 1, 5, tzinfo=timezone.utc)
LATE = datetime(2025, 3, 5, tzinfo=timezone.utc)


def run(new: str, *old: str):
    stored = [Memory(i + 1, 1, t, created_at=EARLY, updated_at=EARLY) for i, t in enumerate(old)]
    return decide(Candidate(text=new, time=LATE), stored, LATE)


SUPERSEDE = [
    ("en", "Favourite colour is blue", "Favourite colour is now red"),
    ("en", "Her favorite color is green", "Favourite colour: purple"),
    ("en", "Preferred payment method is PayPal", "Preferred payment method is now GrabPay"),
    ("en", "Usual order is a flat white", "Usual order is now an iced latte"),
    ("fr", "Sa couleur préférée est le bleu", "Sa couleur préférée est désormais le vert"),
    ("fr", "Plat préféré : le couscous", "Plat préféré : la paella"),
    ("zh", "最喜欢的颜色是蓝色", "最喜欢的颜色现在是红色"),
    ("zh", "用户最爱的水果是榴莲", "用户最爱的水果是山竹"),
    ("ms", "Warna kegemaran saya ialah biru", "Warna kegemaran saya ialah merah"),
    ("ms", "Makanan kegemarannya nasi lemak", "Makanan kegemarannya kini laksa"),
]


@pytest.mark.parametrize(("lang", "old", "new"), SUPERSEDE)
def test_a_new_value_of_a_single_valued_attribute_supersedes(lang: str, old: str, new: str) -> None:
    d = run(new, old)
    assert (d.action, d.target_id, d.code) == ("supersede", 1, "keyed"), d.reason


KEEP = [
    ("Favourite colour is blue", "Favourite food is pizza"),  # another attribute
    ("Usual order is a flat white", "Favourite order is an iced latte"),  # another family
    ("Favourite colour is blue and she paints every weekend", "Favourite colour is now red"),  # says more
    ("Gina's favorite dance style is contemporary.", "Jon's favorite dance style is hip hop."),  # two people
    ("Favourite colour is blue", "Sister's favourite colour is red"),
    ("最喜欢的颜色是蓝色", "最喜欢的水果是榴莲"),
]


@pytest.mark.parametrize(("old", "new"), KEEP)
def test_other_attributes_families_or_people_are_kept_beside(old: str, new: str) -> None:
    assert run(new, old).action == "insert"


def test_a_named_person_is_keyed_for_that_person() -> None:
    assert user_keys("Bob lives in Lyon").get("home.city@bob") == "lyon"
    assert user_keys("Gina's favorite dance style is contemporary").keys == {"favourite:dance style@gina"}
    d = run("Bob now lives in Paris", "Bob lives in Lyon")
    assert (d.action, d.code) == ("supersede", "keyed")
    assert run("Alice now lives in Paris", "Bob lives in Lyon").action == "insert"
    assert run("Moved to Paris", "Bob lives in Lyon").action == "insert"  # Bob is not known as the user


def test_the_user_named_in_the_third_person_is_keyed_as_the_user() -> None:
    assert user_keys("Bob lives in Lyon", frozenset({"bob"})).get("home.city") == "lyon"
    d = run("Moved to Paris", "Name is Bob", "Bob lives in Lyon")
    assert (d.action, d.target_id, d.code) == ("supersede", 2, "keyed")
    d = run("Bob moved to Paris", "My name is Bob Tan", "Lives in Lyon")
    assert (d.action, d.target_id) == ("supersede", 2)
