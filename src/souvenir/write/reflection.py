"""The reflection contract: what the model is asked after a reply, and how its answer is read.

After the reply, one model call re-reads the exchange and returns JSON (seed 000):
candidate memories (text, kind, scope, confidence), an optional story-summary update,
and a few bounded state deltas. The model proposes; this module only reads its answer,
strictly and item by item: a malformed or partial answer drops only the bad items, each
drop with its reason (the engine logs and counts them). Nothing here does I/O.

Malformed JSON (a trailing comma, single quotes, unquoted keys, prose around the object,
an unescaped quote, a cut-off end) is repaired by ``json-repair`` before the same strict
validation (issue #14: the old fallback recovered 2 of 10 malformed answers, the library 8).
Validation never fills a gap: an item missing ``text``, ``kind``, ``scope`` or
``confidence`` is dropped and counted, and when the answer was cut off its last memory
is dropped too (a truncated "Likes ja…" must not become a memory). An answer with no JSON
at all is ``unreadable``: the worker retries it like a failed call.

Shapes: :data:`REFLECTION_SCHEMA` (JSON schema sent where the server supports structured
output), :func:`parse_reflection` (text → :class:`Reflection`), :func:`reflection_messages`
(the chat messages of the call).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

import json_repair
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from souvenir.privacy import redact
from souvenir.ground.limits import MAX_TEXT_BYTES
from souvenir.ground.types import CANDIDATE_KINDS, Candidate

#: At most this many candidates are read from one reflection; the rest are dropped and
#: counted (a model looping on its output must not flood the store).
MAX_CANDIDATES = 32
#: A memory is a short note; longer "candidates" are transcripts, not memories.
MAX_CANDIDATE_CHARS = 500
#: The story summary is rewritten whole by each reflection (seed 000), within this size.
MAX_SUMMARY_CHARS = 4000
#: State deltas: at most this many keys, each in [-1, 1], keys ``[a-z_]{1,32}``.
MAX_STATE_DELTAS = 8
#: State keys one user holds, at most: a new key past it is dropped with a reason (a model
#: naming a new key each turn grew the profile every context returns without bound). Four
#: reflections' worth of new keys; the prompt's example is one key ("trust").
MAX_USER_STATE_KEYS = 32
#: Positions and anchors read from one reflection, at most.
MAX_POSITIONS = 8
MAX_ANCHORS = 8
#: Memory ids one reflection may propose to forget, at most (issue #26).
MAX_FORGET = 8
#: A position's topic, stance or justification, and an anchor, are short.
MAX_STORY_CHARS = 500

#: Default confidence floor: none (0). A model's confidence is one signal, not a floor that
#: trusts it: seed 000's model put clear facts at >= 0.85 and chatter below, SmolLM2-135M
#: gives its near-copies of the user's words 0-0.1 and its inventions 1-2 (issue #25: the
#: old 0.6 floor dropped all 6 true candidates of 37). What decides is the code (filters and
#: grounding, :mod:`souvenir.write.grounding`); how far each model's confidence agrees with
#: those decisions is tallied per model (:mod:`souvenir.write.confidence`). Configurable
#: (``SOUVENIR_REFLECTION_MIN_CONFIDENCE``) for a model whose agreement was measured.
DEFAULT_MIN_CONFIDENCE = 0.0

REFLECTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "memories": {
            "type": "array",
            "maxItems": MAX_CANDIDATES,
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string"},
                    "kind": {"type": "string", "enum": list(CANDIDATE_KINDS)},
                    "scope": {"type": "string", "enum": ["global", "story"]},
                    "confidence": {"type": "number"},
                },
                "required": ["text", "kind", "scope", "confidence"],
            },
        },
        "summary": {"type": ["string", "null"]},
        "state": {"type": "object", "additionalProperties": {"type": "number"}},
        "positions": {
            "type": "array",
            "maxItems": MAX_POSITIONS,
            "items": {
                "type": "object",
                "properties": {
                    "topic": {"type": "string"},
                    "stance": {"type": "string"},
                    "justification": {"type": "string"},
                },
                "required": ["topic", "stance", "justification"],
            },
        },
        "anchors": {
            "type": "object",
            "properties": {
                "add": {"type": "array", "items": {"type": "string"}},
                "remove": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"id": {"type": "integer"}, "reason": {"type": "string"}},
                        "required": ["id", "reason"],
                    },
                },
            },
        },
        "forget": {"type": "array", "maxItems": MAX_FORGET, "items": {"type": "integer"}},
    },
    "required": ["memories"],
}

# The field wording matters: seed 000 measured verbatim copying of the user's words fall
# from 4/12 to 0/12 once the field stopped saying "in their own terms". The language line
# answers mem0's most reported multilingual fault (memories translated to English).
_HEAD = """You maintain long-term notes about the USER of a chat.
Read the exchange and answer with JSON only, of this shape:
"""
_MEMORIES = """- memories: durable facts about the user worth recalling weeks later. "text" is a short
  third-person note that paraphrases what the user revealed, written in your own words
  (never a quotation of their sentences); about the user only, not the assistant, not a
  character, not other people. Keep negations ("does not like X").
  Write each "text" in the language the user wrote in (the language of the user's
  message, "user_language" when given), never translated; names, places and numbers as
  the user wrote them.
  "kind": fact, preference, promise or episode. "scope": global (true of the user
  anywhere) or story (only within the current story). "confidence": 0 to 1.
  An empty list is a fine answer.
