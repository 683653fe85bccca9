"""A read with an id that looks like a stored one — blanks at its ends, or accents decomposed
(NFD) — names the stored id (session 17, lane newuser2): "no user api:léa" while "léa" was
listed read as a contradiction, since both forms print alike. Library on a real SQLite file,
REST on loopback; French, English, Chinese and Malay ids."""

from __future__ import annotations

import unicodedata
from urllib.parse import quote

import httpx
import pytest

from souvenir import Souvenir, UnknownError
from souvenir.api.app import create_app
from tests.servers import UvicornThread

STORED = {"fr": "léa", "en": "ann", "zh": "小明", "ms": "siti"}


def _variants(user: str) -> list[tuple[str, str]]:
    found = [(f"{user} ", "blanks at its ends"), (f" {user}", "blanks at its ends")]
    if unicodedata.normalize("NFD", user) != user:
        found.append((unicodedata.normalize("NFD", user), "decomposed accents (Unicode NFD)"))
    return found


@pytest.mark.parametrize("lang", sorted(STORED))
def test_a_lookalike_read_names_the_stored_id(tmp_path, lang):
    user = STORED[lang]
    with Souvenir.open(tmp_path / "l.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.add_turn(user, "I like green tea", reply="ok")
        for asked, why in _variants(user):
            note = memory.context(asked, "tea").unknown_user
            assert note is not None and f"user {user!r} exists in this channel" in note and why in note, note
            assert memory.memories(asked).unknown_user == note
            with pytest.raises(UnknownError, match=f"user {user!r} exists in this channel"):
                memory.export_user(asked)
        assert memory.context(user, "tea").unknown_user is None
        assert memory.context("nobody ", "tea").unknown_user == "no user api:nobody "  # no look-alike stored


def test_the_rest_service_says_the_same(tmp_path):
    with Souvenir.open(tmp_path / "r.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.add_turn("léa", "J'adore le thé vert", reply="ok")
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            nfd = quote(unicodedata.normalize("NFD", "léa"))
            answer = httpx.get(f"{server.url}/v1/users/api/{nfd}/profile", timeout=30)
            assert answer.status_code == 404
            assert "user 'léa' exists in this channel" in answer.json()["detail"], answer.text
            context = httpx.post(f"{server.url}/v1/context", json={"user": "léa ", "message": "thé"}, timeout=30).json()
            assert "blanks at its ends" in context["unknown_user"], context
