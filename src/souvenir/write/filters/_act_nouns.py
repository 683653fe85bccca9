"""Words of an act that do not mark the candidate as that act (pure; issue #26, session 21).

The speech-act filter keeps a candidate that carries its act itself ("Offers to show the
assistant round Cork", "Asked whether…": ``speech_act._SELF_MARKED``). Two readings of those
words carry no act of the message and kept a question's plan as the user's decision
("should I take the job offer in Dublin or stay put" → "Will take the job offer in Dublin"):

* *offer* as the noun a decision is about: the object of a verb of taking it up or turning it
  down ("Will take the job offer", "Accepted their offer", "Turned down the Dublin offer",
  "Akan terima offer kerja", code-switched in Malay; take, accept, turn down, decline, reject,
  refuse, "go for", sign; terima, tolak, ambil) — the decision is what a question asks. The
  noun held ("Has a job offer in Dublin", "Got an offer from Google") stays an act word: a
  question about the offer takes it for granted, and is kept as before. Never the verb
  ("Offers to show…", "The user offers to drive…");
* *ask* under a plan ("Will ask my boss for a raise", "Is going to ask…", "Plans to ask my uncle
  for advice"): the asking (and the advice asked for) is the plan's content, not the act of
  this message;
* *interest* as money ("Will pay off the interest on the car loan", "interest rate"): no
  curiosity.

French « offre » as a noun is already told apart in ``_SELF_MARKED``; Chinese and Malay act words
(问, 考虑, tawarkan…) have no such noun reading listed. :func:`plain_acts` masks these readings
out of a candidate's text before the act words are looked for.
"""

from __future__ import annotations

import re

__all__ = ["plain_acts"]

_NOUN_OFFER = re.compile(
    r"\b(?:take|takes|taking|took|accept|accepts|accepted|accepting|turn(?:s|ed|ing)?\s+down|decline[sd]?|declining"
    r"|reject(?:s|ed|ing)?|refuse[sd]?|refusing|go(?:es|ing)?\s+for|went\s+for|sign(?:s|ed|ing)?"
    r"|terima|menerima|tolak|menolak|ambil|mengambil|sain)\s+(?:(?:a|an|the|their|his|her|that|this|my|its)\s+)?"
    r"(?:[\w'-]+\s+){0,2}?offers?\b",
    re.I,
)
_PLANNED_ASK = re.compile(
    r"\b(?:will|'ll|shall|going\s+to|gonna|plans?\s+to|planning\s+to|intends?\s+to|intending\s+to|about\s+to)\s+"
    r"(?:(?:probably|definitely|finally|also|soon)\s+)?ask\b"
    r"(?:[^.;!?]{0,40}?\bfor\s+(?:some\s+|more\s+|their\s+|his\s+|her\s+)?(?:advice|tips?|recommendations?|suggestions?))?",
    re.I,
)
#: Interest as money: "the interest on the car loan", "interest rate", "pay off the interest".
_MONEY_INTEREST = re.compile(
    r"\binterest\s+(?:on|rates?|payments?|charges?|free|owed|due|accrued)\b|\binterest-free\b"
    r"|\b(?:pay|pays|paid|paying|earn|earns|earned|earning|charge[sd]?|charging|owe[sd]?|owing|save|saves|saving)"
    r"\s+(?:(?:off|down|back|the|any|less|more|no|all|some)\s+)*interest\b",
    re.I,
)


def plain_acts(text: str) -> str:
    """``text`` with the act words that carry no act (module docstring) masked by "—"."""
    lowered = text.lower()
    if "offer" not in lowered and "ask" not in lowered and "interest" not in lowered:
        return text
    return _MONEY_INTEREST.sub("—", _PLANNED_ASK.sub("—", _NOUN_OFFER.sub("—", text)))
