"""Verbs of clearing out of the assistant's memory (session 19, round3_extra15's forget misses,
widened to the kind): "scrub / purge / clear … from your memory", « enlève / vire … de ta
mémoire / tête », "keluarkan … dari ingatan", 从记忆里清掉 / 移除, in four languages; and what
is no request (the user's own floor, table or head)."""

from __future__ import annotations

import pytest

from souvenir.lexical.forget_cues import _forget_requests
from souvenir.lexical.forget_deixis import points_back


@pytest.mark.parametrize(
    "message",
    [
        "Can you scrub that from your memory please",
        "Please purge that from your memory.",
        "Clear this from your memory, ok?",
        "Enlève ça de ta mémoire stp",
        "Vire ça de ta tête, s'il te plaît",
        "Tolong keluarkan tu dari ingatan awak",
        "这件事你就从记忆里清掉吧",
        "那个你从记录里移除吧",
    ],
)
def test_a_clearing_verb_out_of_memory_points_back(message: str) -> None:
    requests = _forget_requests(message, frozenset())
    assert requests, message
    assert any(points_back(r, message) for r in requests), message


@pytest.mark.parametrize(
    "message",
    [
        "I scrubbed the kitchen floor this morning",
        "I need to clear my head this weekend",
        "Je vais virer ce vieux canapé",
        "把桌子清掉吧，明天有客人",
        "Saya cuba buang semua barang lama",
    ],
)
def test_clearing_the_users_own_things_is_no_request(message: str) -> None:
    assert _forget_requests(message, frozenset()) == (), message
