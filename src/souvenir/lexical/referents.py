"""Whether two memories are about different people or different labelled attributes
(pure): "Andrew is…" / "Audrey is…", "Gina's…" / "Jon's…", "Occupation:" / "Education
background:", a relative ("Sister lives in Ipoh", 妹妹住在…) against the user. Neither then
replaces, absorbs or supersedes the other (docs/write-path.md, "Duplicates"). Split from
:mod:`souvenir.lexical.proposition`, whose word sets it reads as known words."""

from __future__ import annotations

import re

from souvenir.lexical.cache_size import TEXT_CACHE
from souvenir.lexical import lexicon as lx
from souvenir.lexical.keydata import BARE_VERBS
from souvenir.lexical.normalize import key_of, nfkc_fold
from souvenir.lexical.proposition import (
    _CHANGE,
    _ENDED_WORDS,
    _FREQUENCY,
    _RESUME,
    _STOP_BEFORE_GERUND,
    _STOP_VERBS,
)
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import is_han
from souvenir.lexical.vocab import NEGATORS
from souvenir.lexical.text_cache import text_cache

__all__ = ["different_referents", "lead_relative"]

_LEAD = re.compile(r"^\W*((?:[^\W\d_][\w'\-]*)(?:\s+[^\W\d_][\w'\-]*){0,3})")
_LABEL = re.compile(r"^\s*([^:：\n]{1,48}?)\s*[:：]")
_KNOWN = (
    STOP_WORDS
    | lx.STOPWORDS
    | lx.VALENCE_POS
    | lx.VALENCE_NEG
    | lx.USER_MARKERS
    | lx.REPORTING
    | BARE_VERBS
    | _CHANGE
    | _FREQUENCY
    | _ENDED_WORDS
    | _STOP_VERBS
    | _STOP_BEFORE_GERUND
    | _RESUME
    | NEGATORS
)


def _known(word: str) -> bool:
    key = key_of(word)
    return key in _KNOWN or key.split("'", 1)[-1] in _KNOWN


def _lead_name(raw: str) -> str | None:
    """The capitalised words opening ``raw`` when they look like a name ("Andrew", "Zhao
    Xiao", "Gina's" → "gina"): each word capitalised, the first not a known word."""
    m = _LEAD.match(raw)
    if not m:
        return None
    words: list[str] = []
    for word in m.group(1).split():
        word = re.sub(r"'s$", "", word)
        word = re.sub(r"^(?:[LD]|Qu)'(?=[a-zà-ÿ])", "", word)  # « L'entretien » opens with an article, no name
        if not word[:1].isupper() or (words and _known(word)):
            break
        words.append(word)
    if not words or _known(words[0]) or key_of(words[0]) in _ADVERBS:
        return None
    if len(words) == 1 and _VERB_SHAPE.match(raw.lstrip(" \t\"'«“(")):
        return None  # "Ordering takeaways…", "Cut out takeaways": a gerund or a verb with its particle, no name
    return key_of(" ".join(words))


#: Adverbs that open a memory ("Back on Instagram", "Still at Google"): no name.
_ADVERBS = frozenset("back again still now also just finally recently currently already never always often".split())
#: An opening word shaped as a verb: an English gerund before a lowercase word, or a word before a
#: verb particle ("Cut out", "Signed up", "Gave away").
_VERB_SHAPE = re.compile(r"[A-Z][a-z]{2,}ing\s+[a-z]|[A-Z][a-z]+\s+(?:out|up|off|down|away|over|back)\b")


def _label(raw: str) -> str | None:
    """The label of a "Label: value" memory ("Occupation", "Education background",
    "Zhao Xiao — neighbour"), folded; ``None`` when the text has none."""
    m = _LABEL.match(raw)
    if not m or any(ch.isdigit() for ch in m.group(1)) or len(m.group(1).split()) > 6:
        return None
    return key_of(m.group(1))


#: A name called at the head of a note, before the writer or the listener speaks: "John, I'm
#: hoping to…", « Marc, je… », "Marc，我…", "Aisyah, saya…" — not whom the note is about.
_VOCATIVE = re.compile(
    r"^\W*[A-Z][\w\-]*\s*[,，]\s*(?=(?i:(?:i|i'm|i've|i'll|i'd|we|we're|we've|you|je|j'|nous|tu|vous|saya|aku|kami"
    r"|kita|awak)\b|我|你))"
)


