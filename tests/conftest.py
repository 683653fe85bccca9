"""Shared fixtures. Tests that read ../shared skip with a reason where it is absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
