"""Attacks on the indexer's queue (migration 0022, ``souvenir.store.indexclaims``): the
promises are that no active memory is left without its current vector for good, none is
embedded twice, a hand-edited text is re-embedded, and erasing leaves no queue or claim row
behind. Real SQLite files and a real PostgreSQL database."""

from __future__ import annotations

from datetime import timedelta

import pytest

import souvenir.store.indexclaims as indexclaims
from souvenir.store import open_store
from souvenir.ground.hashing import content_hash
from tests.test_vector_queue import NOW, VEC, E, _raw_update, exact, put, queued, url  # noqa: F401


@pytest.fixture
def store(url):  # noqa: F811
    """A store opened on ``url`` (SQLite file or PostgreSQL database), closed after."""
    opened = open_store(url)
    yield opened
    opened.close()


def _write(store, claim, embedder: str = E) -> int:
    return store.put_claimed_vectors(embedder, claim.token, [(m, h, VEC) for m, h, _ in claim.rows]).unwritten


def _mem(store, uid, text):
    return store.insert_memory(uid, text, "fact", "global", None, 1.0, False, None, NOW)


def test_a_memory_restored_after_its_vector_was_cleared_is_queued(store, url):  # noqa: F811
    uid = store.ensure_user("cli", "a", NOW)
    old, new = _mem(store, uid, "lives in Lyon"), _mem(store, uid, "lives in Paris")
    assert store.ensure_vector_queue(E) == 2
    put(store, old, new)
    assert exact(store) == set()
    store.supersede(old, new, NOW)
    assert store.clear_vectors(E) == 2  # the superseded one's vector goes too, not queued
    assert exact(store) == {new}
    _raw_update(url, "UPDATE memories SET status = 'active', superseded_by = NULL WHERE id = ?", (old,))
    assert exact(store) == {old, new}
    claim = store.claim_stale_vectors(E, 10, 60.0, NOW)
    assert sorted(m for m, _, _ in claim.rows) == [old, new] and _write(store, claim) == 0
    assert exact(store) == set() and queued(store) == set()


def test_a_crash_between_claim_and_write_is_taken_over_once(store):  # noqa: F811
    uid = store.ensure_user("cli", "c", NOW)
    mids = [_mem(store, uid, f"m{i}") for i in range(4)]
    dead = store.claim_stale_vectors(E, 10, 30.0, NOW)  # the replica dies here
    assert len(dead.rows) == 4
    assert store.claim_stale_vectors(E, 10, 30.0, NOW + timedelta(seconds=5)).rows == []  # held
    live = store.claim_stale_vectors(E, 10, 30.0, NOW + timedelta(seconds=31))
    assert live.taken_over == 4 and _write(store, live) == 0
    late = store.put_claimed_vectors(E, dead.token, [(m, h, VEC) for m, h, _ in dead.rows])
    assert (late.lost, late.ended) == (4, 0)  # the dead replica wakes up: nothing written twice
    assert exact(store) == set() and queued(store) == set()
    assert store._query("SELECT COUNT(*) FROM vector_claims")[0][0] == 0
    assert sorted(r[0] for r in store._query("SELECT memory_id FROM vectors")) == mids


def test_a_new_embedder_name_embeds_the_whole_store(store):  # noqa: F811
    uid = store.ensure_user("cli", "n", NOW)
    mids = [_mem(store, uid, f"m{i}") for i in range(3)]
    store.ensure_vector_queue(E)
    put(store, *mids)
    claim = store.claim_stale_vectors("e2", 10, 60.0, NOW)  # never registered: first claim
    assert sorted(m for m, _, _ in claim.rows) == mids and _write(store, claim, "e2") == 0
    assert exact(store, "e2") == set() and exact(store) == set()


def test_a_text_update_that_keeps_its_hash_is_not_embedded_again(store, url):  # noqa: F811
    uid = store.ensure_user("cli", "h", NOW)
    mid = _mem(store, uid, "same")
    store.ensure_vector_queue(E)
    put(store, mid)
    _raw_update(url, "UPDATE memories SET text = 'same', content_hash = content_hash WHERE id = ?", (mid,))
    assert store.claim_stale_vectors(E, 10, 60.0, NOW).rows == []  # current: dropped, not twice
    assert exact(store) == set() and queued(store) == set()


def test_deleting_a_user_whose_memories_are_claimed_leaves_no_queue_or_claim_row(store):  # noqa: F811
    gone, kept = store.ensure_user("cli", "gone", NOW), store.ensure_user("cli", "kept", NOW)
    doomed = [_mem(store, gone, f"secret {i}") for i in range(4)]
    other = _mem(store, kept, "other")
    claim = store.claim_stale_vectors(E, 2, 60.0, NOW)  # two of them in flight
    assert len(claim.rows) == 2
    store.delete_user(gone)
    assert _write(store, claim) == 2  # their claims went with them: nothing written
    ids = ",".join(str(m) for m in doomed)
    for table in ("vector_queue", "vector_claims", "vectors"):
        assert store._query(f"SELECT COUNT(*) FROM {table} WHERE memory_id IN ({ids})")[0][0] == 0, table
    assert exact(store) == {other} and queued(store) == {other}


