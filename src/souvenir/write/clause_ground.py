"""Clause grounding: a note that copies the user's words and adds a clause of its own (issue #25).

Grounding's share (:func:`souvenir.write.grounding.content_share`) reads a note as one bag
of words: SmolLM2-135M's "They're the reason why I'm determined to keep going, and they are
my best friends." holds enough of the user's words to pass, and its last clause is
invented. This module splits the note at its coordinators and reads each clause alone with
the same word reading (Latin words by stem, Chinese by substring, the same names left
out). Pure (text in, verdict out)::

    unground_clauses("I keep going, and they are my best friends.",
                     lambda part: clause_share(part, "I keep going."))
    -> Clauses(parts=("I keep going", "they are my best friends."), unground=(1,), ...)

Coordinators (:data:`_SPLIT`): en and, but, yet, because, ", so"; fr et, mais, donc, parce
que, ", car", ", alors"; zh 而且, 并且, 但是, 可是, 不过, 所以, 因此, 因为; ms dan, tapi,
tetapi, namun, sebab, kerana, ", jadi" ("I love it so much", "jadi guru" are not two
clauses).

A clause is *unground* when (1) it holds :data:`MIN_WORDS` content words or more, (2) the
message grounds none of them, (3) one of them is a word of weight or a relation
(:func:`weighty`: "great", "best", "friends", meilleurs, 最, terbaik, kawan…) and (4) it
opens with a subject of its own (:func:`opens_clause`: "they are…", "It was…"). The
verdict (:func:`souvenir.write.grounding.ground`'s ``clause`` check, after ``terms``):
unground clauses only at the end are cut (``cut``: the note keeps its grounded head, a
full clause, and the later checks read the cut text); an unground clause anywhere else
rejects the note (what follows the coordinator is rarely a sentence of its own: "I've been
working on for a while now").

Where (3) and (4) come from: LoCoMo's 1,453 true observations read against their own turn
(``bench/grounding_share.py``, ``true_with_unground_clause``): 173 hold a clause of two
content words or more none of which the turn states (the annotators paraphrase and add
their reading: "…and found it rewarding" for "It feels good"); 18 of them with a word of
weight or a relation; 1 with a subject of its own too ("…and it was a memorable
experience" for "It was so amazing…"). (3) and (4) were chosen after reading those 18 on
all six conversations (no held-out fold: the count is the rule's cost, not a tuned
threshold). The invented notes it catches (a true observation with another conversation's
observation appended, "…, and they <its words>."): docs/write-path.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import key_of

__all__ = [
    "MIN_WORDS",
    "Clauses",
    "copied_tail",
    "looped",
    "opens_clause",
    "restated_tail",
    "split_clauses",
    "thin_sentences",
    "unground_clauses",
    "weighty",
]

#: Least content words for a clause to be read alone (module docstring).
MIN_WORDS = 2

_LATIN_ANY = r"and|but|yet|because|et|mais|donc|parce que|parce qu'|dan|tapi|tetapi|namun|sebab|kerana"
_LATIN_COMMA = r"so|car|alors|jadi"
_ZH = r"而且|并且|但是|可是|不过|所以|因此|因为"

#: The split points: a coordinator (with the comma before it) between two clauses.
_SPLIT = re.compile(
    rf"\s*[,;]?\s*\b(?:{_LATIN_ANY})\b\s*|\s*[,;]\s*(?:{_LATIN_COMMA})\b\s*|[，,；;]?\s*(?:{_ZH})",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Clauses:
    """A note's clauses (``parts``, as written, without their coordinators), where each
    ends in the note (``ends``, character offsets) and the indexes of the unground ones
    (``unground``, ascending; empty when every clause is grounded)."""

    note: str
    parts: tuple[str, ...]
    ends: tuple[int, ...]
    unground: tuple[int, ...]

    def cut(self) -> str | None:
        """The note cut to its grounded head (with a full stop) when the unground clauses
        are all at its end, else ``None`` (an unground first or middle clause)."""
        if not self.unground:
            return None
        first = self.unground[0]
        if first == 0 or self.unground != tuple(range(first, len(self.parts))):
            return None
        head = self.note[: self.ends[first - 1]].rstrip(" ,;，；")
        if head[-1:] in (".", "!", "。", "！"):  # cut at a sentence's end: its own mark
            return head
        end = self.note.rstrip()[-1:]
        return head + (end if end in ".!。！" else ("。" if _HAN.search(head[-1:]) else "."))


_HAN = re.compile(r"[\u3400-\u9fff]")


#: Where a sentence ends inside a note (the space after its mark): "…best friend! I have…".
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])(?=\S)")
#: A comma before what may open a clause of its own ("I love dogs, they are…"): kept as a
#: split only when :func:`opens_clause` reads a subject after it.
_COMMA = re.compile(r"\s*[,;，；]\s*")


def _splits(note: str, commas: bool) -> list[tuple[int, int]]:
    found = [(m.start(), m.end()) for m in _SPLIT.finditer(note) if m.end() > m.start()]
    if commas:
        found += [(m.start(), m.end()) for m in _SENTENCE_END.finditer(note)]
        found += [(m.start(), m.end()) for m in _COMMA.finditer(note) if opens_clause(note[m.end() : m.end() + 64])]
    out: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if out and start < out[-1][1]:  # overlapping (", and they…"): the first reading, widened
            out[-1] = (out[-1][0], max(end, out[-1][1]))
            continue
        out.append((start, end))
    return out


def split_clauses(note: str, commas: bool = False) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The note's clauses between coordinators (as written, empty ones dropped) and the
    offset where each ends in ``note``. ``commas``: also between sentences and at a comma
    before a subject of its own (:func:`opens_clause`) — the reading :func:`unground_clauses`
    makes; the other callers (possession, the tail cut) split at coordinators only."""
    parts: list[str] = []
    ends: list[int] = []
    start = 0
    for m_start, m_end in _splits(note, commas):
        part = note[start:m_start].strip()
        if part:
            parts.append(part)
            ends.append(m_start)
        start = m_end
    tail = note[start:].strip()
    if tail:
        parts.append(tail)
        ends.append(len(note))
    return tuple(parts), tuple(ends)


