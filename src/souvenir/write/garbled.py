"""A copy of the user's words with a word garbled inside it (issue #25, session 20).

SmolLM2 copies the user's message as its note, in the user's own voice, and sometimes
changes a word in the middle of the copy into one that is in neither the message nor the
reply: "Saya ni memang tak lele, cili rupanya." from « …saya ni memang tak pandai tanam cili
rupanya » (session 19, ``dlg-ms``: "lele" for "pandai tanam"). The note then says something
the user did not — a garble, or a word swapped for another — while the rest of it reads as
the user's. A copy adds nothing over the message itself, which the turn keeps when its notes
are dropped ("never worse than no model"), so a copy that changed a word is dropped.

Read per sentence of the note, token by token (:func:`souvenir.lexical.tagged.tokenize`):

* the note is in the user's voice — it holds a first-person word (I, my, je, mon, 我, saya,
  aku, kami…): a third-person note is the model's paraphrase, where other words are expected;
* the note's sentence is a copy: all its content words but one are the message's or the
  reply's (a paraphrase has words of its own);
* that one word — common (not capitalised past the sentence's first word, no digit: a name
  swapped is :mod:`souvenir.write.swapped`'s), in neither the message nor the reply — sits
  between two tokens of the note that are tokens of one sentence of the
  message, in order, with one to :data:`GAP` of the message's tokens between them there —
  the words it replaced — at least one of which is a content word the note lacks;
* the copy around it is a copy: :data:`RUN` tokens or more matched, counting both sides.

Its cost, on LoCoMo's 1,487 gold observations read against their turn (``bench``-style, the
session 20 journal): 0 as written (they are in the third person); put in the user's voice
("The user" → "I"), 22 (1.5 %) — a synonym in a sentence otherwise copied ("considering" for
"thinking about", "attended" for "went to"): what a first-person copy with a synonym costs,
the turn's message kept in its place. Requiring one changed word per sentence took that from
82 to 22.

Not read: a word added between two copied tokens with nothing replaced ("I'm hopeless at
growing red chillies": an added detail, other checks' matter), a paraphrase in the third
person, a synonym from the reply.

Pure (texts in, the pair ``(note's word, message's words)`` or ``None`` out); the work is
the product of the note's token count and the message's and reply's, skipped past
:data:`souvenir.write.swapped.MAX_PAIRS`.
"""

from __future__ import annotations

from souvenir.lexical import lexicon as lx
from souvenir.lexical.questions import sentences
from souvenir.lexical.tagged import Tok, tok_match, tokenize
from souvenir.write.swapped import MAX_PAIRS

__all__ = ["GAP", "RUN", "garbled_word"]

#: The most message tokens one garbled word stands for ("pandai tanam": 2).
GAP = 3
#: The least copied tokens around the garbled word, both sides counted: a copy, not a
#: paraphrase that shares two words.
RUN = 3

_VOICE = lx.FIRST_PERSON | lx.FIRST_POSSESSIVE | {"me", "mine", "myself", "m'", "moi-meme", "ku"}


def _tokens(text: str) -> list[list[Tok]]:
    return [t for s in sentences(text) if (t := [tok for tok in tokenize(s) if tok.role not in ("end", "comma")])]


def _voiced(parts: list[list[Tok]]) -> bool:
    return any(tok.key in _VOICE or (tok.cjk and tok.key.startswith(lx.ZH_FIRST)) for part in parts for tok in part)


def _common(tok: Tok, first: bool) -> bool:
    if tok.role != "content" or any(ch.isdigit() for ch in tok.raw):
        return False
    return first or not tok.raw[:1].isupper()


def _run_back(words: list[Tok], i: int, part: list[Tok], j: int) -> int:
    n = 0
    while i - n >= 0 and j - n >= 0 and tok_match(words[i - n], part[j - n]):
        n += 1
    return n


def _run_on(words: list[Tok], i: int, part: list[Tok], j: int) -> int:
    n = 0
    while i + n < len(words) and j + n < len(part) and tok_match(words[i + n], part[j + n]):
        n += 1
    return n


def _in(tok: Tok, pool: list[Tok]) -> bool:
    return any(tok_match(tok, other) for other in pool)


def garbled_word(note: str, message: str, reply: str | None = None) -> tuple[str, str] | None:
    """The (note's word, the message's words it replaced) of a copy garbled inside, else
    ``None`` (module docstring)."""
    noted, said = _tokens(note), _tokens(message)
    if not noted or not said or not _voiced(noted):
        return None
    pool = [tok for part in said for tok in part] + [tok for part in _tokens(reply or "") for tok in part]
    if sum(map(len, noted)) * len(pool) > MAX_PAIRS:
        return None
    mine = [tok for part in noted for tok in part]
    for words in noted:
        unstated = [k for k, tok in enumerate(words) if tok.role == "content" and not _in(tok, pool)]
        if len(unstated) != 1:
            continue  # a copy changes one word; a paraphrase has words of its own
        k = unstated[0]
        word = words[k]
        if 0 < k < len(words) - 1 and _common(word, k == 0):
            for part in said:
                found = _replaced(words, k, part, mine)
                if found:
                    return word.raw, found
    return None


def _replaced(words: list[Tok], k: int, part: list[Tok], mine: list[Tok]) -> str | None:
    before, after = words[k - 1], words[k + 1]
    for a, tok in enumerate(part):
        if not tok_match(before, tok):
            continue
        for b in range(a + 2, min(len(part), a + GAP + 2)):
            if not tok_match(after, part[b]):
                continue
            gone = part[a + 1 : b]
            if not any(t.role == "content" and not any(tok_match(t, m) for m in mine) for t in gone):
                continue
            if _run_back(words, k - 1, part, a) + _run_on(words, k + 1, part, b) >= RUN:
                return " ".join(t.raw for t in gone)
    return None
