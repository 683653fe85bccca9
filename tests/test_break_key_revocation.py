"""Adversarial: revoking a key by a name of digits never revokes another key."""

from __future__ import annotations

from datetime import datetime, timezone

NOW = datetime(2026, 12, 2, tzinfo=timezone.utc)


def test_revoking_a_key_by_a_name_of_digits_never_revokes_another_key(tmp_path):
    """`souvenir keys create --name 3 --channel y` then `souvenir keys revoke 3`, to revoke
    that (say, leaked) tenant key: the admin key id 1 was revoked when the name was "1", and
    the leaked key stayed active. A name of digits only is refused; a store that holds one
    (created before) refuses the ambiguous revoke."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app
    from souvenir.store import open_store

    url = f"sqlite:///{tmp_path / 'keys.db'}"
    env = {
        "SOUVENIR_DATABASE_URL": url,
        "SOUVENIR_EMBEDDER": "none",
        "SOUVENIR_WINDOW_EMBEDDER": "none",
        "SOUVENIR_LLM_BASE_URL": "",
    }
    run = CliRunner().invoke
    assert run(app, ["keys", "create", "--name", "alpha", "--admin"], env=env).exit_code == 0
    assert run(app, ["keys", "create", "--name", "1", "--channel", "y"], env=env).exit_code != 0
    store = open_store(url)
    try:
        store.add_api_key("1", "0" * 64, "sv_old", False, ["y"], NOW)  # a name of digits kept from before
    finally:
        store.close()
    assert run(app, ["keys", "revoke", "1"], env=env).exit_code != 0
    store = open_store(url)
    try:
        assert [k["revoked_at"] for k in store.api_keys()] == [None, None]
    finally:
        store.close()
