"""A request to forget, said in chat (pure): "please forget what I said about my brother's
debts", « oublie ce que je t'ai dit sur… », 刚才说的那件事你别记了，删掉吧, "lupakan apa yang
saya cakap tentang…".

Issue #26: such a message was stored as the very fact it asks to drop. It is not a
statement: it is an act on stored memories. This module finds the request and what it
names; :mod:`souvenir.write.forget_match` matches it against the memories, the engine acts.

Shapes::

    forget_requests("Please forget what I said about my brother's gambling debts, ok?")
    -> [ForgetRequest(sentence="Please forget what I said about my brother's gambling debts, ok?",
                      topic=(Tok("brother"), Tok("gambling"), Tok("debts")))]

A request is a sentence (cut at . ! ? 。！？ and line ends) holding a *cue*: an imperative
of forgetting or deleting addressed to the assistant, in the four languages —

- en: forget / delete / erase / remove / wipe / scrap / disregard / unlearn (at the start
  of a clause, after "please", "just", "can / could / would you", "you can / should",
  "I want you to"), "don't remember / keep / save / store / record / note", "stop
  remembering", "strike that", "no need to remember";
- fr: oublie(z), efface(z), supprime(z), retire(z) (never "n'oublie pas", "oublie pas de":
  colloquial "don't forget"), "ne retiens / garde / note / mémorise / enregistre pas",
  "ne t'en souviens pas", "pas besoin de retenir";
- zh: 别记 / 不要记 / 不用记 / 别存 / 不要存 / 别保存, 删掉 / 删除 / 删了 / 抹掉 / 清除 / 去掉, 忘掉 /
  忘了吧 / 忘了它, 当我没说, 请 / 麻烦 / 拜托 + 忘记, 忘记我… opening a clause (never 别忘 / 不要忘:
  "don't forget"; never 忘记 before 了 or a question: "忘记我的密码了", "(I) forgot my password");
- ms: lupakan(lah), "jangan ingat / simpan / rekod / catat", padam(kan), hapus(kan),
  buang(kan), "tak payah / tak perlu / tak usah / usah ingat" (never "jangan lupa").

A negated keeping verb is an imperative only at a clause's start (after "please", "and",
"stp", a comma…) or without a subject before it: "I never save money", « je ne garde plus le
contact », 我不要存钱了, "saya tak payah simpan duit", "dia lupakan saya" are statements, and
taking them for requests erased the very facts they talk about.

The *topic* is the request sentence's content words without the cue and its filler
("what I said about", "that thing", 那件事, "tentang"): what to forget. An empty topic
("forget that", 删掉吧) names nothing by itself: the request is ambiguous; the clauses after
it are not its topic ("Forget it, I'll ask my mom"), those before it are ("My brother's
debts, forget that").

In a pasted transcript (:mod:`souvenir.lexical.speakers`) only the user's own lines (unlabelled,
or labelled Me / Moi / 我 / Saya…) can hold a request: "Marc: forget what I said about my
brother" is another member's words, and erased the user's own memory of their brother.

Known misses: a request spread over two sentences ("My brother's debts. Forget it."),
the topic in another language than the memory, a request in the third person ("I'd
rather you didn't keep that").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from souvenir.lexical.courtesy import without_courtesy
from souvenir.lexical.forget_verbs import EN_DELETE, EN_KEEP, FR_DELETE, FR_FORGET, FR_KEEP, MS_DELETE, MS_KEEP
from souvenir.lexical.forget_whole import EVERYTHING, WHOLE, asks_whole, taken_back
from souvenir.lexical.normalize import nfkc_fold
from souvenir.lexical.speakers import transcript_lines
from souvenir.lexical.take_backs import takes_back
from souvenir.lexical.tagged import Tok, content_of, english_son, tokenize
from souvenir.lexical.text_cache import text_cache

__all__ = ["ATTRIBUTES", "ForgetRequest", "forget_requests", "is_forget_text", "FORGET_WORDS", "opens_on_the_user"]

#: Words that join a request to what came before ("Anyway, forget…", "By the way forget…", « Par
#: contre oubliez… », « Au fait, oublie… »): a closed class of discourse markers, read before the
#: cue and left out of the topic (session 25: « Par contre oubliez ce que je vous ai raconté sur ses
#: dettes » was no request at all, and the half-brother's debts were kept).
_EN_CONNECTIVES = (
    r"oh|hey|ok|okay|actually|also|and|but|so|oops|whoops|wait|no|nah|nope|hmm|anyway|anyways|btw|by\s+the\s+way"
    r"|oh\s+and|one\s+more\s+thing|on\s+second\s+thoughts?|come\s+to\s+think\s+of\s+it|however|though"
)
_FR_CONNECTIVES = (
    r"et|alors|bon|donc|mais|en\s+fait|non|finalement|oh|ah|par\s+contre|en\s+revanche|sinon|d'ailleurs|au\s+fait"
    r"|au\s+passage|à\s+propos|bref|du\s+coup|enfin|tiens|ah\s+oui|oh\s+et|cependant|toutefois|pourtant|euh"
)
_MS_CONNECTIVES = r"lagi\s+satu|oh\s+ya|oh\s+lupa|sebenarnya|apa-apa\s+pun|tapi|btw|by\s+the\s+way"
_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:" + _EN_CONNECTIVES + r")[,!:]?\s+)*(?:(?:please|pls|plz)\s+)?(?:just\s+)?"
    r"|\b(?:please|pls|plz)\s+(?:just\s+)?|\b(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?(?:just\s+)?"
    r"|\b(?:you|u)\s+(?:can|could|should|may|must)\s+(?:just\s+)?|\bi\s+(?:want|need|would\s+like)\s+you\s+to\s+"
    r"|\bi'd\s+like\s+you\s+to\s+)"
)
#: What a deleting verb must name to be about memory, not an order or a file ("Delete my
#: order" is not a request to forget): what was said, or the memory itself.
#: "that" / "this" name what was said only alone or before one of these words: "delete that
#: app, my blood pressure is high" deletes an app (and erased the user's blood pressure).
_DEMONSTRATIVE_NEXT = (
    r"(?:from|about|too|as|please|pls|plz|ok|okay|and|then|now|i|i'm|i've|i'd|you|we|part|bit|thing|stuff|info"
    r"|information|memory|memories|note|one|conversation|chat|message|messages|detail|details|entry|fact|again"
    r"|for|out|off|away|right|immediately|asap|yeah|lol|sorry|so|but|if|because|said|last|earlier|whole)"
)
_SAID = (
    r"(?:what|(?:that|this)(?!\s+(?!" + _DEMONSTRATIVE_NEXT + r"\b)\w)|it|everything|all|anything"
    r"|the\s+(?:part|bit|thing|stuff|note|memory|info)"
    r"|my\s+(?:note|memory|info)|a\s+(?:note|record)|notes?|track|any\s+of)\b"
)
_EN = re.compile(
    r"\bi(?:'d|\s+would)\s+(?:rather|prefer)\s+(?:that\s+)?you\s+(?:forgot|forget|didn't\s+remember|did\s+not\s+remember)\b"
    r"|" + _LEAD + r"(?:forget|disregard|unlearn)\b(?!\s+(?:to\b|it\s+was|about\s+it\s*[,!]))"
    r"|"
    + _LEAD
    + r"(?:delete|erase|remove|wipe|scrap|scratch|drop)\s+(?:(?:pls|plz|please|just)\s+)?"
    + _SAID
    + r"|\b(?:can|could|would|will)\s+you\s+(?:please\s+)?not\s+(?:remember|keep|save|store|record|note)\b"
    r"|"
    + _LEAD
    + r"(?:(?:absolutely|definitely|really|seriously)\s+)?(?:do\s+not|don't|dont|never)\s+(?:(?:ever|even)\s+)?"
    r"(?:remember|save|store|record|memori[sz]e|log)\b"
    r"(?!\s+(?:to|when|the\s+time)\b)"
    r"|"
    + _LEAD
    + r"(?:do\s+not|don't|dont|never)\s+(?:"
    + EN_KEEP
    + r")\s+"
    + _SAID
    + r"|\bstop\s+remembering\b|\bstrike\s+that\b|\bno\s+need\s+to\s+(?:remember|keep|save|note)\b"
    # "pretend I never said it", "act like you never heard that": in other words (lane write10)
    r"|(?<!i\s)(?<!we\s)(?<!they\s)(?<!he\s)(?<!she\s)\b(?:pretend|act\s+like|act\s+as\s+if)\s+"
    r"(?:i\s+(?:never|didn't|did\s+not)\s+(?:said|say|told|tell|mentioned|mention)"
    r"|you\s+(?:never|didn't|did\s+not)\s+(?:heard|hear|read|saw|see))\b",
    re.I,
)
_FR_LEAD = (
    r"(?:(?:^|[,;:\-–—(]\s*)(?:(?:" + _FR_CONNECTIVES + r")[,!:]?\s+)*|\b(?:s'il\s+te\s+plaît|s'il\s+vous"
    r"\s+plaît|stp|svp|peux-tu|pourrais-tu|pouvez-vous|pourriez-vous|tu\s+peux|vous\s+pouvez"
    r"|merci\s+d')\s+)"
)
_FR = re.compile(
    _FR_LEAD + rf"(?:{FR_FORGET})\b(?!\s+(?:pas|jamais)\b)"
    r"|\bque\s+(?:tu|vous)\s+(?:oublies|oubliiez|effaces|effaciez)\b"
    r"|\bfais\s+comme\s+si\s+je\s+(?:ne\s+)?(?:t'|vous\s+)?(?:n')?avais\s+rien\s+dit\b"
    r"|\bfai(?:s|tes)\s+comme\s+si\s+(?:j'|je\s+)(?:ne\s+|n')?(?:t'|vous\s+)?(?:n')?avais\s+(?:rien|jamais)\s+(?:dit|raconté)\b"
    r"|\bfai(?:s|tes)\s+comme\s+si\s+(?:tu|vous)\s+(?:n')?(?:avais|aviez)\s+(?:rien|jamais)\s+(?:entendu|lu|vu)\b"
    r"|" + _FR_LEAD + r"(?:efface|effacez|effacer|supprime|supprimez|supprimer|retire|retirez|retirer)\s+"
    r"(?:(?:stp|svp|juste|donc|vite)\s+)?"  # « efface stp le truc sur… »
    r"(?:ce\s+que|ça|ca|cela|ceci|tout|l'info|cette\s+info|ce\s+détail|ce\s+passage"
    r"|(?:le|les|ce|ces|la|cette|l')\s*(?:truc|trucs|histoire|partie|passage|bout|chose|choses|info|infos)"
    r"\s+(?:sur|à\s+propos|concernant|au\s+sujet)"
    r"|toutes?\s+mes\s+(?:données|informations|infos|souvenirs))\b"
    # « supprime ça de mon agenda » deletes from the user's own things, not from memory
    r"(?!\s+(?:de|du|des|dans|sur)\s+(?:mon|ma|mes|le|la|les|l'|notre|nos)\s*(?!historique|m[ée]moire|profil)\w)"
    r"|"
    + _FR_LEAD
    + r"(?:ne\s+|n')(?:le\s+|la\s+|les\s+|l'|t'en\s+|vous\s+en\s+)?(?:"
    + FR_KEEP
    + r"|souviens|souvenez)\s+(?:(?:surtout|vraiment|donc|même|stp|svp)\s+)?(?:pas|rien|plus)\b"
    r"|" + _FR_LEAD + r"pas\s+besoin\s+de\s+(?:retenir|garder|noter|t'en\s+souvenir|mémoriser|enregistrer)\b",
    re.I,
)
_ZH = re.compile(
    r"(?<![我他她们])(?<!我也)(?<!我就)(?<!我都)(?<!我还)(?:别|不要|不用|无需|不必|甭)(?:再)?(?:把[^，。！？,.!?]{0,20}?)?(?:记|存|保存|记录|记住|记下)"
    r"|忘掉|忘了吧|忘了它|忘记吧|忘记它|当我没说"
    # 忘了我说的那个…吧: forgetting what the user said, as a request (吧 closes it)
    r"|(?<![我他她])忘(?:了|记)(?=我(?:说|讲|提)[^。！？!?]{0,40}吧)"
    # 就当没听过 / 你当我没提过 / 当没这回事: in other words (never 我当没听见: the user's own act)
    r"|(?<![我他她])(?:当作?|当做)(?:我)?没(?:说过|讲过|提过|听过|听见|听到|看过|看到|看见)|(?<![我他她])当没这回事|(?<![我别要])忘记(?=我说|我讲|我提|我刚才|我刚刚|刚才|那|这|吧|它|掉|关于)"
    # 能不能 / 可不可以 / 能否 (帮我) 忘了我说的…: a polite question, the user's words named
    r"|(?:能不能|可不可以|能否|可以|你能)(?:帮我)?(?:把[^，。！？,.!?]{0,20}?)?忘(?:了|记|掉)(?=我说|我讲|我提|我刚|刚才|那|这|关于)"
    r"|(?:删掉|删除|删了|删一下|删下|删去|抹掉|抹去|抹除|清除|清掉|清理掉|移除|去掉)"
    # 忘记 as an imperative: led by a politeness word (请忘记…, 麻烦你忘掉…) or opening a clause
    # on the user's own words (忘记我住在哪里); never before 了, a question or 怎么 / 如何
    # ("忘记我的密码了", "忘记密码怎么办？": "(I) forgot…")
    r"|(?:(?:请|麻烦|拜托)你?(?:把[^，。！？,.!?]{0,20}?)?忘(?:记|掉)|(?:^|(?<=[，,；;：:\s]))忘记(?=我))"
    r"(?![^。！？!?]*(?:了|吗|呢|怎么|如何|[？?]))"
)
#: A deleting verb (删掉, 清除…) is a request to forget only beside a word of speech or memory
#: ("把订单删了" deletes an order; 提醒, a reminder, is no 提 of speech).
_ZH_DELETE = re.compile(r"删掉|删除|删了|删一下|删下|删去|抹掉|抹去|抹除|清除|清掉|清理掉|移除|去掉")
_ZH_SAID = re.compile(r"说|讲|提(?!醒)|记|话|关于我|那件事|这件事|那条|这条|那句|这句|刚才|刚刚|信息|资料|隐私")
_ZH_NOT = re.compile(r"别忘|不要忘|(?<!能)不能忘|没忘|忘不了|记得")  # 能不能忘记… asks
_MS = re.compile(
    r"(?<!saya\s)(?<!aku\s)(?<!nak\s)(?<!mahu\s)(?<!ingin\s)(?<!cuba\s)(?<!dia\s)(?<!kami\s)(?<!kita\s)"
    r"(?<!mereka\s)(?<!dah\s)(?<!sudah\s)(?<!telah\s)(?<!tak\s)(?<!tidak\s)\blupakan(?:lah)?\b"
    r"|(?<!saya\s)(?<!aku\s)(?<!dia\s)(?<!kami\s)(?<!kita\s)(?<!mereka\s)(?<!dah\s)(?<!sudah\s)(?<!telah\s)(?<!cuba\s)(?<!nak\s)"
    r"\b(?:padam(?:kan)?|hapus(?:kan)?|buang(?:kan)?)(?:lah)?\s+(?:(?:je|jelah|saja|sahaja|aje)\s+)?(?:apa|yang|tu|itu|ni|ini|maklumat|semua|memori"
    r"|catatan|cerita|benda|bab|hal|perkara|pasal)\b"
    # "buang je apa yang ada dalam peti ais": whatever is in a place, not what was said
    r"(?!\s+(?:yang\s+)?(?:ada\s+)?(?:dalam|di|kat|atas)\b)"
    r"|(?<!saya\s)(?<!aku\s)(?<!dia\s)(?<!kami\s)(?<!kita\s)(?<!mereka\s)"
    r"\b(?:jangan|tak\s+payah|tak\s+perlu|tidak\s+perlu|tak\s+usah|usah|x\s+payah|tak\s+yah)\s+"
    r"(?:(?:la|lah|pulak|sekali-kali|langsung|sesekali)\s+)?(?:" + MS_KEEP + r")\b"
    r"|\banggap(?:lah)?(?:\s+(?:saja|je|jelah|aje))?\s+(?:saya|aku)\s+(?:tak|tidak|x)\s+(?:pernah\s+)?"
    r"(?:cakap|kata|beritahu|bagitahu|bagitau|bagi\s+tahu|sebut|cerita|ceritakan)\b"
    r"|\banggap(?:lah)?(?:\s+(?:saja|je|jelah|aje))?\s+(?:awak|kau|ko|engkau|you)\s+(?:tak|tidak|x)\s+(?:pernah\s+)?"
    r"(?:dengar|baca|tahu)\b"
    # "buat-buat tak dengar je la", "buat macam tak tahu": pretend not to have heard (never "aku buat-buat…")
    r"|(?<!saya\s)(?<!aku\s)(?<!dia\s)(?<!kami\s)(?<!kita\s)(?<!mereka\s)\bbuat(?:-buat|\s+buat)?\s+"
    r"(?:(?:macam|seolah|seolah-olah|seakan)\s+)?(?:(?:awak|kau|ko|you)\s+)?(?:tak|tidak|x)\s+(?:pernah\s+)?"
    r"(?:dengar|tahu|baca)\b(?!\s+(?:bila|macam|pun))",
    re.I,
)
#: "delete … from your memory", « efface … de ta mémoire »: a deleting verb, then the place
#: later in the sentence. Two linear searches (one pattern with ``[^.!?]*`` between them
#: rescanned the sentence from every verb: 16 KB of "erase " cost a second).
_FROM_MEMORY = (
    (
        re.compile(rf"\b(?:{EN_DELETE}|get\s+rid\s+of)\b", re.I),
        re.compile(r"\b(?:from|out\s+of)\s+(?:your\s+)?(?:memory|memories|notes|records|mind)\b", re.I),
    ),
    (
        re.compile(rf"\b(?:{FR_DELETE})\b", re.I),
        re.compile(r"\bde\s+(?:ta|votre)\s+(?:mémoire|tête)\b", re.I),
    ),
    (
        re.compile(rf"\b(?:{MS_DELETE})(?:kan|lah)?\b", re.I),
        re.compile(r"\b(?:dari|daripada)\s+(?:ingatan|memori)\b", re.I),
    ),
)
_SENTENCE = re.compile(r"(?<=[.!?。！？…])\s*|\n+")

#: Words of the cue and its filler, left out of the topic (keys, and Chinese tokens).
FORGET_WORDS = frozenset(
    "forget forgets delete erase remove wipe scrub purge scrap disregard unlearn drop remember keep save store record note "
    "memorise memorize log stop strike need please pls plz just thing things stuff part bit everything anything "
    "earlier before said say told tell mentioned shared share wrote shouldn't should have ok okay actually "
    "oublie oublies oubliez oublier efface effacez effacer supprime supprimez supprimer retire retirez retiens "
    "retenez retenir garde gardez garder notez noter memorise memorisez enregistre enregistrez enregistrer "
    "souviens souvenez souvenir besoin chose choses truc trucs histoire tout dit raconte parle "
    "lupakan lupakanlah padam padamkan hapus hapuskan buang buangkan ingat simpan rekod catat catatkan "
    "payah perlu usah tadi cakap kata beritahu tentang pasal hal perkara semua yang tolong apa maklumat info "
    "information details detail details joke blague gurau informasi butiran propos peux pouvez memory memories "
    "memoire ingatan forgot rather prefer scratch anggap apa-apa je jelah mind note notes track record fais comme rien "
    "benda bab stp svp buat buat-buat dengar tahu".split()
) | frozenset(
    (
        "别",
        "不要",
        "不用",
        "记",
        "存",
        "保存",
        "记录",
        "记住",
        "记下",
        "删掉",
        "删除",
        "删",
        "删一下",
        "帮",
        "帮我",
        "那条",
        "这条",
        "抹掉",
        "抹去",
        "清除",
        "去掉",
        "忘掉",
        "忘",
        "忘记",
        "忘了",
        "当",
        "没说",
        "刚才",
        "刚刚",
        "说",
        "说过",
        "的",
        "那件事",
        "这件事",
        "那个",
        "这个",
        "事",
        "事情",
        "件事",
        "吧",
        "了",
        "你",
        "我",
        "一下",
        "那些",
        "这些",
        "话",
        "提到",
        "告诉",
        "信息",
        "资料",
        "隐私",
        "请",
        "麻烦",
        "拜托",
        "帮我",
        "掉",
        "关于",
        "下来",
        "来",
        "那句",
        "这句",
        "句",
        "没",
        "把",
        "过",
        "说过",
        "记下来",
    )
)


#: An attribute a request names by a question word ("where I live", « où j'habite »,
#: 我住在哪里, "tempat saya tinggal"; "where I work", « où je travaille », 我在哪里工作, "tempat
#: saya kerja"), with the keyed values that hold it (``keyed.KEYS`` prefixes). Two stored
#: memories holding it (a town and an address) make the request ask which (round 5).
ATTRIBUTES: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    (
        "home",
        ("home.",),
        re.compile(
            r"\bwhere\s+(?:i|we)\s+(?:live|stay|reside|am\s+living)\b|\bmy\s+(?:home\s+)?address\b"
            r"|\bwhere\s+my\s+(?:home|place|flat|house)\s+is\b"
            r"|\bo[uù]\s+(?:j'|je\s+)(?:habite|vis|r[ée]side|loge|demeure)\b|\bmon\s+adresse\b"
            r"|住在?哪|住哪|住址|家在哪|家住哪|我的地址|我家地址"
            r"|\b(?:tempat|di\s*mana)\s+(?:saya|aku)\s+(?:tinggal|duduk|menetap)\b|\balamat\s+(?:rumah\s+)?(?:saya|aku)\b"
            r"|\b(?:saya|aku)\s+(?:tinggal|duduk)\s+(?:di\s*)?mana\b"
            # the place named by a noun sharing the verb's root (session 26): "tempat tinggal saya"
            # ("Saya tinggal di…"), « mon domicile / lieu de résidence », 我住的地方 / 住处, "my residence"
            r"|\b(?:tempat\s+(?:tinggal|kediaman|menetap)|kediaman)\s+(?:saya|aku)\b"
            r"|\bmon\s+(?:domicile|lieu\s+de\s+(?:r[ée]sidence|vie))\b|\bl[àa]\s+o[uù]\s+(?:j'|je\s+)(?:habite|vis)\b"
            r"|我住的地方|我的?住处|我的?住所|居住地|\bmy\s+(?:place\s+of\s+residence|residence)\b"
            r"|\bthe\s+place\s+(?:where\s+)?i\s+(?:live|stay)\b",
            re.I,
        ),
    ),
    (
        "work",
        ("employer", "occupation", "work."),
        re.compile(
            r"\bwhere\s+i\s+work\b|\bwhat\s+i\s+do\s+for\s+a\s+living\b|\bmy\s+(?:job|employer|work)\b"
            r"|\bo[uù]\s+je\s+travaille\b|\bmon\s+(?:travail|m[ée]tier|employeur|boulot)\b"
            r"|在哪里?工作|在哪上班|我的?工作|做什么工作"
            r"|\btempat\s+(?:saya|aku)\s+(?:bekerja|kerja)\b|\b(?:kerja|pekerjaan|majikan)\s+(?:saya|aku)\b"
            r"|\bmy\s+(?:workplace|place\s+of\s+work)\b|\bmon\s+lieu\s+de\s+travail\b|上班的地方|工作的地方|工作单位",
            re.I,
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class ForgetRequest:
    """One request: its ``sentence`` (as written) and ``topic``, the content tokens naming
    what to forget (empty: the request names nothing by itself); ``attribute``: the
    ``ATTRIBUTES`` name it asks about by a question word ("where I live": ``home``), or
    ``None``; ``everything``: it asks for all it names ("everything about…", 所有); ``whole``:
    it asks, clearly, to forget everything about the user ("forget everything about me",
    « oublie tout sur moi », 忘掉关于我的一切, "lupakan semua tentang saya"; not under a
    condition, a hedge, a wish or a supposition, nor a question other than a polite one, nor
    inside quotation marks, after a frame other than words of address ("Her last text was:",
    "Lyrics:", 她最后的短信：) or a third person ("and then she goes, …"), nor taken back in a
    later sentence of the message ("… Just kidding!", 开玩笑的): such a request names nothing,
    and erases nothing)."""

    sentence: str
    topic: tuple[Tok, ...]
    attribute: str | None = None
    everything: bool = False
    whole: bool = False

    @property
    def keys(self) -> tuple[str, ...]:
        """The keyed-value prefixes of ``attribute`` (empty without one)."""
        return next((keys for name, keys, _ in ATTRIBUTES if name == self.attribute), ())

    @property
    def topic_key(self) -> str:
        """The topic's Chinese tokens joined, for substring matching."""
        return "".join(tok.key for tok in self.topic if tok.cjk)


