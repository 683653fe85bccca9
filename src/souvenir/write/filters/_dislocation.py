"""A dislocated or topicalised object: the thing stands apart from the clause that judges it.

    « Le fromage, j'en mange plus »      "Red meat — I haven't eaten it in years"
    奶茶，我早就不喝了                      "Kopi, saya dah tak minum" / "Rokok tu saya tak hisap"

The clause about the user holds only a pronoun for the thing (fr en / y / le / la / les / l'
before the verb, en it / them / that / those / any / one) or nothing at all (zh, ms, spoken
en: the verb stands without its object); the thing is a bare noun phrase before it. The
clause reader (:mod:`._clauses`) lends the topic's words to the clause with the clause's
polarity, as it does for an anaphor after a bare topic (« le jazz, j'aime pas trop »).

Two shapes:

- *with a comma or a dash*: two clauses; :func:`lends` says whether the first is the
  second's object;
- *without one*, Latin script only (Chinese reads the whole segment already, 奶茶我不碰了): a
  noun phrase before the first-person subject, either marked as a topic (ms "X tu / itu /
  ini saya…"), taken up by a French clitic ("Le fromage j'en mange plus"), or before a
  negated clause whose verb stands alone ("Coffee I don't drink anymore", "Daging merah saya
  dah tak makan");
  :func:`split_fronted` cuts it off as its own clause.

A topic is 1–3 content words with no negator, attitude, relative or conjunction, not opening
on a time or discourse word ("Hier, j'en ai mangé": a time, not a thing). Examples per
language: ``tests/test_dislocation.py``.
"""

from __future__ import annotations

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok

#: Subject pronouns a French clitic follows ("j'en", "je le", "on y", "je n'en").
_FR_SUBJECT = frozenset({"je", "j'", "on", "tu", "t'", "nous", "vous", "ne", "n'"})
_FR_CLITICS = frozenset({"en", "y", "le", "la", "les", "l'"})
_EN_RESUMPTIVE = frozenset({"it", "them", "that", "those", "any", "one", "ones"})
#: Malay demonstratives closing a fronted topic ("Rokok tu saya…", "Kopi ini saya…").
_MS_TOPIC = frozenset({"tu", "itu", "ini", "ni"})
_ME = frozenset({"i", "je", "j'", "saya", "aku", "sy", "gua", "gue"})
_BLOCKS = ("neg", "pos", "negval", "rel", "coord", "user")
#: Adverbs that open a clause, not a noun phrase ("dah lama aku tak sentuh": no topic).
_ADVERB_START = frozenset(
    "dah sudah telah baru masih pernah memang already still just ever deja encore toujours".split()
)
_MS_ASPECT = frozenset({"dah", "sudah", "telah", "tak", "tidak", "x", "memang", "masih", "belum", "takkan"})
#: Words of duration, left out of the count of a clause's own words like time words ("dah lama").
DURATION = frozenset({"lama", "long", "longtemps", "ages"})


def is_topic(tokens: list[Tok], most: int = 3) -> bool:
    """A bare noun phrase: 1–3 content words (``most``; a topic closed by a Malay demonstrative
    may name a thing of four: "Bola sepak Liga Malaysia ni"), nothing that judges or links, no
    time or discourse word first."""
    words = [tok for tok in tokens if tok.role != "comma"]
    content = [tok for tok in words if tok.role == "content" and tok.key not in _MS_TOPIC]
    if not content or len(content) > most or any(tok.role in _BLOCKS for tok in words):
        return False
    first = words[0].key
    return (
        first not in lx.DISCOURSE
        and first not in lx.TIME_WORDS
        and first not in lx.ZH_DISCOURSE
        and first not in _ADVERB_START
    )


def takes_up(tokens: list[Tok]) -> bool:
    """The clause holds a pronoun for a thing named before it (a French clitic after the
    subject, an English object pronoun after the verb)."""
    keys = [tok.key for tok in tokens]
    for index, key in enumerate(keys[1:], start=1):
        if key in _FR_CLITICS and keys[index - 1] in _FR_SUBJECT:
            return True
        if key in _EN_RESUMPTIVE and index >= 2:
            return True
    return False


