"""A stored fact said again with one part changed or added (issue #26, round 16; pure).

Three readers, each a relation between a new wording and one stored memory, read by their
parts rather than by a score (the dedup score misses them: a short memory has one content
word, a number on one side caps the score, a Chinese head noun is glued to its modifier):

* :func:`elaborates` — one wording is the other with a modifier added: the shorter's tokens
  open the longer ("Fait du yoga" / "Fait du yoga Iyengar le mardi soir", "Ada kucing" / "Ada
  kucing oren nama Comot", "Collectionne les vinyles" / "… de jazz des années 60"), or, in
  Chinese, its characters run in order through the longer's first statement and end on the
  same head (养了一只猫 / 养了一只英短蓝猫，叫汤圆; 每天早上打太极拳 / 每天早上六点起床打太极拳).
  An English tail must open on a link word or a name ("Has a cat allergy" is no cat);
  French and Malay put their modifiers after the noun.
* :func:`moved_date` (:mod:`souvenir.lexical.restated_date`) — an event said to move to a new date ("pushed back to", « décalé au »,
  改到, "ditunda ke"): the words before the verb name the event, a stored memory gives that
  event and another date, and nothing else but a frame word ("booked for", « prévu le »,
  定在, "pada").
* :func:`names_wrong_value` — a correction naming the wrong value ("Grew up in Scunthorpe,
  not Grimsby", « Est né à Cholet, pas à Saint-Nazaire », 老家在湖南常德，之前说岳阳是说错了,
  "Berasal dari Batu Pahat, bukan Muar"): a stored memory that is the head's frame with the
  wrong value in place of the new one.

Each returns a relation or ``False``; the admission (``write/admission.py``) decides.
"""

from __future__ import annotations

import re

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical.corrected_date import corrects_date
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import proposition, stems
from souvenir.lexical.restated_amount import restates_amount
from souvenir.lexical.restated_date import DATE, moved_date
from souvenir.lexical.restated_date import date_words as _date_words
from souvenir.lexical.restated_date import han_only as _han_only
from souvenir.lexical.restated_date import stems_of as _words
from souvenir.lexical.restated_side import Side, mostly_han, side
from souvenir.lexical.tokens import content_words, tokenize
from souvenir.lexical.text_cache import text_cache

__all__ = [
    "elaborates",
    "ends_state",
    "moved_date",
    "names_wrong_value",
    "restates_amount",
    "swaps_value",
    "changes_state",
    "exclusive_value",
    "state_domain",
    "state_head",
]

_HAN = re.compile(r"[\u4e00-\u9fff]")
_ZH_BREAK = re.compile(r"[，,。；;！!？?、]")

#: Words that open a modifier after an English noun phrase ("called Biscuit", "in a choir").
_LINKS = frozenset(
    """called named in at on with who that which from for every each since by near
    qui que nommé nommée appelé appelée à au aux en avec chaque tous toutes depuis pour de du des chez
    nama bernama yang di kat dengan setiap tiap untuk sejak dari""".split()
)
#: An English tail that opens an adverbial, not a noun the modifier is part of ("Plays chess online
#: most evenings", "Swims twice a week", "Grows succulents and pothos"; "Has a cat allergy" stays).
_ADVERBIAL = frozenset(
    """online offline daily weekly monthly regularly often mostly most usually sometimes twice once
    competitively professionally seriously semi-professionally and""".split()
)
#: English function words: a wording that holds one is read as English (modifiers before the noun).
_ENGLISH = frozenset("a an the has have had is are was my his her to of plays likes loves owns".split())


#: Before a Chinese wording said inside another: a wish, a plan, a negation or a past (想去日本旅游 does
#: not say 去日本旅游).
_ZH_NOT_SAID = ("想", "要", "打算", "准备", "希望", "计划", "以前", "曾经", "不", "没", "没有", "别", "会", "可能")


