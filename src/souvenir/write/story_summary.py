"""A reflection's story summary: is it one, and what is stored (issue #25, session 23).

Seed 000's reflection rewrites the story's summary whole (or, its read over the bound, says
what the exchange adds to it: :mod:`souvenir.llm.story_bound`). A small model fails there as it
fails the profile summary (:mod:`souvenir.profile.summary_check`): it echoes its JSON input, the
user's message or the character's reply, repeats its instructions, or refuses. Such an answer
never replaces the summary: the old one stays, as after a failed call (seed 000: a fact
overwritten is only recovered by chance). Nor does an answer cut at its bound or in a loop: a
rewrite cut short would drop the summary's tail. Pure::

    story_summary_problem('{"user": "I moved", "current_summary": …}', ["I moved"])  -> "JSON, not a summary"
    story_summary_problem("I'm sorry, I cannot help with that.", [])                  -> "a refusal, not a summary"
    next_summary("Ana met Rui in Porto.", "They argued about the boat.", add=True)
        -> "Ana met Rui in Porto. They argued about the boat."

:func:`story_summary_problem` names why an answer is no summary (``None``: it is one);
:func:`next_summary` is the summary to store, or ``None`` to keep the old one.
"""

from __future__ import annotations

from souvenir.lexical import normalize
from souvenir.profile.summary_check import ECHO_CHARS, REFUSALS, summary_problem
from souvenir.write.reflection import MAX_SUMMARY_CHARS, REFLECTION_SYSTEM, REFLECTION_SYSTEM_ADD

__all__ = ["DATA_KEYS", "INSTRUCTION_SENTENCES", "next_summary", "story_summary_problem"]

#: The keys of a reflection's data (:func:`souvenir.write.reflection.reflection_messages`): one in
#: a summary is the model's echo of its input.
DATA_KEYS = ('"user":', '"assistant":', "current_summary", "user_language", '"anchors":', '"memories":')
#: The reflection's instructions, sentence by sentence, normalised (those of at least
#: :data:`~souvenir.profile.summary_check.ECHO_CHARS` characters, as for the profile summary).
INSTRUCTION_SENTENCES = tuple(
    sentence
    for sentence in {
        normalize(part)
        for system in (REFLECTION_SYSTEM, REFLECTION_SYSTEM_ADD)
        for part in system.replace(". ", ".\n").replace(": ", ":\n").splitlines()
    }
    if len(sentence) >= ECHO_CHARS
)


def story_summary_problem(answer: str, own_words: list[str]) -> str | None:
    """Why ``answer`` (a reflection's ``summary``) cannot be the story's summary, or ``None``.

    ``own_words``: the exchange's texts the model was given (the user's message, the reply):
    an answer opening with :data:`~souvenir.profile.summary_check.ECHO_CHARS` of them is an
    echo. JSON, the data's keys, a sentence of the instructions and a refusal are rejected as
    for the profile summary; the language is not checked (a story may mix languages)."""
    text = answer.strip()
    if not text:
        return None
    if any(key in text for key in DATA_KEYS):
        return "JSON, not a summary"
    normalised = normalize(text)
    if any(sentence in normalised for sentence in INSTRUCTION_SENTENCES):
        return "an echo of the reflection's instructions, not a summary"
    lowered = text.lower()
    if any(lowered.startswith(opening) for opening in REFUSALS):
        return "a refusal, not a summary"
    problem = summary_problem(text, own_words)
    if problem is not None:
        return problem.replace("a prose profile", "a summary").replace("a profile", "a summary")
    return None


def next_summary(old: str | None, answer: str | None, add: bool) -> str | None:
    """The story summary to store after a reflection's ``answer`` (``None``: keep ``old``).

    ``add``: the answer is what the exchange adds (the summary was not sent), appended to
    ``old``; an addition already in ``old`` adds nothing, and one that would take the summary
    past :data:`~souvenir.write.reflection.MAX_SUMMARY_CHARS` is not stored (the old summary
    stays whole: a cut would drop facts). Else the answer is the whole summary rewritten."""
    text = (answer or "").strip()
    if not text:
        return None
    if not add:
        return text[:MAX_SUMMARY_CHARS]
    if old and normalize(text) in normalize(old):
        return None
    merged = f"{old.rstrip()} {text}" if old and old.strip() else text
    return merged if len(merged) <= MAX_SUMMARY_CHARS else None