def lends(topic: list[Tok], clause: list[Tok], own: int) -> bool:
    """``topic`` (a clause of its own before ``clause``, in the same sentence) is the object
    ``clause`` judges: a bare noun phrase, and the clause takes it up by a pronoun or leaves
    its verb without an object (``own``: the clause's content words but time words, at most
    one: "saya dah tak minum", 我早就不喝了), or the topic is marked as one ("Rokok tu")."""
    marked = topic[-1].key in _MS_TOPIC and len(topic) >= 2  # "Rokok tu, saya dah lama tak hisap"
    return is_topic(topic, 4 if marked else 3) and (marked or takes_up(clause) or own <= 1)


def aspect_first(clause: list[Tok]) -> bool:
    """A clause cut off a bare Malay topic by :func:`split_fronted`'s no-subject branch ("Badminton |
    dah tak main"): its verb is the topic's, whoever the person (round 15)."""
    return len(clause) > 1 and clause[0].key in _MS_ASPECT and clause[0].key not in ("tak", "tidak", "x")


#: Words opening a reason or a time after the verb ("… dah tak minat sejak lutut sakit", "… since my knee
#: op", « … depuis mon opération »): what follows them is no object of the verb.
_REASON = frozenset(
    {"sejak", "sebab", "kerana", "lepas", "selepas", "since", "because", "after", "depuis", "car", "après"}
)


def before_reason(rest: list[Tok]) -> list[Tok]:
    """``rest`` up to a word opening a reason or a time (``_REASON``)."""
    at = next((i for i, tok in enumerate(rest) if tok.key in _REASON), len(rest))
    return rest[:at]


def split_fronted(part: list[Tok]) -> list[list[Tok]]:
    """Cut a fronted topic without a comma off its clause ("Rokok tu | saya dah lama tak
    hisap", "Le fromage | j'en mange plus"); the part unchanged otherwise."""
    if not part or part[0].cjk:
        return [part]
    at = next((i for i, tok in enumerate(part[:5]) if tok.key in _ME), None)
    if not at:  # a thing of four words closed by "ni / tu" before the subject ("Bola sepak Liga Malaysia ni aku…")
        at = next((i for i in range(2, min(len(part), 7)) if part[i].key in _ME and part[i - 1].key in _MS_TOPIC), None)
    if not at:
        # no subject at all, the aspect right after the thing (round 14): "Bola sepak dah tak minat"
        at = next((i for i, tok in enumerate(part[:5]) if tok.key in _MS_ASPECT), None)
        rest = part[at:] if at else []
        if at and len(rest) > 1 and rest[1].key in _MS_ASPECT | DURATION | {"minat", "suka", "main", "makan", "minum"}:
            said = before_reason(rest)  # "Menari ni dah tak minat sejak lutut sakit": the reason is no object
            gap = len([t for t in said if t.role == "content" and t.key not in lx.TIME_WORDS | DURATION]) <= 1
            if is_topic(part[:at]) and gap and any(tok.role == "neg" for tok in rest):
                return [part[:at], rest]
        return [part]
    head, rest = part[:at], part[at:]
    marked = head[-1].key in _MS_TOPIC and len(head) >= 2
    gap = len([tok for tok in rest if tok.role == "content" and tok.key not in lx.TIME_WORDS]) <= 1
    # Malay "kakak saya" is "my sister": "saya" after a noun is a subject only before an aspect
    # or a negator ("Daging merah saya dah tak makan"), never after a relation
    subject = rest[0].key in ("i", "je", "j'") or (
        len(rest) > 1 and rest[1].key in _MS_ASPECT and head[-1].key not in lx.RELATIONS
    )
    negated = subject and any(tok.role == "neg" for tok in rest)
    if is_topic(head, 4 if marked else 3) and (
        marked or (takes_up(rest) and rest[0].key in ("je", "j'")) or (gap and negated)
    ):
        return [head, rest]  # "Coffee | I don't drink anymore", "Daging merah | saya dah tak makan"
    return [part]
