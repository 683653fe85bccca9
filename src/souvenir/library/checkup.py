"""What ``souvenir doctor`` checks: a set-up as a user of this tool expects it to work.

Each check is a :class:`Check` — a name, ``ok`` / ``warn`` / ``fail`` and one sentence that
says what was found and, when not ok, what to do — and never holds a secret: a URL is shown
without its password, a settings file by the names it sets, a key by whether one exists.
Nothing is written: a SQLite store that does not exist yet is not made (it is on first use;
a path whose directory does not exist is a failure, as the store refuses to open there),
and migrations are counted, not applied (any other command applies them).

The checks, in order (:func:`checkup`): the settings file (read, refused, or holding a key
other accounts may read: fail); the store (opens; its migrations current: pending ones are a
warning, a schema newer than this version a failure); the SQLite file's mode (readable by
other accounts: fail — the store is made 0600); PostgreSQL's pgvector against
``SOUVENIR_PGVECTOR`` (``on`` with no extension: fail); who may call a service (bound beyond
loopback without an API key: fail, as ``souvenir serve`` refuses it); each configured embedder
(loads and encodes one sentence; one over HTTP within ``model_timeout_s``); the chat model server, the proxy's upstream
(:mod:`souvenir.library.model_checks`: ``/v1/models`` and a one-token
``/v1/chat/completions``, each within ``model_timeout_s``)."""

from __future__ import annotations

import re
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from souvenir.ground.config import ENV_FILE, Settings, dotenv_refusal, dotenv_secrets_exposed
from souvenir.library.model_checks import model_checks
from souvenir.ground.urls import is_loopback, without_userinfo

__all__ = ["Check", "checkup", "MODEL_TIMEOUT_S"]

#: Seconds the chat model's ``/models`` has to answer (a server on this machine answers in
#: milliseconds; one across a network in well under a second).
MODEL_TIMEOUT_S = 3.0
Status = Literal["ok", "warn", "fail"]


@dataclass(frozen=True)
class Check:
    """One check's outcome: ``name`` (a few words), ``status``, ``detail`` (one sentence)."""

    name: str
    status: Status
    detail: str


def checkup(
    settings: Settings, env_file: Path = Path(ENV_FILE), model_timeout_s: float = MODEL_TIMEOUT_S
) -> list[Check]:
    """Every check of the module docstring on ``settings``, in order; never raises for what
    it finds (a check that cannot run is a ``fail`` saying why)."""
    checks = [_settings_file(env_file)]
    found, keyed = _store(settings)
    checks += [*found, _access(settings, keyed)]
    checks += _embedders(settings, model_timeout_s)
    checks += model_checks(settings, model_timeout_s, Check)
    return [Check(c.name, c.status, _QUERY.sub(r"\1?…", c.detail)) for c in checks]


#: A URL's query or fragment, never printed: some servers take their key there (``?key=…``),
#: as a URL's user info is never printed (:func:`~souvenir.ground.urls.without_userinfo`).
_QUERY = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^\s?#]*)[?#][^\s)]*", re.I)


def _settings_file(path: Path) -> Check:
    where = path.resolve()
    if not path.is_file():
        return Check("settings file", "ok", f"no {ENV_FILE} in {where.parent}: SOUVENIR_* variables and defaults")
    refused = dotenv_refusal(path)
    if refused:
        return Check("settings file", "fail", f"{where} is not read: {refused} (chmod go-w, or chown it)")
    from dotenv import dotenv_values

    try:
        exposed = dotenv_secrets_exposed(path, dotenv_values(path))
    except UnicodeDecodeError as exc:
        return Check("settings file", "fail", f"{where} is not UTF-8 text (byte {exc.start}): save it as UTF-8")
    if exposed:
        return Check(
            "settings file",
            "fail",
            f"{where} holds {', '.join(exposed)} and other accounts may read it: chmod 600 {where}",
        )
    return Check("settings file", "ok", f"{where} read")


