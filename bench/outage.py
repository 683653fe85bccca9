"""Reflections through a real-time model outage, with the default settings (a benchmark).

    .venv/bin/python -m bench.outage [--outage 90] [--turns 10] [--mode hang|500|close] [--json]

A stand-in chat server on loopback (tests/servers.py) hangs (or answers 500, or drops the
connection) for ``--outage`` seconds while ``--turns`` exchanges queue their reflections,
then answers again. The worker runs with the defaults (parking after 900 s of failures,
backoff 2 s doubling up to 60 s, breaker cool-down 30 s, 60 s per call). Reports how many
jobs were parked, how many calls reached the model, the refusals that were no attempts,
and the seconds from the model's recovery until every job was reflected. The unit test of
the same property runs on a clock scaled by 1/45 (tests/test_outbox_survival.py).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from tests.servers import ChatServer  # noqa: E402

FACT = json.dumps({"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})


def run(outage_s: float, turns: int, mode: str) -> dict:
    with ChatServer(reflection_answer=FACT) as upstream:
        upstream.reflection_mode = mode
        upstream.hang_s = outage_s + 5
        db = Path(tempfile.mkdtemp(prefix="souvenir-outage-")) / "o.db"
        settings = Settings(
            database_url=f"sqlite:///{db}",
            embedder="none",
            window_embedder="none",
            llm_base_url=upstream.url,
            llm_model="stub",
            summary_enabled=False,
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            rt.worker.start()
            started = time.monotonic()
            for i in range(turns):
                rt.engine.record_turn("bench", f"u{i}", "I live in Ipoh now", "Nice!")
                rt.worker.wake()
            time.sleep(max(0.0, outage_s - (time.monotonic() - started)))
            upstream.reflection_mode = "ok"
            recovered = time.monotonic()
            calls_during = len(upstream.requests)
            while time.monotonic() - recovered < 600:
                counts = rt.store.outbox_counts()
                if counts.get("done", 0) + counts.get("parked", 0) >= turns:
                    break
                time.sleep(0.2)
            counts = rt.store.outbox_counts()
            return {
                "outage_s": outage_s,
                "mode": mode,
                "turns": turns,
                "parked": counts.get("parked", 0),
                "done": counts.get("done", 0),
                "model_calls_during_outage": calls_during,
                "refusals_not_attempts": rt.worker.counts["deferred"],
                "failed_attempts": rt.worker.counts["failed"],
                "seconds_to_drain_after_recovery": round(time.monotonic() - recovered, 1),
                "settings": {
                    "park_after_s": settings.reflection_park_after_s,
                    "backoff_s": settings.reflection_backoff_s,
                    "backoff_max_s": settings.reflection_backoff_max_s,
                    "breaker_cooldown_s": settings.llm_breaker_cooldown_s,
                    "timeout_s": settings.reflection_timeout_s,
                },
            }
        finally:
            rt.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--outage", type=float, default=90.0)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--mode", choices=("hang", "500", "close"), default="hang")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args.outage, args.turns, args.mode)
    print(
        json.dumps(report, indent=2)
        if args.json
        else f"{args.mode} outage of {report['outage_s']:g} s, {report['turns']} turns: {report['parked']} parked, "
        f"{report['done']} reflected; {report['model_calls_during_outage']} model calls during the outage, "
        f"{report['refusals_not_attempts']} breaker refusals (no attempts), {report['failed_attempts']} "
        f"failed attempts; every job done {report['seconds_to_drain_after_recovery']} s after recovery"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
