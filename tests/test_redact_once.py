"""A turn reads and redacts each of its texts once (issue #24): the message and the reply
are read together (souvenir.privacy.redact_turn), and the write path's filter and the
store's last line receive them marked as read (``Redacted``); a text made anew from them is
read again."""

from __future__ import annotations

import sqlite3
import sys
from collections import Counter

from souvenir import Souvenir
from souvenir.privacy import detection
from souvenir.privacy import Redacted, redact


def _scans_during(call) -> Counter:
    scans: Counter = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is detection.redact.__code__:
            text = frame.f_locals["text"]
            if type(text) is not Redacted:
                scans[text] += 1

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return scans


def test_a_turn_reads_its_message_and_reply_once(tmp_path):
    with Souvenir.open(tmp_path / "s.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.add_turn("ann", "I live in Penang with my sister", reply="Nice!")
        message, reply = "My sister is called Aisha and my PIN is 4826", "Lovely name"
        scans = _scans_during(lambda: memory.add_turn("ann", message, reply=reply))
        assert scans[message] == 1 and scans[reply] == 1, scans
        assert all(count == 1 for count in scans.values()), scans
        stored = [m.text for m in memory.memories("ann").memories]
    assert any("Aisha" in t and "4826" not in t and "[redacted]" in t for t in stored), stored


def test_a_redacted_text_is_returned_as_it_is_and_a_new_one_is_read():
    out, found = redact("密码：Panda@888")
    assert out == "密码：[redacted]" and found and type(out) is Redacted
    assert redact(out) == (out, [])  # read once: no "[[redacted]]"
    assert type(out.strip()) is str and redact(out + " PIN 9064")[0].endswith("PIN [redacted]")


def test_a_chinese_password_is_stored_redacted_once(tmp_path):
    db = tmp_path / "s.db"
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
        memory.add_turn("li", "我的银行卡密码：Panda@888，别告诉别人", reply="好的")
    with sqlite3.connect(db) as conn:
        texts = [row[0] for row in conn.execute("SELECT text FROM memories")]
        turns = [row[0] for row in conn.execute("SELECT message FROM turns")]
    for text in texts + turns:
        assert "Panda@888" not in text and "[[redacted]]" not in text, text
