"""The recent query vectors of each user's texts (issue #28, session 22): a chat's earlier
turns are embedded once, the selections are the same with and without the cache (ids, order,
scores), and nothing of an erased text stays — over a real SQLite file, an OpenAI-compatible
embedder on loopback (it counts the texts it embeds) and the local e5 window embedder, in
English, French, Chinese and Malay."""

from __future__ import annotations

import numpy as np
import pytest

from souvenir import Souvenir
from souvenir.index.query_vectors import QueryVectors, query_text
from souvenir.lexical.erased_readings import forget_readings
from tests.servers import EmbeddingServer

#: Per language: what the user said before (memories), then a chat of short messages
#: (≤ 8 index terms: the turns count) with the assistant's replies.
CHATS = {
    "en": (
        ["My Fiat failed its MOT again", "My sister Ana lives in Porto", "I play badminton on Tuesdays"],
        [
            ("My car is broken again", "Oh no, the Fiat?"),
            ("Yes, the brakes", "Did the garage look at it?"),
            ("Not yet", "Will you take it tomorrow?"),
            ("I really want to sell it", "Understandable."),
            ("What do you think?", "Maybe ask Ana?"),
        ],
    ),
    "fr": (
        ["Ma chaudière est tombée en panne", "Ma sœur Inès habite à Lyon", "Je fais de la poterie le jeudi"],
        [
            ("Il fait froid chez moi", "La chaudière encore ?"),
            ("Oui, encore elle", "Le chauffagiste est passé ?"),
            ("Pas encore", "Il vient demain ?"),
            ("J'espère bien", "Courage."),
            ("Tu en penses quoi ?", "Appelle Inès ?"),
        ],
    ),
    "zh": (
        ["我女儿下周六有钢琴比赛", "我妹妹住在成都", "我每周四打羽毛球"],
        [
            ("我有点紧张", "是因为比赛吗？"),
            ("对，那件事", "她准备得怎么样？"),
            ("还可以吧", "周六几点开始？"),
            ("早上九点", "祝她顺利！"),
            ("你觉得呢？", "她一定没问题。"),
        ],
    ),
    "ms": (
        ["Kereta Proton saya rosak lagi", "Kakak saya tinggal di Ipoh", "Saya main badminton setiap Selasa"],
        [
            ("Kereta saya rosak lagi", "Alamak, Proton tu?"),
            ("Ya, brek dia", "Bengkel dah tengok?"),
            ("Belum lagi", "Esok nak hantar?"),
            ("Saya nak jual je", "Faham."),
            ("Apa pendapat awak?", "Tanya kakak dulu?"),
        ],
    ),
}


def _open(tmp_path, server: EmbeddingServer, name: str) -> Souvenir:
    return Souvenir.open(
        tmp_path / f"{name}.db",
        embedder="openai",
        embedder_url=server.url,
        embedder_model="m",
        window_embedder="e5",
        background=False,
    )


def _chat(mem: Souvenir, user: str, lang: str) -> list[list[tuple[int, float]]]:
    """Each context of the chat as (id, score) of the memories selected, in order."""
    history: list[str] = []
    out = []
    for said, reply in CHATS[lang][1]:
        got = mem.runtime.engine.context("api", user, said, messages=[*history, said])
        out.append([(s.memory.id, got.scores[s.memory.id]) for s in got.memories])
        history += [said, reply]
    return out


@pytest.mark.parametrize("lang", sorted(CHATS))
def test_the_same_selections_with_and_without_the_cache_and_each_turn_embedded_once(tmp_path, lang: str) -> None:
    runs = {}
    embedded = {}
    for name, size in (("kept", None), ("none", 0)):
        with EmbeddingServer() as server, _open(tmp_path, server, name) as mem:
            for text in CHATS[lang][0]:
                mem.remember("ann", text)
            mem.index()
            scores = mem.runtime.engine.reader.scores
            if size is not None:
                scores.vectors = QueryVectors(size)
            server.texts.clear()
            runs[name] = _chat(mem, "ann", lang)
            embedded[name] = list(server.texts)
            if size is None:
                assert scores.vectors.hits > 0
    assert runs["kept"] == runs["none"]  # same ids, same order, same scores (exactly)
    assert all(run for run in runs["kept"])
    # with the cache, every text of the chat is embedded once by the main embedder
    said = [t for pair in CHATS[lang][1] for t in pair][:-1]  # the last reply is never sent
    assert sorted(embedded["kept"]) == sorted(query_text(t) for t in said), embedded["kept"]
    assert len(embedded["none"]) > len(embedded["kept"])


def test_an_erasure_leaves_no_vector_of_the_user_and_another_user_keeps_theirs(tmp_path) -> None:
    with EmbeddingServer() as server, _open(tmp_path, server, "e") as mem:
        for user, lang in (("ann", "en"), ("bob", "fr")):
            for text in CHATS[lang][0]:
                mem.remember(user, text)
        mem.index()
        _chat(mem, "ann", "en")
        _chat(mem, "bob", "fr")
        kept = mem.runtime.engine.reader.scores.vectors
        ann, bob = (mem.runtime.store.find_user("api", u) for u in ("ann", "bob"))
        held = {u: sum(1 for k in kept._data if k[0] == u) for u in (ann, bob)}
        assert held[ann] and held[bob]
        memory = mem.memories("ann").memories[0]
        mem.forget("ann", memory.id)
        assert not any(k[0] == ann for k in kept._data)
        assert sum(1 for k in kept._data if k[0] == bob) == held[bob]
        mem.delete_user("bob")
        assert not any(k[0] == bob for k in kept._data)


@pytest.mark.parametrize(
    "text",
    ["I take Vextoralin every morning", "Je prends du Vextoralin", "我每天吃维他命", "Saya makan ubat Vextoralin"],
)
def test_an_erased_text_leaves_no_vector_for_any_user(text: str) -> None:
    kept = QueryVectors(8)
    vector = np.ones(4, dtype=np.float32)
    kept.put(1, "m", text, vector, kept.generation)
    kept.put(2, "m", f"  {text} ", vector, kept.generation)  # the same query text
    kept.put(2, "m", "something else", vector, kept.generation)
    assert kept.get(1, "m", text) is not None
    forget_readings([text])  # what every erasure calls with the texts it emptied
    assert kept.get(1, "m", text) is None and kept.get(2, "m", text) is None
    assert kept.get(2, "m", "something else") is not None


def test_bounded_least_recently_used_and_nothing_kept_after_an_erasure_began() -> None:
    kept = QueryVectors(3)
    vector = np.ones(4, dtype=np.float32)
    for i in range(3):
        assert kept.put(1, "m", f"t{i}", vector, kept.generation)
    assert kept.get(1, "m", "t0") is not None  # used: the oldest is now t1
    kept.put(1, "m", "t3", vector, kept.generation)
    assert len(kept) == 3 and kept.get(1, "m", "t1") is None and kept.get(1, "m", "t0") is not None
    got = kept.get(1, "m", "t0")
    assert got is not None and not got.flags.writeable  # the bits the selection reads stay as they were
    before = kept.generation  # a context read it, then an erasure of the user ran
    kept.forget_user(1)
    assert len(kept) == 0
    assert not kept.put(1, "m", "t4", vector, before)  # computed before the erasure: not kept
    assert not QueryVectors(0).put(1, "m", "t", vector, 0)  # 0: the cache is off