#: Words of weight a model adds on its own: evaluations and superlatives ("a great
#: experience", "my best friends"), en / fr / zh / ms; relations and persons are
#: :data:`souvenir.lexical.lexicon.RELATIONS` / ``ZH_RELATIONS``.
WEIGHT = frozenset(
    {
        "great",
        "amazing",
        "awesome",
        "wonderful",
        "fantastic",
        "incredible",
        "fun",
        "best",
        "worst",
        "favorite",
        "favourite",
        "beautiful",
        "perfect",
        "terrible",
        "horrible",
        "exciting",
        "rewarding",
        "meaningful",
        "special",
        "unforgettable",
        "greatest",
        "most",
        "experience",
        "genial",
        "geniale",
        "super",
        "formidable",
        "merveilleux",
        "merveilleuse",
        "incroyable",
        "meilleur",
        "meilleure",
        "meilleurs",
        "meilleures",
        "pire",
        "magnifique",
        "parfait",
        "parfaite",
        "excellent",
        "inoubliable",
        "hebat",
        "seronok",
        "terbaik",
        "paling",
        "menarik",
        "sempurna",
        "teruk",
        "pengalaman",
        "kegemaran",
    }
)
ZH_WEIGHT = ("最", "很棒", "精彩", "美好", "难忘", "完美", "了不起", "经历", "体验", "棒")


def weighty(word: str) -> bool:
    """A word of weight or a relation (:data:`WEIGHT`, relations), ``word`` as written."""
    key = key_of(word)
    if _HAN.search(word):
        return any(w in word for w in (*ZH_WEIGHT, *lx.ZH_RELATIONS))
    return key in WEIGHT or key in lx.RELATIONS


