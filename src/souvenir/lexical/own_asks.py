"""A direct question about the user's own thing (pure; issue #26, round 25).

"What's my dog called?", « Comment s'appelle mon chien ? », 我的狗叫什么名字？, "Apa nama kucing
saya?", "Where do I work again?", « Je travaille où déjà ? », 我是做什么的？, "Saya kerja apa?": the
user asks the listener for a thing it should know about them — the same act as "Do you remember
what my dog is called?" (:mod:`souvenir.lexical.recall_asks`, whose gap tables it reads). The
sentence states nothing new, so it is chit-chat of kind ``recall``
(:mod:`souvenir.lexical.chitchat`), not an episode.

A sentence is one (after a called name or an interjection, with or without "?", "again" / « déjà »
/ 来着 / "ya" at the end) when it is:

* an asked gap of the recall table, a copula and an owned noun phrase, with what is asked of it
  ("What's my dog called / my dog's name / my wife's job?", "How old is my daughter?", « Comment
  s'appelle mon chien ? », « Quel âge a ma fille ? », « C'est quoi le nom de mon chat ? »), or the
  owned phrase first (« Mon chien s'appelle comment ? », « Ma fille a quel âge ? », 我的狗叫什么名字,
  我女儿几岁了, "Kucing saya nama apa?", "Anak saya umur berapa?", "Apa nama kucing saya?");
* the user's own state asked with a gap: "Where do I work?", "What do I do for a living?", "Which
  team do I support?", "How old am I?", « Où est-ce que je travaille ? », « Je fais quoi dans la
  vie ? », « J'habite où ? », 我在哪里上班？, 我是做什么的？, 我对什么过敏？, "Saya kerja mana?",
  "Saya alah pada apa?" — a verb of a state (work, live, do, study, support, like…), never one of
  doing next ("Where do I buy…?", 我去哪里玩 ask for advice).

Never one (kept as it is: the question brings news or asks for advice):

* a modal or a wish ("What should I call my new puppy?", « Comment je devrais appeler… », 我应该给
  狗起什么名字, "Apa nama yang sesuai untuk kucing saya?": should, could, can, good, best; devrais,
  peux, bien; 应该, 该, 好, 适合; patut, sesuai, bagus, boleh);
* a thing said new ("my new puppy", « mon nouveau chiot », 我新养的狗, "kucing baru saya"): news;
* a name, a number or a time in it ("What's my appointment on Friday?", "…my dog Rex…", 我明天…),
  "why / how / when" (a worry or an event: "Why is my cat sneezing?", 我的猫为什么老打喷嚏);
* anything more in the sentence (an owned phrase of four words at most, nothing after it).

Shape::

    own_question("What's my dog called again?")   -> True
    own_question("What should I name my new puppy?")  -> False
"""

from __future__ import annotations

import re

from souvenir.lexical.recall_asks import EN_GAPS, FR_GAPS, MS_GAPS, ZH_GAPS, plain_complement, strip_called

__all__ = ["own_question"]

