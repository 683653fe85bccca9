"""A word swapped inside a copied run: "I'm so excited about the new Nike and Gatorade
products!" from "The Nike and Gatorade deals have me stoked!" (issue #25, conv-43's second
speaker, session 17): the share of stated words passes (0.40), yet the one word that says what
the note is about, "deals", became "products", which the message never says.

Read per sentence, token by token (:func:`souvenir.lexical.tagged.tokenize`): a *run* is a
stretch of the note's tokens that are the tokens of a sentence of the message, one for one (by
stem; Chinese by key), holding :data:`RUN` content words or more; the swapped word sits next to a name or a number
that ends the run (a copy, not a paraphrase: common words recur in any retelling, and a name's
head noun is what a model swaps). The note's content word right after the run (or right
before it, past a linking word that the note must hold: French and Malay put the head noun
first, « les produits de Nike et Gatorade ») is absent from the whole message, while the
message's content word at the same place is absent from the whole note, and neither is a name:
the word was swapped.
Pure (two texts in, the pair of words or ``None`` out)::

    swapped_word("I'm so excited about the new Nike and Gatorade products!",
                 "The Nike and Gatorade deals have me stoked!")   -> ("products", "deals")
    swapped_word("I'm excited about the Nike and Gatorade deals!",
                 "The Nike and Gatorade deals have me stoked!")   -> None

No threshold: a run of :data:`RUN` words is the least that reads as a copy. Its cost: the
LoCoMo gold observations read against their own turn (``bench.swapped_share``; docs/write-path.md,
"What conv-43 left").

The runs are looked for at every pair of positions, so the work is the product of the two
texts' token counts: past :data:`MAX_PAIRS` (a note and a message of ~500 tokens each; a model's
note is a sentence or two) the check is skipped and returns ``None`` — the other grounding
checks still read the note, in linear time (``tests/test_break_session14b.py``).
"""

from __future__ import annotations

from souvenir.lexical.questions import sentences
from souvenir.lexical.tagged import Tok, tok_match, tokenize

__all__ = ["MAX_PAIRS", "RUN", "swapped_word"]

#: The most (note token, message token) pairs the runs are looked for among (module docstring).
MAX_PAIRS = 250_000

#: The least run of shared consecutive content words read as a copy.
RUN = 2


#: Words that may sit between a head noun written first and its copied run (« les produits
#: de Nike et Gatorade », "tawaran dengan Nike"): skipped when reading the word before a run.
_LINKS = frozenset({"de", "d", "des", "du", "avec", "pour", "dengan", "daripada", "untuk", "of", "的"})


#: Time words that follow a name without heading it ("the Trilogy last night").
_TIMES = frozenset(
    "last next this yesterday today tonight tomorrow dernier derniere prochain prochaine hier demain lalu depan semalam esok".split()
)


def _tokens(text: str) -> list[list[Tok]]:
    return [t for s in sentences(text) if (t := [tok for tok in tokenize(s) if tok.role not in ("end", "comma")])]


def _named(tok: Tok) -> bool:
    """A name or a number: capitalised, a digit in it, or a Chinese word of three characters or more."""
    return tok.raw[:1].isupper() or any(ch.isdigit() for ch in tok.raw) or (tok.cjk and len(tok.key) >= 3)


def _in(tok: Tok, pool: list[Tok]) -> bool:
    return any(tok_match(tok, other) for other in pool)


def _before(toks: list[Tok], i: int, linked: bool = False) -> Tok | None:
    """The token before position ``i``, past one linking word (``linked``: one is required)."""
    i -= 1
    if i >= 0 and toks[i].key in _LINKS:
        i -= 1
    elif linked:
        return None
    return toks[i] if i >= 0 else None


def _word(tok: Tok | None, toks: list[Tok]) -> bool:
    """A common content word (a sentence's first word is common despite its capital)."""
    if tok is None or tok.role != "content":
        return False
    return tok is toks[0] and not any(ch.isdigit() for ch in tok.raw) or not _named(tok)


def _swap(x: Tok | None, y: Tok | None, words: list[Tok], part: list[Tok], pool: list[Tok], mine: list[Tok]) -> bool:
    if x is None or y is None or not _word(x, words) or not _word(y, part):
        return False
    if x.key in _TIMES or y.key in _TIMES:
        return False  # "…Trilogy last night" read as "…Trilogy based on…": a time, not a head
    return not _in(x, pool) and not _in(y, mine)


def swapped_word(note: str, message: str) -> tuple[str, str] | None:
    """The (note's word, message's word) swapped at the edge of a copied run, else ``None``
    (module docstring)."""
    said = _tokens(message)
    pool = [tok for part in said for tok in part if tok.role == "content"]
    noted = _tokens(note)
    if sum(map(len, noted)) * sum(map(len, said)) > MAX_PAIRS:
        return None  # a note or a message far past a chat turn's size (module docstring)
    mine = [tok for part in noted for tok in part if tok.role == "content"]
    for words in noted:
        # content words before each position, and the first / last content word from / before it
        counts, first, last = [0], [len(words)] * (len(words) + 1), [-1] * (len(words) + 1)
        for k, tok in enumerate(words):
            counts.append(counts[-1] + (tok.role == "content"))
            last[k + 1] = k if tok.role == "content" else last[k]
        for k in range(len(words) - 1, -1, -1):
            first[k] = k if words[k].role == "content" else first[k + 1]
        for part in said:
            for i, j, n in _runs(words, part):
                if counts[i + n] - counts[i] < RUN:
                    continue
                after = (words[i + n] if i + n < len(words) else None, part[j + n] if j + n < len(part) else None)
                if _named(words[last[i + n]]) and _swap(*after, words, part, pool, mine):
                    return after[0].raw, after[1].raw  # type: ignore[union-attr]
                before = (_before(words, i, linked=True), _before(part, j))
                if _named(words[first[i]]) and _swap(*before, words, part, pool, mine):
                    return before[0].raw, before[1].raw  # type: ignore[union-attr]
    return None


def _runs(words: list[Tok], part: list[Tok]):
    """``(i, j, n)`` for every pair of positions, in order, with ``n`` the length of the run of
    matching tokens from ``words[i]`` and ``part[j]``: read once from the end (a run from
    (i, j) is one more than the run from (i + 1, j + 1)), so the pairs cost one match each —
    re-reading each run from every pair inside it cost a run's length per pair (a note copying
    a 4 KB message of one repeated phrase: 2.6 s of CPU, under :data:`MAX_PAIRS`)."""
    rows: list[list[int]] = [[]] * len(words)
    following = [0] * (len(part) + 1)
    for i in range(len(words) - 1, -1, -1):
        row = [0] * (len(part) + 1)
        for j in range(len(part) - 1, -1, -1):
            if tok_match(words[i], part[j]):
                row[j] = following[j + 1] + 1
        rows[i], following = row, row
    for i in range(len(words)):
        for j in range(len(part)):
            yield i, j, rows[i][j]
