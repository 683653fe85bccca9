"""The stored ``summary``: at most 300 characters (seed 001 §3 key table, §4.3).

The summarizer is asked for ≤ 300 characters but may return more; the engine stores
:func:`summary_limit` of its answer. Characters are Unicode code points (the shared
cases' ``summary_max_chars``), and a cut summary is always a prefix of the answer
(``summary_is_prefix_of_input``): nothing is appended, no ellipsis.
"""

from __future__ import annotations

import re
import unicodedata

from souvenir.lexical.tokens import is_han, load_jieba

__all__ = ["SUMMARY_CHARS", "SENTENCE_ENDS", "summary_limit"]

#: Seed 001 §3: "≤300 字". 字 read as characters (code points), for every language.
SUMMARY_CHARS = 300
#: Sentence terminators (Latin — English, Malay, French — and CJK, full and half width).
SENTENCE_ENDS = ".!?;…。！？；｡‼⁇⁈⁉"
#: A sentence boundary earlier than this share of the limit is not worth the loss: the
#: cut falls back to a word boundary (a 40-character first sentence would throw away
#: 260 characters of facts).
MIN_SHARE = 0.2
#: Without a sentence end, a clause mark (，、,:：) in the last fifth of the window is
#: the next best cut.
CLAUSE_SHARE = 0.8

_CJK = re.compile(
    "[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
)
# "Mr." "e.g." "Jln." (Jalan) "Tmn." (Taman) "Sdn." "Bhd." "M." (Monsieur) "No." …
# a period after one of these (or after a single letter) ends no sentence.
_ABBREVIATIONS = set(
    "mr mrs ms dr prof st no nos vs etc e.g i.e eg ie approx tel jln jl tmn bt sdn bhd kg "
    "lot blk mme mlle cf p pp vol fig dept ave rd".split()
)
# Trailing characters that should not end a cut summary (it stays a prefix).
_DANGLING = " \t\r\n,:、，：-–—([{«“‘/"


def _is_cjk(char: str) -> bool:
    return bool(_CJK.match(char))


def _sentence_end(text: str, i: int) -> bool:
    """True when ``text[i]`` (a terminator) ends a sentence.

    CJK terminators always do. A Latin one needs the end of the text, whitespace, a
    closing quote/bracket or a CJK character after its run ("3.5", "www.x.com" and
    "?!" mid-run are no ends); a period also must not close an abbreviation or an
    initial ("Mr.", "e.g.", "Jln.", "J.").
    """
    char = text[i]
    if char in "。！？；｡":
        return True
    nxt = text[i + 1] if i + 1 < len(text) else ""
    if nxt and nxt in SENTENCE_ENDS:
        return False  # the run goes on ("?!", "...")
    if nxt and not (nxt.isspace() or nxt in "\"'”’»)]}」』" or _is_cjk(nxt)):
        return False
    if char == ".":
        j = i
        while j > 0 and text[j - 1] == ".":
            j -= 1
        if j == i:  # a single period: look at the word before it
            found = re.search(r"[\w.]*$", text[:i])
            word = found.group().lower() if found else ""
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                return False
    return True


def _han_word_cut(text: str, limit: int) -> int | None:
    """The last jieba word boundary ≤ ``limit`` inside the Han run around ``limit``.

    ``None`` when ``limit`` is not inside a Han run (or jieba finds no boundary there).
    """
    if not (0 < limit < len(text) and is_han(text[limit - 1]) and is_han(text[limit])):
        return None
    start, end = limit, limit
    while start > 0 and is_han(text[start - 1]) and limit - start < 40:
        start -= 1
    while end < len(text) and is_han(text[end]) and end - limit < 10:
        end += 1
    cuts = [start + b for _, b, _ in load_jieba().tokenize(text[start:end])]
    best = max((c for c in cuts if c <= limit), default=start)
    return best if best > start or start == 0 or not is_han(text[start - 1]) else None


