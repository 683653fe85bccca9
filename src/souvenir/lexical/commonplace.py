"""Commonplaces a small model writes as notes: what "we all" do, a bare list of sensations, a
feeling about what comes next (issue #25, conv-43's second speaker, session 17).

Three chit-chat kinds (:mod:`souvenir.lexical.chitchat`), read in a model's notes only
(:data:`souvenir.lexical.chitchat.NOTE_ONLY`); the message a note came from stays the turn's
episode (never worse than no model). Pure: one sentence in, verdict out.

- :func:`everyone` (``everyone``) — a maxim on everyone, in the present: "we all" / "all of us" /
  "everyone" (« on a tous », « nous sommes tous », « tout le monde »; 我们都, 大家都, 每个人都;
  "kita semua", "semua orang") and a present verb, with nothing of anyone after it: no "I" /
  "my", no capitalised word, no digit, no time, no past ("We all went camping last week" is an
  event: ``went``; « on a tous mangé » is past; 了 / 过; "sudah", "dah", "telah")::

      everyone("We all find our own way to escape and feel free!")   -> True
      everyone("We all went to Tokyo last year.")                      -> False

- :func:`sensations` (``sensations``) — two or more bare noun phrases, then a judgement with a
  pronoun subject and nothing else: "The waves, the wind, it's super exciting and free-feeling."
  (« Les vagues, le vent, c'est grisant » ; 海浪，海风，太刺激了 ; "Ombak, angin, memang
  seronok"). A possessive or a name in the list ("My board, my wetsuit…") is not read.
- :func:`ahead` (``ahead``) — a feeling about what comes next, naming nothing: "I am excited
  about what's coming next!", "This is where I am heading." (« J'ai hâte de voir la suite », « C'est
  là que je vais » ; 我很期待接下来的事, 这就是我的方向 ; "Saya teruja dengan apa yang akan datang",
  "Inilah hala tuju saya"). The whole sentence must be the frame: "…about the game next month" is
  not read.

No threshold: the patterns are the rule. Their cost: the 1,487 LoCoMo gold observations read as
notes (``bench.chitchat_share``; docs/write-path.md, "What conv-43 left").
"""

from __future__ import annotations

import re

__all__ = ["ahead", "everyone", "sensations"]

_OPEN = r"^\W*(?:(?:and|so|yeah|honestly|really|well|i\s+guess|i\s+think|et|puis|dan|bon)\W+)*"
_END = r"\W*$"

_EVERYONE_EN = re.compile(
    _OPEN + r"(?:we\s+all|all\s+of\s+us|we\s+each|each\s+of\s+us|everyone|everybody)\s+"
    r"(?:(?:just|really|kinda|sort\s+of|eventually|sometimes|always)\s+)*"
    r"(?:find|finds|need|needs|have|has|deserve|deserves|go|goes|feel|feels|get|gets|want|wants|know|knows"
    r"|face|faces|struggle|struggles|experience|seek|look|try|tries|make|makes|can|should|must|love|loves"
    r"|cope|deal|deals|grow|handle|like|likes|are|is|do|does)\b",
    re.I,
)
_EVERYONE_FR = re.compile(
    _OPEN + r"(?:(?:on|nous)\s+(?:\w+\s+){0,2}(?:tous|toutes|tous\s+et\s+toutes)\b|tout\s+le\s+monde\s+\w+)",
    re.I,
)
_EVERYONE_ZH = re.compile(r"^(?:其实|毕竟|说到底)?(?:我们|咱们|大家|每个人|人人)(?:都|每个人都)")
_EVERYONE_MS = re.compile(_OPEN + r"(?:kita\s+semua|semua\s+orang|setiap\s+orang)\b", re.I)

