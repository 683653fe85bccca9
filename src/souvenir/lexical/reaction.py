"""Reactions: a sentence that answers the other's news, wishes them well or laughs (issue #25).

A chit-chat kind (:mod:`souvenir.lexical.chitchat`) that names nothing of the writer. Pure
(one sentence in, verdict out)::

    reaction("I can imagine it's incredibly rewarding.")  -> True   (a belief about the other's news)
    reaction("Have a nice day!")                          -> True   (a wish)
    reaction("haha so funny")                             -> True   (laughter)
    reaction("I'm sure it was the best move I made.")     -> False  ("I" after the frame)
    reaction("Have a great trip to Japan!")               -> False  (a place: maybe the writer's trip)
    maxim("It helps us remember the small joys.")         -> True   (a maxim: "it helps us…")

- a **belief about the other's news** — "I can imagine / I bet / I'm sure (that)" followed by
  no word of the writer's own: « J'imagine que c'était génial », « Je suis sûre que ça a
  compté », 我能想象那一定很有意义, "Saya boleh bayangkan ia sangat bermakna";
- a **wish** — the whole sentence a wish for a time or a trip: "Have a nice day", "Enjoy the
  rest of your weekend", "Have fun!", « Passe une bonne soirée », « Bon week-end »,
  祝你周末愉快, 玩得开心, "Selamat hujung minggu", "Semoga hari awak indah";
- **laughter** — a laugh and nothing but words of fun: "haha so funny", "lol that's
  hilarious", « haha trop drôle », 哈哈太好笑了, "haha kelakar betul";
- a **comment on a picture shown** — "That's a chill pic!", « Quelle photo sympa ! »,
  这张照片好酷, "Gambar yang santai!": a word for a picture, at most two words of comment.

Never a reaction: a sentence holding the writer after the frame (I / my / we, je / mon /
nous, 我 / 我们, saya / kami / kita), a third person (he / they, il / ils, 他 / 她, dia /
mereka: "I'm sure they'll love it" may be the writer's children), a digit, a capitalised word past the first (a name or a
place: "I bet Paris was lovely" may be the writer's trip) or a time word ("I'm sure it will
be fine next week"). A name called out at the end ("…, Mel!") is set aside.
What the kind costs on LoCoMo: ``bench/chitchat_share.py --by-kind reaction``
(docs/write-path.md). No threshold: the lexicons are the rule.
"""

from __future__ import annotations

import re
import unicodedata

from souvenir.lexical import lexicon as lx

__all__ = ["maxim", "reaction"]