def test_forgetting_a_claimed_memory_leaves_no_vector_queue_or_claim_row(store):  # noqa: F811
    uid = store.ensure_user("cli", "f", NOW)
    mid = _mem(store, uid, "my password is hunter2")
    claim = store.claim_stale_vectors(E, 10, 60.0, NOW)
    store.delete_memory(mid, NOW)
    assert _write(store, claim) == 0
    for table in ("vector_queue", "vector_claims", "vectors"):
        assert store._query(f"SELECT COUNT(*) FROM {table} WHERE memory_id = ?", (mid,))[0][0] == 0, table


def _during_claim(monkeypatch, action) -> None:
    """Run ``action`` once, from another connection, while a claim transaction has read its
    candidates and not yet decided which queue rows to drop (the first hash it computes)."""
    fired = []

    def hook(text: str) -> str:
        if not fired:
            fired.append(True)
            action()
        return content_hash(text)

    monkeypatch.setattr(indexclaims, "content_hash", hook)


def _pg(dsn: str, sql: str, params: tuple = ()) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("SET statement_timeout = 5000")
        conn.execute(sql.replace("?", "%s"), params)


@pytest.mark.parametrize("change", ["text", "vector"])
def test_a_change_committed_while_a_claim_drops_its_row_stays_queued(pg_url, monkeypatch, change):
    """A queue row whose vector is current (a memory re-activated) is dropped by a claim; a
    text edit or a vector deletion committed after the claim's read finds the row still
    there (ON CONFLICT DO NOTHING) and the claim then deletes it: the memory would be left
    stale with no queue row."""
    store = open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "r", NOW)
        mid = _mem(store, uid, "before")
        store.ensure_vector_queue(E)
        put(store, mid)
        _raw_update(pg_url, "UPDATE memories SET status = 'superseded' WHERE id = ?", (mid,))
        _raw_update(pg_url, "UPDATE memories SET status = 'active' WHERE id = ?", (mid,))
        assert queued(store) == {mid} and exact(store) == set()  # a hint with nothing to do
        if change == "text":
            _during_claim(monkeypatch, lambda: _pg(pg_url, "UPDATE memories SET text = 'after' WHERE id = ?", (mid,)))
        else:
            _during_claim(monkeypatch, lambda: _pg(pg_url, "DELETE FROM vectors WHERE memory_id = ?", (mid,)))
        store.claim_stale_vectors(E, 10, 60.0, NOW)
        monkeypatch.undo()
        assert exact(store) == {mid}  # never left stale without its queue row
    finally:
        store.close()


@pytest.mark.xfail(
    strict=True,
    reason="a window's vector is keyed on its memory's own hash: a text edited by "
    "hand-written SQL is re-embedded, but its session neighbours' window vectors, which hold "
    "the old wording, stay current for good (Souvenir's own writes drop them: "
    "drop_neighbour_vectors; the claim's hash repair does not)",
)
def test_a_hand_edited_episode_re_embeds_its_neighbours_windows(tmp_path):
    from souvenir.embedding.http import OpenAIEmbedder
    from souvenir.index.vectors import VectorIndex
    from tests.servers import EmbeddingServer

    db = f"sqlite:///{tmp_path / 'w.db'}"
    store = open_store(db)
    with EmbeddingServer() as server:
        index = VectorIndex(store, OpenAIEmbedder(server.url, "m"), batch=8, windowed=True)
        try:
            uid = store.ensure_user("cli", "w", NOW)
            for i in range(3):
                store.insert_memory(uid, f"episode {i}", "episode", "global", None, 1.0, False, None, NOW, session="s1")
            assert index.run_once() == 3
            _raw_update(db, "UPDATE memories SET text = 'my new address is 5 rue X' WHERE text = 'episode 1'")
            index.run_once()
            windows = store.windows([r[0] for r in store._query("SELECT id FROM memories ORDER BY id")])
            embedded = set(server.texts)
            assert all(w in embedded for w in windows.values())  # every current window embedded
        finally:
            index.stop()
            store.close()


