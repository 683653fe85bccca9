"""Frames of a clause the speech-act filter reads (pure): a condition and the offers made
under the listener's condition, a wh-question that takes its content for granted, someone
else's opinion named as such, and the clauses that end someone else's words (a consequence,
a contrast opening on the user). Split from :mod:`souvenir.write.filters.speech_act`; the
rules and their sources are in its docstring and docs/write-path.md."""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.take_backs import takes_back
from souvenir.write.filters._clauses import Clause

__all__ = [
    "CONDITIONAL",
    "condition",
    "consequence",
    "listener_offers",
    "contrast",
    "offer_condition",
    "offers_to_listener",
    "opinion_of_other",
    "presupposes",
    "presupposed_adverbial",
    "taken_back",
    "reminds",
]

#: Words that open a condition (if, si, kalau, 如果…).
CONDITIONAL = frozenset(
    {
        "if",
        "unless",
        "si",
        "kalau",
        "jika",
        "jikalau",
        "sekiranya",
        "seandainya",
        "andai",
        "andaikata",
        "如果",
        "要是",
        "假如",
        "万一",
        "只要",
        "除非",
        "倘若",
        "假使",
    }
)
_WISH = frozenset(
    {
        "want",
        "wants",
        "like",
        "need",
        "needs",
        "wish",
        "prefer",
        "veux",
        "voulez",
        "veut",
        "souhaites",
        "souhaitez",
        "besoin",
        "preferes",
        "preferez",
        "nak",
        "mahu",
        "perlu",
        "ingin",
        "想",
        "需要",
        "愿意",
        "要",
        "想要",
    }
)
_WH = frozenset(
    {
        "how",
        "why",
        "when",
        "where",
        "what",
        "which",
        "comment",
        "pourquoi",
        "quand",
        "ou",
        "quel",
        "quelle",
        "quels",
        "quelles",
        "combien",
        "bagaimana",
        "kenapa",
        "mengapa",
        "bila",
        "bilakah",
        "berapa",
        "macam",
    }
)
_ZH_WH = ("为什么", "为啥", "怎么", "怎样", "如何", "什么时候", "哪里", "哪儿", "在哪")
_ALTERNATIVE = frozenset({"or", "ou", "atau", "还是", "或者", "if", "si", "kalau", "whether"})


def offer_condition(clause: Clause) -> bool:
    """ "If you want / si tu veux / kalau awak nak / 如果你需要": a condition on the other's
    wish, whose consequent is the user's offer (issue #26: LoCoMo's offers read as
    hypotheticals); the wish alone is the listener's too ("if needed", « si besoin », "kalau
    nak", 需要的话)."""
    keys = [tok.key for tok in clause.tokens]
    conditional = clause.opener in CONDITIONAL or (keys[:1] and keys[0] in CONDITIONAL) or "的话" in clause.cjk_key
    second = any(k in lx.SECOND_PERSON or k == "t'" for k in keys) or any(k.startswith(lx.ZH_SECOND) for k in keys)
    own = [k for k in keys if k not in CONDITIONAL]
    if conditional and own and all(k in _WISH or k in _BARE_WISH for k in own):
        return True  # the wish alone, no one named: "if needed", « si besoin », "kalau nak", 需要的话
    if conditional and len(own) >= 3 and (own[0] in _WISH or own[0] in _BARE_WISH) and own[1] in lx.FIRST_PERSON:
        # the wish, then the user's offer in the same clause, no comma (round 14): "kalau nak saya bagi nombor
        # dia", « si besoin je te file son numéro »; not "kalau nak aku pergi Bali" (the user's own plan)
        rest = [k for k in own[2:4] if k not in ("te", "t'", "you", "awak", "kau", "korang")]
        return bool(rest) and (rest[0] in _OFFER_MODALS or rest[0] in _GIVE)
    return bool(
        conditional and second and (set(keys) & _WISH or any(w in clause.cjk_key for w in ("想", "需要", "愿意")))
    )


#: Verbs of giving to the listener that make a bare wish's consequent an offer.
_GIVE = frozenset(
    "give send show lend bagi kasi hantar tunjuk ajar pinjam belanja share donne file envoie montre prete passe".split()
)

