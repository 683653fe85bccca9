"""A note that is a fragment of another note of the same turn adds nothing (issue #25).

A weak model copies a piece of the message as a note of its own beside the note that holds it
("The view from the top was amazing!" beside "I hiked up the mountain with my kids and the
view from the top was amazing!"). Pure (the notes' texts in, which is a fragment of which out):
a note whose content words (:func:`souvenir.lexical.content_words`, stop words and pronouns
aside) are all among another note's, which has more, is a fragment of it; two notes with the
same words are one, the later a fragment of the earlier. The caller writes a fragment only
when the note holding it was not kept, so a fragment never costs a fact::

    fragments(["I hiked up Mount Tam and the view from the top was amazing!",
               "The view from the top was amazing!"])
    -> {1: 0}

A note whose content words are all in the user's message is a *copy* of a piece of it
(:func:`copies`): when the turn's message is kept whole as its episode beside the notes (the
notes do not carry it: :func:`souvenir.write.carry.carried`), such a note adds nothing, and the
reflection does not write it ("She seemed so sad." beside the episode "…She seemed so sad. I
gave her a hug…": conv-41's second speaker, session 16)::

    copies(["She seemed so sad.", "I volunteer at the shelter."], "I met a girl. She seemed so sad.")
    -> {0}

A copy the notes written for the turn already hold for the most part is a fragment of them
too (:func:`held_by`): "It's Seattle, I'm stoked for it!" beside "I'm stoked for my game there
next month!" (conv-43's second speaker, session 17). Its words are the message's, so nothing
is lost: when the notes do not carry the message, the turn keeps the message whole as its
episode (:func:`souvenir.write.carry.carried`)::

    held_by("It's Seattle, I'm stoked for it!", ["I'm stoked for my game there next month!"])
    -> True

A copy is read by its words, and also as a **stretch** of the message (session 23, lane model13):
a note whose words (a Han character each, a Latin word each) run in the message in the same
order is a copy even where the segmenter cut it otherwise in its own text ("老周前两" from
"老周前两天体检，…": jieba reads 前 and 两 alone there, 前两天 in the message; a weak model's copy
of half a part of a long message, :mod:`souvenir.llm.prompt_parts`).

A note that ends where a clause does not (:func:`clause_fragment`: on a comma, a semicolon, a
colon, 、, an opening quote, or a joining word — "and", « et », "dan", 和) is a piece of a
sentence, never a memory: "老周前两天体检，", "血压有点高，" (SmolLM2-135M copying the parts of
a long message cut at its commas). The reflection drops it; the turn's message is then kept
whole as its episode where the notes do not carry it, so nothing is lost::

    clause_fragment("血压有点高，") -> True
    clause_fragment("Tom's blood pressure is a bit high.") -> False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical import content_words, normalize
from souvenir.write.carry import CARRIED
from souvenir.write.grounding import content_share

__all__ = ["clause_fragment", "copies", "fragments", "held_by"]


def fragments(texts: Sequence[str]) -> dict[int, int]:
    """``{fragment's index: the index of the note holding it}`` (module docstring); the holder is
    the note with the most words that holds the fragment, itself never a fragment."""
    words = [content_words(normalize(text)) for text in texts]
    held: dict[int, int] = {}
    for i, own in enumerate(words):
        if not own:
            continue
        holders = [
            j
            for j, other in enumerate(words)
            if j != i and own <= other and (len(other) > len(own) or (other == own and j < i))
        ]
        if holders:
            held[i] = max(holders, key=lambda j: (len(words[j]), -j))
    return {i: j for i, j in held.items() if j not in held}


def _run(text: str) -> str:
    """``text``'s words folded (:func:`souvenir.lexical.normalize`), a Han character each, joined
    by one blank and framed by blanks: a stretch of a message is a substring of its run."""
    return (
        " "
        + " ".join(re.findall(r"[\u2e80-\u9fff\uf900-\ufaff]|[^\W\u2e80-\u9fff\uf900-\ufaff]+", normalize(text)))
        + " "
    )


def copies(texts: Sequence[str], message: str) -> set[int]:
    """The indexes of ``texts`` whose content words are all among ``message``'s, or whose words
    run in ``message`` in the same order (module docstring); a text with no content word is none."""
    said = content_words(normalize(message))
    run = _run(message)
    out = set()
    for i, text in enumerate(texts):
        own = content_words(normalize(text))
        if own and (own <= said or _run(text) in run):
            out.add(i)
    return out


#: Where a note ends that is a piece of a sentence: a clause separator, an opening quote, or a
#: joining word (en, fr, ms, zh) — a sentence never ends on one.
_OPEN_END = re.compile(
    r"(?:[,;:，；：、«“‘(（\[【「『]|[-–—]|(?<![\w'’])(?:and|but|or|so|et|mais|ou|donc|dan|tapi|atau|jadi)|和|但是|可是|而且|或者)\s*$",
    re.IGNORECASE,
)


def clause_fragment(text: str) -> bool:
    """Whether ``text`` ends where no sentence ends (:data:`_OPEN_END`: a comma, semicolon,
    colon, 、, dash, opening quote or bracket, or a joining word): a piece of a sentence, never
    a memory (module docstring)."""
    return bool(_OPEN_END.search(text.strip()))


def held_by(text: str, notes: Sequence[str], names: frozenset[str] = frozenset()) -> bool:
    """Whether ``notes`` (the texts written for the turn) hold :data:`~souvenir.write.carry.CARRIED`
    of ``text``'s content words — carry's own share, read the same way (Latin words by stem,
    Chinese by substring). ``False`` with no note or no content word."""
    if not notes:
        return False
    share = content_share(text, " ".join(notes), names)[0]
    return share is not None and share >= CARRIED
