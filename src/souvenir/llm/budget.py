"""How much a model may write: token bounds from each call's contract, and retry plans.

A model that loops fills its whole context (issue #25: 2,230-2,626 tokens of repeated JSON
on SmolLM2-135M) unless the request bounds it. Each background call therefore sends a
``max_tokens`` read from what its answer is for:

* **reflection** — a JSON object with a few short notes: :data:`REFLECTION_ITEMS` memories
  of one sentence each (:data:`NOTE_CHARS`, :data:`NOTE_HAN_CHARS`) with their keys, plus, inside a story, the
  story summary rewritten (the current one and :data:`STORY_GROWTH_CHARS` more) and a few
  positions and anchors.
* **summary** — plain prose of at most 300 characters (seed 001), with a margin of
  :data:`MARGIN` so a cut falls after the sentence end the stored summary needs.

Characters become tokens through :func:`tokens_for`: the ratio is read from data — the
SmolLM2 tokenizer (a 49k English-centric vocabulary, the worst of the small models we can
run here) on the 190 memories of ``/work/shared/data/multilingual/suite.json``: at most
2.17 tokens per character for a Chinese text (1.72 on average), 0.53 for French or Malay,
0.41 for English. Larger vocabularies need fewer tokens, so the bound only errs generous.

A retry never sends the same request (:func:`retry_plan`): each attempt halves the bound
(down to :data:`MIN_TOKENS`) and nudges the temperature, so a model stuck in a loop at
temperature 0 gets a different, shorter request instead of the same one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from souvenir.lexical.tokens import is_han

__all__ = [
    "CallPlan",
    "GENERATION_TOKENS_PER_S",
    "REPLY_TOKENS",
    "STORY_ADD_CHARS",
    "fitting",
    "HAN_TOKENS_PER_CHAR",
    "OTHER_TOKENS_PER_CHAR",
    "is_looping",
    "reflection_tokens",
    "retry_plan",
    "summary_tokens",
    "tokens_for",
]

#: Tokens per character, the maxima read on the multilingual suite (module docstring).
HAN_TOKENS_PER_CHAR = 2.2
OTHER_TOKENS_PER_CHAR = 0.55
#: JSON keys and punctuation are ASCII: about 3 characters a token on every tokenizer.
ASCII_TOKENS_PER_CHAR = 0.35
#: Headroom over the contract's size (a bound exactly at the size would cut a right answer).
MARGIN = 1.25
#: "A few" memories per exchange: the reflection asks for durable facts about one message.
REFLECTION_ITEMS = 4
#: A memory is a short third-person note, one sentence (the write path caps one at 500
#: characters): this many Latin characters, or Han characters (a Han character carries a
#: word or half of one).
NOTE_CHARS = 120
NOTE_HAN_CHARS = 50
#: One memory's JSON keys: ``{"text": "", "kind": "preference", "scope": "global", "confidence": 0.9}``.
ITEM_KEYS_CHARS = 70
#: A story summary grows by at most this much per exchange.
STORY_GROWTH_CHARS = 600
#: Positions and anchors, when a story is on: a few short items.
STORY_ITEMS_CHARS = 600
#: The smallest bound a retry sends (one short memory still fits).
MIN_TOKENS = 96
#: What the exchange adds to a story's summary when the summary is not sent (its read over
#: the bound: :mod:`souvenir.llm.story_bound`): one or two sentences, a profile summary's size.
STORY_ADD_CHARS = 300
#: The slowest generation measured on a server on this machine (SmolLM2-135M on
#: llama-cpp-python, 2 cores at load 9–13: 17–28 tokens/s; docs/model.md, "Session 9"): a
#: background call to such a server asks no more tokens than its timeout lets it write
#: (:func:`fitting`).
GENERATION_TOKENS_PER_S = 17.0
#: A live chat reply Souvenir asks for itself (`souvenir chat`; the proxy relays the caller's own
#: request unchanged): a long answer of a chat, ~4,000 Latin or ~460 Han characters at the
#: ratios above.
REPLY_TOKENS = 1024


def tokens_for(text_chars: int, han: bool) -> int:
    """Tokens for ``text_chars`` characters of prose (``han``: Chinese or Japanese script)."""
    return math.ceil(text_chars * (HAN_TOKENS_PER_CHAR if han else OTHER_TOKENS_PER_CHAR))


def _han_language(language: str | None, sample: str = "") -> bool:
    """Whether the user's notes will be in Han script: their language code, else the sample."""
    if language:
        return language.lower().split("-")[0] in ("zh", "ja", "yue", "wuu")
    han = sum(1 for ch in sample[:400] if is_han(ch))
    return han * 3 >= len(sample[:400].strip() or "x")