def _word_cut(text: str, limit: int) -> int:
    """The longest prefix length ≤ ``limit`` that ends between two words.

    Latin: next to a space (a word is a run of non-space, non-CJK characters, so
    "LZ-7731" or "l'adresse" is never split). Chinese: at a jieba word boundary when the limit falls inside a run
    of Han characters (so "水壶" is never cut to "水"), else between any two CJK
    characters. A combining mark is never separated from its base. 0 when no boundary
    exists.
    """
    han = _han_word_cut(text, limit)
    if han:
        return han
    for end in range(limit, 0, -1):
        before, after = text[end - 1], text[end] if end < len(text) else " "
        if unicodedata.combining(after):
            continue
        if after.isspace() or before.isspace() or _is_cjk(before) or _is_cjk(after):
            return end  # a Latin word is a run of non-space, non-CJK characters
    return 0


def _clause_cut(text: str, limit: int) -> str | None:
    """The prefix before the last clause mark (，、,:：) in the last fifth of the window."""
    for i in range(limit - 1, int(limit * CLAUSE_SHARE) - 1, -1):
        if text[i] in "，、,:：" and not (text[i] in ",:" and i + 1 < len(text) and text[i + 1].isdigit()):
            cut = text[:i].rstrip(_DANGLING)
            if cut:
                return cut
    return None


def summary_limit(text: str, limit: int = SUMMARY_CHARS) -> str:
    """``text`` cut to at most ``limit`` code points, as a prefix of ``text``.

    Shapes: ``str -> str``; ``len(result) <= limit``; ``text.startswith(result)``.

    * Within the limit: ``text`` with trailing whitespace removed.
    * Else, at the last sentence end that fits (terminators :data:`SENTENCE_ENDS`, see
      :func:`_sentence_end`), if it keeps at least ``MIN_SHARE`` of the limit: the result
      ends with the terminator ("…好。" / "…address." / "…livraison !").
    * Else before the last clause mark (，、,:：) in the last fifth of the window.
    * Else at the last word boundary (Chinese: jieba's word boundary, else any CJK
      character boundary), with trailing spaces and dangling punctuation (",", ":",
      "(", "—"…) dropped.
    * Else (one unbroken token longer than the limit) a hard cut at ``limit``.
    """
    text = text.rstrip()
    if len(text) <= limit:
        return text
    floor = int(limit * MIN_SHARE)
    for i in range(limit - 1, floor - 1, -1):
        if text[i] in SENTENCE_ENDS and _sentence_end(text, i):
            return text[: i + 1]
    clause = _clause_cut(text, limit)
    if clause:
        return clause
    end = _word_cut(text, limit)
    if end:
        cut = text[:end].rstrip(_DANGLING)
        if cut:
            return cut
    end = limit
    while end > 1 and unicodedata.combining(text[end]):
        end -= 1
    return text[:end]


def summary_writes(answer: str | None, limit: int = SUMMARY_CHARS) -> dict[str, str]:
    """The profile values a finished summarizer run may write: ``{"summary": …}`` only.

    ``answer``: the summarizer's text (``None`` or blank = failure → ``{}``, the old
    summary stays, seed 001 §4.3). A run never writes ``last_queries``, ``lang`` or the
    turn counter: it read them when it started, and a turn may have changed them since
    (shared kind ``concurrency``, case R18). Merge the result into the *current* values.
    """
    if answer is None or not answer.strip():
        return {}
    return {"summary": summary_limit(answer, limit)}


def summary_is_stale(seen: dict[str, str], current: dict[str, str]) -> bool:
    """True when a summarizer run that read ``seen`` finishes after the user's
    ``last_queries`` or ``lang`` changed (``current``): its summary misses that turn, so
    the engine should schedule another run (or mark it stale)."""
    return any(seen.get(key) != current.get(key) for key in ("last_queries", "lang"))