#: Words of a listener's wish said with no subject ("if needed", « si besoin », "kalau nak").
_BARE_WISH = frozenset(
    {"needed", "interested", "wanted", "besoin", "envie", "berminat", "lah", "je", "需要的话", "想要的话", "要的话"}
)


def condition(clause: Clause) -> bool:
    """A clause that states a condition (if / si / 要是 / kalau…, …的话)."""
    keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
    return (
        clause.opener in CONDITIONAL
        or bool(keys and keys[0] in CONDITIONAL)
        or "的话" in clause.cjk_key
        or any(k in CONDITIONAL for k in keys[:3] if not k.isascii())
    )


#: What the user offers to do for the listener: "I can show you…", « je peux te prêter… »,
#: 我可以教你…, "saya boleh ajar awak…".
_OFFER_MODALS = frozenset(
    {"can", "could", "'ll", "will", "peux", "pourrais", "vais", "boleh", "akan", "可以", "能", "帮"}
)


def _second(keys: list[str]) -> bool:
    """A second person among the words, object pronouns included (te, t', 带你去)."""
    return any(k in lx.SECOND_PERSON or k in ("te", "t'") for k in keys) or any(
        "你" in k or "您" in k for k in keys if not k.isascii()
    )


def offers_to_listener(parts: list[Clause]) -> set[int]:
    """Sentences whose condition is the listener's ("If you're ever in town", « si ça te
    dit », 你要是想学, "kalau awak datang") and whose next clause is the user offering them
    something ("I can show you around", « je peux te prêter », 我可以教你, "saya boleh ajar
    awak"): an offer, not a hypothesis, so the user's other first-person clauses in it are
    what they state ("— I opened it last spring")."""
    out: set[int] = set()
    for index, clause in enumerate(parts):
        if not condition(clause) or index + 1 >= len(parts):
            continue
        head = [p for p in parts[: index + 1] if p.sentence == clause.sentence]
        keys = [tok.key for p in head[-2:] for tok in p.tokens]
        if not _second(keys) or any(k in lx.FIRST_PERSON or k.startswith("我") for k in keys):
            continue
        offer = parts[index + 1]
        offer_keys = [tok.key for tok in offer.tokens]
        if (
            offer.sentence == clause.sentence
            and offer.person == "first"
            and _second(offer_keys[1:])
            and (set(offer_keys) & _OFFER_MODALS or any(w in offer.cjk_key for w in ("可以", "能", "帮")))
        ):
            out.add(clause.sentence)
    return out


#: Verbs of handing something to the listener beyond ``_GIVE`` ("happy to send you…", « je te file… »,
#: 推给你, "nak aku kongsi…").
_HAND = _GIVE | frozenset(
    "forward pass recommend introduce teach email text dm envoyer passer prêter prete recommande présente presente "
    "kongsi kongsikan sharekan emelkan whatsapp hantarkan".split()
)
_ZH_HAND = ("推给你", "发给你", "借给你", "送给你", "介绍给你", "分享给你", "教你", "带你", "给你发", "给你推")


def _hands_listener(clause: Clause) -> bool:
    """The user (or no one named) hands the listener something: a verb of giving with "you" after it
    (« te » / « t' » before it), or 推给你 / 发给你 / 教你."""
    if clause.person not in ("first", "none"):
        return False
    if any(w in clause.cjk_key for w in _ZH_HAND):
        return True
    keys = [tok.key for tok in clause.tokens]
    return any(
        k in _HAND
        and (
            _second(keys[i + 1 : i + 3])
            or (i and keys[i - 1] in ("te", "t'", "vous"))
            or keys[i + 1 : i + 2] == ["dengan"]
        )
        for i, k in enumerate(keys)
    )


def listener_offers(parts: list[Clause]) -> set[int]:
    """Sentences that hand the listener something under a condition that is not the user's own ("happy
    to send you my spreadsheet if it helps", « si ça t'intéresse je te file ma recette », 需要的话我把链接发给你,
    "kalau nak aku kongsi resipi"): an offer, so the user's other clauses in it state facts (issue #26,
    round 18: "…, I've batch-cooked every Sunday since January" was dropped as a hypothesis)."""
    conditioned = {c.sentence for c in parts if condition(c) and not _own_condition(c)}
    return {c.sentence for c in parts if c.sentence in conditioned and _hands_listener(c)}


