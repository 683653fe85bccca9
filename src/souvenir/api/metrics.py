"""``GET /metrics``: Prometheus text, every name prefixed ``souvenir_``.

Read at scrape time from the store (degraded turns, dropped reflection items, outbox
states, index backlog), the reflection worker's counts, the chat breaker, the store's busy
count and the proxy's counters. Every documented series is present from the start (zeros),
and the scrape always answers: the store is read off the request through
:class:`~souvenir.api.health_report.Probe`, bounded; a store that is locked or down leaves the last
values read and ``souvenir_store_up 0``.
"""

from __future__ import annotations

from collections import Counter

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from souvenir.api.health_report import Probe
from souvenir.api.request_limits import REASONS, REFUSALS
from souvenir.write.confidence import PREFIX as CONFIDENCE_PREFIX, agreement, read_tally
from souvenir.write.writelog import PREFIX, SERIES, parse_kind

#: The proxy's events (``souvenir_proxy_events_total{event}``), all present from the start.
#: The (kind, cause) pairs of ``souvenir_prompts_bounded_total``.
BOUNDED = (
    ("reflection", "memories"),
    ("reflection", "reply"),
    ("reflection", "message"),
    ("reflection", "anchors"),
    ("reflection", "summary"),
    ("reflection", "parts"),
    ("reflection", "parts_left"),
    ("summary", "queries"),
    ("summary", "message"),
    ("block", "memories"),
)
PROXY_EVENTS = (
    "proxy_memory_failures",
    "proxy_degraded",
    "proxy_record_failures",
    "proxy_record_deferred",
    "proxy_record_recovered",
    "proxy_record_erased",
    "proxy_upstream_failures",
    "proxy_upstream_timeouts",
    "proxy_upstream_errors",
    "proxy_upstream_malformed",
    "proxy_upstream_bad_type",
    "proxy_upstream_too_large",
    "proxy_no_user",
    "proxy_default_user",
    "proxy_client_gone",
    "proxy_stream_cut",
    "proxy_tool_call_legs",
    "proxy_retries_recorded_once",
)
_OUTBOX = ("pending", "running", "done", "parked")
#: ``souvenir_read_cache_total{event}`` (souvenir.store.readcache), all present from the start.
READ_CACHE_EVENTS = ("hit", "refresh", "reload", "evicted")
_EMPTY = {"degraded": 0, "dropped": 0, "writes": {}, "outbox": {}, "summaries": {}, "replicas": {}}