def _store(settings: Settings) -> tuple[list[Check], bool]:
    """The store's checks, and whether API keys are in force in it."""
    url = settings.database_url
    shown = without_userinfo(url)
    from souvenir.store import CONNINFO_REFUSED
    from souvenir.ground.urls import looks_like_conninfo

    if looks_like_conninfo(url):  # before any path is made of it: its password= in a file name
        return [Check("store", "fail", CONNINFO_REFUSED)], False
    path = settings.sqlite_path if url.startswith("sqlite:///") else None
    if path is not None and str(path) != ":memory:" and not path.exists():
        folder = path.resolve().parent
        if not folder.is_dir():  # the store would refuse to open there: say so now, not on first use
            return [
                Check(
                    "store",
                    "fail",
                    f"no store can be made at {path.resolve()}: its directory {folder} does not exist: "
                    "create it, or give another path",
                )
            ], False
        return [
            Check("store", "warn", f"no store yet at {path.resolve()}: made (0600) and migrated on first use")
        ], False
    from souvenir.ground.errors import SouvenirError
    from souvenir.store import migrations, open_store

    try:
        store = open_store(url, migrate=False, cache_memories=0)
    except (SouvenirError, OSError, ValueError) as exc:
        return [Check("store", "fail", f"{shown} does not open: {without_userinfo(str(exc))}")], False
    try:
        known = {m.version for m in migrations.load(store.dialect)}
        applied = set(store.applied())
        pending = sorted(known - applied)
        newer = sorted(applied - known)
        try:
            keyed = _keys_in_force(store)
        except SouvenirError:  # a store not migrated yet has no key table: no key
            keyed = False
        vectors = _pgvector(store, settings.pgvector) if hasattr(store, "pgvector_enabled") else None
    except (SouvenirError, OSError) as exc:
        return [
            Check("store", "fail", f"{shown} opens, its schema is not readable: {without_userinfo(str(exc))}")
        ], False
    finally:
        store.close()
    name = f"SQLite {path.resolve()}" if path is not None else shown
    if newer:
        found = Check(
            "store",
            "fail",
            f"{name}: schema {max(newer)} is newer than this souvenir's ({max(known)}): upgrade souvenir",
        )
    elif pending:
        found = Check(
            "store",
            "warn",
            f"{name}: {len(pending)} migration{'s' * (len(pending) > 1)} pending ({pending[0]:04d}…{pending[-1]:04d}): "
            "`souvenir migrate` (or the next command, `souvenir serve`) applies them",
        )
    else:
        found = Check("store", "ok", f"{name}: schema {max(known):04d}, current")
    checks = [found]
    if path is not None and str(path) != ":memory:":
        checks.append(_file_mode(path))
    if vectors is not None:
        checks.append(vectors)
    return checks, keyed


def _pgvector(store, mode: str) -> Check:
    """PostgreSQL's pgvector against ``SOUVENIR_PGVECTOR`` (:func:`souvenir.index.pgvector.index_class`
    decides the same way at start-up): ``on`` with no extension on the server is a failure (the
    service would not start); anything else says where the semantic scores are computed."""
    from souvenir.ground.errors import SouvenirError

    try:
        enabled = store.pgvector_enabled()
        available = enabled or store.pgvector_available()
    except SouvenirError as exc:
        return Check("pgvector", "fail", f"the server's extensions are not readable: {without_userinfo(str(exc))}")
    if mode == "off":
        return Check("pgvector", "ok", "SOUVENIR_PGVECTOR=off: semantic scores computed in the replica (numpy)")
    if enabled:
        return Check("pgvector", "ok", "in use: semantic scores computed by PostgreSQL (vectors.embedding)")
    if mode == "on":
        if not available:
            return Check(
                "pgvector",
                "fail",
                "SOUVENIR_PGVECTOR=on but this PostgreSQL server has no pgvector extension: install it, "
                "or SOUVENIR_PGVECTOR=auto (scores computed in the replica)",
            )
        return Check(
            "pgvector",
            "ok",
            "available: the first start creates the extension and vectors.embedding (needs the right to CREATE EXTENSION)",
        )
    if available:
        return Check(
            "pgvector",
            "ok",
            "available, not in use: SOUVENIR_PGVECTOR=on scores in the database (docs/benchmarks.md, pgvector)",
        )
    return Check("pgvector", "ok", "not on this server: semantic scores computed in the replica (numpy)")


