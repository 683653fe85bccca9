"""Possession: a note that gives the user a home, a relative or a thing the message never names (issue #25).

SmolLM2-135M wrote "It's been an incredible experience visiting my home." from "It's a
really fun experience. Let me know if you need any tips for visiting": half of its content
words are the user's, so grounding's share passes it, and "my home" is the model's. A
possession or a relation is a fact of its own (where the user lives, who their family is);
a note may only assert one the user stated. This module finds each possessed noun of a
note — a relation (:data:`souvenir.lexical.lexicon.RELATIONS`, ``ZH_RELATIONS``) or a
belonging (:data:`BELONGINGS`: home, car, job…) after a possessive (my, our, his, her,
their, "Name's"; mon, ma, mes, notre, son, sa, leur; 我的, 我们的, 他的, 她的 or 我 / 他 / 她 glued
to it: 我家, 我姐姐; Malay after the noun: "rumah saya", "adik aku", "rumahku", "rumahnya") —
and reports those the message does not state (``stated``: grounding's reading, Latin by
stem, Chinese by substring, non-question clauses only). Pure (text in, verdict out)::

    invented_possessions("It's been an incredible experience visiting my home.", stated)
    -> ("home",)                     # the message never says "home"
    invented_possessions("I visited my sister.", stated_for("My sister lives in Ipoh."))
    -> ()

The verdict (:func:`souvenir.write.grounding.ground`'s ``possession`` check): a note
whose invented possessions are all in its trailing clauses (at its coordinators,
:func:`souvenir.write.clause_ground.split_clauses`) is cut to its head; any other is
rejected. No threshold: the lexicons are the rule; its cost on LoCoMo's true observations
read against their own turn (third-person possessives included, as the annotators write
them): ``bench/grounding_share.py --list-check possession`` (docs/write-path.md).

Known limits: a synonym the message uses ("house" for "home", "kids" for "children") is
a possession not stated (:data:`SAME` groups the commonest); a possession the message
gives someone else ("your sister" → "my sister") passes when the noun is stated.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok, tokenize
from souvenir.write.clause_ground import Clauses, split_clauses

__all__ = ["BELONGINGS", "SAME", "invented_possessions", "possessed", "possession_clauses"]

#: Possessives before their noun (folded keys): first and third person, en / fr.
POSSESSIVES = frozenset(
    {"my", "our", "his", "her", "their", "mon", "ma", "mes", "notre", "nos", "son", "sa", "ses", "leur", "leurs"}
)
#: Malay possessors after their noun ("rumah saya", "adik dia").
MS_AFTER = frozenset({"saya", "aku", "kami", "kita", "dia", "mereka", "beliau"})
#: Malay possessive suffixes ("rumahku", "rumahnya").
MS_SUFFIXES = ("ku", "nya")
#: Chinese possessors glued to their noun (我家, 我姐姐) or before 的.
ZH_POSSESSORS = ("我们", "他们", "她们", "我", "他", "她")

#: Things one has: a home, a vehicle, a job, a business (en / fr / ms folded keys).
BELONGINGS = frozenset(
    {
        "home",
        "house",
        "apartment",
        "flat",
        "room",
        "bedroom",
        "car",
        "bike",
        "job",
        "company",
        "business",
        "shop",
        "hometown",
        "garden",
        "studio",
        "office",
        "maison",
        "appartement",
        "appart",
        "chambre",
        "voiture",
        "velo",
        "boulot",
        "travail",
        "entreprise",
        "boutique",
        "jardin",
        "bureau",
        "rumah",
        "kereta",
        "basikal",
        "kerja",
        "syarikat",
        "kedai",
        "kampung",
        "bilik",
        "pejabat",
        "taman",
    }
)
ZH_BELONGINGS = ("家", "房子", "公寓", "房间", "车", "工作", "公司", "老家", "家乡", "花园", "办公室", "店")

#: Words one group states for another: a message's "house" states a note's "home".
SAME: tuple[frozenset[str], ...] = (
    frozenset({"home", "house", "apartment", "flat", "place"}),
    frozenset({"kid", "kids", "child", "children"}),
    frozenset({"mom", "mum", "mother", "mama", "mommy"}),
    frozenset({"dad", "father", "papa", "daddy"}),
    frozenset({"maison", "appartement", "appart", "chez"}),
    frozenset({"enfant", "enfants", "gamin", "gamins"}),
    frozenset({"job", "work"}),
    frozenset({"boulot", "travail"}),
    frozenset({"family", "fam"}),
    frozenset({"business", "biz"}),
    frozenset({"grandma", "grandmother", "granny", "nana"}),
    frozenset({"grandpa", "grandfather"}),
    frozenset({"sister", "sis"}),
    frozenset({"brother", "bro"}),
)
#: Collective relations a first-person plural states ("We went camping" → "my family"):
#: the annotators' "John and his family…" for "We love climbing…".
COLLECTIVE = frozenset({"family", "friends", "famille", "amis", "keluarga", "kawan", "rakan", "家人", "朋友"})
#: The first-person plural that states a collective relation.
WE = ("we", "us", "our", "nous", "on", "notre", "nos", "kami", "kita", "我们", "咱们")


def _held(key: str) -> bool:
    return key in lx.RELATIONS or key in BELONGINGS


def _zh_held(word: str) -> bool:
    return word in lx.ZH_RELATIONS or word in ZH_BELONGINGS


def possessed(note: str) -> list[tuple[Tok, int]]:
    """The possessed relations and belongings of ``note`` with their token index, in order."""
    toks = tokenize(note)
    out: list[tuple[Tok, int]] = []
    for i, tok in enumerate(toks):
        if tok.cjk:
            if tok.key.startswith(ZH_POSSESSORS):  # 我家, 我姐姐: glued
                rest = tok.key[len(next(p for p in ZH_POSSESSORS if tok.key.startswith(p))) :]
                if rest and _zh_held(rest):
                    out.append((Tok(rest, rest, rest, "content", True), i))
                    continue
            if _zh_held(tok.key) and i >= 1:
                held_by = toks[i - 1].key
                if held_by in ZH_POSSESSORS or (held_by == "的" and i >= 2 and toks[i - 2].key in ZH_POSSESSORS):
                    out.append((tok, i))
            continue
        if not _held(tok.key):
            key = tok.key
            suffix = next((s for s in MS_SUFFIXES if key.endswith(s) and _held(key[: -len(s)])), None)
            if suffix:
                base = key[: -len(suffix)]
                out.append((Tok(base, base, base, "content"), i))
            continue
        before = toks[i - 1] if i >= 1 else None
        if before is not None and (before.key in POSSESSIVES or (before.key == "'s" and _named(toks, i - 1))):
            out.append((tok, i))
        elif i + 1 < len(toks) and toks[i + 1].key in MS_AFTER and not _english(toks):
            out.append((tok, i))
    return out


def _named(toks: list[Tok], at: int) -> bool:
    """Whether the "'s" at ``at`` follows a name ("Caroline's sister"), not "it's" / "that's"."""
    return at >= 1 and toks[at - 1].raw[:1].isupper() and toks[at - 1].key not in _NOT_NAMES


_NOT_NAMES = frozenset({"it", "that", "this", "there", "here", "he", "she", "what", "who", "where", "let", "everyone"})


def _english(toks: list[Tok]) -> bool:
    """Whether the note reads as English or French (then "dia" / "saya" are not Malay possessors)."""
    return any(tok.key in ("the", "is", "a", "le", "la", "est") for tok in toks)


def _word(word: str) -> Tok:
    return Tok(word, word, word, "content", bool(_HAN.match(word)))


_HAN = re.compile(r"[\u3400-\u9fff]")


def _same(tok: Tok, stated: Callable[[Tok], bool]) -> bool:
    """Whether the message states ``tok``: itself, a plural possessive ("kids'"), a word of
    its :data:`SAME` group, or a first-person plural for a :data:`COLLECTIVE` relation."""
    if stated(tok) or (not tok.cjk and stated(_word(tok.key + "'"))):
        return True
    if any(stated(_word(word)) for group in SAME if tok.key in group for word in group if word != tok.key):
        return True
    return tok.key in COLLECTIVE and any(stated(_word(we)) for we in WE)


def _named_after(toks: list[Tok], i: int, stated: Callable[[Tok], bool]) -> bool:
    """Whether a stated name follows the possessed noun ("my dog, Max" from "Max and I…")."""
    j = i + 1
    if j < len(toks) and toks[j].role == "comma":
        j += 1
    return j < len(toks) and toks[j].raw[:1].isupper() and not toks[j].cjk and stated(toks[j])


def invented_possessions(note: str, stated: Callable[[Tok], bool]) -> tuple[str, ...]:
    """The possessed nouns of ``note`` (as read) that ``stated`` (the message's reading of
    one token) does not find, in order; empty when every possession is stated."""
    toks = tokenize(note)
    return tuple(tok.raw for tok, i in possessed(note) if not _same(tok, stated) and not _named_after(toks, i, stated))


def possession_clauses(note: str, stated: Callable[[Tok], bool]) -> Clauses:
    """``note`` split at its coordinators (:func:`~souvenir.write.clause_ground.split_clauses`)
    with the clauses holding an invented possession as ``unground``: ``cut()`` keeps the
    head when they all trail, else ``None`` (the note is rejected)."""
    parts, ends = split_clauses(note)
    bad = tuple(i for i, part in enumerate(parts) if invented_possessions(part, stated))
    return Clauses(note, parts, ends, bad)
