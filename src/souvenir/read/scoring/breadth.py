"""Is a question *broad* — does it ask for several things, spread over the conversation?

"What activities has Melanie done with her family?", "Quels livres as-tu lus ?",
"她去过哪些城市？": the answer is a list, and its evidence is several memories, often in
different sessions (LoCoMo's multi-hop questions). The read path may treat such a
question differently (:class:`souvenir.read.scoring.ScoringConfig`, the ``broad_*`` fields);
this module only reads the message (pure, no model, no category label: LoCoMo's labels
are not seen at read time).

Rules, on the lower-cased, NFKC-folded message (French, English and Chinese first-class,
a few Malay words):

- EN: "what / which" followed within three words by a plural noun ("what activities",
  "which cities", "what LGBTQ+ events"); "what / which kind(s) / type(s) / sort(s) of";
  "what are"; "in what ways"; "how many times"; "both".
- FR: "quels / quelles / lesquels / lesquelles"; "quelle(s) sorte(s) / genre(s) de";
  "combien de fois"; "tous les deux / toutes les deux".
- ZH: 哪些, 几次 / 多少次, 都 after a subject ("他们都…").
- MS: "apa saja", "berapa kali", "kedua-dua".

Measured on the public folds (docs/journal.md, "Multi-hop levers (issue #18)"): which
LoCoMo questions it flags, per category, is reported there, never used to build it.
"""

from __future__ import annotations

import re

from souvenir.lexical import nfkc_casefold
from souvenir.lexical.text_cache import text_cache

__all__ = ["broad_question", "query_role"]

# English words ending in "s" that are not plural nouns after "what"/"which".
_NOT_PLURAL = frozenset(
    "is was has does this thinks its his hers yours ours theirs as us yes plus always "
    "perhaps sometimes less unless across towards afterwards besides news series species "
    "gas bus boss class glass grass dress kiss miss stress success business process focus "
    "bonus campus virus status lens chess tennis fitness wellness illness christmas "
    "whereas alias canvas atlas texas paris los vegas".split()
)
_EN_WORD = re.compile(r"[a-z][a-z'+-]*")
_EN_LIST = re.compile(
    r"\b(?:what|which)\s+(?:kinds?|types?|sorts?)\s+of\b"
    r"|\bwhat\s+are\b|\bin\s+what\s+ways?\b|\bwhat\s+ways\b|\bhow\s+many\s+times\b|\bboth\b"
)
_FR_LIST = re.compile(
    r"\b(?:quels|quelles|lesquels|lesquelles)\b|\bquelles?\s+(?:sortes?|genres?|types?)\s+d"
    r"|\bcombien\s+de\s+fois\b|\b(?:tous|toutes)\s+les\s+deux\b"
)
_ZH_LIST = re.compile(r"哪些|几次|多少次|[他她它们俩人者]都")
_MS_LIST = re.compile(r"\bapa\s+saja\b|\bberapa\s+kali\b|\bkedua-dua\b")


def _en_plural_after_wh(text: str) -> bool:
    """ "what / which" then, within three words, a word that reads as a plural noun."""
    words = _EN_WORD.findall(text)
    for i, word in enumerate(words):
        if word not in ("what", "which"):
            continue
        for nxt in words[i + 1 : i + 4]:
            if nxt in _NOT_PLURAL or nxt.endswith(("ss", "us", "is", "'s", "s'")):
                if nxt in ("is", "was", "has", "does"):
                    break  # "what does X…": the verb comes first, no noun follows
                continue
            if len(nxt) > 3 and nxt.endswith("s"):
                return True
    return False


@text_cache(20_000)
def broad_question(message: str) -> bool:
    """True when ``message`` asks for several things (see the module's rules)."""
    text = nfkc_casefold(message)
    return bool(
        _EN_LIST.search(text)
        or _FR_LIST.search(text)
        or _ZH_LIST.search(text)
        or _MS_LIST.search(text)
        or _en_plural_after_wh(text)
    )


def query_role(role: str, message: str) -> str:
    """The role the window embedder would embed ``message`` in, ``"query"`` or
    ``"passage"``, for a setting ``"query"``, ``"passage"`` or ``"broad-passage"`` (a
    passage when the message is :func:`broad_question`). Measured by
    ``bench/cv_levers.py`` (``window_query_role``) and rejected: the engine always embeds
    the message as a query. Raises ``ValueError`` for another role."""
    if role in ("query", "passage"):
        return role
    if role == "broad-passage":
        return "passage" if broad_question(message) else "query"
    raise ValueError(f"unknown window query role {role!r}")
