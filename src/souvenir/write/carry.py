"""Carry: do a reflection's kept notes hold what the user's message states? (issue #25)

"Never worse than no model": no-model mode keeps a message that states something as its
episode; a reflection that keeps a note in its place must not lose what the message said.
SmolLM2-135M keeps a part of the message ("I am planning to start my own business someday!"
from "Lost my job as a banker yesterday, so I'm gonna take a shot at starting my own
business"): the note is true, but the job lost is gone. Pure (text in, verdict out)::

    carried("Lost my job as a banker yesterday, so I'm gonna start my own business.",
            ["I am planning to start my own business someday!"])              -> False
    carried("I rehearsed with my crew after work.", ["I rehearsed with my crew after work."]) -> True

The notes carry the message when they hold :data:`CARRIED` of the content words of its
sentences that may state a fact (:func:`souvenir.lexical.chitchat.fact_sentences`; Latin
words by stem, Chinese by substring: :func:`souvenir.write.grounding.content_share`). When
they do not, the engine keeps the message as its episode beside the notes.

Where :data:`CARRIED` comes from: one half is the share the write path already reads as
"holds" (the speech-act filter's unit, grounding's ``status`` check). On LoCoMo, the
annotators' own observations of a turn hold a median 0.50 of its fact words: read as a
model's notes, they would keep the message beside them in 45 % of the 1,293 turns they
annotate (18 % at 0.3) — the price, in memories, of never losing a fact to a partial note
(``bench/carry_replay.py --locomo``; docs/model.md, "Session 13").

**A copy that leaves a clause out** (:func:`drops_a_clause`, session 22): when every note is a
copy of the message's own words (SmolLM2's way: "On lance les machines la nuit de toute
façon." from « Alors je prends les heures creuses, on lance les machines la nuit de toute
façon. »), the notes hold nothing the message does not, and a clause none of whose content words
they hold is lost though half the words are there (the choice of the off-peak option; « ce
sera en décembre » in « La chaudière, finalement, ce sera en décembre, le propriétaire attend
la pièce. »: `dlg3-fr`, where no-model mode kept both and the model side neither). The message
is then kept whole (the copies are dropped for it: :meth:`souvenir.engine.proposals.Proposals.reflect`).
A note that reads the message in other words (a paraphrase, another person) is left to the share.
A clause that is only the speaker's evaluation of what they said ("I have gambling debts, it's
hard", « …, c'est dur », 好难, "susah": :func:`souvenir.lexical.evaluations.evaluation`, session 23)
is no clause a note must hold: it judges the fact, it states nothing a later question asks for.

**A garbled copy** (:func:`garbled`, session 23): a note most of whose content words are the
message's (a copy: :data:`CARRIED` of them or more) but with a word the message does not have —
SmolLM2's garbles of `dlg-ms`, `dlg3-ms` and `dlg4-ms`: « Saya sudah sakit kad itu. » from
« Kad debit saya hilang… », "Baru berkara kabir, penat gila!" from "Baru balik kerja ni, penat
gila!", « On monte toute la marge… » (the reply's word in a copy of the message). The note is
dropped and the message kept in its place, as no-model mode keeps it: a copy's changed word is a
garble or an invention far more often than a fact the message holds in other words, and when it
is a faithful paraphrase ("a dog" for "a puppy"), the message says it too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import fact_sentences
from souvenir.lexical.evaluations import evaluation
from souvenir.profile.queries import ACKNOWLEDGEMENTS
from souvenir.write.grounding import content_share

__all__ = ["CARRIED", "carried", "drops_a_clause", "garbled"]

#: The share of the message's fact words the kept notes must hold (module docstring).
CARRIED = 0.5


def carried(message: str, notes: list[str], names: frozenset[str] = frozenset()) -> bool:
    """Whether ``notes`` (the texts a reflection kept) hold :data:`CARRIED` of the content
    words of ``message``'s fact sentences. ``names``: folded keys of the speakers' names
    (never content). ``True`` when the message states nothing (no fact sentence, no content
    word) or when there is no note to read (nothing kept: the caller keeps the message)."""
    facts = " ".join(fact_sentences(message, names))
    if not facts.strip() or not notes:
        return True
    share = content_share(facts, " ".join(notes), names)[0]
    return share is None or share >= CARRIED


#: An answer's particles: a clause of only these states nothing of its own.
_PARTICLES = ACKNOWLEDGEMENTS | frozenset(
    "no non nope nah yes oui si bof alors ben tidak tak bukan takde ya 不 不是 没有 对 是 是的 嗯".split()
)
#: Where a sentence's clauses part: commas, semicolons, colons, dashes (and their CJK forms).
_CLAUSE = re.compile(r"[,;:，；：、]|\s[-–—]\s")


def drops_a_clause(message: str, notes: Sequence[str], names: frozenset[str] = frozenset()) -> bool:
    """Whether ``notes``, each a copy of ``message``'s own words (all its content words are the
    message's), leave out a clause of a fact sentence of it: a clause with content words,
    under :data:`CARRIED` of which the notes hold (module docstring), and that is not only the
    speaker's evaluation (:func:`~souvenir.lexical.evaluations.evaluation`). ``False`` with no
    note, or with a note in other words."""
    said = content_words(normalize(message))
    if not notes or not all(content_words(normalize(note)) <= said for note in notes):
        return False
    joined = " ".join(notes)
    for sentence in fact_sentences(message, names):
        for clause in _CLAUSE.split(sentence):
            if _PARTICLES.issuperset(content_words(normalize(clause))):
                continue  # « Non, alors on ira… »: an answer's "no", not a clause of its own
            if evaluation(clause):
                continue  # "…, it's hard": the speaker's judgement of the fact, nothing of its own
            share = content_share(clause, joined, names)[0]
            if share is not None and share < CARRIED:
                return True
    return False


#: The words a faithful note adds to a copy: a copula, a wish, a plan, an aspect («Je veux monter
#: ma propre entreprise» from «je vais tenter de monter ma propre entreprise»; «Je suis
#: conseillère», whose invented identity grounding reads). Content words by the same reading.
_LIGHT = content_words(
    normalize(
        "am is are was were be been being want wants wanted plan plans planning going will would like likes "
        "suis es est sommes êtes sont était étais être veux veut voulais voulait vais va compte pense aime "
        "adore ada adalah ialah akan nak mahu hendak mau ingin suka sedang sudah dah pernah "
        "是 想 要 会 打算 准备 喜欢 正在 已经"
    )
)


#: The speaker said again in the third person, as notes do (« Doit 2000 euros à son cousin Paul »
#: from « Mon cousin Paul me doit… »): a language's third-person words are no changed word where
#: the message holds that language's first person. Raw lower-case words (Han: substrings).
_PERSON_SHIFTS: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset("he she they his her hers their him them".split()), frozenset("i my me mine i'm i've".split())),
    (
        frozenset("il elle ils elles son sa ses leur leurs lui".split()),
        frozenset("je j me m moi mon ma mes".split()),
    ),
    (frozenset("dia mereka beliau nya".split()), frozenset("saya aku ku".split())),
    (frozenset("他 她 他们 她们".split()), frozenset("我".split())),
)
_RAW_WORD = re.compile(r"[^\W\d_]+")


def _person_words(note: str, message: str) -> frozenset[str]:
    """Content words of ``note`` that only say the message's first person again in the third."""
    said = {w.lower() for w in _RAW_WORD.findall(message)}
    words = {w.lower() for w in _RAW_WORD.findall(note)}
    shifted: set[str] = set()
    for third, first in _PERSON_SHIFTS:
        han = next(iter(first)) if all(len(w) == 1 and not w.isascii() for w in first) else None
        if han is not None:
            if han in message:
                shifted |= {w for w in third if w in note}
        elif said & first:
            shifted |= words & third
    return frozenset(content_words(normalize(" ".join(sorted(shifted))))) if shifted else frozenset()


def garbled(note: str, message: str) -> bool:
    """Whether ``note`` is a copy of ``message`` with a word changed: :data:`CARRIED` or more of its
    content words are the message's, and one that is not is more than a copula, a wish or a plan
    (:data:`_LIGHT`; module docstring). ``False`` for a note with no content word, or in other
    words (under :data:`CARRIED` of them the message's)."""
    own = content_words(normalize(note))
    if not own:
        return False
    held = own & content_words(normalize(message))
    return bool(own - held - _LIGHT - _person_words(note, message)) and len(held) >= CARRIED * len(own)
