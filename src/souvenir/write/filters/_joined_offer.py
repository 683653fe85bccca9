"""An offer joined to the listener's condition without a comma (pure; issue #26, session 21).

"If you're ever in Cork I can show you round, I've lived there twenty years": the condition is
the listener's ("if you're ever in Cork") and the user offers them something in the same
clause ("I can show you round"); the sentence is an offer, not a hypothesis, so its other
clauses state facts ("I've lived there twenty years"). ``_speech_frames.offers_to_listener``
reads the offer only as the clause after the condition's comma; said without the comma, as
people type, the whole sentence was read as a hypothetical and the fact was dropped. The four
languages:

* en: "If you come to Cork I'll take you to the English Market", "if you're ever in town I'd be
  happy to show you around";
* fr: « Si tu passes à Annecy je peux te faire visiter », « si jamais tu viens je t'emmène au
  lac » (the object pronoun te / t' / vous before the verb);
* zh: 你来西安的话我请你吃泡馍, 你要是来我带你逛 (我 then 请 / 带 / 陪 / 教 / 帮 / 接 / 送 / 给 + 你);
* ms: "Kalau awak datang Kuching saya bawa awak jalan-jalan", "kalau you datang I boleh bawa you".

:func:`joined_offers`: the sentences holding such a clause. A clause is one when it is a
condition (if / si / kalau / 如果 / 要是 / …的话), holds a second person before the first first
person and none of the user before it, and after the user: a modal of offering (can, will, 'll,
would, happy; peux, vais; boleh, akan; 可以, 能) or a verb of giving, showing or taking along
(show, take, bring; emmène, montre; bawa, belanja; 带, 请), with the listener ("you", te, 你, awak)
in the next words. A condition on the user ("if I move to Cork I'd buy a boat") is none.
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.write.filters._clauses import Clause
from souvenir.write.filters._speech_frames import condition, offer_condition

__all__ = ["joined_offers", "wish_offer"]

#: What the user says before the listener when offering (a modal, "happy / glad to").
_MODALS = frozenset(
    "can could will 'll would shall happy glad peux pourrais vais veux boleh akan sudi nak 可以 能 会".split()
)
#: Verbs of giving, showing or taking the listener along.
_TAKE = frozenset(
    "show take bring drive pick introduce treat buy cook host give lend send teach help meet walk tour guide "
    "montre emmène emmene amène amene fais ferai ferais invite offre prête prete passe présente presente donne "
    "bawa belanja tunjuk tunjukkan ajar jemput ambil hantar temankan teman bagi kenalkan masakkan".split()
)
_ZH_OFFER = re.compile(r"^我们?(?:就|可以|能|会|来|都|一定)*(?:带|请|陪|教|帮|接|送|给|借|领|招待)(?:你|您)")


def _second(keys: list[str]) -> bool:
    return any(k in lx.SECOND_PERSON or k in ("te", "t'") for k in keys) or any(
        "你" in k or "您" in k for k in keys if not k.isascii()
    )


def _user(key: str) -> bool:
    return key in lx.FIRST_PERSON or (not key.isascii() and key.startswith("我"))


def _offer_after(tail: list[str]) -> bool:
    """``tail`` (the clause's words from the user on) offers the listener something."""
    if not tail[0].isascii():
        return bool(_ZH_OFFER.match("".join(tail)))
    rest = tail[1:6]
    if not rest or not _second(rest):
        return False
    return rest[0] in _MODALS or rest[0] in _TAKE or rest[0] in ("te", "t'", "vous")


def joined_offers(parts: list[Clause]) -> set[int]:
    """The sentences of ``parts`` holding a listener's condition with the user's offer in the
    same clause (module docstring)."""
    out: set[int] = set()
    for clause in parts:
        if clause.sentence in out or not condition(clause):
            continue
        keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
        at = next((i for i, key in enumerate(keys) if _user(key)), None)
        if not at or not _second(keys[:at]):
            continue
        if _offer_after(keys[at:]):
            out.add(clause.sentence)
    return out


def wish_offer(clause: Clause) -> bool:
    """A condition on the listener's wish holding the user's offer with no comma (round 26: « Si tu veux je
    peux te prêter ma perceuse », "if you want I can lend you my drill", 你要的话我可以把电钻借给你, "kalau nak
    saya boleh pinjamkan gerudi saya"): the clause offers, it is no hypothesis, so what it tells of the
    user (the drill is theirs) is asserted. "Si j'avais une perceuse je te la prêterais" is the user's own
    condition: no such clause."""
    keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
    at = next((i for i, key in enumerate(keys) if _user(key)), None)
    if at is None:
        return False
    # « si ça te dit / tente / intéresse », "if you're interested", 你有兴趣的话: the listener's wish, said of a thing
    listener = condition(clause) and _second(keys[:at]) and bool(set(keys[:at]) & _LIKES)
    return offer_condition(clause) or (listener and _offer_after(keys[at:]))


#: Verbs and words of the listener's liking in a condition (« si ça te dit », "if you're keen").
_LIKES = frozenset("dit tente interesse intéresse branche chante keen interested like fancy minat berminat".split())
