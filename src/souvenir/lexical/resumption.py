"""A stop taken back (pure; issue #26, round 13): a stored "stopped X" ended by a new "X again",
whatever the wording on either side.

``proposition.is_flip`` reads a relapse when both sides say the same words but for the stop
("Quit vaping" / "Started vaping again"); each fresh case file said one side with more words
than the other (« A arrêté le handball après sa blessure » / « A repris le handball dans le club
de son quartier », 戒了麻将 / 又打起麻将来了，一周三个晚上, "Dah berhenti jadi rider Foodpanda" /
"Jadi rider Foodpanda semula lepas kena buang kerja", "Left teaching to work in recruitment" /
"Went back to teaching science in September"). Read here by parts:

* the old memory opens on a **verb of stopping** (stopped, quit, gave up, left, dropped; « a
  arrêté », « a quitté », « a laissé tomber »; 戒了, 停了, 不再, 放弃了; berhenti, stop,
  tinggalkan), then **what stopped**: its words up to a reason, a time or a second clause
  ("after…", « après… », 因为…, "sebab…", "to work in…");
* the new one holds a **mark of taking up again** (again, back to / at / into, resumed, returned
  to, took up … again; « a repris », « de nouveau », « à nouveau », « s'est remis à », « est
  retourné à »; 又, 重新, 再次, 恢复, 回到; semula, balik, kembali, sambung) and **every content word
  of what stopped** (a Chinese object by its characters).

Then the new memory ends the stop (the stop goes to history). Not a resumption: a question, a
wish ("want to start running again"), the stop of another thing ("Quit smoking" / "Running again").
A kind and one of its things are the same habit here (« les jeux d'argent » / « le poker », 酒 / 啤酒:
:mod:`souvenir.lexical.kinds_of`).
"""

from __future__ import annotations

import re

from souvenir.lexical.kinds_of import kind_meets
from souvenir.lexical.normalize import fold_words, nfkc_fold
from souvenir.lexical.stop_forms import stopped_text
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.story_steps import strip_doer

__all__ = ["back_again", "resumes", "says_stopped"]

_STOP = re.compile(
    r"^\s*(?:(?:the\s+user|i|l'utilisat\w+|je|j'|saya|aku|用户|我)\s+)?(?:has\s+|have\s+|had\s+)?(?:already\s+|just\s+)?"
    r"(?:stopped|quit|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?|left|dropped|packed\s+in|ditched|cut\s+out|kicked"
    r"|swore\s+off|sworn\s+off|uninstalled|deleted|cancell?ed)\s+"
    r"|^\s*(?:(?:il|elle|je|j')\s*)?(?:a|ai)\s+(?:arrêté|arrete|quitté|laissé\s+tomber|abandonné|lâché|supprimé"
    r"|désinstallé|résilié|coupé)\s+(?:de\s+|d'|le\s+|la\s+|les\s+|l')?"
    r"|^\s*(?:(?:dah|sudah|telah)\s+)?(?:berhenti|stop|tinggalkan|meninggalkan|buang|padam|uninstall|delete)\s+"
    r"(?:dari(?:pada)?\s+)?"
    r"|^\s*(?:我)?(?:已经)?(?:戒了|戒掉了?|停了|不再|放弃了|卸载了|删了|删掉了|退了)",
    re.I,
)
#: What ends the words of what stopped: a reason, a time, a purpose, a second clause.
_END = re.compile(
    r"[,;.，。；]|\s(?:after|because|since|when|to|for|in|last|and|but|après|car|parce|depuis|en|pour|et|mais|lepas"
    r"|selepas|sebab|kerana|sejak|untuk|dan|tapi|pada|il\s+y\s+a)\s"
    r"|\s(?:an?|one|two|three|four|five|six|\d+|a\s+few|several|few)\s+(?:years?|months?|weeks?|days?)\s+ago\b"
    r"|\s(?:se|satu|dua|tiga|empat|lima|\d+)\s*(?:tahun|bulan|minggu|hari)\s+(?:yang\s+)?lalu\b"
    r"|因为|后|以后|之后|由于|了",
    re.I,
)
_AGAIN = re.compile(
    r"\b(?:again|back\s+(?:to|at|into|on|in)|went\s+back|gone\s+back|going\s+back|resumed?|resuming|returned\s+to|took\s+up"
    r"|picked\s+up|repris|reprend|reprise|de\s+nouveau|à\s+nouveau|recommencé|recommence|remis|remise|retourné|retournée"
    r"|semula|balik|kembali|sambung|relapsed|replongée?|rechutée?|retombée?|back\s+on)\b|又|重新|再次|恢复|回到|捡起|复吸|复发|破戒",
    re.I,
)
_GOING = re.compile(r"^(?:going\s+(?:to\s+)?|d'aller\s+(?:à|au|aux)\s+|pergi\s+(?:ke\s+)?|去)", re.I)
#: A question or a wish: "want to start running again", "I feel like coffee again", « j'ai envie de reprendre
#: le café », 想又喝咖啡 / 好想再喝, "rasa nak minum kopi semula" (round 25: a wish is no relapse). The Chinese
#: words stand outside ``\b`` (no word boundary between two Han characters).
_QUESTION = re.compile(
    r"[?？]|吗\s*$|\b(?:want|wants|wanted|wanna|wish|wishes|hope|hoping|plan|plans|planning|feel\s+like|feeling\s+like"
    r"|fancy|fancying|craving|crave|craves|tempted|tempting|itching|long\s+to|longing|would\s+love|i'?d\s+love|dying\s+to"
    r"|thinking\s+(?:of|about)|considering|might"
    r"|veut|voudrait|voudrais|veux|aimerait|aimerais|envie|tenté|tentée|rêverais|projette|espère|pense|songe|hésite"
    r"|nak|mahu|mau|ingin|teringin|rasa\s+nak|mengidam|idam|berhajat|harap|rancang|bercadang)\b"
    r"|想|打算|希望|计划|馋|渴望",
    re.I,
)