"""
_STORY = """- summary: the whole story summary rewritten, or null to keep it.
- state: optional small numeric changes (each between -1 and 1), e.g. {"trust": 0.1}.
- positions: the character's stances taken in this exchange: {"topic", "stance" (a short
  description of the view, not the reply's wording), "justification" (why, from the
  exchange)}. Optional.
- anchors: key story facts to keep above the summary: {"add": [fact, ...], "remove":
  [{"id": anchor id, "reason": why it no longer holds}]}. Optional; a removal needs a reason."""
#: The story's part when its summary was not sent (its read over the bound:
#: :mod:`souvenir.llm.story_bound`): the model writes what the exchange adds, code appends it.
_STORY_ADD = _STORY.replace(
    "- summary: the whole story summary rewritten, or null to keep it.",
    "- summary: what this exchange adds to the story summary (the summary is kept and not shown\n"
    "  here): one or two short sentences, or null when it adds nothing.",
)
#: Added to either prompt when the user's message asks to forget something (issue #26).
_FORGET = """
- forget: when the user asks you to forget or delete something they said, the ids of the
  listed "memories" it is about (code checks each against the request). Optional. The
  request itself is never a memory: do not write what they asked to forget."""
_SHAPE = '{"memories": [{"text": ..., "kind": ..., "scope": ..., "confidence": ...}], "summary": ..., "state": {...}}\n'
_BRIEF_SHAPE = '{"memories": [{"text": ..., "kind": ..., "scope": ..., "confidence": ...}]}\n'
#: The prompt of an exchange inside a story (seed 000: memories, the story's summary,
#: state, positions, anchors).
REFLECTION_SYSTEM = _HEAD + _SHAPE + _MEMORIES + _STORY
#: The prompt of an exchange inside a story whose summary is not sent: what it adds.
REFLECTION_SYSTEM_ADD = _HEAD + _SHAPE + _MEMORIES + _STORY_ADD
#: The prompt of an exchange outside any story: memories only (the story's parts would be
#: dropped anyway: "anchors need a story"); half the prompt a small model reads per turn.
REFLECTION_SYSTEM_BRIEF = _HEAD + _BRIEF_SHAPE + _MEMORIES.rstrip()


@dataclass(slots=True)
class Reflection:
    """A parsed reflection: kept ``candidates``, optional ``summary``, clamped ``state``
    deltas, and ``dropped`` (one reason per item that was not kept)."""

    candidates: list[Candidate] = field(default_factory=list)
    summary: str | None = None
    state: dict[str, float] = field(default_factory=dict)
    positions: list[tuple[str, str, str]] = field(default_factory=list)
    anchors_add: list[str] = field(default_factory=list)
    anchors_remove: list[tuple[int, str]] = field(default_factory=list)
    #: Memory ids the model proposes to forget (a request said in chat); code decides.
    forget: list[int] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    #: Copies of a piece of the message not written because the turn's notes hold most of
    #: them, though not all: the turn keeps the message whole so their rest is not lost.
    set_aside: list[str] = field(default_factory=list)
    #: Why the whole answer could not be read (no JSON in it), else ``None``: retried.
    unreadable: str | None = None
    #: The answer was malformed JSON, repaired before validation.
    repaired: bool = False


class _Item(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=False)

    text: str = Field(min_length=1)
    kind: str
    scope: str
    confidence: float

    @field_validator("text")
    @classmethod
    def _text(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("empty text")
        if len(value) > MAX_CANDIDATE_CHARS or len(value.encode("utf-8", "replace")) > MAX_TEXT_BYTES:
            raise ValueError(f"text over {MAX_CANDIDATE_CHARS} characters")
        value.encode("utf-8")  # lone surrogates raise UnicodeEncodeError (a ValueError)
        return value

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in CANDIDATE_KINDS:
            raise ValueError(f"kind {value!r} not in {CANDIDATE_KINDS}")
        return value

    @field_validator("scope")
    @classmethod
    def _scope(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in ("global", "story"):
            raise ValueError(f"scope {value!r} is not global or story")
        return value

    @field_validator("confidence")
    @classmethod
    def _confidence(cls, value: float) -> float:
        if math.isnan(value):
            raise ValueError("confidence is NaN")
        return min(1.0, max(0.0, value))


#: The most characters of a malformed answer handed to json_repair, whose time is quadratic in
#: its input on some texts (a string of escaped quotes; docs/security.md, "A model's answer is
#: read in bounded time"). A reflection asked for is a few KB (:mod:`souvenir.llm.budget`: 4
#: notes, a story summary of at most 4,000 characters).
MAX_REPAIR_CHARS = 65_536


def _unfenced(text: str) -> str:
    """``text`` (stripped) without a Markdown code fence around it (```` ```json … ``` ````),
    read in linear time (a pattern with a lazy body between two runs of blanks was cubic on a
    run of blanks)."""
    if len(text) < 6 or not text.startswith("```") or not text.endswith("```"):
        return text
    body = text[3:-3]
    return (body[4:] if body.startswith("json") else body).strip()


@dataclass(frozen=True, slots=True)
class _Loaded:
    data: dict | None
    error: str | None = None
    repaired: bool = False
    truncated: bool = False


def _load(raw: str | bytes | dict) -> _Loaded:
    if isinstance(raw, dict):
        return _Loaded(raw)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            return _Loaded(None, "answer is not UTF-8")
    text = raw.strip()
    text = _unfenced(text)
    repaired = truncated = False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        if "{" not in text and "[" not in text:
            return _Loaded(None, "answer is not JSON")
        head = text[:MAX_REPAIR_CHARS]  # only the head: the repair's time is quadratic
        try:
            data = json_repair.loads(head)
        except Exception:  # noqa: BLE001 - a repair that fails is an unreadable answer
            data = None
        if not isinstance(data, (dict, list)) or not data:
            return _Loaded(None, "answer is not JSON (nothing could be repaired)")
        repaired = True
        truncated = _cut_off(head)
    if isinstance(data, list):  # a bare list of memories
        data = {"memories": data}
    if not isinstance(data, dict):
        return _Loaded(None, f"answer is JSON {type(data).__name__}, not an object")
    return _Loaded(data, None, repaired, truncated)


def _cut_off(text: str) -> bool:
    """The answer stops inside a value: nothing closes it, or JSON (a quote, a key, an
    opening bracket) goes on after its last closing bracket; prose after it ("Hope this
    helps!") is not a cut."""
    last = max(text.rfind("}"), text.rfind("]"))
    return last < 0 or any(ch in text[last + 1 :] for ch in "\"':{[")


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error.get("loc", ()))
        return f"{where}: {error['msg']}" if where else error["msg"]
    return str(exc)


