"""A state of now: a clause said of the moment, not of the writer's life (issue #25, session 25).

Pure (one clause or sentence in, verdict out). The blind runs kept, in both modes, turns that only
say how the moment is ("so tired right now", « je mange là », "tgh makan ni", 今天苏州39度，热化了)
or give the moment's reason to go ("Biscuit's giving me the look, walk time", 不早了，明天还要早班).
A word list of errands (:data:`souvenir.lexical.closing._ERRAND`) names the reasons seen; this
module reads the **shape** instead, in English, French, Chinese and Malay::

    momentary("so tired right now")                   -> True   (a body's state, now)
    momentary("je mange là")                          -> True   (an act in progress, "là")
    momentary("tgh makan ni")                         -> True
    momentary("今天苏州39度")                          -> True   (today's weather)
    momentary("I'm so tired of my job")               -> False  (a durable predicate: job)
    momentary("I'm eating vegan now")                 -> False  (a diet: no act of the moment)
    leave_signal("walk time")                         -> True   (the moment's errand as "X time")
    leave_signal("不早了")                             -> True   (it is late: the day's end)
    leave_signal("off to do the school run")          -> True   (a chore, "do the X")
    reason(…) for a clause beside a leave-taking      -> the looser reading (below)

A clause is **of the moment** when nothing in it lasts — no digit (a temperature beside a word of
today is the weather), no calendar word (a month, a weekday, "next week", « depuis », 每, "sejak"),
no durable predicate (work, live, move, marry, study, allergic…, :data:`_DURABLE`), no relative
(a named person's fact: "my sister", 我妈, "mak"), no place — and it says the moment itself: a
state of the body or the day (tired, hungry, hot, 累, 饿, 热, "penat", « crevée »), or an act in
progress marked as now ("I'm eating right now", « je mange là », 正在吃饭, "tengah makan ni").

:func:`reason` reads a clause beside a leave-taking (:mod:`souvenir.lexical.closing`): the
leave-taking already says the turn ends, so a clause that lasts nothing and is short (at most
:data:`_REASON_WORDS` words, :data:`_REASON_HAN` Han characters) is the reason to go, with or
without a mark of now ("Biscuit's giving me the look", 明天还要早班 "early shift tomorrow").

No threshold is fitted: the word and character bounds are the length of a clause that says one
thing (a subject, a verb, an object or a time); the lists are closed classes (time words,
kinship, the body's states). Its cost on the read dialogues, the held-out ones and LoCoMo:
docs/write-path.md ("Session 25, lane model16").
"""

from __future__ import annotations

import re

from souvenir.lexical.place_names import is_place

__all__ = ["leave_signal", "momentary", "momentary_remark", "reason"]

#: The most words (Latin script) and Han characters a clause of the moment holds.
_REASON_WORDS = 7
_REASON_HAN = 10

