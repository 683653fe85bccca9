"""The words of the line that announces a pasted chat (pure; issue #26, session 21).

"Ni group kerja aku:\\n[Hafiz]: aku dah resign dari Petronas\\n[Aku]: serius la?" kept "Sudah
berhenti kerja dari Petronas" as the user's: the speech-act filter weighs another speaker's line
against the user's own lines, and "kerja" of the heading ("my *work* group") counted as the user
saying it, as much as "Petronas" counted for Hafiz. The heading names the chat (its group, its
people, the app), it does not say what the chat's lines say: its words are no support for a
candidate drawn from a pasted chat (en "lol look what my flatmate posted in our group:", fr « Voilà
le fil WhatsApp du club de rando : », zh 这是我们宿舍群的聊天：, ms "Ni group kerja aku:").

A heading is an unlabelled line before the first labelled one that ends with a colon (":" or
"："), or announces a paste (``speakers._ANNOUNCE``: "texted", « écrit », 发来, "mesej"…).
:func:`heading_keys` gives its words' keys, less those the user's other own lines say too.
"""

from __future__ import annotations

from souvenir.lexical.speakers import Line, announces
from souvenir.lexical.tagged import tokenize

__all__ = ["heading_keys"]


def _heading(line: Line) -> bool:
    text = line.text.rstrip()
    return text.endswith((":", "：")) or announces(text)


def heading_keys(lines: list[Line]) -> frozenset[str]:
    """The keys of the heading lines' words (module docstring) of a transcript's ``lines``
    (:func:`souvenir.lexical.speakers.transcript_lines`), less those of the user's other own lines."""
    heading: set[str] = set()
    first = next((i for i, line in enumerate(lines) if line.speaker is not None), len(lines))
    for line in lines[:first]:
        if line.speaker is None and _heading(line):
            heading |= {tok.key for tok in tokenize(line.text)}
    if not heading:
        return frozenset()
    said = {
        tok.key
        for i, line in enumerate(lines)
        if line.own and (i >= first or not _heading(line))
        for tok in tokenize(line.text)
    }
    return frozenset(heading - said)