def parse_reflection(
    raw: str | bytes | dict, min_confidence: float = DEFAULT_MIN_CONFIDENCE, source: str | None = None
) -> Reflection:
    """Read a model's reflection answer; never raises on bad content.

    Malformed JSON is repaired first (module docstring); an answer with no JSON at all
    sets ``unreadable``. Each memory item is validated on its own (pydantic, every field
    required); an invalid one is dropped with its reason, the others kept. Confidence is clamped to [0, 1]; items under
    ``min_confidence`` are dropped. ``source`` is set on every kept candidate.
    """
    result = Reflection()
    loaded = _load(raw)
    data = loaded.data
    if data is None:
        result.unreadable = loaded.error or "unreadable answer"
        result.dropped.append(result.unreadable)
        return result
    result.repaired = loaded.repaired
    items = data.get("memories", data.get("candidates", []))
    if not isinstance(items, list):
        result.dropped.append("'memories' is not a list")
        items = []
    if loaded.truncated and items:
        result.dropped.append(f"memory {len(items) - 1}: the answer was cut off, its last memory may be incomplete")
        items = items[:-1]
    if len(items) > MAX_CANDIDATES:
        result.dropped.append(f"{len(items) - MAX_CANDIDATES} memories over the cap of {MAX_CANDIDATES}")
        items = items[:MAX_CANDIDATES]
    seen: set[str] = set()
    for number, item in enumerate(items):
        try:
            parsed = _Item.model_validate(item)
        except (ValidationError, ValueError, TypeError) as exc:
            result.dropped.append(f"memory {number}: {_first_error(exc)}")
            continue
        if parsed.confidence < min_confidence:
            result.dropped.append(f"memory {number}: confidence {parsed.confidence:.2f} < {min_confidence}")
            continue
        if parsed.text in seen:
            result.dropped.append(f"memory {number}: repeated in the same answer")
            continue
        seen.add(parsed.text)
        result.candidates.append(
            Candidate(
                text=parsed.text, kind=parsed.kind, scope=parsed.scope, confidence=parsed.confidence, source=source
            )
        )
    summary = data.get("summary")
    if isinstance(summary, str) and summary.strip():
        try:
            summary.encode("utf-8")
            result.summary = summary.strip()[:MAX_SUMMARY_CHARS]
        except UnicodeEncodeError:
            result.dropped.append("summary is not valid UTF-8")
    elif summary is not None:
        result.dropped.append("summary is not a string")
    state = data.get("state") or {}
    if isinstance(state, dict):
        for key, value in list(state.items())[:MAX_STATE_DELTAS]:
            if (
                isinstance(key, str)
                and re.fullmatch(r"[a-z_]{1,32}", key)
                and isinstance(value, (int, float))
                and not isinstance(value, bool)
                and math.isfinite(value)
            ):
                result.state[key] = min(1.0, max(-1.0, float(value)))
            else:
                result.dropped.append(f"state {redact(str(key))[0][:40]!r}: not a bounded number")
    else:
        result.dropped.append("state is not an object")
    _story_items(data, result)
    _forget_items(data, result)
    return result


