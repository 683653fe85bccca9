"""Session 23, lane model10 (issue #25): the live wait covers the whole background call, and the
read bound follows the server's read rate measured live.

Session 22's held-out ``dlg4-ms``: probes waited up to 21 s behind background answers let finish
for ``SOUVENIR_LLM_FINISH_S`` (8 s) after their prompt read — the read bound did not bound that
wait. Now a begun answer told to yield goes on no later than the read bound's seconds after the
live request came (its own read counted in them), and the bound's rate is the server's, measured
from each background answer's time to its first piece (:mod:`souvenir.llm.server_rates`).

The model server is a local stand-in that reads its prompts as llama-cpp-python does
(tests/reading_server.py). Times are wide margins, never speed targets.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import PROMPT_TOKENS_PER_S
from souvenir.engine.runtime import open_runtime
from souvenir.llm.gate import Ticket, UpstreamGate
from souvenir.llm.prompt_parts import MAX_PARTS
from souvenir.llm.server_rates import MIN_SAMPLES, READ_CEILING, READ_FLOOR, ServerRates
from tests.attack_support import stub_model_settings, wait_until
from tests.reading_server import ReadingModelServer
from tests.servers import UvicornThread


# -- the ticket: a live request's wait is bounded from its arrival --------------------------------


def test_a_begun_answer_gives_way_at_the_live_budget_whatever_finish_s():
    ticket = Ticket(finish_s=30.0, wait_s=0.3)
    time.sleep(0.4)
    assert not ticket.must_stop(answering=True)  # its first piece after a 0.4 s read: not told yet
    ticket.ask()
    assert not ticket.must_stop(answering=True)  # told: it may go on a little (its read was 0.4 s)
    time.sleep(0.35)
    assert ticket.must_stop(answering=True)  # past the live budget, though finish_s and its read allow more


def test_a_live_request_arriving_during_the_read_has_waited_for_it():
    """Told during a read longer than the budget: it stops at its first piece (the budget is
    spent), where session 22 let it go on for its read's length again, up to 8 s."""
    ticket = Ticket(finish_s=30.0, wait_s=0.2)
    ticket.ask()  # the live request comes while the prompt is read
    time.sleep(0.3)
    assert ticket.must_stop(answering=True)


def test_without_a_budget_finish_s_and_the_read_decide_as_before():
    ticket = Ticket(finish_s=30.0, wait_s=0.0)
    time.sleep(0.3)
    ticket.must_stop(answering=True)
    ticket.ask()
    time.sleep(0.1)
    assert not ticket.must_stop(answering=True)  # within its 0.3 s read


# -- the rates --------------------------------------------------------------------------------------


def test_the_prior_stands_until_enough_samples():
    rates = ServerRates(60.0)
    for _ in range(MIN_SAMPLES - 1):
        rates.add_read(100, 5.0)  # 20 tokens a second
    assert rates.read_rate() == 60.0 and rates.describe()["read_source"] == "prior"
    rates.add_read(100, 5.0)
    assert rates.read_rate() == pytest.approx(20.0) and rates.describe()["read_source"] == "measured"


def test_the_median_is_robust_to_one_slow_read():
    rates = ServerRates(60.0)
    for seconds in (1.0, 1.0, 1.1, 30.0, 0.9):  # one read behind a re-read system prompt
        rates.add_read(100, seconds)
    assert 90 <= rates.read_rate() <= 101


def test_the_rate_is_clamped_and_tiny_samples_are_not_taken():
    rates = ServerRates(60.0)
    for _ in range(MIN_SAMPLES):
        rates.add_read(100, 0.05)  # 2,000 tokens a second: a cache hit, not a read
    assert rates.read_rate() == READ_CEILING
    slow = ServerRates(60.0)
    for _ in range(MIN_SAMPLES):
        slow.add_read(100, 100.0)
    assert slow.read_rate() == READ_FLOOR
    tiny = ServerRates(60.0)
    for _ in range(MIN_SAMPLES):
        tiny.add_read(2, 1.0)  # 2 tokens: the round trip, not the read
    assert tiny.read_samples == 0 and tiny.read_rate() == 60.0


def test_a_rate_set_by_the_operator_stands():
    rates = ServerRates(150.0, fixed=True)
    for _ in range(5):
        rates.add_read(100, 5.0)
    assert rates.read_rate() == 150.0
    assert rates.describe() | {"read_samples": 5, "read_source": "set"} == rates.describe()


# -- with a server: measured, shown, and the bound following it --------------------------------------


def _settings(tmp_path, upstream, **extra):
    base = {"reflection_backoff_s": 0.05, "reflection_timeout_s": 60.0, "llm_timeout_s": 60.0}
    return stub_model_settings(f"sqlite:///{tmp_path / 'r.db'}", upstream.url, **{**base, **extra})


MESSAGES = {
    "en": ["I moved to Ipoh last year.", "I work night shifts at the hospital.", "My daughter starts school in May."],
    "fr": [
        "J'ai déménagé à Lyon l'an dernier.",
        "Je travaille de nuit à l'hôpital.",
        "Ma fille entre à l'école en mai.",
    ],
    "zh": ["我去年搬到了成都。", "我在医院上夜班。", "我女儿五月份上学。"],
    "ms": [
        "Saya pindah ke Ipoh tahun lepas.",
        "Saya kerja syif malam di hospital.",
        "Anak saya masuk sekolah bulan Mei.",
    ],
}
LONG = {
    "en": "I moved to Ipoh last year with my two daughters and I work as a nurse on night shifts.",
    "fr": "J'ai déménagé à Lyon l'an dernier avec mes deux filles et je suis infirmière de nuit.",
    "zh": "我去年带着两个女儿搬到了成都，现在在市第一人民医院做夜班护士，每周三个晚上。",
    "ms": "Saya pindah ke Ipoh tahun lepas dengan dua anak perempuan dan saya jururawat syif malam.",
}


