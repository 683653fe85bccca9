"""Admission's reasons in plain words (pure): the sentence the diagnostics page shows beside
each write decision.

The page is read by the person whose memories these are, or by a support agent on their
behalf: a reason says what happened in everyday words — "already known", "updates",
"kept beside", "nothing stored says the same thing" — never the rules' own vocabulary
(keyed value, threshold, absorb, supersede, insert). The machine side stays the decision's
``code`` (``admission.REASONS``), a stable short word for counting; only the sentence
changed (issue #26, round 5). Memory ids stay (``#12``): the page links them.

Shapes::

    key_label("home.city")          -> "town they live in"
    key_label("favourite:colour")   -> "favourite colour"
    key_label("home.city@bob")      -> "Bob's town they live in"
    refusal(3, 0.86, "it is about different people ('gina' / 'jon')")
        -> "#3 is similar (0.86) but is about different people ('gina' / 'jon')"
"""

from __future__ import annotations

__all__ = [
    "key_label",
    "new",
    "edited",
    "edited_same",
    "kept_beside",
    "refusal",
    "known_said_earlier",
    "known_nothing_more",
    "known_says_more",
    "contradicts_said_earlier",
    "corrects",
    "value_said_earlier",
    "value_updates",
    "value_differs_kept",
    "value_back",
]

_LABELS = {
    "home.city": "town they live in",
    "home.region": "region they live in",
    "home.country": "country they live in",
    "home.address": "home address",
    "employer": "employer",
    "work.place": "place they work in",
    "car": "car",
    "occupation": "job",
    "delivery.address": "delivery address",
    "phone": "phone number",
    "email": "email",
    "name": "name",
    "name.preferred": "preferred name",
    "weight": "weight",
    "height": "height",
    "salary": "salary",
    "children": "number of children",
    "birth.date": "date of birth",
}
_FAMILIES = {"favourite": "favourite", "preferred": "preferred", "usual": "usual"}


def key_label(key: str) -> str:
    """What a key is about, in words ("home.city" → "town they live in"; "favourite:colour" →
    "favourite colour"; a person's key "…@bob" → "Bob's …")."""
    base, _, owner = key.partition("@")
    family, sep, thing = base.partition(":")
    label = f"{_FAMILIES.get(family, family)} {thing}" if sep else _LABELS.get(base, base.replace(".", " "))
    return f"{owner.title()}'s {label}" if owner else label


def _ids(ids: list[int]) -> str:
    shown = [f"#{i}" for i in ids]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def new() -> str:
    return "new: nothing stored says the same thing"


def edited() -> str:
    """A person's new wording of a memory (``update``, ``PATCH``): the answer said no reason."""
    return "edited: the new wording replaces the old one, kept in the memory's history"


def edited_same() -> str:
    return "unchanged: the new wording is the stored one"


def refusal(target_id: int, score: float, why: str) -> str:
    """One stored memory that looked alike but is not the same fact (``why`` from
    ``admission.not_one_fact``: "it is about …", "each wording says…", "it takes…")."""
    return f"#{target_id} is similar ({score:.2f}) but {why.removeprefix('it ')}"


def kept_beside(refused: list[str]) -> str:
    return "new, kept beside similar memories: " + "; ".join(refused[:3])


def known_said_earlier(target_id: int, score: float) -> str:
    return (
        f"already known as #{target_id} (similarity {score:.2f}), and said before #{target_id}'s date: "
        f"kept in its history, #{target_id} unchanged"
    )


def known_nothing_more(target_id: int, score: float) -> str:
    return (
        f"already known as #{target_id} (similarity {score:.2f}); the new wording adds nothing, #{target_id} unchanged"
    )


def known_says_more(target_id: int, score: float) -> str:
    return (
        f"already known as #{target_id} (similarity {score:.2f}); the new wording says more, so it replaces "
        "the old one (kept in history)"
    )


def contradicts_said_earlier(target_id: int) -> str:
    return (
        f"says the opposite of #{target_id}, but was said before it: #{target_id} stays current, "
        "this goes to its history"
    )


def corrects(target_id: int) -> str:
    return f"corrects #{target_id}: the same thing said the other way round; #{target_id} moves to history"


def value_said_earlier(target_id: int, key: str, old: str | None, new_value: str | None) -> str:
    """The candidate holds an older value than the stored memory (said later)."""
    return (
        f"an older {key_label(key)} ({old!r}) than #{target_id}'s ({new_value!r}), which was said later: "
        f"kept in #{target_id}'s history"
    )


def value_updates(target_id: int, key: str, old: str | None, new_value: str | None) -> str:
    return f"updates #{target_id}: {key_label(key)} changed from {old!r} to {new_value!r}; the old one moves to history"


def value_differs_kept(ids: list[int], keys: list[str]) -> str:
    """A new value for something stored memories hold, but one side says more than that value."""
    what = " / ".join(dict.fromkeys(key_label(k) for k in keys)) or "value"
    return f"a different {what} than {_ids(ids)}, but one of them also says other things: both kept, nothing replaced"


def back_over(target_id: int, middle_ids: tuple[int, ...]) -> str:
    """A return over a move away no key reads: the older memory holds again, the moves between go."""
    return f"back to what #{target_id} says: #{target_id} holds again, {_ids(list(middle_ids))} moves to history"


def back_over_history(target_id: int, middle_ids: tuple[int, ...]) -> str:
    """A return to what a memory already in history says: the new wording supersedes the moves between."""
    return f"back to what #{target_id} (in history) says: {_ids(list(middle_ids))} moves to history"


def value_back(target_id: int, middle_id: int, key: str, value: str | None) -> str:
    """A return to a value an older memory still holds: that memory holds again, the one between moves."""
    return (
        f"back to what #{target_id} says ({key_label(key)} {value!r}): #{target_id} holds again, "
        f"#{middle_id} moves to history"
    )
