"""One SQLite store per LoCoMo conversation and mode, built through the write path, kept
between runs when ``--cache`` names a folder.

Modes (what the store holds, all for one user named after the conversation):

- ``raw``           every turn, replayed by :func:`souvenir.replay.apply.replay_locomo`
                    (an ``episode`` "Speaker: text", its turn id as source);
- ``observations``  the gold facts of each session (``session_K_observation``), written as
                    if a model had proposed them: a ``fact`` :class:`Candidate` through
                    :meth:`Engine.remember` with the exchange it came from (the evidence
                    turns as the message, the next turn as the reply: the full filter
                    chain runs), dated by its session, its evidence turn ids in ``source``
                    ("D1:3" or "D1:3,D1:5");
- ``both``          the turns, then the observations, in one store.

Beside each store: ``.writes.json`` (what the write path did, counted) and
``.decisions.json`` (every absorb, replace and supersede, with both texts: ``bench recall
--decisions``).

Cache: ``{conversation}-{mode}-{key}.db`` where key hashes the conversation file, the mode,
the embedder's name and the code that decides what a store holds (replay, admission,
dedup, filters, lexical, store schema, vector index, this module). A store is built under
a temporary name and renamed once embedded, so an interrupted build is never reused.
``engine.py`` (which also holds the read path) is not in the key: after a change to its
write path, delete the cache folder.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from souvenir.bench.shared import embed_all
from souvenir.ground.config import Settings
from souvenir.ground.errors import InputError
from souvenir.write.filters import Exchange
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import LocomoConversation
from souvenir.engine.runtime import Runtime, open_runtime
from souvenir.ground.types import Candidate

MODES: tuple[str, ...] = ("raw", "observations", "both")
CHANNEL = "bench"
#: Bound of a question's embedding in the bench (seconds); degraded turns are still counted.
QUERY_TIMEOUT_S = 120.0

_PACKAGE = Path(__file__).resolve().parent.parent
#: Sources whose change changes what a built store holds (relative to the package).
_WRITE_PATH = (
    "replay",
    "write",
    "lexical",
    "store",
    "index",
    "embedding",
    "ground/types.py",
    "ground/limits.py",
    "ground/timeutil.py",
    "ground/results.py",
    "bench/locomo_stores.py",
)


@dataclass(slots=True)
class BuiltStore:
    """An open runtime on a conversation's store, and how it came to be. ``decisions``:
    every absorb, replace and supersede the write path made building it (:func:`decision_row`)."""

    runtime: Runtime
    user_id: int
    reused: bool
    writes: Counter = field(default_factory=Counter)
    decisions: list[dict] = field(default_factory=list)

    def close(self) -> None:
        self.runtime.close()


@functools.lru_cache(maxsize=1)
def _code_digest() -> str:
    """Hash of the write-path sources, read once per process (one key for a whole run)."""
    digest = hashlib.sha256()
    for name in _WRITE_PATH:
        root = _PACKAGE / name
        files = (
            sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".sql"))
            if root.is_dir()
            else [root]
        )
        for path in files:
            digest.update(str(path.relative_to(_PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def cache_key(conversation_file: Path, mode: str, embedder: str) -> str:
    """The hash a cached store must carry to be reused (16 hex digits)."""
    digest = hashlib.sha256()
    for part in (Path(conversation_file).read_bytes(), mode.encode(), embedder.encode(), _code_digest().encode()):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


#: The decisions ``--decisions`` lists: those that retire or fold a stored wording.
LISTED = ("absorb", "replace", "supersede")


def decision_row(result, source: str | None) -> dict:
    """One listed decision: ``{"action", "code", "reason", "new", "old", "memory_id",
    "source"}`` (``old``: the stored text it absorbed into, replaced or superseded)."""
    return {
        "action": result.action,
        "code": result.code,
        "reason": result.reason,
        "new": result.text,
        "old": result.previous,
        "memory_id": result.superseded_id or result.memory_id,
        "source": source,
    }


def write_observations(engine, conv: LocomoConversation, user: str, decisions: list[dict] | None = None) -> Counter:
    """Write the conversation's gold observations through the write path (see module
    docstring); returns what happened to them: ``insert``/``absorb``/… and
    ``dropped:<filter>`` for each one a filter refused, ``invalid`` for unusable text.
    Each absorb, replace and supersede is appended to ``decisions`` when given."""
    position = {turn.dia_id: i for i, turn in enumerate(conv.turns)}
    outcome: Counter = Counter()
    for obs in conv.observations:
        found = sorted(position[d] for d in obs.evidence if d in position)
        message = "\n".join(conv.turns[i].text for i in found)
        after = found[-1] + 1 if found else len(conv.turns)
        reply = conv.turns[after].text if after < len(conv.turns) else None
        candidate = Candidate(
            text=obs.text, kind="fact", scope="global", source=",".join(obs.evidence) or None, time=obs.time
        )
        try:
            result = engine.remember(CHANNEL, user, candidate, exchange=Exchange(message, reply), now=obs.time)
        except InputError:
            outcome["invalid"] += 1
            continue
        if result.action == "dropped":
            outcome[f"dropped:{(result.reason or '').split(':')[0]}"] += 1
        else:
            outcome[result.action] += 1
        if decisions is not None and result.action in LISTED:
            decisions.append(decision_row(result, candidate.source))
    return outcome


def _fill(rt: Runtime, conv: LocomoConversation, mode: str, decisions: list[dict]) -> Counter:
    writes: Counter = Counter()
    if mode in ("raw", "both"):
        for turn, result in zip(conv.turns, replay_locomo(rt.engine, conv, channel=CHANNEL)):
            writes[f"turn:{result.action}"] += 1
            if result.action in LISTED:
                decisions.append(decision_row(result, turn.dia_id) | {"from": "turn"})
    if mode in ("observations", "both"):
        found: list[dict] = []
        for action, n in write_observations(rt.engine, conv, conv.name, found).items():
            writes[f"observation:{action}"] += n
        decisions += [row | {"from": "observation"} for row in found]
    embed_all(rt)
    return writes


def open_store(
    conv: LocomoConversation, conversation_file: Path, mode: str, settings: Settings, folder: Path, cached: bool
) -> BuiltStore:
    """Open the conversation's store for ``mode`` in ``folder``: the cached one when
    ``cached`` and its key matches, else a new one built (and, when ``cached``, kept)."""
    if mode not in MODES:
        raise InputError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    # No chat model: the bench never calls one. The query embedding's bound is raised: on a
    # loaded machine a 5 s bound degrades turns, which would measure the load, not recall.
    settings = settings.model_copy(update={"llm_base_url": "", "query_embedding_timeout_s": QUERY_TIMEOUT_S})
    key = cache_key(conversation_file, mode, settings.embedder) if cached else "run"
    path = Path(folder) / f"{conv.name}-{mode}-{key}.db"
    sidecar = path.with_suffix(".writes.json")
    listed = path.with_suffix(".decisions.json")
    if cached and path.exists() and sidecar.exists() and listed.exists():
        rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{path}"}))
        embed_all(rt)  # an embedder added since the build indexes here, once
        writes = Counter(json.loads(sidecar.read_text(encoding="utf-8")))
        return _ready(rt, conv, reused=True, writes=writes, decisions=json.loads(listed.read_text(encoding="utf-8")))
    _clear_abandoned(Path(folder))
    building = path.with_name(f".building-{os.getpid()}-{path.name}")
    _remove(building)
    rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{building}"}))
    decisions: list[dict] = []
    try:
        writes = _fill(rt, conv, mode, decisions)
    finally:
        rt.close()
    for old in Path(folder).glob(f"{conv.name}-{mode}-*.db"):
        _remove(old)
    for suffix in _SQLITE_FILES:
        if Path(f"{building}{suffix}").exists():
            os.replace(f"{building}{suffix}", f"{path}{suffix}")
    sidecar.write_text(json.dumps(writes, sort_keys=True), encoding="utf-8")
    listed.write_text(json.dumps(decisions, ensure_ascii=False), encoding="utf-8")
    rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{path}"}))
    return _ready(rt, conv, reused=False, writes=writes, decisions=decisions)


def _ready(rt: Runtime, conv: LocomoConversation, reused: bool, writes: Counter, decisions: list[dict]) -> BuiltStore:
    """The store, its embedder loaded before the first question (as the server does)."""
    if rt.index is not None:
        rt.index.warm_up()
    user_id = rt.store.find_user(CHANNEL, conv.name)
    assert user_id is not None, f"{conv.name} was not replayed into the store"
    return BuiltStore(rt, user_id, reused=reused, writes=writes, decisions=decisions)


_SQLITE_FILES = ("", "-wal", "-shm", "-journal")


def _clear_abandoned(folder: Path) -> None:
    """Delete half-built stores left by runs that were stopped (their process is gone)."""
    for db in folder.glob(".building-*.db"):
        pid = db.name.split("-")[1]
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            _remove(db)
        except (ValueError, PermissionError):
            continue


def _remove(db: Path) -> None:
    for suffix in _SQLITE_FILES:
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    db.with_suffix(".writes.json").unlink(missing_ok=True)
    db.with_suffix(".decisions.json").unlink(missing_ok=True)
