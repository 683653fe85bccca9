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
other accounts: fail — the store is made 0600); each configured embedder (loads and encodes
one sentence); the chat model (its ``/models`` answers within ``model_timeout_s``: no answer
or a refused key is a failure); who may call a service (bound beyond loopback without an API
key: fail, as ``souvenir serve`` refuses it)."""

from __future__ import annotations

import json
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from souvenir.config import ENV_FILE, Settings, dotenv_refusal, dotenv_secrets_exposed
from souvenir.urls import is_loopback, without_userinfo

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
    checks += _embedders(settings)
    checks.append(_model(settings, model_timeout_s))
    return checks


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
    from souvenir.errors import SouvenirError
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
            "the next command or `souvenir serve` applies them",
        )
    else:
        found = Check("store", "ok", f"{name}: schema {max(known):04d}, current")
    checks = [found]
    if path is not None and str(path) != ":memory:":
        checks.append(_file_mode(path))
    return checks, keyed


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
    if keyed:
        return Check("access", "ok", f"API keys in force: a service on {host} asks every caller for one")
    if is_loopback(host):
        return Check("access", "ok", f"{host}: loopback clients only, no API key needed")
    return Check(
        "access",
        "fail",
        f"SOUVENIR_HOST={host} is beyond loopback and no API key exists: `souvenir serve` refuses it; "
        "`souvenir keys create --name NAME --admin` first",
    )


def _embedders(settings: Settings) -> list[Check]:
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
            embedder = make(settings)
            vector = embedder.encode(["Souvenir checks that this sentence can be embedded."])[0] if embedder else None
        except Exception as exc:  # noqa: BLE001 - any failure to load is what this check reports
            checks.append(Check(role, "fail", f"{name} does not load: {without_userinfo(str(exc))[:300]}"))
            continue
        took = time.monotonic() - began
        size = f"{len(vector)} dimensions" if vector is not None else "no vector"
        checks.append(Check(role, "ok", f"{name} loads and embeds ({size}, {took:.1f} s)"))
    return checks


def _model(settings: Settings, timeout_s: float) -> Check:
    base = settings.llm_base_url
    if not base:
        return Check(
            "chat model",
            "ok",
            "none configured: each message is kept as an episode, no proxy (SOUVENIR_LLM_BASE_URL turns it on)",
        )
    import httpx

    where = without_userinfo(base.rstrip("/") + "/models")
    headers = {"Authorization": f"Bearer {settings.llm_api_key}"} if settings.llm_api_key else {}
    try:
        answer = _get(base.rstrip("/") + "/models", headers, timeout_s)
    except (httpx.HTTPError, TimeoutError) as exc:
        return Check("chat model", "fail", f"{where} did not answer in {timeout_s:g} s ({type(exc).__name__})")
    if answer.status_code in (401, 403):
        keyed = "SOUVENIR_LLM_API_KEY is set" if settings.llm_api_key else "no SOUVENIR_LLM_API_KEY is set"
        return Check("chat model", "fail", f"{where} refused the request ({answer.status_code}; {keyed})")
    if answer.status_code >= 500:
        return Check("chat model", "fail", f"{where} answered {answer.status_code}: the model server is failing")
    if answer.status_code != 200:
        return Check("chat model", "warn", f"{where} answered {answer.status_code} (a server without /models?)")
    try:
        listed = {str(m.get("id")) for m in json.loads(answer.body).get("data", []) if isinstance(m, dict)}
    except (ValueError, AttributeError, RecursionError):
        listed = set()
    model = settings.llm_model
    if model and listed and model not in listed:
        return Check("chat model", "warn", f"{where} answers, but does not list SOUVENIR_LLM_MODEL={model}")
    return Check("chat model", "ok", f"{where} answers" + (f" and lists {model}" if model and listed else ""))


#: Bytes of the model server's ``/models`` read at the most (a list of a few hundred models is
#: a few tens of KB).
MODELS_BYTES = 1 << 20


@dataclass(frozen=True)
class _Answer:
    status_code: int
    body: bytes


def _get(url: str, headers: dict[str, str], timeout_s: float) -> _Answer:
    """GET ``url`` within ``timeout_s`` seconds in all — httpx's timeout is per read: a server
    sending a byte a second would hold the check for ever, so the request runs in a daemon
    thread given that long — and at most :data:`MODELS_BYTES` of body, asked uncompressed.
    Raises :class:`TimeoutError` past the deadline, ``httpx.HTTPError``."""
    import threading

    import httpx

    deadline = time.monotonic() + timeout_s
    done: dict[str, object] = {}

    def fetch() -> None:
        try:
            asked = {**headers, "Accept-Encoding": "identity"}
            with httpx.stream("GET", url, headers=asked, timeout=timeout_s) as response:
                body = bytearray()
                for chunk in response.iter_raw():
                    body += chunk
                    if time.monotonic() > deadline:
                        raise TimeoutError("past the deadline")
                    if len(body) >= MODELS_BYTES:
                        break
                done["answer"] = _Answer(response.status_code, bytes(body[:MODELS_BYTES]))
        except Exception as exc:  # noqa: BLE001 - handed to the caller
            done["error"] = exc

    worker = threading.Thread(target=fetch, name="souvenir-doctor-model", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()) + 0.2)
    if "error" in done:
        raise done["error"]  # type: ignore[misc]
    answer = done.get("answer")
    if not isinstance(answer, _Answer):
        raise TimeoutError("past the deadline")
    return answer
