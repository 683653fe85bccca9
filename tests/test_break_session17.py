"""Hardening lane harden3, session 17: a hostile model, a careless operator, look-alike ids,
each over real parts (a real SQLite file, real HTTP on loopback, a loopback model server; our
code unpatched).

- A reflection answer that opens a code fence and then runs on in blanks (a small model looping
  on newlines, or a hostile server) was read by a pattern in time cubic in its length: 4,000
  blanks cost 17 s of CPU in a reflection worker; a malformed answer with many escaped quotes
  cost json_repair time quadratic in its length (1.6 MB: 30 s).
"""

from __future__ import annotations

import json
import time

from souvenir import Souvenir
from souvenir.write.reflection import parse_reflection
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer


def _cpu(answer: str) -> float:
    start = time.process_time()
    parse_reflection(answer)
    return time.process_time() - start


# -- 1. a hostile or looping model's reflection answer costs linear time ---------------------------
def test_a_fenced_answer_running_on_in_blanks_is_read_in_linear_time():
    """``^```(?:json)?\\s*(.*?)\\s*```$`` tried every split of a run of blanks in three: 4,000
    blanks after an opening fence took 17 s of CPU (2,000: 2.2 s)."""
    for blank in (" ", "\n"):
        assert _cpu("```json\n" + blank * 16_000 + "x") < 1.0


def test_a_huge_malformed_answer_is_repaired_in_bounded_time():
    """json_repair is quadratic on a string of escaped quotes: 400 KB 1.8 s, 1.6 MB 30 s. Only
    the answer's head (far longer than any reflection asked for) is repaired."""
    answer = '{"memories": [{"text": "' + 'a\\"' * 600_000
    assert _cpu(answer) < 2.0


def test_a_cut_off_fenced_answer_is_still_read():
    """What the fence and the repair are for still holds: a fenced answer, and one cut off after
    its first memory."""
    item = {"text": "Lives in Leeds", "kind": "fact", "scope": "global", "confidence": 0.9}
    fenced = parse_reflection("```json\n" + json.dumps({"memories": [item]}) + "\n```")
    assert [c.text for c in fenced.candidates] == ["Lives in Leeds"]
    bare = parse_reflection("```\n" + json.dumps({"memories": [item]}) + "```")
    assert [c.text for c in bare.candidates] == ["Lives in Leeds"]
    cut = parse_reflection(json.dumps({"memories": [item, item | {"text": "Has a cat"}]})[:-30])
    assert [c.text for c in cut.candidates] == ["Lives in Leeds"]
    padded = json.dumps({"memories": [item]}) + " " * 200_000 + '{"x": "'
    assert [c.text for c in parse_reflection(padded).candidates] == ["Lives in Leeds"]


def test_a_looping_model_does_not_hold_the_reflection_worker(tmp_path):
    """Through the real worker: a loopback model answers every reflection with an opening fence
    and 6,000 newlines. The job ends (failed or retried, nothing kept) within seconds; before,
    the worker spent minutes of CPU on the first answer."""
    with ChatServer(reply="OK.", reflection_answer="```json\n" + "\n" * 6_000 + "}") as model:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", model.url, reflection_timeout_s=5.0, reflection_backoff_s=0.05
        )
        with Souvenir.open(settings) as memory:
            memory.add_turn("u", "I moved to Leeds last spring", "Nice!")
            begun = time.monotonic()
            wait_until(lambda: len(model.requests) >= 2, 60)  # the first answer read, a retry asked
            assert time.monotonic() - begun < 30
