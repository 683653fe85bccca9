"""The keyed rules' reads over a user's pool: the user's own names, the memories giving a key of the
candidate another value, and whether a memory states the old value a change names. Pure: data in,
data out; ``index`` (:class:`~souvenir.write.pool_reach.PoolIndex`, the user's) only spares re-reading
the keys it keeps, the answer is the same without it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone

from souvenir.lexical.job_now import job_now
from souvenir.lexical.keychanges import states_old_work
from souvenir.lexical.keychildren import as_children
from souvenir.lexical.keyed import UserKeys, changed_keys, same_value, says_only, says_trade, user_keys
from souvenir.lexical.normalize import key_of
from souvenir.ground.types import Memory
from souvenir.write.pool_reach import PoolIndex

__all__ = ["as_key", "job_moved", "key_conflicts", "names_old", "user_names"]


def user_names(pool: Sequence[Memory], index: PoolIndex | None = None) -> frozenset[str]:
    """The user's own names, as the user's memories give them (keys ``name`` and
    ``name.preferred``): a memory naming the user in the third person ("Bob lives in
    Lyon" for Bob) is then keyed as the user. ``index``: the user's, whose kept keys are read."""
    found = set()
    for memory in pool:
        for key, value in (user_keys(memory.text) if index is None else index.user_keys_of(memory)).values:
            if key in ("name", "name.preferred") and value:
                found.add(key_of(value))
                found.add(key_of(value.split()[0]))  # "Bob Tan" is also "Bob"
    return frozenset(found)


def key_conflicts(
    keys: UserKeys, pool: Sequence[Memory], names: frozenset[str] = frozenset(), index: PoolIndex | None = None
) -> list[tuple[Memory, UserKeys]]:
    """The memories of ``pool`` that give one of the candidate's keys another value (``index``: the
    user's, whose kept keys are read)."""
    if not keys:
        return []
    found = []
    for memory in pool:
        read = user_keys(memory.text, names) if index is None else index.user_keys_of(memory, names)
        theirs = as_children(read, keys)  # "one daughter" / "two kids now"
        if theirs and changed_keys(theirs, keys):
            found.append((memory, theirs))
    return found


def names_old(text: str, key: str, old: str, keys: UserKeys | None = None) -> bool:
    """True when a memory ``text`` states the ``old`` value a change names: in a bare frame
    ("Is a waiter", 在银行做柜员) or as its own keyed value of ``key`` ("Travaille comme caissier
    chez Leclerc" before « Est passé de caissier à chef de rayon »: named, so the same job; its
    other keys, the employer, go to history with it), or as the trade after 做 / 当 (在一家游戏公司做测试).
    ``keys``: ``user_keys(text)`` when the caller holds it."""
    keys = user_keys(text) if keys is None else keys
    mine = keys.get(key)
    if mine is None:  # no key of this kind ("Travaille à mi-temps à la mairie" keys its hours only)
        return says_only(text, old) or says_trade(text, old) or states_old_work(text, old)
    return keys.complete and same_value(key, mine, as_key(old))


def as_key(value: str) -> str:
    """A value as the keys write it (casefolded, spaces collapsed), for the reason."""
    return " ".join(value.casefold().split())


#: The keys a memory of the user's work may hold and still be only that (its employer goes to history with it).
_WORK_KEYS = frozenset({"occupation", "employer", "work.hours", "workplace"})


def job_moved(text: str, pool: Sequence[Memory], names: frozenset[str] = frozenset()) -> tuple[Memory, str, str] | None:
    """The latest memory of ``pool`` (said before ``text``) keying only the user's work with another occupation,
    when ``text`` tells a job held from now on (:func:`souvenir.lexical.job_now.job_now`: "Now works full-time
    as a barista…" after "Works as a waiter at Nando's"), with the old and the new occupation; else ``None``."""
    plain = job_now(text)
    job = user_keys(plain, names).get("occupation") if plain else None
    if job is None:
        return None
    hits = []
    for memory in pool:
        theirs = user_keys(memory.text, names)
        old = theirs.get("occupation")
        if old and theirs.complete and theirs.keys <= _WORK_KEYS and not same_value("occupation", old, job):
            hits.append((memory, old))
    if not hits:
        return None
    never = datetime.min.replace(tzinfo=timezone.utc)
    memory, old = max(hits, key=lambda mo: mo[0].updated_at or mo[0].created_at or never)
    return memory, old, job