class SouvenirCollector:
    """A custom collector over one runtime (``get_runtime()``) and the proxy's counters."""

    def __init__(self, get_runtime, proxy_counters: Counter) -> None:
        self.get_runtime = get_runtime
        self.proxy_counters = proxy_counters
        self._store = Probe(self._read_store, dict(_EMPTY))
        self._backlogs: dict[str, Probe] = {}

    def _read_store(self) -> dict:
        rt = self.get_runtime()
        with rt.probing():  # a locked store fails the probe at once
            return self._read(rt)

    @staticmethod
    def _read(rt) -> dict:
        status = rt.status()
        return {
            "degraded": rt.store.count_events("degraded_turn"),
            "dropped": rt.store.count_events("reflection_item_dropped"),
            "writes": rt.store.count_events_by_kind(PREFIX),
            "confidence": rt.store.count_events_by_kind(CONFIDENCE_PREFIX),
            "outbox": status["outbox"],
            "summaries": status["summaries"],
            "replicas": status["replicas"],
        }

    def describe(self):
        return []  # registered before the runtime exists: names are known at scrape time

    def collect(self):
        rt = self.get_runtime()
        read, fresh = self._store.get()
        yield GaugeMetricFamily(
            "souvenir_store_up",
            "1 when the store answered this scrape's reads in time (else the values shown are the last read).",
            value=int(fresh),
        )
        yield CounterMetricFamily(
            "souvenir_store_busy",
            "Store operations refused because it stayed locked or unreachable past the bound (503).",
            value=getattr(rt.store, "busy_count", 0),
        )
        yield CounterMetricFamily(
            "souvenir_degraded_turns",
            "Turns served without semantic scores.",
            value=read["degraded"] + getattr(rt.engine, "degraded_unrecorded", 0),
        )
        yield CounterMetricFamily(
            "souvenir_reflection_items_dropped", "Reflection items dropped by the strict parser.", value=read["dropped"]
        )
        yield write_decisions(read["writes"], read["dropped"])
        yield from confidence_agreement(read.get("confidence", {}))
        reflections = CounterMetricFamily("souvenir_reflections", "Reflection jobs by outcome.", labels=["outcome"])
        counts = rt.worker.snapshot() if rt.worker is not None else {}
        for outcome in ("ok", "failed", "parked"):
            reflections.add_metric([outcome], counts.get(outcome, 0))
        yield reflections
        summaries = CounterMetricFamily("souvenir_summaries", "User summaries by outcome.", labels=["outcome"])
        for outcome in ("run", "failed", "parked", "queued", "skipped", "superseded", "rejected"):
            summaries.add_metric([outcome], read["summaries"].get(outcome, 0))
        yield summaries
        outbox = GaugeMetricFamily("souvenir_outbox_jobs", "Outbox jobs by status.", labels=["status"])
        for status in _OUTBOX:
            outbox.add_metric([status], read["outbox"].get(status, 0))
        yield outbox
        breaker = GaugeMetricFamily("souvenir_breaker_open", "1 while a service is skipped.", labels=["service"])
        chat = rt.engine.chat
        breaker.add_metric(["chat"], float(chat is not None and chat.breaker.state == "open"))
        for index in rt.indexes:
            breaker.add_metric([f"embedder:{index.name}"], float(index.breaker.state == "open"))
        yield breaker
        form = GaugeMetricFamily(
            "souvenir_chat_structured_output",
            "1 for the structured output form each chat model accepts.",
            labels=["model", "form"],
        )
        refused = GaugeMetricFamily(
            "souvenir_chat_format_refused",
            "1 for each structured output form a chat model refused.",
            labels=["model", "form"],
        )
        for name, state in (chat.health() if chat is not None else {}).items():
            if state["structured_output"]:
                form.add_metric([name, state["structured_output"]], 1.0)
            for bad in state["refused"]:
                refused.add_metric([name, bad], 1.0)
        yield form
        yield refused
        yield CounterMetricFamily(
            "souvenir_chat_config_errors",
            "Chat calls refused in every request format (a configuration error).",
            value=chat.counts.get("config_errors", 0) if chat is not None else 0,
        )
        deferred = rt.worker.counts.get("deferred", 0) if rt.worker is not None else 0
        yield CounterMetricFamily(
            "souvenir_outbox_deferred",
            "Times the worker waited out an open model breaker (once per opening, not per job).",
            value=deferred,
        )
        yielded = rt.worker.counts.get("yielded", 0) if rt.worker is not None else 0
        yield CounterMetricFamily(
            "souvenir_outbox_yielded",
            "Background model calls put back without an attempt for a live reply on the same model server.",
            value=yielded,
        )
        replicas = CounterMetricFamily(
            "souvenir_replica_events",
            "Coordination with other replicas: "
            "stale jobs dropped, jobs requeued, memories whose indexer claim "
            "expired (taken over from a dead claimer, lost by a slow one), "
            "windows a new turn changed while embedded (ended: embedded again), "
            "jobs whose model read the user's data before an erasure (erased_meanwhile: run again).",
            labels=["event"],
        )
        for event in (
            "stale_jobs",
            "requeued",
            "erased_meanwhile",
            "index_claims_taken_over",
            "index_claims_lost",
            "index_claims_ended",
        ):
            replicas.add_metric([event], read["replicas"].get(event, 0))
        yield replicas
        cache = CounterMetricFamily(
            "souvenir_read_cache",
            "This replica's read cache, per user read: "
            "hit (served its copy after checking the user's tick), refresh "
            "(re-read only the rows changed), reload (re-read the user whole), "
            "evicted (a user dropped to stay within the bound).",
            labels=["event"],
        )
        counts = getattr(getattr(rt.store, "_read_cache", None), "counts", None) or {}
        for event in READ_CACHE_EVENTS:
            cache.add_metric([event], counts.get(event, 0))
        yield cache
        vectors = getattr(getattr(rt.engine, "query_scorer", None), "vectors", None)
        kept = CounterMetricFamily(
            "souvenir_query_vectors",
            "This process's kept query vectors of a chat's earlier turns (souvenir.index.query_vectors), per "
            "turn read: hit (read from the cache), miss (embedded).",
            labels=["event"],
        )
        kept.add_metric(["hit"], getattr(vectors, "hits", 0))
        kept.add_metric(["miss"], getattr(vectors, "misses", 0))
        yield kept
        watch = getattr(rt.store, "erasure_watch", None)
        yield CounterMetricFamily(
            "souvenir_replica_erasures",
            "Erasures made by another instance of the store and seen here: this process's caches of "
            "texts' readings and query vectors emptied for them (souvenir.store.erasure_clock).",
            value=watch.counts["foreign"] if watch is not None else 0,
        )
        backlog = GaugeMetricFamily(
            "souvenir_index_backlog", "Memories whose vector is missing or stale, per index.", labels=["index"]
        )
        for index in rt.indexes:
            probe = self._backlogs.setdefault(index.name, Probe(index.backlog, 0))
            backlog.add_metric([index.name], probe.get()[0])
        yield backlog
        bounded = CounterMetricFamily(
            "souvenir_prompts_bounded",
            "Background prompts cut to the read bound (souvenir.llm.prompt_bound), by kind and what was cut; "
            'cause="message" on a reflection: the turn went the no-model way; "parts": its message reflected in '
            'parts (souvenir.llm.prompt_parts), "parts_left": some parts past the cap not sent; "anchors", '
            '"summary": a story\'s anchors listed in part, its summary not sent (souvenir.llm.story_bound); '
            'kind="block": a proxied reply\'s memory block cut to its read time (souvenir.llm.block_bound).',
            labels=["kind", "cause"],
        )
        for kind, cause in BOUNDED:
            bounded.add_metric([kind, cause], rt.engine.counters.get(f"prompt_bounded:{kind}:{cause}", 0))
        yield bounded
        yield CounterMetricFamily(
            "souvenir_block_memories_left_out",
            "Memories selected and left out of a proxied reply's block for its read time on a single-slot local "
            'server (souvenir.llm.block_bound; kind="block" above counts the replies cut).',
            value=rt.engine.counters.get("block_memories_left_out", 0),
        )
        proxy = CounterMetricFamily(
            "souvenir_proxy_events",
            "Proxy events (memory failures, requests naming no user, cut streams…).",
            labels=["event"],
        )
        for event in sorted(set(PROXY_EVENTS) | set(self.proxy_counters)):
            proxy.add_metric([event], self.proxy_counters.get(event, 0))
        yield proxy
        refused = CounterMetricFamily(
            "souvenir_http_refused",
            "Requests refused by this process: head or body not in within SOUVENIR_REQUEST_TIMEOUT_S (408), "
            "past SOUVENIR_MAX_CONCURRENT_REQUESTS (503), past the open connections' bound (503).",
            labels=["reason"],
        )
        for reason in REASONS:
            refused.add_metric([reason], REFUSALS.get(reason, 0))
        yield refused


