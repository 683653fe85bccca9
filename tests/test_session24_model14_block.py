"""Session 24, lane model14 (issue #25): a proxied reply's memory block within the live bound.

On a single-slot server on this machine a proxied reply reads its own memory block at the
server's read rate, which the same request without memory does not pay (session 23's
``dlg5-ms``: 24 long episodes, 3–10 s late). The proxy now gives the block's memory lines a
token budget — the live bound's share left by the background calls in flight, times the read
rate the gate measured (:mod:`souvenir.llm.block_bound`) — and the lowest-ranked memories past
it are left out, counted (``/metrics``, ``/v1/status``) and explained on the diagnostics page.
With no measured rate, or no live bound (a server with several slots), nothing changes.

The model server is a local stand-in reading its prompts at a fixed slow rate (its data's tokens
as Souvenir counts them, over the rate, before the first piece). No speed target: the
assertions are on what the block holds and what is counted.
"""

from __future__ import annotations


import httpx

from souvenir.api.app import create_app
from souvenir.llm.block_bound import block_tokens
from souvenir.llm.gate import UpstreamGate
from souvenir.llm.prompt_bound import data_tokens
from souvenir.llm.server_rates import ServerRates
from souvenir.read.block_budget import KEPT_AT_LEAST, READ_TIME, within_budget
from tests.attack_support import stub_model_settings, wait_until
from tests.reading_server import ReadingModelServer
from tests.servers import UvicornThread

#: Tokens a second the stand-in reads (a loaded 2-core machine's SmolLM2 read, docs/model.md).
RATE = 100.0

#: Long memories of one user (the fallback episodes of session 23's run were this long), in the
#: four languages: more than 2 s of reading at RATE together.
LONG = [
    "I moved to Ipoh last year with my two daughters and I work as a nurse on night shifts at the general hospital.",
    "J'ai déménagé à Lyon l'an dernier avec mes deux filles et je travaille de nuit comme infirmière à l'hôpital.",
    "我去年带着两个女儿搬到了成都，现在在市中心的医院当夜班护士，每周工作四个晚上。",
    "Saya pindah ke Ipoh tahun lepas dengan dua anak perempuan saya dan bekerja syif malam sebagai jururawat.",
    "My mother lives in Penang and I visit her every second weekend with the girls when the shifts allow it.",
    "Le week-end je fais du vélo le long de la Saône avec ma voisine, surtout quand il fait beau le dimanche matin.",
    "我周末喜欢去公园跑步，然后在附近的小店吃一碗牛肉面，这是我一周里最放松的时候。",
    "Anak sulung saya suka main badminton di sekolah dan dia nak masuk pertandingan negeri tahun depan.",
    "I have been learning to bake sourdough bread since the spring and I bring a loaf to the ward on Fridays.",
    "Ma fille cadette commence le piano en septembre et je cherche un professeur près de la Croix-Rousse.",
]


class RateReadingServer(ReadingModelServer):
    """:class:`ReadingModelServer` whose read takes the request's last message's tokens (as
    :func:`data_tokens` counts them) over ``rate`` seconds, not a fixed time."""

    def __init__(self, rate: float, token_s: float = 0.01) -> None:
        super().__init__(token_s=token_s, prompt_s=0.0)
        self.rate = rate

    def _answer(self, handler, entry, words, limit, body) -> None:
        last = (body.get("messages") or [{}])[-1].get("content")
        self.prompt_s = data_tokens(last if isinstance(last, str) else "") / self.rate
        super()._answer(handler, entry, words, limit, body)


def _settings(tmp_path, upstream, **extra):
    base = {"reflection_backoff_s": 0.05, "reflection_timeout_s": 60.0, "llm_timeout_s": 60.0}
    return stub_model_settings(f"sqlite:///{tmp_path / 'b.db'}", upstream.url, **{**base, **extra})


# -- the budget itself ----------------------------------------------------------------------------


