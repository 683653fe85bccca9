"""A model server's read and generation rates, measured from its own answers (issue #25).

The background read bound (:mod:`souvenir.llm.prompt_bound`) needs the server's prompt-read
rate: how many tokens of a prompt it reads a second before its first answer token. A fixed
rate is wrong both ways on a shared machine: SmolLM2-135M on llama-cpp-python read 117–382
tokens a second at 1-min load ~2 and 5–64 at load 7.7–9.3 (docs/model.md, "Session 22"), so
a bound sized for the quiet machine holds a live reply 10 s on the loaded one.

Each streamed background answer gives one **read sample**: the tokens the server had to read
(the request's data past its system prompt, which a prompt cache keeps between requests, counted
by the caller at the same worst ratios as the bound: the unit cancels out) over the seconds from
the request to its first piece. And one **generation sample**: the pieces after the first over
the seconds they took (a piece is one token on llama.cpp and llama-cpp-python).

The estimate is the **median of the last** :data:`WINDOW` samples — one read slowed by a
re-read system prompt (a live reply replaced the server's cache) or by the machine's burst
moves it by one rank, not by its size — clamped to :data:`READ_FLOOR` … :data:`READ_CEILING`
(generation: :data:`GENERATION_FLOOR` … :data:`GENERATION_CEILING`). Until :data:`MIN_SAMPLES`
samples are in, the ``prior`` (``SOUVENIR_LLM_PROMPT_TOKENS_PER_S``) stands. A ``fixed`` meter
(the operator set the rate) keeps its prior and only counts its samples.
"""

from __future__ import annotations

import statistics
import threading
from collections import deque

__all__ = [
    "GENERATION_CEILING",
    "GENERATION_FLOOR",
    "MIN_SAMPLES",
    "READ_CEILING",
    "READ_FLOOR",
    "ServerRates",
    "WINDOW",
]

#: Samples the running median is taken over: about two turns' reflections and summaries with
#: their retries, so the estimate follows the machine's load within a minute or two.
WINDOW = 9
#: Samples before the measure replaces the prior (one sample is one request's luck).
MIN_SAMPLES = 3
#: Tokens a second. The floor is the slowest read measured on this machine (5.5 tokens a second,
#: session 19's `dlg-ms` at 1-min load 4.3–18.8: docs/benchmarks.md); below it a 2 s bound is
#: under :data:`~souvenir.llm.prompt_bound.MIN_DATA_TOKENS` anyway. The ceiling is a little over
#: the fastest read measured (382 at load ~2): a sample faster than it is a cache hit on the data
#: too (a retry of the same request), not the server's rate.
READ_FLOOR = 5.0
READ_CEILING = 400.0
#: Generated tokens a second: SmolLM2-135M's 22.9 (load 4–19) to 50.1 (load 1–4) in session 19;
#: the bounds only keep one odd sample from meaning nothing.
GENERATION_FLOOR = 1.0
GENERATION_CEILING = 2000.0
#: A sample from fewer tokens or seconds than this says more about the HTTP round trip than the
#: server's rate, and is not taken.
MIN_SAMPLE_TOKENS = 8
MIN_SAMPLE_S = 0.02


class ServerRates:
    """Thread-safe. ``prior``: the read rate (tokens a second) until measured; ``fixed``: the
    prior always stands (samples are still counted)."""

    def __init__(self, prior: float, fixed: bool = False) -> None:
        self.prior = float(prior)
        self.fixed = fixed
        self._lock = threading.Lock()
        self._reads: deque[float] = deque(maxlen=WINDOW)
        self._gens: deque[float] = deque(maxlen=WINDOW)
        self.read_samples = 0
        self.generation_samples = 0

    def add_read(self, tokens: float, seconds: float) -> None:
        """One request's read: ``tokens`` (the caller's count of what the server read) in
        ``seconds`` (request to first piece). Too small a sample is not taken."""
        if tokens < MIN_SAMPLE_TOKENS or seconds < MIN_SAMPLE_S:
            return
        with self._lock:
            self._reads.append(tokens / seconds)
            self.read_samples += 1

    def add_generation(self, tokens: float, seconds: float) -> None:
        """One answer's generation: ``tokens`` pieces after its first, in ``seconds``."""
        if tokens < MIN_SAMPLE_TOKENS or seconds < MIN_SAMPLE_S:
            return
        with self._lock:
            self._gens.append(tokens / seconds)
            self.generation_samples += 1

    def read_rate(self) -> float:
        """Tokens read a second: the prior (fixed, or fewer than :data:`MIN_SAMPLES` samples),
        else the running median clamped to :data:`READ_FLOOR` … :data:`READ_CEILING`."""
        with self._lock:
            if self.fixed or len(self._reads) < MIN_SAMPLES:
                return self.prior
            return min(READ_CEILING, max(READ_FLOOR, statistics.median(self._reads)))

    def generation_rate(self) -> float | None:
        """Tokens generated a second (the running median, clamped), ``None`` before
        :data:`MIN_SAMPLES` samples."""
        with self._lock:
            if len(self._gens) < MIN_SAMPLES:
                return None
            return min(GENERATION_CEILING, max(GENERATION_FLOOR, statistics.median(self._gens)))

    def describe(self) -> dict:
        """``{"read_tokens_per_s", "read_source", "read_samples", "generation_tokens_per_s",
        "generation_samples"}`` (``read_source``: ``set``, ``prior`` or ``measured``)."""
        read = self.read_rate()
        gen = self.generation_rate()
        with self._lock:
            source = "set" if self.fixed else ("measured" if len(self._reads) >= MIN_SAMPLES else "prior")
            return {
                "read_tokens_per_s": round(read, 1),
                "read_source": source,
                "read_samples": self.read_samples,
                "generation_tokens_per_s": round(gen, 1) if gen is not None else None,
                "generation_samples": self.generation_samples,
            }
