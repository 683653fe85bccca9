"""Session 26, a new user's walk (lane newuser11), over the real parts: the diagnostics page
in headless Chromium (DevTools protocol) keeps short words whole — the write log's "action"
and "reason" headers, its times, ids and reason codes were broken mid-word ("actio|n") beside
a long detail column — for a user of each language (en, fr, zh, ms); a channel key that
spells ``api`` out in the path (``GET /v1/users/api/…``) is told to use another key, not to
"name the channel" it just named (REST on loopback, one customer a language)."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.library import Souvenir
from tests.servers import UvicornThread
from tests.test_diagnostics_layout import _browser

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: A customer of each language: their channel's external id and what they said (the write
#: log's detail column holds the long text that squeezed the short columns).
CUSTOMERS = {
    "en": ("+447700900123", "I live in Lyon with my sister Manon and our two cats, and I work nights at the hospital."),
    "fr": (
        "lea@example.fr",
        "J'habite à Lyon avec ma sœur Manon et nos deux chats, et je travaille de nuit à l'hôpital.",
    ),
    "zh": ("wx_o6abc", "我叫王磊，住在杭州，订单号 ORD-88231 还没有发货，我每天晚上在医院上夜班。"),
    "ms": ("60123456789", "Saya tinggal di Johor Bahru dengan adik saya Mei, dan saya bekerja syif malam di hospital."),
}

#: Longest word, in characters, that must stay whole: a time is 20.
WHOLE_WORD = 24

#: Every Latin word of at most ``WHOLE_WORD`` characters in the page's tables other than a
#: selection's (whose numeric headers hyphenate at a soft hyphen on purpose), drawn on more
#: than one line: a word broken in two. A hyphen is a break as a line's end anywhere ("ORD-" /
#: "88231" in a Chinese sentence): the parts it joins are words of their own. A longer token
#: (a URL) may wrap: the page must fit.
BROKEN_WORDS = (
    """JSON.stringify((() => {
    const broken = [];
    for (const cell of document.querySelectorAll('table:not(.picks) th, table:not(.picks) td')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walker.nextNode())) {
            for (const m of node.data.matchAll(/[\\x21-\\x2c\\x2e-\\x7e\\u00c0-\\u024f]+/g)) {
                if (m[0].length < 2 || m[0].length > """
    + str(WHOLE_WORD)
    + """) continue;
                const r = document.createRange();
                r.setStart(node, m.index);
                r.setEnd(node, m.index + m[0].length);
                const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
                if (tops.size > 1) broken.push(m[0]);
            }
        }
    }
    return {broken, page: [document.documentElement.scrollWidth, window.innerWidth],
            rows: document.querySelectorAll('table:not(.picks) tbody tr').length};
})())"""
)


async def _evaluate(ws_url: str, page_url: str, width: int, expression: str) -> dict:
    """``expression``'s JSON value on ``page_url`` in a tab ``width`` pixels wide."""
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
        metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}
        await call("Emulation.setDeviceMetricsOverride", metrics, session)
        await call("Page.enable", {}, session)
        await call("Page.navigate", {"url": page_url}, session)
        for _ in range(100):  # until the document has loaded
            state = await call(
                "Runtime.evaluate", {"expression": "document.readyState", "returnByValue": True}, session
            )
            if state["result"].get("value") == "complete":
                break
            await asyncio.sleep(0.1)
        found = await call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        await call("Target.closeTarget", {"targetId": target})
        return json.loads(found["result"]["value"])


@pytest.mark.parametrize("lang", sorted(CUSTOMERS))
def test_the_page_breaks_no_short_word_in_two(tmp_path, lang):
    user, said = CUSTOMERS[lang]
    with Souvenir.open(tmp_path / "d.db", **OPEN) as memory:
        memory.add_turn(user, said, reply="OK", channel="wechat")
        memory.add_turn(user, said, reply="OK", channel="wechat")  # a repeat: a second decision
        memory.context(user, said[:20], channel="wechat")
        proc, ws_url = _browser(tmp_path)
        try:
            with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
                url = f"{server.url}/v1/users/wechat/{user}/diagnostics"
                assert httpx.get(url, timeout=30).status_code == 200
                found = asyncio.run(asyncio.wait_for(_evaluate(ws_url, url, 1280, BROKEN_WORDS), 120))
        finally:
            proc.kill()
            proc.wait(timeout=30)
    assert found["rows"] >= 4, found  # the write log, the counters, the profile
    assert found["broken"] == [], found["broken"]
    assert found["page"][0] <= found["page"][1], found["page"]  # and nothing runs off the edge


@pytest.mark.parametrize("lang", sorted(CUSTOMERS))
def test_a_channel_spelt_out_in_the_path_is_not_told_to_name_it(tmp_path, lang):
    user, said = CUSTOMERS[lang]
    with Souvenir.open(tmp_path / "k.db", **OPEN) as memory:
        key = memory.create_key("wechat-bot", channels=["wechat"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            headers = {"Authorization": f"Bearer {key}"}
            for path in ("/v1/users/api", f"/v1/users/api/{user}/memories", f"/v1/users/api/{user}/profile"):
                refused = httpx.get(f"{server.url}{path}", headers=headers, timeout=30)
                assert refused.status_code == 403, (path, refused.text)
                detail = refused.json()["detail"]
                assert "does not reach channel 'api', only 'wechat'" in detail, detail
                assert "name the channel" not in detail and "--channel api" in detail, detail
            # a body that names no channel still gets the hint: its 'api' was the default
            body = {"user": user, "message": said, "reply": "OK"}
            unnamed = httpx.post(f"{server.url}/v1/turns", json=body, headers=headers, timeout=30)
            assert unnamed.status_code == 403 and "name the channel" in unnamed.json()["detail"]
            taken = httpx.post(f"{server.url}/v1/turns", json=body | {"channel": "wechat"}, headers=headers, timeout=30)
            assert taken.status_code == 200, taken.text