_OPEN = r"^\W*(?:(?:oh|wow|aw+|yeah|yes|and|well|ah|wah|ooh|omg)\b\W*)*"
#: "I can imagine / I bet / I'm sure (that)": the writer's belief about the other's news.
_BELIEF = re.compile(
    _OPEN
    + r"(?:i(?:\s+can\s+(?:only\s+|totally\s+|just\s+)?imagine|\s+would\s+imagine|'d\s+imagine|\s+bet|(?:'m|\s+am)\s+"
    r"(?:so\s+|really\s+|totally\s+)?sure|\s+have\s+no\s+doubt)(?:\s+that)?"
    r"|j'imagine(?:\s+(?:que|qu'))?|je\s+(?:peux\s+(?:bien\s+)?imaginer|m'imagine|parie|suis\s+(?:s[uû]re?|certaine?)"
    r"|n'ai\s+aucun\s+doute)(?:\s+(?:que|qu'))?"
    r"|(?:saya|aku)\s+(?:boleh\s+|dapat\s+)?(?:bayangkan|pasti|yakin)(?:\s+(?:yang|bahawa))?)(?:\s+|$)",
    re.I,
)
_ZH_BELIEF = re.compile(r"^(?:哇|哦|啊)?[，,]?我(?:能|可以)?(?:想象|想像|猜|敢说|肯定|相信)(?:得到|得出)?")
#: A wish for a time or a trip, the whole sentence.
_WISH = re.compile(
    _OPEN + r"(?:(?:have|enjoy)\s+(?:(?:a|an|the|your)\s+)?(?:(?:rest\s+of\s+(?:the|your)|\w+)\s+){0,2}"
    r"(?:day|days|weekend|week|night|evening|morning|afternoon|time|one|trip|holiday|holidays|vacation|break|meal|"
    r"dinner|lunch|rest)"
    r"|have\s+fun|(?:passe|passez|profite|profitez)\s+(?:bien\s+)?(?:d'une|une|de\s+(?:ta|votre|ton|la|ce|cette))\s+"
    r"(?:(?:bonne|excellente|belle|super|fin\s+de)\s+)*(?:journ[ée]e|soir[ée]e|nuit|week-end|weekend|semaine|vacances)"
    r"|(?:bonne|bon|excellente?|belle)\s+(?:fin\s+de\s+)?(?:journ[ée]e|soir[ée]e|week-end|weekend|semaine|vacances"
    r"|voyage|app[ée]tit|s[ée]jour|route)"
    r"|selamat\s+(?:hujung\s+minggu|bercuti|menjamu\s+selera|jalan|berehat)"
    r"|semoga\s+(?:hari|hujung\s+minggu|cuti)\s+(?:awak|kamu|anda)?\s*(?:indah|menyeronokkan|baik|ceria|seronok))"
    r"(?:\s+(?:too|as\s+well|à\s+toi\s+aussi|aussi|juga|ya))?[\W]*$",
    re.I,
)
_ZH_WISH = re.compile(
    r"^(?:祝(?:你|您|你们)?)?(?:(?:周末|假期|旅途|旅行|今天|今晚|晚上|一路)?(?:愉快|开心|快乐|顺利|顺风|平安)"
    r"|玩得(?:开心|愉快)|好好休息|早点休息|好梦)[哦呀啊吧！!。~～]*$"
)
#: Laughter, and the words of fun that may follow it.
_LAUGH = re.compile(
    r"^\W*(?:(?:ha){2,}h?|(?:he){2,}|(?:hi){2,}|lol+|lmao|rofl|mdr|ptdr|xd|wk(?:wk)+|哈哈+|嘻嘻|呵呵)", re.I
)
_FUN = frozenset(
    """ha haha hahaha hehe lol lmao rofl xd mdr ptdr so too really very that that's it's this is such funny hilarious
    lmfao omg cute c'est ca ça trop tellement vraiment drole drôle marrant hilarant rigolo
    kelakar lawak lucu betul sangat gila nya wkwk wkwkwk""".split()
)
_ZH_FUN = re.compile(
    r"^(?:哈+|嘻+|呵+|太|真|好|笑死我了|笑死了|笑死|好笑|搞笑|有趣|逗|了|啊|呀|吧|！|!|。|，|,|~|～)+$"
)
#: A picture shown and a comment of at most two words.
_PICTURE = re.compile(
    _OPEN + r"(?:(?:that's|that\s+is|this\s+is|what)\s+(?:a|an|such\s+a)\s+(?:\w+\s+){0,2}"
    r"(?:pic|pics|picture|photo|photos|shot|snap|selfie)"
    r"|(?:quelle|jolie|belle|super)\s+(?:\w+\s+)?photo(?:\s+\w+)?"
    r"|(?:gambar|foto)\s+(?:yang\s+)?\w+(?:\s+(?:betul|sangat|sekali|nya))?)[\W]*$",
    re.I,
)
_ZH_PICTURE = re.compile(
    r"^(?:哇[，,]?)?(?:这|那)(?:张|些)(?:照片|图|图片|相片)(?:真|好|太|很|挺)\w{1,2}[啊呀了！!。~～]*$"
)

