"""The package's layout (issue #24): at most 16 modules at the top level besides
``__init__`` and ``__main__`` (``python -m souvenir``: three lines calling the CLI), and no two
modules share a file name anywhere in the package."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "souvenir"


def test_the_top_level_keeps_the_faces_and_the_ground():
    top = [p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert len(top) <= 16, sorted(top)


def test_no_two_modules_share_a_name():
    names = Counter(p.name for p in PACKAGE.rglob("*.py") if p.name != "__init__.py")
    assert [n for n, c in names.items() if c > 1] == []


def test_no_research_script_or_test_module_shares_a_name_with_the_package():
    """``bench/`` (research scripts) and ``tests/`` beside the package: one file name, one module
    (``python -m bench.pgvector`` beside ``souvenir.index.pgvector`` read as the same thing)."""
    repo = PACKAGE.parent.parent
    files = [p for folder in (PACKAGE, repo / "bench", repo / "tests") for p in folder.rglob("*.py")]
    names = Counter(p.name for p in files if p.name not in ("__init__.py", "conftest.py"))
    assert [n for n, c in names.items() if c > 1] == []
