"""A stored activity, membership or service ended by a verb of ending (issue #26, round 18; pure).

:func:`ends_by_verb` reads a new wording that says the user ended something with a verb that
names the end itself — gave up, quit, stopped, closed, cancelled, sold, dropped, ditched, got rid
of, unsubscribed from; « a lâché », « a laissé tomber », « a abandonné », « a arrêté », « a
résilié », « a annulé », « a vendu », « a fermé », « s'est désabonné de »; 戒了 / 戒掉了, 退了,
注销了, 取消了, 退订了, 卖了 / 卖掉了, 停了, 不干了, 辞了, 放弃了, 关了 (the object before the verb,
啤酒戒了, or after it, 戒了啤酒, or with 把); "(dah) berhenti", "dah keluar", "tutup", "jual",
"buang", "batalkan", "tamatkan" (or the object before a passive, "akaun tu dah ditutup") — and a
stored memory of one statement about the thing ended.

The thing ended is the verb's object, up to a link word, a time or a second clause. Every content
word of it (a container word such as "account", « abonnement », 账户, "akaun" aside) is in the
stored memory; what the stored memory says beside it is its own verb of the state (its first word,
"Coaches", « Chante », "Masak"), words of belonging or subscription ("member", « abonné », "ahli"),
a name, a date or a number, words the new wording says again ("banks with Monzo now"), and fewer
other words than the object matched ("Coaches the under-10s at the local rugby club" / "Gave up
coaching the under-10s rugby": three matched, "local" and "club" beside them). Chinese: the
object's characters in the memory, three more characters at most beside its times.

Not an end: an intention, a wish or a question ("thinking of closing", « je vais résilier », 想戒,
"nak berhenti"), a stored memory that is negative or a list, another person's fact. The verb
lists are the levers (docs/write-path.md, round 18); no threshold is tuned.
"""

from __future__ import annotations

import re
from functools import lru_cache

from souvenir.lexical.kinds_of import same_thing
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import proposition, stems
from souvenir.lexical.referents import lead_relative
from souvenir.lexical.restated_date import DATE
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.tokens import content_words

__all__ = ["ends_by_verb", "objects_ended"]

_HAN = re.compile(r"[\u4e00-\u9fff]")

