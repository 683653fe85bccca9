"""Sentences of the moment: a retraction of one's own words, a pet's or a child's need of
the moment, a date said alone (issue #25, session 21).

Chit-chat kinds (:mod:`souvenir.lexical.chitchat`) and a grounding reading
(:mod:`souvenir.write.grounding`) for what a small model copied as notes and no-model mode
kept as episodes, with no durable fact about the writer in them. Pure (one sentence in,
verdict out)::

    retraction("I take back the moon landing crack.")  -> True
    retraction("I took the car back to the dealer.")    -> False  (a return, not a retraction)
    momentary_need("Biscuit wants her lunch.")          -> True
    momentary_need("My son wants to study in Japan.")   -> False  (a plan: not the moment's need)
    date_alone("10月5号")                                -> True
    date_alone("Moved to Ipoh on 5 October.")           -> False

- ``retraction`` — the writer takes back what they said, and says nothing else: "I take that
  back", "I take back the moon landing crack" (a word of speech: crack, joke, comment…),
  "Scratch that", « Je retire ce que j'ai dit », « Je retire ma blague », 我收回那句话,
  当我没说, "Saya tarik balik apa saya cakap tadi". What is taken back was said in another
  turn and is the forget path's (#26), not a memory of its own.
- ``momentary_need`` — a pet or a child wants or needs, now, what every day brings: food, a
  walk, out, milk, a story, bed ("Biscuit wants her lunch", « Le chien veut sortir », « Lou
  réclame son histoire », 猫饿了, 宝宝要喝奶了, "Kucing nak makan", "Budak-budak dah merengek
  nak susu"). The subject is an animal or child word or one name; the need is a word of the
  list and nothing else follows but "now", "again" and the like. A want that is a plan ("My
  son wants to study in Japan"), a habit with a time ("The dog needs a walk every morning at
  6") or a state of health ("The cat is sick") is not one.
- ``date_alone`` — nothing but a date: "October 5th", « le 5 octobre », 10月5号, "5 Oktober",
  "5/10": a date is a fact only with what happens on it, which the note left out.

No threshold: the lexicons are the rule. Their cost on LoCoMo's turns and observations and on
the multilingual suites: docs/write-path.md ("Session 21, lane model8").
"""

from __future__ import annotations

import re

__all__ = ["date_alone", "momentary_need", "retraction"]

_LEAD = r"^[\W_]*(?:(?:ok|okay|oh|ok\s+fine|fine|alright|sorry|actually|well|oops|lol|haha|bon|ok\s+bon|d'accord|pardon|désolée?|好吧|算了|好|对不起|sori|ok\s+la|okla|okeh)\b[\s,!.]*)*"
#: A word of speech: what a retraction takes back ("the moon landing crack").
_SPEECH_EN = r"(?:crack|joke|comment|remark|dig|jab|quip|line|bit|words?|statement|thing\s+i\s+said)"
_RETRACT = re.compile(
    _LEAD + r"(?:"
    r"(?:i\s+)?(?:take|taking)\s+(?:that|it|this|all\s+that|those\s+words|my\s+words|what\s+i\s+said)\s+back"
    rf"|(?:i\s+)?(?:take|taking)\s+back\s+(?:that|what\s+i\s+(?:just\s+)?said|(?:the|my|that)\s+(?:[\w'-]+\s+){{0,4}}{_SPEECH_EN})"
    r"|scratch\s+that|(?:i\s+)?(?:retract|withdraw)\s+(?:that|my\s+(?:comment|remark|statement)|what\s+i\s+said)"
    r"|(?:je\s+)?(?:retire|reprends)\s+(?:ce\s+que\s+j'ai\s+dit|ça|cela|mes\s+paroles|ce\s+que\s+je\s+viens\s+de\s+dire"
    r"|(?:ma|cette)\s+(?:remarque|blague|phrase|vanne|pique)|(?:mon|ce)\s+(?:commentaire|mot))"
    r"|(?:saya|aku|sy)?\s*tarik\s+balik(?:\s+(?:apa\s+(?:yang\s+)?(?:saya|aku|sy)\s+(?:cakap|kata|sebut)|kata-kata\s+(?:saya|aku)"
    r"|komen\s+(?:saya|aku|tu|tadi)|cakap\s+(?:saya|aku)|ayat\s+(?:tu|tadi)))?"
    r")(?P<rest>.*)$",
    re.I,
)
#: What may follow a retraction: when it was said, a name called, an apology.
_RETRACT_REST = frozenset(
    """just now earlier before about the that it all of sorry my bad lol haha really totally completely then
    tout à l'heure tout a l heure désolé désolée pardon tadi sorry ya la lah je dulu semua""".split()
)
_ZH_RETRACT = re.compile(
    r"^(?:好吧|算了|对不起|抱歉|好)?[，,\s]*(?:我)?(?:收回(?:那句话|这句话|刚才的话|刚才那句(?:话)?|我的话|前面的话|刚才说的(?:话)?|那句)|当我没说(?:过)?)"
    r"(?:吧|啊|哈)?[。！!~～.…]*$"
)


