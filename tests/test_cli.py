"""The `souvenir` command line, in-process through typer's runner, on a real SQLite file."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from souvenir.cli.main import app
from tests.conftest import locomo_excerpt

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result


def test_every_command_has_help():
    import typer.main

    commands = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert {
        "serve",
        "replay",
        "context",
        "memories",
        "remember",
        "import",
        "index",
        "history",
        "bench",
        "eval",
        "calibrate",
        "chat",
        "pin",
        "forget",
        "forgotten",
        "export",
        "delete-user",
        "mcp",
    } <= set(commands)
    for command in commands:
        result = run(command, "--help")
        assert result.exit_code == 0, command
        assert len(result.output.strip().splitlines()) > 3


def test_help_paragraphs_wrap_to_the_terminal_not_to_the_source():
    """Typer kept a docstring's source line breaks after its first paragraph: ragged lines on
    any terminal wider or narrower than the source (new-user lane, session 9)."""
    from souvenir.cli.common import reflow

    assert reflow("Title.\n\n    One paragraph\n    over two lines.\n\n    - a list\n    - kept") == (
        "Title.\n\nOne paragraph over two lines.\n\n- a list\n- kept"
    )
    import typer.main

    index = typer.main.get_command(app).commands["index"]  # type: ignore[attr-defined]
    assert "missed, and ends by listing the kept embedders" in index.help


def test_replay_conv26_then_context_explains_d1_3(tmp_path):
    """README's first steps (replay, then context) on conv-26's first two sessions: the whole
    conversation embeds 419 windows with e5, a minute or more (bench recall covers it)."""
    conv = locomo_excerpt(tmp_path, "conv-26", sessions=2)
    db = str(tmp_path / "c.db")
    result = run("--db", db, "replay", str(conv))
    assert result.exit_code == 0, result.output
    assert "conv-26" in result.output
    result = run(
        "--db", db, "context", "--user", "conv-26", "--json", "When did Caroline go to the LGBTQ support group?"
    )
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert 0 < len(body["memories"]) <= 24
    assert all(m["reason"] and m["pass"] for m in body["memories"])
    assert "D1:3" in {m["source"] for m in body["memories"]}
    table = run("--db", db, "context", "--user", "conv-26", "When did Caroline go to the LGBTQ support group?")
    assert "D1:3" in table.output and "reason" in table.output


def test_remember_memories_history(tmp_path):
    db = str(tmp_path / "m.db")
    assert (
        run(
            "--db",
            db,
            "--embedder",
            "none",
            "remember",
            "--user",
            "ann",
            "--kind",
            "fact",
            "--date",
            "2025-02-01",
            "Is allowed to eat peanuts",
        ).exit_code
        == 0
    )
    out = run(
        "--db",
        db,
        "--embedder",
        "none",
        "remember",
        "--user",
        "ann",
        "--date",
        "2025-05-20",
        "Is not allowed to eat peanuts",
    ).output
    assert "supersede" in out and "superseding memory 1" in out  # which one, for `history`
    listed = json.loads(run("--db", db, "--embedder", "none", "memories", "--user", "ann", "--json").output)
    assert [m["text"] for m in listed] == ["Is not allowed to eat peanuts"]
    hist = run("--db", db, "--embedder", "none", "history", "--user", "ann", str(listed[0]["id"])).output
    assert "Is allowed to eat peanuts" in hist


def test_the_memories_table_dates_a_memory_by_the_users_day(tmp_path):
    """07:00 in Kuala Lumpur is 23:00 UTC the day before: the table shows the user's day,
    as the context block does, not the UTC one (the new-user trial)."""
    chat = tmp_path / "c.jsonl"
    chat.write_text(
        json.dumps({"user": "li", "message": "I went to the clinic this morning", "time": "2025-06-02T07:00:00+08:00"})
        + "\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "d.db")
    assert run("--db", db, "--embedder", "none", "replay", "--no-index", str(chat)).exit_code == 0
    out = run("--db", db, "--embedder", "none", "memories", "--user", "li").output
    assert "2025-06-02" in out and "2025-06-01" not in out, out


def test_text_in_square_brackets_is_printed_as_it_is(tmp_path):
    """rich read "[b]" or "[important]" as markup and dropped it (the new-user trial)."""
    db = str(tmp_path / "b.db")
    text = "Note [important] about [b]bold[/b] text and [redacted]"
    out = run("--db", db, "--embedder", "none", "remember", "--user", "bo", text).output
    assert text in out
    assert "[important]" in run("--db", db, "--embedder", "none", "memories", "--user", "bo").output


def test_malformed_replay_file_fails_with_line_number(tmp_path):
    bad = tmp_path / "chat.jsonl"
    bad.write_text('{"user": "a", "message": "hi"}\n{oops\n', encoding="utf-8")
    result = run("--db", str(tmp_path / "x.db"), "--embedder", "none", "replay", str(bad))
    assert result.exit_code == 2 and ":2:" in result.output


def _ann_in_the_cli_channel(tmp_path) -> tuple[str, int]:
    """A SQLite store (its path) whose user ``ann`` is in channel ``cli``, as an older CLI
    wrote it, holding one memory (its id)."""
    from datetime import datetime, timezone

    from souvenir.store import open_store

    db = str(tmp_path / "u.db")
    store = open_store(f"sqlite:///{db}")
    uid = store.ensure_user("cli", "ann", datetime(2026, 1, 1, tzinfo=timezone.utc))
    when = datetime(2026, 1, 1, tzinfo=timezone.utc)
    mid = store.insert_memory(uid, "I adopted a cat called Kopi", "fact", "global", None, 1.0, False, None, when)
    store.close()
    return db, mid


def test_a_user_of_an_older_cli_store_is_named_where_it_exists(tmp_path):
    """Before every face shared channel ``api``, the CLI wrote its users in ``cli``: on such a
    store, ``memories`` and ``context`` (now channel ``api`` by default) say where the user is
    instead of an empty table, with the option that reaches it."""
    db, _ = _ann_in_the_cli_channel(tmp_path)
    for args in (("memories", "--user", "ann"), ("context", "--user", "ann", "my cat?")):
        result = run("--db", db, "--embedder", "none", *args)
        flat = " ".join(result.output.split())
        assert result.exit_code == 0 and "exists in channel cli: add --channel cli" in flat, result.output
    known = run("--db", db, "--embedder", "none", "memories", "--user", "ann", "--channel", "cli")
    assert "Kopi" in known.output and "no user" not in known.output


def test_every_user_command_names_the_channel_where_an_unknown_user_exists(tmp_path):
    """A user in another channel than the one asked (``cli``, an older CLI's default; here
    asked in ``api``, every face's default): ``export``, ``delete-user``, ``forget``, ``pin``,
    ``history`` and ``forgotten`` say where the user is, and the data stays untouched."""
    db, mid = _ann_in_the_cli_channel(tmp_path)
    hint = "exists in channel cli: add --channel cli"
    for args in (
        ("export", "--user", "ann"),
        ("delete-user", "--user", "ann", "--yes"),
        ("forget", str(mid), "--user", "ann"),
        ("pin", str(mid), "--user", "ann"),
        ("history", str(mid), "--user", "ann"),
    ):
        result = run("--db", db, "--embedder", "none", *args)
        assert result.exit_code == 2 and hint in " ".join(result.output.split()), (args, result.output)
    result = run("--db", db, "--embedder", "none", "forgotten", "--user", "ann")
    assert result.exit_code == 0 and hint in " ".join(result.output.split()), result.output
    nobody = run("--db", db, "--embedder", "none", "export", "--user", "nobody")
    assert nobody.exit_code == 2 and "no user api:nobody" in nobody.output and "exists" not in nobody.output
    kept = run("--db", db, "--embedder", "none", "export", "--user", "ann", "--channel", "cli")
    assert kept.exit_code == 0 and "Kopi" in kept.output


def test_a_user_imported_by_the_cli_is_listed_by_the_library(tmp_path):
    """Issue #24's acceptance: what the CLI writes without ``--channel`` the library reads
    without naming one (one default channel in every face)."""
    from souvenir.library import Souvenir

    lines = tmp_path / "m.jsonl"
    lines.write_text(
        json.dumps({"text": "Allergic to latex gloves", "kind": "fact"})
        + "\n"
        + json.dumps({"text": "Prefers tea to coffee", "kind": "preference"})
        + "\n",
        encoding="utf-8",
    )
    db = tmp_path / "i.db"
    result = run("--db", str(db), "--embedder", "none", "import", "--user", "ann", str(lines))
    assert result.exit_code == 0, result.output
    assert "for user api:ann: 2 kept" in " ".join(result.output.split())
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
        page = memory.memories("ann")
        assert [m.text for m in page.memories] == ["Allergic to latex gloves", "Prefers tea to coffee"]
        assert page.unknown_user is None
        assert memory.memories("bob").unknown_user == "no user api:bob"


def test_serve_on_a_port_already_taken_says_what_to_do(tmp_path):
    """A second ``make run`` (or any listener on 8765) gave uvicorn's bare ``[Errno 98] …
    address already in use`` after the application had started; now the command stops
    before starting anything, with exit 2 and the two ways to pick another port."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = run("--db", str(tmp_path / "s.db"), "--embedder", "none", "serve", "--port", str(port))
    flat = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert f"port {port} on 127.0.0.1 is already in use" in flat and "--port N" in flat and "SOUVENIR_PORT=N" in flat


def test_a_date_souvenir_cannot_read_says_which_forms_it_reads(tmp_path):
    """``remember --date "next tuesday"`` answered Python's ``Invalid isoformat string``."""
    db = str(tmp_path / "d.db")
    result = run(
        "--db", db, "--embedder", "none", "remember", "--user", "ann", "--date", "next tuesday", "I like coffee"
    )
    flat = " ".join(result.output.split())
    assert result.exit_code == 2 and "'next tuesday' is not an ISO 8601 date or time: give YYYY-MM-DD" in flat, flat
    assert "isoformat" not in flat
    listed = run("--db", db, "--embedder", "none", "memories", "--user", "ann", "--json")
    assert json.loads(listed.output) == []  # nothing written


def test_every_command_summary_is_one_line():
    """The first paragraph of a command's help is its line in `souvenir --help`'s list: a hard
    line break inside it showed there as a sentence cut mid-way ("…last update, in" / "the
    profile's time zone…"). Details go in a later paragraph."""
    import typer.main

    broken: list[str] = []

    def walk(command, path):
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])
        if "\n" in (command.help or "").strip().split("\n\n")[0]:
            broken.append(" ".join(path))

    walk(typer.main.get_command(app), [])
    assert broken == []


