"""A person's name in a request to forget that is also a common word (pure).

Session 25 (lane harden10). Two ways a name that is also a word erased what the user did not name:

* **The name left the topic.** "Forget what I said about May" (or Will, Hope, Mark…): the
  topic reader (:mod:`souvenir.lexical.forget_cues`) drops the words that say nothing (may,
  will, hope are stop words), the topic read empty, and a request naming nothing is read as
  "forget that": the previous turn's memory was erased, May's kept. :func:`names_in` reads
  the names of a request whose topic is otherwise empty: a word written with a capital
  right after a word the topic follows ("about May", « sur Aimée », "pasal Ada"; never "Forget
  it Dina", a name the user calls us by).
* **The name matched the word.** "Forget what I told you about Rose" erased "I grow roses in
  my garden"; « Oublie ce que je t'ai dit sur Pierre » erased « J'ai trouvé une pierre rare »;
  "Lupakan apa saya cakap pasal Bunga" erased "Saya beli sekuntum bunga untuk ibu". Matching
  is by folded stem, and a name folds to the word. :func:`word_not_name` says when a memory
  holds the name only as the common word: every word of it matching the name is in lower
  case, and each is read as a common noun — inflected ("roses" for "Rose"), after a
  determiner, a number or a classifier ("une pierre", "sekuntum bunga", "two roses"), or in a
  memory that writes another name with its capital (a word past its first, not "I": the
  writer capitalises names). A name written in lower case and nothing else ("I met rose
  yesterday", "i live in paris now", "I watch netflix") is still named by its words: a user
  who types names without capitals asked about that one.

Chinese has no case: a name is read by its characters as before (小雨 and 下雨 were already
apart: the topic's key is matched whole). Left: a common noun bare, uninflected, in a memory
with no other capital ("Saya tanam bunga di laman rumah", "I love rose tea") is still named
by the capitalised name: nothing in it tells the word from a name typed in lower case.

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


#: Words a request's topic follows ("about May", « sur Aimée », "pasal Ada"): a name right
#: after one is what the request is about, never a name the user calls us by ("Forget it Dina").
_ABOUT = frozenset(
    """about of on regarding re with for to
    sur de d' à a avec pour concernant
    pasal tentang fasal mengenai hal dengan pada kat""".split()
)


def names_in(sentence: str, drop: frozenset[str] = frozenset()) -> tuple[Tok, ...]:
    """The words of ``sentence`` (a request to forget) written as names (:func:`_is_name`)
    right after a word the topic follows (:data:`_ABOUT`), less ``drop`` (keys: the cue's own
    words); read only for a request whose topic is empty (module docstring)."""
    tokens = tokenize(sentence)
    return tuple(
        tok
        for before, tok in zip([None, *tokens], tokens)
        if _is_name(tok, before)
        and before is not None
        and before.key in _ABOUT
        and tok.key not in drop
        and tok.stem not in drop
    )


def _names_of(sentence: str) -> frozenset[str]:
    tokens = tokenize(sentence)
    return frozenset(tok.key for before, tok in zip([None, *tokens], tokens) if _is_name(tok, before))


#: Words before a common noun: determiners, possessives, quantities, Malay classifiers.
_BEFORE_A_NOUN = frozenset(
    """a an the some any these those this that my your his her our their many few several no every each
    one two three four five lots
    un une des le la les du de l' ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos
    leur leurs quelques plusieurs deux trois
    sebuah seekor sekuntum sebiji sekeping sebatang sepasang beberapa banyak semua setiap pokok para
    satu dua tiga""".split()
)


def _common_noun(word: Tok, before: Tok | None, name: Tok, other_capitals: bool) -> bool:
    """Whether ``word`` (in lower case, matching ``name``) is read as the common noun."""
    if word.key != name.key or other_capitals:
        return True
    return before is not None and (before.key in _BEFORE_A_NOUN or before.raw.isdigit())


def word_not_name(tok: Tok, sentence: str, text: str) -> bool:
    """Whether ``text`` (a memory) holds ``tok`` — a word of the request ``sentence`` written
    there as a name — only as the common word: each word of ``text`` matching ``tok`` in
    lower case and read as a common noun (module docstring)."""
    if tok.cjk or tok.key not in _names_of(sentence):
        return False
    tokens = [word for word in tokenize(text) if not word.cjk]
    other_capitals = any(
        word.raw[:1].isupper() and word.raw != "I" and i > 0 and not supported(tok, [word], "")
        for i, word in enumerate(tokens)
    )
    matching = [(before, word) for before, word in zip([None, *tokens], tokens) if supported(tok, [word], "")]
    return bool(matching) and all(
        word.raw[:1].islower() and _common_noun(word, before, tok, other_capitals) for before, word in matching
    )


def any_word_not_name(topic: Sequence[Tok], sentence: str, text: str) -> bool:
    """Whether some word of ``topic`` is a name of ``sentence`` that ``text`` holds only as the
    common word (:func:`word_not_name`)."""
    return any(word_not_name(tok, sentence, text) for tok in topic)
