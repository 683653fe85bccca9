"""What things give everyone: "They bring us joy, support, and a feeling of being part of
something special." (issue #25, conv-41's second speaker, session 16).

A chit-chat kind (:mod:`souvenir.lexical.chitchat`, ``gifts``), read in a model's notes only
(:data:`souvenir.lexical.chitchat.NOTE_ONLY`): a pronoun subject that names nothing (they,
these, those, it; « ils », « elles », « ça »; 它们, 这些; "mereka", "ia", "semua ini"), a verb
of giving or making (bring, give, make, teach, fill, remind, in the present; « nous apportent », « nous
donnent », « nous rendent »; 给我们带来, 让我们, 教会我们; "memberi kita", "membawa kita") with a
generic "us" for its object, and nothing of anyone after it: no "I" / "my", no capitalised
word, no digit, no time ("They gave us a puppy last week" is an event). Pure (one sentence in, verdict out)::

    gifts("They bring us joy, support, and a feeling of being part of something special.")  -> True
    gifts("They bring us joy every Sunday at Grandma's.")                                   -> False  (a name)
    gifts("My dogs bring us joy.")                                                          -> False  (no pronoun subject)

The message it was copied from stays the turn's episode (never worse than no model). No
threshold: the patterns are the rule; its cost on LoCoMo: the 1,487 gold observations read
as notes (docs/write-path.md, "What conv-42 left").
"""

from __future__ import annotations

import re

__all__ = ["gifts"]

_OPEN = r"^\W*(?:(?:and|so|yeah|honestly|really|well|et|puis|dan)\W+)*"
_FRAME_EN = re.compile(
    _OPEN + r"(?:they|these|those|it|this|all\s+of\s+(?:them|this|that))\s+"
    r"(?:(?:really|always|just|truly|so|can|do|definitely|all|both)\s+)*"
    r"(?:bring|brings|give|gives|make|makes|teach|teaches|fill|fills|show|shows|remind|reminds"
    r"|keep|keeps|help|helps)\s+us\b",
    re.I,
)
_FRAME_FR = re.compile(
    _OPEN
    + r"(?:ils|elles|[çc]a|cela|tout\s+[çc]a)\s+nous\s+(?:(?:apport|donn|rend|rempl|apprenn|montr|rappell|aid)\w*)\b",
    re.I,
)
_FRAME_ZH = re.compile(r"^(?:它们|这些|那些|他们|它)(?:真的|总是|都|也)?(?:给我们带来|让我们|使我们|教会我们|带给我们)")
_FRAME_MS = re.compile(
    _OPEN + r"(?:mereka|ia|semua\s+ini|semua\s+itu)\s+(?:(?:sentiasa|memang|betul-betul)\s+)?"
    r"(?:memberi|memberikan|bagi|membawa|bawa|membuat|buat|mengajar|mengajarkan|mengingatkan|membantu)\s+kita\b",
    re.I,
)
#: After the frame: a time (a fact of when: "They make us dinner every night").
_TIME = re.compile(
    r"\b(?:every|each|tonight|today|tomorrow|yesterday|week|weekend|month|year|night|morning|evening|chaque|tous|"
    r"soir|semaine|demain|hier|setiap|malam|minggu|esok|semalam)\b|每|昨天|明天|今天|晚上|周末",
    re.I,
)
#: After the frame: the writer ("I", "my", « je », « mon », 我(不是我们), "saya", "aku").
_WRITER = re.compile(r"\b(?:i|i'm|me|my|mine|je|j'|moi|mon|ma|mes|saya|aku)\b|我(?!们)", re.I)


def gifts(sentence: str) -> bool:
    """What unnamed things give everyone (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    found = next((m for p in (_FRAME_EN, _FRAME_FR, _FRAME_ZH, _FRAME_MS) if (m := p.search(text))), None)
    if found is None:
        return False
    rest = text[found.end() :]
    if re.search(r"\d", rest) or _WRITER.search(rest) or _TIME.search(rest):
        return False
    return not any(word[0].isupper() for word in re.findall(r"[^\W\d_]+", rest) if word != "I")
