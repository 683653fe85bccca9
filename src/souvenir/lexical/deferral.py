"""A deferral: a plan to think, talk or check later that names nothing (issue #25).

Pure (one clause in, verdict out). Session 23's held-out runs kept, in both modes, a turn that
only puts the question off ("nanti aku discuss dengan Wani": "I'll discuss it with Wani later"):
a plan whose object is a pronoun or nothing, with at most the person it will be talked over with
and when. What it defers is in the conversation (the assistant's last answer), not in the clause,
so it is no memory::

    deferred("I'll talk to my wife about it")       -> True
    deferred("Let me think about it first")         -> True
    deferred("j'en parlerai à mon mari ce soir")     -> True
    deferred("我再想想")                             -> True
    deferred("我明天就跟他说")                       -> True
    deferred("nanti saya bincang dengan suami dulu") -> True
    deferred("I'll talk to my landlord about the boiler")   -> False  (names its object)
    deferred("je vais en parler à mon médecin lundi")        -> False  (a date: a plan)

The rule: a first-person plan or "let me" (or no subject: "Will check with him"), a verb of
deliberation (talk, discuss, think, ask, check, see, decide; « parler », « réfléchir »,
« voir », « demander »; 商量, 想想, 说, 问问; "bincang", "fikir", "tanya", "tengok"), and
after it only pronouns (it, that, « en », « y »), the person (a pronoun, a kin or household
word, a name after "with / to / à / avec / dengan", 1–3 Han characters after 跟 / 和) and
the light words of time ("first", "later", "tonight", "tomorrow", « d'abord », « ce soir »,
先, 回头, 明天, "dulu", "nanti", "esok"). A digit, a capitalised word that is not the person, or
any other word (a topic: "the boiler", « le prêt », 房子的事, "pasal rumah") keeps the clause.
A thing to try is not deferred: "I'll check it out", "I'll look into it" (LoCoMo's annotators
note them: "plans to check out the book recommended"), nor "I'll see you soon" (a farewell).
No threshold: the lexicons are the rule. Session 24 (lane model15); its cost on the read
dialogues and on LoCoMo: docs/write-path.md.
"""

from __future__ import annotations

import re

__all__ = ["deferred"]

_EN_HEAD = re.compile(
    r"^(?:(?:ok|okay|right|alright|hmm|well|so|then|noted)\W+)*"
    r"(?:(?:i'?ll|i\s+will|i'?m\s+(?:going\s+to|gonna)|i\s+(?:need|have|want|got)\s+to|i\s+(?:should|must|might|may|could)"
    r"|i'?d\s+(?:better|best)|i\s+gotta|let\s+me|lemme|will|gonna|need\s+to|have\s+to)\s+)"
    r"(?:(?:just|first|probably|maybe|definitely|properly|quickly|have\s+to|need\s+to|go\s+and|have\s+a)\s+)*"
    r"(?P<verb>talk|speak|chat|check(?=\s+with)|discuss|think|sleep|ask|see(?!\s+you)|decide|mull|run|have\s+a\s+(?:think|chat|word)"
    r"|a\s+(?:think|chat|word)|confirm|get\s+back"
    # session 25: other verbs of putting it off ("sound her out", "give it some thought", "weigh it up")
    r"|sound\s+(?:him|her|them|it)\s+out|give\s+it\s+(?:some|a\s+bit\s+of|more)\s+thought|weigh\s+(?:it|things)\s+up"
    r"|chew\s+on|sit\s+on|stew\s+on)\b(?P<rest>.*)$",
    re.I,
)
_EN_LIGHT = frozenset(
    """out it this that things over through on about with to by first later tonight tomorrow then soon again
    more properly a bit and get back you see what they say decide""".split()
)
_EN_PERSON = re.compile(
    r"\b(?:with|to|by|ask)\s+(?:(?:my|the|our)\s+(?:\w+\s+)?(?:wife|husband|partner|hubby|missus|mum|mom|mam|mother|dad"
    r"|father|boss|brother|sister|son|daughter|family|folks|parents|other\s+half|accountant|team|manager|landlady|wee\s+one)"
    r"|him|her|them|[A-Z][a-z\u00e0-\u00ff]+)\b"
    r"|\b(?:ask|check\s+with)\s+(?:him|her|them)\b|\bask\s+(?:my|the)\s+\w+\b"
)

