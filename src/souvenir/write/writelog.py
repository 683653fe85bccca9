"""Write decisions as events: every insert, absorb, replace, supersede and drop, with its
reason (issue #14: "nobody can see what the filters drop"). Pure formatting; the engine
records them in the store's ``events`` table, in the write's own transaction.

Shapes::

    event_kind("supersede", "flip")            -> "write:supersede:flip"
    parse_kind("write:dropped:speech_act")     -> ("dropped", "speech_act")
    event_detail("correction of #3: …", "Hates horror movies now", 3, "Loves horror movies", 9)
        -> "correction of #3: … | text: 'Hates horror movies now' | #3: 'Loves horror movies' | memory #9"
    memory_of("… | memory #9")                 -> 9

``reason`` is a short fixed word — :data:`souvenir.write.admission.REASONS` for a decision,
``edited`` for a person's new wording (``PATCH``), the filter's name for a drop — so that ``souvenir_write_decisions_total{action,reason}`` has
few series; the sentence and both texts (at most 200 characters each, already redacted
by the secrets filter) go to ``detail`` for the diagnostics page.
"""

from __future__ import annotations

__all__ = ["PREFIX", "SERIES", "event_kind", "parse_kind", "event_detail", "memory_of", "DETAIL_CHARS"]

PREFIX = "write:"
#: Bound of one event's detail (characters); each quoted text is cut at 200.
DETAIL_CHARS = 600
_TEXT_CHARS = 200


#: Every (action, reason) a write can be counted under: the metric shows them all from the
#: start, at zero. Admission's rules per action, then the filters' names for a drop.
SERIES: tuple[tuple[str, str], ...] = (
    ("insert", "new"),
    ("insert", "kept_beside"),
    ("insert", "keyed_partial"),
    ("absorb", "duplicate"),
    ("absorb", "said_before"),
    ("absorb", "flip_said_before"),
    ("absorb", "keyed_said_before"),
    ("absorb", "keyed_back"),
    ("replace", "duplicate"),
    ("replace", "edited"),
    ("supersede", "flip"),
    ("supersede", "keyed"),
    ("forget", "user_request"),
    ("forget", "ambiguous"),
    *(
        ("dropped", name)
        for name in (
            "secrets",
            "forget_request",
            "instruction",
            "speech_act",
            "asks_only",
            "withdrawn",
            "subject",
            "negation",
            "character",
            "assistant_only",
            "grounding",
            "own_voice",
            "chitchat",
            "acknowledgement",
            "command",
            "reflection",
            "memory_cap",
        )
    ),
)


def event_kind(action: str, reason: str) -> str:
    """The event kind of one write decision."""
    return f"{PREFIX}{action}:{reason or 'none'}"


def parse_kind(kind: str) -> tuple[str, str] | None:
    """``(action, reason)`` of a write event's kind; ``None`` for another event."""
    if not kind.startswith(PREFIX):
        return None
    action, _, reason = kind[len(PREFIX) :].partition(":")
    return action, reason


def _cut(text: str) -> str:
    return text if len(text) <= _TEXT_CHARS else text[: _TEXT_CHARS - 1] + "…"


def event_detail(
    reason: str, text: str, target_id: int | None = None, target_text: str | None = None, memory_id: int | None = None
) -> str:
    """The human line of one decision: its reason, the text written and the stored one
    (labelled ``text:``: ``new:`` read as a second reason after "new: nothing stored…"), and
    last ``memory #N``, the memory the decision wrote or kept (``memory_id``: the new one of an
    insert or a supersede, the one that absorbed or took the new wording), never cut off."""
    parts = [reason.strip() or "-", f"text: {_cut(text)!r}"]
    if target_id is not None:
        parts.append(f"#{target_id}: {_cut(target_text or '')!r}")
    tail = f"{_MEMORY}{int(memory_id)}" if memory_id is not None else ""
    return " | ".join(parts)[: DETAIL_CHARS - len(tail)] + tail


_MEMORY = " | memory #"


def memory_of(detail: str | None) -> int | None:
    """The memory a decision's ``detail`` names last (:func:`event_detail`'s ``memory_id``), or
    ``None``: a drop, an event recorded before session 19, a detail emptied by a forgetting."""
    if not detail:
        return None
    head, marker, number = detail.rpartition(_MEMORY)
    return int(number) if marker and number.isdigit() and len(number) <= 19 else None