def write_decisions(writes: dict[str, int], reflection_dropped: int) -> CounterMetricFamily:
    """``souvenir_write_decisions_total{action,reason}``: every write decision and drop
    (``souvenir.write.writelog`` events, counted per kind), and the reflection items the strict
    parser dropped (``action="dropped", reason="reflection"``)."""
    family = CounterMetricFamily(
        "souvenir_write_decisions",
        "Write decisions (insert, absorb, replace, supersede) and drops, by reason.",
        labels=["action", "reason"],
    )
    counts = dict.fromkeys(SERIES, 0)
    for kind, count in writes.items():
        parsed = parse_kind(kind)
        if parsed is not None:
            counts[parsed] = counts.get(parsed, 0) + count
    counts[("dropped", "reflection")] = reflection_dropped
    for (action, reason), count in counts.items():
        family.add_metric([action, reason], count)
    return family


def confidence_agreement(counts: dict[str, int]):
    """Per model: candidates by the code's decision, and how far the model's confidence agrees
    with it (souvenir.write.confidence: 0.5 says nothing, under 0.5 inverted)."""
    tallies = read_tally(counts)
    decided = CounterMetricFamily(
        "souvenir_model_candidates", "Model candidates by the code's decision.", labels=["model", "decision"]
    )
    agreeing = GaugeMetricFamily(
        "souvenir_model_confidence_agreement",
        "P(a kept candidate's confidence > a dropped one's), per model (0.5: says nothing).",
        labels=["model"],
    )
    for model, tally in sorted(tallies.items()):
        for kept in (True, False):
            decided.add_metric(
                [model, "kept" if kept else "dropped"], sum(n for (_, k), n in tally.items() if k is kept)
            )
        value = agreement(tally)
        if value is not None:
            agreeing.add_metric([model], value)
    yield decided
    yield agreeing


def metrics_app(get_runtime, proxy_counters: Counter):
    """A renderer bound to one collector (its probes keep the last values between scrapes)."""
    registry = CollectorRegistry()
    registry.register(SouvenirCollector(get_runtime, proxy_counters))
    return lambda: generate_latest(registry)