#: The writer, a time or a place: never in a reaction.
_WRITER = frozenset(
    """i i'm i've i'd i'll me my mine myself we we're we've we'll us our ours
    je j' moi mon ma mes nous notre nos on
    saya aku ku kami kita""".split()
)
_TIME = frozenset(
    """yesterday tomorrow today tonight last next ago week weeks month months year years weekend
    hier demain aujourd'hui semaine mois an ans annee dernier derniere prochain prochaine
    semalam esok hari minggu bulan tahun lepas depan""".split()
)
#: A third person after the frame may be the writer's own ("I'm sure they'll love it": my kids?).
_THIRD = frozenset("he she they them their his her him il elle ils elles leur leurs lui dia mereka".split())
_ZH_WRITER = (
    "我",
    "咱",
    "他",
    "她",
    "昨天",
    "明天",
    "今天",
    "去年",
    "明年",
    "上周",
    "下周",
    "上个",
    "下个",
    "年",
    "月",
)


#: A fact of the writer's life after the frame — health, money, a bereavement, a family event,
#: a relative — is never a reaction: "I'm sure it's cancer, the biopsy said so", « Je suis
#: sûre que c'est un cancer », 我相信是癌症, "Saya pasti ia kanser", "I bet mom's surgery went
#: fine" were dropped as chit-chat (tests/test_break_session14.py). Keys lower-cased, accents
#: folded; the relatives are :data:`souvenir.lexical.lexicon.RELATIONS`.
_LIFE = frozenset(
    """cancer tumor tumour tumors chemo chemotherapy radiotherapy biopsy diagnosis diagnosed surgery operation
    hospital hospitalised hospitalized illness sick disease diabetes diabetic depression depressed anxiety
    pregnant pregnancy miscarriage hereditary genetic therapy medication meds pills insulin dialysis stroke
    heart kidney kidneys liver lungs hiv covid dementia alzheimer's alzheimers autism adhd disorder injury
    funeral died death dying passed divorce divorced separated debt debts loan loans mortgage bankrupt
    bankruptcy rent salary wage fired laid layoff unemployed pension
    tumeur chimio chimiotherapie radiotherapie biopsie diagnostic operation chirurgie hopital maladie malade
    diabete depression anxiete enceinte grossesse fausse-couche hereditaire traitement medicaments insuline
    dialyse avc infarctus coeur rein reins poumons sida demence obseques enterrement deces mort morte
    divorce dette dettes pret credit hypotheque faillite loyer salaire licencie licenciee chomage retraite
    kanser kemo kemoterapi biopsi diagnosis pembedahan operasi hospital penyakit sakit diabetes kencing manis
    kemurungan keresahan mengandung hamil keguguran keturunan rawatan ubat insulin dialisis strok jantung buah
    pinggang paru-paru pengebumian meninggal mati arwah cerai bercerai penceraian hutang pinjaman gadai bankrap
    muflis sewa gaji dibuang diberhentikan menganggur pencen""".split()
)
_ZH_LIFE = (
    "癌",
    "肿瘤",
    "化疗",
    "放疗",
    "活检",
    "诊断",
    "确诊",
    "手术",
    "医院",
    "住院",
    "病",
    "糖尿",
    "抑郁",
    "焦虑",
    "怀孕",
    "流产",
    "遗传",
    "治疗",
    "药",
    "胰岛素",
    "透析",
    "中风",
    "心脏",
    "肾",
    "肝",
    "肺",
    "葬礼",
    "去世",
    "死",
    "离婚",
    "债",
    "贷款",
    "房贷",
    "破产",
    "房租",
    "工资",
    "裁员",
    "失业",
    "退休",
) + lx.ZH_RELATIONS