#: The Chinese stop with its object before the verb: 把抖音卸载了, 把烟戒了, 抖音卸了 (group ``o``).
_ZH_BA = re.compile(
    r"^\s*(?:我)?(?:已经)?(?:把)?(?P<o>[\u3400-\u9fff]{1,6}?)(?:给)?(?:戒|停|卸载|卸|删|删除|退|注销|扔|取消|关)(?:掉|了)"
)


def _object(old: str) -> tuple[str, ...] | None:
    old = strip_doer(old)  # 顾客退掉了降噪耳机: the customer is the doer, not what stopped (story_steps)
    m = _STOP.match(old)
    said = stopped_text(old) if m is None else None  # « N'a plus de migraines », 半年没碰麻将了
    if m is None and said is None:
        ba = _ZH_BA.match(old)
        o = ba.group("o") if ba else ""
        return (o,) if len(o) > 1 and "把" not in o and not o.startswith(("我", "他", "她")) else None
    rest = _GOING.sub("", old[m.end() :] if m is not None else said or "")  # "Stopped going to the gym": the gym
    end = _END.search(rest)
    what = rest[: end.start()] if end else rest
    if re.search(r"[\u3400-\u9fff]", what):  # one character only for a habit a verb takes (戒了烟)
        one = re.sub(r"^(?:打|玩|去|练)(?=[\u3400-\u9fff]{2})", "", what.strip())  # 打麻将 / 又玩麻将了: the thing
        return (one,) if 1 < len(one) <= 6 or one in _ZH_TAKES else None
    words = tuple(w for w in fold_words(what).split() if w not in STOP_WORDS and len(w) > 2)
    if len(words) > 1 and words[0] in _PLAYING:  # « de jouer au poker » / « a repris le poker »: the verb said once
        words = words[1:]
    return words if 0 < len(words) <= 3 else None


#: Verbs a pastime is said with or without ("playing poker" / "poker again", « jouer au poker », "main
#: futsal", « faire du vélo »): the stop's first word, left out when a thing follows it.
_PLAYING = frozenset(
    "play playing played doing going jouer joue jouait faire fais fait pratiquer main bermain buat pergi".split()
)


def _stem(word: str) -> str:
    if len(word) == 4 and word.endswith("s") and not word.endswith("ss"):  # "eats" / "eating": eat
        return word[:3]
    return re.sub(r"(?:ing|ed|es|er|s|e)$", "", word) if len(word) > 4 else word


