"""Whose memory a request to forget may erase (pure: data in, a yes or no out).

A request names what to forget by its words; it also says *whose* it is. "Forget my money
stuff" is about the user's own money: it shared the word "money" with "Sister owes money to
the bank" and erased it (issue #26, lane forget3) — a memory about another person, lost on a
request that never named her. The rule, for the own-word tier of
:mod:`souvenir.write.forget_match` (the other-words tier,
:mod:`souvenir.write.forget_near`, has its own, stricter one):

- a memory whose subject is another person — a relative or someone of the user's ("Sister
  owes…", « Ma sœur doit… », 妹妹欠…, "Adik perempuan berhutang…", "My friend Lina…",
  "Boss is…") — is named by a request only when the request names that person: the same word ("friend", "Liam", 妹妹) or
  a relation word of the same concept ("mum" for "Mother", 妈 for 母亲, "emak" for "ibu");
- a memory the user shares with that person ("My mother and I went to Paris", « Ma mère et
  moi… », 我和妈妈…, "Saya dan ibu…") is the user's too: no person need be named;
- who the memory is about is read on its first clause
  (:func:`souvenir.write.filters._candidate.parse`, the filters' own subject reading);
  a subject it cannot read leaves the memory to the words alone. A bare first name opening
  the memory ("Liam paid the rent late") is not read as another person: notes open on a
  capitalised verb or noun as often ("Earns…", "Birthday is…"), and no list tells them apart.

Shape::

    owner_named(topic_tokens, "Sister owes money to the bank") -> False  # "my money stuff"
    owner_named(topic_tokens, "Sister owes money to the bank") -> True   # "my sister's debts"
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical.normalize import nfkc_fold
from souvenir.lexical.tagged import Tok, supported, tokenize
from souvenir.read.scoring.kinship import broader, kin_concepts, word_kin
from souvenir.read.scoring.memory_language import memory_language
from souvenir.write.filters._candidate import parse
from souvenir.lexical.text_cache import text_cache

__all__ = ["memory_owner", "owner_named", "without_named_persons_relatives"]

#: Words of a subject that say whose, not who (possessives, articles, the user's markers).
_NOT_PERSON = frozenset(
    "my his her their our the a an user user's ma mon mes sa son ses leur notre la le les l' de du "
    "saya aku dia kami kita pengguna 我 我的 他 她 他的 她的 用户 用户的 的".split()
)
#: The user as a member of the subject: "My mother and I", « Ma mère et moi », 我和妈妈 /
#: 妈妈和我, "Saya dan ibu" / "Ibu dan saya".
_WITH_USER = re.compile(
    r"^[^.,;:!?]{0,40}?\b(?:and|et|dan)\s+(?:i|me|moi|je|saya|aku)\b"
    r"|^(?:i|me|moi|je|saya|aku)\s+(?:and|et|dan)\b"
    r"|^[^，。！？,.!?]{0,8}?(?:和|跟|与|同)我|^我(?:和|跟|与|同)",
    re.I,
)


@text_cache(50_000)
def memory_owner(text: str) -> tuple[tuple[Tok, ...], frozenset[str]] | None:
    """Who ``text`` (a memory) is about when not the user: ``(person words, relation
    concepts)`` — the subject's words less possessives, and the relatives it names — or
    ``None`` when it is the user's own (or shared with them, or its subject cannot be read)."""
    folded = nfkc_fold(text).strip()
    if _WITH_USER.search(folded):
        return None
    parsed = parse(text)
    if parsed.subject == "relation":
        words = tuple(tok for clause in parsed.clauses[:1] for tok in clause.subject_toks if tok.key not in _NOT_PERSON)
        words += _ms_qualifiers(text, words)
        relatives = kin_concepts(text)
        return (words, relatives) if words or relatives else None
    return None