def _fold(word: str) -> str:
    """``word`` lower-cased without its accents (« sûre » → "sure", « hôpital » → "hopital")."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


def _bare(sentence: str) -> str:
    """The sentence without a name called out at its end ("…, Mel!") nor a trailing quote."""
    text = sentence.replace("\u2019", "'").strip().strip("\"'“”«» ")
    return re.sub(r"[,，]\s*[A-Z][a-z\u00e0-\u00ff]+\s*([!.?！。]*)\s*$", r"\1", text)


def _clean(rest: str, time_ok: bool = False) -> bool:
    """No writer, digit, capitalised word, time word, relative or fact of life (:data:`_LIFE`)
    in ``rest`` (module docstring)."""
    if re.search(r"\d", rest) or any(z in rest for z in _ZH_WRITER) or any(z in rest for z in _ZH_LIFE):
        return False
    for raw in re.findall(r"[\w'\u00c0-\u00ff-]+", rest):
        word = raw.lower()
        folded = _fold(raw)
        if folded in _LIFE or folded.split("'")[0] in lx.RELATIONS or folded.split("'")[-1] in _LIFE:
            return False
        if word in _WRITER or word.split("'")[0] + "'" in _WRITER or word.split("'")[0] in _WRITER:
            return False
        if raw[0].isupper() and raw != "I":
            return False
        if word.split("'")[0] in _THIRD or (not time_ok and word in _TIME):
            return False
    return True


def reaction(sentence: str) -> bool:
    """A reaction to the other's news, a wish or laughter (module docstring)."""
    text = _bare(sentence)
    if not text:
        return False
    if _WISH.match(text) or _ZH_WISH.match(text):
        return True
    if _LAUGH.match(text):
        words = re.findall(r"[\w'\u00c0-\u00ff]+", text.lower())
        zh = "".join(ch for ch in text if "\u3400" <= ch <= "\u9fff" or ch in "！!。，,~～")
        latin = [w for w in words if not any("\u3400" <= ch <= "\u9fff" for ch in w)]
        if all(w in _FUN or re.fullmatch(r"(?:ha)+h?|(?:he)+|(?:hi)+|lo+l|wk(?:wk)+", w) for w in latin) and (
            not zh or _ZH_FUN.match(zh)
        ):
            return True
    if _PICTURE.match(text) or _ZH_PICTURE.match(text):
        return _clean(text[text.find(" ") + 1 :] if " " in text else "")
    belief = _BELIEF.match(text)
    if belief:
        return _clean(text[belief.end() :])
    zh_belief = _ZH_BELIEF.match(text)
    if zh_belief:
        return _clean(text[zh_belief.end() :])
    return False


#: A maxim's frame: "This is a reminder to…", "Life is too short", « C'est un rappel que… »,
#: 这提醒我们…, "Ini peringatan untuk…"; what follows is read by :func:`_clean`.
_MAXIM = re.compile(
    _OPEN + r"(?:(?:this|that|it)(?:'s|\s+is|\s+was)?\s+(?:a|such\s+a)\s+(?:\w+\s+)?reminder\s+(?:to|that|of)"
    r"|(?:this|that|it)\s+reminds\s+(?:us|everyone|people|one)\s+(?:to|that|of)|life(?:'s|\s+is)\s+(?:too|so)\s+short"
    r"|(?:c'est|ca|ça|cela)\s+(?:est\s+)?(?:un\s+)?(?:bon\s+|beau\s+)?rappel\s+(?:que|qu'|de|d'|pour)"
    r"|(?:ca|ça|cela)\s+(?:nous\s+)?rappelle\s+(?:que|qu'|de|d')|la\s+vie\s+est\s+(?:trop|si)\s+courte"
    r"|(?:ini|itu)\s+(?:adalah\s+)?(?:satu\s+)?peringatan\s+(?:untuk|bahawa|supaya|agar)"
    r"|hidup\s+(?:ini\s+)?(?:terlalu|sangat)\s+singkat"
    r"|(?:it|this|that)\s+(?:really\s+|always\s+|just\s+)?(?:helps|reminds|teaches|lets|makes)\s+(?:us|everyone|people|one)"
    r"\s+(?:to\s+)?(?:remember|appreciate|cherish|value|realize|realise|see|stay|enjoy|slow\s+down|be\s+grateful)"
    r"|(?:ça|ca|cela)\s+nous\s+(?:aide|apprend|permet)\s+(?:à|a|de|d')\s*(?:nous\s+)?(?:rappeler|souvenir|appr[ée]cier"
    r"|profiter|savourer|chérir|cherir|ralentir)"
    r"|(?:ia|ini|itu)\s+(?:membantu|mengingatkan|mengajar)\s+kita\s+(?:untuk\s+|supaya\s+)?(?:ingat|mengingati"
    r"|menghargai|hargai|bersyukur|nikmati|menikmati))",
    re.I,
)
_ZH_MAXIM = re.compile(
    r"^(?:这|那)(?:是)?(?:一个)?(?:很好的)?提醒(?:了)?(?:我们|大家|人们)?|^人生(?:苦短|太短)|^生命太短"
    r"|^(?:它|这|那)(?:能|会|总是)?(?:帮助|帮|让|教)(?:我们|大家|人们)(?:记住|记得|珍惜|感恩|欣赏|享受|放慢)"
)


