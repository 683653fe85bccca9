"""A conversation's closing: thanks and a leave-taking in one sentence (issue #25).

Pure (sentence in, verdict out). Session 22's held-out runs kept, in both modes, messages that
only close the chat: 好嘞，谢谢小星，我先睡了。 ("OK, thanks Xiaoxing, I'm off to sleep"),
"Ok dah tangkap. Terima kasih Dina, nanti akak sambung. Bye!" ("got it, thanks Dina, I'll
carry on later"). Each clause of such a sentence is chit-chat on its own, but the sentence as a
whole was read as none of the kinds (:mod:`souvenir.lexical.chitchat`)::

    closing("好嘞，谢谢小星，我先睡了。")                  -> True
    closing("Terima kasih Dina, nanti akak sambung.")     -> True
    closing("Thanks Sam, I'm off to bed now.")            -> True
    closing("Merci Hugo, je reviens plus tard.")          -> True
    closing("Thanks Sam, I start at the bakery on Monday.") -> False  (a fact)
    closing("Thanks, I'm off to Japan next month.")       -> False  (a plan: not a leave-taking)

The rule: the sentence's clauses (cut at commas) are each an acknowledgement ("ok", "got it",
好嘞, "dah tangkap", "ok Dina"), a need of the moment calling the writer away (a pet's, a child's), thanks with at most the name it calls ("Thanks Sam", 谢谢小星, "Terima
kasih Dina"), a leave-taking (:func:`souvenir.lexical.passing.leaving`: "I'm off to bed", 我先睡了),
a "later" ("talk later", « je reviens plus tard », 回头再聊, "nanti sambung") or a farewell
("bye", 拜拜); and there are thanks (or the assistant called by name) **and** a leave-taking, a
"later" or a farewell in it. Session 23 (lane model12) added the kinds model10's held-out runs
kept in both modes, read over a whole message's sentences: a farewell calling the assistant by
name beside a leave-taking (好滴～我先去洗澡了，晚安小航！), the moment's call away (« une alarme
sonne », 闹钟响了) and a return to the day's work (« Je retourne voir mes patients », 我去画图了,
"back to work"), thanks *for* the help (« merci pour tout », "thanks for all the help this
autumn") and praise of the assistant (« t'es un amour », 这学期多亏有你陪我, "awak memang terbaik")::

    closing("Merci Lumi t'es un amour. Je retourne voir mes patients.")  -> True
    closing("I'm off to my new job at the bakery, bye Lumi")            -> False  (a fact)

No
threshold: the lexicons are the rule; a place, a date or a number in a leave-taking makes it a
plan (:func:`~souvenir.lexical.passing.leaving`), and any other clause keeps the sentence.
"""

from __future__ import annotations

import re

from souvenir.lexical.momentary import momentary_need
from souvenir.lexical.passing import farewell_named as leaving_named
from souvenir.lexical.passing import leaving
from souvenir.lexical.place_names import is_place

__all__ = ["closing", "farewell_to_a_place"]