def _zh(text: str) -> bool:
    return mostly_han(text)


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def elaborates(new: str, old: str) -> str | None:
    """``"richer"`` when ``new`` is ``old`` with a modifier added, ``"poorer"`` when ``old`` is
    ``new`` with one (module docstring), else ``None``. Stance and people are not compared here
    (the caller's ``not_one_fact`` does). Each text's own reading is cached (:func:`side`)."""
    sn, so = side(new), side(old)
    for first, then, rel in ((so, sn, "richer"), (sn, so, "poorer")):
        if _statement_added(first, then):
            return rel
    if sn.zh and so.zh:
        a, b, whole_a, whole_b = sn.han_first, so.han_first, sn.whole, so.whole
        for short, long, short_whole, rel in ((b, a, whole_b, "richer"), (a, b, whole_a, "poorer")):
            if len(short_whole) > 1 or len(short) < 2 or short == long:
                continue  # the shorter must be one statement
            head = short[:-1] if short[-1] in "子儿" and len(short) > 3 else short  # 兔子 / 垂耳兔: 子 is a suffix
            # two characters, a verb and its noun (养猫 / 养两只布偶猫): the verb opens both
            opening = 2 if len(short) >= 3 else 1
            if head[-1] == long[-1] and _subsequence(head, long) and short[:opening] == long[:opening]:
                return rel
            if short in long and not long[: long.index(short)].endswith(_ZH_NOT_SAID):
                return rel  # said whole inside the other's first statement: 种了多肉 / 在阳台上种了多肉和绿萝
        return None
    ta, tb = sn.toks, so.toks
    if len(ta) == len(tb):
        return None
    few, more, rel, long_raw = (tb, ta, "richer", new) if len(tb) < len(ta) else (ta, tb, "poorer", old)
    if len(few) < 2 or more[: len(few)] != few or not content_words(" ".join(few)):
        return None
    tail = more[len(few)]
    if set(few) & _ENGLISH and tail not in _LINKS | _ADVERBIAL and not _named(long_raw, tail):
        return None
    return rel


def _statement_added(short: Side, long: Side) -> bool:
    """``long`` says ``short`` whole as its first statement, then more statements of detail, none
    turning on it ("会弹钢琴，考过了十级", "Plays the piano, passed grade 8"; not "…, but…")."""
    if len(long.parts) < 2 or len(short.parts) != 1 or long.contrast:
        return False
    return len(short.same_whole) >= 3 and long.same_first == short.same_whole


def _named(raw: str, token: str) -> bool:
    """True when ``token`` is written with a capital in ``raw`` (a name: "Iyengar", "Biscuit", "SFR")."""
    return any(m.group()[:1].isupper() for m in re.finditer(r"(?<![\w'])" + re.escape(token) + r"(?!\w)", raw, re.I))


# ---------------------------------------------------------------------- a wrong value named

#: "…, not B", "… rather than B", « …, pas à B », « … et non B », "…, bukan B".
_NOT = re.compile(
    r"[,;(]?\s*\b(?:not|rather\s+than|instead\s+of|(?:et\s+)?non(?:\s+pas)?|pas|bukan(?:nya)?)\s+"
    r"(?:(?:in|at|from|à|a|en|au|aux|de|d'|du|chez|di|dari|kat)\s+)?(?P<old>[^,;()]+?)\s*(?:[,;()]|\s[-–—]\s|$)",
    re.I,
)
#: A correction cue that names what was said wrong (之前说岳阳是说错了; 不是岳阳).
_ZH_WRONG = re.compile(
    r"(?:之前|以前|上次|刚才|那天)?(?:说|讲|写)(?:的|成)?(?P<old>[\u4e00-\u9fff]{1,8}?)(?:是|都是)?(?:说错了|记错了|口误|搞错了|弄错了|写错了|不对)"
    r"|(?:而)?不是(?:在)?(?P<old2>[\u4e00-\u9fff]{1,8}?)(?=[，,。；;]|$)"
)


