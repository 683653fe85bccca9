"""Session 23, lane model12 (issue #25): a background answer's ``max_tokens`` fits its timeout
at the server's *measured* generation rate where the read bound is in force
(:meth:`souvenir.engine.proposals.Proposals._generation_rate`), the fixed
:data:`~souvenir.llm.budget.GENERATION_TOKENS_PER_S` only until the rate has its samples.

The model is a slow local server speaking the OpenAI protocol: it streams each answer in small
pieces with a pause between them (a few tokens a second, slower still on a loaded machine).
"""

from __future__ import annotations

import json

from souvenir.engine.runtime import open_runtime
from souvenir.llm.budget import GENERATION_TOKENS_PER_S, MIN_TOKENS
from souvenir.llm.server_rates import MIN_SAMPLES
from tests.attack_support import stub_model_settings
from tests.servers import AnswerServer

TIMEOUT_S = 40.0
PIECES = 12
PAUSE_S = 0.2  # between pieces: ~5 pieces a second at most, fewer on a loaded machine


def slow_server(text: str) -> AnswerServer:
    """An OpenAI-protocol chat server streaming every answer in :data:`PIECES` pieces,
    :data:`PAUSE_S` apart; ``requests`` keeps every body."""
    return AnswerServer(lambda body: (text, "stop", PAUSE_S), pieces=PIECES)


NOTES = json.dumps(
    {"memories": [{"text": "Sails an old boat out of Porto.", "kind": "fact", "scope": "global", "confidence": 0.9}]}
)
MESSAGES = [
    "I sail an old boat out of Porto every weekend with my cousin.",
    "Je travaille comme infirmière de nuit à Lyon depuis mars.",
    "我去年搬到了成都，现在在医院做护士。",
    "Saya kerja sebagai jururawat di hospital besar Ipoh.",
    "My sister Ana teaches maths at a school in Braga.",
]


def _reflections(server: AnswerServer) -> list[dict]:
    return [b for b in server.requests if b["messages"][0]["content"].startswith("You maintain long-term notes")]


def _settings(tmp_path, server, bound: bool):
    bounds = {"llm_background_read_s": 1.0 if bound else 0.0, "llm_prompt_tokens_per_s": 100.0}
    return stub_model_settings(
        f"sqlite:///{tmp_path / 'm.db'}",
        server.url,
        **{"reflection_backoff_s": 0.05, "reflection_timeout_s": TIMEOUT_S, **bounds},
    )


def test_a_slow_server_gets_max_tokens_fitting_its_measured_generation_rate(tmp_path):
    """The first answers are asked at most the fixed rate's worth; once the slow server's
    rate is measured (at most ~5 tokens a second here), each answer asks no more than what
    the timeout lets that rate write — far under the fixed 17 tokens a second's bound."""
    with slow_server(NOTES) as server:
        rt = open_runtime(_settings(tmp_path, server, bound=True))
        try:
            for message in MESSAGES:
                rt.engine.record_turn("api", "a", message, "Nice.")
                assert rt.worker.drain(120)
            sent = _reflections(server)
            assert len(sent) == len(MESSAGES), len(sent)
            fixed = TIMEOUT_S * GENERATION_TOKENS_PER_S
            assert all(b["max_tokens"] <= fixed for b in sent[:MIN_SAMPLES])
            measured = rt.engine.proposals.chat.gate.rates.generation_rate()
            assert measured is not None and measured < GENERATION_TOKENS_PER_S / 2, measured
            for body in sent[MIN_SAMPLES:]:
                # wide margin: the server writes ≤ 5 tokens a second; 2× that bounds the ask
                assert body["max_tokens"] <= max(MIN_TOKENS, TIMEOUT_S * 10), body["max_tokens"]
            assert sent[-1]["max_tokens"] < max(b["max_tokens"] for b in sent[:MIN_SAMPLES])
        finally:
            rt.close()


def test_without_the_read_bound_the_contract_alone_bounds_the_answer(tmp_path):
    """A server the read bound is not in force for (a hosted API, several slots) is not cut
    by any rate, measured or fixed: every answer asks the contract's whole bound."""
    with slow_server(NOTES) as server:
        rt = open_runtime(_settings(tmp_path, server, bound=False))
        try:
            for message in MESSAGES[:4]:
                rt.engine.record_turn("api", "a", message, "Nice.")
                assert rt.worker.drain(120)
            sent = _reflections(server)
            assert len(sent) == 4 and rt.engine.proposals._generation_rate() is None
            assert sent[-1]["max_tokens"] >= sent[0]["max_tokens"]
        finally:
            rt.close()
