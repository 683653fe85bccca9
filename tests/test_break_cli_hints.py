"""Adversarial, the command line: `souvenir index` never retires the embedder its settings use; the unknown-user hint quotes the channel it suggests."""

from __future__ import annotations

from datetime import datetime, timezone

from souvenir.store import open_store
from tests.servers import EmbeddingServer

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)


def test_souvenir_index_refuses_to_retire_the_embedder_its_settings_use(tmp_path):
    """``souvenir index --retire NAME --drop-vectors`` with NAME the embedder the same
    settings use (the server's .env): every vector was deleted and the queue dropped, the
    server kept it again within a minute and re-embedded the whole store, and meanwhile
    every turn went without its cosines, none counted degraded. Refused, nothing deleted."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'r.db'}"
    with EmbeddingServer() as server:
        env = {
            "SOUVENIR_DATABASE_URL": url,
            "SOUVENIR_EMBEDDER": "openai",
            "SOUVENIR_EMBEDDER_URL": server.url,
            "SOUVENIR_EMBEDDER_MODEL": "model-a",
            "SOUVENIR_WINDOW_EMBEDDER": "none",
            "SOUVENIR_LLM_BASE_URL": "",
        }
        assert CliRunner().invoke(app, ["remember", "--user", "q", "I live in Ipoh"], env=env).exit_code == 0
        assert CliRunner().invoke(app, ["index"], env=env, catch_exceptions=False).exit_code == 0
        store = open_store(url)
        name = next(iter(store.kept_embedders()))
        store.close()
        retired = CliRunner().invoke(app, ["index", "--retire", name, "--drop-vectors"], env=env)
        assert retired.exit_code != 0, retired.stdout
        store = open_store(url)
        try:
            assert name in store.kept_embedders() and store.count_stale_vectors(name) == 0
        finally:
            store.close()


def test_the_unknown_user_hint_quotes_the_channel_it_suggests(tmp_path):
    """A channel is any text a REST caller chose (spaces, ``;``, ``$(…)`` included): the
    hint's ``add --channel X`` is a command an operator pastes, so X is quoted for a shell."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    url = f"sqlite:///{tmp_path / 'c.db'}"
    store = open_store(url)
    store.ensure_user("x ;touch pwned", "bob", NOW)  # a blank at either end is refused (look-alike)
    store.close()
    env = {
        "SOUVENIR_DATABASE_URL": url,
        "SOUVENIR_EMBEDDER": "none",
        "SOUVENIR_WINDOW_EMBEDDER": "none",
        "SOUVENIR_LLM_BASE_URL": "",
    }
    result = CliRunner().invoke(app, ["memories", "--user", "bob"], env=env, catch_exceptions=False)
    assert result.exit_code == 0
    assert "add --channel 'x ;touch pwned'" in " ".join(result.output.split()), result.output


def test_a_global_option_after_the_command_says_where_it_goes(tmp_path):
    """``souvenir context --db x.db …`` (the order a newcomer types) answered click's bare "No
    such option: --db"; it now says the option is souvenir's own and goes before the command,
    for a sub-command of a group too. Another unknown option keeps click's sentence."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    env = {"SOUVENIR_DATABASE_URL": f"sqlite:///{tmp_path / 'g.db'}", "SOUVENIR_LLM_BASE_URL": ""}
    for args, says in (
        (["context", "--db", "x.db", "--user", "ann", "hi"], "souvenir --db FILE context …"),
        (["keys", "list", "--db=x.db"], "souvenir --db FILE keys list …"),
        (["memories", "--user", "ann", "--embedder", "none"], "souvenir --embedder NAME memories …"),
    ):
        result = CliRunner().invoke(app, args, env=env)
        text = " ".join(result.output.replace("│", " ").split())
        assert result.exit_code == 2, result.output
        assert "is an option of souvenir itself" in text and says in text, text
    other = CliRunner().invoke(app, ["context", "--dbx", "1", "--user", "ann", "hi"], env=env)
    assert other.exit_code == 2 and "No such option: --dbx" in other.output
    assert not (tmp_path / "x.db").exists()
