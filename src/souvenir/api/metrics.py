"""``GET /metrics``: Prometheus text, every name prefixed ``souvenir_``.

Read at scrape time from the store (degraded turns, dropped reflection items, outbox
states), the reflection worker's counts, the chat breaker, and the proxy's counters.
"""

from __future__ import annotations

from collections import Counter

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from souvenir.writelog import PREFIX, parse_kind


class SouvenirCollector:
    """A custom collector over one runtime (``get_runtime()``) and the proxy's counters."""

    def __init__(self, get_runtime, proxy_counters: Counter) -> None:
        self.get_runtime = get_runtime
        self.proxy_counters = proxy_counters

    def collect(self):
        rt = self.get_runtime()
        store = rt.engine.store
        rt.engine.flush()
        yield CounterMetricFamily("souvenir_degraded_turns", "Turns served without semantic scores.",
                                  value=store.count_events("degraded_turn"))
        yield CounterMetricFamily("souvenir_reflection_items_dropped",
                                  "Reflection items dropped by the strict parser.",
                                  value=store.count_events("reflection_item_dropped"))
        yield write_decisions(store)
        reflections = CounterMetricFamily("souvenir_reflections", "Reflection jobs by outcome.",
                                          labels=["outcome"])
        counts = rt.worker.counts if rt.worker is not None else Counter()
        for outcome in ("ok", "failed", "parked"):
            reflections.add_metric([outcome], counts.get(outcome, 0))
        yield reflections
        summaries = CounterMetricFamily("souvenir_summaries", "User summaries by outcome.", labels=["outcome"])
        service = rt.status()
        for outcome, value in service["summaries"].items():
            summaries.add_metric([outcome], value)
        yield summaries
        outbox = GaugeMetricFamily("souvenir_outbox_jobs", "Outbox jobs by status.", labels=["status"])
        states = store.outbox_counts()
        for status in ("pending", "running", "done", "parked"):
            outbox.add_metric([status], states.get(status, 0))
        yield outbox
        breaker = GaugeMetricFamily("souvenir_breaker_open", "1 while a service is skipped.",
                                    labels=["service"])
        if rt.engine.chat is not None:
            breaker.add_metric(["chat"], float(rt.engine.chat.breaker.state == "open"))
        yield breaker
        replicas = CounterMetricFamily("souvenir_replica_events", "Coordination with other replicas: "
                                       "stale jobs dropped, jobs requeued, indexer passes skipped.",
                                       labels=["event"])
        for event, value in service["replicas"].items():
            replicas.add_metric([event], value)
        yield replicas
        if rt.indexes:
            backlog = GaugeMetricFamily("souvenir_index_backlog", "Memories whose vector is missing "
                                        "or stale, per index.", labels=["index"])
            for index in rt.indexes:
                backlog.add_metric([index.name], index.backlog())
            yield backlog
        proxy = CounterMetricFamily("souvenir_proxy_events", "Proxy events (memory failures…).",
                                    labels=["event"])
        for event, value in sorted(self.proxy_counters.items()):
            proxy.add_metric([event], value)
        yield proxy


def write_decisions(store) -> CounterMetricFamily:
    """``souvenir_write_decisions_total{action,reason}``: every write decision and drop
    (``souvenir.writelog`` events), and the reflection items the strict parser dropped
    (``action="dropped", reason="reflection"``)."""
    family = CounterMetricFamily("souvenir_write_decisions", "Write decisions (insert, absorb, replace, "
                                 "supersede) and drops, by reason.", labels=["action", "reason"])
    for kind, count in sorted(store.count_events_by_kind(PREFIX).items()):
        parsed = parse_kind(kind)
        if parsed is not None:
            family.add_metric(list(parsed), count)
    family.add_metric(["dropped", "reflection"], store.count_events("reflection_item_dropped"))
    return family


def render(get_runtime, proxy_counters: Counter) -> bytes:
    """The exposition text."""
    registry = CollectorRegistry()
    registry.register(SouvenirCollector(get_runtime, proxy_counters))
    return generate_latest(registry)
