"""What a new user met in session 21 (lane newuser6), over the real parts: a channel key that
names another tenant's channel is told to use another key, not to "name the channel" it just
named; a key sent with no channel still is. Through REST, the proxy and MCP over HTTP, one
user a language (en, fr, zh, ms)."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.keys import Principal
from souvenir.api.scopes import reach
from souvenir.errors import AccessDeniedError
from souvenir.library import Souvenir
from tests.servers import ChatServer, UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
#: A customer of each language, by their channel's external id.
CUSTOMERS = [
    ("+447700900123", "Where is my order ORD-5521?"),
    ("lea@example.fr", "Où en est ma commande ORD-5521 ?"),
    ("tg:88123", "我的订单 ORD-5521 到哪里了？"),
    ("60123456789@s.whatsapp.net", "Pesanan saya ORD-5521 dah sampai mana?"),
]


def test_the_hint_fits_whether_the_channel_was_named():
    whatsapp = Principal("wa", channels=frozenset({"whatsapp"}))
    with pytest.raises(AccessDeniedError) as named:
        reach(whatsapp, "telegram")
    assert "does not reach channel 'telegram', only 'whatsapp'" in str(named.value)
    assert "--channel telegram" in str(named.value) and "admin key" in str(named.value)
    assert "name the channel" not in str(named.value)
    with pytest.raises(AccessDeniedError) as unnamed:
        reach(whatsapp, "api")
    assert "name the channel" in str(unnamed.value) and "X-Souvenir-Channel" in str(unnamed.value)
    reach(whatsapp, "whatsapp")  # its own: no refusal


@pytest.mark.parametrize(("user", "message"), CUSTOMERS)
def test_another_tenants_channel_is_refused_with_the_way_out_on_rest_and_the_proxy(tmp_path, user, message):
    with ChatServer() as chat, Souvenir.open(tmp_path / "t.db", llm_base_url=chat.url, llm_model="m", **OPEN) as memory:
        key = memory.create_key("wa", channels=["whatsapp"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            headers = {"Authorization": f"Bearer {key}"}
            body = {"channel": "telegram", "user": user, "message": message, "reply": "ok"}
            refused = httpx.post(f"{server.url}/v1/turns", json=body, headers=headers, timeout=30)
            assert refused.status_code == 403
            detail = refused.json()["detail"]
            assert "only 'whatsapp'" in detail and "--channel telegram" in detail, detail
            assert "name the channel" not in detail
            listed = httpx.get(f"{server.url}/v1/users/telegram", headers=headers, timeout=30)
            assert listed.status_code == 403 and "--channel telegram" in listed.json()["detail"]
            proxied = httpx.post(
                f"{server.url}/v1/chat/completions",
                json={"model": "m", "user": user, "messages": [{"role": "user", "content": message}]},
                headers=headers | {"X-Souvenir-Channel": "telegram"},
                timeout=30,
            )
            assert proxied.status_code == 403 and "--channel telegram" in proxied.json()["error"]["message"]
            assert chat.requests == []  # refused before the model was asked
            taken = httpx.post(
                f"{server.url}/v1/turns", json=body | {"channel": "whatsapp"}, headers=headers, timeout=30
            )
            assert taken.status_code == 200, taken.text
            assert memory.users(channel="telegram").users == []