def names_wrong_value(new: str, old: str) -> bool:
    """True when ``new`` corrects ``old`` by naming ``old``'s value as wrong (module docstring)."""
    if corrects_date(new, old):  # "I got my birthday wrong, it's actually March 13" (round 26)
        return True
    if _zh(new):
        parts = _ZH_BREAK.split(new)
        m = next((m for part in parts[1:] if (m := _ZH_WRONG.search(part))), None)
        if m is None or len(parts) < 2:
            return False
        wrong, head = m.group("old") or m.group("old2"), _han_only(parts[0])
        if not wrong or wrong in head or wrong not in old:
            return False
        # frame characters aside on both sides (女儿在读小学三年级 / 女儿读的是小学四年级)
        pieces = [_ZH_FRAME_CHARS.sub("", _han_only(p)) for p in old.split(wrong, 1)]
        bare = _ZH_FRAME_CHARS.sub("", head)
        if (
            pieces[0]
            and pieces[1] not in bare
            and len(pieces[1]) <= 3
            and old.split(wrong, 1)[1][:1] not in "，,。；; "
        ):
            pieces[1] = ""  # the rest of the wrong value's longer name, glued after it (佛山 / 佛山南海)
        return bool(any(pieces)) and all(p in bare for p in pieces) and bare != "".join(pieces)
    m = _NOT.search(new)
    if m is None or m.start() == 0:
        return False
    head, wrong = new[: m.start()], _ARTICLE.sub("", m.group("old").strip())
    wrong_words, head_words = _words(wrong), _words(head)
    if not wrong_words or wrong_words & head_words or len(wrong_words) > 4:
        return False
    found = re.search(r"(?<!\w)" + re.escape(normalize(wrong)) + r"(?!\w)", normalize(old))
    if found is None:
        return False
    rest = _words(normalize(old)[: found.start()] + " " + normalize(old)[found.end() :])
    # the stored value may be the wrong one's longer name: capitalised words beside it, not the
    # memory's first ("not a Corsa" / "Drives a Vauxhall Corsa", "pas à Saint-Malo" / "… Saint-Malo Intra-Muros")
    rest -= _named_beside(old, wrong)
    return bool(rest) and rest <= head_words and bool(head_words - rest - wrong_words)


#: An article before the wrong value ("not the Infirmary", « pas la Clio »): not part of it.
_ARTICLE = re.compile(r"^(?:(?:the|a|an|le|la|les|un|une)\s+|l')(?=\w)", re.I)
#: Frame characters a Chinese correction may add or drop around its value (在读 / 读的是).
_ZH_FRAME_CHARS = re.compile(r"[在的是了]")


#: Lowercase words inside a longer name, between two capitalised words ("Newcastle upon Tyne", "Stratford upon Avon",
#: « Caisse d'Épargne de Lille », « Crédit Mutuel de Bretagne », "Teluk Intan di Perak").
_NAME_PARTICLES = frozenset("upon on of the de du des la le sur en di bin binti van von".split())


def _named_beside(old: str, wrong: str) -> frozenset[str]:
    """The content words of the capitalised words right before or after ``wrong`` in ``old`` (not
    its first word; after it, a particle between two of them counts: "upon", « de »): the rest of the
    wrong value's name."""
    words = re.findall(r"[\w'’-]+", old)
    keys = [normalize(w) for w in words]
    target = [normalize(w) for w in re.findall(r"[\w'’-]+", wrong)]
    target = [t for t in target if _words(t)]
    if not target:
        return frozenset()
    for i in range(len(keys) - len(target) + 1):
        if keys[i : i + len(target)] != target:
            continue
        named = []
        j = i - 1
        while j >= 1 and words[j][:1].isupper():
            named.append(words[j])
            j -= 1
        j = i + len(target)
        while j < len(words):
            if words[j][:1].isupper():
                named.append(words[j])
                j += 1
            elif words[j].casefold() in _NAME_PARTICLES and j + 1 < len(words) and words[j + 1][:1].isupper():
                named += words[
                    j : j + 2
                ]  # "Newcastle upon Tyne", « Caisse d'Épargne de Lille », "Kota Bharu di Kelantan"
                j += 2
            else:
                break
        return _words(" ".join(named)) if named else frozenset()
    return frozenset()


# ---------------------------------------------------------------------- a state said to be over

