"""How many tokens a proxied reply's memory block may take: its read within the live bound (issue #25).

Issue #25's acceptance: a proxied reply within 2 s of its time without memory, on a
single-slot server on this machine. Two waits make that excess, both paid by the reply and not
by the same request without memory: the background call in flight when it came (bounded by the
gate, :mod:`souvenir.llm.gate`: ``wait_s``, the live bound) and the read of its own memory block
at the server's read rate. Session 23's held-out ``dlg5-ms`` (docs/model.md, "Session 24"): the
gate yielded each time, and still the replies came 3–10 s late — 24 long episodes, over 1,000
tokens, read at 132 tokens a second.

The budget: ``share × bound_s × rate`` tokens of memory lines (:func:`block_tokens`).

* ``bound_s``: the gate's ``wait_s`` — the live bound in force
  (:func:`~souvenir.llm.prompt_bound.background_read_s`: 2 s for a single-slot server on this
  machine, the operator's ``SOUVENIR_LLM_BACKGROUND_READ_S`` elsewhere, 0 for a hosted API or a
  server with several slots: then no budget, nothing changes).
* ``rate``: the read rate the gate measured (:mod:`souvenir.llm.server_rates`), or the one the
  operator set. Before 3 reads are measured (the prior) there is no budget: a blind rate
  would cut the block for nothing on a fast server. Nor at the measure's ceiling
  (:data:`~souvenir.llm.server_rates.READ_CEILING`): the clamp hides how fast the server is
  (a GPU reads thousands of tokens a second), so the block is not cut for it.
* ``share`` (``SOUVENIR_PROXY_BLOCK_SHARE``): unset, it is read from the gate at the reply's
  arrival — what the background calls in flight leave of the bound
  (:meth:`~souvenir.llm.gate.UpstreamGate.background_wait_s`): the whole bound when the server
  is idle, none while a background read has the bound's seconds left. Set, that share always;
  over 1 the block may take longer than the bound (an operator who wants more memories than
  a 2 s read holds, and replies later than it: the recall each share keeps is in docs/model.md).

The unit: the block's lines are counted by :func:`~souvenir.llm.prompt_bound.data_tokens`, the
count the read rate was measured with, so the unit cancels out.
"""

from __future__ import annotations

from souvenir.llm.gate import UpstreamGate
from souvenir.llm.server_rates import READ_CEILING

__all__ = ["block_tokens"]


def block_tokens(gate: UpstreamGate, share: float | None = None) -> int | None:
    """Tokens of memory lines a reply's block may hold now (``None``: no bound — no live bound
    on this upstream, its read rate not measured yet or measured at the ceiling). ``share``: the operator's (≥ 0; 1 the
    whole bound); ``None`` reads it from ``gate`` (module docstring)."""
    bound_s = gate.wait_s
    source = gate.rates.describe()["read_source"]
    rate = gate.rates.read_rate()
    if bound_s <= 0 or source == "prior" or (source == "measured" and rate >= READ_CEILING):
        return None
    if share is None:
        share = max(0.0, bound_s - gate.background_wait_s()) / bound_s
    return int(max(0.0, share) * bound_s * rate)
