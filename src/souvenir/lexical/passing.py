"""Passing sentences: a leave-taking and an opinion with no one in it (issue #25).

Two kinds of chit-chat (:mod:`souvenir.lexical.chitchat`) that name no durable fact about
the writer. Pure (text or tokens in, verdict out)::

    leaving("Well, I'm off to go do some research.")      -> True
    leaving("I'm off to Japan next month.")               -> False  (a place, a date: a plan)
    opinion(tokenize("The colors really blend nicely."))  -> True
    opinion(tokenize("The hike was great."))              -> False  (past: something happened)

- ``leaving`` — the writer takes leave, with what they go to do now: "I'm off to…",
  "Gotta run", "I have to go now", "I should sleep, night Pip" (a good-night and the name it
  calls are read with it; a good-night or farewell alone with a name, « Bonne nuit Nova »; a
  leave-taking after a child's or pet's need, « Lou réclame son histoire, j'y vais »: session
  21), « Je file », « Je dois y aller », « Je devrais dormir », « Je te laisse »,
  我先走了 / 我得去…了, "Saya gerak dulu", "Aku kena pergi sekarang". A sentence naming a
  place, a date or a number (a capitalised word past the first, a digit, a time word but
  "now": "I'm off to Japan next month", 我明天得去…) is a plan and never ``leaving``; nor is
  "I'm off work today" (a day off).
- ``opinion`` — a judgement with no one in it, in the present: no person at all (the caller
  checks "I", "we", "you", "he" and the speakers' names), a word of value ("The colors
  really blend nicely", « Les couleurs se marient bien », 颜色搭配得真好, "Warnanya sangat
  sepadan"), no past marker (was / went / 了 / sudah…), no time word, no number and no
  capitalised word past the first ("Paris is beautiful" may be the writer's trip).

No threshold: the lexicons are the rule. Their cost on LoCoMo (observations lost, QA
evidence dropped, junk removed, written reading conv-26 and measured on the other five):
``bench/chitchat_share.py --by-kind`` (docs/write-path.md).
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.momentary import momentary_need
from souvenir.lexical.place_names import is_place
from souvenir.lexical.tagged import Tok

__all__ = ["bedtime", "farewell_named", "leaving", "opinion"]

_OPEN = r"^[\W_]*(?:(?:well|ok|okay|alright|anyway|anyways|so|right|bon|bref|allez|alors|baiklah|okeylah|oklah|ok)\b[\s,!.]*)*"
#: The leave-taking itself; what follows (``rest``) must be an errand or nothing.
_LEAVING = re.compile(
    _OPEN
    + r"(?:(?:i'?m|i am|i'll be)\s+(?:off|heading\s+(?:out|off)|outta\s+here|signing\s+off|logging\s+off|going\s+to\s+go)"
    r"|(?:i\s+)?(?:gotta|got\s+to|have\s+to|need\s+to|must|should)\s+(?:go|run|head\s+out|get\s+going|dash|bounce"
    r"|sleep|get\s+some\s+sleep|go\s+to\s+bed|head\s+to\s+bed|hit\s+the\s+(?:sack|hay))"
    r"|i(?:'ll|\s+will)\s+let\s+you\s+go|time\s+(?:for\s+me\s+)?to\s+(?:go|run|head\s+out)"
    r"|je\s+(?:file|me\s+sauve|pars|dois\s+(?:y\s+aller|filer|partir|(?:te|vous)\s+laisser))|je\s+(?:te|vous)\s+laisse"
    r"|j'y\s+vais|(?:il\s+)?faut\s+que\s+j'y\s+aille|je\s+vais\s+(?:y\s+aller|filer|(?:te|vous)\s+laisser)"
    r"|je\s+(?:dois|devrais|vais)\s+(?:aller\s+)?(?:dormir|me\s+coucher)"
    r"|(?:saya|aku|sy|gua|gue)\s+(?:(?:kena|nak|perlu|mesti|patut)\s+)?(?:pergi|gerak|chow|balik|minta\s+diri|undur\s+diri|tidur)"
    r"|(?:gerak|chow|balik|pergi)(?=\s+dulu))\b(?P<rest>.*)$",
    re.I,
)
#: 我先走了, 我得走了, 我先去查资料了, 我该下线了: 先 / 得 / 该 + a verb of going, then 了.
_ZH_LEAVING = re.compile(
    r"^(?:好了|好啦|那|那么|嗯|行)?[，,]?\s*我(?:先|得|该|要先)(?:走|撤|闪|下线|去|溜|睡)(?P<rest>[^。！!？?]*?)[了啦]"
    r"(?:[，,]\s*晚安\w*)?\s*[。！!~～]*$"
)
#: Errands and the moment's needs: what a leave-taking goes to do that is no fact about the
#: writer ("go do some research", « faire des courses », 做饭, "masak"). A hobby is not one
#: ("I'm off to do some taekwondo": LoCoMo's "John practices taekwondo").
_ERRANDS = frozenset(
    """research errands errand chores chore shopping groceries grocery laundry cleaning cooking homework work job
    stuff things thing reading studying study emails email sleep rest bed nap dinner lunch breakfast supper
    shower meeting class store shop call calls prep dishes tidy tidying
    bath bathtime bedtime referee wrangle supervise
    recherches recherche courses menage devoirs diner dejeuner dodo lessive boulot travail bosser travailler
    manger dormir cuisiner reunion cours appel
    masak makan tidur mandi kerja kemas rumah beli barang dapur kelas mesyuarat kajian maklumat rehat""".split()
)
_ZH_ERRANDS = (
    "查资料",
    "资料",
    "做饭",
    "吃饭",
    "睡觉",
    "洗澡",
    "上班",
    "忙",
    "作业",
    "买菜",
    "休息",
    "工作",
    "开会",
    "上课",
    "研究",
    "做事",
    "干活",
)
_LIGHT = frozenset(
    """to go do get grab make a an the my some bit of little now quick quickly for with and off out up then run
    faire des du de la le les un une mes mon ma vite aller un peu
    buat nak pergi sikit sekejap kejap dulu sekarang ja lah la ya
    je dois y aller i have gotta need must you see talk later soon catch bye tu vous te""".split()
)


#: A good-night ending a leave-taking, with the name it calls ("…, night Pip", « bonne nuit
#: Léa », "selamat malam Pip"; dlg-en's "Anyway I should sleep, night Pip", session 18).
_GOOD_NIGHT = re.compile(
    r"[\s,]*(?i:(?:good\s*)?night|nighty?\s*night|bonne\s+nuit|selamat\s+malam|bye|see\s+you|later|\u00e0\s+plus"
    r"|\u00e0\s+demain|jumpa\s+lagi)(?:\s+[A-Z][\w'-]*)?\W*$",
)
#: A good-night or a farewell alone with the name it calls (« Bonne nuit Nova. », "Night
#: Wren!", 晚安，小安, "Selamat malam Ana"; dlg2-fr's « Pas encore. Bonne nuit Nova. », session 21).
_FAREWELL_NAMED = re.compile(
    r"^[\W_]*(?i:(?:good\s*)?night|nighty?\s*night|(?:good)?bye|bye\s+bye|see\s+you(?:\s+(?:later|tomorrow|soon))?"
    r"|bonne\s+nuit|bonne\s+soir\u00e9e|\u00e0\s+plus|\u00e0\s+demain|selamat\s+malam|jumpa\s+lagi|bye\s+dulu)"
    r"[\s,!.]*(?P<named>[A-Z\u00c0-\u00dd][\w'-]*)[\s!.…~]*$"
    r"|^晚安(?:啦|咯)?[，,\s]*(?P<zh>[\u4e00-\u9fff]{1,3})[。！!~～…]*$"
)
#: A sentence whose last clause is a leave-taking: "…, j'y vais", "…, gotta go", "…, 我先去了".
_THEN_LEAVING = re.compile(r"^(?P<head>.+?)[,，]\s*(?P<tail>[^,，]+)$")


#: A good-night anywhere in a bedtime sentence (晚安 / 晚安啦, "good night", « bonne nuit »,
#: "selamat malam", "nite"), with the name it calls (a capitalised word, or Han after 晚安).
_NIGHT_ANY = re.compile(
    r"\b(?:(?:good\s*)?nighty?(?:\s*night)?|nite|gn|bonne\s+nuit|selamat\s+malam)\b|晚安[啦呀哦喔咯~～]*",
    re.I,
)
#: What a bedtime sentence may hold beside its good-night: going to sleep, now, and nothing
#: else ("Bedtime, night!", « Dodo, bonne nuit », 睡了睡了，晚安, "Tidur dulu, selamat malam").
_BEDTIME = frozenset(
    """sleep sleeping sleepy bed bedtime sack hay off to time for going gonna im i'm i am now all everyone
    y'all head heading zzz
    dodo au lit dormir je vais me coucher il est temps l'heure de tout le monde
    tidur nak saya aku dulu masa untuk dah semua""".split()
)
#: The words of sleep itself, one of which a Latin bedtime sentence holds.
_SLEEP = frozenset("sleep sleeping sleepy bed bedtime sack hay zzz dodo lit dormir coucher tidur".split())
#: The Chinese of going to sleep: 我 / 先 / 去 / 要 / 该 / 得 / 准备 + 睡 / 睡觉 + 了 / 啦, said once or twice.
_ZH_BEDTIME = re.compile(
    r"^(?:好了|好啦|那|嗯|行)?[，,\s]*(?:(?:我|先|去|要|该|得|准备|困了)*睡(?:觉)?(?:了|啦|咯)?[，,\s]*)+$"
)


def bedtime(sentence: str) -> bool:
    """A good-night with only going to sleep around it (睡了睡了，晚安 — dlg-zh's junk note,
    session 19; "Off to bed, night!", « Dodo, bonne nuit Léa », "Tidur dulu, selamat
    malam"): no fact, only the moment. A sleep word is needed ("Good night!" alone is a
    greeting, read elsewhere); a number, a time word or another word is not bedtime ("I sleep
    at 11, good night")."""
    text = sentence.strip()
    night = _NIGHT_ANY.search(text)
    if night is None:
        return False
    rest = text[: night.start()] + " " + text[night.end() :]
    if "睡" in rest:
        after = re.sub(r"^[\u4e00-\u9fff]{1,3}(?=[\s。！!~～.…]*$)", "", text[night.end() :])  # 晚安小安: the name
        zh = re.sub(r"[\s。！!~～.…]+", "", text[: night.start()] + after)
        return bool(_ZH_BEDTIME.match(zh.rstrip("，,")))
    words = re.findall(r"[\w']+", rest.replace("\u2019", "'"))
    if not words or any(ch.isdigit() for ch in rest):
        return False
    words = words[:-1] if words[-1][:1].isupper() and words[-1].lower() not in _BEDTIME else words  # the name called
    lowered = [w.lower() for w in words]
    return any(w in _SLEEP for w in lowered) and all(w in _BEDTIME for w in lowered)


def farewell_named(sentence: str) -> bool:
    """A farewell calling a name, a place included ("Bye Lumi", "Goodbye London", 晚安小航)."""
    return bool(_FAREWELL_NAMED.match(sentence.strip()))


def leaving(sentence: str) -> bool:
    """A leave-taking (module docstring); ``sentence``: one sentence as written."""
    text = sentence.strip()
    if bedtime(text):
        return True
    named = _FAREWELL_NAMED.match(text)
    if named:  # "Bye Lumi"; "Goodbye London" is a place left, a move (lexical/place_names.py)
        return not is_place(named.group("named") or named.group("zh"))
    then = _THEN_LEAVING.match(text)
    if then and momentary_need(then.group("head")) and leaving(then.group("tail")):
        return True  # « Lou réclame son histoire, j'y vais »: a child's bedtime, then off
    zh = _ZH_LEAVING.match(text)
    if zh:
        rest = zh.group("rest")
        for word in (*_ZH_ERRANDS, "一下", "点", "些", "去", "先", "了", "个", "查", "做", "弄", "搞", "买", "洗"):
            rest = rest.replace(word, "")
        return not rest.strip()
    m = _LEAVING.match(text)
    if not m:
        return False
    rest = _GOOD_NIGHT.sub("", m.group("rest"))  # "…, night Pip": a good-night and the name it calls
    words = [w.lower() for w in re.findall(r"[\w']+", rest)]
    if any(ch.isdigit() for ch in rest) or any(w[:1].isupper() for w in re.findall(r"[\w']+", rest)):
        return False  # a place, a date, a name: a plan ("I'm off to Japan next month")
    return all(w in _LIGHT or w in _ERRANDS or _fold(w) in _ERRANDS for w in words)


def _fold(word: str) -> str:
    return word.translate(str.maketrans("éèêàâîôûç", "eeeaaiouc"))


#: Words of value, adjectives and adverbs ("blend nicely", « se marient bien »).
_VALUE = frozenset(
    """great awesome amazing wonderful fantastic cool nice lovely beautiful gorgeous cute sweet incredible impressive
    stunning fancy perfect brilliant excellent fabulous terrific neat adorable pretty fun special epic inspiring
    touching delicious tasty yummy vibrant striking elegant charming nicely beautifully wonderfully perfectly
    amazingly brilliantly gorgeously lovely stunningly awesome delicate vivid bold calming peaceful serene cozy
    colorful colourful bright intricate detailed pop pops shine shines glow glows
    genial magnifique beau belle beaux belles joli jolie jolis chouette incroyable formidable sympa mignon mignonne
    delicieux delicieuse superbe superbes bien magnifiquement parfaitement superbement joliment vives eclatant
    eclatante apaisant apaisante
    cantik cantiknya hebat bagus comel lawa sedap sedapnya menarik indah indahnya sepadan elok cun mantap sempurna""".split()
)
_ZH_VALUE = ("棒", "漂亮", "好看", "可爱", "美", "厉害", "好吃", "不错", "酷", "精彩", "赞", "协调", "完美", "出色")
#: Past, done and time markers: a sentence holding one tells of something that happened.
_PAST = (
    frozenset(
        """was were went had did got been came made took saw used gave
    etait etaient ete fut avait avaient
    sudah dah telah pernah tadi semalam""".split()
    )
    | lx.TIME_WORDS
)
_ZH_PAST = ("了", "过", "昨天", "上次", "以前", "去年", "刚才", "那天")


#: A relative or a part of the body: a sentence naming one says how someone is (妈妈腰不好,
#: 他胃不好), which the Han tokens of a judgement do not tell apart (session 24, integrator: a gold
#: note of ``dialogues6`` read as an opinion).
_ZH_SOMEONE = re.compile(
    r"妈|爸|母亲|父亲|老公|老婆|丈夫|妻子|儿子|女儿|孩子|哥|姐|弟|妹|爷爷|奶奶|外公|外婆|姥姥|姥爷|舅|姨|叔|婶|姑"
    r"|腰|胃|心脏|肝|肾|肺|眼睛|膝盖|腿|背|牙|耳朵|身体|血压|血糖|视力|听力"
)


def opinion(toks: list[Tok], past: bool = False) -> bool:
    """A judgement with no one in it (module docstring). ``toks``: the sentence's tokens
    (end marks dropped), the caller having found no person in them. With ``past``, a past
    copula is read too ("The view from the top was amazing!", « La vue était magnifique »,
    风景太美了): a model's note only (``chitchat`` kind ``recalled``)."""
    words = [t for t in toks if t.role != "comma"]
    if not words or len(words) > 14:
        return False
    if any(t.cjk for t in words):
        key = "".join(t.key for t in words if t.cjk)
        if past and key.endswith("了"):
            key = key[:-1]  # 太美了: the degree, not a past
        if any(w in key for w in _ZH_PAST) or key.startswith(("他们", "她们", "它们")):
            return False
        if _ZH_SOMEONE.search(key):  # 妈妈腰不好: a relative's health, no judgement of a thing
            return False
        return any(w in key for w in _ZH_VALUE) or any(t.cjk and t.key in ("好", "很好", "真好", "挺好") for t in words)
    if any(ch.isdigit() for t in words for ch in t.raw) or any(t.raw[:1].isupper() for t in words[1:]):
        return False
    if len(words) <= 4 and (_value(words[0]) or (words[0].key in _SUCH and len(words) > 1 and _value(words[1]))):
        return True  # "Gorgeous colors!", "Such vibrant colors!", « Quelles belles couleurs ! »
    copulas = _WAS if past else frozenset()
    if any(
        (t.key in _PAST and t.key not in copulas) or (t.key.endswith("ed") and t.key not in _VALUE and len(t.key) > 4)
        for t in words
    ):
        return False
    if not _definite(words):
        return False  # "It's amazing how a game brings people together": a view the writer holds
    return any(_value(t) for t in words)


#: A past copula: with ``past``, "The view was amazing" is read as "The view is amazing".
_WAS = frozenset({"was", "were", "etait", "etaient", "ete"})
_SUCH = frozenset({"such", "what", "so", "quel", "quelle", "quels", "quelles", "sungguh", "sangat"})


def _value(tok: Tok) -> bool:
    return tok.key in _VALUE or tok.stem in _VALUE or tok.key.rstrip("s") in _VALUE


#: A definite subject: the thing shown ("The colors…", « Les couleurs… », "Warnanya…").
_DEFINITE = frozenset({"the", "those", "these", "le", "la", "l'", "les", "ce", "cet", "cette", "ces"})


def _definite(words: list[Tok]) -> bool:
    first = words[0].key
    second = words[1].key if len(words) > 1 else ""
    return first in _DEFINITE or (first.endswith("nya") and len(first) > 5) or second in ("itu", "ini", "tu")
