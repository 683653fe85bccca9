"""What the user erased outlives the memory: a keyed mark of each erased text, per user.

An import of an old export (a backup restored) or a replay of an old chat log wrote back
through the write path the very texts the user had asked to forget: the store kept no trace of
them (a tombstone is textless, its content hash ``erased``). Each erasure — a memory forgotten
(by the API, the CLI, MCP or a request in chat) with every value it superseded and its past
wordings, "forget everything about me", a user deleted — now records, in the same
transaction, a mark of every text it erased (memories, their past wordings, the user's
messages it emptied) in ``erased_texts`` (migration 0025):

* ``user_key``: the erasure marks' keyed hash of the channel and id
  (:func:`souvenir.store.erasure_keys.user_key`), never the id; it outlives a deleted user;
* ``text_mark``: an HMAC-SHA256 of the text, read as :func:`text_key` reads it, under a key
  derived from the store's erasure key (:func:`~souvenir.store.erasure_keys.erasure_key`), cut to
  32 hex digits. Never the text, never a plain hash of it: a reader of the table alone cannot
  confirm a guessed text ("I have HIV"), as with the other marks; a reader of the whole
  database reads the key too (docs/security.md, "What the user erased is not imported back").

The rows are kept as long as the store (the erasure record, not the memory): they hold no
text, and deleting them would let the next restore bring the texts back. Only the bulk faces
that write old material (``souvenir import``, ``Souvenir.import_file``, ``replay`` of a chat
log) read them; the user saying the same thing again in chat, or a memory written through
the API, is new and kept.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import datetime

from souvenir.lexical.erased_readings import erased
from souvenir.store.erasure_keys import erasure_key, user_key
from souvenir.ground.timeutil import to_text

#: Marks cut to this many hex digits (128 bits: no collision in any store's life).
MARK_HEX = 32

_BLANKS = re.compile(r"\s+")
#: Sentence ends and blanks at a text's edges: "I live in Leeds." and "I live in Leeds" are one.
_EDGES = " .!?。！？…"


def text_key(text: str) -> str:
    """The reading a mark is taken of: NFKC, case folded, blanks collapsed, sentence ends off
    its edges (an export's text against the same text retyped in a file)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _BLANKS.sub(" ", folded).strip(_EDGES)


def text_mark(key: str, text: str) -> str | None:
    """``text``'s mark under the store's erasure ``key`` (hex); ``None`` for a text with
    nothing to mark (blank, only sentence ends)."""
    said = text_key(text)
    if not said:
        return None
    derived = hmac.new(bytes.fromhex(key), b"souvenir erased text", hashlib.sha256).digest()
    return hmac.new(derived, said.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:MARK_HEX]


def note_erased_texts(conn, user_id: int, texts: Iterable[str | None], now: datetime) -> int:
    """Inside an erasure's transaction: record a mark of each of ``texts`` for the user
    (before their row goes), and have the process's lexical readings of them dropped
    (:func:`~souvenir.lexical.erased_readings.erased`). Returns the marks written
    (a text already marked counts 0)."""
    said = [text for text in texts if text]
    erased(said)
    row = conn.execute("SELECT channel, external_id FROM users WHERE id = ?", (user_id,)).fetchone()
    key = erasure_key(conn)
    if row is None or key is None:
        return 0
    who = user_key(row[0], row[1], key)
    marks = {mark for text in said if (mark := text_mark(key, text)) is not None}
    written = 0
    for mark in sorted(marks):
        written += conn.execute(
            "INSERT INTO erased_texts (user_key, text_mark, erased_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_key, text_mark) DO NOTHING",
            (who, mark, to_text(now)),
        ).rowcount
    return written


class ErasedTextsMixin:
    """Needs ``_query()`` from the store."""

    def erased_texts(self, channel: str, external_id: str, texts: Sequence[str]) -> set[int]:
        """The positions in ``texts`` of those the user (``channel``, ``external_id``) erased
        (module docstring): an import or a replay leaves them out. Read in slices of 500."""
        found = self._query("SELECT value FROM store_secrets WHERE name = 'erasure_key'", ())  # type: ignore[attr-defined]
        if not found or not texts:
            return set()
        key = found[0][0]
        who = user_key(channel, external_id, key)
        marks = [text_mark(key, text) for text in texts]
        wanted = sorted({m for m in marks if m is not None})
        erased: set[str] = set()
        for start in range(0, len(wanted), 500):
            part = wanted[start : start + 500]
            erased |= {
                r[0]
                for r in self._query(  # type: ignore[attr-defined]
                    f"SELECT text_mark FROM erased_texts WHERE user_key = ? AND text_mark IN ({','.join('?' * len(part))})",
                    (who, *part),
                )
            }
        return {i for i, mark in enumerate(marks) if mark in erased}

    def erased_any(self, channel: str, external_id: str) -> bool:
        """Whether the user (``channel``, ``external_id``) ever erased a text here (a mark of
        theirs is kept): an import then carries no profile value read from their words."""
        found = self._query("SELECT value FROM store_secrets WHERE name = 'erasure_key'", ())  # type: ignore[attr-defined]
        if not found:
            return False
        who = user_key(channel, external_id, found[0][0])
        return bool(self._query("SELECT 1 FROM erased_texts WHERE user_key = ? LIMIT 1", (who,)))  # type: ignore[attr-defined]