def _keys_in_force(store) -> bool:
    from souvenir.library.access_keys import keys_in_force

    return keys_in_force(store)


def _file_mode(path: Path) -> Check:
    loose = [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists() and p.stat().st_mode & 0o077]
    if loose:
        modes = ", ".join(f"{p.name} {stat.filemode(p.stat().st_mode)}" for p in loose)
        return Check(
            "store file mode",
            "fail",
            f"other accounts may read or write the store ({modes}): chmod 600 {path.resolve()}*",
        )
    return Check("store file mode", "ok", f"{path.name} is its owner's alone ({stat.filemode(path.stat().st_mode)})")


def _access(settings: Settings, keyed: bool) -> Check:
    host = settings.host
    default = settings.default_user
    if keyed:
        unused = f"; SOUVENIR_DEFAULT_USER={default!r} is not used with keys (a key may serve several people)"
        return Check(
            "access",
            "warn" if default else "ok",
            f"API keys in force: a service on {host} asks every caller for one" + (unused if default else ""),
        )
    if is_loopback(host):
        one = f"; a proxy request naming no user goes to user {default!r} (SOUVENIR_DEFAULT_USER)" if default else ""
        return Check("access", "ok", f"{host}: loopback clients only, no API key needed{one}")
    return Check(
        "access",
        "fail",
        f"SOUVENIR_HOST={host} is beyond loopback and no API key exists: `souvenir serve` refuses it; "
        "`souvenir keys create --name NAME --admin` first",
    )


#: Embedders reached over HTTP: their check has the chat model's deadline (a local one loads
#: its weights, seconds on a busy machine, and is given the time it takes).
_HTTP_EMBEDDERS = ("ollama", "openai")


def _within(call, timeout_s: float):
    """``call()`` in a daemon thread given ``timeout_s`` seconds in all (an HTTP embedder's own
    bound is per request and retried: a dripping server held the check 30 s); its result, its
    exception, or :class:`TimeoutError`."""
    import threading

    done: dict[str, object] = {}

    def run() -> None:
        try:
            done["value"] = call()
        except Exception as exc:  # noqa: BLE001 - handed to the caller
            done["error"] = exc

    worker = threading.Thread(target=run, name="souvenir-doctor-embedder", daemon=True)
    worker.start()
    worker.join(timeout_s)
    if "error" in done:
        raise done["error"]  # type: ignore[misc]
    if "value" not in done:
        raise TimeoutError(f"no answer in {timeout_s:g} s")
    return done["value"]


def _embedders(settings: Settings, timeout_s: float = 3.0) -> list[Check]:
    from souvenir.embedding import make_embedder, make_window_embedder

    checks = []
    for role, name, make in (
        ("embedder", settings.embedder, make_embedder),
        ("window embedder", settings.window_embedder, make_window_embedder),
    ):
        if name.lower() == "none":
            checks.append(Check(role, "ok", "none configured: the lexical passes only"))
            continue
        began = time.monotonic()
        try:

            def embed(make=make):
                embedder = make(settings)
                return embedder.encode(["Souvenir checks that this sentence can be embedded."])[0] if embedder else None

            vector = _within(embed, timeout_s) if name.lower() in _HTTP_EMBEDDERS else embed()
        except Exception as exc:  # noqa: BLE001 - any failure to load is what this check reports
            checks.append(Check(role, "fail", f"{name} does not load: {without_userinfo(str(exc))[:300]}"))
            continue
        took = time.monotonic() - began
        size = f"{len(vector)} dimensions" if vector is not None else "no vector"
        checks.append(Check(role, "ok", f"{name} loads and embeds ({size}, {took:.1f} s)"))
    return checks