def _own_condition(clause: Clause) -> bool:
    """A condition on the user ("if I win", « si je gagne »): a first person among its words, the words of
    an offer joined to it without a comma (« si ça t'intéresse je te file… ») aside."""
    keys = [tok.key for tok in clause.tokens]
    if _hands_listener(clause):
        own = [i for i, k in enumerate(keys) if k in lx.FIRST_PERSON or k.startswith("我")]
        keys = keys[: own[-1]] if own else keys
    return any(k in lx.FIRST_PERSON or k.startswith("我") for k in keys)


def presupposes(clause: Clause) -> bool:
    """A wh-question about the user (how / why / when…, 为什么 / 怎么…, kenapa…) takes its
    content for granted ("Why do I always feel tired after lunch?": always tired after
    lunch); so does a request for advice about something of the user's ("Any tips for my two
    rabbits…?", « Tu connais un bon véto pour mon labrador ? », 有什么适合我家猫的猫粮推荐吗？,
    "Ada tips untuk jaga kucing saya?"); a yes/no question, "what if", or one with
    alternatives ("or", 还是) does not."""
    keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
    while keys and keys[0] in lx.DISCOURSE:
        keys.pop(0)
    if keys and not set(keys) & _ALTERNATIVE and _asks_help_for_own(keys, clause.cjk_key):
        return True
    if not keys or set(keys) & _ALTERNATIVE or clause.person not in ("first", "none"):
        return False
    first_person = any(k in lx.FIRST_PERSON or k in lx.FIRST_POSSESSIVE or k.startswith("我") for k in keys)
    if keys[0] in _WH and not (len(keys) > 1 and keys[1] in ("if", "about", "si")):
        return first_person
    if _asks_what_for_own(keys, clause.cjk_key):  # « Je fais quoi pour l'anniversaire de ma fille qui… »
        return True
    return first_person and any(w in clause.cjk_key for w in _ZH_WH) and "是不是" not in clause.cjk_key


#: A clause opening with a consequence ("so I'm taking…", « alors je… », "jadi saya…", 所以我…)
#: is the user's own act after someone's words, not more of them.
_CONSEQUENCES = frozenset(
    {"so", "therefore", "hence", "thus", "alors", "donc", "du coup", "jadi", "maka", "oleh itu", "所以", "因此", "于是"}
)


def opinion_of_other(keys: list[str], cjk: str) -> bool:
    """ "In my boss's opinion / view", « de l'avis de mon patron », 在老板看来 / 按老板的说法,
    "pada pendapat bos saya": someone else's opinion (never "in my opinion", « à mon avis »,
    在我看来, "pada pendapat saya")."""
    own = lx.FIRST_PERSON | lx.FIRST_POSSESSIVE
    for noun in ("opinion", "view", "avis", "pendapat", "fikiran"):
        if noun not in keys[:6] or not keys or keys[0] not in ("in", "de", "a", "pada", "d'"):
            continue
        at = keys.index(noun)
        holder = keys[at + 1 : at + 4] if noun in ("avis", "pendapat", "fikiran") else keys[1:at]
        if holder and holder[0] in ("de", "d'"):
            holder = holder[1:]
        holder = [k for k in holder if k not in ("'s", "s", "le", "la", "les", "l'", "humble")]
        return bool(holder) and any(k not in own for k in holder)
    if cjk.startswith(("在", "按", "照")) and ("看来" in cjk[:10] or "的说法" in cjk[:10] or "的意思" in cjk[:10]):
        return not cjk[1:].startswith(("我看", "我的", "我们"))
    return False


#: A clause opening on a contrast ("but I'm still…", « mais je… », 可我 / 但我…, "tapi saya…")
#: is the user's own word against someone's, not more of them.
_CONTRASTS = frozenset(
    {"but", "yet", "though", "mais", "pourtant", "tapi", "tetapi", "namun", "可", "可是", "但", "但是", "不过", "然而"}
)