# lane forget3: requests naming the thing, not the speech (删掉我生病的事, "padam hal … tu", « vire … »)
from souvenir.lexical.forget_cues_extra import MORE_WORDS, more_cue  # noqa: E402
from souvenir.lexical.forget_cues_other import OTHER_WORDS, other_cue  # noqa: E402
from souvenir.lexical.forget_ignore import IGNORE_WORDS, ignore_cue  # noqa: E402
from souvenir.lexical.forget_named import named_after_about  # noqa: E402
from souvenir.lexical.keep_wishes import keep_wishes_out  # noqa: E402
from souvenir.lexical.polite_asks import FRAME_WORDS, not_asked, plain_request  # noqa: E402
from souvenir.lexical.quoted_asks import adopt_quotes, outside_quotes  # noqa: E402
from souvenir.lexical.named_person import names_in  # noqa: E402
from souvenir.lexical.relayed_asks import said_again_out, told_at  # noqa: E402

FORGET_WORDS = FORGET_WORDS | MORE_WORDS | OTHER_WORDS | IGNORE_WORDS | FRAME_WORDS


def _has_cue(sentence: str) -> bool:
    # "don't forget…" asks to keep; "would you mind forgetting…" is "please forget…"
    folded = plain_request(keep_wishes_out(nfkc_fold(sentence).replace("’", "'")))
    if _EN.search(folded) or _FR.search(folded) or _MS.search(folded) or more_cue(folded) or other_cue(folded):
        return True
    if ignore_cue(folded):  # "ignore what I said about…", 别管我刚才说的…, "abaikan apa aku cakap…"
        return True
    for part in re.split(r"[.!?]", folded):
        for verb, place in _FROM_MEMORY:
            found = verb.search(part)
            if found and place.search(part, found.end()):
                return True
    for zh in _ZH.finditer(folded):
        if _ZH_NOT.search(folded, max(0, zh.start() - 2), zh.end() + 1):  # its lookbehind reads before
            continue
        if _ZH_DELETE.fullmatch(zh.group()) and not _ZH_SAID.search(folded):
            continue
        return True
    return False


