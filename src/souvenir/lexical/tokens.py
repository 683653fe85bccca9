"""Word tokens of normalised text: regex for FR / EN / MS, jieba for Chinese.

``tokenize`` returns every word token in order (punctuation dropped); it feeds
verbatim containment. ``content_words`` keeps the tokens that say which fact it is,
lightly stemmed: no stop words, no negators (negators are carriers, see ``carriers.py``).

Latin rules, after ``normalize`` (casefolded, ASCII apostrophe):

* French elision is split off: "l'utilisateur" → "l'", "utilisateur"; "n'aime" →
  "n'", "aime" (so the negator "n'" is its own token). "aujourd'hui" stays whole.
* English "n't" is split off: "doesn't" → "does", "n't"; "cannot" → "can", "not".
* Hyphenated words stay whole: "après-demain" is never "demain" (seed 000).
* A number with inner separators stays whole: "14:30", "1,5", "2025-06-03"; clock
  times are canonical ("14h30", "14 h 30" → "14:30"; "3pm" → "15:00"); letters glued
  after digits are split ("5mg" → "5", "mg"; "rm1,300" → "rm", "1,300").

Chinese runs are cut by jieba (initialised lazily, once, with its log silenced), and a
negator character fused into a jieba word is split off ("受不了" → "受", "不", "了"),
so that "喜欢吃香菜" is a contiguous run of tokens of "不喜欢吃香菜" (shared case A12);
从 / 从来 before a negator is one token with it (从不, 从没: "never"), so that "我从来不吃辣"
is "我吃辣" plus one negator (review of the write path: the two stayed active together).
"""

from __future__ import annotations

import re
import threading

from souvenir.lexical.cache_size import TEXT_CACHE
from types import ModuleType

from souvenir.lexical.numerals import canonical_clocks
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.vocab import NEGATORS, PAST_COPULAS, PRESENT_COPULAS, ZH_NEGATOR_CHARS, ZH_NOT_NEGATION
from souvenir.lexical.text_cache import text_cache
from souvenir.lexical.zh_names import rejoin_names

__all__ = [
    "tokenize",
    "content_words",
    "light_stem",
    "latin_token_parts",
    "load_jieba",
    "load_jieba_for",
    "han_runs",
    "HAN",
    "is_han",
    "copula_tense",
    "zh_not_negation",
    "zh_words",
]

# CJK Unified Ideographs, extension A and compatibility ideographs.
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAN_RUN = re.compile(f"[{HAN}]+")
# A letter that is neither a digit, an underscore nor a Han character.
_LETTER = f"[^\\W\\d_{HAN}]"
_ALNUM = f"[^\\W_{HAN}]"
# A number (with inner separators: "14:30", "1,5", "2025-06-03") or a word starting
# with a letter ("lz-7731", "covid-19"); "5mg" is "5", "mg" like "5 mg".
_WORD = re.compile(rf"\d+(?:[.,:/\-]\d+)*|{_LETTER}+(?:['\-]{_ALNUM}+)*")
_ELISION = re.compile(r"^(qu|jusqu|lorsqu|puisqu|quoiqu|presqu|[cdjlmnst])'(.+)$")
_CLITIC = re.compile(r"^(.+)'(s|m|re|ve|ll|d)$")
_NT_STEMS = {"ca": "can", "wo": "will", "sha": "shall", "ai": "am"}

_jieba_lock = threading.Lock()
_jieba_module: ModuleType | None = None


def is_han(char: str) -> bool:
    """True for one CJK ideograph."""
    return bool(_HAN_RUN.fullmatch(char))


def han_runs(text: str) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the runs of Han characters in ``text``."""
    return [m.span() for m in _HAN_RUN.finditer(text)]


def load_jieba() -> ModuleType:
    """jieba, imported and initialised on first use only (about 1 s), log silenced."""
    global _jieba_module
    if _jieba_module is None:
        with _jieba_lock:
            if _jieba_module is None:
                import jieba

                jieba.setLogLevel(60)
                jieba.initialize()
                _jieba_module = jieba
    return _jieba_module


def load_jieba_for(*texts: str | None) -> None:
    """Load jieba now when one of ``texts`` holds a Chinese character: a write path calls it
    before its transaction, so the one-time dictionary load (1-3 s) never happens under the
    store's write lock (``tests/test_break_session13.py``)."""
    if _jieba_module is None and any(text and _HAN_RUN.search(text) for text in texts):
        load_jieba()


def zh_not_negation(word: str) -> bool:
    """True when a jieba word holds a negator character without negating anything
    (it contains a word of ``vocab.ZH_NOT_NEGATION``: 不过, 特别, 没问题…). The one test
    of the dedup tokens, the carriers and the filters' tagged tokens."""
    return any(w in word for w in ZH_NOT_NEGATION)


_NOT_NEGATION_PHRASES = frozenset(ZH_NOT_NEGATION)


@text_cache(TEXT_CACHE)
def zh_words(run: str) -> tuple[str, ...]:
    """jieba's words of a Han run, with any two to four consecutive words that spell a
    word of ``vocab.ZH_NOT_NEGATION`` joined back into one (jieba cuts 没问题 as 没 + 问题,
    and 不过敏 as 不 + 过敏: 没问题 is then one word, 不过敏 still holds a negation). Every
    reader of Chinese words (dedup tokens, carriers, keyed values, the filters' tagged
    tokens) cuts with this, so they agree on what is negated. A nickname cut from its
    particle (小 + 美的) is rejoined (:mod:`souvenir.lexical.zh_names`)."""
    words = load_jieba().lcut(run)
    out: list[str] = []
    i = 0
    while i < len(words):
        for j in range(min(len(words), i + 4), i + 1, -1):
            phrase = "".join(words[i:j])
            if phrase in _NOT_NEGATION_PHRASES:
                out.append(phrase)
                i = j
                break
        else:
            out.append(words[i])
            i += 1
    return rejoin_names(out, _in_jieba_dictionary)  # 小 + 美的: 小美 + 的