def contrast(clause: Clause) -> bool:
    """A clause opening on a contrast whose subject is the user ("but I…", « mais je… »,
    可我…, "tapi saya…")."""
    keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
    if keys and keys[0].startswith(("可我", "但我")):
        return True
    if clause.opener not in _CONTRASTS:
        if not keys or keys[0] not in _CONTRASTS:
            return False
        keys = keys[1:]
    return bool(keys) and (keys[0] in lx.FIRST_PERSON or keys[0] in ("j'", "我", "我们"))


def consequence(clause: Clause) -> bool:
    keys = [tok.key for tok in clause.tokens if tok.role != "comma"]
    return clause.opener in _CONSEQUENCES or bool(keys and keys[0] in _CONSEQUENCES)


#: Words asking the listener for advice or a name ("any tips", « tu connais un bon… »,
#: 推荐, "ada cadangan"); the user's own thing in the same question is taken for granted.
_HELP = frozenset(
    "tips tip advice ideas idea suggestions suggestion recommend recommendations recommendation suggest "
    "conseil conseils idees idee astuces connais connaissez recommandes recommandez conseilles conseillez "
    "cadangan cadangkan syorkan nasihat petua".split()
)
_ZH_HELP = ("推荐", "建议", "支招", "有什么办法", "有啥办法")
_ZH_OWN = ("我的", "我家", "我们家")


def _asks_help_for_own(keys: list[str], cjk: str) -> bool:
    """A request for advice naming something of the user's: "my" / « mon » / 我的 / 我家 /
    "…saya" after its noun."""
    if not (set(keys) & _HELP or any(w in cjk for w in _ZH_HELP)):
        return False
    malay_own = any(k in ("saya", "aku") and i > 0 and keys[i - 1] not in lx.FIRST_PERSON for i, k in enumerate(keys))
    return bool(set(keys) & lx.FIRST_POSSESSIVE) or any(w in cjk for w in _ZH_OWN) or malay_own


#: A question word left in place ("je fais quoi", "nak buat apa", 送什么): the question is
#: about what to do, not whether the rest is true (issue #26, round 10).
_WH_IN_SITU = frozenset({"quoi", "apa", "apakah"})
_ZH_WH_IN_SITU = ("什么", "啥")


def _asks_what_for_own(keys: list[str], cjk: str) -> bool:
    """A question with its question word in place naming something of the user's (« Je fais quoi
    pour l'anniversaire de ma fille qui aura 7 ans ? », "Saya nak buat apa untuk majlis anak
    saya yang baru lahir?", 我该给我女儿送什么生日礼物？): it takes the user's thing for granted."""
    if not (set(keys) & _WH_IN_SITU or any(w in cjk for w in _ZH_WH_IN_SITU)):
        return False
    malay_own = any(k in ("saya", "aku") and i > 0 and keys[i - 1] not in lx.FIRST_PERSON for i, k in enumerate(keys))
    return (
        bool(set(keys) & lx.FIRST_POSSESSIVE)
        or any(w in cjk for w in _ZH_OWN + ("我女儿", "我儿子", "我老婆", "我老公", "我妈", "我爸"))
        or malay_own
    )


#: Conjunctions that open a clause taken for granted: a time or a reason the question rests on ("now
#: that", « maintenant que », 既然, "memandangkan"); never "if" (a condition) nor a question word alone.
_GRANTED = re.compile(
    r"^(?:now\s+that|since|given\s+that|seeing\s+(?:that|as)|as|because|once|when|after"
    r"|maintenant\s+qu['e]|puisqu['e]|vu\s+qu['e]|étant\s+donné\s+qu['e]|comme|quand|lorsqu['e]|une\s+fois\s+qu['e]"
    r"|dès\s+qu['e]|depuis\s+qu['e]|parce\s+qu['e]"
    r"|memandangkan|sebab|kerana|bila|lepas|selepas|sejak|sekarang|apabila)(?:(?<=')|\b)"
    r"|^(?:既然|自从|因为|等到|等我|现在)",
    re.I,
)


