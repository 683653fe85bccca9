"""The pool index (``write/pool_reach.py``): the pairwise readers read only the memories a candidate
reaches, and every decision is the full scan's (issues #28/#26).

Compared on the admit cases of every case file (each case's store; then each file's texts all
together, every text a candidate against all the others), on synthetic stores, and on the readers'
kinds that match without a shared word, in English, French, Chinese and Malay."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from souvenir.bench.synthetic import make_corpus
from souvenir.engine.core import Engine
from souvenir.store import open_store
from souvenir.ground.types import Candidate, Memory
from souvenir.write import admission
from souvenir.write.admission import _elaboration, _flip, _restated
from souvenir.write.pool_reach import PoolIndex, candidate_reach, memory_reach

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
CASES = sorted(Path(__file__).parent.glob("cases/round3_extra*.jsonl"))


def _day(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=timezone.utc)


def _memories(entries: list[tuple[str, datetime]]) -> list[Memory]:
    return [Memory(id=i + 1, user_id=1, text=t, created_at=d, updated_at=d) for i, (t, d) in enumerate(entries)]


def _same(text: str, memories: list[Memory], index: PoolIndex, said_at: datetime = NOW) -> None:
    """Every pairwise reader's answer on the pool the index gives is its answer on the whole pool,
    and so is the decision."""
    candidate = Candidate(text=text, kind="fact", scope="global", time=said_at)
    assert admission.decide(candidate, memories, said_at, index) == admission.decide(candidate, memories, said_at)
    near = index.near(text, memories)
    full_refused: list[str] = []
    near_refused: list[str] = []
    assert _flip(text, near, near_refused) == _flip(text, memories, full_refused), text
    assert near_refused == full_refused, text
    assert _elaboration(text, near) == _elaboration(text, memories), text
    assert _restated(text, near, said_at) == _restated(text, memories, said_at), text


def _admit_cases(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if r.get("kind") == "admit"]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_each_admit_case_decides_the_same(path: Path) -> None:
    for case in _admit_cases(path):
        memories = _memories([(e["text"], _day(e["date"])) for e in case.get("existing", [])])
        index = PoolIndex()
        index.sync(memories)
        _same(case["incoming"]["text"], memories, index, _day(case["incoming"]["date"]))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_a_files_texts_together_decide_the_same(path: Path) -> None:
    """Every text of the file's admit cases against all the others (a store of 40–140 memories in
    four languages): the readers' answers and the decisions are the full scan's."""
    entries = []
    for case in _admit_cases(path):
        entries += [(e["text"], _day(e["date"])) for e in case.get("existing", [])]
        entries.append((case["incoming"]["text"], _day(case["incoming"]["date"])))
    memories = _memories(entries)
    index = PoolIndex()
    index.sync(memories)
    for m in memories:
        others = [o for o in memories if o.id != m.id]
        _same(m.text, others, index)


@pytest.mark.parametrize("seed", [5, 11])
def test_synthetic_stores_decide_the_same(seed: int) -> None:
    corpus = make_corpus(440, seed=seed)
    memories = _memories([(t, NOW) for t in corpus[:400]])
    index = PoolIndex()
    index.sync(memories)
    for text in corpus[400:]:
        _same(text, memories, index)
    assert sum(len(index.near(t, memories)) for t in corpus[400:]) < 0.5 * 40 * 400  # it narrows


#: Stored wording → a new one that a reader matches with no word in common, or by a prefix, a
#: count in words, a character: each kind in each language.
KINDS = [
    ("Works from the Sheffield office three days a week", "Works fully remote now that the office has shut"),
    ("Rents a flat in Leeds", "Bought a house in Leeds"),
    ("Travaille au bureau", "Est passée en télétravail"),
    ("Est locataire à Nantes", "A acheté une maison à Rezé"),
    ("在公司坐班", "现在远程办公"),
    ("在实验小学上学", "转学到外国语学校了"),
    ("孩子在实验小学上学", "孩子转学到外国语学校了"),
    ("Tinggal di rumah sewa di Kajang", "Dah beli rumah sendiri di Semenyih, tak menyewa lagi"),
    ("Kerja di pejabat", "Sekarang kerja dari rumah"),
    ("Stopped boxing last year", "Boxing again since March"),
    ("A arrêté le handball après sa blessure", "A repris le handball dans le club de Nantes"),
    ("Is a volunteer at the food bank", "No longer volunteering at the food bank"),
    ("每周三晚上去合唱团排练", "已经不去合唱团了"),
    ("每天抽一包烟", "戒烟了"),
    ("Has three cats", "Has 4 cats now"),
    ("A trois enfants", "A 4 enfants maintenant"),
    ("Ada tiga ekor kucing", "Ada 4 ekor kucing sekarang"),
    ("养了一只猫", "养了一只英短蓝猫，叫汤圆"),
    ("Grew up in Grimsby", "Grew up in Scunthorpe, not Grimsby"),
    ("Dentist appointment on 12 March", "The dentist appointment was moved to 19 March"),
    ("Guna Celcom untuk internet", "Dah tukar ke Maxis untuk internet"),
    ("Is a waiter", "Switched from waiter to barista"),
    ("Lives in York", "I live in Leeds now"),
]
_FILLER = ["Likes jazz", "Has a dog called Rex", "喜欢吃辣", "Suka makan durian", "Aime le fromage"]


@pytest.mark.parametrize(("old", "new"), KINDS)
def test_each_kind_is_reached(old: str, new: str) -> None:
    past = datetime(2025, 1, 1, tzinfo=timezone.utc)
    memories = _memories([(old, past), *((t, past) for t in _FILLER)])
    index = PoolIndex()
    index.sync(memories)
    assert memories[0] in index.near(new, memories)
    _same(new, memories, index)


def test_keys_read_from_the_memory_alone() -> None:
    assert "\x00state:housing" in memory_reach("Rents a flat in Leeds")
    assert "\x00state:housing" in candidate_reach("Bought a house in Leeds")
    assert "\x00zh-where" in memory_reach("在实验小学上学")
    assert "\x00stopped" in memory_reach("Stopped boxing last year")
    assert "\x00state:workplace" not in memory_reach("Likes jazz")


def test_the_index_follows_the_store() -> None:
    memories = _memories([("Likes jazz", NOW), ("Has a dog called Rex", NOW), ("喜欢吃辣", NOW)])
    index = PoolIndex()
    index.sync(memories)
    assert index.near("Loves jazz concerts", memories) == [memories[0]]
    reworded = [Memory(id=1, user_id=1, text="Likes opera", created_at=NOW), *memories[1:]]
    assert index.near("Loves jazz concerts", reworded) == [reworded[0]]  # not held as worded: read
    index.sync(reworded)
    assert index.near("Loves jazz concerts", reworded) == []
    assert index.near("不喜欢吃辣了", reworded) == [reworded[2]]
    index.sync(reworded[1:])
    assert len(index) == 2
    assert index.near("!!!", reworded) == reworded  # a candidate with no key reads every memory


def test_the_writer_keeps_and_forgets_a_users_index(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'pool.db'}")
    engine = Engine(store)
    try:
        for text in ("Lives in York", "Rents a flat in York", "Plays the cello"):
            engine.remember("c", "u", Candidate(text=text, kind="fact", scope="global"), now=NOW)
        done = engine.remember("c", "u", Candidate(text="Bought a house in York", kind="fact", scope="global"), now=NOW)
        assert done.action == "supersede"
        user_id = store.find_user("c", "u")
        assert user_id is not None and len(engine.writer.pools.synced(user_id, store.memories(user_id, "active"))) == 3
        engine.delete_memory("c", "u", done.memory_id)
        assert user_id not in engine.writer.pools._pools  # nothing of an erased text held
    finally:
        store.close()
