"""``GET /metrics``: Prometheus text, every name prefixed ``souvenir_``.

Read at scrape time from the store (degraded turns, dropped reflection items, outbox
states), the reflection worker's counts, the chat breaker, and the proxy's counters.
"""

from __future__ import annotations

from collections import Counter

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily


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
        chat = rt.engine.chat
        if chat is not None:
            breaker.add_metric(["chat"], float(chat.breaker.state == "open"))
        for index in rt.indexes:
            breaker.add_metric([f"embedder:{index.name}"], float(index.breaker.state == "open"))
        yield breaker
        if chat is not None:
            models = chat.health()
            form = GaugeMetricFamily("souvenir_chat_structured_output", "1 for the structured output "
                                     "form each chat model accepts.", labels=["model", "form"])
            refused = GaugeMetricFamily("souvenir_chat_format_refused", "1 for each structured output "
                                        "form a chat model refused.", labels=["model", "form"])
            for name, state in models.items():
                if state["structured_output"]:
                    form.add_metric([name, state["structured_output"]], 1.0)
                for bad in state["refused"]:
                    refused.add_metric([name, bad], 1.0)
            yield form
            yield refused
            yield CounterMetricFamily("souvenir_chat_config_errors", "Chat calls refused in every "
                                      "request format (a configuration error).",
                                      value=chat.counts.get("config_errors", 0))
            deferred = rt.worker.counts.get("deferred", 0) if rt.worker is not None else 0
            yield CounterMetricFamily("souvenir_outbox_deferred", "Outbox jobs put back without an "
                                      "attempt because the model's breaker was open.", value=deferred)
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


def render(get_runtime, proxy_counters: Counter) -> bytes:
    """The exposition text."""
    registry = CollectorRegistry()
    registry.register(SouvenirCollector(get_runtime, proxy_counters))
    return generate_latest(registry)