def test_the_block_keeps_its_higher_ranked_memories_within_the_budget():
    lines = ["a" * 100, "b" * 100, "c" * 10, "d" * 100]
    sels = [object(), object(), object(), object()]
    cost = [data_tokens(line + "\n") for line in lines]
    kept, out = within_budget(sels, lines, cost[0] + cost[1], data_tokens, floor=0)  # type: ignore[arg-type]
    assert kept == sels[:2] and out == sels[2:]  # cut from the lowest rank up: the short third goes too
    kept, out = within_budget(sels, lines, cost[0] - 1, data_tokens, floor=0)  # type: ignore[arg-type]
    assert kept == [] and out == sels
    # however small the budget (a reply while a background read has the bound), the best stay
    kept, out = within_budget(sels, lines, 0, data_tokens)  # type: ignore[arg-type]
    assert kept == sels[:KEPT_AT_LEAST] and out == sels[KEPT_AT_LEAST:]
    kept, out = within_budget(sels, lines, cost[0] + cost[1] + cost[2] + cost[3], data_tokens)  # type: ignore[arg-type]
    assert kept == sels and out == []
    kept, out = within_budget(sels, lines, sum(cost), data_tokens)  # type: ignore[arg-type]
    assert kept == sels and out == []


def test_no_budget_without_a_live_bound_or_before_the_rate_is_measured():
    measured = ServerRates(60.0)
    for _ in range(3):
        measured.add_read(200, 2.0)  # 100 tokens a second
    assert block_tokens(UpstreamGate("http://x:1", wait_s=0.0, rates=measured)) is None  # a hosted API, several slots
    assert block_tokens(UpstreamGate("http://x:1", wait_s=2.0, rates=ServerRates(60.0))) is None  # the prior: unknown
    idle = UpstreamGate("http://x:1", wait_s=2.0, rates=measured)
    assert block_tokens(idle) == 200  # the whole bound: nothing in flight
    assert block_tokens(idle, share=0.25) == 50  # the operator's share
    assert block_tokens(idle, share=3.0) == 600  # over 1: more than the bound, the operator's choice
    assert block_tokens(UpstreamGate("http://x:1", wait_s=2.0, rates=ServerRates(40.0, fixed=True))) == 80  # set
    fast = ServerRates(60.0)
    for _ in range(3):
        fast.add_read(5000, 1.0)  # a GPU: clamped to the ceiling, so how fast is unknown
    assert block_tokens(UpstreamGate("http://x:1", wait_s=2.0, rates=fast)) is None


def test_a_background_read_in_flight_takes_its_share_of_the_bound():
    rates = ServerRates(100.0, fixed=True)
    gate = UpstreamGate("http://x:1", capacity=1, finish_s=8.0, wait_s=2.0, rates=rates)
    ticket = gate.acquire(1.0)
    assert ticket is not None
    ticket.read_tokens = 150  # 1.5 s to read at 100 tokens a second, then as long again to finish
    token = gate.live_enter()
    try:
        assert 1.5 < gate.background_wait_s() <= 2.0  # bounded by the live bound from its arrival
        assert block_tokens(gate) is not None and block_tokens(gate) < 50  # what is left of 2 s
    finally:
        gate.live_exit(token)
        gate.release(ticket)
    assert gate.background_wait_s() == 0.0 and block_tokens(gate) == 200


# -- through the proxy, on a server reading at a slow rate ------------------------------------------


def _turn(server: UvicornThread, user: str, text: str) -> None:
    body = {"user": user, "message": text, "reply": "Noted."}
    r = httpx.post(f"{server.url}/v1/turns", json=body, timeout=30)
    assert r.status_code in (200, 201), r.text


def _ask(server: UvicornThread, user: str, text: str) -> httpx.Response:
    body = {"model": "stub", "user": user, "messages": [{"role": "user", "content": text}]}
    return httpx.post(f"{server.url}/v1/chat/completions", json=body, timeout=120)