#: The subject a clause of its own opens with (a pronoun or a demonstrative): "and they
#: are my best friends", "It was a great experience, but…". A clause with its subject
#: elided ("…and found it rewarding") or a coordinated phrase ("inspired and rejuvenated")
#: goes on the note's own subject: the annotators write those.
OPENERS = frozenset(
    {
        "it",
        "they",
        "he",
        "she",
        "we",
        "i",
        "this",
        "that",
        "these",
        "those",
        "there",
        "it's",
        "they're",
        "that's",
        "there's",
        "i'm",
        "we're",
        "he's",
        "she's",
        "i've",
        "we've",
        "they've",
        "il",
        "elle",
        "ils",
        "elles",
        "c'",
        "ce",
        "ca",
        "cela",
        "on",
        "je",
        "j'",
        "nous",
        "c'est",
        "dia",
        "mereka",
        "ia",
        "itu",
        "ini",
        "saya",
        "aku",
        "kami",
        "kita",
    }
)
ZH_OPENERS = ("他们", "她们", "它们", "我们", "他", "她", "它", "这", "那", "我")


def opens_clause(part: str) -> bool:
    """Whether ``part`` opens with a subject of its own (:data:`OPENERS`)."""
    text = part.lstrip(" ,;，；\"'“")
    if _HAN.match(text):
        return text.startswith(ZH_OPENERS)
    first = re.match(r"[\w'’]+", text)
    if not first:
        return False
    word = key_of(first.group(0).replace("’", "'"))
    return word in OPENERS or word.split("'")[0] + "'" in OPENERS


def unground_clauses(
    note: str, share: Callable[[str], tuple[float, list[str]] | None], least: int = MIN_WORDS, weight: bool = True
) -> Clauses:
    """Split ``note`` and read each clause with ``share`` (text -> the share of its content
    words the message grounds, ``None`` with no content word: grounding's
    :func:`~souvenir.write.grounding.content_share` bound to the message and names);
    ``count`` of content words comes from the same call's reading. A clause is unground
    when its share is 0, it holds ``least`` content words or more and (``weight``) one of
    them is a word of weight or a relation (:func:`weighty`). A note of one clause
    is never unground here (grounding's share reads it)."""
    parts, ends = split_clauses(note, commas=True)
    if len(parts) < 2:
        return Clauses(note, parts, ends, ())
    bad = []
    for i, part in enumerate(parts):
        got = share(part)
        if (
            got is not None
            and got[0] == 0
            and len(got[1]) >= least
            and (not weight or (any(map(weighty, got[1])) and opens_clause(part)))
        ):
            bad.append(i)
    return Clauses(note, parts, ends, tuple(bad))


def thin_sentences(note: str, share: Callable[[str], tuple[float, list[str]] | None], least: float) -> Clauses:
    """``note`` split into its sentences, each read alone with ``share`` (as
    :func:`unground_clauses`): the ones under ``least`` (grounding's
    :data:`~souvenir.write.grounding.MIN_SHARE`, read from LoCoMo's observations — each a
    sentence — against their turn) are ``unground``. A whole note may pass the share on
    one copied sentence while another is invented from a word or two of the message
    ("I love dogs, they are my best friend! I have a dog…" from a message about websites
    that allowed dogs). A note of one sentence is never thin here."""
    parts: list[str] = []
    ends: list[int] = []
    start = 0
    for m in _SENTENCE_END.finditer(note):
        part = note[start : m.start()].strip()
        if part:
            parts.append(part)
            ends.append(m.start())
        start = m.end()
    if note[start:].strip():
        parts.append(note[start:].strip())
        ends.append(len(note))
    if len(parts) < 2:
        return Clauses(note, tuple(parts), tuple(ends), ())
    thin = tuple(i for i, part in enumerate(parts) if (got := share(part)) is not None and got[0] < least)
    return Clauses(note, tuple(parts), tuple(ends), thin)


#: Least words of a verbatim copy for a note's head to be read as copied (:func:`copied_tail`):
#: a clause, not a phrase ("I love it" is in many messages).
COPIED_WORDS = 5
_WORD = re.compile(r"[\u3400-\u9fff]|[^\W_]+(?:'[^\W_]+)?")


def _words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]


def _copied(head: list[str], said: list[str]) -> bool:
    """``head`` (:data:`COPIED_WORDS` words or more) is a run of ``said`` (or of it from "I" on,
    the message's opener aside)."""
    n = len(head)
    return n >= COPIED_WORDS and any(said[i : i + n] == head for i in range(len(said) - n + 1))


