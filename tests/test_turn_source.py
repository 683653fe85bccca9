"""A caller's own ``source`` on ``POST /v1/turns`` and ``Souvenir.add_turn`` (issue #26, session 21): the
memories the turn writes carry it, "don't remember that" in the next turn erases them by it (en / fr / zh /
ms), and a bad source is a 422 naming the field (too long, a control character, a prefix Souvenir writes, a
secret) with nothing written. Through a real uvicorn server on loopback and a real SQLite file."""

from __future__ import annotations

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    db = tmp_path_factory.mktemp("src") / "src.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            yield client


def _memories(client: httpx.Client, user: str) -> list[dict]:
    response = client.get(f"/v1/users/api/{user}/memories")
    assert response.status_code == 200, response.text
    return response.json()["memories"]


FORGET_THAT = [
    ("en", "My landlord is suing me over the broken boiler.", "Hmm, scrap that, don't keep it."),
    ("fr", "Mon propriétaire me poursuit pour la chaudière cassée.", "Non, ne retiens pas ça."),
    ("zh", "房东因为热水器坏了要告我。", "哎，那个别记了"),
    ("ms", "Tuan rumah saya nak saman saya sebab pemanas air rosak.", "Eh, jangan simpan itu."),
]


@pytest.mark.parametrize(("lang", "statement", "asking"), FORGET_THAT, ids=[row[0] for row in FORGET_THAT])
def test_a_caller_source_is_carried_and_read_by_the_forget(service, lang, statement, asking):
    user = f"src-{lang}"
    body = {"channel": "api", "user": user, "message": statement, "reply": "Oh no", "source": f"app:{lang}:1"}
    assert service.post("/v1/turns", json=body).status_code == 200
    stored = _memories(service, user)
    assert [m["source"] for m in stored] == [f"app:{lang}:1"]
    asked = {"channel": "api", "user": user, "message": asking, "reply": "OK", "source": f"app:{lang}:2"}
    assert service.post("/v1/turns", json=asked).status_code == 200
    assert _memories(service, user) == []


@pytest.mark.parametrize(
    "source",
    [
        "x" * 257,
        "app:1\nturn:2",
        "app:\u200b1",
        "turn:5",
        "Proxy:abc",
        "request:turn:3",
        "card 4111 1111 1111 1111",
        " ",
    ],
    ids=["long", "newline", "zero-width", "turn", "proxy", "request", "secret", "blank"],
)
def test_a_bad_source_is_a_422_naming_it_and_writes_nothing(service, source):
    user = "src-bad"
    body = {"channel": "api", "user": user, "message": "I moved to Ipoh last spring.", "reply": "OK", "source": source}
    response = service.post("/v1/turns", json=body)
    assert response.status_code == 422, response.text
    assert "source" in response.text
    assert service.get(f"/v1/users/api/{user}/memories").status_code in (200, 404)
    if response.status_code == 200:
        assert _memories(service, user) == []


def test_the_library_takes_a_source_and_refuses_a_reserved_one(tmp_path):
    with Souvenir.open(tmp_path / "l.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("u", "J'ai vendu mon appartement à Porto le mois dernier.", "OK", source="app:msg-1")
        assert [m.source for m in mem.memories("u").memories] == ["app:msg-1"]
        mem.add_turn("u", "En fait, ne retiens pas ça.", "OK", source="app:msg-2")
        assert mem.memories("u").memories == []
        with pytest.raises(Exception, match="source"):
            mem.add_turn("u", "Saya tinggal di Ipoh.", "OK", source="turn:1")
        assert mem.memories("u").memories == []