#: A past or a perfect after the frame: an event, not a maxim.
_PAST = re.compile(
    r"\b(?:went|had|did|was|were|found|got|made|felt|saw|came|took|(?!(?:need|feed|speed|exceed|proceed|succeed|seed)\b)\w+ed|"
    r"sudah|dah|telah|pernah|semalam)\b|(?:^|\s)(?:a|avons|sommes|étions|avions)\s+(?:tous\s+|toutes\s+)?(?!tous\b|toutes\b)\w+(?:é|ée|és|ées|i|is|u|us|it)\b"
    r"|了|过|去年|昨天|上周",
    re.I,
)
_TIME = re.compile(
    r"\b(?:tonight|today|tomorrow|yesterday|week|weekend|month|year|night|morning|summer|winter|"
    r"demain|hier|semaine|mois|an|année|été|esok|minggu|bulan|tahun)\b|明天|今天|周末|月|年",
    re.I,
)
_WRITER = re.compile(r"\b(?:i|i'm|i've|me|my|mine|je|j'|moi|mon|ma|mes|saya|aku)\b|我(?!们)", re.I)


def _nobody(rest: str) -> bool:
    """No writer, no digit, no time and no capitalised word in ``rest``."""
    if re.search(r"\d", rest) or _WRITER.search(rest) or _TIME.search(rest):
        return False
    return not any(word[0].isupper() for word in re.findall(r"[^\W\d_]+", rest))


def everyone(sentence: str) -> bool:
    """A present maxim on "we all" / everyone with nobody named (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    found = next((m for p in (_EVERYONE_EN, _EVERYONE_FR, _EVERYONE_ZH, _EVERYONE_MS) if (m := p.search(text))), None)
    if found is None:
        return False
    return not _PAST.search(text) and _nobody(text[found.end() :])


_ITEM_EN = r"(?:the\s+)?[a-z][a-z'-]+(?:\s+[a-z][a-z'-]+)?"
_SENSE_EN = re.compile(
    _OPEN + rf"(?:{_ITEM_EN}\s*,\s*(?:and\s+)?){{2,}}"
    r"(?:it's|it\s+is|that's|that\s+is|all\s+of\s+it's|it\s+all\s+feels|it\s+feels|everything's|so)\b",
    re.I,
)
_ITEM_FR = r"(?:(?:le|la|les|l')\s*)?[a-zà-ÿ][a-zà-ÿ'-]+(?:\s+[a-zà-ÿ][a-zà-ÿ'-]+)?"
_SENSE_FR = re.compile(
    _OPEN + rf"(?:{_ITEM_FR}\s*,\s*(?:et\s+)?){{2,}}(?:c'est|c\s+est|tout\s+[çc]a|[çc]a)\b",
    re.I,
)
_SENSE_ZH = re.compile(r"^(?:[\u4e00-\u9fff]{1,4}[、，,]\s*){2,}(?:真|太|好|超|很|这|一切|感觉|那种)")
_SENSE_MS = re.compile(
    _OPEN + r"(?:[a-z][a-z-]+(?:\s+(?:ini|itu))?\s*,\s*(?:dan\s+)?){2,}"
    r"(?:memang|sangat|rasa|ia|semua|semuanya|best|seronok|terasa)\b",
    re.I,
)
#: Interjections that open a reaction, not a list ("Wow, John, that's…", « Oh là là, … »).
_CALLS = frozenset(
    "wow oh oof ah aw aww omg man dude yeah ok okay hey well ouah waouh bon ben wah alamak aduh eh".split()
)
#: A list item that is someone's or named: a fact, not a sensation.
_OWNED = re.compile(r"\b(?:my|our|your|his|her|their|mon|ma|mes|notre|nos|saya|aku|kami)\b|我|我们|我的", re.I)


def sensations(sentence: str) -> bool:
    """Two or more bare noun phrases, then a pronoun's judgement (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    found = next((m for p in (_SENSE_EN, _SENSE_FR, _SENSE_ZH, _SENSE_MS) if (m := p.search(text))), None)
    if found is None or _OWNED.search(text[: found.end()]):
        return False
    items = re.findall(r"[^\W\d_]+", text[: found.end()])
    if items and items[0].lower() in _CALLS or any(word[0].isupper() for word in items[1:]):
        return False  # "Wow, John, that's really heartwarming!": a call and a name, not a list
    return _nobody(text[found.end() :])


