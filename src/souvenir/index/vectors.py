"""The derived vector index: background embedding, and the turn's bounded query embedding.

Vectors live in the store's ``vectors`` table keyed by (memory id, embedder name) with the
memory's content hash: a row whose hash differs is stale. The background indexer
(:meth:`VectorIndex.start`) wakes every ``interval_s`` seconds (seed 000: 45 s) or on
demand, and embeds only the memories queued for it (migration 0022: an idle pass costs one
indexed read whatever the store's size), in small batches so a turn's query never waits long
for the model lock. Each batch is claimed in the store first
(:mod:`souvenir.store.indexclaims`), so replicas on one database embed side by side, each
memory once.

The turn embeds its own message only, with one attempt and a bound on the whole operation
(lock and queue waits included: seed 000 wrote the 5 s delay twice for that reason). After
one bounded failure — an error, a time-out, or the model lock held past the bound by a hung
or slow batch — the embedder is skipped (a circuit breaker,
:class:`~souvenir.embedding.breaker.EmbedderBreaker`): later turns pay ≈0 ms until a
background probe sees it healthy again.

A cold start is not an outage: a model that loads in this process (``embedder.local``:
USE, multilingual-e5) is loaded and run once on the query path before the first turn's bound
starts (:meth:`VectorIndex.warm_up`, by the background indexer first thing, or by the first
query itself without one); a query arriving meanwhile waits for it (:meth:`VectorIndex.wait_warm`)
instead of timing out against the loading model and opening the breaker, and
``/health/ready`` answers 503 until then (:attr:`VectorIndex.warming`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

import numpy as np

from souvenir.embedding.contract import Embedder
from souvenir.embedding.breaker import EmbedderBreaker
from souvenir.index.query_vectors import query_text
from souvenir.ground.errors import EmbedderBusyError, EmbedderError, SouvenirError, plain
from souvenir.candidates import Scores
from souvenir.ground.timeutil import utcnow

log = logging.getLogger(__name__)

#: Threads embedding turns' queries per index (more queue: each waits for the model lock).
QUERY_THREADS = 2
#: The longest a query waits for a local model still loading at start (seconds). The load
#: and first encode took 3.6 s (USE) and 0.3 s (e5) at load average 9 on 2 cores
#: (docs/journal.md, "Cold start"); the bound only stops a wedged load from holding turns forever.
COLD_WAIT_S = 120.0
#: Characters of text per indexing batch (USE embeds ~2,000 short sentences/s on 2 cores:
#: 8,000 characters hold the model lock for a fraction of a second).
BATCH_CHARS = 8000


class PendingQuery:
    """A query embedding under way (:meth:`VectorIndex.start_query`)."""

    def __init__(self, index: VectorIndex, future, deadline: float, state: dict) -> None:
        self._index, self._future, self._deadline, self._state = index, future, deadline, state

    def result(self) -> np.ndarray:
        """The vector, waiting at most until the query's deadline (its bound counted from
        the start, queue and lock waits included). Raises as
        :meth:`VectorIndex.embed_query` does, opening the breaker on a failure; a query the
        stopping index cancelled raises :class:`EmbedderError` too (a degraded turn, not a
        crash at shutdown)."""
        index, bound = self._index, self._index.query_timeout_s
        try:
            return self._future.result(timeout=max(0.0, self._deadline - time.monotonic()))
        except FutureTimeout as exc:
            self._future.cancel()  # still queued: it will not run
            if not self._state["encoding"]:  # still waiting for the lock: busy, not broken
                index.breaker.trip(f"busy for the whole {bound:g} s bound")
                raise EmbedderBusyError(f"embedder busy for the whole {bound:g} s bound") from exc
            index.breaker.trip(f"query embedding exceeded {bound:g} s")
            raise EmbedderError(f"query embedding exceeded {bound:g} s") from exc
        except CancelledError as exc:  # the index stopped (shutdown) before the query ran
            raise EmbedderError("query not embedded: the index is stopping") from exc
        except EmbedderError as exc:
            index.breaker.trip(str(exc)[:200])
            raise


class VectorIndex:
    """Vectors for one embedder over one store.

    ``query_timeout_s`` bounds :meth:`embed_query` end to end; ``cooldown_s`` is the longest
    wait between two probes of a skipped embedder (they start at 0.5 s and double).
    ``lease_s``: how long a claimed batch stays this replica's (seconds); a batch of at most
    BATCH_CHARS characters embeds in well under a second on a CPU model, so the default 120 s
    is only reached by a dead or stalled replica, whose batch another then takes over.
    """

    def __init__(
        self,
        store,
        embedder: Embedder,
        batch: int = 64,
        query_timeout_s: float = 5.0,
        cooldown_s: float = 30.0,
        windowed: bool = False,
        lease_s: float = 120.0,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.windowed = windowed
        self.batch = batch
        self.query_timeout_s = query_timeout_s
        self.cooldown_s = cooldown_s
        self._model_lock = threading.Lock()
        self._queries = ThreadPoolExecutor(max_workers=QUERY_THREADS, thread_name_prefix="souvenir-query")
        self._inflight = 0  # queries submitted and not done
        self._inflight_lock = threading.Lock()
        self.breaker = EmbedderBreaker(
            self.name, self._model_lock, self._probe_once, bound_s=query_timeout_s, max_wait_s=cooldown_s
        )
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.lease_s = lease_s
        self.claims_taken_over = 0  # memories claimed from a claimer whose lease expired
        self.claims_lost = 0  # vectors not written: this replica's lease expired meanwhile
        self.claims_ended = 0  # vectors not written: a session neighbour changed the window meanwhile
        #: ``on_written(memory_ids)``, told after a batch's vectors were written (the engine's
        #: :meth:`~souvenir.engine.refresh_reads.ReadRefresher.vectors_written`); ``None``: nobody
        self.on_written: Callable[[list[int]], object] | None = None
        self.dim: int | None = None  # of the vectors this process last embedded (None before any)
        self._warm = threading.Event()  # set once warm_up ran (succeeded or not)

    @property
    def name(self) -> str:
        """The vectors' key in the store: the embedder's name, ``+window`` when each episode
        is embedded with its session neighbours (previous, itself, next)."""
        return self.embedder.name + ("+window" if self.windowed else "")

    def warm_up(self) -> None:
        """Load the model now (outside any turn's bound): one throwaway encode, then one
        query on a query thread (a model's per-thread set-up, OpenMP's pool…, is paid there
        too). Raises what the embedder raises; the index counts as warm either way (a model
        that cannot load is the breaker's business, not a cold start)."""
        try:
            with self._model_lock:
                self.dim = int(np.asarray(self.embedder.encode(["warm-up"])).shape[-1])
            self._queries.submit(self._warm_query).result()
        finally:
            self._warm.set()

    def _warm_query(self) -> None:
        with self._model_lock:
            self.embedder.encode_query("warm-up")

    @property
    def warming(self) -> bool:
        """A local model is still loading (the process's cold start): ``/health/ready`` is
        503 and a query waits for it (:meth:`wait_warm`)."""
        return bool(getattr(self.embedder, "local", False)) and not self._warm.is_set()

    def wait_warm(self, timeout_s: float = COLD_WAIT_S) -> None:
        """Wait (at most ``timeout_s``) until a local model has loaded, outside any turn's
        bound: the background indexer's warm-up when it runs, else this call's own. Returns
        at once for a remote embedder (a stalled server is the breaker's business) and once
        warm."""
        if not self.warming:
            return
        if self._thread is None:
            try:
                self.warm_up()
            except Exception as exc:  # noqa: BLE001 - the query itself then fails within its bound
                log.warning("embedder warm-up failed: %s", exc)
            return
        if not self._warm.wait(timeout_s):
            log.warning("embedder %s still loading after %g s: the turn goes on within its bound", self.name, timeout_s)

    # -- the turn's query --------------------------------------------------------------------
    def _encode_query(self, text: str, deadline: float, state: dict) -> np.ndarray:
        state["started"].set()  # the caller may go on: this thread keeps the interpreter until the model runs
        if not self._model_lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise EmbedderBusyError("embedder busy: the model lock was not free in time")
        state["encoding"] = True
        try:
            vector = np.asarray(self.embedder.encode_query(text), dtype=np.float32)
        except EmbedderError:
            raise
        except Exception as exc:  # the boundary: whatever the embedder raises or returns
            raise EmbedderError(f"{self.embedder.name} failed: {plain(exc)}") from exc
        finally:
            self._model_lock.release()
        self._check_query(vector)
        return vector

    def _check_query(self, vector: np.ndarray) -> None:
        """Raise :class:`EmbedderError` for a query vector the scores cannot use: not one
        finite row, of norm 0 (the contract is unit rows: a zero or overflowing answer
        normalises to 0), or of another dimension than the vectors this process embedded
        (``dim``): the store's cosines would silently be empty, an uncounted degradation."""
        if vector.ndim != 1 or not np.isfinite(vector).all() or not np.linalg.norm(vector) > 0:
            raise EmbedderError(f"{self.embedder.name} returned an unusable vector {vector.shape}")
        if self.dim is not None and vector.shape[0] != self.dim:
            raise EmbedderError(
                f"{self.embedder.name} returned a vector of dimension {vector.shape[0]}, its vectors have {self.dim}"
            )

    def _probe_once(self) -> None:
        """The breaker's probe (the model lock is held by the breaker)."""
        self._check_query(np.asarray(self.embedder.encode_query("probe"), dtype=np.float32))

    def embed_query(self, text: str) -> np.ndarray:
        """The message's vector, shape (dim,), within ``query_timeout_s`` seconds in total.

        Raises :class:`EmbedderError` on timeout or failure (the breaker opens), and at once
        while the breaker is open; :class:`EmbedderBusyError` when the model lock stayed
        held past the bound (the breaker opens too: a busy embedder costs the next turns
        nothing either).
        """
        return self.start_query(text).result()

    def start_query(self, text: str, hand_over: bool = False) -> PendingQuery:
        """Start embedding the message on this index's query thread and return at once: the
        caller does its other work meanwhile and reads the vector with
        :meth:`PendingQuery.result`, bounded as :meth:`embed_query` is (``query_timeout_s``
        counted from this call). Raises :class:`EmbedderError` at once while the breaker is
        open. A query never read costs its encode and nothing else (no breaker trip).
        ``hand_over``: when a query thread and the model are free, return once the thread
        has picked the query up (see below)."""
        self.wait_warm()  # a cold start: the bound starts once the model is loaded
        refusal = self.breaker.refusal()
        if refusal is not None:
            raise EmbedderError(refusal)
        deadline = time.monotonic() + self.query_timeout_s
        state: dict = {"encoding": False, "started": threading.Event()}
        with self._inflight_lock:
            self._inflight += 1
            free = self._inflight <= QUERY_THREADS and not self._model_lock.locked()
        future = self._queries.submit(self._encode_query, query_text(text), deadline, state)
        future.add_done_callback(self._query_done)
        pending = PendingQuery(self, future, deadline, state)
        if free and hand_over:
            # A query thread and the model are free: the caller waits for the thread to pick
            # the query up, so that its next work does not hold the interpreter's lock while
            # the query's Python prologue waits for it (a native encoder then computes
            # without it). Otherwise the caller goes on at once.
            state["started"].wait(max(0.0, deadline - time.monotonic()))
        return pending

    def _query_done(self, _future) -> None:
        with self._inflight_lock:
            self._inflight -= 1

    def scores(self, user_id: int, query: np.ndarray, ids: np.ndarray | None = None) -> Scores:
        """Cosine similarity of ``query`` to each of the user's embedded active memories
        (only ``ids`` when given): a mapping memory id -> cosine
        (:class:`~souvenir.read.selection.Scores`, read like a dict; empty when the dimensions
        differ)."""
        ids, sims = self.store.vector_scores(user_id, self.name, query.astype(np.float32), ids)
        # Rounded to 6 decimals in float64: float32 noise must not move a value across the
        # inclusive threshold (0.32 in float32 reads as 0.3199999928).
        return Scores(ids, _rounded(sims))

    def coarse_scores(self, user_id: int, query: np.ndarray, dims: int) -> Scores:
        """Coarse cosines of ``query`` to each of the user's embedded active memories, both
        projected on the ``dims`` leading directions of the user's vectors first
        (:meth:`~souvenir.store.base.SQLStore.coarse_scores`), as
        :class:`~souvenir.read.selection.Scores` rounded like :meth:`scores`; the large user's
        shortlist is drawn on them (:mod:`souvenir.read.scoring.shortlist`)."""
        ids, sims = self.store.coarse_scores(user_id, self.name, query.astype(np.float32), dims)
        return Scores(ids, _rounded(sims))

    # -- background indexing -----------------------------------------------------------------
    def run_once(self, max_batches: int | None = None) -> int:
        """Embed stale memories, batch by batch; returns how many were embedded.

        The memories come from the embedder's queue (migration 0022, written by triggers in
        the writes' own transactions, hand-written SQL included): an idle pass is one
        indexed read, not a scan of the store. Each batch is claimed first (:meth:`~souvenir.store.indexclaims.IndexClaimsMixin.claim_stale_vectors`):
        replicas on one store embed different batches at once and none twice; a batch whose
        claimer died is taken over once its lease (``lease_s``) has expired (counted in
        ``claims_taken_over``), and a vector whose claim was taken over while this replica
        embedded it is not written (counted in ``claims_lost``), nor a window a new turn
        changed meanwhile (``claims_ended``: embedded again from the queue).
        """
        done = 0
        batches = 0
        while max_batches is None or batches < max_batches:
            claim = self.store.claim_stale_vectors(self.name, self.batch, self.lease_s, utcnow(), prepare=self._prepare)
            if claim.taken_over:
                self.claims_taken_over += claim.taken_over
                log.warning("indexer %s took over %d memories whose claim had expired", self.name, claim.taken_over)
            rows = claim.rows
            if not rows:
                break
            try:
                vectors = self._encode_batch(rows)
            except BaseException:
                self._release(claim.token)
                raise
            written = self.store.put_claimed_vectors(
                self.name, claim.token, [(mid, h, vectors[i]) for i, (mid, h, _) in enumerate(rows)]
            )
            if written.lost:
                self.claims_lost += written.lost
                log.warning(
                    "indexer %s: %d vectors not written, their claim expired and another "
                    "claimer took them over while they were embedded",
                    self.name,
                    written.lost,
                )
            if written.ended:  # a new turn changed their windows: embedded again from the queue
                self.claims_ended += written.ended
                log.debug("indexer %s: %d windows changed while embedded; they stay queued", self.name, written.ended)
            done += len(rows) - written.unwritten
            batches += 1
            if self.on_written is not None and len(rows) > written.unwritten:
                self.on_written([mid for mid, _, _ in rows])
            if self._stop.is_set():
                break
        return done

    def _prepare(self, rows: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
        """The claim's candidates as texts to embed: the episode's window when windowed, cut
        at BATCH_CHARS characters."""
        if self.windowed and rows:
            windows = self.store.windows([mid for mid, _, _ in rows])
            rows = [(mid, h, windows.get(mid, text)) for mid, h, text in rows]
        return self._bounded(rows)

    def _encode_batch(self, rows: list[tuple[int, str, str]]) -> np.ndarray:
        """The batch's vectors, shape (len(rows), dim), under the model lock. Raises
        :class:`EmbedderError` on a failure or a malformed answer."""
        with self._model_lock:
            try:
                vectors = np.asarray(self.embedder.encode([text for _, _, text in rows]), dtype=np.float32)
            except EmbedderError:
                raise
            except Exception as exc:  # the boundary: garbage answers included
                raise EmbedderError(f"{self.embedder.name} failed: {plain(exc)}") from exc
        if vectors.ndim != 2 or vectors.shape[0] != len(rows):
            raise EmbedderError(f"{self.embedder.name} returned {vectors.shape} for {len(rows)} texts")
        self.dim = int(vectors.shape[1])
        return vectors

    def _release(self, token: str) -> None:
        """Give a failed batch back at once (else it waits for its lease to expire)."""
        try:
            self.store.release_vector_claims(self.name, token)
        except SouvenirError as exc:
            log.warning("indexer %s could not release its claim (it expires by itself): %s", self.name, exc)

    @staticmethod
    def _bounded(rows: list[tuple[int, str, str]]) -> list[tuple[int, str, str]]:
        """Cut a batch at BATCH_CHARS characters (at least one row), so that one batch holds
        the model lock briefly and a turn's query gets it within its bound."""
        total, kept = 0, []  # type: int, list[tuple[int, str, str]]
        for row in rows:
            total += len(row[2])
            if kept and total > BATCH_CHARS:
                break
            kept.append(row)
        return kept

    def backlog(self, user_id: int | None = None) -> int:
        """Active memories whose vector is missing or stale, or whose text was edited by
        hand since it was embedded (one user's when given: then only that user's memories
        are read and their hashes repaired, so a user's diagnostics never scan the store;
        the whole store's from the embedder's queue once it is kept)."""
        if user_id is not None:
            self.store.repair_hashes(user_id)
        return self.store.count_stale_vectors(self.name, user_id)

    def rescan(self) -> int:
        """Maintenance (``souvenir index``): repair every hash and enqueue every stale memory
        of the store, in case the queue's triggers were bypassed. Returns the memories
        enqueued. A scan of the whole store: never run by the background pass."""
        self.store.repair_hashes()
        return self.store.requeue_stale(self.name)

    def wake(self) -> None:
        """Ask the background indexer to run now."""
        self._wake.set()

    def start(self, interval_s: float = 45.0) -> None:
        """Start the background indexer thread (daemon)."""
        if self._thread is not None:
            return

        def loop() -> None:
            try:
                self.warm_up()
            except Exception as exc:  # noqa: BLE001 - a dead embedder must not stop the loop
                if not self._stop.is_set():  # stopped while loading: its query pool is shut
                    log.warning("embedder warm-up failed: %s", exc)
            while not self._stop.is_set():
                try:
                    self.run_once()
                except SouvenirError as exc:  # counted by the caller's metrics; never fatal
                    log.warning("indexer pass failed: %s", exc)
                except Exception:  # noqa: BLE001 - a background loop must not die
                    log.exception("indexer pass crashed")
                self._wake.wait(interval_s)
                self._wake.clear()

        self._thread = threading.Thread(target=loop, name="souvenir-indexer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the background thread (waits for the batch in progress) and the probe.

        A thread still loading its model (:meth:`warm_up`) is not waited for: it has written
        nothing, leaves its loop when the load ends, and is a daemon. Waiting for it held a
        Ctrl-C'd ``souvenir serve`` up to 30 s an index (two local models: a minute) while the
        weights loaded under load, and ``make test`` behind it (session 21, harden6)."""
        self._stop.set()
        self.breaker.stop()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30 if self._warm.is_set() else 0)
            self._thread = None
        self._queries.shutdown(wait=False, cancel_futures=True)


def _rounded(values: np.ndarray) -> np.ndarray:
    """``np.round(values.astype(np.float64), 6)`` (the same bits) in one new array: the
    rounding written over the float64 copy instead of into a second 100,000-value array at
    100,000 memories (a fresh 800 KB temporary a read, page faults included)."""
    out = values.astype(np.float64)
    return np.round(out, 6, out=out)