#: Thanks, with at most the name it calls (a capitalised word, or one to three Han characters).
_THANKS = re.compile(
    r"^(?:(?i:thanks|thank\s+you|thx|ty|cheers|merci|terima\s+kasih|tq|tqvm|thanks\s+a\s+lot|thank\s+you\s+so\s+much)"
    r"(?:\s+(?i:so\s+much|a\s+lot|beaucoup|bien|infiniment|banyak(?:-banyak)?|ya|yaa|ye|tau))?"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?"
    r"|(?:谢谢|多谢|感谢|谢啦|谢了)(?:你|您|啦|了|哈)?(?:[\u4e00-\u9fff]{1,3})?)$"
)
#: An acknowledgement: ok, got it, noted, 好嘞, 好的, « d'accord », "dah tangkap", "baik".
_ACK = re.compile(
    r"^(?i:ok(?:ay|ey|eh)?|alright|all\s+right|right|got\s+it|noted|perfect|great|cool|d'accord|parfait|entendu"
    r"|c'est\s+not[ée]|bon|super|baik|baiklah|okeh|okey|dah\s+tangkap|faham|noted\s+ya|orait)"
    r"(?:\s+(?i:then|alors|lah|la|ya|dah|je))?(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:好嘞|好的|好|行|嗯|嗯嗯|收到|明白了?|懂了|知道了)(?:啦|了|哈)?$"
)
#: "Later": "talk later", "I'll continue later", « je reviens plus tard », « à plus », 回头再聊,
#: 下次再说, "nanti sambung", "nanti akak sambung", "jumpa lagi".
_LATER = re.compile(
    r"^(?i:(?:i'?ll\s+|we'?ll\s+)?(?:talk|chat|continue|catch\s+up|pick\s+(?:this|it)\s+up|come\s+back|be\s+back"
    r"|speak)(?:\s+(?:to\s+you|with\s+you|more))?\s+(?:later|soon|tomorrow)"
    r"|(?:talk|speak|chat)\s+(?:to\s+you\s+)?(?:later|soon)|later|see\s+you(?:\s+(?:later|soon|tomorrow))?"
    r"|(?:je\s+)?(?:reviens|repasse|continue(?:rai)?|reprendrai)\s+(?:plus\s+tard|demain|bient[ôo]t)"
    r"|on\s+(?:en\s+)?(?:reparle|continue)\s+(?:plus\s+tard|demain|bient[ôo]t)|[àa]\s+(?:plus|bient[ôo]t|demain)(?:\s+tard)?"
    r"|nanti\s+(?:(?:saya|aku|akak|abang|adik|kita|sy)\s+)?(?:sambung|borak|sembang|tanya|contact|mesej|call)(?:\s+(?:lagi|balik))?"
    r"|jumpa\s+lagi|esok\s+(?:saya|aku|akak\s+)?sambung|(?:kena|nak|mesti)\s+(?:pergi|gerak|chow)(?:\s+dulu)?)$"
    r"|^(?:回头|下次|改天|明天|晚点)(?:再)?(?:聊|说|问|继续)(?:吧|啦|了)?$"
)
#: A farewell: bye, goodbye, « au revoir », « salut », 拜拜, 再见, "bye dulu", "selamat malam".
_FAREWELL = re.compile(
    r"^(?i:(?:good)?bye(?:\s+bye)?|bye\s+dulu|au\s+revoir|salut|ciao|cya|take\s+care|selamat\s+malam|good\s*night"
    r"|bonne\s+(?:nuit|soir[ée]e|journ[ée]e)|bye\s+for\s+now)(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:拜拜|再见|晚安)(?:啦|了|咯|哦)?(?:[\u4e00-\u9fff]{1,3})?$"
)