def _called(words: Sequence[Tok], topic: Sequence[Tok], text: str) -> bool:
    """Whether a ``topic`` word is the person's name said beside one of their ``words`` in
    ``text``: a capitalised word right after it, past possessives and Malay qualifiers ("My
    sister Natalie", « Ma sœur Nathalie », "Kakak saya Natalie", "Adik perempuan saya Aina") or
    right before it ("Natalie, my sister"); in Chinese the name written against it (我姐姐娜塔莉,
    娜塔莉姐姐)."""
    keys = {tok.key for tok in words if not tok.cjk}
    names = {tok.key for tok in topic if not tok.cjk}
    if keys and names:
        tokens = [tok for tok in tokenize(text) if tok.role != "end" or tok.raw.isalnum()]
        for i, tok in enumerate(tokens):
            if tok.key not in keys:
                continue
            after = [t for t in tokens[i + 1 : i + 4] if t.key not in _NOT_PERSON and t.key not in _CALLED_SKIP][:1]
            before = tokens[max(0, i - 3) : i]
            before = [t for t in before if t.key not in _NOT_PERSON][-1:]
            if any(t.key in names and t.raw[:1].isupper() for t in after + before):
                return True
    folded = nfkc_fold(text)
    return any(
        w.raw + t.raw in folded or t.raw + w.raw in folded
        for w in words
        if w.cjk
        for t in topic
        if t.cjk and len(t.raw) >= 2
    )


#: Malay says a relation in two words, the qualifier after the noun (adik perempuan, mak cik,
#: abang ipar, anak sulung): the subject reading keeps the noun alone.
_MS_QUALIFIERS = frozenset("perempuan lelaki laki-laki cik ipar sulung bongsu saudara tiri angkat".split())

#: Words between a relation word and the name said after it: Malay's qualifiers and the chat
#: spellings of its possessives ("Adik sy Faiz", "kakak aku Siti").
_CALLED_SKIP = _MS_QUALIFIERS | frozenset("sy sye ak ku awak".split())


def _ms_qualifiers(text: str, words: tuple[Tok, ...]) -> tuple[Tok, ...]:
    """The Malay qualifiers right after one of the person ``words`` in ``text``."""
    keys = {tok.key for tok in words}
    tokens = tokenize(text)
    return tuple(
        after
        for tok, after in zip(tokens, tokens[1:])
        if tok.key in keys and after.key in _MS_QUALIFIERS and after.key not in keys
    )


def owner_named(topic: Sequence[Tok], text: str) -> bool:
    """Whether a request of ``topic`` may erase memory ``text`` as to whose it is: always for
    the user's own memories; for another person's, only when the topic names that person
    (module docstring)."""
    owner = memory_owner(text)
    if owner is None:
        return True
    words, relatives = owner
    if words:
        key = "".join(tok.key for tok in words if tok.cjk)
        if any(supported(tok, list(words), key) for tok in topic):
            return True
        if _called(words, topic, text):  # "about Natalie" names "My sister Natalie is off work…"
            return True
    asked = [kin for tok in topic if (kin := word_kin(tok.raw))]
    return any(broader(k) & relatives for kin in asked for k in kin)


#: A relative of a person named by their name, in a memory's language: "Hafiz's mother", « la mère
#: de Hafiz », "ibu Hafiz" / "suami Ain", "Hafiz的妈妈" — that person's relative, not the user's.
_NAMED_PERSONS = {
    "en": re.compile(r"\b[A-Z][\w-]+(?:\s[A-Z][\w-]+)?'s\s+(?:\w+\s+)?\w+"),
    "fr": re.compile(r"\b\w+\s+(?:de|d')\s*[A-Z][\w-]+"),
    "ms": re.compile(r"\b\w+(?:\s+(?:perempuan|lelaki))?\s+(?!Pengguna\b|Saya\b|Aku\b)[A-Z][\w-]+"),
    "zh": re.compile(r"[A-Za-z][\w-]*的?[\u4e00-\u9fff]{1,2}"),
}


def without_named_persons_relatives(text: str) -> str:
    """``text`` less the relatives it names as another named person's (:data:`_NAMED_PERSONS`):
    "Ibu Hafiz tinggal di Kuching" names no relative of the user's."""
    return _NAMED_PERSONS[memory_language(text)].sub(" ", text)