#: The end of a state ("no longer", « n'est plus », 已经不 / 不再, "dah tak … lagi").
_ENDED = re.compile(
    r"\bno\s+longer\b|(?:\bnot\b|n't\b).*\b(?:anymore|any\s+more)\b|\bn'\S+\s+plus\b|\bne\s+\S+\s+plus\b|^\s*plus\b"
    r"|已经不|不再|没再|早就不|早不|已经没|\b(?:dah|sudah|tidak|tak)\s+(?:\S+\s+){0,4}?lagi\b|\bbukan\s+lagi\b"
    r"|\bdah\s+(?:tak|tidak|bukan)\b",
    re.I,
)
#: Leaving a group or a place of activity ("left the chess club", « a quitté la chorale », 退出 / 离开,
#: "dah keluar dari kelab"): an end said without a negation.
_LEFT = re.compile(
    r"\b(?:left|quit|resigned\s+from|dropped\s+out\s+of|a\s+quitté|ai\s+quitté|quitté|(?:est|suis)\s+sortie?\s+de"
    r"|keluar\s+(?:dari|daripada)|berhenti\s+(?:dari|daripada))\b|退出|退了|离开了?|退群",
    re.I,
)
_LEFT_WORDS = frozenset("left quit resigned dropped out quitté sorti sortie keluar berhenti dari daripada".split())
#: A Chinese end without 已经: 不在少年宫教围棋了 (不 … 了 closing the sentence marks the change of state).
_ZH_NOT_NOW = re.compile(r"不[\u4e00-\u9fff]{2,14}了[。！!]?\s*$")
#: Words a Chinese membership is said with (是…的会员, 参加, 加入): no content of the state.
_ZH_MEMBER = re.compile(r"会员|成员|一员|是|参加了?|加入了?")
#: Where the statement of the end stops and its when or why begins.
_CORE_END = re.compile(
    r"[,，;；]|\b(?:since|after|because|as\s+of|now\s+that|depuis|après|car|parce|sejak|selepas|lepas|sebab|kerana)\b"
    r"|自从|因为|从",
    re.I,
)
_ZH_TIME = re.compile(
    r"每(?:周|星期|礼拜)[一二三四五六日天]?|每天|每晚|每个?月|周末|早上|上午|中午|下午|晚上|傍晚|已经|早就|不再|没再|不|了|再|去"
)
#: Copulas and light verbs an end is said with ("jadi ahli", "be a member"): no content of the state.
_LIGHT_STATE = frozenset("jadi menjadi be being become être reste ialah adalah".split())
#: Words of belonging the stored memory may say and the end leave out ("Is a member of the club" / "No
#: longer in the club", « Fait partie de la chorale » / « N'est plus dans la chorale »).
_BELONGING = frozenset("member membre ahli part partie fait sebahagian".split())


def _one_word(a: str, b: str) -> bool:
    """Two stems of one word ("volunte" / "volunteer"): one opens the other, two letters apart at most."""
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 2


def ends_state(new: str, old: str) -> bool:
    """True when ``new`` says the state ``old`` states is over ("No longer a member of the rowing club
    since the fees went up" / "Is a member of the Harbour Rowing Club", « N'est plus bénévole aux Restos
    du Cœur » / « Est bénévole aux Restos du Cœur le samedi », 已经不去合唱团了 / 每周三晚上去合唱团排练,
    "Dah tak jadi ahli gim lagi" / "Ahli gim Anytime Fitness di Subang"). The end's words (before its
    when or why) are all in ``old``; what ``old`` says beside them is only a name, a day or a time
    (written with a capital, or a carrier), at most four words: "Works at night at the hospital as a
    nurse" is not ended by "No longer works at night"; nor is a list ("… and shellfish"). Chinese: the end's
    characters in order in the memory, three more at most beside its times (每周日去教堂做礼拜 / 已经不去教堂了)."""
    left = _LEFT.search(new)
    if not (_ENDED.search(new) or left or _ZH_NOT_NOW.search(new)) or re.search(
        r"\b(?:and|et|dan|serta)\b|[和及、，,;]", old
    ):
        return False
    core = state_head(new)
    pn, po = proposition(core), proposition(old)
    if (not pn.negative and not left) or po.negative:
        return False
    if _zh(core):
        han = _han_only(_ZH_TIME.sub("", _LEFT.sub("", core)))
        place = "".join(v.group() for v in _ZH_VENUE.finditer(old) if v.group()[1:] not in core)  # unsaid
        have = _han_only(_ZH_TIME.sub("", (_ZH_MEMBER.sub("", old) if left else old).replace(place, "")))
        return len(han) >= 2 and _subsequence(han, have) and len(have) - len(han) <= 3
    want = pn.content - stems(_LIGHT_STATE) - (stems(_LEFT_WORDS) if left else frozenset())
    met = {w: next((h for h in po.content if h == w or _one_word(w, h)), None) for w in want}
    if not want or None in met.values():
        return False
    extra = po.content - set(met.values())
    capitals = {w.casefold() for w in re.findall(r"(?<=\s)[A-ZÀ-Ý][\w'-]*", old)}
    named = stems(frozenset(normalize(w) for w in capitals)) | _date_words(old)
    extra -= stems(_BELONGING)
    placed = _place_words(old)
    return len(extra) <= 4 and all(w in named or w in placed or any(ch.isdigit() for ch in w) for w in extra)