def retraction(sentence: str) -> bool:
    """The writer takes back their own words and says nothing else (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    if _ZH_RETRACT.match(text):
        return True
    m = _RETRACT.match(text)
    if not m:
        return False
    rest = m.group("rest")
    if any(ch.isdigit() for ch in rest):
        return False
    words = re.findall(r"[\w']+", rest)
    words = words[:-1] if words and words[-1][:1].isupper() else words  # the name called
    return all(w.lower() in _RETRACT_REST for w in words)


#: Pets and children, by the word a writer calls them ("the dog", « le chiot », "budak-budak").
_WHO_EN = r"(?:(?:the|my|our)\s+)?(?:dogs?|cats?|pupp(?:y|ies)|pups?|kittens?|kitty|baby|babies|kids?|little\s+ones?|toddler|twins|boys|girls)"
_WHO_FR = r"(?:(?:le|la|les|mon|ma|mes|notre|nos)\s+)?(?:chien(?:ne)?s?|chats?|chattes?|chatons?|chiots?|bébés?|petits?|petites?|enfants|gamins?|gamines?|jumeaux|jumelles)"
_WHO_MS = r"(?:kucing|anjing|baby|bayi|budak(?:-budak)?|anak(?:-anak)?|adik|si\s+kecik|si\s+kecil)(?:\s+(?:saya|aku|kami|sy))?"
_NAME = r"[A-Z][a-zà-ÿ]+"
#: The need of the moment, with its verb.
_NEED_EN = (
    r"(?:wants?|needs?|is\s+(?:begging|whining|crying|asking|scratching|barking|meowing|yelling)\s+for|are\s+(?:begging|whining|crying|asking|yelling)\s+for)"
    r"\s+(?:(?:her|his|their|its|my|a|the|some|to\s+be)\s+)?(?:lunch|dinner|breakfast|supper|food|feed|fed|walk|walkies|snack|treat|milk|bottle|nap|bath|cuddles?|(?:bedtime\s+)?story"
    r"|to\s+(?:go\s+)?(?:out|outside|pee|eat|play)|out|outside)"
    r"|(?:is|are|'s|'re)\s+(?:hungry|starving|sleepy|cranky)"
)
_NEED_FR = (
    r"(?:veulent|veut|réclament|réclame|attend|attendent|pleure\s+pour|pleurent\s+pour)\s+(?:sortir|manger|dîner|goûter|(?:son|sa|ses|leur|leurs|un|une|à)\s+"
    r"(?:repas|pâtée|croquettes|biberon|histoire|promenade|balade|goûter|dîner|câlin|bain|sieste|manger|lait|sortie))"
    r"|(?:a|ont)\s+faim|(?:est|sont)\s+affamée?s?"
)
_NEED_MS = r"(?:dah\s+|tengah\s+|sedang\s+|asyik\s+)?(?:(?:merengek|menangis|minta|mengiau|menyalak)\s+)?(?:nak|mahu|minta|lapar)(?:\s+(?:makan|susu|minum|keluar|tidur|main|mandi))?"
_AFTER = r"(?:\s+(?:now|again|already|right\s+now|maintenant|encore|déjà|sekarang|lagi|dah|ni|tu))*"
_MOMENT = re.compile(
    r"^[\W_]*(?:(?:ok|okay|well|oh|so|anyway|bon|bref|alors|ok\s+la|okla|alamak|aduh|haih)\b[\s,!.]*)*"
    rf"(?:(?:{_WHO_EN}|{_NAME})\s+(?:{_NEED_EN})|(?:{_WHO_FR}|{_NAME})\s+(?:{_NEED_FR})|(?:{_WHO_MS}|{_NAME})\s+(?:{_NEED_MS}))"
    rf"{_AFTER}[\s!.…~]*$",
)
_ZH_MOMENT = re.compile(
    r"^(?:好了|哎呀|哎|唉)?[，,\s]*(?:我家|家里|我们家)?的?(?:猫|猫咪|狗|狗狗|小狗|小猫|宝宝|孩子|孩子们|小家伙|娃|儿子|女儿)"
    r"(?:又|在|已经|开始)?(?:饿了|喊饿了?|要吃(?:饭|奶)?了?|要喝奶了?|吵着要(?:吃|喝奶|出去|睡觉)了?|闹着要(?:吃|出去|睡觉)了?|要出去了?|想出去了?|困了|要睡觉了?|哭着要(?:吃|奶)了?)"
    r"[啦呀~～。！!…]*$"
)


def momentary_need(sentence: str) -> bool:
    """A pet or a child wants, now, what every day brings (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    if _ZH_MOMENT.match(text):
        return True
    if any(ch.isdigit() for ch in text):
        return False
    return bool(_MOMENT.match(text) or _MOMENT.match(text[:1].lower() + text[1:]))


_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
    r"|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre"
    r"|januari|februari|mac|april|mei|jun|julai|ogos|september|oktober|november|disember"
)
_DATE_ALONE = re.compile(
    r"^[\W_]*(?:(?:on|the|le|pada|tarikh|hari)\s+)*"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th|er)?\s+(?:of\s+)?(?:{_MONTHS})(?:\s+\d{{4}})?"
    rf"|(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    r"|\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?"
    r"|(?:\d{4}年)?\d{1,2}月\d{1,2}(?:日|号|號)?(?:[上下]午)?)"
    r"[\s!.。！…]*$",
    re.I,
)


def date_alone(sentence: str) -> bool:
    """Nothing but a date (module docstring)."""
    return bool(_DATE_ALONE.match(sentence.strip()))
