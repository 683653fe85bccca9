"""Role-tagged tokens for the write-path filters: normalise, rewrite idioms, cut, tag, stem.

Shapes::

    tokenize("I don't like Mondays.") ->
        [Tok(raw="I", key="i", role="stop"), Tok("do"...), Tok(raw="not", role="neg"),
         Tok(raw="like", role="pos"), Tok(raw="Mondays", stem="monday", role="content"),
         Tok(raw=".", role="end")]

Roles: ``content`` (carries the fact), ``neg`` (flips polarity), ``pos`` / ``negval``
(attitude words, sign +1 / -1), ``stop``, ``user`` (a name for the user), ``brk``
(conjunction that opens a clause), ``coord`` ("and" / "et" / "dan"), ``rel``
(relative pronoun: opens a segment), ``comma``, ``end`` (sentence end; ``raw``
keeps "?" for questions), ``plus`` (French "plus", resolved per clause).

Latin text is matched on *keys* (case-folded, accents stripped) and on crude
*stems* (plural / tense endings removed, see :func:`stem`); Chinese runs are cut
by jieba and matched by substring, so "运费" finds "免运费".

Folding (``normalize``), jieba (``tokens.load_jieba``) and the Chinese words that are not
negations (``tokens.zh_not_negation``) are the dedup score's own, so the filters and the
write path agree on whether a sentence is negated. Word lists: ``lexicon``.

Pure apart from jieba's one-time dictionary load on the first Chinese text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from souvenir.lexical import lexicon as lx
from souvenir.lexical.sloppy import apostrophes
from souvenir.lexical.normalize import key_of, nfkc_casefold as fold, nfkc_fold, strip_accents
from souvenir.lexical.questions import assertive
from souvenir.lexical.thing_idioms import THING_IDIOMS
from souvenir.lexical.weary_idioms import WEARY_IDIOMS
from souvenir.lexical.tokens import HAN, zh_not_negation, zh_words

__all__ = [
    "Tok",
    "english_son",
    "tokenize",
    "prepare",
    "stem",
    "tok_match",
    "content_of",
    "supported",
    "fold",
    "key_of",
    "strip_accents",
]

_CJK = "\u3400-\u9fff\uf900-\ufaff"
_TOKEN_RE = re.compile(
    rf"(?P<cjk>[{_CJK}]+)"
    r"|(?P<red>\[redacted\])"
    r"|(?P<poss>'s\b)"
    rf"|(?P<word>[^\W_{_CJK}]+(?:[-'][^\W_{_CJK}]+)*'?)"
    r"|(?P<end>[.!?;。！？；…]+)"
    r"|(?P<comma>[,，、:：()（）\"“”«»*]|\s[-–—]\s)"
)
_ELISION = re.compile(r"\b(qu|jusqu|lorsqu|puisqu|[cdjlmnst])'(?=\w)", re.IGNORECASE)
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        (r"\bcan't\b|\bcannot\b", "can not"),
        (r"\bwon't\b", "will not"),
        (r"\bshan't\b", "shall not"),
        (r"\bain't\b", "is not"),
        (r"(\w)n't\b", r"\1 not"),
        (r"\bi'm\b", "I am"),
        (r"'re\b", " are"),
        (r"'ve\b", " have"),
        (r"'ll\b", " will"),
        (r"'d\b", " would"),
        (r"(\w)'s\b", r"\1 's"),
    )
)
_FR_BOUNDARIES = re.compile(r"\b(?:bien|alors|tandis|parce) qu(?:e\b|')", re.IGNORECASE)
_SUFFIXES = ("ies", "ied", "ying", "ing", "ees", "ee", "es", "ed", "er", "ez", "s", "e", "x")


@dataclass(frozen=True, slots=True)
class Tok:
    """One token: ``raw`` surface, ``key`` folded form, ``stem`` for matching, ``role``."""

    raw: str
    key: str
    stem: str
    role: str
    cjk: bool = False


def stem(key: str) -> str:
    """A crude stem: ``deliveries`` -> ``delivery``, ``hated`` -> ``hat``, ``fumer`` -> ``fum``.

    Enough to match a candidate's paraphrase to the user's word forms; known to
    conflate a few unrelated words (``hat`` / ``hate``), which only makes the
    filters find *more* support, i.e. keep more.
    """
    if key in lx.LEMMAS:
        return lx.LEMMAS[key]
    if not key.isalpha() or len(key) <= 3:
        return key
    for suffix in _SUFFIXES:
        if key.endswith(suffix) and len(key) - len(suffix) >= 3:
            base = key[: -len(suffix)]
            return base + "y" if suffix in ("ies", "ied") else base
    return key


_HAN_RUN = re.compile(f"[{HAN}]+")


def _zh_idioms(run: str) -> str:
    """``lexicon.ZH_IDIOMS`` rewritten where they stand on word boundaries only: 不过 (but)
    is rewritten in 不过我喜欢, never inside 不过敏 (not allergic)."""
    if not any(phrase in run for phrase, _ in lx.ZH_IDIOMS):
        return run
    bounds = {0}
    for word in zh_words(run):
        bounds.add(max(bounds) + len(word))
    out: list[str] = []
    i = 0
    while i < len(run):
        for phrase, replacement in lx.ZH_IDIOMS:
            end = i + len(phrase)
            if i in bounds and end in bounds and run.startswith(phrase, i):
                out.append(replacement + " ")
                i = end
                break
        else:
            out.append(run[i])
            i += 1
    return "".join(out)


def prepare(text: str) -> str:
    """Normalise and rewrite idioms and contractions, keeping letter case (for names); a
    rhetorical or tag question becomes the statement it asserts (:func:`questions.assertive`)."""
    text = assertive(apostrophes(nfkc_fold(text)))
    for pattern, replacement in lx.IDIOMS + THING_IDIOMS + WEARY_IDIOMS:
        text = pattern.sub(replacement, text)
    text = _HAN_RUN.sub(lambda m: _zh_idioms(m.group()), text)
    text = _A_NOT_A.sub(r"\1", text)  # 要不要, 有没有: a question form, not a negation
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    text = _FR_BOUNDARIES.sub(" , ", text)
    return _ELISION.sub(r"\1' ", text)


#: Content words whose accents, folded away, leave a stop word of another language (« thé » -> "the").
_ACCENTED_CONTENT = frozenset({"thé", "thés"})


def _latin_role(key: str, nxt: str) -> str:
    if key in lx.NEGATORS:
        if key == "no" and nxt in ("", ",", ".", "!"):
            return "stop"
        return "neg"
    if key == "x":
        return "neg" if nxt in lx.MS_X_VERBS else "content"
    if key in lx.MS_KURANG:
        return "neg" if nxt in lx.VALENCE_POS else "stop"
    if key == "plus":
        return "plus"
    if key in lx.CESSATION:
        return "neg"
    if key in lx.CESSATION_BEFORE_GERUND and (nxt.endswith("ing") or nxt == "up"):
        return "neg"
    if key in lx.CESSATION_BEFORE_DE and nxt in ("de", "d'"):
        return "neg"
    if key in lx.VALENCE_POS:
        return "pos"
    if key in lx.VALENCE_NEG:
        return "negval"
    if key in lx.USER_MARKERS:
        return "user"
    if key in lx.CLAUSE_BREAKS:
        return "brk"
    if key in lx.COORDINATORS:
        return "coord"
    if key in lx.RELATIVES:
        return "rel"
    if key in lx.STOPWORDS or key in lx.REPORTING or key in lx.DISCOURSE:
        return "stop"
    return "content"


_ZH_VALENCE_PREFIXES = ("最喜欢", "喜欢", "讨厌", "害怕", "怕")
_A_NOT_A = re.compile(r"([\u4e00-\u9fff])[不没]\1")


#: Words ending in 说 / 讲 that are words of their own (a novel, hearsay, "generally speaking").
_ZH_SAY_WORDS = frozenset(
    {
        "小说",
        "听说",
        "据说",
        "所说",
        "虽说",
        "再说",
        "传说",
        "演说",
        "解说",
        "学说",
        "胡说",
        "劝说",
        "游说",
        "诉说",
        "述说",
        "说说",
        "来说",
        "而说",
        "总说",
        "老说",
        "就是说",
        "比如说",
        "比方说",
        "或者说",
        "也就是说",
        "演讲",
        "讲讲",
        "听讲",
        "开讲",
        "主讲",
        "宣讲",
        "瞎说",
        "乱说",
        "不用说",
        "不说",
        "没说",
        "别说",
        "要说",
        "话说",
        "却说",
        "且说",
        "照说",
        "按说",
    }
)


def _unglue_say(words: tuple[str, ...]) -> list[str]:
    """jieba glues 说 / 讲 to the end of a name it does not know (张小明说 → 张小 + 明说): the
    name is rejoined and the verb stands alone, so that the filters see who is speaking."""
    out: list[str] = []
    for word in words:
        if out and word in ("说", "讲") and out[-1] + word in _ZH_SAY_WORDS:
            out[-1] += word  # jieba cuts 话说 ("by the way") as 话 + 说: a word of its own, no speaker
            continue
        if (
            len(word) >= 2
            and word[-1] in "说讲"
            and word not in _ZH_SAY_WORDS
            and out
            and out[-1] not in lx.ZH_STOPWORDS
            and not out[-1].startswith(("我", "你", "他", "她"))
            and _HAN_RUN.fullmatch(out[-1])
        ):
            out[-1] += word[:-1]
            out.append(word[-1])
        else:
            out.append(word)
    return out


def _cjk_tokens(run: str) -> list[Tok]:
    out: list[Tok] = []
    for word in _unglue_say(zh_words(run)):
        prefix = next((p for p in _ZH_VALENCE_PREFIXES if word.startswith(p) and len(word) > len(p)), None)
        if prefix:  # 怕水, 讨厌鬼: the attitude and its object in one token
            out.append(Tok(prefix, prefix, prefix, _cjk_role(prefix), True))
            word = word[len(prefix) :]
        if word in lx.ZH_NEGATORS:
            out.append(Tok(word, word, word, "neg", True))
            continue
        if word.startswith("戒") and len(word) > 1:  # 戒烟: stopped smoking
            out.append(Tok("戒", "戒", "戒", "neg", True))
            word = word[1:]
        elif word[0] in "不没别" and len(word) > 1 and not zh_not_negation(word):
            out.append(Tok(word[0], word[0], word[0], "neg", True))
            word = word[1:].lstrip("有")
            if not word:
                continue
        out.append(Tok(word, word, word, _cjk_role(word), True))
    return out


def _cjk_role(word: str) -> str:
    if (
        word in lx.ZH_VALENCE_POS
        or word.endswith("喜欢")
        or (len(word) == 2 and (word.startswith("爱") or word.endswith("爱")) and word not in ("恋爱", "爱情", "爱人"))
    ):
        return "pos"
    if word in lx.ZH_VALENCE_NEG or word.endswith("讨厌"):
        return "negval"
    if word in lx.ZH_USER_MARKERS:
        return "user"
    if word in lx.ZH_CLAUSE_BREAKS:
        return "brk"
    if word in lx.ZH_STOPWORDS or word in lx.ZH_REPORTING or word in lx.ZH_DISCOURSE:
        return "stop"
    if ("不" in word[1:] or "没" in word[1:]) and not zh_not_negation(word):
        return "negcontent"  # 吃不了, 睡不着: a negated verb in one token
    return "content"


def tokenize(text: str) -> list[Tok]:
    """Cut ``text`` into tagged tokens (see the module docstring for the roles)."""
    prepared = prepare(text)
    pieces: list[tuple[str, str]] = []
    for match in _TOKEN_RE.finditer(prepared):
        kind = match.lastgroup or ""
        pieces.append((kind, match.group(kind)))
    out: list[Tok] = []
    for index, (kind, raw) in enumerate(pieces):
        if kind == "cjk":
            for tok in _cjk_tokens(raw):
                if tok.role == "negcontent":
                    out.append(Tok("不", "不", "不", "neg", True))
                    out.append(Tok(tok.raw, tok.key, tok.stem, "content", True))
                else:
                    out.append(tok)
        elif kind == "red":
            out.append(Tok(raw, "[redacted]", "[redacted]", "stop"))
        elif kind == "poss":
            out.append(Tok(raw, "'s", "'s", "stop"))
        elif kind == "word":
            key = key_of(raw)
            nxt = key_of(pieces[index + 1][1]) if index + 1 < len(pieces) else ""
            role = _latin_role(key, nxt)
            if key == "car" and (not out or out[-1].role != "comma"):
                role = "content"  # English "car", unless French ", car …"
            if role == "stop" and raw.casefold() in _ACCENTED_CONTENT:
                role = "content"  # « thé » folds to "the"
            if role == "stop" and raw.isalpha() and raw.isupper() and len(raw) > 1 and key not in ("i", "ok"):
                role = "content"  # an acronym: "AI", "ATM", "DELF"
            out.append(Tok(raw, key, stem(key), role))
        elif kind == "end":
            out.append(Tok(raw, raw, raw, "end"))
        else:
            out.append(Tok(raw.strip() or ",", ",", ",", "comma"))
    return out


#: Before an English "son": French « son » ("his") is a stop word, the English son is a
#: relative ("forget what I said about my son's school"); "a" is left out (« il a son permis »).
_EN_SON_BEFORE = frozenset("my our his her their your the".split())


def english_son(tokens: list[Tok]) -> list[Tok]:
    """``tokens`` with the English "son" (after an English possessive or article, or before
    "'s") as a content word; French « son » ("his") stays a stop word."""
    out = list(tokens)
    for i, tok in enumerate(tokens):
        if tok.key == "son" and (
            (i and tokens[i - 1].key in _EN_SON_BEFORE) or (i + 1 < len(tokens) and tokens[i + 1].key == "'s")
        ):
            out[i] = Tok(tok.raw, tok.key, tok.stem, "content", tok.cjk)
    return out


def tok_match(a: Tok, b: Tok) -> bool:
    """Same word, allowing inflection (Latin stems) or segmentation (Chinese substrings)."""
    if a.cjk or b.cjk:
        return a.cjk and b.cjk and (a.key in b.key or b.key in a.key)
    if a.stem == b.stem or a.key == b.key:
        return True
    short, long_ = sorted((a.stem, b.stem), key=len)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3


def content_of(tokens: list[Tok]) -> list[Tok]:
    """The content tokens, first occurrence of each stem only."""
    seen: set[str] = set()
    out: list[Tok] = []
    for tok in tokens:
        if tok.role == "content" and tok.stem not in seen:
            seen.add(tok.stem)
            out.append(tok)
    return out


def supported(tok: Tok, tokens: list[Tok], text_key: str = "") -> bool:
    """Is ``tok`` present among ``tokens`` (or, for Chinese, inside ``text_key``)?"""
    if tok.cjk and text_key:
        return tok.key in text_key
    return any(tok_match(tok, other) for other in tokens if other.role not in ("end", "comma"))
