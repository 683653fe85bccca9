"""Hardening lane, session 16: session 15's leftovers and an attack on fresh surfaces, each over
real parts (a real SQLite file, the real PostgreSQL, real HTTP on loopback; our code unpatched).

- A PIN was dropped with the reason "(password)"; 我的PIN是482913 and "482913 is my PIN" (a
  PIN before its keyword, in every language) were kept whole.
- ``user_keys`` read a run of "!" (or "No. No. …") in time quadratic in its length.
- "Please forget everything about me." said again after a memory was saved through another face
  (and no turn between) was taken for the client's retry: the memory kept.
"""

from __future__ import annotations

import sqlite3
import time

import pytest

from souvenir import Souvenir
from souvenir.lexical import keyed
from souvenir.privacy import redact
from tests.test_break_session15 import _memories, _say, _until, proxied  # noqa: F401 - the fixture

# -- 1. a PIN is a PIN, in every language ---------------------------------------------------------
PINS = [
    ("en", "My PIN is 482913"),
    ("en", "my bank card pin: 4829"),
    ("fr", "Mon code PIN est 482913"),
    ("fr", "le code de ma carte bleue c'est 4829"),
    ("zh", "我的PIN是482913"),
    ("zh", "我的pin码是482913"),
    ("ms", "PIN saya 482913"),
    ("ms", "Kod PIN saya ialah 482913"),
    # the value before its keyword was kept whole
    ("en", "482913 is my PIN"),
    ("fr", "4829 c'est mon code PIN"),
    ("zh", "482913是我的PIN码"),
    ("ms", "482913 ialah PIN saya"),
]


@pytest.mark.parametrize(("lang", "message"), PINS)
def test_a_pin_is_redacted_and_named_a_pin(tmp_path, lang, message):
    text, found = redact(message)
    assert "4829" not in text and found == ["pin"], (lang, text, found)
    with Souvenir.open(tmp_path / "p.db", embedder="none", window_embedder="none", background=False) as mem:
        written = mem.add_turn("u", message, "OK.").memory
        assert written.action == "dropped" and "(pin)" in written.reason, written
        assert not mem.memories("u").memories
    con = sqlite3.connect(tmp_path / "p.db")
    try:
        assert "4829" not in "\n".join(con.iterdump())
    finally:
        con.close()


# -- 2. no sentence cut costs time quadratic in its length ---------------------------------------
RUNS = {
    "bang": lambda n: "(" + "!" * n + "x",
    "dots": lambda n: "." * n + "x",
    "abbreviations": lambda n: "No. " * (n // 4),
    "letters": lambda n: "a. " * (n // 3),
}


def _cpu(text: str) -> float:
    call = keyed.user_keys.__wrapped__  # past the cache: each call reads its text
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        call(text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("kind", sorted(RUNS))
def test_user_keys_reads_a_long_run_in_linear_time(kind):
    """Four times the text costs at most 8 times the CPU (linear: ~4x; quadratic: ~16x);
    no speed target."""
    small, large = _cpu(RUNS[kind](4000)), _cpu(RUNS[kind](16000))
    assert large <= 8 * max(small, 0.005), (kind, small, large)


# -- 3. "forget everything about me" said twice, a memory written through another face between ----
def _forget_everything(client) -> None:
    client.post("/v1/users/telegram/u/memories", json={"text": "Allergic to peanuts"})
    _say(client, "u", "Please forget everything about me.")
    _until(lambda: _memories(client, "u") == [], "not acted on")
    time.sleep(1.0)  # the next memory is written in a later second than the request (the store's unit)


def test_forget_everything_said_again_after_another_faces_write_acts(proxied):
    """A stateless client sends the same request for the same words: after "forget everything
    about me" acted on, a memory saved through the API, then the user's same request again (not
    marked as the client's retry) was taken for a retry, and the memory kept against their will."""
    _forget_everything(proxied)
    proxied.post("/v1/users/telegram/u/memories", json={"text": "Lives in Leeds"})
    _say(proxied, "u", "Please forget everything about me.")
    _until(lambda: _memories(proxied, "u") == [], "the request said again was taken for a retry")


def test_a_marked_retry_of_forget_everything_still_does_not_act(proxied):
    """The same request marked as the client's retry (``x-stainless-retry-count: 1``, as
    OpenAI's SDKs send it) is recorded once and erases nothing written since."""
    _forget_everything(proxied)
    proxied.post("/v1/users/telegram/u/memories", json={"text": "Lives in Leeds"})
    _say(proxied, "u", "Please forget everything about me.", retry=1)
    time.sleep(1.5)
    assert _memories(proxied, "u") == ["Lives in Leeds"]
