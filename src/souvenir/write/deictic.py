"""Deixis: a note pointing at something it does not hold (issue #25).

A model cuts a sentence out of the user's message and its "this" loses what it pointed
at: SmolLM2-135M wrote "It's like bliss for me when I do this in a comfy spot." from a
message about reading. Read alone, as a memory is read months later, the note says
nothing of what the user does. This module finds a demonstrative used as a pronoun —
not as a determiner ("this book") — in the note's *first* clause, where no earlier
clause can hold its antecedent: en this / that / these / those as a subject ("That was
the best day") or an object ("I do this in a comfy spot", "I love that!"); fr « ça »,
« cela », « ceci »; zh 这个 / 那个 / 这些 / 那些 / 这样 / 那样 as a pronoun (followed by a
verb, an adverb, 的时候 or the clause's end), 这 / 那 before 是; ms « ini » / « itu »
opening the clause or after a verb of doing or liking ("buat ini", "suka itu"). Pure::

    unresolved_deictic("It's like bliss for me when I do this in a comfy spot.")  -> "this"
    unresolved_deictic("I love painting, and I do this every day.")               -> None
    unresolved_deictic("I read this book twice.")                                  -> None

Clauses are cut at sentence ends, commas, semicolons and the coordinators of
:mod:`souvenir.write.clause_ground` ("and", « et », 而且, "dan"…): a demonstrative past
the first has an earlier clause to point at. Connectives that point at time or at the
talk ("after that", « après ça », 这样的话, "selepas itu") and « ça fait » before a
duration are not read. No threshold: the patterns are the rule (the check
``deictic`` of :func:`souvenir.write.grounding.ground`, after every other, so earlier
verdicts keep their names); its cost on LoCoMo's true observations:
``bench/grounding_share.py --list-check deictic`` (docs/write-path.md). The note is
dropped, not the message: "never worse than no model" keeps the message, where the
demonstrative has its antecedent, as the turn's episode.

Known limits: an antecedent in the same clause before the demonstrative ("Painting is
bliss when I do this") is not seen; "it" is never read (it is as often a dummy subject:
"it's raining").
"""

from __future__ import annotations

import re

__all__ = ["first_clause", "unresolved_deictic"]

#: Where a note's first clause ends: a sentence end, a comma or semicolon, a coordinator.
_BOUNDARY = re.compile(
    r"[.!?;,…。！？；，、]|\b(?:and|but|yet|because|so|et|mais|donc|car|parce que|dan|tapi|tetapi|namun|sebab|kerana|jadi)\b"
    r"|而且|并且|但是|可是|不过|所以|因此|因为",
    re.IGNORECASE,
)

#: The words a demonstrative subject is followed by (a verb, an auxiliary, an adverb).
_EN_VERBS = (
    r"is|was|'s|’s|are|were|has|had|have|will|would|can|could|should|must|might|may|makes?|made|feels?|felt|looks?|"
    r"sounds?|seems?|means?|meant|helps?|helped|keeps?|gives?|gets?|got|brings?|brought|reminds?|really|just|always|"
    r"truly|totally|definitely|never|also|still|became|becomes"
)
#: The words an object demonstrative is followed by: the end, or a preposition / an adverb.
_EN_AFTER = (
    r"in|on|at|with|for|every|all|when|whenever|while|because|so|too|again|now|a\s+lot|more|together|here|there|"
    r"anymore|often|sometimes|daily|lately|before|since|until|till|during|after|by\s+myself|alone|myself"
)
#: Connectives pointing at the talk or at time, not at a thing: not read.
_EN_CONNECTIVE = re.compile(
    r"\b(?:after|before|besides|despite|since|than|like|of|at|from|with)\s+(?:all\s+)?(?:this|that)\s*[,]"
    r"|\b(?:other\s+than|apart\s+from|on\s+top\s+of|because\s+of|in\s+addition\s+to)\s+(?:this|that)\b"
    r"|\bthat\s+said\b|\bthat\s+way\b|\bthis\s+way\b",
    re.IGNORECASE,
)
_EN_SUBJECT = re.compile(
    rf"^\W*(?:(?:oh|wow|yeah|yes|well|honestly|and|but|so)\W+)*(?P<d>this|that|these|those)\s+(?:{_EN_VERBS})\b"
    r"|^\W*(?:(?:oh|wow|yeah|yes|well)\W+)*(?P<c>that's|this's|that’s)",
    re.IGNORECASE,
)
#: After "that" (a complementizer before a clause: "I believe that every…") and "these" /
#: "those" ("help those in need"): the end or an adverb of repetition only.
_EN_AFTER_THAT = r"too|again|anymore|a\s+lot|so\s+much|all\s+the\s+time|every\s+day"
_EN_OBJECT = re.compile(
    rf"\b[a-z]+\s+(?:all\s+)?(?:(?P<d>this)(?=\s*$|\s*[.!?,;:…)]|\s+(?:{_EN_AFTER})\b)"
    rf"|(?P<t>that)(?=\s*$|\s*[.!?,;:…)]|\s+(?:{_EN_AFTER_THAT})\b)"
    r"|(?P<p>these|those)(?=\s*$|\s*[.!?,;:…)]))",
    re.IGNORECASE,
)
#: Words before a demonstrative that make it something else: "so that", "now that", "such that".
_EN_NOT_BEFORE = frozenset({"so", "now", "such", "than", "is", "was", "are", "were", "be", "the", "and", "but", "or"})

