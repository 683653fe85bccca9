"""A named subject opens its clause whenever no key pattern reads a value before it (session 22, harden7).

Session 21's merge fix (``keyed._reads_at``) let only a trade-at-place match that reads nothing
("Bob lives in Lyon" read as a trade "Bob lives" at a place) give way to the named subject. Now any
pattern that matches at the clause's start but reads no value — whatever its kind, as ``_parse``
would skip it — leaves the clause to the name. Four languages; Chinese reads no named subject (a
given name carries no capital): 小王住在上海 keys nothing, never the user's home.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.lexical import keyed
from souvenir.lexical.attributes import named_subject
from souvenir.lexical.keyed import user_keys
from souvenir.lexical.keypatterns import PATTERNS
from souvenir.lexical.keyed_values import _read
from souvenir.ground.types import Candidate, Memory
from souvenir.write.admission import decide

EARLY = datetime(2025, 1, 5, tzinfo=timezone.utc)
LATE = datetime(2025, 3, 5, tzinfo=timezone.utc)


def run(new: str, *old: str):
    stored = [Memory(i + 1, 1, t, created_at=EARLY, updated_at=EARLY) for i, t in enumerate(old)]
    return decide(Candidate(text=new, time=LATE), stored, LATE)


NAMED = [
    ("en", "Bob lives in Lyon", "home.city@bob", "lyon", "Bob now lives in Paris"),
    ("fr", "Marc habite à Lyon", "home.city@marc", "lyon", "Marc habite maintenant à Paris"),
    ("ms", "Ali tinggal di Ipoh", "home.city@ali", "ipoh", "Ali kini tinggal di Kuantan"),
    ("en", "Bob works at Google", "employer@bob", "google", "Bob now works at Shell"),
    ("fr", "Marc travaille chez Airbus", "employer@marc", "airbus", "Marc travaille désormais chez Renault"),
    ("ms", "Ali bekerja di Maybank", "employer@ali", "maybank", "Ali kini bekerja di Petronas"),
]


@pytest.mark.parametrize("lang, text, key, value, newer", NAMED)
def test_a_named_subject_is_keyed_for_that_person(lang: str, text: str, key: str, value: str, newer: str) -> None:
    assert user_keys(text).get(key) == value
    assert not {k for k in user_keys(text).keys if "@" not in k}, "never the user's own key"
    d = run(newer, text)
    assert (d.action, d.code) == ("supersede", "keyed")
    assert run("Lives in Kuantan" if lang != "fr" else "Habite à Kuantan", text).action == "insert"


@pytest.mark.parametrize("lang, text, key, value, newer", NAMED)
def test_the_user_named_in_the_third_person_is_the_user(lang: str, text: str, key: str, value: str, newer: str) -> None:
    name = key.split("@")[1]
    assert user_keys(text, frozenset({name})).get(key.split("@")[0]) == value


def test_a_chinese_named_subject_never_keys_the_user() -> None:
    assert user_keys("小王住在上海").values == ()
    assert user_keys("小王在银行工作").values == ()
    assert run("小王搬到北京了", "住在上海").action == "insert"
    assert run("小王住在北京", "我住在上海").action == "insert"


CLAUSES = [
    "Bob lives in Lyon",
    "Bob works at Google",
    "Bob cashier at the supermarket",
    "Marc habite à Lyon",
    "Marc travaille chez Airbus",
    "Marc vit à Lyon",
    "Ali tinggal di Ipoh",
    "Ali bekerja di Maybank",
    "Ali pindah ke Ipoh",
    "Siti is a nurse",
    "Telefon Ali rosak",
    "Makes me happy",
]


@pytest.mark.parametrize("clause", CLAUSES)
def test_only_a_pattern_that_reads_a_value_keeps_the_clause_from_the_name(clause: str) -> None:
    """Whatever its kind: a match reading nothing never blocks the name (the rule, over every pattern)."""
    named = named_subject(clause)
    assert named is not None
    reads_first = any((m := p.regex.match(clause, 0)) and _read(p, m, clause) is not None for p in PATTERNS)
    after = keyed._after_adverbs(clause, named[1])
    a_pattern_after = any(p.regex.match(clause, after) for p in PATTERNS)
    opened = keyed._opening_read(clause)[2]
    assert (opened is not None) == (not reads_first and a_pattern_after)


def test_a_first_person_pattern_without_a_first_person_subject_reads_nothing() -> None:
    """``_parse`` reads a first-person pattern (叫) only after 我: no other subject is blocked by it."""
    assert any(p.first_person for p in PATTERNS)
    assert not keyed._reads_at("叫小明", 0, None)
    assert keyed._reads_at("叫小明", 0, "first")
