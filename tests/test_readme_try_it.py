"""README's "Try it" runs as written on a fresh clone: the shipped ``examples/chat.jsonl``
(four languages, no data folder needed — a fresh clone has no ``../shared``, and the
first command of the former "Try it" failed there), replayed, then a context. A real
SQLite file, the default local embedders."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from souvenir.cli.main import app

REPO = Path(__file__).resolve().parent.parent


def _try_it_commands() -> list[list[str]]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Try it\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "README's Try it has no sh block"
    lines = [line.split("  #")[0].strip() for line in block.group(1).splitlines()]
    assert lines[0] == "make setup"  # the service alone, as `make run` installs it (not the test tools)
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "\nsetup: $(RUN_STAMP)\n" in makefile and "\nrun: $(RUN_STAMP)\n" in makefile
    commands = [shlex.split(line) for line in lines[1:] if line]
    assert all(c[0] == ".venv/bin/souvenir" for c in commands), commands
    return [c[1:] for c in commands]


def test_the_example_chat_is_what_the_readme_says():
    lines = [json.loads(x) for x in (REPO / "examples" / "chat.jsonl").read_text(encoding="utf-8").splitlines() if x]
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f"{len(lines)} messages of user ann" in readme
    assert {line["user"] for line in lines} == {"ann"} and all(line["time"] for line in lines)


def test_readme_try_it_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)  # the README's paths are the checkout's
    db = str(tmp_path / "souvenir.db")
    env = {"SOUVENIR_LLM_BASE_URL": ""}
    replay, context = _try_it_commands()
    runner = CliRunner()
    result = runner.invoke(app, ["--db", db, *replay], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "10 messages through the write path (dropped 2, insert 8)" in " ".join(result.output.split())
    result = runner.invoke(app, ["--db", db, *context, "--json"], env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    texts = [m["text"] for m in json.loads(result.output)["memories"]]
    assert any("allergique aux arachides" in t for t in texts), texts
    exported = runner.invoke(app, ["--db", db, "export", "--user", "ann"], env=env, catch_exceptions=False).output
    assert "hunter2" not in exported  # redacted in the turn too
    listed = runner.invoke(app, ["--db", db, "memories", "--user", "ann", "--json"], env=env, catch_exceptions=False)
    kept = [m["text"] for m in json.loads(listed.output)]
    assert len(kept) == 8 and "ok" not in kept and not any("password" in t for t in kept), kept