#: An interjection opening a clause ("Bon une alarme sonne", "ok so I'm back to work").
_LEAD = re.compile(r"^(?i:bon|ok|okay|oh|alors|allez|well|right|so|eh|ah|oups|oops|aduh|alamak)\s+(?=\S)")
#: Thanks *for* something the assistant gave, with a time at most: "thanks for all the help this
#: autumn", « merci pour tout », « merci pour ton aide ce soir », 谢谢你的帮助, "terima kasih atas
#: bantuan awak". What is thanked is a word of help or talk, never a thing or a place.
_HELP_EN = r"(?:help|advice|tips?|support|chat|talk|listening|ear|patience|company|ideas?|suggestions?|everything)"
_HELP_FR = (
    r"(?:tout|ton\s+aide|votre\s+aide|l'aide|tes\s+conseils|vos\s+conseils|les\s+conseils|ton\s+[ée]coute"
    r"|ta\s+patience|la\s+discussion|cette\s+discussion|ce\s+moment|les\s+id[ée]es|tes\s+id[ée]es)"
)
_WHEN = (
    r"(?:\s+(?:today|tonight|again|as\s+always|lately|so\s+far|this\s+(?:morning|evening|week|month|year|autumn|fall"
    r"|winter|spring|summer|term|semester)|these\s+(?:days|weeks|months)"
    r"|aujourd'hui|ce\s+soir|encore|comme\s+toujours|cette\s+(?:semaine|ann[ée]e)|ce\s+(?:mois|semestre|trimestre)"
    r"|hari\s+ini|malam\s+ni|malam\s+ini|lagi|selalu))?"
)
_THANKS_FOR = re.compile(
    r"^(?i:thanks|thank\s+you|cheers|many\s+thanks)(?:\s+(?i:so\s+much|a\s+lot|again))?"
    rf"\s+(?i:for)\s+(?i:(?:all\s+)?(?:the|your|all)\s+)?(?i:{_HELP_EN}){_WHEN}"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    rf"|^(?i:merci)(?:\s+(?i:beaucoup|encore|infiniment))?\s+(?i:pour|de)\s+(?i:{_HELP_FR}){_WHEN}"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?i:terima\s+kasih|tq|thanks)(?:\s+(?i:banyak(?:-banyak)?))?\s+(?i:atas|untuk|sebab)\s+"
    r"(?i:(?:semua\s+)?(?:bantuan|nasihat|tunjuk\s+ajar|tips|pertolongan|sokongan|masa))"
    r"(?:\s+(?i:awak|kau|you|akak|abang|adik))?" + _WHEN + r"(?:\s+[A-Z][\w'-]*)?$"
    r"|^(?:谢谢|多谢|感谢)(?:你|您)?(?:的|这段时间的|一直以来的)?(?:帮助|帮忙|建议|陪伴|开导|倾听|耐心)(?:啦|了|哈)?$"
)
#: Praise of the assistant, or gratitude for its being there: "you're the best", "you're a
#: lifesaver", « t'es un amour », « tu es géniale », 这学期多亏有你陪我, 有你真好, "awak memang
#: terbaik", "Dina memang banyak membantu". Second person (or the name called) and a word of praise.
_PRAISE = re.compile(
    r"^(?i:you'?re|you\s+are|u\s+r|you'?ve\s+been)\s+(?i:(?:such|so|really|truly|the|a|an|always)\s+){0,3}"
    r"(?i:best|star|gem|angel|lifesaver|life\s+saver|legend|sweetheart|darling|champ|great|amazing|awesome|wonderful"
    r"|brilliant|helpful|a\s+great\s+help|so\s+helpful|the\s+best)$"
    r"|^(?i:t'es|tu\s+es|vous\s+[êe]tes)\s+(?i:(?:vraiment|trop|tellement|si|le|la|un|une|mon|ma)\s+){0,3}"
    r"(?i:amour|ange|chou|cr[èe]me|top|meilleure?|g[ée]niale?|adorable|formidable|parfaite?|sauveur|sauveuse|b[ée]nie?)$"
    r"|^(?i:(?:awak|kau|you|[A-Z][\w'-]*))\s+(?i:(?:memang|sangat|betul|paling|the)\s+){0,2}"
    r"(?i:terbaik|the\s+best|best|baik|banyak\s+membantu|membantu|hebat|bagus|penyelamat)(?:\s+(?i:lah|la|sangat|betul))?$"
    r"|^(?:这学期|这段时间|这阵子|这些天|这几天|这周|今天|最近|一直以来|一直)?(?:真的|真是|幸亏|还好|幸好|多亏)?"
    r"(?:多亏(?:了)?(?:有)?你|幸好有你|还好有你|有你真好|有你在真好|辛苦你|麻烦你|你真好|你最好|你太好|你真棒|你太棒)"
    r"(?:陪(?:着)?我|帮(?:了)?我|帮忙|在|了|啦|呀|啊|哦|！|!)*$"
)
#: A call of the moment away from the chat: an alarm, a bell, a phone, a door, a patient's room
#: ringing; « une alarme sonne », « la chambre 12 sonne », 闹钟响了, 有人敲门, "phone bunyi". A
#: number here names a room or a bed, not a date: the clause says nothing durable.
_CALLED_AWAY = re.compile(
    r"^(?i:(?:the|my|an?)\s+(?:alarm|phone|doorbell|bell|buzzer|pager|timer|oven)(?:'s|\s+is|\s+went\s+off|\s+just\s+went\s+off)?"
    r"(?:\s+(?:ringing|going\s+off|beeping|buzzing))?|someone'?s\s+at\s+the\s+door|(?:duty|work)\s+calls"
    r"|(?:room|bed)\s+\d+\s+(?:is\s+)?(?:calling|ringing|buzzing))$"
    r"|^(?i:(?:une|l'|mon|le|la)\s*(?:alarme|sonnette|t[ée]l[ée]phone|bip|minuteur|chambre\s+\d+|lit\s+\d+|four)"
    r"\s+(?:sonne|bipe|m'appelle)|[çc]a\s+sonne|on\s+sonne|on\s+m'appelle|le\s+devoir\s+m'appelle"
    r"|(?:le\s+)?boulot\s+m'appelle)$"
    r"|^(?:闹钟|电话|门铃|铃)(?:响|来)了|有人(?:敲门|找我|叫我)(?:了)?|来电话了|老板(?:叫|找)我(?:了)?$"
    r"|^(?i:(?:alarm|phone|fon|loceng)\s+(?:dah\s+)?bunyi|ada\s+orang\s+(?:ketuk\s+pintu|panggil)|bos\s+(?:dah\s+)?panggil)$"
)
#: Back to the work of the day, the leave-taking of one at work or study: "back to work", « je
#: retourne voir mes patients », « au boulot », 我去画图了, "sambung kerja". A new job, a place or
#: a date makes it a fact ("I'm off to my new job at the bakery" is not read here).
_BACK_TO_WORK = re.compile(
    r"^(?i:(?:(?:i'?m|i\s+am|i'?ll|i\s+(?:have|need)\s+to|gotta)\s+)?(?:(?:go|get|head(?:ing)?|going)\s+)?back\s+to"
    r"\s+(?:work|it|my\s+(?:desk|patients|shift|revision|homework|drawing|studies|essay|thesis|code)|the\s+(?:grind|office|ward|books)))$"
    r"|^(?i:(?:je\s+)?(?:retourne|repars|y\s+retourne)\s+(?:au\s+(?:boulot|travail|taf|bureau)|bosser|travailler|r[ée]viser"
    r"|voir\s+mes\s+(?:patients|[ée]l[èe]ves|clients)|[àa]\s+mes\s+(?:patients|r[ée]visions|dossiers|copies))"
    r"|au\s+boulot|je\s+m'y\s+remets|je\s+retourne\s+bosser)$"
    r"|^(?:那|好)?我(?:先|要|得|该|就)?(?:去|回去|继续)(?:画图|画画|干活|上班|工作|写作业|做作业|复习|学习|看书|写论文|忙)了?(?:啊|哈|哦|啦)?$"
    r"|^(?i:(?:(?:saya|aku|akak|sy)\s+)?(?:nak\s+|kena\s+)?(?:sambung|balik)\s+(?:kerja|buat\s+kerja|study|belajar))(?:\s+(?i:dulu|lah|la))?$"
)
#: The acknowledgements 好滴 / 好哒 (好的 in chat spelling) beside :data:`_ACK`.
_ZH_ACK_MORE = re.compile(r"^(?:好滴|好哒|好嘞|嗯呐|好呀|好哦)$")


