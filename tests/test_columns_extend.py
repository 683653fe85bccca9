"""A user's scoring columns extended by new memories (:meth:`UserColumns.extended`, the
scorer after a write) hold exactly the bits of a rebuild: every column, the BM25 index
(idf, average length, negative-idf floor), the lazily read priors, and every term of the
fused score on messages in English, French and Chinese."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.scorer import DenseInput
from souvenir.read.scoring.user_columns import UserColumns
from souvenir.read.selection import Pool
from souvenir.ground.types import Memory

NOW = datetime(2026, 3, 1)
BASE = datetime(2025, 1, 1)
EN = [
    "I went hiking with my sister near the lake last weekend",
    "We cooked pasta and drank coffee at the cabin",
    "My boss asked me to finish the coffee report by Friday",
    "Did you ever visit Lisbon in the spring?",
    "I adopted a cat named Miso on 3 March 2024",
]
FR = [
    "Je suis allée au marché avec ma mère samedi pour acheter du café",
    "Mon frère habite à Lyon depuis deux ans",
    "J'ai commencé le piano en janvier, c'est difficile",
]
ZH = ["我上周和姐姐去湖边爬山", "我们在小屋里做了意大利面还喝了咖啡", "我的猫叫味噌"]
MS = ["Saya pergi ke pasar dengan ibu saya pada hari Sabtu untuk membeli kopi"]
MESSAGES = ["what did I cook at the cabin with coffee?", "où habite mon frère ?", "我的猫叫什么名字？", "coffee"]


def _memories(first: int, count: int, rng: random.Random, texts, speakers=("Ana", "Bo"), session_of=None):
    out = []
    for i in range(first, first + count):
        text = rng.choice(texts) + f" {rng.choice(['coffee', 'café', '咖啡', 'topic'])}{rng.randrange(9)}"
        session = session_of(i) if session_of else f"s{i // 7}"
        out.append(
            Memory(
                id=10 * i + 5,
                user_id=1,
                text=text,
                session=session,
                speaker=rng.choice(speakers) if speakers else None,
                created_at=BASE + timedelta(days=i // 7, hours=i % 7),
                content_hash=str(i),
            )
        )
    return out


def _same_array(a, b) -> None:
    if a is None or b is None:
        assert a is None and b is None
        return
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape
    if a.dtype.kind == "f":
        assert a.tobytes() == b.tobytes()
    else:
        assert np.array_equal(a, b)


#: messages naming a relation in four languages (the relation columns' flags compared)
KIN_MESSAGES = ["my sister's wedding?", "où habite ma mère ?", "我姐姐去哪里爬山？", "ibu saya beli apa?"]


def _same_columns(grown: UserColumns, fresh: UserColumns) -> None:
    for name in ("ids", "sessions", "neighbours", "language_names", "languages", "speakers", "days"):
        _same_array(getattr(grown, name), getattr(fresh, name))
    assert grown.has_sessions == fresh.has_sessions
    assert grown.speaker_names == fresh.speaker_names
    assert grown.tokens == fresh.tokens
    assert len(grown.language_positions) == len(fresh.language_positions)
    for a, b in zip(grown.language_positions, fresh.language_positions):
        _same_array(a, b)
    g, f = grown.lexical, fresh.lexical
    assert g.size == f.size and list(g._raw.items()) == list(f._raw.items())  # same order too
    _same_array(g.lengths, f.lengths)
    _same_array(g._norm, f._norm)
    assert np.float64(g._floor).tobytes() == np.float64(f._floor).tobytes()
    for term in f._raw:
        for a, b in zip(g._postings(term), f._postings(term)):
            _same_array(a, b)
    for name in ("lengths", "dated", "kinds"):
        _same_array(getattr(grown, name)(), getattr(fresh, name)())
    for a, b in zip(grown.acts(), fresh.acts()):
        _same_array(a, b)
    _same_array(grown.sample(3), fresh.sample(3))
    assert grown.candidate_texts() == fresh.candidate_texts()
    for message in KIN_MESSAGES:  # the relation columns: the same flags
        _same_array(grown.kin().flags(message), fresh.kin().flags(message))


def _warm(columns: UserColumns) -> None:
    """Read every lazy column of the held object (so the extension must carry or drop them)."""
    columns.lengths(), columns.acts(), columns.dated(), columns.kinds(), columns.sample(3)
    for message in KIN_MESSAGES[:2]:  # names asked before the write: extended, not read again
        columns.kin().flags(message)
    for term in list(columns.lexical._raw)[:50]:
        columns.lexical._postings(term)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_extended_columns_are_a_rebuild_bit_for_bit(seed):
    rng = random.Random(seed)
    config = ScoringConfig()
    old = _memories(0, 60, rng, EN + FR + ZH)  # no Malay, speakers Ana / Bo
    # the new ones: the last session continued across the boundary, a new session, Malay
    # (a new language group, renumbering "zh"), a speaker seen only now, a memory with no session
    more = _memories(60, 5, rng, MS + EN + ZH, speakers=("Cy",))
    more.append(replace(more[0], id=2, session="s3", text=MS[0]))  # an id before its session's others
    more.append(replace(more[1], id=9999, session=None, speaker=None))
    held = UserColumns(old, config)
    _warm(held)
    before = {name: np.copy(getattr(held, name)) for name in ("ids", "languages", "sessions", "neighbours")}
    grown = held.extended(old + more, config)
    _same_columns(grown, UserColumns(old + more, config))
    for name, value in before.items():  # the held columns are left as they were
        _same_array(getattr(held, name), value)
    _same_columns(held, UserColumns(old, config))
    third = _memories(67, 4, rng, FR)
    _warm(grown)
    _same_columns(grown.extended(old + more + third, config), UserColumns(old + more + third, config))


def test_extended_from_columns_without_sessions_and_a_negative_idf():
    rng = random.Random(5)
    config = ScoringConfig()
    old = _memories(0, 30, rng, ["coffee coffee and more coffee today"], speakers=(), session_of=lambda i: None)
    more = _memories(30, 3, rng, EN, session_of=lambda i: "late")
    held = UserColumns(old, config)
    _warm(held)
    assert held.lexical.document_frequency("coffee") > held.lexical.size / 2  # idf < 0: the floor is read
    _same_columns(held.extended(old + more, config), UserColumns(old + more, config))


def _dense(memories, seed: int, dim: int = 8):
    rng = np.random.default_rng(seed)
    matrix = rng.normal(size=(len(memories), dim))
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    query = matrix[0] + matrix[-1]
    return DenseInput.from_matrix(query / np.linalg.norm(query), [m.id for m in memories], matrix)


def _parts(scorer: Scorer, candidates, message: str, seed: int) -> dict:
    parts: dict = {}
    dense = _dense(candidates, seed)
    window = _dense(candidates, seed + 1)
    scores = scorer.scores(1, candidates, message, NOW, dense, window, parts)
    parts["scores"] = (scores.ids, scores.array)
    return parts


@pytest.mark.parametrize("config", [ScoringConfig(), ScoringConfig(shortlist_from=40, shortlist_size=10)])
def test_scores_after_an_extended_pool_are_those_of_a_fresh_scorer(config):
    rng = random.Random(9)
    old = _memories(0, 80, rng, EN + FR + ZH)
    more = _memories(80, 6, rng, MS + ZH + FR, speakers=("Cy",))
    warm = Scorer(config)
    pool = Pool(old)
    for message in MESSAGES:  # the held columns and their kept terms all read
        _parts(warm, pool, message, 3)
    grown = pool.extended(more)
    held = warm._cache[1][2]
    for message in MESSAGES:
        got = _parts(warm, grown, message, 3)
        assert warm._cache[1][2] is not held and warm._cache[1][1] is None  # extended from the pool
        want = _parts(Scorer(config), list(old + more), message, 3)
        assert got.keys() == want.keys()
        for name in want:
            if isinstance(want[name], tuple):
                for a, b in zip(got[name], want[name]):
                    _same_array(a, b)
            else:
                _same_array(got[name], want[name])
    _same_columns(warm._cache[1][2], UserColumns(list(old + more), config))


def test_the_scorer_extends_a_list_whose_start_is_the_held_one_and_rebuilds_otherwise():
    rng = random.Random(4)
    config = ScoringConfig()
    old = _memories(0, 40, rng, EN + FR)
    more = _memories(40, 3, rng, ZH)
    scorer = Scorer(config)
    scorer.scores(1, list(old), MESSAGES[0], NOW)
    held = scorer._cache[1][2]
    scorer.scores(1, old + more, MESSAGES[0], NOW)
    _same_columns(scorer._cache[1][2], UserColumns(old + more, config))
    changed = old[:3] + [replace(old[3], text="I moved to Berlin", content_hash="x")] + old[4:] + more
    scorer.scores(1, changed, MESSAGES[0], NOW)  # a memory changed: rebuilt
    _same_columns(scorer._cache[1][2], UserColumns(changed, config))
    assert scorer._cache[1][2] is not held


def test_a_context_after_a_write_extends_the_engines_columns(tmp_path):
    """Real SQLite file, no model: the store's read cache hands the scorer the held pool
    extended by the new memory; the columns then are a rebuild's."""
    from souvenir import Souvenir
    from souvenir.bench.synthetic import make_corpus

    with Souvenir.open(tmp_path / "e.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.remember("ann", "My sister lives in Penang")
        user_id = memory.engine.user_id(memory.channel, "ann")
        store = memory.runtime.store
        with store.transaction():
            for text in make_corpus(200, seed=3):
                store.insert_memory(user_id, text, "fact", "global", None, 0.9, False, None, NOW)
        memory.context("ann", "where does my sister live?")
        scorer = memory.engine.scorer
        held = scorer._cache[user_id][2]
        memory.remember("ann", "J'ai adopté un chat qui s'appelle Miso")
        memory.context("ann", "comment s'appelle mon chat ?")
        candidates, key, columns = scorer._cache[user_id]
        assert key is None and columns is not held and len(columns.ids) == len(held.ids) + 1
        _same_columns(columns, UserColumns(list(candidates), scorer.config))
