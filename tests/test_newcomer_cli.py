"""The command line as a newcomer meets it on a fresh clone: summaries that read as
sentences, mistakes answered with the option or command to use. A real SQLite file."""

from __future__ import annotations

import json
import socket

from typer.testing import CliRunner

from souvenir.cli.common import counted
from souvenir.cli.main import app

runner = CliRunner()


def run(db, *args: str):
    return runner.invoke(app, ["--db", str(db), "--embedder", "none", *args], env={"SOUVENIR_WINDOW_EMBEDDER": "none"})


def flat(result) -> str:
    return " ".join(result.output.split())


def test_a_chat_file_replay_names_the_file_users_not_a_placeholder(tmp_path):
    """``replay chat.jsonl`` printed "user api:(per line): …", then "the users named in the
    file's lines": the newcomer still did not learn the id to ask ``context --user`` for."""
    chat = tmp_path / "chat.jsonl"
    lines = [{"user": "ann", "message": "J'habite à Lyon"}, {"user": "bo", "message": "我住在吉隆坡"}]
    chat.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    result = run(tmp_path / "r.db", "replay", str(chat), "--no-index")
    assert result.exit_code == 0, result.output
    assert "users api:ann, api:bo: 2 messages" in flat(result)
    assert "(per line)" not in result.output
    named = run(tmp_path / "r.db", "replay", str(chat), "--user", "cy", "--no-index")
    assert "user api:cy: 2 messages" in flat(named)
    one = tmp_path / "one.jsonl"
    one.write_text('{"user": "ann", "message": "Saya tinggal di Ipoh"}\n' * 2, encoding="utf-8")
    assert "user api:ann: 2 messages" in flat(run(tmp_path / "r.db", "replay", str(one), "--no-index"))
    many = tmp_path / "many.jsonl"
    many.write_text("".join(json.dumps({"user": u, "message": "Je suis infirmière"}) + "\n" for u in "abcde"))
    shop = run(tmp_path / "m.db", "replay", str(many), "--no-index", "--channel", "shop")
    assert "users shop:a, shop:b, shop:c and 2 more: 5 messages" in flat(shop), shop.output


def test_a_file_given_to_the_wrong_command_names_the_right_one(tmp_path):
    """A memories file (``text``) given to ``replay``, a chat file (``message``) to ``import``:
    "'message' must be a non-empty string" left the newcomer to guess; nothing is written."""
    memories = tmp_path / "memories.jsonl"
    memories.write_text('{"text": "Allergique aux arachides", "kind": "fact"}\n', encoding="utf-8")
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"user": "ann", "message": "Saya tinggal di Ipoh"}\n', encoding="utf-8")
    db = tmp_path / "w.db"
    replayed = run(db, "replay", str(memories), "--user", "ann")
    assert replayed.exit_code == 2 and "`souvenir import FILE --user U`" in flat(replayed), replayed.output
    imported = run(db, "import", str(chat), "--user", "ann")
    assert imported.exit_code == 2 and "`souvenir replay FILE`" in flat(imported), imported.output
    assert "no user api:ann" in flat(run(db, "memories", "--user", "ann"))
    # a misspelt key is named with the line's keys (its values never echoed)
    typo = tmp_path / "typo.jsonl"
    typo.write_text('{"txt": "Allergique aux arachides", "kind": "fact"}\n', encoding="utf-8")
    misspelt = run(db, "import", str(typo), "--user", "ann")
    assert misspelt.exit_code == 2, misspelt.output
    assert "typo.jsonl:1: 'text' must be a non-empty string (it has no 'text'; its keys: 'kind', 'txt')" in flat(
        misspelt
    ), misspelt.output
    assert "arachides" not in misspelt.output


def test_a_story_scope_without_its_story_names_the_option(tmp_path):
    result = run(tmp_path / "s.db", "remember", "--user", "ann", "--scope", "story", "Le dragon dort")
    assert result.exit_code == 2 and "add --story NAME" in flat(result), result.output
    ok = run(tmp_path / "s.db", "remember", "--user", "ann", "--scope", "story", "--story", "harbour", "Le dragon dort")
    assert ok.exit_code == 0, ok.output


