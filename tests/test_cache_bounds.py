"""The lexical caches are bounded for short texts too (session 17, lane fixes; lane harden's
leftover): every text a face brings in counts its characters, and each cache is an LRU of a
documented size. Through the library on a real SQLite file."""

from __future__ import annotations

from souvenir import Souvenir
from souvenir.engine import cache_budget
from souvenir.engine.cache_budget import CHAR_BUDGET, read_long
from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical.keyed import user_keys
from souvenir.lexical.normalize import normalize
from souvenir.lexical.tokens import tokenize
from souvenir.write.dedup import fingerprint

SHORT = [
    "I like green tea with a little honey",
    "J'aime le thé vert avec un peu de miel",
    "我喜欢喝加一点蜂蜜的绿茶",
    "Saya suka teh hijau dengan sedikit madu",
]


def test_each_cache_is_an_lru_of_the_documented_size() -> None:
    for cached in (normalize, tokenize, user_keys, fingerprint):
        assert cached.cache_info().maxsize == TEXT_CACHE == 8192
    assert all(c.cache_info().maxsize <= TEXT_CACHE for c in cache_budget._CACHES)


def test_distinct_short_messages_empty_the_caches_once_the_budget_is_read(tmp_path) -> None:
    """Session 16 counted only texts over 2,048 characters: short ones filled every cache to
    its entries. Now the characters of every text a face brings in count."""
    with Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False) as mem:
        for i, text in enumerate(SHORT):
            mem.add_turn(f"u{i}", text)
        hits = user_keys.cache_info().hits
        user_keys(SHORT[0])
        assert user_keys.cache_info().hits == hits + 1, "a short message is cached"
        # distinct short messages, as many as fill the budget (what the faces pass on)
        n = 0
        while n < CHAR_BUDGET:
            message = f"Message {n}: the weather in Leeds was fine today"
            read_long(message)
            n += len(message)
        hits = user_keys.cache_info().hits
        user_keys(SHORT[0])
        assert user_keys.cache_info().hits == hits, "the first short message is still cached"
        mem.add_turn("u0", "My brother lives in Ipoh")  # the store's texts are read again: all fine
        assert len(mem.memories("u0").memories) == 2
