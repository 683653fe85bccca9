"""A person's name in a request to forget that is also a common word (pure).

Session 25 (lane harden10). Two ways a name that is also a word erased what the user did not name:

* **The name left the topic.** "Forget what I said about May" (or Will, Hope, Mark…): the
  topic reader (:mod:`souvenir.lexical.forget_cues`) drops the words that say nothing (may,
  will, hope are stop words), the topic read empty, and a request naming nothing is read as
  "forget that": the previous turn's memory was erased, May's kept. :func:`names_in` reads
  the names of a request whose topic is otherwise empty: a word written with a capital
  after a word written without one ("about May", « sur Pierre », "pasal Bunga").
* **The name matched the word.** "Forget what I told you about Rose" erased "I grow roses in
  my garden"; « Oublie ce que je t'ai dit sur Pierre » erased « J'ai trouvé une pierre rare »;
  "Lupakan apa saya cakap pasal Bunga" erased "Saya tanam bunga di laman rumah". Matching is
  by folded stem, and a name folds to the word. :func:`word_not_name` says when a memory holds
  the name only as the common word: the memory writes capitals (an upper-case letter
  somewhere: the writer uses case) and every word of it that matches the name is in lower
  case. A memory written all in lower case ("i live in paris now") is read by its words as
  before, since its case tells nothing.

Chinese has no case: a name is read by its characters as before (小雨 and 下雨 were already
apart: the topic's key is matched whole). The trade: a brand a user writes in lower case
beside capitals elsewhere ("I watch netflix every night") is not named by "Netflix" said with
its capital; the request then names nothing and erases nothing (an ambiguous request, recorded
as such) — never the wrong memory.

Shape::

    names_in("Forget what I said about May.") -> (Tok("May"…),)
    word_not_name(Tok("Rose"…), "Forget … about Rose.", "I grow roses in my garden.") -> True
"""

from __future__ import annotations

from collections.abc import Sequence

from souvenir.lexical.tagged import Tok, supported, tokenize

__all__ = ["any_word_not_name", "names_in", "word_not_name"]


def _is_name(tok: Tok, before: Tok | None) -> bool:
    """A word of a request written as a name: a capital then lower case (not "I", not an
    acronym), after a word written in lower case (not a sentence's first word, not after
    "Can You…")."""
    raw = tok.raw
    return (
        not tok.cjk
        and len(raw) >= 2
        and raw[:1].isupper()
        and raw[1:].islower()
        and before is not None
        and not before.cjk
        and before.raw[:1].isalpha()
        and before.raw.islower()
    )


def names_in(sentence: str, drop: frozenset[str] = frozenset()) -> tuple[Tok, ...]:
    """The words of ``sentence`` (a request to forget) written as names (:func:`_is_name`),
    less ``drop`` (keys: the cue's own words); read only for a request whose topic is empty
    (module docstring)."""
    tokens = tokenize(sentence)
    return tuple(
        tok
        for before, tok in zip([None, *tokens], tokens)
        if _is_name(tok, before) and tok.key not in drop and tok.stem not in drop
    )


def _names_of(sentence: str) -> frozenset[str]:
    tokens = tokenize(sentence)
    return frozenset(tok.key for before, tok in zip([None, *tokens], tokens) if _is_name(tok, before))


def word_not_name(tok: Tok, sentence: str, text: str) -> bool:
    """Whether ``text`` (a memory) holds ``tok`` — a word of the request ``sentence`` written
    there as a name — only as the common word: ``text`` writes capitals and every word of it
    matching ``tok`` is in lower case (module docstring)."""
    if tok.cjk or tok.key not in _names_of(sentence) or not any(c.isupper() for c in text):
        return False
    matching = [word for word in tokenize(text) if not word.cjk and supported(tok, [word], "")]
    return bool(matching) and all(word.raw[:1].islower() for word in matching)


def any_word_not_name(topic: Sequence[Tok], sentence: str, text: str) -> bool:
    """Whether some word of ``topic`` is a name of ``sentence`` that ``text`` holds only as the
    common word (:func:`word_not_name`)."""
    return any(word_not_name(tok, sentence, text) for tok in topic)
