"""The conversation's part of a selected memory's score, for the diagnostics page (issue #28).

A short message in a chat is read with the last turns of the caller's ``messages``
(:meth:`Scorer.conversation <souvenir.read.scoring.Scorer.conversation>`): their vectors
move USE and e5, their words BM25, and through them every term after (the rank fusion, the
priors' relevance gate…). The page shows it as a part of its own, ``conversation``: the
memory's score minus its score for the message alone, and the other parts are the message
alone's — so the parts still sum to the score. The message alone is scored off the turn, in
the bookkeeping job that keeps the selection (:class:`ConversationRead`), with the message's
own query vectors (the context computed them before mixing the turns in).

The turns read are kept with the selection, in its ``message`` column after the message
(:func:`kept_message`), so that every erasure that takes a selection for its message takes it
for a turn it read too (:mod:`souvenir.store.erasure` reads that column); each turn redacted
as the message is (:func:`~souvenir.privacy.redact_answer`, then every secret), then cut to
:data:`TURN_CHARS` characters. The page splits them back (:func:`split_message`) and shows them
as the part's reason: "read with the conversation: …"."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from souvenir.privacy import redact_answer
from souvenir.privacy.scrub import scrub_repeated
from souvenir.read.explain import explain
from souvenir.store.selection_message import CUT, clean, joined, split_message

__all__ = ["CONVERSATION", "TURN_CHARS", "ConversationRead", "kept_message", "split_message"]

log = logging.getLogger(__name__)

#: The part's name (and the key the context leaves in its ``parts`` for the records).
CONVERSATION = "conversation"
#: Characters of each turn kept with the selection.
TURN_CHARS = 96


@dataclass(frozen=True)
class ConversationRead:
    """The earlier turns a context read (oldest first) and ``alone(parts)``: the message
    alone's fused scores over the same candidates, filling ``parts`` (the context's scorer
    with the message's own query vectors), or ``None`` when they can no longer be scored
    without reading the user's columns again (a write since: the part is left out)."""

    turns: tuple[str, ...]
    alone: Callable[[dict], Any]

    def explained(self, why: dict[int, tuple], scores: Any, ids: Sequence[int]) -> dict[int, tuple]:
        """``why`` (:func:`~souvenir.read.explain.explain` of the context's scores) with each
        memory's parts made of the message alone's, and ``conversation``: its score minus
        its score alone. A memory without both scores keeps its parts."""
        parts: dict = {}
        try:
            alone = self.alone(parts)
            if alone is None:  # not scored (the user's pool changed since): no part
                return why
            complete = getattr(alone, "complete", None)
            if complete is not None and not getattr(alone, "completed", True):
                complete()
            alone_why = explain(alone, parts, ids)
        except Exception as exc:  # noqa: BLE001 - a part of the page never costs the selection's record
            log.warning("the conversation's part not made: %s", exc)
            return why
        out = dict(why)
        for mid in ids:
            rank, _ = why.get(mid, (None, None))
            mine = _value(scores, mid)
            base = _value(alone, mid)
            alone_parts = alone_why.get(mid, (None, None))[1]
            if mine is None or base is None or alone_parts is None:
                continue
            out[mid] = (rank, {**alone_parts, CONVERSATION: round(mine - base, 3)})
        return out


def _value(scores: Any, mid: int) -> float | None:
    value = scores.get(mid) if scores is not None else None
    return None if value is None or value != value else float(value)


def kept_message(message: str, turns: Sequence[str]) -> str:
    """``message`` (already redacted) and the ``turns`` read, each redacted against the text
    before it (an answer to a request for a secret) and whole (every secret,
    :func:`~souvenir.privacy.scrub.scrub_repeated`) **before** it is cut to :data:`TURN_CHARS`:
    a key the cut fell inside is no longer of its shape, and the store's own scrub let its
    first characters through (docs/security.md, "A secret in a turn cut short"). As the
    selection keeps them (:func:`split_message` reads them back,
    :mod:`souvenir.store.selection_message`); an empty turn is left out."""
    kept = []
    for i, turn in enumerate(turns):
        text = clean(scrub_repeated(redact_answer(turn, turns[i - 1] if i else None)) or "")
        if not text:  # left out (a request to forget)
            continue
        kept.append(text if len(text) <= TURN_CHARS else text[: TURN_CHARS - 1] + CUT)
    return joined(message, kept)