def says_stopped(old: str) -> bool:
    """Whether ``old`` opens on a stop (``_STOP``): :func:`resumes` is False for any other stored wording."""
    folded = nfkc_fold(old).strip()
    return _STOP.match(folded) is not None or stopped_text(folded) is not None


def resumes(new: str, old: str) -> bool:
    """Whether ``new`` takes up again what ``old`` says was stopped (module docstring)."""
    new, old = nfkc_fold(new).strip(), nfkc_fold(old).strip()
    if len(old) > 200 or len(new) > 300 or not _AGAIN.search(new) or _QUESTION.search(new) or says_stopped(new):
        return False
    what = _object(old)
    if not what:
        return False
    if _RELAPSE.search(new) and all(_ADDICTION.search(w) for w in what) and _same_addiction(new, what):
        return True  # "Relapsed" / "Quit smoking"
    if kind_meets(" ".join(what), new):  # a kind and one of its things: « jeux d'argent » / poker (kinds_of)
        return True
    if len(what) == 1 and re.search(r"[\u3400-\u9fff]", what[0]):
        return what[0] in new or any(verb in new for verb in _ZH_TAKES.get(what[0], ""))
    words = [_ELIDED.sub("", w) for w in fold_words(new).split()]  # « refume »: « fume » again; « l'alcool »: alcool
    stems = {_stem(w) for w in words} | {_stem(w[2:]) for w in words if w.startswith("re") and len(w) > 5}
    return all(_stem(w) in stems for w in what)


def _same_addiction(new: str, what: tuple[str, ...]) -> bool:
    """Whether a relapse ``new`` can be the stopped addiction ``what``: the same script, and the
    addiction it names (if any) one of ``what``'s; naming none, it says little else (four words at
    most besides the relapse: "Relapsed last week", 又复吸了) — « A replongé : se ronge les ongles »
    names its own habit and relapses into no stored drink."""
    if bool(_HAN.search(new)) != bool(_HAN.search(" ".join(what))):
        return False
    rest = _RELAPSE.sub(" ", new)
    said = {m.group(0).casefold() for m in _ADDICTION.finditer(rest)}
    if said:
        return bool(said & {m.group(0).casefold() for w in what for m in _ADDICTION.finditer(w)})
    return len(fold_words(rest).split()) <= 4


_HAN = re.compile(r"[\u3400-\u9fff]")
#: A French elided article or pronoun before a word (« l'alcool », « d'alcool », « s'est »): the word alone.
_ELIDED = re.compile(r"^(?:l|d|s|j|m|t|n|c|qu)['’]", re.I)


#: A relapse said by its own word, with no object: what relapses is an addiction (the stop's object).
_RELAPSE = re.compile(
    r"\b(?:relapsed|relapse|rechutée?|replongée?|retombée?)\b|复吸|复发|破戒|\bjatuh\s+semula\b", re.I
)
_ADDICTION = re.compile(
    r"smok|vap|drink|alcohol|cigar|gambl|drug|fum|boi|alcool|tabac|cigarette|jeu|rokok|minum|arak|judi|dadah"
    r"|烟|酒|赌|毒",
    re.I,
)
#: A one-character Chinese object and the verbs that take it (烟: 抽 / 吸, 酒: 喝): 戒了烟 / 又抽上了.
_ZH_TAKES = {"烟": "抽吸", "酒": "喝", "赌": "赌", "毒": "吸"}


#: A return to a former place or employer (round 15): the marks above, and « de retour », « revenu(e) »,
#: 搬回 / 调回 / 跳回 / 回到 / 又回, "balik / kembali / pulang ke".
_BACK = re.compile(
    r"\b(?:de\s+retour|revenue?s?|rentrée?s?|pulang\s+ke|(?:moved|came|went|headed)\s+(?:back\s+)?home|back\s+with)\b"
    r"|搬回|调回|跳回|又回|回老|换回|改回",
    re.I,
)


def back_again(text: str) -> bool:
    """Whether ``text`` says the user is back to a former state ("Back at Google now", 又回腾讯上班了,
    « De retour chez Renault », "Dah balik kerja di Petronas"), not asked nor wished."""
    text = nfkc_fold(text)
    return bool(_AGAIN.search(text) or _BACK.search(text)) and not _QUESTION.search(text)
