"""忘记 as an imperative (session 12, a new user's try): "忘记我住在哪里" and "请忘记我住在哪里"
were stored as memories and the town stayed, while « oublie où j'habite », "forget where I
live" and "lupakan di mana saya tinggal" erased it. 忘记 asks when a politeness word leads it
(请, 麻烦, 拜托) or when it opens a clause on what the user said (忘记我…); "(I) forgot…"
statements (a 了, a question, a subject before it) still ask nothing."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests

# (language, the stored memory, the request) — "forget where I live" in four languages
WHERE_I_LIVE = [
    ("en", "I live in Leeds", "Forget where I live."),
    ("fr", "J'habite à Lyon", "Oublie où j'habite."),
    ("zh", "我住在上海", "忘记我住在哪里"),
    ("zh", "我住在上海", "请忘记我住在哪里。"),
    ("zh", "我住在上海", "麻烦你忘记我的地址吧"),
    ("ms", "Saya tinggal di Ipoh", "Lupakan di mana saya tinggal."),
]

NOT_REQUESTS = [
    "我忘记我住在哪里了",
    "你忘记我住在哪里了吗？",
    "忘记我的密码了",
    "忘记我的密码怎么办？",
    "他忘记了我的生日",
    "别忘记我住在上海",
    "不要忘记我的生日",
    "忘记带钥匙了",
]


@pytest.mark.parametrize("lang,memory,asking", WHERE_I_LIVE)
def test_the_request_is_found_with_its_attribute(lang, memory, asking):
    requests = forget_requests(asking)
    assert len(requests) == 1, (lang, asking)
    assert requests[0].attribute == "home", (lang, asking)


@pytest.mark.parametrize("message", NOT_REQUESTS)
def test_forgot_statements_ask_nothing(message):
    assert forget_requests(message) == []


@pytest.mark.parametrize("lang,memory,asking", WHERE_I_LIVE)
def test_a_turn_erases_where_the_user_lives(tmp_path, lang, memory, asking):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        home = mem.add_turn("u", memory, reply="OK")
        kept = mem.remember("u", "Likes jazz" if lang != "zh" else "喜欢爵士乐")
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped", turn.memory
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        assert home.memory is not None
        gone = mem.memories("u", status="deleted").memories
        assert home.memory.id in [m.id for m in gone]