def _clauses(text: str) -> list[str]:
    """``text`` cut at commas and sentence ends (a closing may run over sentences: « Merci Lumi
    t'es un amour. Je retourne voir mes patients. »), each clause without its marks."""
    parts = re.split(r"\s*[,，;；、.!?。！？~～…\n]+\s*", text.strip())
    clauses = [p.strip(" .!。！~～…\"'") for p in parts if p.strip(" .!。！~～…\"'")]
    return [c2 for c in clauses for c2 in _split_named_thanks(c)]


def _split_named_thanks(clause: str) -> list[str]:
    """ "Merci Lumi t'es un amour" → "Merci Lumi", "t'es un amour": thanks with the name called,
    then praise with no comma between."""
    m = re.match(r"^((?i:thanks|thank\s+you|cheers|merci|terima\s+kasih)\s+[A-Z\u00c0-\u00dd][\w'-]*)\s+(.+)$", clause)
    return [m.group(1), m.group(2)] if m and _PRAISE.match(m.group(2)) else [clause]


def closing(sentence: str) -> bool:
    """Thanks (for the help, or with praise of the assistant) — or the assistant called by name,
    in an acknowledgement or a farewell — and a leave-taking, a "later", a farewell or a return to
    the day's work, with at most the moment's need or call that takes the writer away ("ok Dina,
    kucing akak dah naik atas meja, kena pergi": :func:`~souvenir.lexical.momentary.momentary_need`;
    « une alarme sonne »); nothing else (module docstring). ``sentence``: one sentence or a whole
    message (cut at its sentence ends too)."""
    thanked = leaves = False
    called = 0  # farewells calling a name: one is the assistant called, with a leave-taking besides
    parts = 0  # leave-takings, "laters", farewells and returns to work
    for raw in _clauses(sentence.replace("\u2019", "'")):
        clause = _LEAD.sub("", raw)
        if _calls_a_place(clause):
            return False  # "Thanks Dina, goodbye London!": a place left, a move (lexical/place_names.py)
        if _THANKS.match(raw) or _THANKS_FOR.match(raw) or _PRAISE.match(clause):
            thanked = True
            continue
        parts += 1
        if _FAREWELL.match(clause):
            leaves = True
            called += _named(clause)  # "Bonne nuit Lumi", 晚安小航: called
        elif _LATER.match(clause) or leaving(raw) or leaving(clause) or _BACK_TO_WORK.match(clause):
            leaves = True
        elif _ACK.match(raw) or _ZH_ACK_MORE.match(raw):
            parts -= 1
            thanked = thanked or bool(re.search(r"\s[A-Z\u00c0-\u00dd][\w'-]*$", raw))  # "ok Dina": called
        elif not (momentary_need(clause) or _CALLED_AWAY.match(clause) or _then_leaving(clause)):
            return False
        elif _then_leaving(clause):
            leaves = True
        else:
            parts -= 1  # the moment's need or call: no leave-taking of its own
    if not thanked and leaving(sentence.replace("\u2019", "'")):
        return False  # "Je devrais dormir, bonne nuit Pip": `leaving`'s, whole
    return leaves and (thanked or (called > 0 and parts > 1))  # « Salut Julien » alone: a greeting