def _forget_items(data: dict, result: Reflection) -> None:
    """Memory ids to forget: integers only, at most :data:`MAX_FORGET` (the rest dropped)."""
    items = data.get("forget") or []
    if not isinstance(items, list):
        result.dropped.append("forget is not a list")
        return
    for item in items[:MAX_FORGET]:
        if isinstance(item, int) and not isinstance(item, bool) and item > 0:
            result.forget.append(item)
        else:
            result.dropped.append("forget: not a memory id")
    if len(items) > MAX_FORGET:
        result.dropped.append(f"forget: {len(items) - MAX_FORGET} ids over the cap of {MAX_FORGET}")


def _short(value: object) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_STORY_CHARS:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return value.strip()


def _story_items(data: dict, result: Reflection) -> None:
    """Positions and anchor changes, item by item (bad ones dropped with a reason)."""
    positions = data.get("positions") or []
    for number, item in enumerate(positions[:MAX_POSITIONS] if isinstance(positions, list) else []):
        fields = [_short(item.get(k)) if isinstance(item, dict) else None for k in ("topic", "stance", "justification")]
        if None in fields:
            result.dropped.append(f"position {number}: needs a short topic, stance and justification")
        else:
            result.positions.append((fields[0], fields[1], fields[2]))  # type: ignore[arg-type]
    anchors = data.get("anchors") or {}
    if not isinstance(anchors, dict):
        result.dropped.append("anchors is not an object")
        return
    for text in (anchors.get("add") or [])[:MAX_ANCHORS]:
        if (short := _short(text)) is not None:
            result.anchors_add.append(short)
        else:
            result.dropped.append("anchor to add: not a short text")
    for item in (anchors.get("remove") or [])[:MAX_ANCHORS]:
        reason = _short(item.get("reason")) if isinstance(item, dict) else None
        anchor_id = item.get("id") if isinstance(item, dict) else None
        if not isinstance(anchor_id, int) or isinstance(anchor_id, bool):
            result.dropped.append("anchor removal: no anchor id")
        elif reason is None:
            result.dropped.append(f"anchor {anchor_id} removal refused: no reason given")
        else:
            result.anchors_remove.append((anchor_id, reason))


