"""Is a summariser's answer a profile at all? (issue #25)

Seed 001 asks the summariser for plain prose of at most 300 characters in the customer's
language, and keeps the old summary when a run fails. A small model fails in ways an empty
answer does not cover: on SmolLM2-135M two users' summaries were fragments of the JSON the
model had been given. :func:`summary_problem` names what makes an answer unusable — the old
summary then stays, as after a failed call:

* **JSON** — an object, a list or a code fence instead of prose (an echo of the request's
  data, or a model in JSON mode), or prose holding the request's data (one of its keys, as
  "Fake reply to: {"prior_profile": …" from a model that echoes its input behind a preamble);
* **an echo** — the answer opens with a stretch of the customer's own message or recent
  questions (the model repeated its input instead of describing the customer);
* **the instructions** — the answer holds a sentence of the summariser's own instructions
  (:data:`souvenir.profile.prompt.SUMMARY_SYSTEM`: "You keep a short profile of a customer for
  a support bot." behind a preamble, from a model that repeats its prompt; session 19);
* **a refusal** — "I'm sorry, I cannot…", "抱歉，我无法…", "Je suis désolé…", "Maaf, saya tidak
  dapat…" at its start;
* **another language** — the answer is confidently in another language than the customer's
  (:func:`souvenir.profile.language.detect_language` on both: an answer it cannot place is
  never rejected for it).

Pure: text in, a reason or ``None`` out.
"""

from __future__ import annotations

import json

from souvenir.lexical import normalize
from souvenir.profile.language import detect_language, normalize_code
from souvenir.profile.prompt import DATA_KEYS, SUMMARY_SYSTEM

__all__ = ["ECHO_CHARS", "INSTRUCTION_SENTENCES", "REFUSALS", "summary_problem"]

#: An answer whose first this-many normalised characters appear in the customer's own words
#: is an echo: longer than a name or an order number repeated in a real summary (a product
#: name with its number, "blue kettle LZ-7731", is 20).
ECHO_CHARS = 32
#: The summariser's instructions, sentence by sentence, normalised: those of at least
#: :data:`ECHO_CHARS` characters (six of seven; "Never invent anything." is left out: a short
#: sentence a real profile might say).
INSTRUCTION_SENTENCES = tuple(
    sentence
    for sentence in (normalize(part) for part in SUMMARY_SYSTEM.replace(". ", ".\n").splitlines())
    if len(sentence) >= ECHO_CHARS
)
#: Openings of a refusal, lower-cased, in the four first-class languages.
REFUSALS = (
    "i'm sorry",
    "i am sorry",
    "sorry, i",
    "i cannot",
    "i can't",
    "i'm unable",
    "i am unable",
    "as an ai",
    "je suis désolé",
    "je suis désolée",
    "désolé, je",
    "je ne peux pas",
    "en tant qu'ia",
    "抱歉",
    "对不起",
    "我无法",
    "我不能",
    "作为一个ai",
    "作为ai",
    "作为人工智能",
    "maaf, saya",
    "saya tidak dapat",
    "saya tidak boleh",
    "sebagai ai",
)


def _is_json(text: str) -> bool:
    if text.startswith("```") or text[:1] in "{[":
        return True
    try:
        return isinstance(json.loads(text), (dict, list))
    except ValueError:
        return False


def summary_problem(answer: str, own_words: list[str], language: str | None = None) -> str | None:
    """Why ``answer`` cannot be the customer's profile summary, or ``None`` when it can.

    ``own_words``: the customer's texts the summariser was given (the new message, the recent
    questions); ``language``: the profile's language code (``None``: not checked)."""
    text = answer.strip()
    if not text:
        return None  # empty: the old summary stays anyway (summary_writes)
    if _is_json(text) or any(key in text for key in DATA_KEYS):
        return "JSON, not a prose profile"
    normalised = normalize(text)
    if any(sentence in normalised for sentence in INSTRUCTION_SENTENCES):
        return "an echo of the summariser's instructions, not a profile"
    lowered = text.lower()
    if any(lowered.startswith(opening) for opening in REFUSALS):
        return "a refusal, not a profile"
    opening = normalize(text)[:ECHO_CHARS]
    if len(opening) >= ECHO_CHARS and any(opening in normalize(words) for words in own_words if words):
        return "an echo of the customer's words, not a profile"
    expected = normalize_code(language) if language else None
    found = detect_language(text) if expected else None
    if expected and found and found != expected and (expected, found) not in (("ms", "id"), ("id", "ms")):
        return f"written in {found}, not in the customer's language ({expected})"
    return None
