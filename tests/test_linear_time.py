"""Issue #27: no message costs seconds. Adversarial 16 KB messages (runs of one character
class, separators, digits, zero-width characters, URLs, and every keyword of every secret
detector repeated) go through the redaction, every write filter, the lexical toolkit and the
whole write and read paths (a no-model turn, then a context); each call must stay under
:data:`BOUND_S` of CPU. Before the fix, 16 KB of "x." cost 5 s in a turn, "eyJ" 2.6 s, 16 KB
of "1" 29 s in one pattern: quadratic patterns. The bound is generous (linear calls take
tens of milliseconds; a quadratic one takes seconds), so a loaded machine does not fail it.
The worst case is measured by ``bench/linear_time.py`` (docs/benchmarks.md)."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import pytest

from souvenir.ground.errors import SouvenirError
from souvenir.bench.adversarial import SECRET_HINTS, keywords, messages, package_patterns
from souvenir.lexical import carrier_tokens, content_words, ground_dates, normalize, tokenize, user_keys
from souvenir.lexical.tagged import tokenize as tagged_tokenize
from souvenir.library import Souvenir
from souvenir.ground.limits import MAX_TEXT_BYTES
from souvenir.privacy.scrub import scrub
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange
from souvenir.privacy import redact, redact_answer

#: CPU seconds one call may take on a 16 KB message (linear ones take ≤ 0.1 s idle).
BOUND_S = 2.0
NOW = datetime(2026, 12, 4, 12, tzinfo=timezone.utc)


def _secret_words() -> list[str]:
    patterns = [p for name, p in package_patterns().items() if name.startswith("souvenir.privacy.")]
    return keywords(patterns)


SECRET_WORDS = _secret_words()
#: Every generic message, and every secret keyword followed by a space and by ": ".
ALL = list(messages(MAX_TEXT_BYTES, SECRET_WORDS, separators=(" ", ": ")))
#: The generic messages and the hint words of each family of secret phrasings (the write
#: path costs ~0.3 s a message: the whole list would take minutes).
PATH = list(
    messages(
        MAX_TEXT_BYTES,
        SECRET_HINTS,
        separators=(" ", ": "),
    )
)


def _cpu(call, *args) -> float:
    start = time.process_time()
    try:
        call(*args)
    except SouvenirError:  # an empty message is refused: that is an answer too
        pass
    return time.process_time() - start


def _slow(calls) -> list[tuple[str, float]]:
    return [(label, round(spent, 2)) for label, spent in calls if spent > BOUND_S]


def test_the_messages_are_at_the_limit_and_cover_every_secret_keyword():
    assert all(len(text.encode("utf-8")) <= MAX_TEXT_BYTES for _, text in ALL)
    assert all(len(text.encode("utf-8")) > MAX_TEXT_BYTES - 64 for _, text in ALL)
    assert {"password", "otp", "cvv", "passphrase", "mnemonic"} <= set(SECRET_WORDS)


def test_redaction_is_linear():
    assert _slow((label, _cpu(redact, text)) for label, text in ALL) == []
    assert _slow((label, _cpu(scrub, text)) for label, text in ALL[:80]) == []
    assert _slow((label, _cpu(redact_answer, text, "What's your password?")) for label, text in ALL) == []


def test_every_filter_is_linear():
    """A model's candidate against a 16 KB message and reply (the model chain's case), and a
    16 KB candidate (a direct write) for the generic messages."""
    slow = []
    short = Candidate(text="Lives in Paris and does not eat meat", kind="fact", scope="global")
    for label, text in messages(MAX_TEXT_BYTES):
        for candidate, exchange in (
            (short, Exchange(user_message=text, assistant_reply=text)),
            (Candidate(text=text, kind="fact", scope="global"), Exchange(user_message="hi")),
        ):
            for step in MODEL_CHAIN:
                spent = _cpu(step, candidate, exchange)
                if spent > BOUND_S:
                    slow.append((step.__name__, label, round(spent, 2)))
    assert slow == []


@pytest.mark.parametrize(
    "tool",
    [
        normalize,
        tokenize,
        content_words,
        carrier_tokens,
        tagged_tokenize,
        user_keys,
        lambda text: ground_dates(text, NOW),
    ],
    ids=["normalize", "tokenize", "content_words", "carrier_tokens", "tagged", "user_keys", "ground_dates"],
)
def test_the_lexical_toolkit_is_linear(tool):
    """Over :data:`BOUND_S` on 16 KB is read again on a quarter of the text (:func:`_grows`):
    ``user_keys`` is a long chain of linear patterns (1.8-2.0 s on a loaded 2-core host)."""
    slow = []
    for label, text in PATH:
        spent = _cpu(tool, text)
        if spent > BOUND_S and _grows(spent, lambda q: _cpu(tool, q), text):
            slow.append((label, round(spent, 2)))
    assert slow == []


def test_the_write_and_read_paths_are_linear(tmp_path):
    with Souvenir.open(f"sqlite:///{tmp_path / 'l.db'}", embedder="none", window_embedder="none") as memory:
        memory.add_turn("warm", "我喜欢喝茶, and I live in Paris", "ok")  # jieba's one-time load
        slow = []
        for i, (label, text) in enumerate(PATH):
            user = f"u{i}"
            spent = _cpu(memory.add_turn, user, text, text[:500])
            if spent > BOUND_S and _grows(spent, lambda q, u=user: _cpu(memory.add_turn, f"{u}q", q, q[:500]), text):
                slow.append(("turn", label, round(spent, 2)))
            spent = _cpu(memory.context, user, text)
            if spent > BOUND_S and _grows(spent, lambda q, u=user: _cpu(memory.context, u, q), text):
                slow.append(("context", label, round(spent, 2)))
        assert slow == []


def _grows(spent: float, call, text: str) -> bool:
    """Whether a 16 KB call over :data:`BOUND_S` grows faster than its text: the whole
    write path is a long chain of linear rules (1-2 s of CPU on 16 KB of "1," on an AVX2
    host), so a call over the bound is read again on a quarter of the text; a linear call
    takes about a quarter of the time, a quadratic one a sixteenth. Over 8x is growth."""
    return spent > 8 * max(call(text[: len(text) // 4]), 0.01)