def test_a_proxied_reply_s_block_is_bounded_by_the_measured_read_rate(tmp_path):
    with RateReadingServer(RATE) as upstream:
        sent: list[dict] = []
        original = upstream._answer

        def keep(handler, entry, words, limit, body):
            if entry["kind"] == "chat":
                sent.append(body)
            original(handler, entry, words, limit, body)

        upstream._answer = keep  # type: ignore[method-assign]
        app = create_app(_settings(tmp_path, upstream))
        with UvicornThread(app) as server:
            memory = app.state.souvenir
            gate = memory.runtime.engine.chat.gate
            assert gate.wait_s == 2.0  # a single-slot server on this machine: the live bound
            for text in LONG:
                memory.remember("nadia", text)
            memory.remember("nadia", "Always call me Nadia, never madam.", kind="rule")  # outside the budget
            for n, text in enumerate(["I moved to Ipoh last year.", "I work night shifts.", "I bake bread."] * 2):
                _turn(server, f"bg{n}", text)
            assert wait_until(lambda: gate.rates.describe()["read_source"] == "measured", 60)
            assert wait_until(lambda: memory.runtime.status()["outbox"].get("pending", 0) == 0, 60)
            assert wait_until(lambda: gate.describe()["background"] == 0, 60)
            rate = gate.rates.read_rate()
            r = _ask(server, "nadia", "What should I cook tonight?")
            assert r.status_code == 200, r.text
            block = sent[-1]["messages"][0]["content"]
            shown = [line for line in block.splitlines() if line.startswith("- [")]  # a memory a line
            assert KEPT_AT_LEAST <= len(shown) < len(LONG)  # the highest-ranked kept, the rest left out
            # within the bound's tokens, or the first few the budget never leaves out
            assert len(shown) == KEPT_AT_LEAST or sum(data_tokens(line + "\n") for line in shown) <= 2.0 * rate
            assert "Always call me Nadia, never madam." in block  # the rule stays
            status = memory.runtime.status()
            assert status["block_memories_left_out"] == len(LONG) - len(shown)
            assert status["prompts_bounded"].get("block:memories") == 1
            metrics = httpx.get(f"{server.url}/metrics", timeout=30).text
            assert f"souvenir_block_memories_left_out_total {float(len(LONG) - len(shown))}" in metrics
            assert 'souvenir_prompts_bounded_total{cause="memories",kind="block"} 1.0' in metrics
            last = wait_until(lambda: memory.diagnostics("nadia").selections, 30)[0]
            left = [it for it in last.items if it.pass_name == READ_TIME]
            assert len(left) == len(LONG) - len(shown)
            assert all("the block's read time on this server" in it.reason for it in left)
            page = httpx.get(f"{server.url}/v1/users/api/nadia/diagnostics", timeout=30).text
            assert "the block&#x27;s read time on this server" in page or "the block's read time on this server" in page


def test_with_no_measured_rate_or_several_slots_the_block_is_whole(tmp_path):
    for extra in ({}, {"llm_concurrency": 2}):
        with RateReadingServer(RATE) as upstream:
            sent: list[dict] = []
            original = upstream._answer

            def keep(handler, entry, words, limit, body, sent=sent, original=original):
                if entry["kind"] == "chat":
                    sent.append(body)
                original(handler, entry, words, limit, body)

            upstream._answer = keep  # type: ignore[method-assign]
            path = tmp_path / f"s{len(extra)}"
            path.mkdir()
            app = create_app(_settings(path, upstream, **extra))
            with UvicornThread(app) as server:
                memory = app.state.souvenir
                for text in LONG:
                    memory.remember("nadia", text)
                if extra:  # several slots: no live bound, whatever the rate measured
                    for n, text in enumerate(["I moved to Ipoh last year.", "I work night shifts.", "I bake."]):
                        _turn(server, f"bg{n}", text)
                    gate = memory.runtime.engine.chat.gate
                    assert wait_until(lambda gate=gate: gate.rates.describe()["read_source"] == "measured", 60)
                    assert gate.wait_s == 0.0
                r = _ask(server, "nadia", "What should I cook tonight?")
                assert r.status_code == 200, r.text
                block = sent[-1]["messages"][0]["content"]
                assert len([line for line in block.splitlines() if line.startswith("- [")]) == len(LONG)
                assert memory.runtime.status()["block_memories_left_out"] == 0