def copied_tail(
    note: str, message: str, share: Callable[[str], tuple[float, list[str]] | None], least: float
) -> Clauses:
    """A note that copies the message word for word and then goes on in its own words: "I'm
    looking forward to trying out different flavors and topping up with dairy-free desserts."
    from "…I'm looking forward to trying out different flavors and toppings." (conv-42's
    second speaker, session 17). ``note`` is split as :func:`unground_clauses` splits it; when
    its head of whole clauses is a verbatim run of the message (:data:`COPIED_WORDS` words
    or more, case and apostrophes folded) and its last clause is not, that clause is
    ``unground`` when its ``share`` is under ``least`` (grounding's
    :data:`~souvenir.write.grounding.MIN_SHARE`) or it holds :data:`MIN_WORDS` content words
    or more the message does not state (no new threshold), so the note is cut to the copied
    head. A note of one clause, or copied whole, is never read here."""
    parts, ends = split_clauses(note, commas=True)
    if len(parts) < 2:
        return Clauses(note, parts, ends, ())
    said = _words(message)
    head = _words(note[: ends[-2]])
    last = _words(note[ends[-2] :])
    if not _copied(head, said) or _copied(head + last, said) or (got := share(parts[-1])) is None:
        return Clauses(note, parts, ends, ())
    invented = got[0] < least or len(got[1]) >= MIN_WORDS
    return Clauses(note, parts, ends, (len(parts) - 1,) if invented else ())


def restated_tail(note: str, stated: Callable[[str], tuple[frozenset[str], tuple[str, ...]] | None]) -> Clauses:
    """A note whose last sentence only restates words of the sentences before it and adds
    words the message does not hold: "I love animals. I have a favorite animal." from "No,
    no pets right now. But I do love animals." (conv-44's second speaker, session 18: the
    reply asked "Do you have a favorite animal?", and the model answered for the user).
    ``stated`` reads a part against the message: the stems of its content words the message
    states and the content words it does not (``None`` with no content word). The last
    sentence is ``unground`` when it holds an unstated word and every stated word of it is
    already one of the head's — it brings nothing of the message the head did not, so what
    it adds is the model's; a head stating nothing is never read. No threshold: LoCoMo's
    true observations cut so, past the ``sentence`` check's cuts, 0 of 1,453
    (docs/write-path.md)."""
    whole = thin_sentences(note, lambda part: (0.0, []), 0.0)
    parts, ends = whole.parts, whole.ends
    if len(parts) < 2:
        return Clauses(note, parts, ends, ())
    head = stated(note[: ends[-2]])
    tail = stated(parts[-1])
    if head is None or tail is None or not head[0] or not tail[1]:
        return Clauses(note, parts, ends, ())
    return Clauses(note, parts, ends, (len(parts) - 1,) if tail[0] <= head[0] else ())


#: Least words of a stretch said twice for a note to read as looping (:func:`looped`): a
#: clause's worth, as :data:`COPIED_WORDS` is for a copy.
LOOP_WORDS = 4


def looped(note: str, message: str) -> str | None:
    """A stretch of :data:`LOOP_WORDS` words or more said twice in ``note`` and not twice in
    ``message``: a small model's loop ("Priya told me about the new clinic in Manchester, the
    one Priya told me about." from "I got the job at the new clinic in Manchester, the one
    Priya told me about.": the job is lost, the aside said twice; held-out ``dlg-en``, session
    18). Returns the stretch, else ``None``. Case and apostrophes folded; Chinese by character
    (twice the words' count)."""
    words = _words(note)
    said = _words(message)
    least = LOOP_WORDS * 2 if _HAN.search(note) else LOOP_WORDS
    for i in range(len(words) - least + 1):
        run = words[i : i + least]
        again = any(words[j : j + least] == run for j in range(i + least, len(words) - least + 1))
        if again and sum(said[k : k + least] == run for k in range(len(said) - least + 1)) < 2:
            return " ".join(run)
    return None