def test_replay_no_index_says_what_embeds_the_memories_later(tmp_path):
    """With --no-index the summary said "0 vectors computed", which reads as a failure; it now
    says none were computed yet and what computes them (the new-user trial)."""
    chat = tmp_path / "c.jsonl"
    chat.write_text(json.dumps({"user": "li", "message": "I moved to Ipoh last week"}) + "\n", encoding="utf-8")
    out = " ".join(
        run("--db", str(tmp_path / "n.db"), "--embedder", "none", "replay", "--no-index", str(chat)).output.split()
    )
    assert "0 vectors computed" not in out
    assert "no vectors computed yet (--no-index)" in out and "souvenir index" in out, out


def test_serve_says_when_every_key_is_revoked(tmp_path):
    """A store whose only key was revoked is locked (every route but /health answers 401); the
    start line said only "API keys required", so a newcomer who revoked their key could not
    tell why every request failed. It now says every key is revoked and how to make one."""
    import subprocess
    import sys

    from souvenir import Souvenir
    from tests.servers import free_port

    db = tmp_path / "k.db"
    with Souvenir.open(str(db), embedder="none", window_embedder="none") as memory:
        memory.create_key("only", admin=True)
        memory.revoke_key("only")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from souvenir.cli.main import app; app()",
            "--db",
            str(db),
            "--embedder",
            "none",
            "serve",
            "--port",
            str(free_port()),
        ],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stderr is not None
        banner = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "every key is revoked" in banner and "`souvenir keys create --name NAME --admin`" in banner, banner


def test_the_keyless_start_line_gives_the_whole_key_command(tmp_path):
    """The start line and the keyless warning said `souvenir keys create`, which alone is an
    error (a key needs a name and a scope): the newcomer's first try failed."""
    from souvenir.api.app import KEYLESS_WARNING
    from souvenir.cli.serving import _serve_banner
    from souvenir.ground.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}", embedder="none", window_embedder="none")
    banner = _serve_banner(settings, "127.0.0.1", 8765, keyed=False, active=False)
    for line in (banner, KEYLESS_WARNING):
        assert "`souvenir keys create --name NAME --admin`" in line, line
    result = run("--db", str(tmp_path / "b.db"), "--embedder", "none", "keys", "create", "--name", "NAME", "--admin")
    assert result.exit_code == 0 and "admin" in result.output, result.output