def presupposed_adverbial(clause: Clause, parts: list[Clause]) -> bool:
    """A clause of a question opened by a conjunction that takes it for granted ("…, now that we're moving
    up there in March?", « … quand on sera installés à Annecy ? », 既然我下个月就搬了，…？, "…, memandangkan kami
    dah nak pindah?"): it states what the question rests on, beside another clause that asks. The
    sentence's only clause ("When did I move?") is no such clause."""
    if sum(c.sentence == clause.sentence for c in parts) < 2:
        return False
    head = " ".join(f"{clause.opener} {clause.text}".split()).replace("’", "'")
    return bool(_GRANTED.match(head) or _GRANTED.match(clause.cjk_key))


def taken_back(parts: list[Clause]) -> set[int]:
    """Indices of the clauses a later mark takes back (:mod:`souvenir.lexical.take_backs`): those before
    it in its sentence ("I'm doing Boston in April, scratch that"); when the mark's sentence is marks
    only (« … Oublie, c'est pas sûr. »), the sentence before. A mark opening a sentence that goes on
    ("Never mind, I'll ask my mom") takes back nothing. The marks themselves are listed: they assert
    nothing (算了 would otherwise lend its 算 to a candidate's 打算)."""
    marks = {i for i, c in enumerate(parts) if takes_back(c.text)} | _trailing_marks(parts)
    out: set[int] = set(marks)
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(parts):
        by_sentence.setdefault(c.sentence, []).append(i)
    for sentence, idx in by_sentence.items():
        own = [i for i in idx if i in marks]
        if not own:
            continue
        before = [j for j in idx if j < own[-1] and j not in marks]
        if not before and len(own) == len(idx):  # a sentence of marks only: the sentence before
            before = [j for j in by_sentence.get(sentence - 1, []) if j not in marks]
        out.update(before)
    return out


def _trailing_marks(parts: list[Clause]) -> set[int]:
    """The clauses ending a sentence that read together, openers included, as marks and fillers
    (round 26): « …, non, laisse tomber, oublie, j'ai rien dit » (« non » a filler of its own), 算了当我没说
    and « fais comme si j'avais rien dit » (当 / si cut off as openers). Read from the sentence's end back,
    120 characters at most (linear in the message)."""
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(parts):
        by_sentence.setdefault(c.sentence, []).append(i)
    out: set[int] = set()
    for idx in by_sentence.values():
        joined, first = "", None
        for i in reversed(idx):
            joined = f"{parts[i].opener} {parts[i].text} {joined}".strip()
            if len(joined) > 120:
                break
            if takes_back(joined):
                first = i
        if first is not None:
            out.update(j for j in idx if j >= first)
    return out


#: "Don't forget / remember (that) I…" as the normalizer leaves it ("remember", « rappelle », 记得, "ingat"),
#: then the user: the reminder states the user's fact (round 26).
_REMINDER = re.compile(
    r"^\W*(?:(?:please|pls|and|also|oh|hey|just|et|aussi|stp|tolong|eh)\W+)*(?:remember|keep\s+in\s+mind"
    r"|(?:te\s+)?rappelle(?:-toi|z)?|souviens-toi|n'oublie\s+pas|ingat|jangan\s+lupa)\W+(?:(?:ya|yah|tau|ok|that|que"
    r"|yang)\W+)*(?:(?:\w+\s+){0,2}(?:saya|aku)|i|i'm|my|je|j'|moi|mon|ma|mes)\b"
    r"|^(?:你)?(?:可|要|千万)?(?:记得|别忘了|不要忘了|记住)(?:了)?我",
    re.I,
)


def reminds(clause: Clause) -> bool:
    """A clause asking the listener to keep the user's own fact in mind ("Don't forget I'm vegetarian, if you
    suggest recipes", « N'oublie pas que je suis végé », 别忘了我不吃牛肉，要是…的话, "Jangan lupa saya tak
    makan daging lembu ya, kalau…"): it asserts, whatever condition follows it. "Remember when I…?" asks."""
    text = re.sub(r"\s+'", "'", re.sub(r"'\s+", "'", f"{clause.opener} {clause.text}".strip()))
    return not clause.question and bool(_REMINDER.match(text) or _REMINDER.match(clause.cjk_key))