#: Where a stored state happens: a preposition of place and the one or two words of the place after it
#: ("in front of the house", « devant la gare », "depan rumah", "kat pasar malam").
_PLACE = re.compile(
    r"\b(?:outside|opposite|near|in\s+front\s+of|behind|devant|près\s+de|en\s+face\s+de|depan|dekat|kat|luar|tepi)\s+"
    r"(?:(?:the|my|our|le|la|les|l'|du|de\s+la|des)\s+)?(?P<w>[\w'-]+(?:\s+[\w'-]+)?)",
    re.I,
)


#: A place of activity named after "at", « au », "di", "kat" ("at the studio", « au studio », "di gim"): « au »
#: alone also leads an activity (« au tennis »), so only these nouns are places.
_VENUE = re.compile(
    r"\b(?:at|in|au|aux|à\s+la|à\s+l'|dans\s+(?:le|la|l'|un|une)|di|kat|dekat)\s+(?:(?:the|a|my|our)\s+)?"
    r"(?P<w>(?:studio|gym|office|caf[eé]|bar|pub|restaurant|club|cent(?:re|er)|hall|church|temple|mosque|school|library"
    r"|hospital|clinic|market|park|shop|store|salon|workshop|garage|pool|rink|stadium|bureau|salle|église|mosquée"
    r"|école|bibliothèque|hôpital|clinique|marché|parc|magasin|boutique|atelier|piscine|stade|conservatoire"
    r"|gim|pejabat|kafe|kedai|restoran|kelab|pusat|dewan|gereja|kuil|masjid|sekolah|perpustakaan|klinik|pasar"
    r"|taman|bengkel|kolam)s?)\b",
    re.I,
)
#: Chinese: 在 and a place ending on a noun of place (在车站旁边的瑜伽馆教瑜伽): where, not what.
_ZH_VENUE = re.compile(
    r"在[\u4e00-\u9fff]{0,8}?(?:工作室|健身房|图书馆|俱乐部|中心|学校|公园|教堂|医院|诊所|市场|馆|室|店|厅|寺)"
)


def _place_words(old: str) -> frozenset[str]:
    """The content words of the places ``old`` names after a preposition of place ("depan rumah") or
    of a place of activity ("at the studio", « au studio », "di gim"): what a stored state says beside
    an end that names the state alone ("Tak jual roti john lagi")."""
    found = [m.group() for m in _PLACE.finditer(old)] + [m.group("w") for m in _VENUE.finditer(old)]
    return stems(frozenset(w for text in found for w in content_words(normalize(text))))


# ---------------------------------------------------------------------- a named value swapped

#: A verb of switching ("switched to", « est passé chez », "tukar ke", 转学到 / 换到 / 调到 / 跳槽到).
_SWITCH = re.compile(
    r"\b(?:switched|switching|moved|changed|transferred|went\s+over|passée?s?|changée?s?|transférée?s?|(?:ber)?tukar"
    r"|beralih|pindah|berpindah)\b",
    re.I,
)
#: Words of the frame the two sides may say differently ("is with" / "switched to", « est chez » / « est
#: passé chez », "guna" / "tukar ke"): set aside before the two are compared.
_SWAP_FRAME = frozenset(
    """is am are was with to at over from by now switched switching moved changed transferred went
    est a chez à au aux avec en passé passée passés changé changée transféré désormais maintenant
    di ke dengan dah sudah tukar bertukar beralih pindah berpindah guna pakai sekarang kini""".split()
)
#: Chinese: a verb of switching, then the new place; the stored memory says where with 在 and a verb of
#: the same domain (转学 → 上学 / 读书, 调 / 跳槽 → 上班 / 工作, 搬 → 住).
_ZH_SWITCH = re.compile(
    r"(?P<v>转学|转校|调|跳槽|搬家?|换)(?:到|去|进)(?P<new>[\u4e00-\u9fff]{2,12}?)(?:了|上学|上班|工作|住)?$"
)
_ZH_DOMAIN = {
    "转学": "上学读书念书",
    "转校": "上学读书念书",
    "调": "上班工作",
    "跳槽": "上班工作",
    "搬": "住",
    "搬家": "住",
}