def test_mcp_over_http_on_a_taken_port_says_what_to_do(tmp_path):
    """``souvenir mcp --transport http`` on a taken port started, then printed uvicorn's
    ``[Errno 98] … address already in use`` and exited 3; now it stops first, exit 2."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = run(tmp_path / "m.db", "mcp", "--transport", "http", "--port", str(port))
    assert result.exit_code == 2, result.output
    assert f"port {port} on 127.0.0.1 is already in use" in flat(result)
    assert "souvenir mcp --transport http --port N" in flat(result)


def test_flags_show_no_type_to_fill_in_and_counts_agree():
    """``--json <bool>`` read as an option taking a value; a table titled "1 memories"."""
    for name in ("context", "memories", "replay", "delete-user"):
        help_text = runner.invoke(app, [name, "--help"], env={"COLUMNS": "120"}).output
        for line in help_text.splitlines():
            if any(flag in line for flag in ("--json ", "--count ", "--yes ", "--no-index ")):
                assert "<bool>" not in line, line
    assert (counted(1, "memory"), counted(3, "memory"), counted(0, "job")) == ("1 memory", "3 memories", "0 jobs")


def test_no_help_page_shows_a_bool_type():
    """The flags typer adds itself still read ``--help <bool>``, ``--install-completion
    <bool>`` on every page (``souvenir --help``, ``souvenir keys create --help``…)."""
    import typer.main

    root = typer.main.get_command(app)
    pages = [[]]
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        pages.append([name])
        pages.extend([name, sub] for sub in getattr(command, "commands", {}))
    for page in pages:
        result = runner.invoke(app, [*page, "--help"], env={"COLUMNS": "120"})
        assert result.exit_code == 0 and "--help" in result.output, (page, result.output)
        assert "<bool>" not in result.output, (page, result.output)
    assert len(pages) > 25


def test_a_chat_session_reflects_its_turns_before_it_exits(tmp_path, monkeypatch):
    """``souvenir chat`` with a model: one session in three left every reflection pending
    (attempts 0) at exit — a reflection that gave way to the next live reply is due again
    within a second, and the exit's drain, finding none due that instant, returned at once.
    The session now waits for its user's jobs (30 s at most), so a next session, or
    ``memories``, sees what the model proposed."""
    from souvenir import Souvenir
    from tests.servers import ChatServer

    fact = json.dumps({"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})
    with ChatServer(reply="Noted!", reflection_answer=fact) as upstream:
        upstream.chat_mode = upstream.reflection_mode = "slow"
        upstream.delay_s = 0.4
        monkeypatch.setenv("SOUVENIR_LLM_BASE_URL", upstream.url)
        monkeypatch.setenv("SOUVENIR_LLM_MODEL", "stub")
        db = tmp_path / "c.db"
        said = "I live in Ipoh\nJe bois du thé\n我喜欢跑步\nSaya suka kopi\n\n"
        result = runner.invoke(app, ["--db", str(db), "--embedder", "none", "chat", "--user", "ann"], input=said)
        assert result.exit_code == 0, result.output
    with Souvenir.open(str(db), embedder="none", window_embedder="none", background=False) as memory:
        left = [(j.id, j.job, j.status, j.attempts) for j in memory.jobs().jobs if j.status in ("pending", "running")]
        assert not left, left
        assert "Lives in Ipoh" in [m.text for m in memory.memories("ann").memories]


def test_an_unknown_memory_id_names_the_command_that_lists_the_ids(tmp_path):
    """``forget 999 --user ann`` said only "no memory 999 for user api:ann"."""
    db = tmp_path / "u.db"
    assert run(db, "remember", "--user", "ann", "Saya suka teh tarik").exit_code == 0
    for command in (["forget", "999"], ["pin", "999"], ["history", "999"]):
        result = run(db, *command, "--user", "ann")
        assert result.exit_code == 2, result.output
        assert "no memory 999 for user api:ann: `souvenir memories --user ann` lists their ids" in flat(result)


def test_import_says_why_each_dropped_memory_was_dropped(tmp_path):
    """``import`` said "1 dropped by filters" and no more; each dropped one is now listed with
    its position and reason, its text as stored (the secret redacted)."""
    memories = tmp_path / "m.jsonl"
    lines = [{"text": "Allergic to latex gloves"}, {"text": "mot de passe: Tr0ub4dor&3xq"}, {"text": "喜欢喝绿茶"}]
    memories.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    result = run(tmp_path / "i.db", "import", str(memories), "--user", "ann")
    assert result.exit_code == 0, result.output
    assert "2 kept (1 dropped by filters)" in flat(result)
    assert "line 2 dropped, secrets" in flat(result) and "Tr0ub4dor" not in result.output
    assert "[redacted]" in result.output and "\\[" not in result.output


def test_keys_create_alone_shows_a_whole_command(tmp_path):
    """README, the start line and every 401 point at `souvenir keys create`; run alone it
    said "Missing option '--name'", then "a key must be --admin or name at least one
    --channel": two tries to learn the two parts. Now one sentence with a command to paste."""
    db = tmp_path / "k.db"
    for args, missing in (([], "a --name and a scope"), (["--name", "bot"], "a scope"), (["--admin"], "a --name")):
        result = run(db, "keys", "create", *args)
        assert result.exit_code == 2, result.output
        assert f"a key needs {missing}: `souvenir keys create --name mybot --admin`" in flat(result)
    made = run(db, "keys", "create", "--name", "mybot", "--admin")
    assert made.exit_code == 0 and made.output.strip().splitlines()[-1].startswith("sv_"), made.output


