"""What a new user met in session 14 (lane newuser), over the real parts: the HTTP client with
a channel key and no channel is told the client's own lever (``SouvenirClient(channel=…)``),
beside the body's, the path's and the proxy's."""

from __future__ import annotations

import pytest

from souvenir import AccessDeniedError
from souvenir.api.app import create_app
from souvenir.client import SouvenirClient
from souvenir.library import Souvenir
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}


def test_the_http_client_without_a_channel_is_told_to_name_it_in_the_client(tmp_path):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        key = memory.create_key("wa", channels=["whatsapp"])[0]
        memory.add_turn("+60123456789", "Saya tinggal di Ipoh", reply="Baik", channel="whatsapp")
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            with pytest.raises(AccessDeniedError) as refused:
                SouvenirClient(server.url, api_key=key).memories("+60123456789")
            assert "does not reach channel 'api', only 'whatsapp'" in str(refused.value)
            assert "SouvenirClient(channel=…)" in str(refused.value)
            client = SouvenirClient(server.url, api_key=key, channel="whatsapp")
            assert [m.text for m in client.memories("+60123456789").memories] == ["Saya tinggal di Ipoh"]


def test_mcp_over_http_says_where_it_serves_whose_memories_and_who_may_call(tmp_path):
    """``souvenir mcp --transport http`` started with uvicorn's lines only, where ``serve``
    names its address, store and access: now one line says them, with the pinned user; a
    password in a PostgreSQL URL is not in it."""
    from souvenir.cli.serving import _mcp_banner
    from souvenir.ground.config import Settings

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", _env_file=None)
    pinned = _mcp_banner(settings, "127.0.0.1", 8766, "api", "me", keyed=False)
    assert pinned.startswith("souvenir mcp: http://127.0.0.1:8766/mcp; store SQLite ")
    assert "pinned to user api:me" in pinned and "no API key: loopback clients only" in pinned
    pg = Settings(database_url="postgresql://bot:s3cretpw@db.internal/mem", _env_file=None)
    open_ = _mcp_banner(pg, "::1", 8766, "whatsapp", None, keyed=True)
    assert "http://[::1]:8766/mcp" in open_ and "s3cretpw" not in open_
    assert "each call names its user of channel 'whatsapp'" in open_ and "API keys required" in open_