def reflection_schema(story: bool = True) -> dict[str, Any]:
    """The JSON schema of a reflection: :data:`REFLECTION_SCHEMA` inside a story, its
    memories alone outside one (a shorter prompt and grammar for the model)."""
    if story:
        return REFLECTION_SCHEMA
    return {
        "type": "object",
        "properties": {
            "memories": REFLECTION_SCHEMA["properties"]["memories"],
            "forget": REFLECTION_SCHEMA["properties"]["forget"],
        },
        "required": ["memories"],
    }


def reflection_messages(
    user_message: str,
    assistant_reply: str,
    summary: str | None = None,
    anchors: list[dict] | None = None,
    language: str | None = None,
    memories: list[dict] | None = None,
    story: bool = True,
    story_add: bool = False,
) -> list[dict]:
    """The chat messages of the reflection call (system prompt + the exchange as data);
    ``language``: the user's language code when known (``fr``, ``zh``…), for the notes;
    ``memories``: ``{"id", "text"}`` of the user's memories, given when the message asks to
    forget something (the model may name their ids under ``forget``, and the prompt says
    so); ``story``: whether the exchange is inside a story (else the memories-only prompt);
    ``story_add``: the story's summary is not sent, the model says what the exchange adds to it
    (:data:`REFLECTION_SYSTEM_ADD`)."""
    exchange: dict = {"user": user_message, "assistant": assistant_reply}
    if language:
        exchange["user_language"] = language
    if summary:
        exchange["current_summary"] = summary
    if anchors:
        exchange["anchors"] = [{"id": a["id"], "text": a["text"]} for a in anchors]
    if memories:
        exchange["memories"] = [{"id": m["id"], "text": m["text"]} for m in memories]
    return [
        {
            "role": "system",
            "content": (
                (REFLECTION_SYSTEM_ADD if story_add else REFLECTION_SYSTEM) if story else REFLECTION_SYSTEM_BRIEF
            )
            + (_FORGET if memories else ""),
        },
        {"role": "user", "content": "Exchange (JSON data):\n" + json.dumps(exchange, ensure_ascii=False)},
    ]