#: The end verb and its object (group ``x``), en / fr / ms, verb first.
_VERB_FIRST = re.compile(
    r"\b(?:sold|sold\s+off)\s+(?:the|my|our|his|her|their)\s+(?P<x4>[^,;.!?]{1,60})"
    r"|\b(?:vendue?|revendue?)\s+(?:(?:le|la|les|mon|ma|mes|son|sa|ses|notre|nos)\s+|l')(?P<x5>[^,;.!?:]{1,60})"
    r"|\b(?:gave\s+up|given\s+up|giving\s+up|quit|quitted|closed|cancell?ed|stopped|dropped\s+out\s+of|ditched"
    r"|ended|terminated|scrapped|binned|got\s+rid\s+of|unsubscribed\s+from|deleted|deactivated|retired\s+from"
    r"|stepped\s+down\s+from|pulled\s+out\s+of|bowed\s+out\s+of|walked\s+away\s+from|packed\s+in|jacked\s+in"
    r"|shut\s+down|gave\s+away|let\s+go\s+of|(?:is|am|was|'m|'s)\s+done\s+with|finished\s+with)"
    r"\s+(?:going\s+(?:to\s+)?)?(?:(?:the|my|our|his|her|their|that|this|a|an)\s+)?(?P<x>[^,;.!?]{1,60})"
    r"|\b(?:lâchée?|laissée?\s+tomber|abandonnée?|arrêtée?|résiliée?|annulée?|fermée?|clôturée?"
    r"|quittée?|désabonnée?|désinscrite?|démissionnée?|plaquée?|larguée?|stoppée?|supprimée?|bazardée?|raccrochée?)"
    r"\s+(?:(?:de|du|des)\s+|d')?(?:(?:le|la|les|mon|ma|mes|son|sa|ses|notre|nos|ce|cet|cette|un|une)\s+|l')?"
    r"(?P<x2>[^,;.!?:]{1,60})"
    r"|\b(?:(?:dah|sudah|telah|baru)\s+(?:pun\s+)?(?:keluar|berhenti|stop|quit|jual)|berhenti|tutup|buang|batal(?:kan)?"
    r"|tamat(?:kan)?|hentikan|tinggalkan|lepaskan|cancel|unsubscribe|lupus(?:kan)?|tarik\s+diri)"
    r"\s+(?:(?:dari|daripada)\s+)?(?P<x3>[^,;.!?]{1,60})",
    re.I,
)
#: Malay passive, the object first: "Akaun Maybank tu dah ditutup".
_MS_PASSIVE = re.compile(
    r"(?P<x>[^,;.!?]{1,60}?)\s+(?:dah|sudah|telah)\s+(?:pun\s+)?(?:ditutup|dibatalkan|dijual|dibuang|ditamatkan"
    r"|dihentikan|dilupuskan)\b",
    re.I,
)
#: Where the object ends: a link word, a time, a reason, a second clause.
_OBJECT_END = re.compile(
    r"\s(?:and|but|now|since|after|because|in|last|this|when|for|as|so|once|then|to|at|on|years?|months?|weeks?"
    r"|et|mais|maintenant|depuis|après|car|parce|en|à|au|cette|ce|il|y|pour|quand|l'an"
    r"|dan|tapi|sekarang|sejak|lepas|selepas|sebab|kerana|bulan|tahun|minggu|pada|masa)\b",
    re.I,
)
#: Chinese end verbs; the object before (啤酒戒了, 把健身卡退了) or after (戒了啤酒).
_ZH_VERB = r"(?:不去了|不再去了|戒了|戒掉了?|退了|退掉了|注销了|注销掉了|取消了|退订了|卖了|卖掉了|停了|停掉了|不干了|不做了|辞了|辞掉了|放弃了|关了|销户了|扔了|处理掉了|转手了|转让了)"
_ZH_BEFORE = re.compile(r"(?:^|[，,。；;！!]|把)(?P<x>[\u4e00-\u9fff]{1,10}?)(?:已经|早就|都)?" + _ZH_VERB)
_ZH_AFTER = re.compile(_ZH_VERB + r"(?P<x>[\u4e00-\u9fff]{2,8}?)(?:了|[，,。；;！!]|$)")
_ZH_OPENERS = re.compile(r"^(?:我(?:的|们)?|已经|早就|那个|这个|那家|这家|那份|这份|那张|这张|那|这)+")
_ZH_TIME = re.compile(
    r"每(?:周|星期|礼拜)[一二三四五六日天]?|每天|每晚|每个?月|周末|早上|上午|中午|下午|晚上|傍晚|平时|一直|都|了"
)
#: Not an end said: an intention, a wish, a question, a condition.
_NOT_DONE = re.compile(
    r"[?？]|吗\s*$|想|打算|准备|考虑|要不要|是不是|如果|可能"
    r"|\b(?:want|wants|wanna|going\s+to|gonna|thinking|think|might|(?-i:may)|should|(?-i:will)|'ll|plan|plans|planning|considering"
    r"|about\s+to|if|hope|hoping|can't|cannot|couldn't|never|veux|veut|vais|va|pense|envisage|devrais|dois|si|compte"
    r"|voudrait|aimerais|nak|mahu|mau|akan|mungkin|fikir|rancang|kalau|patut|ingin|tak|tidak|belum)\b",
    re.I,
)
#: Words an end leaves unsaid that the stored state holds: its container, belonging, subscription.
_GENERIC = frozenset(
    """account accounts subscription subscriptions membership card contract plan service class classes lessons
    sessions app apps compte abonnement adhésion carte contrat forfait cours séances appli application
    akaun langganan keahlian kad kontrak pelan kelas aplikasi tu ni itu ini""".split()
)
#: A container word and its preposition before what it holds ("my subscription to", « son abonnement à »).
_CONTAINER = re.compile(
    r"^(?:(?:account|subscription|membership|contract|compte|abonnement|adhésion|contrat|akaun|langganan|keahlian"
    r"|kontrak)\s+)+(?:to|at|with|for|à|au|aux|chez|de|du|kat|di|dengan|untuk)\s+(?:(?:the|my|la|le|l'|les)\s*)?",
    re.I,
)
_STATE_WORDS = frozenset(
    """member membre ahli part partie fait sebahagian subscribed subscriber abonné abonnée abonnés adhérent adhérente
    melanggan langgan has have a ada jadi menjadi est is be inscrit inscrite inscrits registered enrolled signed
    berdaftar daftar""".split()
)


def _zh(text: str) -> bool:
    return mostly_han(text)


def _words(text: str) -> frozenset[str]:
    return stems(content_words(normalize(text)))


def _near(a: str, b: str) -> bool:
    """One word by its stems ("coach" / "coaching", "chant" / "chante"): equal, or one opens the other."""
    short, long_ = sorted((a, b), key=len)
    return a == b or (len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3)


@lru_cache(maxsize=256)
def objects_ended(new: str) -> tuple[str, ...]:
    """What ``new`` says was ended, after each verb of ending (cached by text: a write asks it once per
    stored memory it compares; emptied with the lexical caches)."""
    found = []
    for m in _VERB_FIRST.finditer(new):
        x = _GOING.sub("", _CONTAINER.sub("", next(g for g in m.groups() if g)))
        end = _OBJECT_END.search(" " + x)
        found.append(x[: end.start() - 1] if end and end.start() > 0 else x)
    found += [m.group("x") for m in _MS_PASSIVE.finditer(new)]
    return tuple(found)