#: The name a thanks, an acknowledgement or a farewell calls at its end: a capitalised word, or
#: the Han after 再见 / 晚安 / 拜拜 / 谢谢.
_CALLED_NAME = re.compile(
    r"\s(?P<name>[A-Z\u00c0-\u00dd][\w'-]*)$|^(?:晚安|拜拜|再见|谢谢|多谢)(?:啦|了|咯|哦|你|您)?(?P<zh>[\u4e00-\u9fff]{1,4})$"
)


def _calls_a_place(clause: str) -> bool:
    """The clause ends on a name that is a place (:func:`~souvenir.lexical.place_names.is_place`):
    "goodbye London", « au revoir Paris », 再见北京, "bye KL"."""
    m = _CALLED_NAME.search(clause)
    return m is not None and is_place(m.group("name") or m.group("zh"))


def farewell_to_a_place(text: str) -> bool:
    """A farewell calling a place in ``text`` ("Thanks for everything, goodbye Singapore!",
    « Merci pour tout, bonne nuit Lyon ! », 谢谢你的帮助，再见上海！, "bye Penang!"): a place
    left, which no junk kind may drop whole (:mod:`~souvenir.lexical.place_names`)."""
    for raw in _clauses(text.replace("\u2019", "'")):
        clause = _LEAD.sub("", raw)
        if _calls_a_place(clause) and (_FAREWELL.match(clause) or leaving_named(clause)):
            return True
    return False


def _named(farewell: str) -> bool:
    """Whether a farewell calls a name: a capitalised word after it, or Han after 晚安 / 拜拜 / 再见."""
    return bool(
        re.search(r"\s[A-Z\u00c0-\u00dd][\w'-]*$", farewell)
        or re.match(r"^(?:晚安|拜拜|再见)[\u4e00-\u9fff]", farewell)
    )


def _then_leaving(clause: str) -> bool:
    """A clause that is a call of the moment then a leave-taking, without a comma: 我先去洗澡了 is
    :func:`leaving`'s; "the alarm's going off so I'm off" here."""
    m = re.match(r"^(?P<head>.+?)\s+(?i:so|donc|alors|jadi)\s+(?P<tail>.+)$", clause)
    return bool(m and _CALLED_AWAY.match(m.group("head")) and leaving(m.group("tail")))
