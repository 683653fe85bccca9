"""The diagnostics page as a person reads it, measured in headless Chromium at 1280×900 and
1920×1080 through the DevTools protocol: no text cut off on the right (the page and every
cell are no wider than their box), each memory's text before its reason, each reason one
line that opens on the whole (``<details>``: the page's CSP still allows no script), several
memories on the first screen, and a legend line for every score column shown. A screenshot
of each size is kept in the test's folder (``SOUVENIR_DIAGNOSTICS_SHOTS=DIR`` copies them
there to look at).

Needs Debian's chromium (.ci/run installs it) and the ``websockets`` package (the ``dev``
extra); skipped with the reason otherwise."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.api.diagnostics_page import PART_LABELS
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import UvicornThread

#: A conversation whose memories are long (the page's old trap: the text ran off the right
#: edge), in the four languages, with an unbroken token (a URL) that must wrap too.
TURNS = [
    "I adopted a cat called Kopi last spring; she sleeps on the windowsill all afternoon and hates the vacuum "
    "cleaner more than anything else in the flat, which is why I only clean when she is out on the balcony.",
    "My sister lives in Penang and runs a small kopitiam near the ferry terminal; we call every Sunday evening "
    "and she always asks whether I have finally booked the tickets to visit her for Chinese New Year.",
    "Je travaille à Lyon comme infirmière de nuit depuis 2019, et je prends le train de 21 h 40 pour rentrer "
    "chez moi le matin après la relève de l'équipe de jour.",
    "我对乳胶手套过敏，所以每次去医院都要提醒护士换成丁腈手套，不然手上会起很多红疹，痒好几天。",
    "Saya suka makan nasi lemak dengan sambal yang pedas setiap pagi sebelum pergi kerja di Georgetown.",
    "The recipe I keep going back to is at https://example.org/recipes/very-long-path/that-never-breaks/"
    "kopi-cat-approved-chicken-rice-with-ginger-and-garlic-sauce-2024-edition-final-final.html",
    "My cat Kopi had her vaccination on the 3rd of March and the vet said she should lose a little weight "
    "before the summer, so I switched her to the light kibble the shop near the station sells.",
    "I am training for the Penang bridge half marathon in November, running three mornings a week along the "
    "river with a friend from work who is much faster than me.",
]
QUESTIONS = ["How is my cat Kopi doing?", "When do I visit my sister in Penang?", "Quels gants dois-je acheter ?"]


def _page(tmp_path):
    """A real server over a store holding the turns above and three selections."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'd.db'}",
        embedder="none",
        window_embedder="none",
        llm_base_url="",
        _env_file=None,
    )
    rt = open_runtime(settings)
    memory = Souvenir(rt, owns_runtime=False)
    for text in TURNS:
        memory.add_turn("ann", text, reply="Noted.")
    for question in QUESTIONS[:-1]:
        memory.context("ann", question)
    # the last one read with the conversation (issue #28): its column, its line under the message
    memory.context("ann", QUESTIONS[-1], messages=[TURNS[3], "Noted.", QUESTIONS[-1]])
    return settings, rt