def _in_jieba_dictionary(word: str) -> bool:
    return bool(load_jieba().dt.FREQ.get(word))


def _split_negators(word: str) -> list[str]:
    """Split negator characters out of one jieba word, except in ZH_NOT_NEGATION."""
    if len(word) == 1 or not any(c in ZH_NEGATOR_CHARS for c in word):
        return [word]
    if zh_not_negation(word):
        return [word]
    out: list[str] = []
    rest = ""
    for char in word:
        if char in ZH_NEGATOR_CHARS:
            if rest:
                out.append(rest)
                rest = ""
            out.append(ZH_NEGATOR_CHARS[char])
        else:
            rest += char
    if rest:
        out.append(rest)
    return out


_NEVER = {"不": "从不", "未": "从不", "没": "从没"}  # 从(来)不 / 从未 / 从(来)没: "never"


def _han_tokens(run: str) -> list[str]:
    out: list[str] = []
    for word in zh_words(run):
        for token in _split_negators(word):
            if token in _NEVER and out and out[-1] in ("从", "从来"):
                out[-1] = _NEVER[token]  # one negator token, like "no longer"
            else:
                out.append(token)
    return out


def latin_token_parts(token: str) -> list[str]:
    """Split French elision and English contractions off one regex token."""
    if "'" not in token:
        if token == "cannot":
            return ["can", "not"]
        return [token]
    m = _ELISION.match(token)
    if m:
        return [m.group(1) + "'", *latin_token_parts(m.group(2))]
    if token.endswith("n't") and len(token) > 3:
        stem = token[:-3]
        return [_NT_STEMS.get(stem, stem), "n't"]
    m = _CLITIC.match(token)
    if m:
        return [*latin_token_parts(m.group(1)), "'" + m.group(2)]
    return [token]


def _latin_tokens(segment: str) -> list[str]:
    out: list[str] = []
    for m in _WORD.finditer(canonical_clocks(segment)):
        out.extend(latin_token_parts(m.group()))
    return out


@text_cache(TEXT_CACHE)
def tokenize(norm: str) -> tuple[str, ...]:
    """All word tokens of normalised text, in order, punctuation dropped.

    >>> tokenize("n'aime pas l'après-demain")
    ("n'", 'aime', 'pas', "l'", 'après-demain')
    """
    out: list[str] = []
    pos = 0
    for start, end in han_runs(norm):
        if start > pos:
            out.extend(_latin_tokens(norm[pos:start]))
        out.extend(_han_tokens(norm[start:end]))
        pos = end
    if pos < len(norm):
        out.extend(_latin_tokens(norm[pos:]))
    return tuple(out)


def light_stem(word: str) -> str:
    """Drop one final "s" from an alphabetic word longer than three letters, unless it
    follows s, u or i ("cats" → "cat", "likes" → "like", "thés" → "thé"; "bus",
    "paris", "class" unchanged).

    Why: English negation puts the verb back in its base form ("Likes cats" /
    "Doesn't like cats"), and plural and singular are one fact. Only ever merges
    inflections of one word; a wrong stem costs a missed merge (a redite), never a fact.
    """
    if len(word) > 3 and word[-1] == "s" and word[-2] not in "sui" and word.isalpha():
        return word[:-1]
    return word


@text_cache(TEXT_CACHE)
def content_words(norm: str) -> frozenset[str]:
    """Tokens of normalised text minus stop words and negators, lightly stemmed.

    Numbers are content words (seed 000: "les chiffres n'étaient même pas des mots
    pour le découpage"). Negators are left out so that a polarity flip keeps the same
    content words; the carrier cap and the correction rule handle the flip.
    """
    tokens = tokenize(norm)
    return frozenset(
        light_stem(t)
        for i, t in enumerate(tokens)
        if t not in STOP_WORDS
        and t not in NEGATORS
        and not (t == "longer" and i and tokens[i - 1] == "no")  # "no longer" is one negator
    )


_FR_AUX = frozenset({"a", "ai", "as", "avons", "avez", "ont", "avait", "avais", "avaient"})


@text_cache(TEXT_CACHE)
def copula_tense(norm: str) -> frozenset[str]:
    """Tenses of the copulas of normalised text: ``{"present"}`` for "is / are / am / est /
    sont", ``{"past"}`` for "was / were / était / fut / a été", both, or none.

    Review of the write path: "Was allergic to penicillin" replaced "Is allergic to
    penicillin" (same words, no carrier). The tense is not a carrier because most
    variants have no copula at all ("Born in Ipoh" / "Was born in Ipoh" are one fact):
    ``dedup`` compares it only when both texts have one and they share no tense.
    """
    tokens = tokenize(norm)
    out: set[str] = set()
    for i, token in enumerate(tokens):
        if token in PRESENT_COPULAS:
            out.add("present")
        elif token in PAST_COPULAS or (token == "été" and i and tokens[i - 1] in _FR_AUX):
            out.add("past")
    return frozenset(out)
