"""Which of the user's memories a candidate's pairwise readers can match (issues #28/#26; pure).

``admission.decide`` asks each pairwise reader (:func:`~souvenir.lexical.restated.elaborates`, the
polarity flip, the readers of ``_restated``) about every active memory of the user. Each of them
compares the words the two wordings share outside the value, so a memory that shares no *reach
key* with the candidate answers False to every one of them, and :class:`PoolIndex` leaves it out
before they run. The decisions are the full scan's (``tests/test_pool_reach.py`` compares the two
on the case files' stores and on synthetic stores; docs/write-path.md, "The pool a write reads").

Reach keys of one text (:func:`reach`), read on the text and on its counts in digits
(:func:`~souvenir.lexical.spelled.in_digits`):

* every Han character (the Chinese readers compare characters: a subsequence, a substring, one
  character of a thing ended, 烟 in 每天抽一包烟);
* the *root* of every other word the readers compare — the tokens outside stop words and negators,
  the content words, their stems and lemmas (:func:`~souvenir.lexical.proposition.stems`) and the
  proposition's content: its first four characters, so that two words one of which opens the other
  ("volunte" / "volunteer", "coach" / "coaching", the readers' prefix tests of four letters or more)
  share a key;
* keys read from the memory alone for the readers that match without a shared word: its exclusive
  state's domain (:func:`~souvenir.lexical.restated.changes_state`: "Rents a flat" / "Bought a
  house"), a Chinese "在 X 上学/上班/住" frame (:func:`~souvenir.lexical.restated.swaps_value`'s
  wording without a subject: 转学到外国语学校了), a stop said first
  (:func:`~souvenir.lexical.resumption.resumes`).

A memory with no key at all is always read, and a candidate with none is compared with every memory.
The candidate's keys are read on it, on each of its statements and on its head (what it says before
its when or why): the readers read those parts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from souvenir.lexical.keycompare import UserKeys
from souvenir.lexical.keyed import subject_names, user_keys
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import correction_statement, proposition, statements, stems
from souvenir.lexical.restated import exclusive_value, state_domain, state_head
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.resumption import says_stopped
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import HAN, content_words, tokenize
from souvenir.lexical.vocab import NEGATORS
from souvenir.ground.types import Memory
from souvenir.write.dedup import Fingerprint, fingerprint

__all__ = ["PoolIndex", "ROOT", "reach", "candidate_reach"]

ROOT = 4
"""Letters a word's root keeps: the readers' prefix tests (``_one_word``, ``ended_by._near``) need four
letters or more on the shorter word, so two words they call one share their first four."""

_HAN_CHAR = re.compile(f"[{HAN}]")
_ZH_WHERE = re.compile(r"(?:现在|目前)?在[\u4e00-\u9fff]{2,12}?(?:上学|读书|念书|上班|工作|住)")
#: Keys read from the memory alone (module docstring); never a word's root (they open with a NUL).
STOPPED, ZH_WHERE, STATE = "\x00stopped", "\x00zh-where", "\x00state:"


def _words(items: Iterable[str], keys: set[str]) -> None:
    for w in items:
        han = _HAN_CHAR.findall(w)
        if han:
            keys.update(han)
        elif w:
            keys.add(w[:ROOT])


def reach(text: str) -> frozenset[str]:
    """The reach keys of one wording (module docstring), without the memory-only keys."""
    keys: set[str] = set()
    for form in {text, in_digits(text)}:
        norm = normalize(form)
        keys.update(_HAN_CHAR.findall(form))
        keys.update(_HAN_CHAR.findall(norm))
        words = content_words(norm)
        _words((t for t in tokenize(norm) if t not in STOP_WORDS and t not in NEGATORS), keys)
        _words(words, keys)
        _words(stems(words), keys)
    _words(proposition(text).core, keys)
    return frozenset(keys)


def memory_reach(text: str) -> frozenset[str]:
    """:func:`reach` and the keys read from the memory alone (module docstring)."""
    keys = set(reach(text))
    if says_stopped(text):
        keys.add(STOPPED)
    if mostly_han(text) and _ZH_WHERE.fullmatch(text):
        keys.add(ZH_WHERE)
    state = exclusive_value(text)
    if state is not None:
        keys.add(STATE + state[0])
    return frozenset(keys)


def candidate_reach(text: str) -> frozenset[str]:
    """The keys a candidate (its grounded text) looks up: :func:`reach` of it, of each statement, of its
    correction statement and of its head, with the memory-only keys its readers may match."""
    parts = {text, state_head(text), *statements(text)}
    first = correction_statement(text)
    if first is not None:
        parts.add(first)
    keys: set[str] = set()
    for part in parts:
        keys |= reach(part)
    if not keys:
        return frozenset()
    keys.add(STOPPED)
    if mostly_han(text):
        keys.add(ZH_WHERE)
    domain = state_domain(text)
    if domain is not None:
        keys.add(STATE + domain)
    return frozenset(keys)


@dataclass(slots=True)
class _Entry:
    text: str
    keys: frozenset[str]
    print: Fingerprint
    #: ``user_keys(text)`` and the names that open one of its clauses (:func:`~souvenir.lexical.keyed.subject_names`)
    keyed: UserKeys
    subjects: frozenset[str]


class PoolIndex:
    """One user's memories by reach key (derived: :meth:`sync` rebuilds it from the memories the
    store gives, reading only the memories added or reworded since; the store is the only truth).

    Not thread-safe: the caller holds it under the user's write lock."""

    def __init__(self) -> None:
        self._entries: dict[int, _Entry] = {}
        self._postings: dict[str, set[int]] = {}
        self._always: set[int] = set()
        #: the memories with a keyed value or a named subject (the others have no key whatever the names)
        self._keyed: set[int] = set()

    def __len__(self) -> int:
        return len(self._entries)

    def sync(self, memories: Sequence[Memory]) -> None:
        """Hold exactly ``memories`` (by id and text): a memory gone or reworded is dropped, a new one read."""
        seen = set()
        for m in memories:
            seen.add(m.id)
            entry = self._entries.get(m.id)
            if entry is not None and entry.text == m.text:
                continue
            if entry is not None:
                self._drop(m.id, entry)
            self._add(m.id, m.text)
        for ident in [i for i in self._entries if i not in seen]:
            self._drop(ident, self._entries[ident])

    def _add(self, ident: int, text: str) -> None:
        keys = memory_reach(text)
        entry = _Entry(text, keys, fingerprint(text), user_keys(text), subject_names(text))
        self._entries[ident] = entry
        if not keys:
            self._always.add(ident)
        if entry.keyed or entry.subjects:
            self._keyed.add(ident)
        for key in keys:
            self._postings.setdefault(key, set()).add(ident)

    def _drop(self, ident: int, entry: _Entry) -> None:
        del self._entries[ident]
        self._always.discard(ident)
        self._keyed.discard(ident)
        for key in entry.keys:
            ids = self._postings.get(key)
            if ids is not None:
                ids.discard(ident)
                if not ids:
                    del self._postings[key]

    def prints(self, pool: Sequence[Memory]) -> list[tuple[int, Fingerprint]]:
        """``(id, fingerprint)`` of each memory of ``pool``, in order: kept for the memories held, read
        (:func:`~souvenir.write.dedup.fingerprint`, the same value) for the others."""
        entries = self._entries
        return [
            (m.id, e.print if (e := entries.get(m.id)) is not None and e.text == m.text else fingerprint(m.text))
            for m in pool
        ]

    def near(self, text: str, pool: Sequence[Memory]) -> list[Memory]:
        """The memories of ``pool`` (order kept) that share a reach key with the candidate ``text``,
        those with no key and those this index does not hold (as they are worded); all of ``pool``
        when the candidate has no key."""
        keys = candidate_reach(text)
        if not keys:
            return list(pool)
        hits = set(self._always)
        for key in keys:
            ids = self._postings.get(key)
            if ids:
                hits |= ids
        entries = self._entries
        return [m for m in pool if m.id in hits or (e := entries.get(m.id)) is None or e.text != m.text]

    def keyed_pool(self, pool: Sequence[Memory]) -> list[Memory]:
        """The memories of ``pool`` (order kept) that may hold a keyed value whatever the user's names:
        those with a value or a named subject, and those this index does not hold as worded. Every
        other memory's ``user_keys(text, names)`` is empty."""
        keyed, entries = self._keyed, self._entries
        return [m for m in pool if m.id in keyed or (e := entries.get(m.id)) is None or e.text != m.text]

    def user_keys_of(self, memory: Memory, names: frozenset[str] = frozenset()) -> UserKeys:
        """``user_keys(memory.text, names)``: kept for a memory held as worded whose clauses open on none
        of ``names``, read otherwise."""
        entry = self._entries.get(memory.id)
        if entry is None or entry.text != memory.text or (names and names & entry.subjects):
            return user_keys(memory.text, names)
        return entry.keyed