async def _measure(ws_url: str, page_url: str, width: int, height: int, shot: Path) -> dict:
    import websockets

    async with websockets.connect(ws_url, max_size=64 * 2**20) as ws:
        counter = 0

        async def call(method: str, params: dict | None = None, session: str | None = None) -> dict:
            nonlocal counter
            counter += 1
            message = {"id": counter, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            await ws.send(json.dumps(message))
            while True:
                answer = json.loads(await ws.recv())
                if answer.get("id") == counter:
                    assert "error" not in answer, answer
                    return answer["result"]

        target = (await call("Target.createTarget", {"url": "about:blank"}))["targetId"]
        session = (await call("Target.attachToTarget", {"targetId": target, "flatten": True}))["sessionId"]
        await call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            session,
        )
        await call("Page.enable", {}, session)
        await call("Page.navigate", {"url": page_url}, session)
        for _ in range(100):  # until the document has loaded
            state = await call(
                "Runtime.evaluate", {"expression": "document.readyState", "returnByValue": True}, session
            )
            if state["result"].get("value") == "complete":
                break
            await asyncio.sleep(0.1)
        probe = """JSON.stringify({
            page: [document.documentElement.scrollWidth, window.innerWidth],
            cut: [...document.querySelectorAll('td, th, summary, .legend dd')]
                 .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis')
                 .map(e => e.textContent.slice(0, 60)),
            tables: [...document.querySelectorAll('table')].map(t => [t.getBoundingClientRect().right,
                                                                      document.documentElement.clientWidth]),
            firstColumns: [...document.querySelectorAll('table.picks thead tr')].map(
                r => [...r.children].slice(0, 3).map(c => c.textContent)),
            summaries: [...document.querySelectorAll('table.picks summary')].map(
                s => [s.getBoundingClientRect().height, parseFloat(getComputedStyle(s).lineHeight) ||
                      parseFloat(getComputedStyle(s).fontSize) * 1.35]),
            onFirstScreen: [...document.querySelectorAll('table.picks tbody tr')]
                 .filter(r => r.getBoundingClientRect().top < window.innerHeight).length,
            memoryWidth: (document.querySelector('table.picks td:nth-child(2)') || {clientWidth: 0}).clientWidth,
            headers: [...document.querySelectorAll('table.picks th.num')].map(h => h.textContent.replace(/\\u00ad/g, '')),
            legend: [...document.querySelectorAll('.legend dt')].map(d => d.textContent),
            scripts: document.scripts.length,
        })"""
        found = await call("Runtime.evaluate", {"expression": probe, "returnByValue": True}, session)
        png = await call("Page.captureScreenshot", {"format": "png"}, session)
        shot.write_bytes(base64.b64decode(png["data"]))
        await call("Target.closeTarget", {"targetId": target})
        return json.loads(found["result"]["value"])


def _browser(tmp_path) -> tuple[subprocess.Popen, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does it)")
    pytest.importorskip("websockets", reason="the DevTools protocol client (websockets) is not installed")
    proc = subprocess.Popen(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--remote-debugging-port=0",
            f"--user-data-dir={tmp_path / 'profile'}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    for line in proc.stderr:  # type: ignore[union-attr]
        match = re.search(r"DevTools listening on (ws://\S+)", line)
        if match:
            return proc, match.group(1)
    proc.kill()
    pytest.fail("chromium did not open its DevTools port")


@pytest.mark.parametrize("width, height", [(1280, 900), (1920, 1080)])
def test_the_page_reads_at_common_screen_sizes(tmp_path, width, height):
    settings, rt = _page(tmp_path)
    proc, ws_url = _browser(tmp_path)
    shot = tmp_path / f"diagnostics-{width}x{height}.png"
    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server:
            html = httpx.get(f"{server.url}/v1/users/api/ann/diagnostics").text
            found = asyncio.run(
                asyncio.wait_for(
                    _measure(ws_url, f"{server.url}/v1/users/api/ann/diagnostics", width, height, shot), 120
                )
            )
    finally:
        proc.kill()
        proc.wait(timeout=30)
        rt.close()
    if os.environ.get("SOUVENIR_DIAGNOSTICS_SHOTS"):
        shutil.copy(shot, Path(os.environ["SOUVENIR_DIAGNOSTICS_SHOTS"]) / shot.name)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert found["scripts"] == 0 and "<script" not in html  # details open without any script
    # nothing runs off the right edge: not the page, not a table, not a cell's text
    assert found["page"][0] <= found["page"][1], found["page"]
    assert all(right <= client + 1 for right, client in found["tables"]), found["tables"]
    assert found["cut"] == [], found["cut"]
    # the memory's text first, then why; the reason one line (details on demand)
    assert found["firstColumns"] and all(cols == ["#", "memory", "why"] for cols in found["firstColumns"])
    assert found["summaries"] and all(h < 2 * line for h, line in found["summaries"]), found["summaries"]
    assert "<details><summary>" in html
    assert found["memoryWidth"] >= 0.3 * width  # the text has the room, not the numbers
    assert found["onFirstScreen"] >= 4, found["onFirstScreen"]  # the old page showed two
    # a legend line for every score column shown
    shown = [h for h in found["headers"] if h not in ("#",)]
    assert {"score", "rank"} <= set(shown) and len(shown) > 2, shown
    assert set(shown) <= set(found["legend"]), (shown, found["legend"])
    # each part's column carries its label (tests/test_diagnostics_parts.py: one per part produced)
    labelled = set(PART_LABELS.values())
    assert set(shown) - {"score", "rank"} <= labelled, set(shown) - {"score", "rank"} - labelled