#: A rule of how to do something, to anyone: "The best way to…", « La meilleure façon de… »,
#: 最好的方法是…, "Cara terbaik untuk…" (dlg-en's "The best way to learn Portuguese is by
#: listening to the music of the world.", session 18). A topic may be named (Portuguese):
#: only the writer and their relations are refused after it (:func:`_unowned`).
_HOWTO = re.compile(
    _OPEN + r"(?:(?:the\s+)?(?:best|only|easiest|fastest|quickest|surest|right|secret)\s+(?:way|thing|trick)\s+to\b"
    r"|(?:the\s+)?key\s+to\s+\w+(?:\s+\w+)?\s+is\b"
    r"|(?:la\s+)?(?:meilleure|seule)\s+(?:façon|manière|chose)\s+(?:de|d')|(?:le\s+)?(?:meilleur|seul)\s+moyen\s+(?:de|d')"
    r"|(?:le\s+)?secret\s+pour\b"
    r"|cara\s+(?:terbaik|paling\s+(?:baik|mudah|senang))\s+untuk\b|rahsia\s+untuk\b)",
    re.I,
)
_ZH_HOWTO = re.compile(r"^\w{0,8}?最好的(?:方法|办法|方式)")


def _unowned(rest: str) -> bool:
    """No writer, relation or third person in ``rest`` (a how-to rule names a topic freely)."""
    if any(z in rest for z in _ZH_WRITER) or any(z in rest for z in ("他", "她")):
        return False
    for raw in re.findall(r"[\w'\u00c0-\u00ff-]+", rest):
        word = raw.lower()
        if _fold(raw).split("'")[0] in lx.RELATIONS or word.split("'")[0] in _THIRD:
            return False
        if word in _WRITER or word.split("'")[0] + "'" in _WRITER or word.split("'")[0] in _WRITER:
            return False
    return True


def maxim(sentence: str, generic_we: bool = False) -> bool:
    """A maxim with no one in it: a how-to rule (:data:`_HOWTO`: "The best way to…", with no
    writer, relation or third person anywhere in it), or a frame ("This is a reminder to…",
    « C'est un rappel que… », 这提醒我们…, "Ini peringatan untuk…", "Life is too short") and nothing of the writer, no
    third person, digit, capitalised word or time word after it (:func:`_clean`); with
    ``generic_we``, a "we" or "our" after it is everyone's (:data:`_GENERIC_WE`)."""
    text = _bare(sentence)
    howto = _HOWTO.match(text) or _ZH_HOWTO.match(text)
    if howto is not None and _unowned(text):  # the frame holds no writer: the whole is read
        return True
    found = _MAXIM.match(text) or _ZH_MAXIM.match(text)
    rest = text[found.end() :] if found is not None else ""
    return found is not None and _clean(_GENERIC_WE.sub(" ", rest) if generic_we else rest)


#: After a maxim's frame, with ``generic_we`` (a model's note), "we" is everyone ("It reminds us to follow our dreams", « de suivre
#: nos rêves », 追随我们的梦想, "mengejar impian kita"): set aside before :func:`_clean`, which
#: still refuses a relative, a time, a name or a digit ("…to visit our mom" stays a fact).
_GENERIC_WE = re.compile(r"\b(?:we|us|our|ours|ourselves|nous|notre|nos|kita)\b|我们|咱们", re.I)
