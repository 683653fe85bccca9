"""Someone named by a common noun who reports: "my optician says…", « mon coiffeur m'a sorti
que… », "member office aku kata…" (pure; issue #26, round 10).

The relations of the lexicon (mum, boss, doctor, cikgu…) are a closed list; the people a user
quotes are not (an optician, a hairdresser, an office mate, a landlord's agent). A determiner of
the user's or a definite article, then one or two content words, then a verb of saying (after
its clitics and auxiliary: « m'a », "has", "keeps") make the clause someone else's; so do, in
Malay, one to three content words before "saya / aku / kami / kita" and a verb of saying (the
possessive follows the noun: "member office aku kata", "tukang gunting saya cakap").

:func:`reporter_span` gives the subject tokens' indices ``(start, …, end)`` or ``()``;
``REPORTING_MORE`` adds verbs of saying the speech-act filter did not know (« sortir que »,
« balancer que », "reckons", "swears", "bagitahu").

Not a reporter: a first person ("I say", « je dis »), a noun without a verb of saying right
after it ("my optician is great"), three content words before "says" in English or French
(a sentence more than a subject).
"""

from __future__ import annotations

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok

__all__ = ["REPORTING_MORE", "reporter_span"]

#: Verbs of saying (token keys: casefolded, accents off) beyond ``lexicon.REPORTING``.
REPORTING_MORE = frozenset(
    {
        # en
        "reckons",
        "reckoned",
        "swears",
        "swore",
        "insists",
        "insisted",
        "claims",
        "reckon",
        "goes",
        "keeps",
        "thinks",
        "thought",
        "warned",
        "warns",
        # fr (« m'a sorti que », « m'a balancé que », « prétend que », « m'assure que »)
        "sorti",
        "sort",
        "balance",
        "balancé",
        "pretend",
        "prétend",
        "assure",
        "soutient",
        "affirme",
        "raconte",
        "dit",
        "disait",
        "trouve",
        "pense",
        "jure",
        "previent",
        "prévient",
        # ms
        "kata",
        "cakap",
        "bagitahu",
        "beritahu",
        "bagitau",
        "kate",
        "cakap2",
        "rasa",
        "sembang",
        "kutuk",
        "claim",
        "cerita",
    }
)
_SAYING = lx.REPORTING | REPORTING_MORE
#: Tokens between the noun and its verb: clitics, an auxiliary, "keeps", "always".
_BETWEEN = frozenset(
    {
        "m'",
        "me",
        "t'",
        "a",
        "nous",
        "lui",
        "has",
        "have",
        "had",
        "always",
        "keeps",
        "just",
        "also",
        "toujours",
        "m",
        "selalu",
        "asyik",
        "pun",
        "dah",
        "cuma",
    }
)
_DETERMINERS = lx.FIRST_POSSESSIVE | frozenset({"the", "le", "la", "l'"})
_MS_OWNER = frozenset({"saya", "aku", "kami", "kita", "sy", "ak"})


def _verb_at(tokens: list[Tok], j: int) -> bool:
    """A verb of saying at ``j``, after at most two clitics or auxiliaries."""
    for k in range(j, min(j + 3, len(tokens))):
        key = tokens[k].key
        if key in _SAYING:
            return True
        if key not in _BETWEEN:
            return False
    return False


def _noun(tok: Tok) -> bool:
    return tok.role == "content" and not tok.cjk and tok.key not in _SAYING and tok.key not in _MS_OWNER


def reporter_span(tokens: list[Tok], idx: list[int]) -> tuple[int, ...]:
    """The subject tokens of a common-noun reporter at the clause's first index ``idx[0]``
    (``idx``: the clause's token indices without commas and discourse words), or ``()``."""
    if not idx:
        return ()
    start = idx[0]
    first = tokens[start]
    if first.cjk:
        return ()
    if first.key in _DETERMINERS:
        for width in (1, 2):
            nouns = tokens[start + 1 : start + 1 + width]
            if len(nouns) == width and all(_noun(t) for t in nouns) and _verb_at(tokens, start + 1 + width):
                return tuple(range(start, start + 1 + width))
        return ()
    for width in (1, 2, 3):  # Malay: "member office aku kata", "tukang gunting saya cakap"
        nouns = tokens[start : start + width]
        owner = start + width
        if (
            len(nouns) == width
            and all(_noun(t) for t in nouns)
            and owner < len(tokens)
            and tokens[owner].key in _MS_OWNER
            and _verb_at(tokens, owner + 1)
        ):
            return tuple(range(start, owner + 1))
    return ()
