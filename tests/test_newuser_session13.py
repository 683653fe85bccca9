"""What a new user met in session 13 (lane newuser), each over the real parts: a channel
key sent without a channel is told which channels it reaches and how to name one; a move
said with the time adverb first ("Now I live in…", "Sekarang saya tinggal di…") supersedes
the old town, as it did with the adverb after the subject; `souvenir context`'s title
counts the rules it shows beside the memories; « Bonne nuit ! » and "baiklah" are not kept
as memories, as "Good night!", 晚安, "alright" and 好吧 were not."""

from __future__ import annotations

import httpx
import pytest
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.library import Souvenir
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
#: A message in each language, by a user of the telegram channel.
MESSAGES = [
    ("ann", "I am vegetarian since 2019"),
    ("léa", "Je suis végétarienne depuis 2019"),
    ("小明", "我从2019年开始吃素"),
    ("siti", "Saya vegetarian sejak 2019"),
]


def test_a_channel_key_without_a_channel_is_told_its_channels_and_where_to_name_one(tmp_path):
    with Souvenir.open(tmp_path / "k.db", **OPEN) as memory:
        key = memory.create_key("tg", channels=["telegram"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            headers = {"Authorization": f"Bearer {key}"}
            for user, message in MESSAGES:
                body = {"user": user, "message": message, "reply": "ok"}
                refused = httpx.post(f"{server.url}/v1/turns", json=body, headers=headers, timeout=30)
                assert refused.status_code == 403
                detail = refused.json()["detail"]
                assert "does not reach channel 'api', only 'telegram'" in detail
                assert '"channel"' in detail and "X-Souvenir-Channel" in detail
                taken = httpx.post(
                    f"{server.url}/v1/turns", json=body | {"channel": "telegram"}, headers=headers, timeout=30
                )
                assert taken.status_code == 200, taken.text
            listed = httpx.get(f"{server.url}/v1/users/telegram", headers=headers, timeout=30).json()
            assert [u["user"] for u in listed["users"]] == [m[0] for m in MESSAGES]


#: (the old home, the move said with the adverb before the subject, the new town).
MOVES = [
    ("I live in Ipoh", "Now I live in Penang", "penang"),
    ("I live in Ipoh", "I moved, now I live in Johor Bahru", "johor bahru"),
    ("J'habite à Nantes", "Maintenant j'habite à Lyon", "lyon"),
    ("J'habite à Nantes", "J'ai déménagé, désormais j'habite à Lille", "lille"),
    ("我住在北京", "现在我住在深圳", "深圳"),
    ("Saya tinggal di Ipoh", "Sekarang saya tinggal di Penang", "penang"),
    ("Saya tinggal di Ipoh", "Saya dah pindah, sekarang saya tinggal di Johor Bahru", "johor bahru"),
]


@pytest.mark.parametrize(("old", "new", "town"), MOVES)
def test_a_move_with_the_adverb_first_supersedes_the_old_town(tmp_path, old, new, town):
    with Souvenir.open(tmp_path / "m.db", **OPEN) as memory:
        first = memory.add_turn("u", old).memory
        moved = memory.add_turn("u", new).memory
        assert first is not None and moved is not None
        assert moved.action == "supersede", moved.reason
        assert moved.superseded_id == first.id and town in moved.reason
        assert [m.text for m in memory.memories("u").memories] == [moved.text]


@pytest.mark.parametrize(
    ("fact", "rule", "question"),
    [
        ("Allergic to peanuts", "Always answer in English", "What am I allergic to?"),
        ("Allergique aux arachides", "Réponds toujours en français", "À quoi suis-je allergique ?"),
        ("对花生过敏", "始终用中文回答", "我对什么过敏？"),
        ("Alah kepada kacang tanah", "Sentiasa jawab dalam bahasa Melayu", "Saya alah kepada apa?"),
    ],
)
def test_the_context_commands_title_counts_the_rules_it_shows(tmp_path, fact, rule, question):
    db = tmp_path / "r.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", fact, kind="fact")
        memory.remember("ann", rule, kind="rule")
    shown = CliRunner().invoke(
        app, ["--db", str(db), "--embedder", "none", "context", "--user", "ann", question], catch_exceptions=False
    )
    assert shown.exit_code == 0, shown.output
    assert "1 memory and 1 rule for api:ann" in shown.output


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Good night!", False),
        ("Bonne nuit !", False),
        ("晚安", False),
        ("Selamat malam", False),
        ("alright", False),
        ("d'accord", False),
        ("好吧", False),
        ("baiklah", False),
        ("okeylah, terima kasih", False),
        ("I work night shifts at the hospital", True),
        ("Je travaille de nuit à l'hôpital", True),
        ("我在医院上夜班", True),
        ("Saya kerja syif malam di hospital", True),
    ],
)
def test_good_night_and_alright_are_not_kept_in_any_language(tmp_path, said, kept):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        written = memory.add_turn("u", said).memory
        assert written is not None
        assert (written.action == "insert") is kept, written.reason
