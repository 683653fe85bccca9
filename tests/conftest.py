"""Shared fixtures. Tests that read ../shared skip with a reason where it is absent."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

# A wide terminal for the CLI's error text: pytest-xdist's longer temporary paths
# (`…/popen-gw0/…`) must not wrap a file name the tests look for.
os.environ.setdefault("COLUMNS", "400")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """Path under ../shared, or skip the calling test when it is absent (a user's own clone)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent: this test needs the project's shared data (../shared)")
    return path


def shared_cases(kind: str) -> list[dict]:
    """Every case of ``kind`` in ../shared/cases/*.jsonl (empty where absent)."""
    folder = SHARED / "cases"
    cases: list[dict] = []
    if not folder.exists():
        return cases
    for file in sorted(folder.glob("*.jsonl")):
        for line in file.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                if case.get("kind") == kind:
                    cases.append(case)
    return cases


@pytest.fixture
def pg_url():
    """URL of a fresh PostgreSQL database, dropped after the test (skips when unreachable)."""
    from tests.pgtest import fresh_database

    with fresh_database() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request, tmp_path):
    """A store's URL on each backend in turn: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 's.db'}"
    else:
        yield request.getfixturevalue("pg_url")


@pytest.fixture
def store(store_url):
    """An open store on each backend in turn (:func:`store_url`), closed after the test."""
    from souvenir.store import open_store

    opened = open_store(store_url)
    yield opened
    opened.close()


@pytest.fixture
def pgbouncer_url(pg_url):
    """URL of a fresh PostgreSQL database through PgBouncer in transaction pooling mode
    (127.0.0.1:6432, started by .ci/pgbouncer when installed; skips with the reason when it
    cannot be reached)."""
    from tests.pgtest import through_pgbouncer

    yield through_pgbouncer(pg_url)


def locomo_excerpt(folder: Path, name: str, sessions: int) -> Path:
    """A LoCoMo conversation cut to its first ``sessions`` sessions (and the questions whose
    evidence lies in them), written to ``folder/name.json``; skips where ../shared is absent.

    Replaying a whole conversation with the e5 window index costs about a minute on an idle
    2-core machine: tests replay an excerpt; whole conversations are benchmarks (bench/)."""
    whole = json.loads(shared_path("data", "locomo", f"{name}.json").read_text(encoding="utf-8"))
    kept = {f"D{k}" for k in range(1, sessions + 1)}
    excerpt = {key: value for key, value in whole.items() if "session_" not in key or _session_of(key) <= sessions}
    excerpt["qa"] = [
        qa
        for qa in whole.get("qa", [])
        if qa.get("evidence") and all(str(e).split(":")[0] in kept for e in qa["evidence"])
    ]
    path = folder / f"{name}.json"
    path.write_text(json.dumps(excerpt, ensure_ascii=False), encoding="utf-8")
    return path


def _session_of(key: str) -> int:
    """The session number in a LoCoMo key (``session_3``, ``session_3_date_time``,
    ``events_session_3``, ``session_3_summary``), a large number for any other key."""
    digits = [part for part in key.split("_") if part.isdigit()]
    return int(digits[0]) if digits else 10**9
