"""Mends of session 10 from the new-user and attacker lanes' reports: a language's name is
refused where a code is expected, and a forgotten memory cannot be pinned."""

from __future__ import annotations

import httpx
import pytest

from souvenir import Souvenir
from souvenir.errors import InputError
from tests.servers import UvicornThread


def test_a_language_name_is_refused_with_the_codes(tmp_path):
    with Souvenir.open(tmp_path / "l.db", embedder="none", window_embedder="none", background=False) as memory:
        with pytest.raises(InputError, match="language code such as en, fr"):
            memory.add_turn("ann", "Je suis allergique aux arachides", language="french")
        assert memory.add_turn("ann", "Je suis allergique aux arachides", language="fr-FR").turn_id
        assert memory.profile("ann")["lang"] == "fr"


def test_a_language_name_gets_422_on_turns(tmp_path):
    from souvenir.api.app import create_app
    from souvenir.library import settings_for

    app = create_app(settings_for(tmp_path / "r.db", embedder="none", window_embedder="none"))
    with UvicornThread(app) as server:
        base = server.url
        body = {"user": "ann", "message": "Saya alah kacang", "language": "malay"}
        answer = httpx.post(f"{base}/v1/turns", json=body, timeout=30)
        assert answer.status_code == 422 and "language code" in answer.text
        assert httpx.post(f"{base}/v1/turns", json=body | {"language": "ms"}, timeout=30).status_code in (200, 201)


def test_a_forgotten_memory_cannot_be_pinned(tmp_path):
    with Souvenir.open(tmp_path / "p.db", embedder="none", window_embedder="none", background=False) as memory:
        written = memory.remember("ann", "Allergic to peanuts")
        memory.forget("ann", written.id)
        with pytest.raises(InputError, match="only an active memory can be pinned"):
            memory.pin("ann", written.id)
        assert memory.pin("ann", written.id, False).pinned is False  # unpinning stays possible