def test_a_model_url_without_its_scheme_is_a_settings_error(tmp_path):
    """``SOUVENIR_LLM_BASE_URL=127.0.0.1:8080`` was taken; every reply and reflection then
    failed with httpx's "missing an 'http://' or 'https://' protocol"."""
    for variable in ("SOUVENIR_LLM_BASE_URL", "SOUVENIR_EMBEDDER_URL"):
        result = runner.invoke(
            app, ["--db", str(tmp_path / "s.db"), "memories", "--user", "ann"], env={variable: "127.0.0.1:8080"}
        )
        assert result.exit_code == 2, result.output
        assert f"{variable}: Value error, must start with http:// or https://" in flat(result)


def test_chat_with_a_failing_model_says_so_and_does_not_wait_for_it(tmp_path, monkeypatch):
    """A model that fails (here every request answers 500): the reply line said "(no reply:
    no chat model)" though one is configured, and the exit then waited on jobs the model's
    open breaker holds. It says the model failed, and that the jobs are left pending."""
    from tests.servers import ChatServer

    with ChatServer() as upstream:
        upstream.chat_mode = upstream.reflection_mode = upstream.summary_mode = "500"
        monkeypatch.setenv("SOUVENIR_LLM_BASE_URL", upstream.url)
        monkeypatch.setenv("SOUVENIR_LLM_MODEL", "stub")
        result = runner.invoke(
            app,
            ["--db", str(tmp_path / "f.db"), "--embedder", "none", "chat", "--user", "ann"],
            input="Je vis à Lyon\n\n",
        )
    assert result.exit_code == 0, result.output
    assert "bot> (no reply: the model failed, above)" in result.output
    assert "left pending, the model failed" in flat(result)


def test_a_chat_file_under_another_suffix_is_named_as_one(tmp_path):
    """A chat JSONL saved as ``chat.json`` (or ``.txt``) was read as LoCoMo: "invalid JSON:
    Extra data", or "missing speaker_a / speaker_b" for one line, and the newcomer did not
    learn that the suffix chooses the format. Nothing is written."""
    line = json.dumps({"user": "ann", "message": "Saya tinggal di Ipoh", "reply": "Bagus!"}) + "\n"
    db = tmp_path / "f.db"
    for name, text in (("chat.json", line * 2), ("chat.txt", line * 2), ("one.json", line)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = run(db, "replay", str(path), "--no-index")
        stem = name.split(".")[0]
        assert result.exit_code == 2 and f"name it {stem}.jsonl" in flat(result), result.output
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n", encoding="utf-8")
    result = run(db, "replay", str(notes))
    assert result.exit_code == 2 and "a LoCoMo .json conversation, or a chat .jsonl file" in flat(result), result.output
    assert "no user api:ann" in flat(run(db, "memories", "--user", "ann"))
    # a misspelt key is named with the line's keys (its values never echoed)
    typo = tmp_path / "typo.jsonl"
    typo.write_text('{"txt": "Allergique aux arachides", "kind": "fact"}\n', encoding="utf-8")
    misspelt = run(db, "import", str(typo), "--user", "ann")
    assert misspelt.exit_code == 2, misspelt.output
    assert "typo.jsonl:1: 'text' must be a non-empty string (it has no 'text'; its keys: 'kind', 'txt')" in flat(
        misspelt
    ), misspelt.output
    assert "arachides" not in misspelt.output


def test_a_dropped_memory_is_not_called_memory_none(tmp_path):
    """``remember "My PIN is 4821"`` printed "dropped: memory None 'My PIN is [redacted]'"."""
    result = run(tmp_path / "p.db", "remember", "--user", "ann", "My PIN is 4821")
    assert result.exit_code == 0 and "None" not in result.output, result.output
    assert "dropped: nothing kept: 'My PIN is [redacted]'" in flat(result)
    kept = run(tmp_path / "p.db", "remember", "--user", "ann", "Je suis infirmière à Lyon")
    assert "insert: memory 1 'Je suis infirmière à Lyon'" in flat(kept), kept.output


def test_an_import_summary_counts_its_lines_as_a_sentence(tmp_path):
    """``import`` of a one-line file said "1 lines for user ann on channel api"."""
    one = tmp_path / "one.jsonl"
    one.write_text('{"text": "Allergic to latex gloves", "kind": "fact"}\n', encoding="utf-8")
    result = run(tmp_path / "i.db", "import", str(one), "--user", "ann")
    assert result.exit_code == 0 and "1 line for user api:ann: 1 kept" in flat(result), result.output
