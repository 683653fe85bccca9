"""An inference question about one person, rewritten as the statement its answer would be
in that person's own mouth (pure, no model): the text the embedders read for it.

"Would Caroline likely pursue writing as a career?" → "I would pursue writing as a
career", "What might John's financial status be?" → "my financial status be",
« Caroline serait-elle partante pour un parc national ? » → « je serais partante pour un
parc national », "约翰会不会搬到国外？" → "我会搬到国外", "Adakah Tim mungkin suka buku
C. S. Lewis?" → "saya suka buku C. S. Lewis". In a conversation the evidence of such a
question is the person's own turn ("I'm running for office again", "Turtles really bring me
joy"): first person, no name, no question form. The question as written is a third-person
question carrying the name, and its USE and e5 vectors sit near the turns that name the
person or ask something (LoCoMo's open-domain misses: docs/benchmarks.md, "Session 26, lane
recall12").

:func:`as_statement` — the rules, four languages, applied to the message folded to lower
case (NFKC) and read up to 4,096 characters:

- the question's frame goes: EN a leading auxiliary ("would", "does", "is", "has", "can",
  "will", "did"…), "is it likely / possible that", "how likely is it that", the
  hedges "(be) likely (to)", "probably", "possibly", "potentially"; a leading wh-word with a modal
  ("what might", "what would", "what could"); FR « est-ce que », « est-il probable que »,
  the inverted subject (« -t-elle », « -il »), « probablement », « sans doute »; ZH
  会不会 → 会, 是否会 → 会, 可能, 大概, 也许, 吗, 呢; MS "adakah", "apakah", "mungkin",
  "agaknya", "barangkali", "kemungkinan", "-kah";
- the person becomes the speaker: the name → EN "I" ("X's" → "my", "me" after a
  preposition: "to Joanna" → "to me"), FR « je », ZH 我,
  MS "saya"; their pronouns too — EN he / she → "I", him → "me", his / her → "my",
  himself / herself → "myself"; FR il / elle → « je », son / sa / ses → « mon / ma /
  mes », lui → « moi »; ZH 他 / 她 → 我; MS "dia" → "saya", "-nya" after a word →
  " saya";
- agreement where it is regular: EN "I is / has / does" → "I am / have / do", a leading
  "I be" → "I am",
  FR a conditional of the third person (« serait », « aimerait ») → the first (« serais »,
  « aimerais »);
- the question marks go.

The result is ``message`` itself when it names no one (``name`` absent from it) or nothing
but the first person would be left. Nothing here does I/O; one pass of each rule (linear time).
"""

from __future__ import annotations

import re

from souvenir.lexical import nfkc_casefold

__all__ = ["as_statement"]