#: Words opening a request that name nothing: "No, actually, forget…", « Non en fait oublie… ».
_OPENERS = re.compile(
    r"^(?:(?:no|nah|nope|actually|non|en\s+fait|finalement|bon|oh|ah|eh|hmm|tak|alamak|不|"
    + _EN_CONNECTIVES
    + "|"
    + _FR_CONNECTIVES
    + "|"
    + _MS_CONNECTIVES
    + r")(?:[\s,!:，]+|$))+",
    re.I,
)


def _topic(sentence: str) -> tuple[Tok, ...]:
    out = []
    sentence = _OPENERS.sub("", sentence.strip())
    for tok in content_of(english_son(tokenize(without_courtesy(sentence)))):
        key = tok.key
        if key in FORGET_WORDS or tok.stem in FORGET_WORDS:
            continue
        if tok.cjk:
            if key.startswith("我") and len(key) > 1:
                key = key[1:]  # 我哥: 哥
            for word in sorted(FORGET_WORDS, key=len, reverse=True):
                if len(word) > 1 and re.search(r"[\u3400-\u9fff]", word):
                    key = key.replace(word, "")
            if not key or key in FORGET_WORDS:
                continue
            tok = Tok(key, key, key, tok.role, True)
        out.append(tok)
    return tuple(out)


