"""The summariser's prompt (seed 001 §4.3): plain text out, ≤ 300 characters, merged.

Pure data: the engine sends these messages on the summary model; the answer goes through
:func:`souvenir.profile.summary_writes` (cut at a sentence boundary, never appended).
"""

from __future__ import annotations

import json

SUMMARY_SYSTEM = (
    "You keep a short profile of a customer for a support bot. Rewrite the profile from the "
    "prior profile, the customer's recent questions and their new message. Keep only key "
    "facts, preferences, products or orders they asked about, and their language; drop "
    "greetings and repetition. Merge new information into the old (replace what changed), "
    "do not append. Plain text, one paragraph, at most 300 characters, in the customer's "
    "language. Never invent anything. Answer with the profile text only."
)


#: The keys of the data a summary call sends: an answer that holds one is an echo of the request.
DATA_KEYS = ("prior_profile", "recent_questions", "new_message")


def summary_messages(prior: str | None, queries: list[str], message: str, language: str | None = None) -> list[dict]:
    """Chat messages of one summary call; the customer's text is passed as JSON data."""
    data = {
        "prior_profile": prior or "",
        "recent_questions": queries,
        "new_message": message,
        "language": language or "unknown",
    }
    return [
        {"role": "system", "content": SUMMARY_SYSTEM},
        {"role": "user", "content": json.dumps(data, ensure_ascii=False)},
    ]
