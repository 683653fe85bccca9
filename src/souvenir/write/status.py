"""Status: a note that asserts what the user's message does not (issue #25).

A model's note can be made of the user's own words and still invent: "I am a professional
counselor" from "I'm still thinking that counseling is the way to go". Grounding's share of
words passes it; this module reads *how* the message holds them. Pure (text in, verdict
out)::

    unasserted("I am a professional counselor", "I'm thinking of going into counseling.")
    -> "a professional counselor"
    unasserted("I am a counselor", "I'm a counselor at a school.")  -> None

Two readings, each in English, French, Chinese and Malay:

- **identity** — the note says who the user is: "I am a N" / "I'm N" with an article or a
  status word (vegetarian, married, retired…), "works as a N", "The user / <Name> is a N",
  « je suis (un·e) N », « je travaille comme N », 我是(一名)N / 我当了N, "saya (seorang /
  ialah / bekerja sebagai) N". It is asserted when a clause of the message that is not a
  question and holds no intention (below) says the user is, was, works as or is, "as a",
  that N (one of its content words after the frame: "I'm a school counselor", "As a
  counselor, I…", « en tant qu'infirmière », 作为护士, "sebagai guru").
- **modality** — the note states as done or as so what the message only plans, wishes or
  considers: its content is held (half of its content words or more) by clauses with an
  intention — want / plan / hope / thinking of / considering / keen on / would love /
  going to, « veux / voudrais / envisage / pense / compte / rêve », 想 / 打算 / 考虑 / 希望 /
  计划 / 准备, "nak / mahu / ingin / bercadang / berhasrat / fikir" — and not by the
  message's other clauses ("I help people" from "I want to help people"). A note that
  carries an intention itself ("Wants to…", "Is considering…") is not read.

Either finding names the claim (``unasserted`` returns it); ``None`` when the note asserts
nothing the message does not, or when the claim's words are not in the message at all
(that is grounding's ``terms`` check).

An intention word taints its clause: the sentence cut at ``;`` and at a conjunction
opening a new clause with a subject ("…, but I…", « mais je », 但是我, "tapi saya").

No threshold: the share of one half is the speech-act filter's (a unit supports a note
holding half of its content words). What it costs on LoCoMo's gold observations and what it
rejects of the swapped ones: ``bench/grounding_share.py`` (docs/write-path.md).
Known limits: an identity in words the message does not share ("I am a nurse" from "I work
nights at the hospital") is left to the ``terms`` check; a plan stated without an intention
word ("Next year I start my master's") is an assertion.
"""

from __future__ import annotations

import re

from souvenir.lexical.tagged import Tok, content_of, supported, tokenize

__all__ = ["intended", "unasserted"]