_CLAUSE = re.compile(r"[,;:，；：]")


#: A clause opening on the user as its subject (en, fr, ms; 我 for zh).
_USER_OPENS = re.compile(
    r"^(?:i|i'm|i've|i'd|i'll|im|we|je|j'|nous|moi|saya|aku|kami|kita|我|我们)(?:\b|(?<=')|(?<=[我们]))", re.I
)


def opens_on_the_user(clause: str) -> bool:
    """Whether ``clause`` opens on the user as its subject (I, je, j', 我, saya, aku, we…)."""
    return bool(_USER_OPENS.match(nfkc_fold(clause).replace("’", "'").strip()))


#: A clause commenting on the request, its subject a pronoun with its verb: "it's her business",
#: « ça la regarde », « c'est privé », 这是她的事, "itu hal dia".
_COMMENT_OPENS = re.compile(
    r"^(?:it's|it\s+is|that's|that\s+is|this\s+is|she's|he's|she|he|they|ça|ca|c'est|cela|ce\s+n'est|elle|il|ils|elles"
    r"|这是|那是|这事|那事|她|他|itu|ini|dia)(?:\b|(?<=')|(?<=[是事她他]))",
    re.I,
)


def _ends_the_topic(clause: str) -> bool:
    """Whether the topic stops before ``clause``: the user speaking of themselves, or a comment."""
    text = nfkc_fold(clause).replace("’", "'").strip()
    return bool(_USER_OPENS.match(text) or _COMMENT_OPENS.match(text))


