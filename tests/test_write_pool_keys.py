"""The pool index keeps each memory's keyed values (``PoolIndex.user_keys_of``, ``keyed_pool``) and
is built before the store's write lock (``WritePools.warm``): the same decisions as the full scan,
keyed candidates with and without the user's names, in English, French, Chinese and Malay
(issue #28)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.engine.write_pools import WritePools
from souvenir.lexical.keyed import subject_names, user_keys
from souvenir.ground.types import Candidate, Memory
from souvenir.write import admission
from souvenir.write.pool_reach import PoolIndex

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
PAST = datetime(2025, 3, 1, tzinfo=timezone.utc)

#: Texts whose clauses open on a name, on the user, on nobody; four languages.
TEXTS = [
    "Bob lives in Lyon",
    "Bob Tan works at Maybank and lives in Ipoh",
    "Mei Ling is a nurse, she lives in Penang",
    "Gina's sister lives in Austin",
    "Marie habite à Lyon",
    "Marie Dupont travaille chez Renault",
    "Je m'appelle Marie et j'habite à Nantes",
    "Aminah tinggal di Ipoh",
    "Nama saya Aminah, saya bekerja di Petronas",
    "小明住在上海",
    "我叫小明，住在北京",
    "Lives in York",
    "My name is Bob",
    "My nickname is Bobby",
    "Works as a nurse at the city hospital",
    "Actually, Bob moved to Leeds last year",
]
NAMES = [
    frozenset({"bob"}),
    frozenset({"bob tan", "bob"}),
    frozenset({"marie"}),
    frozenset({"aminah"}),
    frozenset({"mei ling", "mei"}),
    frozenset({"gina"}),
    frozenset({"tom"}),
]


@pytest.mark.parametrize("text", TEXTS)
def test_names_outside_a_texts_subjects_change_nothing(text: str) -> None:
    subjects = subject_names(text)
    for names in NAMES:
        if not names & subjects:
            assert user_keys(text, names) == user_keys(text), (text, names)


def test_the_names_a_clause_opens_on() -> None:
    assert "bob" in subject_names("Bob lives in Lyon")
    assert "marie" in subject_names("Marie habite à Lyon")
    assert "aminah" in subject_names("Aminah tinggal di Ipoh")
    assert subject_names("lives in york, works at the mill") == frozenset()  # no capital: no name
    assert user_keys("Bob lives in Lyon", frozenset({"bob"})) != user_keys("Bob lives in Lyon")


def _memories(texts: list[str]) -> list[Memory]:
    return [Memory(id=i + 1, user_id=1, text=t, created_at=PAST, updated_at=PAST) for i, t in enumerate(texts)]


STORES = [
    ["My name is Bob", "Bob lives in Lyon", "Works at Maybank", "Likes jazz", "Has a dog called Rex"],
    ["Je m'appelle Marie", "Marie habite à Lyon", "Travaille chez Renault", "Aime le fromage"],
    ["Nama saya Aminah", "Aminah tinggal di Ipoh", "Bekerja di Petronas", "Suka makan durian"],
    ["我叫小明", "住在北京", "在腾讯上班", "喜欢吃辣"],
    ["Lives in York", "Mei Ling lives in Penang", "Works as a waiter", "Gina's sister lives in Austin"],
    ["Travaille comme caissier chez Leclerc", "在银行做柜员", "Seorang kerani", "在一家游戏公司做测试", "Is a teacher"],
]
CANDIDATES = [
    "Lives in Paris now",
    "Bob moved to Paris",
    "Works at Google now",
    "Habite à Paris maintenant",
    "Marie travaille chez Peugeot",
    "Sekarang tinggal di Kuala Lumpur",
    "Aminah bekerja di Maxis sekarang",
    "现在住在上海",
    "跳槽去了字节",
    "Mei Ling lives in Singapore now",
    "Switched from waiter to barista",
    "My name is Robert",
    "Est passé de caissier à chef de rayon",
    "从银行柜员换到了保险销售",
    "Tukar kerja dari kerani ke jurutera",
    "从测试转成了策划",
    "Switched from teacher to librarian",
]


@pytest.mark.parametrize("texts", STORES, ids=lambda t: t[0])
def test_keyed_candidates_decide_the_same(texts: list[str]) -> None:
    memories = _memories(texts)
    index = PoolIndex()
    index.sync(memories)
    for text in CANDIDATES:
        candidate = Candidate(text=text, kind="fact", scope="global", time=NOW)
        assert admission.decide(candidate, memories, NOW, index) == admission.decide(candidate, memories, NOW), text
    for memory in memories:
        for names in NAMES:
            assert index.user_keys_of(memory, names) == user_keys(memory.text, names)


def test_a_named_change_reads_the_kept_keys() -> None:
    for old, text in (
        ("Travaille comme caissier chez Leclerc", "Est passé de caissier à chef de rayon"),
        ("Is a teacher", "Switched from teacher to librarian"),
        ("在银行做柜员", "从银行柜员换到了保险销售"),
    ):
        memories = _memories(["Aime le fromage", old, "Likes jazz"])
        index = PoolIndex()
        index.sync(memories)
        candidate = Candidate(text=text, kind="fact", scope="global", time=NOW)
        decision = admission.decide(candidate, memories, NOW, index)
        assert (decision.action, decision.target_id) == ("supersede", 2), text
        assert decision == admission.decide(candidate, memories, NOW), text


def test_the_keyed_rule_reads_the_kept_keys() -> None:
    memories = _memories(["My name is Bob", "Bob lives in Lyon", "Likes jazz"])
    index = PoolIndex()
    index.sync(memories)
    assert [m.id for m in index.keyed_pool(memories)] == [1, 2]  # "Likes jazz" holds no key
    decision = admission.decide(
        Candidate(text="Lives in Paris now", kind="fact", scope="global", time=NOW), memories, NOW, index
    )
    assert (decision.action, decision.target_id) == ("supersede", 2)  # Bob is the user


def test_the_index_is_built_before_the_lock_and_kept() -> None:
    pools = WritePools()
    memories = _memories(["Lives in York", "Likes jazz"])
    reads: list[int] = []

    def read() -> list[Memory]:
        reads.append(1)
        return memories

    pools.warm(7, read)
    pools.warm(7, read)  # held: not read again
    assert len(reads) == 1
    index = pools._pools[7]
    assert pools.synced(7, memories) is index and len(index) == 2


def test_a_build_that_saw_an_erasure_is_not_kept() -> None:
    pools = WritePools()

    def read() -> list[Memory]:
        pools.forget(7)  # the user's memories erased while the build reads them
        return _memories(["Lives in York"])

    pools.warm(7, read)
    assert 7 not in pools._pools
