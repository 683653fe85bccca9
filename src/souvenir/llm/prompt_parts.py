"""A message over a background prompt's read bound, cut into parts that fit it (issue #25, session 23).

Session 22 bounded a reflection's data (:mod:`souvenir.llm.prompt_bound`): a message alone over
the bound was not sent, and its turn went the no-model way. A long message is where a
reflection has the most to sort out, so it is now reflected in **parts**: its sentences, in
order, grouped while the part's data fits the bound (:func:`message_parts`). A sentence alone
over the bound is cut at its clauses (commas, semicolons, colons and their CJK forms), a clause over
it before its joining words ("and", « et », "dan", 但是) and opening quotes, then at its words (a Han run
by characters). Where a sentence fits, a part holds it whole: sentences are grouped, never cut,
and the pieces of a cut one are grouped again as far as they fit (session 23, lane model13). Each part is one reflection call — a live reply waits at
most one part's read — and its notes are grounded in that part's words
(:meth:`souvenir.engine.proposals.Proposals.run_reflection`).

At most :data:`MAX_PARTS` parts are sent: a job is claimed for ``3 × timeout + 60`` seconds
(:class:`souvenir.engine.worker.Worker`'s ``stale_after_s``), so three calls of one timeout each
never outlive the claim. The parts past them are not reflected; the whole message is kept as
its episode when the notes do not carry it (:func:`souvenir.write.carry.carried`), so nothing
is lost. Pure: text in, parts out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from souvenir.lexical.questions import sentences
from souvenir.lexical.tokens import is_han
from souvenir.llm.prompt_bound import data_tokens

__all__ = ["MAX_PARTS", "message_parts"]

#: Parts sent for one message, at most (module docstring: the job's claim).
MAX_PARTS = 3
_CLAUSE = re.compile(r"(?<=[,;:，；：、])\s*")
#: Where a clause over the bound is cut before its words: before a joining word (en, fr, ms, zh)
#: or an opening quote — a part then starts a clause, never ends on "and".
_JOIN = re.compile(
    r"\s+(?=(?:and|but|so|because|et|mais|donc|parce|dan|tapi|sebab|jadi)\s)|\s*(?=«)"
    r"|(?=(?:但是|可是|所以|因为|而且)[\u4e00-\u9fff])",
    re.IGNORECASE,
)


def _words(text: str) -> list[str]:
    """``text``'s words with their trailing blanks (a Han character is a word)."""
    return [w for w in re.findall(r"[\u2e80-\u9fff\uf900-\ufaff]|[^\s\u2e80-\u9fff\uf900-\ufaff]+\s*", text) if w]


def _pieces(sentence: str, fits: Callable[[str], bool]) -> list[str]:
    """``sentence`` whole when it fits, else its clauses, else its words, grouped to fit."""
    if fits(sentence):
        return [sentence]
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    if len(clauses) > 1:
        return [p for clause in clauses for p in _pieces(clause, fits)]
    pieces = [c for c in _JOIN.split(sentence) if c.strip()]
    if len(pieces) > 1:
        return [p for piece in pieces for p in _pieces(piece, fits)]
    out: list[str] = []
    current = ""
    for word in _words(sentence):
        joined = current + word  # a word carries its trailing blanks
        if current and not fits(joined.strip()):
            out.append(current.strip())
            current = word
        else:
            current = joined
    if current.strip():
        out.append(current.strip())
    return out


def message_parts(message: str, build: Callable[[str], str], bound: int) -> list[str]:
    """``message``'s parts in order, each part's data (``build(part)`` → the data text a
    reflection of that part sends) within ``bound`` tokens: sentences grouped while they fit, a
    sentence over the bound cut at its clauses, a clause at its joining words and opening quotes,
    then its words (module docstring). Every part is a stretch of the message (blanks between its sentences normalised to one space); a
    single word over the bound is left out (the message's episode keeps it)."""

    def fits(text: str) -> bool:
        return data_tokens(build(text)) <= bound

    pieces = [p for s in sentences(message) for p in _pieces(s.strip(), fits) if p.strip()]
    parts: list[str] = []
    for piece in pieces:
        joined = f"{parts[-1]}{'' if is_han(piece[:1]) else ' '}{piece}" if parts else piece
        if parts and fits(joined):
            parts[-1] = joined
        else:
            parts.append(piece)
    return [part for part in parts if fits(part)]  # a word alone over the bound: no sentence, not sent