_FR_HEAD = re.compile(
    r"^(?:(?:ok|bon|d'accord|alors|bref|bien|entendu|not[ée])\W+)*"
    r"(?:j'(?:en|y)\s*|je\s+(?:vais\s+|dois\s+|vais\s+d'abord\s+)?(?:(?:en|y|vous|te|lui|leur|le|la)\s+){0,2}"
    r"|laisse[sz]?-moi\s+|on\s+va\s+(?:en\s+|y\s+)?)"
    r"(?P<verb>parler(?:ai)?|parle|discuter(?:ai)?|discute|r[ée]fl[ée]chir(?:ai)?|r[ée]fl[ée]chis|voir|verrai|vois|redis"
    r"|redirai|penser(?:ai)?|demander(?:ai)?|demande|regarder(?:ai)?|regarde|recontacterai|rappellerai"
    r"|toucherai\s+un\s+mot|toucher\s+un\s+mot|prendre\s+le\s+temps\s+d'y\s+r[ée]fl[ée]chir|mûrir|murir|dormir\s+dessus)\b(?P<rest>.*)$",
    re.I,
)
_FR_LIGHT = frozenset(
    """à a avec d'abord abord plus tard ce soir demain encore un peu ça ca y en bien le la et vous te tout ceci cela
    de ensuite apres après""".split()
)
_FR_PERSON = re.compile(
    r"(?:\b(?:à|a|avec)\s+(?:(?:ma|mon|mes|notre|nos)\s+(?:femme|mari|compagne|compagnon|conjointe?|m[èe]re|p[èe]re|fr[èe]re"
    r"|s(?:œ|oe)ur|fils|fille|famille|patron|patronne|comptable|associ[ée]e?|parents|enfants|banquier)"
    r"|lui|elle|eux|[A-Z][a-z\u00e0-\u00ff]+))(?![\w'])"
)

_ZH = re.compile(
    r"^(?:好的?|行|嗯|那|ok)?[，,\s]*(?:那)?我?(?:再|先|回头|明天|晚上|到时候|就|得|要|去)*"
    r"(?:(?:跟|和|同)(?:他|她|他们|我?老公|我?老婆|我?爱人|我?妈|我?爸|家里人?|儿子|女儿|孩子|[\u4e00-\u9fff]{1,2})"
    r"(?:再|先)?(?:商量|说|讨论|聊|谈|问问|沟通)(?:一下|商量|看看|看)?"
    r"|(?:回去|回家)?(?:想想|想一想|想一下|算算|看看|考虑考虑|考虑一下|考虑下|琢磨琢磨|琢磨一下|琢磨下|研究研究|斟酌一下"
    r"|问问(?:他|她|他们|我?老公|我?老婆|家里人?)?)(?:看)?)"
    r"(?:吧|了|哈|啊|再说|再定)?$"
    r"|^让我(?:想想|考虑一下|考虑考虑|算算|看看)(?:吧|哈)?$"
)

_MS_HEAD = re.compile(
    r"^(?:(?:ok|okey|okay|baik|noted|ok\s+noted|hmm)\W+)*"
    r"(?:(?:nanti|esok|malam\s+ni|kejap\s+lagi|biar)\s+)?(?:(?:saya|aku|sy|akak|abang|kami)\s+)?"
    r"(?:(?:nak|akan|kena|mesti|boleh|try)\s+)?(?:(?:nanti|esok|dulu)\s+)?"
    r"(?P<verb>discuss|bincang|berbincang|tanya|cakap|fikir-fikir(?:kan)?|fikir(?:kan)?|pikir|tengok|check|pertimbang(?:kan)?|consider|confirm)"
    r"\b(?P<rest>.*)$",
    re.I,
)
_MS_LIGHT = frozenset("dulu lah la lagi balik nanti esok dengan dgn ngan kat pada ya je malam ni dia hal tu".split())
_MS_PERSON = re.compile(
    r"\b(?:(?:dengan|dgn|ngan|kat|pada)\s+)?(?:dia|wife|isteri|bini|suami|husband|hubby|mak|ayah|abah|bos|family|keluarga"
    r"|orang\s+rumah|(?:abang|kakak|adik)(?:\s+(?:saya|aku))?|[A-Z][a-z]+)\b(?:\s+(?:saya|aku))?"
)


def _light(rest: str, person: re.Pattern[str], light: frozenset[str]) -> bool:
    rest = person.sub(" ", rest.replace("\u2019", "'"))
    if any(ch.isdigit() for ch in rest):
        return False  # a date or an amount: a plan that names something
    words = re.findall(r"[\w']+", rest)
    return all(w.lower() in light for w in words)


def deferred(clause: str) -> bool:
    """Whether ``clause`` (one clause, as written, with or without its end mark) only defers: a
    plan to think, talk or check later naming nothing (module docstring)."""
    text = clause.strip().strip(" .!?。！？~～…").replace("\u2019", "'")
    if not text or len(text) > 120:
        return False
    if _ZH.match(text.replace(" ", "")):
        return True
    for head, person, light in (
        (_EN_HEAD, _EN_PERSON, _EN_LIGHT),
        (_FR_HEAD, _FR_PERSON, _FR_LIGHT),
        (_MS_HEAD, _MS_PERSON, _MS_LIGHT),
    ):
        m = head.match(text)
        if m and _light(m.group("rest"), person, light):
            return True
    return False