def _sentence_topic(sentence: str) -> tuple[Tok, ...]:
    """The topic of a request ``sentence``: from its first clause holding the cue on, or,
    when that clause names nothing by itself ("forget it", 删掉吧), the clauses before it
    (the topic said first: "My brother's debts, forget that", 刚才说…那件事，你别记了), never
    the ones after ("Forget it, I'll ask my mom" names no memory of the mother). The clauses
    after a cue clause that names something are its topic up to one that opens on the user
    speaking of themselves ("Delete all my photos from the cloud, I am allergic to peanuts":
    the allergy is a statement, and was erased)."""
    clauses = [clause.strip() for clause in _CLAUSE.split(sentence)]
    first = next((i for i, clause in enumerate(clauses) if _has_cue(clause) or _ZH_DELETE.search(clause)), None)
    if first is None or len(clauses) == 1:
        return _topic(sentence)
    if _topic(clauses[first]):
        last = first + 1
        while last < len(clauses) and not _ends_the_topic(clauses[last]):
            last += 1
        return _topic(", ".join(clauses[first:last]))
    return _topic(", ".join(clauses[:first])) if first else ()


def _cue_clause(sentence: str) -> str:
    """The first clause of ``sentence`` holding the cue ("Forget it, I'll ask my mom about the
    notes": "Forget it"), else the sentence."""
    clauses = [clause.strip() for clause in _CLAUSE.split(sentence)]
    return next((clause for clause in clauses if _has_cue(clause) or _ZH_DELETE.search(clause)), sentence)


