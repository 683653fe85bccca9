"""What a request to forget names after "about", when its reading left no topic (pure).

Session 24 (lane harden9) left it: "Forget what I told you about the thank you notes", « Oublie
ce que je t'ai dit sur les notes », 忘掉我跟你说的关于隐私资料的事, "Lupakan apa saya cakap tentang
maklumat tu" — every word naming the thing is also a word of a request ("notes", « notes »,
资料 / 隐私, "maklumat": :data:`~souvenir.lexical.forget_cues.FORGET_WORDS`), so the topic read
empty, the request was taken for "forget that" (:mod:`souvenir.lexical.forget_deixis`), and it
erased what the user's **previous** turn wrote: a wrong erasure, and the thing named stayed.

Decided (what a careful operator demands): a request whose sentence names something after a
preposition of topic — en "about / regarding / concerning / on the subject of", fr « sur / à
propos de / au sujet de / concernant », zh 关于 / 有关, ms "tentang / pasal / fasal / mengenai /
berkenaan (dengan)" — never points back at the previous turn. Its topic is what that phrase
names, read raw (the request's own words kept: "notes" is the thing here), less deictics and
generic nouns ("about it", « sur ça », 关于那件事, "pasal tu" still name nothing); it is then
matched as any named topic is (:mod:`souvenir.write.forget_match`): it erases the memories it
names, or, naming none, erases nothing and is recorded as ``write:forget:ambiguous`` with the
reason "no memory matches what it names" (shown on the diagnostics page, counted in the write
log). Erasing the wrong memory cannot be undone; a request that erased nothing can be said
again.

Shape::

    named_after_about("Forget what I told you about the thank you notes") -> (Tok("notes"),)
    named_after_about("Forget what I told you about it")                 -> ()
"""

from __future__ import annotations

import re

from souvenir.lexical.tagged import Tok, content_of, tokenize

__all__ = ["named_after_about", "names_a_third_person"]

#: A preposition of topic, then what it names up to the clause's end.
_ABOUT = re.compile(
    r"(?:\b(?:about|regarding|concerning|on\s+the\s+subject\s+of"
    r"|sur|à\s+propos\s+d(?:e\s+|u\s+|es\s+|')|au\s+sujet\s+d(?:e\s+|u\s+|es\s+|')|concernant"
    r"|tentang|pasal|fasal|mengenai|berkenaan(?:\s+dengan)?)\b|关于|有关)"
    r"(?P<named>[^,;:.!?，；：。！？]{1,200})",
    re.I,
)
#: Deictics, pronouns and generic nouns: "about it / that / me / the thing" names nothing here.
_GENERIC = frozenset(
    """it that this those these them me myself him her thing things stuff part bit something anything everything
    ça ca cela ceci moi chose choses truc trucs histoire tout
    tu itu ini ni saya aku dia hal perkara benda semua apa""".split()
)
#: Chinese generic words and deictics taken out of a token (关于那件事的 names nothing).
_ZH_GENERIC = tuple("那件事 这件事 事情 件事 那个 这个 那些 这些 的 事 那 这 我 你 它".split())


def named_after_about(sentence: str) -> tuple[Tok, ...]:
    """The content tokens a request ``sentence`` names after its first preposition of topic
    (module docstring); ``()`` when there is none or it names only deictics, pronouns or
    generic nouns."""
    found = _ABOUT.search(sentence)
    if found is None:
        return ()
    out = []
    for tok in content_of(tokenize(found.group("named"))):
        if tok.cjk:
            key = tok.key
            for word in _ZH_GENERIC:
                key = key.replace(word, "")
            if key:
                out.append(Tok(key, key, key, tok.role, True))
        elif tok.key not in _GENERIC and tok.stem not in _GENERIC:
            out.append(tok)
    return tuple(out)


#: A third person's possessive or pronoun in what a request names ("about his debts", « sur ses
#: dettes », "pasal hutang dia", 关于他欠债): the person just spoken of, never the user.
_THIRD_PERSON = re.compile(
    r"\b(?:his|her|hers|him|their|them|sa|ses|leur|leurs|lui|dia|beliau|mereka)\b"
    r"|(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)(?<!\bthe\s)(?<!\ba\s)\bson\b|[他她]",  # « son », never "my son"
    re.I,
)


def names_a_third_person(sentence: str) -> bool:
    """Whether what request ``sentence`` names after its preposition of topic refers to someone
    other than the user by a pronoun or possessive ("Forget what I told you about his debts",
    « …sur ses dettes », "…pasal hutang dia"): such a request may erase another person's memory
    that its words name, as one naming the person would (session 25, the integrator, from the
    blind ``dlg7-fr`` run: « oubliez ce que je vous ai raconté sur ses dettes » left the
    half-brother's debts)."""
    found = _ABOUT.search(sentence)
    return bool(found and _THIRD_PERSON.search(found.group("named")))
