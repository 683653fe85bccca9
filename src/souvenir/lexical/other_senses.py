"""Words of a life event used in another sense (pure; issue #26, session 21): "Was moved to tears by the
school play" is no move, « mort de rire » no death, 嫁祸 no wedding, "pindahkan wang" no moving house. A
request to forget "the move" names a memory by the words they share (``write.forget_match``: the
own-word tier, stems); these spans are taken out of the memory's text before it is matched, so the
event's word said in another sense names nothing.

The lists: the senses of the four life-event concepts' words (``topic_concepts``: wedding, move,
pregnancy, death) that are common in chat — moved / moving (feelings), "to death" (intensity),
"dying to" (wanting), "pregnant pause", "married to the job"; « mort de rire / fatigue / peur »,
« marié à son travail »; 嫁祸 / 转嫁 (to shift blame or a cost), 搬出…来 (to cite); "pindah(kan)
wang / duit / saluran / fail" (a transfer). Known misses: other idioms, and a real event told with
them ("moved by the new flat": a move and a feeling).
"""

from __future__ import annotations

import re

__all__ = ["OTHER_SENSE", "without_other_senses"]

OTHER_SENSE = re.compile(
    r"\b(?:moved\s+(?:me\s+)?(?:to\s+tears|by|beyond\s+words)|(?:deeply|so|very|really|truly|quite)\s+mov(?:ed|ing)"
    r"|moving\s+(?:speech|story|film|movie|moment|tribute|song|scene|letter|book|play)"
    r"|(?:bored|scared|frightened|worried|sick|tired)\s+to\s+death|dying\s+to|pregnant\s+pause"
    r"|married\s+to\s+(?:the|his|her|my|their)\s+(?:job|work)"
    r"|morte?s?\s+de\s+(?:rire|fatigue|peur|faim|froid|honte)|mariée?s?\s+à\s+(?:son|mon|leur)\s+(?:travail|boulot)"
    r"|pindah(?:kan)?\s+(?:wang|duit|saluran|fail|channel|akaun))\b"
    r"|嫁祸|转嫁|搬出[\u4e00-\u9fff]{1,6}?来",
    re.I,
)


def without_other_senses(text: str) -> str:
    """``text`` with each ``OTHER_SENSE`` span blanked (spaces: the rest keeps its words)."""
    return OTHER_SENSE.sub(lambda m: " " * len(m.group()), text)