_STATUS_WORDS = (
    r"vegetarian|vegan|pregnant|married|single|divorced|widowed|retired|engaged|sober|unemployed|employed|"
    r"self-employed|freelance|transgender|trans|gay|lesbian|bisexual|queer|nonbinary|non-binary|diabetic|"
    r"celibate|adopted|homeschooled|student|graduate"
)
_EN_IDENTITY = re.compile(
    r"(?<!\bof\s)\b(?:i\s+am|i'm|im|the\s+user\s+is|user\s+is|(?P<who>[A-Z][a-z]+)\s+is|i\s+work\s+as|works\s+as|working\s+as)"
    r"\s+(?:now\s+|also\s+|currently\s+|still\s+|officially\s+)?"
    r"(?:(?:a|an)\s+(?P<noun>[^.,;:!?]+)|(?P<status>(?:" + _STATUS_WORDS + r")\b[^.,;:!?]*))",
    re.I,
)
_FR_IDENTITY = re.compile(
    r"(?<!\bde\s)(?<!\bdu\s)\b(?:je\s+suis|l'utilisat(?:eur|rice)\s+est|(?P<who>[A-Z][a-zé]+)\s+est"
    r"|je\s+travaille\s+comme|je\s+bosse\s+comme)"
    r"\s+(?:maintenant\s+|aussi\s+|d[ée]sormais\s+|devenue?\s+)?(?P<article>un\s+|une\s+)?(?P<noun>[^.,;:!?]+)",
    re.I,
)
_ZH_IDENTITY = re.compile(
    r"(?:我|用户)(?:现在|也|已经|目前|就)?(?:是|当了|成为了|做了)(?:一名|一个|一位|个|名|位)?(?P<noun>[\u4e00-\u9fff]{2,12})"
)
_MS_IDENTITY = re.compile(
    r"(?:^|(?<=[.;,:!?]\s)|(?<=\bdan\s)|(?<=\btapi\s)|(?<=\bsebab\s)|(?<=\bjadi\s)|(?<=\bkerana\s)|(?<=\btetapi\s))"
    r"(?:saya|aku|pengguna)"
    r"\s+(?:ialah|adalah|merupakan|seorang|bekerja\s+sebagai|kerja\s+sebagai|sekarang)"
    r"\s+(?:seorang\s+)?(?P<noun>[^.,;:!?]+)",
    re.I,
)
#: A French past participle after être (a compound past, not an identity).
_PARTICIPLE = re.compile(r"^\w+(?:é|ée|és|ées|u|ue|us|ues|ie|ies|is|it|ite|né|née)\b", re.I)
#: Where a predicate ends: a conjunction, a relative, a preposition after the noun.
_SPAN_END = re.compile(
    r"\s+(?:and|who|that|which|with|for|at|in|from|since|because|but|helping|et|qui|que|dans|depuis|avec|pour|mais"
    r"|chez|dan|yang|di|dengan|untuk|sejak|tetapi|tapi|kerana)\b.*$",
    re.I,
)
#: A frame that says the user is / was / works as the thing, or "as a": for the message.
_FRAME = re.compile(
    r"\b(?:i\s+am|i'm|im|i\s+was|i've\s+been|i\s+have\s+been|i\s+became|i've\s+become|as\s+an?|i\s+work(?:ed)?"
    r"\s+(?:as|in)|i'm\s+working\s+(?:as|in)|my\s+(?:job|work|career)\s+(?:as|in)|je\s+suis|j'[ée]tais|j'ai\s+[ée]t[ée]"
    r"|en\s+tant\s+que|en\s+tant\s+qu'|je\s+travaille\s+(?:comme|dans|en)|je\s+bosse\s+comme|saya|aku|sebagai"
    r"|(?:the\s+)?user\s+is|l'utilisat(?:eur|rice)\s+est|pengguna)\b"
    r"|(?:我|用户)(?:现在|也|已经|目前|就)?(?:是|当|做)|作为|身为",
    re.I,
)
#: An intention: a plan, a wish, a consideration, a becoming. It governs what follows it in
#: its clause ("I'm thinking of *going into counseling*"); "I wanted to let you know…",
#: "thinking back", "got me thinking" are not one.
_INTENTION = re.compile(
    r"\b(?:want(?:s|ed)?\s+to(?!\s+(?:let\s+you|tell\s+you|say|share|ask|check|update|give\s+you))|wanna|hop(?:e|es|ing)\s+to"
    r"|wish(?:es)?\s+(?:to|i)\b|plan(?:s|ning)?\s+(?:to|on)|(?<!me\s)thinking\s+(?:(?:of|about)\s+(?:\w+ing|a|an)\b|that)|consider(?:s|ing)?"
    r"|dream(?:s|ing)?\s+(?:of|about)|might|maybe|someday|some\s+day"
    r"|one\s+day|eventually|aspir(?:e|es|ing)\s+to|keen\s+on|intend(?:s|ing)?\s+to|gonna"
    r"|(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:\w+\s+)?going\s+to\s+(?!(?:the|my|a|an|his|her|our|their|this|that)\b)"
    r"|(?:'ll|will|shall)(?!\s+(?:always|never|forever)\b)|should"
    r"|can'?t\s+wait\s+to|hop(?:e|es|ing)|(?:think|thought)\s+(?:about|of)\s+\w+ing|(?:would|'d)\s+(?:really\s+)?\w+"
    r"|becom(?:e|es|ing)"
    r"|veux|voudrais|voulais|(?:j')?aimerais|envisag\w*|pense\s+(?:à|a|devenir|faire|que)|r[êe]ve\s+de|esp[èe]re"
    r"|projette|pr[ée]vois|compte\s+(?:devenir|faire)|devenir|peut-[êe]tre|songe|un\s+jour|vais|devrais|h[âa]te\s+de"
    r"|nak|hendak|mahu|ingin|teringin|bercadang|berhasrat|merancang|rancang|terfikir|mungkin|berharap|harap"
    r"|impian|cita-cita|menjadi|suatu\s+hari|akan|bakal|patut)\b"
    r"|想(?!起|到|法|念)|打算|考虑|希望|计划|准备|梦想|将来|以后|也许|要当|成为|(?<![学社机开聚约协工体])会(?![议员计所场])|应该|(?<![重需主只想])要(?![求是紧])",
    re.I,
)
_CUT = re.compile(
    r"[;；:]|\s[-–—]\s|,?\s+(?:but|and|so|because|since|though|although|while)\s+(?=i\b|i'|my\b)"
    r"|,?\s+(?:mais|et|donc|car|parce\s+que|parce\s+qu')\s*(?=je\b|j'|mon\b|ma\b)"
    r"|,?\s+(?:tapi|tetapi|dan|jadi|sebab|kerana)\s+(?=saya\b|aku\b)|[，,]?(?:但是|可是|不过|所以|因为|而且)(?=我)",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*|\n+")


#: A note that carries an intention or an interest itself ("Is planning a trip", "Wants…",
#: "Is interested in…", « Envisage… », 打算…, "Berminat…"): not read.
_MARKED = re.compile(
    r"\b(?:plan\w*|want\w*|wish\w*|hop(?:e|es|ed|ing)|interest\w*|consider\w*|thinking|dream\w*|keen|aspir\w*"
    r"|intend\w*|goals?|aim\w*|looking\s+forward|excited\s+to|future|eventually|would|could|might|someday"
    r"|determined|committed|eager|ready|next|will|going\s+to|soon"
    r"|envisag\w*|souhait\w*|projet\w*|int[ée]ress\w*|berminat|minat|matlamat|impian|cita-cita)\b",
    re.I,
)


def intended(text: str) -> bool:
    """``text`` holds an intention (module docstring)."""
    return _INTENTION.search(text) is not None


def _split(clause: str) -> tuple[str, str]:
    """``clause`` as (what it states, what its intention governs: from the first
    intention to the clause's end)."""
    m = _INTENTION.search(clause)
    return (clause, "") if m is None else (clause[: m.start()], clause[m.start() :])


def _clauses(message: str) -> list[str]:
    out: list[str] = []
    for sentence in _SENTENCE.split(message):
        out.extend(part.strip() for part in _CUT.split(sentence) if part and part.strip())
    return out


def _asked(clause: str) -> bool:
    return clause.rstrip().endswith(("?", "？", "吗", "呢"))


def _claims(candidate: str, names: frozenset[str]) -> list[str]:
    """The predicates of the candidate's identity claims, as written (a named subject only
    when it is one of ``names``, the user's)."""
    out = []
    for pattern in (_EN_IDENTITY, _FR_IDENTITY, _MS_IDENTITY):
        for m in pattern.finditer(candidate):
            if "who" in pattern.groupindex and m.group("who") and m.group("who").lower() not in names:
                continue
            span = m.group("noun") if "noun" in pattern.groupindex and m.group("noun") else m.group(0)
            if pattern is _EN_IDENTITY and m.group("status"):
                span = m.group("status")
            if pattern is _FR_IDENTITY and not m.group("article") and _PARTICIPLE.match(span):
                continue  # « est passé », « suis allée », « est tombée en panne »: a past tense, not who
            span = _SPAN_END.sub("", span).strip()
            if span:
                out.append(span)
    out.extend(m.group("noun") for m in _ZH_IDENTITY.finditer(candidate))
    return out


def _held(words: list[Tok], tokens: list[Tok], text: str) -> bool:
    key = "".join(tok.key for tok in tokens if tok.cjk)
    for word in words:
        if word.cjk:
            if any(word.key[i : i + 2] in key for i in range(len(word.key) - 1)):
                return True
        elif supported(word, tokens, key):
            return True
    return False


def _identity(claim: str, message: str) -> str | None:
    words = content_of(tokenize(claim)) or [t for t in tokenize(claim) if t.cjk]
    if not words or not _held(words, tokenize(message), message):
        return None  # the message does not hold its words: grounding's terms check
    for clause in _clauses(message):
        if _asked(clause):
            continue
        clause = _split(clause)[0]
        for frame in _FRAME.finditer(clause):
            after = _predicate(clause[frame.end() :])
            if _held(words, tokenize(after), after):
                return None
    return claim


#: Words that end a frame's predicate: "I've been *looking into* counseling" asserts no counselor.
_STOP = frozenset(
    "into in at on about for with to of from as dans à de pour avec sur en di ke dengan untuk dalam pada".split()
)


def _predicate(text: str) -> str:
    """The first words after a frame, up to a verb in -ing or a preposition (CJK: as is)."""
    if re.search(r"[\u4e00-\u9fff]", text[:4]):
        return text
    out: list[str] = []
    for word in re.findall(r"[\w'-]+", text)[:4]:
        if out and (word.lower() in _STOP or word.lower().endswith("ing")):
            break
        out.append(word)
    return " ".join(out)


def _support(content: list[Tok], tokens: list[Tok]) -> float:
    key = "".join(tok.key for tok in tokens if tok.cjk)
    held = sum(
        supported(tok, tokens, key) or (tok.cjk and any(tok.key[i : i + 2] in key for i in range(len(tok.key) - 1)))
        for tok in content
    )
    return held / len(content)


def unasserted(candidate: str, message: str, names: frozenset[str] = frozenset()) -> str | None:
    """The identity or the statement of ``candidate`` that ``message`` does not assert, as
    written; ``None`` when there is none. ``names``: keys of names that are not content."""
    for claim in _claims(candidate, names):
        found = None if intended(claim) else _identity(claim, message)
        if found:
            return found  # "I am a dreamer and I will never give up" from "…chasing after those dreams"
    if intended(candidate) or _MARKED.search(candidate):
        return None  # "Wants to become a counselor": the note carries the intention itself
    content = [
        tok
        for tok in content_of(tokenize(candidate))
        if tok.key not in names and not (tok.cjk and len(tok.key) < 2)  # 去, 做: a verb of motion, not a claim
    ]
    if not content:
        return None
    parts = [_split(c) for c in _clauses(message) if not _asked(c)]
    wished = [tokenize(governed) for _, governed in parts if governed]
    stated = [tok for said, _ in parts for tok in tokenize(said)]
    if not wished or (stated and _support(content, stated) >= 0.5):
        return None
    best = max(_support(content, toks) for toks in wished)
    return candidate.strip() if best >= 0.5 else None