def swaps_value(new: str, old: str) -> bool:
    """True when ``new`` says, with a verb of switching, a named value in the frame ``old`` states with
    another: « Est chez SFR pour son forfait mobile » → « Est passé chez Bouygues pour son forfait
    mobile », "Guna Celcom untuk internet" → "Dah tukar ke Maxis untuk internet", 孩子在实验小学上学 →
    孩子转学到外国语学校了. Both values are names (written with a capital; in Chinese, after 在 and
    before a verb of the same domain); the rest of the frame, at least one content word, is the same."""
    if _zh(new) and _zh(old):
        m = _ZH_SWITCH.search(new.strip("。！! "))
        if m is None or not m.group("new"):
            return False
        subject = new[: m.start()]
        verb = m.group("v")
        domain = _ZH_DOMAIN.get(verb, "")
        o = re.fullmatch(
            rf"{re.escape(subject)}(?:现在|目前)?在(?P<old>[\u4e00-\u9fff]{{2,12}}?)(?P<d>上学|读书|念书|上班|工作|住)",
            old,
        )
        if o is None or (domain and o.group("d") not in domain) or o.group("old") == m.group("new"):
            return False
        return bool(subject) or verb in ("转学", "转校")
    if not _SWITCH.search(new):
        return False
    raw_new, raw_old = tokenize(normalize(new)), tokenize(normalize(old))
    a = [t for t in raw_old if t not in _SWAP_FRAME]
    b = [t for t in raw_new if t not in _SWAP_FRAME]
    pre = 0
    while pre < min(len(a), len(b)) and a[pre] == b[pre]:
        pre += 1
    suf = 0
    while suf < min(len(a), len(b)) - pre and a[-1 - suf] == b[-1 - suf]:
        suf += 1
    was, now = a[pre : len(a) - suf], b[pre : len(b) - suf]
    frame = a[:pre] + a[len(a) - suf :]
    if not (1 <= len(was) <= 3 and 1 <= len(now) <= 3) or set(was) & set(now) or not content_words(" ".join(frame)):
        return False
    return _named(old, was[0]) and _named(new, now[0])


# ---------------------------------------------------------------------- a state with exclusive values

#: States whose values exclude each other, by domain: where the user works, whether their home is rented.
#: Each value: a pattern in en / fr / zh / ms. The domain's own words (its verbs and nouns) say nothing
#: beside the value.
_EXCLUSIVE: dict[str, dict[str, re.Pattern[str]]] = {
    "workplace": {
        "remote": re.compile(
            r"\b(?:remote(?:ly)?|from\s+home|wfh|télétravail|en\s+distanciel|à\s+distance|de\s+chez\s+(?:moi|lui|elle)"
            r"|dari\s+rumah)\b|远程|在家办公|居家办公",
            re.I,
        ),
        "office": re.compile(
            r"\b(?:office|on[\s-]site|in\s+person|bureau|en\s+présentiel|sur\s+site|pejabat|ofis)\b|坐班|去公司|办公室上班",
            re.I,
        ),
        "hybrid": re.compile(r"\b(?:hybrid|hybride|hibrid)\b|混合办公", re.I),
    },
    "contract": {
        "fixed": re.compile(
            r"\b(?:cdd|fixed[\s-]term|temporary\s+contract|contrat\s+temporaire|(?:kerja|pekerja|jawatan)\s+kontrak)\b"
            r"|合同工|临时工|劳务派遣",
            re.I,
        ),
        "permanent": re.compile(
            r"\b(?:cdi|permanent\s+(?:contract|job|role|position)|contrat\s+permanent|(?:jawatan|pekerja|kerja)\s+tetap)\b"
            r"|转正|正式员工|正式工|编制",
            re.I,
        ),
    },
    "housing": {
        "parents": re.compile(
            r"\b(?:with\s+(?:my\s+|his\s+|her\s+|their\s+)?(?:parents|folks|mum\s+and\s+dad|mom\s+and\s+dad)"
            r"|at\s+(?:my\s+|his\s+|her\s+|their\s+)?(?:parents'?|folks'?|mum\s+and\s+dad's)(?:\s+place|\s+house)?"
            r"|chez\s+(?:mes|ses|leurs|nos)\s+parents|(?:dengan|rumah)\s+(?:mak\s+(?:ayah|abah|bapak)|ibu\s+bapa|parents))"
            r"\b|父母家|爸妈家|(?:跟|和|与)(?:父母|爸妈)(?:一起)?住|住家里",
            re.I,
        ),
        "rented": re.compile(
            r"\b(?:rents?|renting|rented|tenant|locataire|loue|en\s+location|sewa|menyewa|disewa)\b|租房|租的|租了",
            re.I,
        ),
        "owned": re.compile(
            r"\b(?:owns?|bought\s+(?:a|my|our)\s+(?:own\s+)?(?:house|flat|home|place)|homeowner|propriétaire"
            r"|(?:a|avons|ai)\s+acheté|rumah\s+sendiri|beli\s+rumah)\b|买了房|买房了|自己的房",
            re.I,
        ),
    },
}
_DOMAIN_WORDS = frozenset(
    """work works working job travaille travailler bosse kerja bekerja
    live lives living home house flat place room studio apartment condo habite vit logement maison appartement
    chambre tinggal rumah bilik kondo unit
    fully full days day week weeks times per a every each jours jour semaine fois par hari minggu kali seminggu
    one two three four five un deux trois quatre cinq satu dua tiga empat lima now maintenant sekarang""".split()
)


