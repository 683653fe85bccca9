"""docs/library.md's "A first session" runs as written, on a real SQLite file with the default
local embedders: the reasons print, the page's memories are ``.memories``, a forgotten memory
leaves no text and its history ends with ``erased``."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def test_library_doc_first_session_runs_as_written(tmp_path):
    section = DOC.read_text(encoding="utf-8").split("\n## A first session\n", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SOUVENIR_LLM_BASE_URL": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert any("arachides" in line and "global" in line for line in lines), done.stdout
    # both memories are in the context (session 15: the doc says why the debt is listed first)
    assert any("dettes" in line and "global" in line for line in lines), done.stdout
    assert lines[-1] == "[('erased', None)]", done.stdout
    with sqlite3.connect(tmp_path / "companion.db") as db:
        texts = [row[0] for row in db.execute("SELECT text FROM memories")]
    assert "" in texts and not any("dettes" in t for t in texts)