def test_a_user_deleted_while_a_claim_holds_its_memories_is_deleted(pg_url, monkeypatch):
    """Erasure waits for the claim's queue rows; the claim's insert of its claims waits for
    the erased memories: the erasure must not be the one that fails."""
    import threading

    store, other = open_store(pg_url), open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "d", NOW)
        mids = [_mem(store, uid, f"secret {i}") for i in range(3)]
        store.ensure_vector_queue(E)
        outcome: list = []

        def erase() -> None:
            try:
                outcome.append(other.delete_user(uid))
            except Exception as exc:  # noqa: BLE001 - recorded for the assertion
                outcome.append(exc)

        thread = threading.Thread(target=erase)

        def start_erasure() -> None:
            thread.start()
            thread.join(0.5)  # it now waits for the claim's locks

        _during_claim(monkeypatch, start_erasure)
        try:
            claim = store.claim_stale_vectors(E, 10, 60.0, NOW)
        except Exception as exc:  # noqa: BLE001 - the claim may lose: the next pass claims again
            claim = exc
        monkeypatch.undo()
        thread.join(10)
        assert outcome and isinstance(outcome[0], dict), (outcome, claim)  # the user was erased
        ids = ",".join(str(m) for m in mids)
        for table in ("vector_queue", "vector_claims", "vectors", "memories"):
            assert (
                store._query(
                    f"SELECT COUNT(*) FROM {table} WHERE memory_id IN ({ids})"
                    if table != "memories"
                    else f"SELECT COUNT(*) FROM memories WHERE id IN ({ids})"
                )[0][0]
                == 0
            ), table
    finally:
        other.close()
        store.close()


def test_a_hand_edited_memory_forgotten_while_a_claim_repairs_its_hash_is_forgotten(pg_url, monkeypatch):
    """The claim holds the queue row and repairs the memory's hash; the forgetting updates
    the memory and its trigger deletes the queue row: the forgetting must not fail."""
    import threading

    store, other = open_store(pg_url), open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "h", NOW)
        mid = _mem(store, uid, "my pin is 1234")
        store.ensure_vector_queue(E)
        _raw_update(pg_url, "UPDATE memories SET text = 'my pin is 4321' WHERE id = ?", (mid,))
        outcome: list = []

        def forget() -> None:
            try:
                outcome.append(other.delete_memory(mid, NOW))
            except Exception as exc:  # noqa: BLE001 - recorded for the assertion
                outcome.append(exc)

        thread = threading.Thread(target=forget)

        def start() -> None:
            thread.start()
            thread.join(0.5)

        _during_claim(monkeypatch, start)
        try:
            claim = store.claim_stale_vectors(E, 10, 60.0, NOW)
        except Exception as exc:  # noqa: BLE001 - the claim may lose: the next pass claims again
            claim = exc
        monkeypatch.undo()
        thread.join(10)
        assert outcome == [True], (outcome, claim)
        assert store.get_memory(mid).text == ""
        for table in ("vector_queue", "vectors"):
            assert store._query(f"SELECT COUNT(*) FROM {table} WHERE memory_id = ?", (mid,))[0][0] == 0, table
    finally:
        other.close()
        store.close()


def test_an_episode_arriving_while_its_neighbour_window_is_embedded_reaches_that_window(tmp_path):
    from souvenir.embedding.http import OpenAIEmbedder
    from souvenir.index.vectors import VectorIndex
    from tests.servers import EmbeddingServer

    store = open_store(f"sqlite:///{tmp_path / 'n.db'}")
    with EmbeddingServer() as server:
        index = VectorIndex(store, OpenAIEmbedder(server.url, "m"), batch=8, windowed=True)
        try:
            uid = store.ensure_user("cli", "n", NOW)
            zero, one = (
                store.insert_memory(uid, f"episode {w}", "episode", "global", None, 1.0, False, None, NOW, session="s1")
                for w in ("zero", "one")
            )
            claim = store.claim_stale_vectors(index.name, 8, 60.0, NOW, prepare=index._prepare)
            assert [m for m, _, _ in claim.rows] == [zero, one]
            two = store.insert_memory(
                uid, "episode two", "episode", "global", None, 1.0, False, None, NOW, session="s1"
            )  # what the engine does on a new episode:
            store.drop_neighbour_vectors(two, index.name, after=False)
            assert (
                store.put_claimed_vectors(
                    index.name,
                    claim.token,  # one's old window: not written
                    [(m, h, VEC) for m, h, _ in claim.rows],
                ).ended
                == 1
            )
            index.run_once()
            assert "episode zero\nepisode one\nepisode two" in server.texts  # one's current window
        finally:
            index.stop()
            store.close()


def test_a_claim_repairing_a_hash_keeps_a_wording_written_meanwhile(pg_url, monkeypatch):
    """A hand-edited text is repaired by the claim from its read; a wording written by
    Souvenir after that read must keep its own hash (not the hand-edited text's)."""
    store, other = open_store(pg_url), open_store(pg_url)
    try:
        uid = store.ensure_user("cli", "w", NOW)
        mid = _mem(store, uid, "first")
        store.ensure_vector_queue(E)
        _raw_update(pg_url, "UPDATE memories SET text = 'edited by hand' WHERE id = ?", (mid,))
        _during_claim(monkeypatch, lambda: other.replace_wording(mid, "written by souvenir", 0.9, None, NOW, NOW))
        store.claim_stale_vectors(E, 10, 60.0, NOW)
        monkeypatch.undo()
        memory = store.get_memory(mid)
        assert (memory.text, memory.content_hash) == ("written by souvenir", content_hash("written by souvenir"))
        assert exact(store) == {mid}
    finally:
        other.close()
        store.close()
