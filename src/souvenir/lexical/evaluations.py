"""A clause that is only the speaker's evaluation of what they said (issue #25, session 23).

"I have gambling debts, it's hard." — the clause "it's hard" judges the fact before it; it
states nothing of its own a later question would ask for. Read by
:func:`souvenir.write.carry.drops_a_clause`, where a model's note that copies the fact and leaves
the judgement out must not give way to the whole message. Pure (one clause in, verdict out)::

    evaluation("it's hard")            -> True
    evaluation("c'est vraiment dur")   -> True
    evaluation("好难啊")               -> True
    evaluation("memang susah")         -> True
    evaluation("I'm tired")            -> False   (the speaker's own state: a fact of them)
    evaluation("it's hard to find a flat in Lyon")  -> False   (words past the judgement)

The kind: the clause's words are, past a dummy or demonstrative subject ("it", "that", « c' »,
« ça », 这, 那, "ia", "itu") and a copula or a verb of seeming (seems, « reste », « semble », "rasa", 感觉), only an **evaluative predicate** (a word judging how
something is or feels: hard, tough, great, boring; dur, génial, pénible; 难, 累, 烦; susah,
penat, seronok) with **degree words** (so, really, très, vraiment, 好, 太, 真, sangat, betul)
and particles (啊, 呀, lah, quoi). A first person (I, je, 我, saya) makes it the speaker's
state, a fact of them, never an evaluation; any other word (a complement, a name, a number)
makes it a statement. No threshold: the word classes are the rule.
"""

from __future__ import annotations

import re

from souvenir.lexical.chitchat_praise import EVALUATIVE, ZH_EVALUATIVE

__all__ = ["evaluation"]

#: Evaluative predicates past praise (:data:`~souvenir.lexical.chitchat_praise.EVALUATIVE`):
#: difficulty, strain, dullness, oddness, worth — how a thing is or feels to its speaker.
JUDGING = EVALUATIVE | frozenset(
    """hard tough difficult easy tricky tiring exhausting stressful boring annoying frustrating
    scary sad crazy weird strange funny fine okay ok bad terrible awful horrible rough brutal
    painful heavy intense worth worthwhile complicated exciting wild insane unreal
    dur dure difficile facile fatigant fatigante epuisant epuisante stressant stressante ennuyeux
    ennuyeuse chiant chiante penible triste bizarre drole nul nulle terrible horrible complique
    compliquee galere lourd lourde fou folle dingue rude genial geniale top
    susah sukar payah penat letih senang mudah bosan teruk seronok pelik sedih leceh berat gila
    menyeramkan mencabar""".split()
)
#: Degree words, copulas, dummy and demonstrative subjects, particles: no content of their own.
FRAME = frozenset(
    """it it's its that that's this is was be been being so very really quite pretty too such a
    bit kinda kind of sort honestly just seriously truly totally super always sometimes
    c ce cet cette ca ça cela est etait était c'est c'était vraiment tres très trop assez plutot
    plutôt un peu quoi hein franchement tellement si carrement carrément bien
    ia itu ini memang sangat amat betul sungguh agak terlalu lah la kan je pun juga
    seems seemed sounds sounded feels felt gets got getting looks looked stays stayed remains
    reste restait semble semblait devient paraît parait rasa nampak macam jadi
    """.split()
)
#: A first person makes the clause the speaker's state (a fact of them).
FIRST_PERSON = frozenset(
    "i i'm im me my myself we we're us our je j' j me moi m' m nous mon ma mes saya aku kami kita".split()
)
#: Chinese: subjects, degree words and particles around the predicate.
ZH_FRAME = "这那它真的真是好太很挺非常特别有点有些实在确实也都还是了啊呀吧啦哦呢嘛个事件感觉"
ZH_JUDGING: tuple[str, ...] = (
    *ZH_EVALUATIVE,
    *"难 累 辛苦 烦 容易 简单 麻烦 无聊 可怕 难受 痛苦 不容易".split(),
    *"开心 好玩 有意思 奇怪 糟糕 头疼 头大 郁闷 心累 崩溃 刺激 值得".split(),
)
ZH_FIRST_PERSON = ("我", "咱")

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?|\d+", re.UNICODE)
_PUNCT = re.compile(r"[\s\W_]+", re.UNICODE)
_ACCENTS = str.maketrans("àâäéèêëîïôöùûüçœ", "aaaeeeeiioouuuco")


def _zh_evaluation(han: str) -> bool:
    if any(p in han for p in ZH_FIRST_PERSON):
        return False
    rest = han
    for word in sorted(ZH_JUDGING, key=len, reverse=True):
        rest = rest.replace(word, "\0")
    if "\0" not in rest:
        return False
    return all(ch == "\0" or ch in ZH_FRAME for ch in rest)


def evaluation(clause: str) -> bool:
    """Whether ``clause`` is only an evaluation: its words an evaluative predicate with a dummy
    subject, degree words and particles (module docstring). ``False`` for an empty clause."""
    text = clause.strip().lower().replace("’", "'")
    if not text:
        return False
    if re.search(r"[\u4e00-\u9fff]", text):
        if re.search(r"[a-z0-9]", text):
            return False
        return _zh_evaluation(_PUNCT.sub("", text))
    words = [w.translate(_ACCENTS) for w in _WORD.findall(text)]
    parts = [p for w in words for p in (w.split("'") if "'" in w and w not in FIRST_PERSON else [w])]
    if not parts or any(w in FIRST_PERSON for w in words + parts):
        return False
    judged = [w for w in parts if w in JUDGING]
    return bool(judged) and all(w in JUDGING or w in FRAME or w in ("s", "c", "l") for w in parts)
