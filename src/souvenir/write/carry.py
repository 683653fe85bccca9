"""Carry: do a reflection's kept notes hold what the user's message states? (issue #25)

"Never worse than no model": no-model mode keeps a message that states something as its
episode; a reflection that keeps a note in its place must not lose what the message said.
SmolLM2-135M keeps a part of the message ("I am planning to start my own business someday!"
from "Lost my job as a banker yesterday, so I'm gonna take a shot at starting my own
business"): the note is true, but the job lost is gone. Pure (text in, verdict out)::

    carried("Lost my job as a banker yesterday, so I'm gonna start my own business.",
            ["I am planning to start my own business someday!"])              -> False
    carried("I rehearsed with my crew after work.", ["I rehearsed with my crew after work."]) -> True

The notes carry the message when they hold :data:`CARRIED` of the content words of its
sentences that may state a fact (:func:`souvenir.lexical.chitchat.fact_sentences`; Latin
words by stem, Chinese by substring: :func:`souvenir.write.grounding.content_share`). When
they do not, the engine keeps the message as its episode beside the notes.

Where :data:`CARRIED` comes from: one half is the share the write path already reads as
"holds" (the speech-act filter's unit, grounding's ``status`` check). On LoCoMo, the
annotators' own observations of a turn hold a median 0.50 of its fact words: read as a
model's notes, they would keep the message beside them in 45 % of the 1,293 turns they
annotate (18 % at 0.3) — the price, in memories, of never losing a fact to a partial note
(``bench/carry_replay.py --locomo``; docs/model.md, "Session 13").
"""

from __future__ import annotations

from souvenir.lexical.chitchat import fact_sentences
from souvenir.write.grounding import content_share

__all__ = ["CARRIED", "carried"]

#: The share of the message's fact words the kept notes must hold (module docstring).
CARRIED = 0.5


def carried(message: str, notes: list[str], names: frozenset[str] = frozenset()) -> bool:
    """Whether ``notes`` (the texts a reflection kept) hold :data:`CARRIED` of the content
    words of ``message``'s fact sentences. ``names``: folded keys of the speakers' names
    (never content). ``True`` when the message states nothing (no fact sentence, no content
    word) or when there is no note to read (nothing kept: the caller keeps the message)."""
    facts = " ".join(fact_sentences(message, names))
    if not facts.strip() or not notes:
        return True
    share = content_share(facts, " ".join(notes), names)[0]
    return share is None or share >= CARRIED