def head_topic(sentence: str) -> tuple[Tok, ...]:
    """The topic of a request ``sentence``'s first clause holding the cue alone (or, when it names
    nothing, of the clauses before it): the narrowest reading, tried when the whole topic
    (:func:`_sentence_topic`, its clauses after the cue read in) names no memory — a comment
    after the request that is no clause of the user's ("…别记着，家丑", "x patut sy cerita hal dia
    kat sini")."""
    clauses = [clause.strip() for clause in _CLAUSE.split(sentence)]
    first = next((i for i, clause in enumerate(clauses) if _has_cue(clause) or _ZH_DELETE.search(clause)), None)
    if first is None:
        return _topic(sentence)
    return _topic(clauses[first]) or (_topic(", ".join(clauses[:first])) if first else ())


def forget_requests(message: str, user_names: frozenset[str] = frozenset()) -> list[ForgetRequest]:
    """The requests to forget in ``message``, one per sentence holding a cue (module
    docstring); ``user_names``: the user's own names as keys (a pasted transcript's lines
    under them are the user's own, and may ask). Cached: a turn reads its message for
    requests before its write transaction, and again inside it (the store's lock is not held
    while a long message is read)."""
    return list(_forget_requests(message, user_names))


@text_cache(256)
def _forget_requests(message: str, user_names: frozenset[str]) -> tuple[ForgetRequest, ...]:
    if not message:
        return ()
    lines = transcript_lines(message, user_names)
    if lines is not None:  # a pasted chat: only the user's own lines ask anything of us
        message = "\n".join(line.text for line in lines if line.own)
    message = adopt_quotes(message)  # 'Please do this: "forget my address"': the user's own ask
    out = []
    sentences = _SENTENCE.split(message)
    unquoted = _unquoted_sentences(message, sentences)
    for at, sentence in enumerate(sentences):
        if sentence.strip() and _has_cue(sentence) and _has_cue(unquoted[at]):  # a pasted text's cue asks nothing
            folded = nfkc_fold(sentence).replace("’", "'")
            after = nfkc_fold(sentences[at + 1] if at + 1 < len(sentences) else "").replace("’", "'")
            if not_asked(said_again_out(folded), after):  # someone else's words, or "Could you forget it? I can't."
                continue
            if (told := told_at(folded)) is not None and not _has_cue(folded[:told]):  # "I told my boss: forget…"
                continue
            attribute = next((name for name, _, pattern in ATTRIBUTES if pattern.search(folded)), None)
            everything = bool(EVERYTHING.search(folded))
            whole = everything and asks_whole(folded)
            if whole and taken_back(" ".join(sentences[at + 1 :])):
                out.append(ForgetRequest(sentence.strip(), (), attribute, everything, False))
                continue
            topic = () if whole or (everything and WHOLE.search(folded)) else _sentence_topic(sentence)
            topic = () if takes_back(sentence) else topic  # « non, laisse tomber, oublie »: a filler names nothing
            if not topic and not takes_back(sentence) and not whole and not (everything and WHOLE.search(folded)):
                # "about May": a name that is a stop word; "…about the thank you notes": named all the same
                topic = names_in(sentence, FORGET_WORDS) or named_after_about(_cue_clause(sentence))
            out.append(ForgetRequest(sentence.strip(), topic, attribute, everything, whole))
    return tuple(out)


def _unquoted_sentences(message: str, sentences: list[str]) -> list[str]:
    """Each of ``sentences`` (``message`` split by :data:`_SENTENCE`) outside its quotes
    (:func:`souvenir.lexical.quoted_asks.outside_quotes`, read on the whole message: a quote
    may hold several sentences)."""
    blanked = outside_quotes(message)
    out, at = [], 0
    for found, sentence in zip(_SENTENCE.finditer(message + "\n"), sentences):
        out.append(blanked[at : at + len(sentence)] if message[at : at + len(sentence)] == sentence else sentence)
        at = found.end()
    return out + sentences[len(out) :]


def is_forget_text(text: str) -> bool:
    """A text (a candidate memory) that is itself about a request to forget ("Asked the
    assistant to forget…", « Veut qu'on oublie… », 要求删除…, "Minta lupakan…")."""
    folded = nfkc_fold(text)
    return bool(
        re.search(
            r"\b(?:forget|forgotten|delete[ds]?|erase[ds]?|oubli\w*|effac\w*|supprim\w*|lupakan"
            r"|padam\w*|hapus\w*)\b|删|别记|不要记|忘掉",
            folded,
            re.I,
        )
    ) and not _ZH_NOT.search(folded)
