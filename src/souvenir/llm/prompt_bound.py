"""How long a background prompt may be: its read bounded by the server's prompt-read rate (issue #25).

A single-slot server (llama.cpp, llama-cpp-python) reads a prompt whole once it has begun: it
looks for a hang-up only between the tokens it generates. So the gate's "live replies first"
(:mod:`souvenir.llm.gate`) cannot stop a background request during its prompt read, and a
live reply arriving then waits for the whole read. Session 21's held-out ``dlg3-fr`` run
(docs/model.md): live probes waited behind background requests of 15–29 s, one of them a
749-token prompt read for 9.6 s — a reflection of a request to forget, whose prompt lists the
user's newest memories (up to 30) for the model to name.

The bound: the **data** a background request sends past its system prompt (the exchange of a
reflection, the profile and questions of a summary) is at most ``read_s × tokens_per_s``
tokens (:func:`data_bound`). The system prompt is left out: it is the same for every call of a
kind, and a server with a prompt cache keeps it between requests (session 20 measured the
395-token prefix restored after a live reply, only the data read again). ``read_s``
(``SOUVENIR_LLM_BACKGROUND_READ_S``, default :data:`READ_S`): the longest a live reply should
wait for a read begun before it — issue #25's acceptance, a live reply within 2 s of its time
without memory. ``tokens_per_s`` (``SOUVENIR_LLM_PROMPT_TOKENS_PER_S``, default
:data:`TOKENS_PER_S`): the server's prompt-read rate, measured (docs/model.md, "Session 22").

Tokens are counted by :func:`data_tokens` at the worst ratios read on SmolLM2's tokenizer (an
English-centric 49k vocabulary) over the data of 189 reflection and summary requests Souvenir
sent for ``dialogues2`` and ``dlg3-fr`` (JSON with English keys): 0.415 a character of a text
with no Han (French and Malay the highest), and with 0.42 for those, 2.12 a Han character
(:data:`~souvenir.llm.budget.HAN_TOKENS_PER_CHAR`, 2.2, is used). So the estimate errs long and
the bound short. Two kinds of character are a token or more each whatever surrounds them
(session 24, read on the GGUF's own vocabulary and merges): an ASCII digit is always one token
(SmolLM2 splits numbers into digits: "31400" is 5 tokens; "012-448 3091" was 12 tokens against 6
estimated), and an emoji or pictograph (U+2600–U+27BF, past U+FFFF) is three byte-tokens
(:data:`DIGIT_TOKENS`, :data:`EMOJI_TOKENS`). Full-width punctuation (。，！, one or two tokens)
stays at the text's ratio: the Han beside it, counted long, covers it (the read dialogues' zh turns
sent as a message and its reply: 10% long in all, at most 14% short for one; a short message
alone, 谢谢。, 7 tokens against 5, is under :data:`MIN_DATA_TOKENS`).

What is cut never loses a fact silently: a reflection first lists fewer of the memories a
request to forget may name (the request is also read by code at its turn), then cuts the
assistant's reply (context, never a source of the user's facts); when the user's message alone
is over the bound, the turn is not sent at all and goes the no-model way (its message kept as
its episode where the no-model path keeps it). A summary first drops its oldest recent
questions, then cuts the new message's tail (the facts are in the memories; the summary is a
profile). Each cut is counted by kind and cause (``souvenir_prompts_bounded_total``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any
from dataclasses import dataclass, field

from souvenir.lexical.tokens import is_han
from souvenir.llm.gate import is_local
from souvenir.ground.config import BACKGROUND_READ_S as READ_S
from souvenir.ground.config import PROMPT_TOKENS_PER_S as TOKENS_PER_S
from souvenir.llm.budget import HAN_TOKENS_PER_CHAR

__all__ = [
    "READ_S",
    "TOKENS_PER_S",
    "Fit",
    "background_read_s",
    "data_bound",
    "data_tokens",
    "fit_reflection",
    "fit_summary",
]

#: Tokens per character of a request's data (JSON, English keys) but Han (module docstring).
DATA_TOKENS_PER_CHAR = 0.42
#: Tokens of an ASCII digit and of an emoji (module docstring).
DIGIT_TOKENS = 1.0
EMOJI_TOKENS = 3.0
#: The least data bound (tokens): a short exchange always goes to the model, whatever the settings.
MIN_DATA_TOKENS = 48


def background_read_s(settings: Any, chat: Any) -> float:
    """The read bound in force (seconds; 0: none): ``settings.llm_background_read_s`` when set,
    else :data:`READ_S` for a single-slot server on this machine — a loopback URL whose gate
    lets one background call through at once (:func:`~souvenir.llm.gate.default_capacity`) —
    and 0 for any other upstream: a hosted API or a server with several slots answers a live
    reply beside a background read, and a message cut to ~285 characters there would send
    most long messages the no-model way for nothing."""
    if settings.llm_background_read_s is not None:
        return float(settings.llm_background_read_s)
    if chat is None or not is_local(settings.llm_base_url or "") or chat.gate.capacity != 1:
        return 0.0
    return READ_S


def data_bound(read_s: float, tokens_per_s: float) -> int | None:
    """Tokens of data a background request may send (``None``: no bound, ``read_s`` 0)."""
    if read_s <= 0 or tokens_per_s <= 0:
        return None
    return max(MIN_DATA_TOKENS, int(read_s * tokens_per_s))


def data_tokens(text: str) -> int:
    """Tokens of ``text`` at the worst ratios measured (module docstring: errs long)."""
    han = digits = wide = 0
    for ch in text:
        if is_han(ch):
            han += 1
        elif "0" <= ch <= "9":
            digits += 1
        elif ord(ch) > 0xFFFF or 0x2600 <= ord(ch) <= 0x27BF:  # emoji, pictographs
            wide += 1
    rest = len(text) - han - digits - wide
    return math.ceil(
        han * HAN_TOKENS_PER_CHAR + digits * DIGIT_TOKENS + wide * EMOJI_TOKENS + rest * DATA_TOKENS_PER_CHAR
    )


@dataclass(slots=True)
class Fit:
    """What is sent: ``reply`` (a reflection's) or ``queries`` (a summary's), ``memories``,
    ``message``; ``causes``: what was cut ("memories", "reply", "queries", "message");
    ``over``: the message alone is over the bound (a reflection is not sent)."""

    message: str
    reply: str = ""
    memories: list[dict] | None = None
    queries: list[str] = field(default_factory=list)
    causes: list[str] = field(default_factory=list)
    over: bool = False


def _cut(text: str, chars: int) -> str:
    """``text`` cut to ``chars`` characters at a word end (a Han text anywhere), marked "…"."""
    if len(text) <= chars:
        return text
    head = text[: max(0, chars - 1)]
    space = head.rfind(" ")
    if space > chars // 2:
        head = head[:space]
    return head.rstrip() + "…" if head.strip() else ""


def _shrink(text: str, too_many: int) -> str:
    """``text`` shortened by about ``too_many`` tokens (its characters read at their ratio)."""
    per_char = data_tokens(text) / max(1, len(text))
    return _cut(text, max(0, len(text) - math.ceil(too_many / max(per_char, 1e-6)) - 1))


def fit_reflection(
    build: Callable[[str, str, list[dict] | None], str],
    message: str,
    reply: str,
    memories: list[dict] | None,
    bound: int | None,
) -> Fit:
    """The reflection's data within ``bound`` tokens (``build(message, reply, memories)`` →
    the data text): fewer memories listed (the newest kept: they come newest first), then the
    reply cut, else ``over``."""
    fit = Fit(message=message, reply=reply, memories=list(memories) if memories is not None else None)
    if bound is None or data_tokens(build(message, reply, memories)) <= bound:
        return fit
    if data_tokens(build(message, "", None)) > bound:  # nothing else to cut
        fit.causes.append("message")
        fit.over = True
        return fit
    if fit.memories:
        fit.causes.append("memories")
        while fit.memories and data_tokens(build(message, reply, fit.memories)) > bound:
            fit.memories.pop()
        if data_tokens(build(message, reply, fit.memories)) <= bound:
            return fit
    if reply:
        fit.causes.append("reply")
        over = data_tokens(build(message, reply, fit.memories)) - bound
        fit.reply = _shrink(reply, over) if over < data_tokens(reply) else ""
        while fit.reply and data_tokens(build(message, fit.reply, fit.memories)) > bound:
            fit.reply = _cut(fit.reply, len(fit.reply) * 3 // 4)
    if data_tokens(build(message, fit.reply, fit.memories)) > bound:  # memories kept past the reply
        fit.memories = []
    return fit


def fit_summary(build: Callable[[list[str], str], str], queries: list[str], message: str, bound: int | None) -> Fit:
    """The summary's data within ``bound`` tokens (``build(queries, message)`` → the data text):
    its oldest recent questions dropped (they come oldest first), then the message's tail cut."""
    fit = Fit(message=message, queries=list(queries))
    if bound is None or data_tokens(build(queries, message)) <= bound:
        return fit
    if fit.queries:
        fit.causes.append("queries")
        while fit.queries and data_tokens(build(fit.queries, message)) > bound:
            fit.queries.pop(0)
        if data_tokens(build(fit.queries, message)) <= bound:
            return fit
    fit.causes.append("message")
    over = data_tokens(build(fit.queries, message)) - bound
    fit.message = _shrink(message, over)
    while fit.message and data_tokens(build(fit.queries, fit.message)) > bound:
        fit.message = _cut(fit.message, len(fit.message) * 3 // 4)
    return fit
