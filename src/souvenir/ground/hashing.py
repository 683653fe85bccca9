"""Content-hash identity for derived data (after llm's ``content_hash``).

The hash is over the exact stored text with a tagged prefix, so a vector computed for one
wording is never served for another: change the text, the hash changes, the indexer
re-embeds.
"""

from __future__ import annotations

import hashlib


def content_hash(text: str) -> str:
    """``"sha256:<hex>"`` of ``"memory:v1\\n" + text`` (UTF-8)."""
    digest = hashlib.sha256(("memory:v1\n" + text).encode("utf-8")).hexdigest()
    return f"sha256:{digest}"
