"""A request to forget said in one language, its memories written in another (pure: data in, ids out).

Users mix French, English, Chinese and Malay (the multilingual suites of ``../shared/data``):
"Please forget what I told you about my sister" beside « Ma sœur habite à Lyon » and "My sister
lives in Leeds". :func:`souvenir.write.forget_match.named_by` names a memory by the request's
own words, so the English one was erased and the French one kept — the user's memory kept
against their will (session 25, lane newuser10). :mod:`souvenir.write.forget_near` reads the
topic by kind but erases a single memory only, and was tried only when no word named any.

:func:`across_languages` reads a request's topic as its *translation* into the three other
languages: a memory written in another language (:func:`souvenir.read.scoring.memory_language.memory_language`)
is named as the same-language rule names one holding every topic word, when every topic word
is in it:

- a relation word by the relative it names (``kin_concepts``: "sister" = « sœur » = 姐姐 / 妹妹 =
  "kakak"; "family" / « famille » / 家人 / "keluarga" any relative), read with the word that
  qualifies it ("adik perempuan" is a sister, "little sister" a sister), never as another named
  person's relative ("ibu Hafiz", « la mère de Hafiz », "Hafiz's mother", Hafiz的妈妈: the
  partner's mother is not "my mother");
- any other word by a word of its translation group (:mod:`souvenir.lexical.topic_translations`:
  "job" = « travail » = 工作 = "kerja", "boyfriend" = « copain » = 男朋友 = "teman lelaki",
  "money problems" = « soucis d'argent » = 钱的问题 = "masalah duit") or as written (a name, a
  number: "Lyon", "Marc", 小美); a filler ("stuff", « truc », 事, "hal") names nothing;
- a word with neither names nothing: "my sister's cat" never names « Ma sœur habite à Lyon »,
  "my money problems" never names « J'envoie de l'argent à ma mère » (no trouble in it).

A topic concept (:mod:`souvenir.lexical.topic_concepts`: ``debt`` holds "mortgage", "owe",
« rembourser ») is broader than a translation: a memory named only by a concept is
:mod:`souvenir.write.forget_near`'s, in any language, as before (a single one erased, two or
more asked about). Whose the memory is holds as in the same language (a topic naming no
relative never names a memory about one: "my money problems" is not « Ma sœur a des soucis
d'argent »), and a name the memory holds only as a common word is not named
(``any_word_not_name``). Memories in the request's own language are the word-for-word rule's,
untouched. Measured: ``bench/forget_across_reach.py`` (docs/security.md, session 26).

Shape::

    across_languages(forget_requests("Forget what I told you about my sister"),
                     [Memory(1, 1, "Ma sœur habite à Lyon"), Memory(2, 1, "I like jazz")], erase=())
    -> [1]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from souvenir.lexical.forget_cues import ForgetRequest
from souvenir.lexical.named_person import any_word_not_name
from souvenir.lexical.tagged import Tok, supported, tokenize
from souvenir.lexical.topic_concepts import is_family, is_filler
from souvenir.lexical.topic_translations import holds_group, topic_groups
from souvenir.read.scoring.kinship import broader, kin_concepts, word_kin
from souvenir.read.scoring.memory_language import memory_language, voted_language
from souvenir.ground.types import Memory
from souvenir.write.forget_near import NearTopic, near_topic
from souvenir.write.forget_whose import memory_owner, owner_named, without_named_persons_relatives

__all__ = ["across_languages", "names_across"]


def names_across(request: ForgetRequest, topic: NearTopic, text: str) -> bool:
    """Whether ``request`` (its topic read by kind: ``topic``) names the memory ``text`` word for
    word in translation: every relative it names among the memory's, every other word there as
    written or by a word of its translation group (module docstring)."""
    if topic.empty:
        return False
    relatives = kin_concepts(without_named_persons_relatives(text))
    kin, qualifiers = _relatives_asked(request.topic)
    if kin:
        if not all(any(broader(k) & relatives for k in concepts) for concepts in kin):
            return False
    elif topic.family:
        if not relatives:
            return False
    elif relatives:
        return False
    tokens = tokenize(text)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    held: set[int] = set()
    for indices, group in topic_groups(request.topic):
        if holds_group(group, text):
            held |= indices
    for at, tok in enumerate(request.topic):
        if word_kin(tok.raw) or at in qualifiers or is_family(tok) or is_filler(tok):
            continue  # the relatives are read above; "stuff" names nothing; "problems" must be there
        if at not in held and not supported(tok, tokens, key):
            return False
    return True


#: Words that qualify a relation word beside it (its age, its sex): read with it, never a word to find.
_QUALIFIERS = frozenset(
    "little younger older elder big baby eldest youngest half step"
    " petit petite grand grande aine ainee cadet cadette demi"
    " perempuan lelaki sulung bongsu tiri".split()
)


def _relatives_asked(topic: Sequence[Tok]) -> tuple[list[frozenset[str]], set[int]]:
    """The relatives ``topic`` names, one set of concepts per relation word, read with the word
    that qualifies it beside it ("adik perempuan" is a sister, not any sibling; "little sister",
    « grand frère »), and the indices of those qualifying words (read here, not as words to find)."""
    kin: list[frozenset[str]] = []
    qualifiers: set[int] = set()
    for at, tok in enumerate(topic):
        concepts = word_kin(tok.raw)
        if not concepts:
            continue
        for other in (at + 1, at - 1):
            if 0 <= other < len(topic) and not tok.cjk and topic[other].key in _QUALIFIERS:
                pair = (tok.raw, topic[other].raw) if other > at else (topic[other].raw, tok.raw)
                concepts = kin_concepts(" ".join(pair)) or concepts
                qualifiers.add(other)
                break
        kin.append(concepts)
    return kin, qualifiers


def _owner_named(request: ForgetRequest, text: str) -> bool:
    """As :func:`~souvenir.write.forget_whose.owner_named`, the person's words also read through
    their translation group ("boyfriend" names the owner of « Mon copain s'appelle Marc »)."""
    if owner_named(request.topic, text):
        return True
    owner = memory_owner(text)
    person = " ".join(tok.raw for tok in owner[0]) if owner else ""
    return bool(person) and any(holds_group(group, person) for _, group in topic_groups(request.topic))


def across_languages(requests: Sequence[ForgetRequest], pool: Iterable[Memory], erase: Iterable[int]) -> list[int]:
    """The ids of ``pool`` (the user's active memories, rules left out by the caller), not in
    ``erase`` already, written in another language than a request naming a topic and named by
    it in translation (module docstring), in ``pool`` order. Requests asking about an attribute
    ("where I live": the keyed values, the same in every language) or everything about the user
    are the caller's."""
    topics = []
    for request in requests:
        if request.keys or request.whole or not request.topic:
            continue
        topic = near_topic(request)
        if not topic.empty:
            topics.append((request, topic, memory_language(request.sentence)))
    if not topics:
        return []
    done = set(erase)
    out = []
    for memory in pool:
        if memory.id in done:
            continue
        language = voted_language(memory.text)  # None: no word says which, maybe the request's
        if language is not None and any(
            language != said
            and names_across(request, topic, memory.text)
            and _owner_named(request, memory.text)
            and not any_word_not_name(request.topic, request.sentence, memory.text)
            for request, topic, said in topics
        ):
            out.append(memory.id)
    return out