#: An owned noun phrase: a possessive and one to three lowercase words (no "new"), in English and French.
_EN_NP = r"my\s+(?!new\b)(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*"
_FR_NP = r"(?:mon|ma|mes)\s+(?!nouve(?:au|l|lle)\b)(?:[a-zà-ÿ][\w-]*\s+){0,2}?[a-zà-ÿ][\w-]*"
#: What is asked of the thing after it: its name, its age, its job…
_EN_ATTR = r"(?:'s|’s)\s+(?:name|age|job|birthday|address|number|favou?rite\s+\w+)"
_EN_END = r"(?:\s+(?:called|named|again|already|now|then|exactly|actually))*"
_EN = re.compile(
    rf"^(?:{EN_GAPS}|(?:what|which)\s+(?:breed|colou?r|size|kind|sort|type|model|make|brand))\s*(?:'s|’s|\s+is|\s+are|\s+was|\s+were|'re)\s+(?:the\s+(?:name|age|job|birthday|address)\s+of\s+)?{_EN_NP}(?:{_EN_ATTR})?{_EN_END}$"
    rf"|^(?:{EN_GAPS}|(?:which|what)\s+[a-z]+)\s+(?:do|does|did)\s+i\s+(?:(?:still|usually|normally)\s+)?"
    r"(?:work|live|do(?:\s+for\s+(?:a\s+living|work))?|study|support|teach|drive|like|love|hate|prefer|follow|come\s+from"
    rf"|stay|play|work\s+(?:at|for|as))(?:\s+(?:at|in|for))?{_EN_END}$"
    rf"|^(?:{EN_GAPS})\s+(?:does|did)\s+{_EN_NP}\s+(?:do(?:\s+for\s+(?:a\s+living|work))?|live|work|study|teach|drive"
    rf"|go\s+to\s+school|support|like)(?:\s+(?:at|in|for))?{_EN_END}$"
    rf"|^how\s+many\s+[a-z]+\s+do\s+i\s+have{_EN_END}$"
    rf"|^(?:{EN_GAPS})\s+did\s+i\s+(?:say|tell\s+you|mention)\s+(?:that\s+)?(?:i|{_EN_NP})(?:\s+(?:is|was|were|am))?(?:\s+[a-z]+){{0,2}}{_EN_END}$"
    rf"|^(?:where|what)\s+am\s+i\s+(?:from|allergic\s+to){_EN_END}$|^how\s+old\s+am\s+i{_EN_END}$"
    rf"|^what(?:'s|’s|\s+is)\s+my\s+(?:name|job|age|birthday|address|occupation|job\s+title){_EN_END}$",
    re.I,
)
_FR_END = r"(?:\s+(?:déjà|deja|encore|alors|au\s+juste|exactement))*"
_FR_ASK = (
    r"comment\s+(?:s'appell\w*|se\s+nomm\w*)|quel\s+âge\s+(?:a|ont)|(?:quel|quelle)\s+est|(?:quels|quelles)\s+sont"
    r"|c'est\s+quoi|qui\s+est|où\s+(?:est|sont|habite|habitent|travaille|travaillent|bosse|vit|vivent)"
    r"|qu'est-ce\s+que\s+(?:fait|font)"
)
_FR_VERB = r"(?:travaille|bosse|taffe|habite|vis|fais(?:\s+(?:comme\s+(?:métier|travail|boulot)|dans\s+la\s+vie))?|étudie|supporte|suis\s+allergique\s+à)"
_FR = re.compile(
    rf"^(?:{_FR_ASK})\s+(?:déjà\s+)?(?:(?:le\s+|la\s+|l')(?:nom|prénom|âge|métier|boulot|travail|adresse|anniversaire|date\s+de\s+naissance)"
    rf"\s+(?:de|d')\s*)?{_FR_NP}{_FR_END}$"
    rf"|^(?:il|elle)\s+(?:s'appell\w*\s+comment|a\s+quel\s+âge|fait\s+quoi|habite\s+où|travaille\s+où)(?:\s+déjà)?\s+{_FR_NP}{_FR_END}$"
    rf"|^{_FR_NP}\s+(?:s'appell\w*\s+comment|a\s+quel\s+âge|ont\s+quel\s+âge|c'est\s+qui|habite\s+où|travaille\s+où"
    rf"|fait\s+quoi(?:\s+comme\s+(?:métier|travail|boulot))?){_FR_END}$"
    rf"|^(?:où|qu'est-ce\s+que|que|quel\s+métier|quel\s+sport|quelle\s+équipe)\s+(?:est-ce\s+que\s+)?(?:je|j')\s*{_FR_VERB}"
    rf"(?:\s+comme\s+(?:métier|travail|boulot))?{_FR_END}$"
    rf"|^(?:je|j')\s*{_FR_VERB}\s+(?:où|quoi|qui|quel\s+\w+)(?:\s+comme\s+(?:métier|travail|boulot)|\s+dans\s+la\s+vie)?{_FR_END}$"
    rf"|^(?:quel\s+âge\s+(?:j'ai|ai-je)|c'est\s+quoi\s+mon\s+(?:nom|métier|âge)|comment\s+je\s+m'appelle|j'ai\s+quel\s+âge"
    rf"|combien\s+d'\w+\s+(?:j'ai|ai-je)|j'ai\s+combien\s+d'\w+){_FR_END}$",
    re.I,
)
#: Chinese: 我(的 / 家 / 家的) and a thing of one to six characters, or 我 alone, then what is asked of it.
_ZH_OWNER = r"我(?:的|家的|家)?(?!新)(?P<np>[\u3400-\u9fff]{1,6}?)?"
_ZH_ASK = (
    r"(?:的)?(?:名字)?(?:叫|是)(?:什么|啥)(?:名字)?|的名字是(?:什么|啥)|(?:今年|现在)?(?:是)?(?:几岁|多大|多少岁)"
    r"|(?:是)?(?:在|住在|住|在哪里|在哪儿)(?:哪里|哪儿|哪|什么地方)(?:工作|上班|住|上学|读书)?"
    r"|(?:是)?(?:在)?(?:哪里|哪儿|哪)(?:工作|上班|上学|读书|人)|是(?:谁|做什么的|干什么的|哪里人|哪国人|什么星座|什么工作)"
    r"|(?:是)?(?:做|干)(?:什么|啥)(?:工作|的)?|对(?:什么|啥)过敏|(?:最)?(?:喜欢|支持|养了?|开)(?:吃|喝|看|听|玩)?(?:什么|啥|哪个|哪支|谁)(?:[\u3400-\u9fff]{1,2})?"
    r"|有(?:几|多少)(?:个|只|条|辆)?[\u3400-\u9fff]{1,3}|是(?:哪天|几号|几月几号)"
)
_ZH = re.compile(rf"^{_ZH_OWNER}(?P<ask>{_ZH_ASK})(?:来着|了|呢|啊|呀|嘛|吗|的)*$")
#: Malay: the thing and its owner (saya / aku / I), with what is asked before or after.
_MS_NP = r"(?:(?!baru\b)[a-z][\w-]*\s+){0,2}?(?:saya|aku)"
_MS_END = r"(?:\s+(?:ya|eh|tu|lagi|agaknya|ek|kan|dah|sekarang|sebenarnya))*"
_MS = re.compile(
    rf"^(?:apa|siapa)\s+(?:nama|kerja|pekerjaan|jawatan)\s+{_MS_NP}{_MS_END}$"
    rf"|^berapa\s+(?:umur|usia)\s+{_MS_NP}{_MS_END}$"
    rf"|^(?:nama|umur|usia|kerja|pekerjaan)\s+{_MS_NP}\s+(?:{MS_GAPS}){_MS_END}$"
    rf"|^(?:apa|siapa)\s+(?!yang\b)(?:[a-z]+\s+){{1,3}}(?:saya|aku){_MS_END}$|^berapa\s+(?:orang|ekor|buah)\s+{_MS_NP}{_MS_END}$"
    rf"|^(?:{_MS_NP}\s+)?(?:nama|umur|usia|kerja|pekerjaan|kerja\s+sebagai|tinggal(?:\s+(?:di|kat|dekat))?"
    rf"|duduk(?:\s+(?:di|kat|dekat))?|kerja\s+(?:di|kat|dekat)|asal(?:\s+dari)?|alah\s+(?:pada|dengan|kat)?|alergi\s+(?:pada|dengan)?"
    rf"|sokong\s+pasukan)\s*(?:{MS_GAPS}){_MS_END}$",
    re.I,
)
#: Advice, a wish or a plan: the question asks for a choice, not for a thing known.
_ADVICE = re.compile(
    r"\b(?:should|could|can|would|shall|might|must|good|best(?!\s+(?:friend|mate|pal|buddy))|nice|better|ideas?|recommend\w*|suggest\w*|new|want|plan"
    r"|devrais|devrait|dois|peux|pourrais|bien|meilleure?|nouveau|nouvelle|nouvel|veux|voudrais"
    r"|patut|sesuai|bagus|elok|boleh|perlu|nak|mahu|baru|cadang\w*)\b"
    r"|应该|应当|该|好呢|好吗|比较好|适合|推荐|建议|可以|能不能|想|打算|要不要|新",
    re.I,
)


def own_question(sentence: str) -> bool:
    """Whether ``sentence`` (one sentence, en / fr / zh / ms) asks the listener for a thing about
    the user's own (module docstring)."""
    text = strip_called(sentence)
    if not text or len(text) > 80 or _ADVICE.search(text):
        return False
    plain = re.sub(r"今年|现在", "", text)  # 我女儿今年几岁了: the age asked now, no time told
    plain = re.sub(r"\b[A-Z]{2,3}\b", lambda m: m.group().lower(), plain)  # "Who's my GP?": an initialism, no name
    if not plain_complement(plain[:1].lower() + plain[1:]):  # the capital opening the sentence is no name
        return False
    if re.search(r"[\u3400-\u9fff]", text):
        text = re.sub(r"\s+", "", text)
        m = _ZH.match(text)  # the asked gap is one of the recall table's (or 多大: how old)
        return m is not None and not text.startswith("我们") and bool(re.search(rf"{ZH_GAPS}|多大", m.group("ask")))
    if _FR.match(text) is not None:
        return bool(re.search(rf"(?:{FR_GAPS})|\bquoi\b|\bâge\b|\bcomment\b", text, re.I))
    return _EN.match(text) is not None or _MS.match(text) is not None