def reflection_tokens(
    language: str | None = None,
    message: str = "",
    story_summary: str | None = None,
    story: bool = False,
    story_add: bool = False,
) -> int:
    """``max_tokens`` of one reflection: :data:`REFLECTION_ITEMS` notes with their keys, and in a
    story the whole summary rewritten (``story_add``: only what the exchange adds to it,
    :data:`STORY_ADD_CHARS`) plus positions and anchors; with :data:`MARGIN`."""
    han = _han_language(language, message)
    note = tokens_for(NOTE_HAN_CHARS if han else NOTE_CHARS, han)
    size = REFLECTION_ITEMS * (note + math.ceil(ITEM_KEYS_CHARS * ASCII_TOKENS_PER_CHAR))
    if story and story_add:
        size += tokens_for(STORY_ADD_CHARS, han)
        size += tokens_for(STORY_ITEMS_CHARS, han)
    elif story:
        size += tokens_for(len(story_summary or "") + STORY_GROWTH_CHARS, han)
        size += tokens_for(STORY_ITEMS_CHARS, han)
    return math.ceil((size + 32) * MARGIN)  # 32: the object's own keys


def summary_tokens(language: str | None = None, message: str = "", chars: int = 300) -> int:
    """``max_tokens`` of one profile summary: ``chars`` characters of prose with :data:`MARGIN`."""
    return math.ceil((tokens_for(chars, _han_language(language, message)) + 8) * MARGIN)


def fitting(max_tokens: int, timeout_s: float, tokens_per_s: float | None = GENERATION_TOKENS_PER_S) -> int:
    """``max_tokens`` cut to what ``timeout_s`` lets a server write at ``tokens_per_s``
    (``None``: not cut; never under :data:`MIN_TOKENS`): an answer the call's deadline would
    cut anyway is not asked for."""
    if not tokens_per_s or timeout_s <= 0:
        return max_tokens
    return min(max_tokens, max(MIN_TOKENS, int(timeout_s * tokens_per_s)))


@dataclass(frozen=True, slots=True)
class CallPlan:
    """One attempt's request: ``max_tokens`` and ``temperature``."""

    max_tokens: int
    temperature: float


def retry_plan(base_tokens: int, attempt: int) -> CallPlan:
    """The request of the ``attempt``-th try (1-based): the full bound at temperature 0, then
    half the previous bound (≥ :data:`MIN_TOKENS`) and 0.3 more temperature each retry (≤ 0.9)."""
    step = max(0, attempt - 1)
    tokens = max(MIN_TOKENS, base_tokens >> step) if step else base_tokens
    return CallPlan(max_tokens=min(base_tokens, tokens), temperature=round(min(0.9, 0.3 * step), 2))


#: A stretch of this many characters seen :data:`LOOP_REPEATS` times in one answer is a
#: loop (a model repeating its last memory until its token limit): longer than any key run
#: a well-formed reflection repeats (its per-item keys are ~70 characters).
LOOP_CHARS = 120
LOOP_REPEATS = 3


def is_looping(text: str) -> bool:
    """Whether ``text`` ends in a loop: its last :data:`LOOP_CHARS` characters occur
    :data:`LOOP_REPEATS` times in it (read while an answer streams: the call is cut there)."""
    if len(text) < LOOP_CHARS * LOOP_REPEATS:
        return False
    return text.count(text[-LOOP_CHARS:]) >= LOOP_REPEATS