@pytest.mark.parametrize("lang", sorted(MESSAGES))
def test_a_slow_server_s_rate_is_measured_shown_and_bounds_the_next_prompt(tmp_path, lang):
    """A server reading each prompt in 3 s (its data ~40–50 tokens: ~15 tokens a second, a
    quarter of the 60 prior): after three reflections the rate is measured, shown on
    /v1/status, and a message the prior's bound (120 tokens) would send is over the measured
    one (2 s × the rate, at least 48 tokens) and is reflected in parts under it."""
    with ReadingModelServer(token_s=0.01, prompt_s=3.0) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            assert rt.engine.proposals._bound() == int(2.0 * PROMPT_TOKENS_PER_S)  # the prior's, before any read
            for message in MESSAGES[lang]:
                rt.engine.record_turn("api", "a", message, "OK.")
                assert rt.worker.drain(60)
            rates = rt.status()["upstream_gate"]["rates"]
            assert rates["read_source"] == "measured" and rates["read_samples"] >= MIN_SAMPLES, rates
            assert rates["read_tokens_per_s"] < PROMPT_TOKENS_PER_S / 2, rates
            assert rt.engine.proposals._bound() < int(2.0 * PROMPT_TOKENS_PER_S)
            reads = len([e for e in upstream.log if e["kind"] == "reflection"])
            rt.engine.record_turn("api", "a", LONG[lang] + " " + LONG[lang], "OK.")
            assert rt.worker.drain(60)
            # not sent whole: reflected in parts under the measured bound (llm/prompt_parts.py)
            sent = len([e for e in upstream.log if e["kind"] == "reflection"]) - reads
            assert 1 <= sent <= MAX_PARTS
            assert rt.engine.counters["prompt_bounded:reflection:parts"] == 1
        finally:
            rt.close()


def test_a_rate_set_in_the_settings_is_not_replaced(tmp_path):
    with ReadingModelServer(token_s=0.01, prompt_s=1.5) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream, llm_prompt_tokens_per_s=60.0))
        try:
            for message in MESSAGES["en"]:
                rt.engine.record_turn("api", "a", message, "OK.")
                assert rt.worker.drain(60)
            rates = rt.status()["upstream_gate"]["rates"]
            assert rates["read_source"] == "set" and rates["read_tokens_per_s"] == 60.0
            assert rt.engine.proposals._bound() == 120
        finally:
            rt.close()


def _turn(server: UvicornThread, user: str, message: str) -> None:
    body = {"channel": "api", "user": user, "message": message, "reply": "Nice!"}
    r = httpx.post(f"{server.url}/v1/turns", json=body, timeout=30)
    assert r.status_code in (200, 201), r.text


def _ask(server: UvicornThread, text: str) -> tuple[int, float]:
    started = time.monotonic()
    body = {"model": "stub", "user": "live", "messages": [{"role": "user", "content": text}]}
    r = httpx.post(f"{server.url}/v1/chat/completions", json=body, timeout=120)
    return r.status_code, time.monotonic() - started


def test_a_live_reply_does_not_wait_finish_s_behind_a_begun_answer(tmp_path):
    """``llm_finish_s`` 30 and a 20 s answer begun after a 1 s read: session 22 let it go on for
    its read's length after the reply came; now the reply waits at most the live budget (0.5 s
    here, ``llm_background_read_s``) from its arrival. The margin is wide: under 10 s, where the
    answer's end is 20 s away."""
    with ReadingModelServer(token_s=0.05, prompt_s=1.0) as upstream:
        words = [f"w{n}" for n in range(400)]  # 20 s of distinct tokens: no loop to cut
        upstream.answers["reflection"] = json.dumps(
            {
                "memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}],
                "padding": " ".join(words),
            }
        )
        settings = _settings(tmp_path, upstream, llm_finish_s=30.0, llm_background_read_s=0.5)
        app = create_app(settings)
        with UvicornThread(app) as server:
            gate = app.state.souvenir.runtime.engine.chat.gate
            assert gate.wait_s == 0.5 and gate.describe()["wait_s"] == 0.5
            _turn(server, "bg", "I moved to Ipoh last year")
            assert wait_until(lambda: any(c["tokens"] > 5 for c in upstream.background()), 30)
            status, took = _ask(server, "What is the weather like today?")
            assert status == 200
            assert took < 10.0, took
            assert wait_until(lambda: any(c["client_gone"] for c in upstream.background()), 30)
            assert gate.describe()["finished"] == 0 and gate.describe()["yields"] >= 1


def test_the_gate_with_no_budget_keeps_session_20_s_rule():
    gate = UpstreamGate("http://x:9", capacity=1, finish_s=30.0)
    assert gate.wait_s == 0.0 and gate.describe()["rates"]["read_source"] == "prior"
    ticket = gate.acquire(1.0)
    assert ticket is not None and ticket.wait_s == 0.0
    gate.release(ticket)