def different_referents(a: str, b: str) -> str | None:
    """Why memories ``a`` and ``b`` are about different people or different attributes
    (then neither replaces, absorbs or supersedes the other), or ``None``.

    Different people: both open with a name and the names differ, when one of the names
    is also in the other text ("Andrew … meet Audrey's pups" / "Audrey is looking
    forward…") or neither name is a word of the lexicons. Different attributes: both are
    "Label: value" and the labels differ ("Occupation:" / "Education background:"). A name
    called before "I" / "you" ("John, I'm hoping…") is set aside: it is whom the note speaks
    to, not whom it is about.
    """
    ra, rb = (_VOCATIVE.sub("", nfkc_fold(t).strip().replace("\u2019", "'")) for t in (a, b))
    la, lb = _label(ra), _label(rb)
    if la is not None and lb is not None and la != lb:
        return f"different attributes ({la!r} / {lb!r})"
    na, nb = _lead_name(ra), _lead_name(rb)
    if na is not None and nb is not None and na != nb:
        return f"different people ({na!r} / {nb!r})"
    ka, kb = lead_relative(ra), lead_relative(rb)
    if ka != kb and (ka is None or kb is None):
        return f"different people ({ka or 'the user'!r} / {kb or 'the user'!r})"
    if ka is not None and kb is not None and ka != kb:
        return f"different people ({ka!r} / {kb!r})"
    return None


_OWNERS = frozenset(
    {
        "my",
        "his",
        "her",
        "their",
        "the",
        "user's",
        "ma",
        "mon",
        "mes",
        "sa",
        "son",
        "ses",
        "le",
        "la",
        "les",
        "l'",
        "notre",
        "nos",
        "our",
    }
)
_ZH_OWNERS = ("用户的", "用户", "我的", "我", "他的", "她的", "他", "她")


@text_cache(TEXT_CACHE)
def lead_relative(raw: str) -> str | None:
    """The relative a memory is about when it opens with one ("Sister lives in Ipoh", "His
    sister…", "Sa sœur…", 妹妹住在…, 我妹妹…, "Kakak tinggal…", "Kakak saya…"), folded; ``None``
    for a memory about the user (issue #26: "Lives in Ipoh" was absorbed into "Sister lives
    in Ipoh, in the same town as the user")."""
    if raw[:1] and is_han(raw[0]):
        head = raw
        for owner in _ZH_OWNERS:
            if head.startswith(owner):
                head = head[len(owner) :]
                break
        known = next((r for r in sorted(lx.ZH_RELATIONS, key=len, reverse=True) if head.startswith(r)), None)
        kin = _ZH_KIN.match(head)
        return known or (kin.group() if kin else None)
    words = [key_of(w) for w in re.findall(r"[^\W\d_][\w'\-]*", raw)[:4]]
    while words and (words[0] in _OWNERS or words[0] == "user"):
        words.pop(0)
    if len(words) > 1 and words[0] in _MS_ELDERS and words[1] in _MS_RANKS:
        return f"{words[0]} {words[1]}"  # "Pak cik saya pesara", "Mak long tinggal di Ipoh": an uncle, an aunt
    if len(words) > 1 and words[0] == "anak" and words[1] == "saudara":
        return "anak saudara"  # a nephew or niece
    if words and _kin_word(words[0]) and (len(words) == 1 or words[1] not in ("of", "de")):
        return words[0]
    return None


#: Malay aunts, uncles and grandparents in two words: the elder's word, then the rank or "cik" (pak cik, mak
#: cik, pak long, mak ngah, pak su, tok wan): "mak" alone is the mother, "pak" alone the father.
_MS_ELDERS = frozenset({"pak", "mak", "tok", "mok"})
_MS_RANKS = frozenset({"cik", "long", "ngah", "su", "busu", "uda", "andak", "teh", "lang", "chik", "wan", "alang"})


#: A Chinese kinship term of two or three characters, all of kinship, ending on a person (小姨父,
#: 表哥, 大舅妈, 堂妹): the class, where ``ZH_RELATIONS`` lists the common ones.
_ZH_KIN = re.compile(
    r"[小大老二三四表堂姨舅姑叔伯婶嫂姐哥弟妹爷奶外孙侄甥公婆父母爸妈]{1,2}[父母爸妈哥姐弟妹叔姨舅姑婶嫂爷奶公婆夫妻儿女孙侄甥伯]"
)


def _kin_word(word: str) -> bool:
    """A relation word, or one made from it: "brother-in-law", "step-sister", "great-aunt",
    « belle-sœur » (``lexicon.RELATIONS`` holds the parts)."""
    if word in lx.RELATIONS:
        return True
    base = re.sub(r"-in-laws?$", "", re.sub(r"^(?:step-?|great-|grand-|half-)", "", word))
    return base != word and base in lx.RELATIONS