#: "that one" / "this one" standing for a thing ("I might check that one out", "That one was
#: great"), followed by what follows a pronoun (the end, a particle, an adverb, a preposition,
#: a verb), never by a noun ("this one life") nor by "of" / a relative ("that one of mine").
_EN_ONE = re.compile(
    r"\b(?P<d>(?:that|this)\s+one)(?=\s*$|\s*[.!?,;:…)]|\s+(?:out|up|over|down|some|sometime|soon|later|next|"
    rf"tomorrow|tonight|first|instead|{_EN_AFTER}|{_EN_VERBS})\b)",
    re.IGNORECASE,
)
_FR = re.compile(
    r"\b(?P<d>ça|ca|cela|ceci|celui-(?:là|la|ci)|celle-(?:là|la|ci)|ceux-(?:là|la|ci)|celles-(?:là|la|ci))(?![\w-])",
    re.IGNORECASE,
)
_FR_NOT = re.compile(
    r"\b(?:ça|ca|cela)\s+fait\s+(?:\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|longtemps|des)\b"
    r"|\b(?:après|apres|avant|malgré|malgre|à\s+part|a\s+part|avec|pour)\s+(?:ça|cela)\s*,"
    r"|\bcela\s+dit\b",
    re.IGNORECASE,
)
#: "ca" is French only beside French words (never the abbreviation "ca." in English).
_FR_WORDS = re.compile(
    r"\b(?:je|j'|me|m'|on|nous|le|la|les|est|fait|fais|quand|dans|un|une|de|du|des)\b", re.IGNORECASE
)

_ZH = re.compile(
    r"(?P<d>这个|那个|这些|那些)(?=$|的时候|时|[是很真太让使就也都会能可总特非好对在给有])"
    r"|(?P<o>[这那][部本首家款张幅件])(?=$|[吧呢啊呀哦]|[，。！？,.!?])"
    r"|(?P<w>这样|那样)(?=$|做|[地子])"
    r"|^(?P<s>这|那)(?=是|就是|真是|真的是|让|使|令)"
)
_ZH_NOT = re.compile(r"这样的话|那样的话|这样一来|那个时候|这个时候|那时候|这时候")

#: Malay "yang itu" / "yang ini" for a thing, right after a verb ("cuba yang itu nanti"); after a
#: noun it is a determiner ("kucing yang itu").
_MS_ONE = re.compile(
    r"\b(?:cuba|mencuba|tengok|lihat|tonton|menonton|baca|membaca|beli|membeli|ambil|suka|nak|mahu|dengar|guna)"
    r"\s+(?P<d>yang\s+(?:itu|ini|tu))\b",
    re.IGNORECASE,
)
_MS_OPEN = re.compile(r"^\W*(?P<d>ini|itu)\b(?!\s+(?:pun|lah)\b)", re.IGNORECASE)
_MS_AFTER_VERB = re.compile(
    r"\b(?:buat|membuat|lakukan|melakukan|buat|suka|sukakan|menyukai|cuba|mencuba|tengok|lihat|melihat|dengar|"
    r"mendengar|macam|seperti|tentang|pasal|mengenai|nak|mahu|mahukan|perlukan|sayang|sayangkan)\s+(?P<d>ini|itu)\b",
    re.IGNORECASE,
)


def first_clause(note: str) -> str:
    """The note up to its first boundary (:data:`_BOUNDARY`), stripped."""
    text = note.strip()
    m = _BOUNDARY.search(text)
    return (text[: m.start()] if m else text).strip()


def _english(clause: str) -> str | None:
    if _EN_CONNECTIVE.search(clause):
        clause = _EN_CONNECTIVE.sub(" ", clause)
    m = _EN_SUBJECT.search(clause) or _EN_ONE.search(clause)
    if m:
        return m.group("d") or m.group("c")
    for m in _EN_OBJECT.finditer(clause):
        group = next(g for g in ("d", "t", "p") if m.group(g))
        before = clause[: m.start(group)].split()
        if before and before[-1].lower() not in _EN_NOT_BEFORE:
            return m.group(group)
    return None


def unresolved_deictic(note: str) -> str | None:
    """The demonstrative pronoun of ``note``'s first clause (as written), else ``None``."""
    text = note.strip()
    if not text:
        return None
    # The boundary regex cuts at a comma: read the subject form on the first clause, the
    # object form on it too ("I do this, …" ends the clause at the comma: lookahead above).
    clause = first_clause(text)
    tail = text[len(clause) : len(clause) + 1]
    probe = clause + tail  # keep the end mark the object form looks at
    if re.search(r"[\u3400-\u9fff]", probe):
        if _ZH_NOT.search(probe):
            return None
        m = _ZH.search(clause)
        if m:
            return m.group("d") or m.group("o") or m.group("w") or m.group("s")
        return None
    found = _english(probe)
    if found:
        return found
    if _FR_WORDS.search(probe) or re.search(r"\b(?:ça|cela|ceci)\b", probe, re.IGNORECASE):
        if not _FR_NOT.search(probe):
            m = _FR.search(probe)
            if m and (m.group("d").lower() != "ca" or _FR_WORDS.search(probe)):
                return m.group("d")
    m = _MS_OPEN.search(probe) or _MS_AFTER_VERB.search(probe) or _MS_ONE.search(probe)
    if m:
        return m.group("d")
    return None