#: Kinds of home (« T3 », "terraced", "rumah teres"): what a home is, not something more.
_HOME_KINDS = frozenset(
    """t1 t2 t3 t4 t5 f2 f3 f4 duplex pavillon loft teres terraced semi-detached detached bungalow banglo
    pangsapuri""".split()
)


@text_cache(TEXT_CACHE)
def exclusive_value(text: str) -> tuple[str, str] | None:
    """``(domain, value)`` of the first exclusive value ``text`` states, or ``None`` (cached by text)."""
    found = [
        (m.start(), domain, value)
        for domain, values in _EXCLUSIVE.items()
        for value, pattern in values.items()
        if (m := pattern.search(text))
    ]
    return min(found)[1:] if found else None


def state_head(new: str) -> str:
    """What :func:`changes_state` and :func:`ends_state` read of a new wording: its statement before its when
    or why."""
    return new[: m.start()] if (m := _CORE_END.search(new)) and m.start() > 0 else new


def state_domain(new: str) -> str | None:
    """The domain of the exclusive value :func:`changes_state` reads in ``new`` (its head), or ``None``:
    ``changes_state(new, old)`` is False unless ``exclusive_value(old)`` has this domain."""
    found = exclusive_value(state_head(new))
    return found[0] if found else None


def changes_state(new: str, old: str) -> bool:
    """True when ``new`` gives another value of an exclusive state ``old`` states and nothing else:
    "Works from the Sheffield office three days a week" → "Works fully remote now that the office has
    shut", "Tinggal di rumah sewa di Kajang" → "Dah beli rumah sendiri di Semenyih, tak menyewa lagi",
    « Travaille au bureau » → « Est passée en télétravail », 在公司坐班 → 现在远程办公. What ``old`` says beside
    its value is only the domain's own words, a name, a day or a count of days."""
    head = state_head(new)
    if DATE.search(head) or re.search(r"\b(?:days?|times|jours?|fois|hari|kali)\b|周[一二三四五六日]|每周|一周", head):
        return False  # "Works remote on Fridays": part of the week, beside the old value
    a, b = exclusive_value(old), exclusive_value(head)
    if a is None or b is None or a[0] != b[0] or a[1] == b[1]:
        return False
    domain, value = a
    if _zh(old):
        left = _han_only(_EXCLUSIVE[domain][value].sub("", old))
        return len(re.sub(r"公司|单位|现在|[在是去住上班工作做房子了每周天一二三四五]", "", left)) <= 2
    stripped = _EXCLUSIVE[domain][value].sub(" ", old)
    rest = _words(stripped) - stems(_DOMAIN_WORDS | _HOME_KINDS) - _date_words(old)  # a terraced house is a house
    capitals = stems(frozenset(normalize(w) for w in re.findall(r"(?<=\s)[A-ZÀ-Ý][\w'-]*", old)))
    return not (rest - capitals - _words(head))
