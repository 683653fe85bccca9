"""A story's summary and anchors within a background prompt's read bound (issue #25, session 23).

Inside a story the reflection is given the story's summary (seed 000: rewritten whole by each
reflection, up to 4,000 characters) and its anchors (facts held by code above the summary, the
model may only remove with a reason). Session 22 bounded the exchange's data
(:mod:`souvenir.llm.prompt_bound`) but sent these whole: a story of a few turns held a live
reply behind a read many times the bound, and its rewrite asked for an answer as long as the
summary. :func:`fit_story` fits them to the same bound, after the exchange's own cuts:

1. **anchors** are listed newest first until the bound (cause ``anchors``): an anchor not shown
   stays, held by code (the model can only remove what it sees; seed 000's "net" is kept);
2. the **summary** is sent whole, or not at all (cause ``summary``): a rewrite of a summary the
   model did not read whole would drop what it did not read (seed 000, « le résumé qui
   oublie »). Not sent, the reflection asks instead what the exchange **adds** to the summary
   (:data:`~souvenir.write.reflection.REFLECTION_SYSTEM_ADD`), and code appends it
   (:func:`souvenir.write.story_summary.next_summary`): nothing of the old summary can be lost.

No bound (``None``: a hosted API, a server with several slots; :func:`~souvenir.llm.prompt_bound.background_read_s`)
sends both whole, as before. Pure: texts in, what to send out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from souvenir.llm.prompt_bound import data_tokens

__all__ = ["StoryFit", "fit_story"]


@dataclass(slots=True)
class StoryFit:
    """What of the story is sent: ``summary`` (``None``: not sent), ``anchors`` (``None`` or a
    list, newest first); ``add``: the reflection asks what the exchange adds to the summary
    (the summary was not sent); ``causes``: what was cut (``anchors``, ``summary``)."""

    summary: str | None
    anchors: list[dict] | None
    add: bool = False
    causes: list[str] = field(default_factory=list)


def fit_story(
    build: Callable[[str | None, list[dict] | None], str],
    summary: str | None,
    anchors: list[dict] | None,
    bound: int | None,
) -> StoryFit:
    """The story's part of a reflection's data within ``bound`` tokens (``build(summary,
    anchors)`` → the whole data text, the exchange's part already fitted): anchors listed
    newest first until the bound, then the summary left out for the "what it adds" ask."""
    fit = StoryFit(summary=summary or None, anchors=list(anchors) if anchors else None)
    if bound is None or data_tokens(build(fit.summary, fit.anchors)) <= bound:
        return fit
    if fit.anchors:
        fit.causes.append("anchors")
        newest = sorted(fit.anchors, key=lambda a: a.get("id", 0), reverse=True)
        kept: list[dict] = []
        for anchor in newest:
            if data_tokens(build(fit.summary, [*kept, anchor])) > bound:
                break
            kept.append(anchor)
        fit.anchors = kept or None
        if data_tokens(build(fit.summary, fit.anchors)) <= bound:
            return fit
    if fit.summary:
        fit.causes.append("summary")
        fit.summary, fit.add = None, True
        newest = sorted(anchors or [], key=lambda a: a.get("id", 0), reverse=True)
        kept = []
        for anchor in newest:  # room freed by the summary: anchors again, newest first
            if data_tokens(build(None, [*kept, anchor])) > bound:
                break
            kept.append(anchor)
        fit.anchors = kept or None
        if "anchors" in fit.causes and len(kept) == len(newest):
            fit.causes.remove("anchors")
    return fit
