"""Where each record of an import file is, for an answer that names the ones dropped.

``souvenir import`` prints why each memory the filters refused was dropped; a bare "memory 3"
read as the id of another, kept memory. The places come from the same parser the import ran
(:func:`souvenir.replay.formats.parse_memories_jsonl`): "line 4" of a JSONL file (blank lines
skipped), "memory 7 of the export" of a user's export.
"""

from __future__ import annotations

import os
from pathlib import Path

from souvenir.replay.formats import export_channel_of, parse_memories_jsonl


def import_places(path: str | os.PathLike[str]) -> list[str]:
    """One place per memory the import of ``path`` wrote or dropped, in the same order as
    :meth:`souvenir.library.Souvenir.import_file`'s results. Raises
    :class:`~souvenir.ground.errors.FileFormatError` as the import does."""
    return [line.origin for line in parse_memories_jsonl(Path(path))]


def import_channel(path: str | os.PathLike[str], default: str) -> str:
    """The channel an import of ``path`` with no channel asked writes to: a user's export's
    own channel, else ``default`` (a memories JSONL file names none)."""
    return export_channel_of(Path(path)) or default


__all__ = ["import_channel", "import_places"]
