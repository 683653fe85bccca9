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

Session 24 (lane model15) added, from the runs of ``dialogues5``: the moment's call with no
thanks (the stove, a customer, a child crying or quarrelling, "my turn to feed her": « L'eau bout,
à plus ! », 水开了，先不聊了), the work awaiting as the leave-taking (« le pétrin m'attend »), a
pause as the "later" ("one sec", 先不说了), a thing found (找到了), "off to …" without its "I"; and
:func:`deferral`, a plan naming nothing beside thanks (:mod:`souvenir.lexical.deferral`)::

    closing("L'eau bout, à plus !")                                    -> True
    closing("The pot's boiling, I'm making soup for the fair on Sunday") -> False  (a fact)

No
threshold: the lexicons are the rule; a place, a date or a number in a leave-taking makes it a
plan (:func:`~souvenir.lexical.passing.leaving`), and any other clause keeps the sentence.
"""

from __future__ import annotations

import re

from souvenir.lexical.deferral import deferred
from souvenir.lexical.momentary import momentary_need
from souvenir.lexical.now_state import leave_signal, reason
from souvenir.lexical.passing import farewell_named as leaving_named
from souvenir.lexical.passing import leaving
from souvenir.lexical.place_names import is_place

__all__ = ["closing", "deferral", "farewell_to_a_place"]

#: Thanks, with at most the name it calls (a capitalised word, or one to three Han characters).
_THANKS = re.compile(
    r"^(?:(?i:thanks|thank\s+you|thx|ty|ta|cheers|merci|terima\s+kasih|tq|tqvm|thanks\s+a\s+lot|thank\s+you\s+so\s+much)"
    r"(?:\s+(?i:so\s+much|a\s+lot|heaps|beaucoup|bcp|bien|infiniment|banyak(?:-banyak)?|ya|yaa|ye|tau))?"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?"
    r"|(?:谢谢|多谢|感谢|谢啦|谢了)(?:你|您|啦|了|哈)?(?:[\u4e00-\u9fff]{1,3})?)$"
)
#: An acknowledgement: ok, got it, noted, 好嘞, 好的, « d'accord », "dah tangkap", "baik".
_ACK = re.compile(
    r"^(?i:ok(?:ay|ey|eh)?|alright|all\s+right|right|got\s+it|noted|perfect|great|cool|d'accord|parfait|entendu"
    r"|c'est\s+not[ée]|bon|super|top|baik|baiklah|okeh|okey|dah\s+tangkap|faham|noted\s+ya|orait|ok\s+noted"
    r"|(?:that\s+)?explains\s+(?:a\s+lot|it|everything)|[çc]a\s+explique\s+(?:tout|beaucoup)|patut(?:lah)?"
    r"|(?:(?:that's|that\s+is|what)\s+an?\s+)?(?:good|great)\s+idea|(?:c'est\s+une\s+)?bonne\s+id[ée]e|idea\s+(?:bagus|baik|mantap)"
    # session 25: agreement and "never mind" before a closing ("Betul. Okey bye Ana.", "Takpe. … Jumpa lagi!")
    r"|true|so\s+true|yeah|yep|yup|righto|right-o|ouais(?:\s+ouais)?|mouais|vrai|c'est\s+vrai|betul(?:\s+(?:juga|tu))?|takpe|takpa"
    r"|tak\s+apa|no|nope|non|nah)"
    r"(?:\s+(?i:then|alors|lah|la|ya|dah|je))?(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:好嘞|好的|好|行|嗯|嗯嗯|收到|明白了?|懂了|知道了|难怪|对|没错|是啊|可不是嘛?)(?:啦|了|哈)?$"
    r"|^(?:这个|这)?(?:主意|办法)(?:真|挺|很)?(?:好|不错)(?:啊|呀)?$|^好(?:主意|办法)$"
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
    r"|jumpa\s+lagi|esok\s+(?:saya|aku|akak\s+)?sambung|(?:kena|nak|mesti)\s+(?:pergi|gerak|chow)(?:\s+dulu)?"
    # a moment's pause (session 24): "one sec", "brb", « deux secondes », "kejap ya"
    r"|(?:just\s+)?(?:one|a)\s+(?:sec|second|mo|moment|min|minute)|brb|be\s+right\s+back|hang\s+on|hold\s+on"
    r"|(?:deux|une)\s+(?:secondes?|minutes?)|je\s+reviens|attends?\s+(?:deux|une)\s+(?:secondes?|minutes?)"
    r"|(?:tunggu\s+)?(?:se)?kejap(?:\s+(?:ya|je|eh))?)$"
    r"|^(?:回头|下次|改天|明天|晚点|等会儿?)(?:再|在)?(?:聊|说|问|继续)(?:你|您)?(?:吧|啦|了)?(?:哈|哦|啊|呀)?$"
    r"|^(?:先)?不(?:说|聊)了(?:哈|哦|啊|呀)?$|^(?:等一下|稍等|等等)(?:哈|哦|啊|呀)?$|^回聊(?:啦|了|哈|哦)?$"
)
#: A farewell: bye, goodbye, « au revoir », « salut », 拜拜, 再见, "bye dulu", "selamat malam".
_FAREWELL = re.compile(
    r"^(?i:(?:good)?bye(?:\s+bye)?|bye\s+dulu|au\s+revoir|salut|ciao|cya|take\s+care|selamat\s+malam|good\s*night|night(?:ie|y)?"
    r"|bonne\s+(?:nuit|soir[ée]e|journ[ée]e)|bye\s+for\s+now|hooroo|cheerio|ttyl|(?:gros\s+)?bisous?|xoxo|hugs|peluk"
    r"|g(?:ood|ud)\s*nite|g'?nite|nite|g'night|gn|(?:have\s+a\s+)?(?:good|nice|great|lovely)\s+(?:weekend|evening|day)"
    r"|happy\s+holidays|bonnes\s+f[êe]tes|bon\s+week-?end|selamat\s+hujung\s+minggu)"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?:周末愉快|节日快乐)(?:啦|哦)?$"
    r"|^(?:拜拜|再见|晚安|抱抱)(?:啦|了|咯|哦)?(?:[\u4e00-\u9fff]{1,3})?$"
)


#: An interjection opening a clause ("Bon une alarme sonne", "ok so I'm back to work").
_LEAD = re.compile(
    r"^(?i:bon|ok|okay|oh|alors|allez|well|right|so|eh|ah|ach|oups|oops|aduh|alamak|ugh|argh|phew|welp)\s+(?=\S)"
)
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
    r"^(?i:thanks|thank\s+you|cheers|many\s+thanks|ta)(?:\s+(?i:so\s+much|a\s+lot|again))?"
    rf"\s+(?i:for)\s+(?i:(?:all\s+)?(?:the|your|all)\s+)?(?i:{_HELP_EN}){_WHEN}"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    rf"|^(?i:merci)(?:\s+(?i:beaucoup|encore|infiniment))?\s+(?i:pour|de)\s+(?i:{_HELP_FR}){_WHEN}"
    r"(?:\s+[A-Z\u00c0-\u00dd][\w'-]*)?$"
    r"|^(?i:terima\s+kasih|tq|thanks)(?:\s+(?i:banyak(?:-banyak)?))?\s+(?i:atas|untuk|sebab)\s+"
    r"(?i:(?:semua\s+)?(?:bantuan|nasihat|tunjuk\s+ajar|tips|pertolongan|sokongan|masa))"
    r"(?:\s+(?i:awak|kau|you|akak|abang|adik))?" + _WHEN + r"(?:\s+[A-Z][\w'-]*)?$"
    r"|^(?:谢谢|多谢|感谢)(?:你|您)?(?:的|这段时间的|一直以来的)?(?:帮助|帮忙|建议|陪伴|开导|倾听|耐心)(?:啦|了|哈)?$"
    r"|^(?:谢谢|多谢|感谢)(?:你|您|[\u4e00-\u9fff]{1,2})?(?:陪我(?:聊天?)?|听我(?:唠叨|说|吐槽|啰嗦))(?:啦|了|哈)?$"
)
#: Praise of the assistant, or gratitude for its being there: "you're the best", "you're a
#: lifesaver", « t'es un amour », « tu es géniale », 这学期多亏有你陪我, 有你真好, "awak memang
#: terbaik", "Dina memang banyak membantu". Second person (or the name called) and a word of praise.
_PRAISE = re.compile(
    r"^(?i:you'?re|you\s+are|u\s+r|you'?ve\s+been)\s+(?i:(?:such|so|really|truly|the|a|an|always)\s+){0,3}"
    r"(?i:best|star|gem|angel|lifesaver|life\s+saver|legend|sweetheart|darling|champ|great|amazing|awesome|wonderful"
    r"|brilliant|helpful|a\s+great\s+help|so\s+helpful|the\s+best)$"
    r"|^(?i:you'?ve\s+(?:(?:really|truly)\s+)?(?:kept\s+me\s+(?:sane|going)|saved\s+my\s+(?:life|bacon|sanity|week|day)))"
    r"(?:\s+(?i:this|these|all)\s+\w+)?$"
    r"|^(?i:t'es|tu\s+es|vous\s+[êe]tes|vous\s+avez\s+[ée]t[ée]|tu\s+as\s+[ée]t[ée]|t'as\s+[ée]t[ée])\s+(?i:(?:vraiment|trop|tellement|si|le|la|un|une|mon|ma)\s+){0,3}"
    r"(?i:amour|ange|chou|cr[èe]me|top|meilleure?|g[ée]niale?|adorable|formidable|parfaite?|sauveur|sauveuse|b[ée]nie?)$"
    r"|^(?i:(?:awak|kau|you|[A-Z][\w'-]*))\s+(?i:(?:memang|sangat|betul|paling|the)\s+){0,2}"
    r"(?i:terbaik|the\s+best|best|baik|banyak\s+membantu|membantu|hebat|bagus|penyelamat)(?:\s+(?i:lah|la|sangat|betul))?$"
    r"|^(?i:(?:sentiasa|selalu|memang)\s+(?:membantu|helpful|terbaik|the\s+best))(?:\s+(?i:lah|la|sangat|betul))?$"
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
    # session 24: the stove, a customer, a child crying or quarrelling, the work that waits
    r"|^(?i:(?:the|my)\s+(?:pot|pan|kettle|water|milk|soup|rice)(?:'s|\s+is)\s+(?:boiling|burning)(?:\s+over)?"
    r"|(?:a\s+)?customers?(?:'s|\s+(?:is|are|just))?\s+(?:here|in|came\s+in|walked\s+in)"
    r"|(?:the\s+|my\s+)?(?:baby|little\s+one|[A-Z][a-z]+)(?:'s|\s+is)\s+(?:crying|screaming|awake|up)(?:\s+again)?"
    r"|(?:the\s+)?(?:boys|girls|kids|twins)\s+are\s+(?:fighting|arguing|squabbling|screaming|at\s+it)(?:\s+[a-z]+){0,5})$"
    r"|^(?i:(?:l'eau|la\s+casserole|le\s+lait|la\s+soupe)\s+(?:bout|d[ée]borde)|un\s+client\s+(?:arrive|entre|est\s+l[àa])"
    r"|(?:le\s+b[ée]b[ée]|la\s+petite|le\s+petit|[A-Z][a-z]+)\s+(?:pleure|hurle|se\s+r[ée]veille)(?:\s+encore)?)$"
    r"|^(?:锅|水|汤|粥)(?:开|烧开|溢出来)了|^(?:来|有)客人了|^(?:宝宝|孩子|[\u4e00-\u9fff]{1,2})(?:又)?哭了$"
    r"|^(?i:(?:air|periuk|susu)\s+(?:dah\s+)?(?:mendidih|menggelegak)|(?:ada\s+)?(?:customer|pelanggan)\s+(?:dah\s+)?datang"
    r"|(?:baby|anak|adik|[A-Z][a-z]+)\s+(?:dah\s+)?(?:nangis|menangis)(?:\s+(?:ni|tu|lagi))?)$"
)
#: A household errand the writer goes to now, the moment's call away said as a leave-taking (session
#: 24, integrator, from the blind ``dialogues6``): 洗澡去了, 去给我妹做饭了, "nak pi kedai dah" — a
#: closed list of the day's chores, with no place named and no date (those make it a plan).
_ERRAND = re.compile(
    r"^(?:我)?(?:先|要)?(?:去)?(?:给[\u4e00-\u9fff]{1,3})?(?:洗澡|睡觉|做饭|煮饭|吃饭|买菜|遛狗|接孩子|哄孩子睡觉|收衣服|拖地)(?:去)?(?:了|啦|咯)?$"
    r"|^(?i:(?:sy|saya|aku|akak|abang)?\s*(?:nak|nk|mau|mahu|kena)\s+(?:pi|pergi|gi|p)\s+"
    r"(?:kedai|dapur|masak|mandi|tidur|pasar|surau|masjid|ambil\s+anak|jemput\s+anak)(?:\s+(?:dah|dulu|jap|kejap|ni))*)$"
)
#: The day's work awaiting the writer, a leave-taking by itself: "the shop awaits", « le pétrin
#: m'attend », 面馆在等我, "kedai tunggu aku" — a determiner and one noun, nothing more (a place
#: or a date keeps the clause: « mes clients de Lyon m'attendent lundi »).
_AWAITS = re.compile(
    r"^(?i:(?:the|my)\s+[a-z]+\s+(?:awaits|await|is\s+waiting|are\s+waiting|is\s+calling|are\s+calling)(?:\s+me)?"
    r"|(?:le|la|les|mon|ma|mes)\s+[a-zàâçéèêëîïôûù]+\s+m'attend(?:ent)?)$"
    r"|^[\u4e00-\u9fff]{1,4}在等(?:着)?我(?:呢|了)?$"
    r"|^(?i:[a-z]+\s+(?:dah\s+)?(?:tunggu|menunggu)\s+(?:aku|saya))$"
)
#: The moment's turn at a child's need: "my turn to feed her", « c'est mon tour de la bercer »,
#: 轮到我抱了, "giliran aku dukung".
_MY_TURN = re.compile(
    r"^(?i:(?:it'?s\s+)?my\s+turn(?:\s+to\s+[a-z]+(?:\s+(?:her|him|them|the\s+baby))?)?"
    r"|(?:c'est\s+)?(?:mon\s+tour|[àa]\s+moi)(?:\s+de\s+(?:la\s+|le\s+|les\s+)?[a-zé]+)?"
    r"|giliran\s+(?:aku|saya|sy)(?:\s+[a-z]+)?)$"
    r"|^轮到我(?:抱|喂|哄|带)?了?$"
)
#: An exclamation of the moment, a thing found or done, with no object: "found it!", « trouvé ! »,
#: 找到了, "dah jumpa" (a thing named, "found my keys", is no part of a closing).
_FOUND = re.compile(
    r"^(?i:(?:i\s+)?found\s+it|there\s+it\s+is|got\s+it|(?:je\s+l'ai\s+)?trouv[ée]e?|le\s+voil[àa]|la\s+voil[àa]"
    r"|(?:dah\s+)?jumpa(?:\s+dah)?)$"
    r"|^(?:找到了)+$"
)
#: Nothing more to ask, the end of a helper's chat: "that's it", "that's all", « c'est tout », « ce
#: sera tout », 没有了, 就这些, "itu je (hari ni)", "itu saja" (session 25).
_THAT_ALL = re.compile(
    r"^(?i:that'?s\s+(?:it|all|everything)(?:\s+for\s+(?:now|today))?|nothing\s+else|c'est\s+tout(?:\s+pour\s+(?:moi|aujourd'hui))?"
    r"|ce\s+sera\s+tout|rien\s+d'autre|itu\s+(?:je|saja|sahaja|aje)(?:\s+(?:hari\s+ni|dulu|buat\s+masa\s+ni))?"
    r"|tu\s+je|(?:x|tak|tk)\s*(?:de|ada)\s+dah|(?:dah\s+)?takde\s+dah|dah\s+takde)$|^(?:没有了|没了|就这些|就这样吧?|暂时没有了)(?:吧|啦|哈)?$"
)
#: The name a "later" calls at its end ("chat soon Otto").
_NAME_END = re.compile(r"\s+[A-Z\u00c0-\u00dd][\w'-]*$")
#: A leave-taking said without its "I" ("off to referee bathtime"): read as "I'm off to…".
_OFF_TO = re.compile(r"^(?i:off\s+to)\s+")
#: Back to the work of the day, the leave-taking of one at work or study: "back to work", « je
#: retourne voir mes patients », « au boulot », 我去画图了, "sambung kerja". A new job, a place or
#: a date makes it a fact ("I'm off to my new job at the bakery" is not read here).
_BACK_TO_WORK = re.compile(
    r"^(?i:(?:(?:i'?m|i\s+am|i'?ll|i\s+(?:have|need)\s+to|gotta)\s+)?(?:(?:go|get|head(?:ing)?|going)\s+)?back\s+to"
    r"\s+(?:work|it|my\s+(?:desk|patients|shift|revision|homework|drawing|studies|essay|thesis|code)|the\s+(?:grind|office|ward|books)))$"
    r"|^(?i:(?:je\s+)?(?:retourne|repars|y\s+retourne)\s+(?:au\s+(?:boulot|travail|taf|bureau)|bosser|travailler|r[ée]viser"
    r"|voir\s+mes\s+(?:patients|[ée]l[èe]ves|clients)|[àa]\s+mes\s+(?:patients|r[ée]visions|dossiers|copies))"
    r"|au\s+boulot|je\s+m'y\s+remets|je\s+retourne\s+bosser)$"
    r"|^(?:那|好)?我?(?:先|要|得|该|就)?(?:回去)?继续(?:画图|画画|干活|上班|工作|写作业|做作业|复习|学习|看书|写论文|忙)(?:了|啦|去了)?$"
    r"|^(?:那|好)?我(?:先|要|得|该|就)?(?:去|回去|继续)(?:画图|画画|干活|上班|工作|写作业|做作业|复习|学习|看书|写论文|忙)了?(?:啊|哈|哦|啦)?$"
    r"|^(?i:(?:(?:saya|aku|akak|sy)\s+)?(?:nak\s+|kena\s+)?(?:sambung|balik)\s+(?:kerja|buat\s+kerja|study|belajar))(?:\s+(?i:dulu|lah|la))?$"
)
#: The acknowledgements 好滴 / 好哒 (好的 in chat spelling) beside :data:`_ACK`.
_ZH_ACK_MORE = re.compile(r"^(?:好滴|好哒|好嘞|嗯呐|好呀|好哦)$")


#: Emoji and pictographs ending a clause (a closing's moon, wave or smile).
_EMOJI_END = re.compile(r"[\s\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]+$")


def _clauses(text: str) -> list[str]:
    """``text`` cut at commas and sentence ends (a closing may run over sentences: « Merci Lumi
    t'es un amour. Je retourne voir mes patients. »), each clause without its marks."""
    parts = re.split(
        r"\s*[,，;；、.!?。！？~～…\n\u2600-\u27bf\U0001f000-\U0001faff]+[\ufe0f\u200d]*\s*", text.strip()
    )  # an emoji cuts
    parts = [re.sub(r"\s+(?:x+|xo+x*)$", "", p.strip()) for p in parts]  # "chat soon Otto x": a kiss signed
    parts = [_EMOJI_END.sub("", p) for p in parts]  # "selamat malam 🌙"
    clauses = [p.strip(" .!。！~～…\"'") for p in parts if p.strip(" .!。！~～…\"'")]
    return [c2 for c in clauses for c2 in _split_named_thanks(c)]


def _split_named_thanks(clause: str) -> list[str]:
    """ "Merci Lumi t'es un amour" → "Merci Lumi", "t'es un amour": thanks with the name called,
    then praise with no comma between."""
    m = re.match(r"^((?i:thanks|thank\s+you|cheers|merci|terima\s+kasih)\s+[A-Z\u00c0-\u00dd][\w'-]*)\s+(.+)$", clause)
    return [m.group(1), m.group(2)] if m and _PRAISE.match(m.group(2)) else [clause]


def closing(sentence: str) -> bool:
    """A closing (module docstring): the lexical read below, or the moment's reason to go beside a
    leave-taking (:func:`reason_to_go`)."""
    return _closing(sentence) or reason_to_go(sentence)


#: The most clauses a closing with the moment's reason holds: an acknowledgement, the reason, the
#: leave-taking, thanks and a farewell ("Righto, Biscuit's giving me the look, walk time. Cheers
#: Mira, talk soon"): one of each part, no more.
_MOST_CLAUSES = 5


def reason_to_go(sentence: str) -> bool:
    """A leave-taking and the moment's reason for it, nothing else (session 25): the turn ends on a
    leave-taking or a farewell ("walk time", "…, bye!", 晚安) or opens on one that is no greeting
    ("it's late", 不早了, "off to…"), and every other clause is thanks, an acknowledgement or a
    reason of the moment (:func:`~souvenir.lexical.now_state.reason`: "Biscuit's giving me the
    look", 明天还要早班). A greeting is never the leave-taking (« Salut » opens a chat); a clause that
    lasts (a job, a date, a relative, a place) keeps the message. At most :data:`_MOST_CLAUSES`."""
    clauses = [_LEAD.sub("", raw) for raw in _clauses(sentence.replace("\u2019", "'"))]
    if not clauses or len(clauses) > _MOST_CLAUSES or any(_calls_a_place(c) for c in clauses):
        return False
    last = len(clauses) - 1
    ends = [
        i
        for i, c in enumerate(clauses)
        if _leave_part(c) or _THAT_ALL.match(c) or (0 < i == last and _FAREWELL.match(c))
    ]
    if not ends:
        return False
    at_an_end = ends[0] == 0 or ends[-1] == last  # a reason opens or closes on its leave-taking
    said = any(leave_signal(c) or _THAT_ALL.match(c) for c in clauses)  # the moment's own leave-taking
    for i, c in enumerate(clauses):
        if i in ends or _FAREWELL.match(c):
            continue
        if _THANKS.match(c) or _THANKS_FOR.match(c) or _PRAISE.match(c):
            said = True
        elif at_an_end and reason(c) and not (_ACK.match(c) or _ZH_ACK_MORE.match(c)):
            said = True
        elif not (_ACK.match(c) or _ZH_ACK_MORE.match(c)):
            return False
    return said  # "Chat soon!", "Ok, aku gerak dulu ya": the lexical read's (``leaving``), as before


def _leave_part(clause: str) -> bool:
    """A leave-taking that is no greeting: the moment's call ("walk time", 不早了), a "later", a
    leave-taking with or without its "I", an errand, a return to work."""
    return bool(
        leave_signal(clause)
        or _LATER.match(clause)
        or _LATER.match(_NAME_END.sub("", clause))
        or _leaves(clause, clause)
        or _ERRAND.match(clause)
        or _BACK_TO_WORK.match(clause)
    )


def _closing(sentence: str) -> bool:
    """Thanks (for the help, or with praise of the assistant) — or the assistant called by name,
    in an acknowledgement or a farewell — and a leave-taking, a "later", a farewell or a return to
    the day's work, with at most the moment's need or call that takes the writer away ("ok Dina,
    kucing akak dah naik atas meja, kena pergi": :func:`~souvenir.lexical.momentary.momentary_need`;
    « une alarme sonne »); nothing else (module docstring). ``sentence``: one sentence or a whole
    message (cut at its sentence ends too)."""
    thanked = leaves = moment = False
    called = 0  # farewells calling a name: one is the assistant called, with a leave-taking besides
    parts = 0  # leave-takings, "laters", farewells and returns to work
    for raw in _clauses(sentence.replace("\u2019", "'")):
        clause = _LEAD.sub("", raw)
        if _calls_a_place(clause):
            return False  # "Thanks Dina, goodbye London!": a place left, a move (lexical/place_names.py)
        if _THANKS.match(raw) or _THANKS.match(clause) or _THANKS_FOR.match(raw) or _PRAISE.match(clause):
            thanked = True
            continue
        parts += 1
        if _FAREWELL.match(clause):
            leaves = True
            called += _named(clause)  # "Bonne nuit Lumi", 晚安小航: called
        elif (
            _LATER.match(clause)
            or _LATER.match(_NAME_END.sub("", clause))
            or _leaves(raw, clause)
            or _BACK_TO_WORK.match(clause)
        ):
            called += clause != _NAME_END.sub("", clause)  # "chat soon Otto": the assistant called
            leaves = True
        elif _ERRAND.match(clause):
            leaves = moment = True  # 洗澡去了, "nak pi kedai dah": a leave-taking and its call
        elif _AWAITS.match(clause):
            leaves = moment = True  # « le pétrin m'attend »: a leave-taking and its call
        elif _ACK.match(raw) or _ZH_ACK_MORE.match(raw) or _FOUND.match(clause) or deferred(clause):
            parts -= 1  # "ok", "found it!", "I'll think about it": no leave-taking, nothing durable
            thanked = thanked or bool(re.search(r"\s[A-Z\u00c0-\u00dd][\w'-]*$", raw))  # "ok Dina": called
        elif not (
            momentary_need(clause) or _CALLED_AWAY.match(clause) or _MY_TURN.match(clause) or _then_leaving(clause)
        ):
            return False
        elif _then_leaving(clause):
            leaves = True
        else:
            parts -= 1  # the moment's need or call: no leave-taking of its own
            moment = True
    if not thanked and leaving(sentence.replace("\u2019", "'")):
        return False  # "Je devrais dormir, bonne nuit Pip": `leaving`'s, whole
    # « Salut Julien » alone: a greeting; the moment's call and a leave-taking: « la soupe déborde, je reviens »
    return leaves and (thanked or moment or (called > 0 and parts > 1))


def deferral(sentence: str) -> bool:
    """A plan naming nothing with at most thanks or an acknowledgement beside it: "Ok noted, I'll
    talk to my wife about it.", 行，我再想想 (:func:`~souvenir.lexical.deferral.deferred`: session 24)."""
    found = False
    for raw in _clauses(sentence.replace("\u2019", "'")):
        clause = _LEAD.sub("", raw)
        if deferred(raw) or deferred(clause):
            found = True
        elif not any(
            p.match(c) for p in (_THANKS, _THANKS_FOR, _ACK, _ZH_ACK_MORE) for c in (raw, clause)
        ):  # "Ok thanks, I'll mull it over": thanks after its "ok"
            return False
    return found


def _leaves(raw: str, clause: str) -> bool:
    """A leave-taking (:func:`~souvenir.lexical.passing.leaving`), its "I" said or not ("off to
    referee bathtime": "I'm off to…")."""
    return leaving(raw) or leaving(clause) or bool(_OFF_TO.match(clause) and leaving("I'm " + clause))


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