_LIMIT = 4096
_HAN = re.compile(r"[\u3400-\u9fff]")
_SPACES = re.compile(r"\s+")
_MARKS = re.compile(r"[?？!！]+")
#: EN frame: a leading wh-word with a modal, a leading auxiliary, "is it likely that", hedges.
_EN_FRAME = (
    re.compile(r"^\s*(?:what|which|how)\s+(?:might|would|could|may)\s+"),
    re.compile(r"^\s*(?:how likely is it that|is it (?:likely|possible|probable) that|do you think)\s+"),
    re.compile(
        r"^\s*(?:would|wouldn't|will|does|doesn't|do|did|didn't|is|isn't|are|was|were|has|hasn't|have|can|could|might|may|should)\s+"
    ),
    re.compile(r"\b(?:be\s+)?(?:likely|probably|possibly|potentially)\s+(?:to\s+)?(?=\w)"),
)
_EN_PRONOUNS = (
    (re.compile(r"\b(?:he|she)\b"), "i"),
    (re.compile(r"\b(?:himself|herself)\b"), "myself"),
    (re.compile(r"\bhim\b"), "me"),
    (re.compile(r"\b(?:his|her)\b"), "my"),
)
#: "to Joanna" → "to me", "signed up John" → "signed up me": the person after a preposition.
_EN_OBJECT = re.compile(r"\b(to|for|with|about|of|from|up|describe|describes|besides|than)\s+i\b")
_EN_AGREE = (
    (re.compile(r"\bi\s+is\b"), "i am"),
    (re.compile(r"\bi\s+has\b"), "i have"),
    (re.compile(r"\bi\s+does\b"), "i do"),
    (re.compile(r"^\s*i\s+(?:be|being)\b"), "i am"),
)
_FR_FRAME = (
    re.compile(r"\best-(?:il|ce) (?:probable|possible) que?\s*"),
    re.compile(r"\best-ce qu(?:e\s+|')"),
    re.compile(r"-t-(?:il|elle)\b|-(?:il|elle)\b"),
    re.compile(r"\b(?:probablement|sans doute)\s*"),
)
_FR_PRONOUNS = (
    (re.compile(r"\b(?:il|elle)\b"), "je"),
    (re.compile(r"\bson\b"), "mon"),
    (re.compile(r"\bsa\b"), "ma"),
    (re.compile(r"\bses\b"), "mes"),
    (re.compile(r"\blui\b"), "moi"),
)
#: « je serait » → « je serais »: a third-person conditional after the new subject.
_FR_AGREE = re.compile(r"\bje\s+(\w+ra)it\b")
_FR_ELIDE = re.compile(r"\bje\s+(?=[aeiouéèêh])")
_ZH_FRAME = ((re.compile(r"会不会|是否会|应该会"), "会"), (re.compile(r"可能|大概|也许|[吗呢]"), ""))
_MS_FRAME = re.compile(r"\b(?:adakah|apakah|mungkin|agaknya|barangkali|kemungkinan)\b\s*|(?<=\w)kah\b")
#: The first person the rules write: a statement of nothing else is no statement.
_SELF = re.compile(r"\b(?:i|my|me|myself|je|j'|mon|ma|mes|moi|saya)\b|我的|我", re.IGNORECASE)
_MS_NYA = re.compile(r"\b(\w{3,})nya\b")


def _name_pattern(name: str) -> re.Pattern[str]:
    folded = re.escape(nfkc_casefold(name))
    if _HAN.search(name):
        return re.compile(folded + r"(?:的)?")
    return re.compile(r"(?<!\w)" + folded + r"(?:['’]s)?(?!\w)")


def as_statement(message: str, name: str) -> str:
    """``message`` (a question about ``name``) as ``name``'s own first-person statement
    (the module's rules); ``message`` itself when it does not hold ``name`` or nothing but
    the first person would be left."""
    if not name:
        return message
    text = nfkc_casefold(message[:_LIMIT]).replace("’", "'")
    pattern = _name_pattern(name)
    if not pattern.search(text):
        return message
    han = bool(_HAN.search(text))
    french = bool(re.search(r"\b(?:est-ce|serait|aimerait|pourrait|voudrait|-t-elle|-t-il|-elle|-il|\w+rait)\b", text))
    malay = bool(re.search(r"\b(?:adakah|apakah|mungkin|agaknya|barangkali|dia|yang)\b", text))
    if han:
        for rule, into in _ZH_FRAME:
            text = rule.sub(into, text)
        text = pattern.sub(lambda m: "我的" if m.group(0).endswith("的") else "我", text)
        text = re.sub(r"[他她]", "我", text)
    elif french:
        for rule in _FR_FRAME:
            text = rule.sub(" ", text)
        text = pattern.sub(lambda m: " mon " if m.group(0).endswith("'s") else " je ", text)
        for rule, into in _FR_PRONOUNS:
            text = rule.sub(into, text)
        text = _FR_AGREE.sub(r"je \1is", text)
        text = _FR_ELIDE.sub("j'", text)
    elif malay:
        text = _MS_FRAME.sub(" ", text)
        text = pattern.sub(" saya ", text)
        text = re.sub(r"\bdia\b", "saya", text)
        text = _MS_NYA.sub(r"\1 saya", text)
    else:
        for rule in _EN_FRAME:
            text = rule.sub(" ", text)
        text = pattern.sub(lambda m: " my " if m.group(0).endswith("'s") else " i ", text)
        text = _EN_OBJECT.sub(r"\1 me", text)
        for rule, into in _EN_PRONOUNS:
            text = rule.sub(into, text)
        for rule, into in _EN_AGREE:
            text = rule.sub(into, text)
        text = re.sub(r"\bi\b", "I", text)
    text = _SPACES.sub(" ", _MARKS.sub(" ", text)).strip(" ,.;:")
    return text if any(ch.isalnum() for ch in _SELF.sub(" ", text)) else message