#: Calendar and habit words: a clause holding one is a plan, a habit or a history.
_CALENDAR = re.compile(
    r"\b(?i:january|february|march|april|june|july|august|september|october|november|december"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year|years|next|last|every|always|usually"
    r"|never|since|ago|anymore|janvier|f[ée]vrier|mars|avril|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre"
    r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|semaine|mois|an|ans|ann[ée]e|prochaine?|dernier|derni[èe]re"
    r"|chaque|toujours|jamais|depuis|souvent|januari|februari|mac|mei|julai|ogos|oktober|disember|isnin|selasa|rabu"
    r"|khamis|jumaat|sabtu|ahad|minggu|bulan|tahun|depan|lepas|setiap|selalu|sejak|pernah|biasanya)\b"
    r"|[一二三四五六七八九十\d]+月|星期|礼拜|周[一二三四五六日末]|下周|上周|下个月|上个月|明年|去年|今年|每|一直|总是|经常|从来|以前|以后|已经"
)
#: Durable predicates: a life's facts (work, home, family, health, money, study, possessions).
_DURABLE = re.compile(
    r"\b(?i:work(?:s|ed|ing)?|job|jobs|career|boss|office|live[sd]?|living|mov(?:e|ed|es|ing)|marr(?:y|ied|ying)|divorc\w*|engaged"
    r"|pregnant|allergic|allergy|fever|flu|diagnos\w*|sick|ill|hospital|born|birth|(?<!early\s)start(?:s|ed|ing)?|quit|retir\w*|hired|fired|promot\w*|adopt\w*"
    r"|bought|buy(?:ing)?|sold|sell(?:ing)?|graduat\w*|stud(?:y|ies|ied|ying)|learn(?:ing|ed|t)?|join(?:ed|ing)?|visit(?:ing|ed)?"
    r"|coming|staying|new|first|vegan|vegetarian|house|flat|rent|mortgage|loan|debt|money|owe[sd]?|training|dating"
    r"|surgery|operation|appointment|interview|exam|test|flight|wedding|funeral|doctor|dentist|clinic|school|college|uni"
    r"|travaill\w*|boulot|bosse|habit\w*|vi[st]|d[ée]m[ée]nag\w*|mari[ée]e?s?|divorc\w*|enceinte|allergique|malade|fi[èe]vre|grippe|h[ôo]pital"
    r"|n[ée]e?|accouch\w*|naissance|commenc\w*|quitt\w*|retrait\w*|embauch\w*|achet\w*|vend\w*|[ée]tudi\w*|appren\w*|inscri\w*|nouveau|nouvelle"
    r"|premi[èe]re?|v[ée]g[ée]\w*|maison|appart\w*|loyer|pr[êe]t|dette|argent|vient|viens|op[ée]ration|rendez-vous|rdv"
    r"|entretien|examen|m[ée]decin|dentiste|vol|mariage|enterrement|[ée]cole|fac"
    r"|kerja|bekerja|ofis|tinggal|duduk|pindah|kahwin|cerai|mengandung|alergi|sakit|demam|selsema|hospital|lahir|mula|berhenti|pencen"
    r"|beli|jual|belajar|sekolah|rumah|sewa|hutang|duit|baru|bersalin|pembedahan|temuduga|peperiksaan|exam|doktor|klinik|kenduri"
    r"|kahwin|flight)\b"
    r"|生孩子|手术|面试|考试|体检|医生|航班|婚礼|学校|工作|上班|公司|老板|住|搬|结婚|离婚|怀孕|过敏|生病|发烧|感冒|病|医院|出生|开始|辞职|退休|买|卖|毕业|学|报名|房|租|贷|欠|钱|新|第一"
)
#: A relative or another named one's part: someone's fact, not the moment's.
_RELATIVE = re.compile(
    r"\b(?i:mum|mom|mother|dad|father|wife|husband|partner|son|daughter|brother|sister|aunt|uncle|cousin|grandma|grandpa"
    r"|granny|nan|friend|colleague|neighbour|neighbor|m[èe]re|p[èe]re|femme|mari|fils|fille|fr[èe]re|s(?:œ|oe)ur|tante|oncle"
    r"|cousine?|mamie|papi|ami|amie|coll[èe]gue|voisine?|mak|emak|ibu|ayah|abah|bapa|isteri|bini|suami|anak|abang|kakak"
    r"|adik|nenek|datuk|atuk|kawan|jiran|sepupu)\b"
    r"|妈|爸|母亲|父亲|老公|老婆|丈夫|妻子|儿子|女儿|孩子|哥|姐|弟|妹|爷|奶|外公|外婆|姥|舅|姨|叔|婶|姑|朋友|同事|邻居"
)
#: Now: the marks of the moment in each language.
_NOW = re.compile(
    r"\b(?i:now|right\s+now|rn|atm|at\s+the\s+moment|tonight|today|this\s+(?:morning|evening|afternoon)|already"
    r"|l[àa]|maintenant|en\s+ce\s+moment|ce\s+soir|ce\s+matin|aujourd'hui|d[ée]j[àa]|en\s+train\s+de"
    r"|ni(?=\s*$)|sekarang|hari\s+ni|malam\s+ni|pagi\s+ni|petang\s+ni|tengah|tgh|sedang)\b"
    r"|现在|今天|今晚|这会儿|正在|在吃|呢$"
)
#: The states of a body or of the day, said of the moment.
_STATE = re.compile(
    r"\b(?i:tired|exhausted|knackered|shattered|wiped|sleepy|hungry|starving|freezing|boiling|stuffed|bored|soaked|drenched"
    r"|long\s+day|busy\s+day|crazy\s+day|hot|cold|fatigu[ée]e?|crev[ée]e?|[ée]puis[ée]e?|claqu[ée]e?|mort(?:e)?\s+de\s+fatigue"
    r"|la\s+dalle|faim|froid|chaud|longue\s+journ[ée]e|grosse\s+journ[ée]e|sommeil"
    r"|penat|letih|mengantuk|ngantuk|lapar|panas|sejuk|kenyang|bosan|basah|sibuk)\b"
    r"|累|困|饿|热|冷|撑|忙死|烦死|晒|下雨|\d+\s*(?:度|°)"
)
#: An act in progress: a progressive verb ("I'm eating", "Biscuit's giving", « en train de », 在吃,
#: "tengah makan"), or a French present marked by « là ».
_PROGRESSIVE = re.compile(
    r"\b(?i:(?:i'?m|i\s+am|he'?s|she'?s|it'?s|they'?re|[A-Z][a-z]+'s|[A-Z][a-z]+\s+is)\s+(?:just\s+|still\s+)?(?!going\b|trying\b)\w+ing"
    r"|en\s+train\s+de|(?:je|j')\s*\w+\s+l[àa]|tengah|tgh|sedang|tgh2)\b"
    r"|正在|在(?:吃|喝|做|煮|洗|看|等|忙|路上)"
)
#: The moment's errand as its own time, "walk time", "time for bed", « c'est l'heure du bain », 该睡了,
#: "masa tidur"; it is late, 不早了, « il est tard », "dah lewat"; a chore to do, "off to do the
#: school run", « je vais faire les courses ».
_LEAVE = re.compile(
    r"^(?i:(?:it'?s\s+)?(?:[a-z]+\s+){0,1}[a-z]+\s+time(?:\s+for\s+(?:the\s+|my\s+)?[a-z]+(?:\s+[a-z]+)?)?|time\s+for\s+(?:my\s+|the\s+|a\s+)?[a-z]+|(?:it'?s\s+)?(?:getting\s+)?late"
    r"|(?:(?:i'?m|i\s+am)\s+)?off\s+to\s+(?:do\s+the|(?:make|cook|feed|walk|bathe|grab|fetch)\s+(?:the\s+|my\s+|some\s+|a\s+)?)"
    r"\s*[a-z]+(?:\s+[a-z]+)?)$"
    r"|^(?i:(?:c'est\s+)?l'heure\s+d[ue]s?\s+(?:la\s+|l')?[a-zéè]+|il\s+est\s+tard|(?:il\s+se\s+fait|[çc]a\s+se\s+fait)\s+tard"
    r"|(?:je\s+vais\s+|je\s+file\s+|je\s+pars\s+)faire\s+(?:les|la|le|mes|ma|mon)\s+[a-zéè]+)$"
    r"|^(?:不早了|很晚了|太晚了|好晚了|该睡了|该(?:去)?(?:吃饭|做饭|睡觉|洗澡|遛狗)了|到点了)(?:啊|呀|哈)?$"
    r"|^(?i:(?:dah|sudah)\s+(?:lewat|lambat|malam)(?:\s+(?:ni|dah|sangat))?|masa\s+(?:untuk\s+)?[a-z]+|time\s+[a-z]+)$"
)
#: The next hours, beside a leave-taking: the reason is the night's or the morning's.
_SOON = re.compile(r"\b(?i:tomorrow|soon|demain|bient[ôo]t|esok|pagi\s+esok)\b|明天|明早|今晚|待会")
#: Up early: the night's end and the morning's start ("early start", « tôt », "awal", 早班, 早起).
_EARLY = re.compile(r"\b(?i:early|t[ôo]t|awal)\b|早班|早起|一早")
#: Something acting on the writer now: "giving me the look", "staring at me", "waiting for me",
#: « me regarde », 在等我, "tunggu aku".
_ON_ME = re.compile(
    r"\b(?i:\w+ing\s+(?:me|at\s+me|for\s+me)(?:\s+the\s+look|\s+(?:now|again))?|m'attend|me\s+regarde|me\s+r[ée]clame"
    r"|(?:tunggu|panggil|cari)\s+(?:aku|saya|sy))\b|(?:在)?(?:等|叫|喊|找)我"
)
#: A thing of the house ready, on or done: "kettle's on", "dinner's ready", « le dîner est prêt »,
#: 饭好了, "nasi dah masak".
_READY = re.compile(
    r"^(?i:(?:the\s+|my\s+)?[a-z]+(?:'s|\s+is)\s+(?:on|ready|done|up|boiling)"
    r"|(?:le|la|les|mon|ma)\s+[a-zéè]+\s+(?:est|sont)\s+(?:pr[êe]te?s?|servie?s?|cuite?s?)"
    r"|[a-z]+\s+(?:dah|sudah)\s+(?:siap|masak|masak\s+dah))$"
    r"|^[\u4e00-\u9fff]{1,2}(?:好了|熟了|开了)$"
)
_NAME_WORD = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z\u00c0-\u00dd][\w'-]*")
#: A capitalised word opening the clause that is no pronoun or determiner: a name.
_NAMED = re.compile(r"^(?!(?:I|It|The|My|This|That|Le|La|Les|Il|Elle|Mon|Ma|Ce|Ça)\b)[A-Z\u00c0-\u00dd][\w-]*")
_HAN_SPAN = re.compile(r"[\u4e00-\u9fff]{2,3}")


def _lasts(clause: str) -> bool:
    """Something in ``clause`` lasts: a digit (a temperature beside today is the weather), a
    calendar word, a durable predicate, a relative, a place named, a name in the middle."""
    digits = re.sub(r"\d+\s*(?:度|°c?|°f?|degrees?|degr[ée]s?|darjah)", "", clause, flags=re.I)
    if any(ch.isdigit() for ch in digits) or (digits != clause and not _NOW.search(clause)):
        return True
    if _CALENDAR.search(clause) or _DURABLE.search(clause) or _RELATIVE.search(clause):
        return True
    words = re.findall(r"[A-Z\u00c0-\u00dd][\w'-]*", clause)
    if any(is_place(w) for w in words) or any(is_place(s) for s in _HAN_SPAN.findall(clause) if s != "今天"):
        return not _today_weather(clause)
    return False


def _today_weather(clause: str) -> bool:
    """今天苏州39度: a town's heat today is the weather, no fact about the writer."""
    return bool(re.search(r"今天|today|aujourd'hui|hari\s+ni", clause, re.I) and re.search(r"\d+\s*(?:度|°)", clause))


def _short(clause: str) -> bool:
    han = len(re.findall(r"[\u4e00-\u9fff]", clause))
    return (
        han <= _REASON_HAN
        and len(re.findall(r"[^\W\d_]+(?:'[a-z]+)?", re.sub(r"[\u4e00-\u9fff]", "", clause))) <= _REASON_WORDS
    )


def _second_name(clause: str) -> bool:
    """A capitalised word after the clause's first: a person or a thing named (kept)."""
    return any(m.start() > 0 for m in _NAME_WORD.finditer(clause))


def momentary(clause: str) -> bool:
    """``clause`` says only how the moment is (module docstring): short, nothing lasting, and a
    state of the body or the day, or an act in progress marked as now."""
    text = clause.strip().replace("\u2019", "'")
    if not text or not _short(text) or _lasts(text) or _second_name(text):
        return False
    if _states_the_moment(text) and not re.search(r"\b(?i:of|de|avec|dengan|sebab|because|parce)\b|因为", text):
        return True  # "so tired right now", 累死了, "penat gila" ("tired of my job": its object lasts)
    if _READY.match(text):
        return True  # "kettle's on", 饭好了: a thing of the house ready now
    return bool(_PROGRESSIVE.search(text) and _NOW.search(text))


#: What may follow a state that ends its clause: now, an intensifier, laughter ("so tired right now",
#: "penat gila", « crevée là », 累死了, 热化了).
_STATE_TAIL = re.compile(
    r"(?:\s*(?i:right\s+now|now|today|tonight|already|af|lol|haha+|gila|sangat|sgt|betul|dah|hari\s+ni|hari\s+ini"
    r"|malam\s+ni|ni|la|lah|l[àa]"
    r"|aujourd'hui|ce\s+soir|maintenant|mdr|死了|化了|坏了|爆了|惨了|得不行|了|啊|呀|哦|～|~))*$"
)


def _states_the_moment(text: str) -> bool:
    """A state of the body or the day ends the clause, with at most now or an intensifier after it."""
    return any(_STATE_TAIL.match(text, m.end()) for m in _STATE.finditer(text))


def reason(clause: str) -> bool:
    """``clause`` beside a leave-taking is its reason to go: of the moment (:func:`momentary`), or
    short with nothing lasting in it and a mark of the moment's call — a word of now or of the
    next hours ("tomorrow", 明天, « demain », "esok"), something acting on the writer now
    ("Biscuit's giving me the look", 在等我), a thing ready or on ("kettle's on", 饭好了)."""
    text = clause.strip().replace("\u2019", "'")
    if momentary(text):
        return True
    if not text or not _short(text) or _lasts(text) or _second_name(text):
        return False
    if _ON_ME.search(text) or _READY.match(text) or _EARLY.search(text):
        return True  # "Biscuit's giving me the look", "kettle's on", "early start", 明天还要早班
    if _FIRST_PERSON.match(text):
        return False  # "I have a dog now": the writer's new state lasts
    if _PROGRESSIVE.search(text):
        return True  # "Pepper's scratching at the door": an act of the moment, not the writer's
    return bool((_NOW.search(text) or _SOON.search(text)) and not _NAMED.match(text))


#: A clause opening on the writer ("I'm training for…": their life, not the moment's call).
_FIRST_PERSON = re.compile(r"^(?i:i(?:'?m|'?ve|'?ll|'?d)?|je|j'|moi|saya|aku|sy)\b|^我")


def leave_signal(clause: str) -> bool:
    """``clause`` says the turn ends for the moment's call: "walk time", "it's late", 不早了,
    « il est tard », "dah lewat", "off to do the school run" (module docstring)."""
    text = clause.strip().replace("\u2019", "'")
    if not text or not _LEAVE.match(text) or _NOT_ERRAND_TIME.match(text):
        return False
    return not _lasts(re.sub(r"(?i)\b(?:time|heure|masa|\w+\s+run)\b", "", text))


#: "X time" that is no errand of the moment: "part time", "first time", "long time", "good time".
_NOT_ERRAND_TIME = re.compile(
    r"^(?i:(?:it'?s\s+)?(?:part|full|first|last|long|good|hard|fun|great|nice|some|any|no|every|same|what|this|that|next"
    r"|free|spare|quality|about|high|big|real|short|double|over|half|peak|screen|face|me|family|play)\s+time)$"
)


#: A greeting or the assistant called, opening a remark: "hi", "morning Sara", « coucou Nova »,
#: 阿星, 小安, 你好, "Assalamualaikum", "pagi Dina".
_GREETING = re.compile(
    r"^(?i:hi|hey|hello|hiya|morning|good\s+(?:morning|evening|afternoon)|evening|salut|coucou|bonjour|bonsoir|yo"
    r"|assalamualaikum|salam|hai|helo|pagi|petang|malam|selamat\s+(?:pagi|petang|malam|tengah\s+hari))(?:\s+[A-Z][\w'-]*)?$"
    r"|^(?:你好|嗨|哈喽|早|早上好|晚上好)?(?:阿|小)[\u4e00-\u9fff]{1,2}(?:呀|啊)?$|^(?:你好|嗨|哈喽|早|早上好|晚上好|周末愉快)$"
    r"|^[A-Z][a-z]+$"
)
_CLAUSE_CUT = re.compile(r"\s*[,，;；、.!?。！？~～…\n]+\s*")
_EMOJI = re.compile(r"[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]+")


def momentary_remark(text: str) -> bool:
    """``text`` (a sentence or a whole message) only says how the moment is: every clause of the
    moment (:func:`momentary`) or a greeting calling the assistant ("阿星！今天苏州39度，热化了",
    "so tired right now", « je mange là », "tgh makan ni"), and at least one of the moment."""
    clauses = [c.strip(" \"'") for c in _CLAUSE_CUT.split(_EMOJI.sub(" ", text.replace("\u2019", "'")))]
    clauses = [
        re.sub(r"^(?i:ugh|argh|omg|oh|ah|haih|aduh|alamak|wah|phew|pfff?|bon|ok|okay|well|lol)\s+", "", c)
        for c in clauses
        if c
    ]
    moments = [c for c in clauses if not _GREETING.match(c)]
    return bool(moments) and len(clauses) <= 4 and all(momentary(c) for c in moments)
