"""Spoken French negation without "ne": "je mange pas de viande", "j'en bois jamais",
"j'aime plus le thé" — and the "plus" that asks for more ("j'en veux plus", "je mange plus
de légumes qu'avant"). Read by the clause reader (:mod:`._clauses`) token by token; the
cases per reading: ``tests/test_dislocation.py``, ``tests/test_filters_negation*.py``."""

from __future__ import annotations

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok

#: Subjects before the verb that spoken French negates with "plus" alone ("j'aime plus").
_FR_SUBJECTS = frozenset({"je", "j'", "tu", "t'", "il", "elle", "on", "nous", "vous", "ils", "elles"})
#: Verbs after which "plus" asks for more ("j'en veux plus", "il faut plus de temps").
_FR_MORE_VERBS = frozenset(
    {
        "veux",
        "voudrais",
        "veut",
        "voulons",
        "voulez",
        "faut",
        "prends",
        "prend",
        "mets",
        "ajoute",
        "ajoutez",
        "donne",
        "donnez",
        "besoin",
        "fais",
        "fait",
        "gagne",
        "gagnes",
        "travaille",
        "mange",
        "manges",
        "bois",
        "boit",
        "dors",
        "dort",
        "lis",
        "lit",
        "paie",
    }
)


#: French negators after the verb ("je mange pas", "j'en bois jamais", "je dis rien").
FR_AFTER_VERB = frozenset({"pas", "jamais", "rien"})
_FR_CLITICS = frozenset({"en", "y", "le", "la", "les", "l'", "me", "m'", "te", "lui"})


def after_verb(tokens: list[Tok]) -> bool:
    """The last token is a verb right after a subject pronoun or a clitic ("je mange", "j'en bois")."""
    return (
        len(tokens) >= 2
        and tokens[-1].role == "content"
        and (tokens[-2].key in _FR_SUBJECTS or tokens[-2].key in _FR_CLITICS)
    )


def spoken_negation(part: list[Tok], index: int, more: bool = False) -> bool:
    """Spoken French "plus" without "ne" ("j'aime plus le thé", "je fume plus"): right
    after a verb that follows a subject pronoun, with no "ne" and no comparison ("que")
    in the clause, and not after a verb of wanting or doing more ("j'en veux plus",
    "je mange plus de légumes": more, the common reading)."""
    keys = [tok.key for tok in part]
    if index < 2 or any(k in lx.FR_NE for k in keys[:index]) or any(k in ("que", "qu'") for k in keys[index:]):
        return False
    verb, subject = keys[index - 1], keys[index - 2]
    back = index - 2
    while subject in _FR_CLITICS and back >= 1:  # "j'en bois plus", "je le bois plus"
        back -= 1
        subject = keys[back]
    nxt = keys[index + 1] if index + 1 < len(keys) else ""
    if subject in _FR_SUBJECTS and verb.isalpha() and _no_more(keys, index, verb, more):
        return True
    if subject in _FR_SUBJECTS and back < index - 2 and verb not in _FR_WANT and _clause_end(keys[index + 1 :]):
        return True  # « Le thé j'en bois plus », « le vélo j'en fais plus »: a clitic, then "plus" ends the clause
    return (
        subject in _FR_SUBJECTS
        and verb not in _FR_MORE_VERBS
        and verb.isalpha()
        and nxt not in ("de", "d'", "tard", "tôt", "tot", "souvent", "vite", "fort", "loin", "longtemps")
    )


#: Verbs of wanting or giving, whose "j'en veux plus" asks for more as often as it refuses.
_FR_WANT = frozenset({"veux", "veut", "voudrais", "ajoute", "ajoutez", "donne", "donnez", "prends", "prend", "faut"})
#: Words that may follow a clause-final "plus" (a time, a filler): "j'en bois plus maintenant", « … depuis ».
_FR_AFTER_END = frozenset(
    {"maintenant", "désormais", "depuis", "trop", "vraiment", "du", "tout", "jamais", "hein", "quoi"}
)


def _clause_end(rest: list[str]) -> bool:
    """Whether nothing but a time or a filler follows "plus" (``_FR_AFTER_END``; "depuis" ends the scan)."""
    for key in rest:
        if key == "depuis":
            return True
        if key.isalpha() and key not in _FR_AFTER_END:
            return False
    return True


#: Verbs of consuming: "plus" after them with a time since reads as a stop.
_FR_CONSUME = frozenset({"mange", "manges", "bois", "boit", "fume", "fumes", "touche", "touches"})


def _no_more(keys: list[str], index: int, verb: str, more: bool) -> bool:
    """ "plus" is "no more" whatever the verb: "plus du tout", "plus jamais", "plus rien"; or
    after a verb of consuming with a time since ("je bois plus de café depuis un mois": a stop
    — the clause says since when, as one says since when one stopped; "more" compares and
    says "que" or "qu'avant", read before). Storing the habit a user said they stopped is the
    worse error of the two."""
    after = keys[index + 1 : index + 3]
    if after[:1] in (["jamais"], ["rien"]) or after == ["du", "tout"]:
        return True
    return not more and verb in _FR_CONSUME and "depuis" in keys[index + 1 :]


#: After a clause-opening "plus", what makes it "no more" with no verb ("Plus vraiment fan de…",
#: "Plus du tout envie", "Plus trop accro").
_NO_MORE_NEXT = frozenset({"vraiment", "trop", "tellement", "du", "jamais", "rien", "fan", "fana", "accro", "envie"})


def verbless_no_more(part: list[Tok], index: int) -> bool:
    """A clause opening on "plus" with no verb, then an adverb of degree or an attitude:
    spoken "no more" ("Plus vraiment fan des jeux vidéo"); "Plus de sucre pour moi" is left
    (a request as often as a stop)."""
    if any(tok.key not in lx.DISCOURSE for tok in part[:index]) or index + 1 >= len(part):
        return False
    nxt = part[index + 1]
    return nxt.key in _NO_MORE_NEXT or nxt.role == "pos"