#: What a Chinese end may name beside the thing ended: its class, card, membership, account (钢琴课, 健身卡).
_ZH_CONTAINER = re.compile(r"(?:课|课程|卡|会员|班|账户|账号|套餐|业务)$")


#: What a Chinese membership is held by and taken out with (会员卡, 年卡, 办 / 开): not the thing ended.
_ZH_HELD = re.compile(r"会员卡|会员|年卡|月卡|次卡|卡|课程|套餐|账户|账号|办|开")


def _ends_zh(new: str, old: str) -> bool:
    have = _ZH_TIME.sub("", "".join(_HAN.findall(old))).replace("的", "")
    for m in [*_ZH_BEFORE.finditer(new), *_ZH_AFTER.finditer(new)]:
        x = _ZH_OPENERS.sub("", m.group("x").split("把")[-1]).replace("的", "")
        x = x if x in have else _ZH_CONTAINER.sub("", x)
        if x and x in have:  # 烟 in 每天抽一包烟: one character, with three more at most beside it
            rest = _ZH_HELD.sub("", have.replace(x, "", 1))  # 办了乐刻健身的会员卡 / 把乐刻退了: 健身
            if len([c for c in rest if c not in new and c not in "在是"]) <= 3:
                return True
    return False


#: A going-to before the thing ended ("Stopped going to the gym", "berhenti pergi gim", « d'aller à la salle »).
_GOING = re.compile(r"^(?:going\s+(?:to\s+)?(?:the\s+)?|pergi\s+(?:ke\s+)?|aller\s+(?:à\s+la|au|aux|à\s+l')\s*)", re.I)
#: How often the stored state is done: no word of the thing ("three times a week", « trois fois par semaine »,
#: "tiga kali seminggu", 三次).
_FREQUENCY = re.compile(
    r"\b(?:once|twice|\w+\s+times?)\s+(?:a|per|every)\s+(?:day|week|month)\b|\bevery\s+(?:day|week|morning|evening|weekend)\b"
    r"|\b\w+\s+fois\s+par\s+(?:jour|semaine|mois)\b|\btous\s+les\s+(?:jours|matins|soirs|week-ends)\b"
    r"|\b\w+\s+kali\s+(?:seminggu|sehari|sebulan)\b|\bsetiap\s+(?:hari|minggu|pagi|petang|malam)\b"
    r"|[一二三四五六七两几\d]次",
    re.I,
)


def ends_by_verb(new: str, old: str) -> bool:
    """True when ``new`` says the user ended, with a verb of ending, what ``old`` states (module docstring).

    ``new``, ``old``: one wording each; ``old`` one statement (the caller checks). The names of one
    membership are one thing (:func:`~souvenir.lexical.kinds_of.same_thing`: "gym membership" / "gym",
    健身卡 / 健身房); how often the state was done is no word of it."""
    new, old = same_thing(new), _FREQUENCY.sub(" ", same_thing(old))
    if _NOT_DONE.search(re.sub(r"\b(stopped|quit|gave\s+up)\s+going\s+to\b", r"\1", new, flags=re.I)) or re.search(
        r"\b(?:and|et|dan|serta)\b|[和及、;；]", old
    ):
        return False
    if lead_relative(old) != lead_relative(new):
        return False  # a relative's fact is not ended by the user's own end, nor the user's by a relative's
    if _zh(new):
        return _zh(old) and not proposition(old).negative and _ends_zh(new, old)
    if _zh(old) or proposition(old).negative:
        return False
    old_words, new_words = _words(old), _words(new)
    first = _words(old.split()[0]) if old.split() else frozenset()
    capitals = {w.casefold() for w in re.findall(r"(?<=\s)[A-ZÀ-Ý][\w'+-]*", old)}
    named = frozenset(s for w in capitals for s in _words(w)) | _words(" ".join(m.group() for m in DATE.finditer(old)))
    for x in objects_ended(new):
        want = _words(x) - stems(_GENERIC) - _words(" ".join(_GENERIC))
        met = {w for w in old_words if any(_near(w, v) for v in want)}
        if not want or not met or any(not any(_near(w, v) for w in old_words) for v in want):
            continue
        rest = {
            w
            for w in old_words
            - met
            - first
            - _words(" ".join(_STATE_WORDS | _GENERIC))
            - stems(_STATE_WORDS | _GENERIC)
            - named
            if not any(_near(w, v) for v in new_words) and not any(ch.isdigit() for ch in w)
        }
        # a name ended ("Cancelled PureGym") may leave unsaid what kind of thing it is ("gym plan",
        # « salle de sport »): two words more
        if len(rest) <= max(0, len(met) - 1) + (_KIND_OF_NAME if want <= named else 0):
            return True
    return False


#: Words a stored memory may say beside a name the end names alone: the kind of thing it is.
_KIND_OF_NAME = 2
