"""Time the diagnostics page of a replayed LoCoMo conversation over loopback, and take its
screenshot with headless Chromium.

    .venv/bin/python -m bench.diagnostics_timing [--conv ../shared/data/locomo/conv-26.json]
        [--screenshot docs/diagnostics.png] [--size 1280,900]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx


from souvenir.api.app import create_app  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.replay.apply import replay_locomo  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from tests.servers import UvicornThread  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conv", default="../shared/data/locomo/conv-26.json")
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--size", default="1280,900", help="the browser window, width,height in CSS px")
    args = parser.parse_args()
    conv = parse_locomo(args.conv)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_url=f"sqlite:///{tmp}/d.db", embedder="use", _env_file=None)
        rt = open_runtime(settings)
        replay_locomo(rt.engine, conv, channel="api")
        for index in rt.indexes:  # USE and the e5 windows: every part of the score shows
            while index.run_once():
                pass
        with UvicornThread(create_app(settings, runtime=rt)) as server, httpx.Client(base_url=server.url) as c:
            for qa in conv.questions[:5]:
                c.post("/v1/context", json={"user": conv.name, "message": qa.question})
            url = f"/v1/users/api/{conv.name}/diagnostics"
            timings = []
            for _ in range(args.runs):
                started = time.perf_counter()
                assert c.get(url).status_code == 200
                timings.append((time.perf_counter() - started) * 1000)
            print(
                f"{conv.name}: {len(conv.turns)} memories, 5 selections kept; diagnostics page "
                f"p50 {statistics.median(timings):.1f} ms, max {max(timings):.1f} ms over {args.runs}"
            )
            if args.screenshot:
                browser = shutil.which("chromium") or shutil.which("chromium-browser")
                subprocess.run(
                    [
                        browser,
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--no-first-run",
                        f"--user-data-dir={tmp}/p",
                        f"--window-size={args.size}",
                        "--hide-scrollbars",
                        f"--screenshot={Path(args.screenshot).resolve()}",
                        server.url + url,
                    ],
                    capture_output=True,
                    timeout=120,
                    check=False,
                )
                print(f"screenshot: {args.screenshot}")
        rt.close()


if __name__ == "__main__":
    main()