_NEXT_EN = (
    r"(?:what(?:'s|\s+is)\s+(?:coming\s+)?(?:next|ahead|to\s+come|in\s+store)|what(?:'s|\s+is)\s+coming"
    r"|what\s+comes\s+next|what\s+the\s+future\s+(?:holds|brings)|what\s+lies\s+ahead|the\s+future|the\s+next\s+step"
    r"|the\s+road\s+ahead|where\s+(?:this|it)\s+(?:goes|leads|takes\s+me))"
)
_AHEAD_EN = re.compile(
    _OPEN + r"(?:(?:i'm|i\s+am|i\s+feel|feeling|so|really|super|pretty|very|totally|just)\s+)*"
    r"(?:excited|stoked|pumped|thrilled|eager|hyped|looking\s+forward\s+to|can't\s+wait\s+(?:to\s+see|for)|ready\s+for)"
    rf"\s+(?:about\s+|for\s+|to\s+see\s+)?{_NEXT_EN}{_END}"
    r"|"
    + _OPEN
    + r"(?:this|that|here)\s+is\s+where\s+i(?:'m|\s+am)\s+(?:heading|headed|going)(?:\s+(?:next|now))?"
    + _END
    + r"|"
    + _OPEN
    + r"(?:this|that)(?:'s|\s+is)\s+(?:my\s+path|my\s+direction|the\s+way\s+forward|what's\s+next)"
    + _END,
    re.I,
)
_AHEAD_FR = re.compile(
    _OPEN
    + r"(?:j'ai\s+(?:tellement\s+|trop\s+|vraiment\s+)?h[âa]te|je\s+suis\s+(?:tellement\s+|trop\s+|vraiment\s+|super\s+)?"
    r"(?:impatient|impatiente|excité|excitée|enthousiaste))\s+(?:de\s+(?:voir|découvrir)\s+|pour\s+)?"
    r"(?:la\s+suite|ce\s+qui\s+(?:vient|arrive|m'attend|nous\s+attend)|l'avenir|la\s+prochaine\s+étape)"
    + _END
    + r"|"
    + _OPEN
    + r"c'est\s+(?:là\s+que\s+je\s+vais|ma\s+direction|mon\s+chemin|là\s+où\s+je\s+vais)"
    + _END,
    re.I,
)
_AHEAD_ZH = re.compile(
    r"^我?(?:真的|很|非常|超|好)?(?:期待|兴奋|激动|等不及)(?:看到)?(?:接下来(?:的事(?:情)?)?|未来|下一步|将来)(?:的事(?:情)?)?(?:了|啊|呀)?\W*$"
    r"|^我?对(?:接下来(?:的事(?:情)?)?|未来|下一步)(?:感到|很|非常|真的)*(?:兴奋|期待|激动)\W*$"
    r"|^(?:这|那)(?:就)?是我(?:的方向|要去的方向|要走的路|前进的方向)\W*$"
)
_AHEAD_MS = re.compile(
    _OPEN + r"(?:saya|aku)?\s*(?:sangat\s+|memang\s+|betul-betul\s+)?(?:teruja|tak\s+sabar|tidak\s+sabar|gembira)\s+"
    r"(?:nak\s+tengok\s+|untuk\s+melihat\s+|dengan\s+|tentang\s+)?"
    r"(?:apa\s+yang\s+(?:akan\s+)?(?:datang|seterusnya)|apa\s+seterusnya|masa\s+depan|langkah\s+seterusnya)"
    + _END
    + r"|"
    + _OPEN
    + r"(?:inilah|itulah)\s+(?:hala\s+tuju|arah\s+tuju|jalan)\s+(?:saya|aku)"
    + _END,
    re.I,
)


def ahead(sentence: str) -> bool:
    """A feeling about what comes next that names nothing (module docstring)."""
    text = sentence.strip().replace("\u2019", "'")
    return any(p.search(text) for p in (_AHEAD_EN, _AHEAD_FR, _AHEAD_ZH, _AHEAD_MS))
