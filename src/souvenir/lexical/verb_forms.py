"""Two forms of one verb that share no opening (pure): an irregular past against the present
("taught" / "Teaches", "sang" / "Sings"), an irregular French imperfect (« faisais » / « fait »,
« écrivais » / « écrit »), a word of another register for the same act (« bossais » / « taffais »
/ « Travaille », "had a job" / "Works", "keje" / "Kerja", 打工 / 上班 / 工作), a Malay affixed
verb against its root ("mengajar" / "Ajar", "bekerja" / "Kerja").

Read by the filters that compare a candidate with the user's sentence word by word
(:mod:`souvenir.write.filters._past_state`); ``lexicon.LEMMAS`` stays the tokenizer's table
(every reader's stems), this one only says "the same verb" when two words are compared.

Shapes (the words as :func:`souvenir.lexical.tokens.content_words` gives them: "teaches" is
"teache")::

    same_verb("taught", "teache")   -> True
    same_verb("bossais", "travaille") -> True
    same_verb("mengajar", "ajar")   -> True
    zh_same_verb("在酒吧打工")        -> "在酒吧工作"
"""

from __future__ import annotations

__all__ = ["lemma_of", "same_verb", "zh_same_verb"]


def _forms(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {form: lemma for lemma, forms in table.items() for form in (lemma, *forms)}


#: English verbs whose past shares no opening with the present (the stemmer's "-s" off: "teache").
_EN = _forms(
    {
        "teach": ("teache", "teaches", "teaching", "taught"),
        "sing": ("sings", "singing", "sang", "sung"),
        "write": ("writes", "writing", "wrote", "written"),
        "bring": ("brings", "brought"),
        "buy": ("buys", "bought"),
        "think": ("thinks", "thought"),
        "fight": ("fights", "fought"),
        "catch": ("catche", "catches", "caught"),
        "sell": ("sells", "sold"),
        "tell": ("tells", "told"),
        "speak": ("speaks", "spoke", "spoken"),
        "keep": ("keeps", "kept"),
        "lead": ("leads", "led"),
        "build": ("builds", "built"),
        "fly": ("flies", "flie", "flew", "flown"),
        "grow": ("grows", "grew", "grown"),
        "draw": ("draws", "drew", "drawn"),
        "win": ("wins", "won"),
        "hold": ("holds", "held"),
        "wear": ("wears", "wore", "worn"),
        "do": ("does", "doe", "did", "done"),
        "make": ("makes", "made"),
        "take": ("takes", "took", "taken"),
        "give": ("gives", "gave", "given"),
        "work": ("works", "job"),
    }
)
#: French: irregular imperfects and presents, and the familiar verbs of working (bosser, taffer).
_FR = _forms(
    {
        "faire": ("fais", "fait", "faisons", "faites", "font", "faisais", "faisait", "faisions", "faisaient"),
        "écrire": ("écris", "écrit", "écrivons", "écrivent", "écrivais", "écrivait", "ecris", "ecrit", "ecrivais"),
        "aller": ("vais", "va", "vont", "allais", "allait", "allions", "allaient"),
        "travailler": (
            "travaille",
            "travailles",
            "travaillent",
            "travaillais",
            "travaillait",
            "bosse",
            "bosses",
            "bossent",
            "bossais",
            "bossait",
            "bosser",
            "taffe",
            "taffes",
            "taffais",
            "taffait",
            "taffer",
            "boulot",
        ),
    }
)
#: Malay: the familiar spellings of a root ("keje" for "kerja").
_MS = _forms({"kerja": ("keje", "keja", "kije")})
_TABLE = {**_EN, **_FR, **_MS}
#: Malay verb prefixes, longest first, with the root's first letter they swallow (meN-: t, p, k, s).
_MS_PREFIXES = (
    ("meng", ("", "k")),
    ("meny", ("s",)),
    ("mem", ("", "p")),
    ("men", ("", "t")),
    ("ber", ("",)),
    ("be", ("",)),
    ("me", ("",)),
    ("di", ("",)),
)


def _ms_roots(word: str) -> set[str]:
    """The roots a Malay affixed verb may have ("mengajar" → ajar / kajar, "bekerja" → kerja)."""
    out = set()
    for prefix, swallowed in _MS_PREFIXES:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= 3:
            out |= {first + rest for first in swallowed}
    return out


def lemma_of(word: str) -> str | None:
    """The verb ``word`` is a form of, by the tables (module docstring); ``None`` when unknown."""
    lemma = _TABLE.get(word)
    return lemma if lemma is not None else _TABLE.get(word + "s")


def same_verb(a: str, b: str) -> bool:
    """Whether two words are one verb (module docstring): the same table lemma, or a Malay
    affixed form and its root (roots of four letters at least: "mengajar" / "ajar" yes; "di" +
    "am" never)."""
    if a == b:
        return True
    la, lb = lemma_of(a), lemma_of(b)
    if la is not None and la == lb:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and short in _ms_roots(long_)


#: Chinese words of working said in another register (打工, 上班, 干活): read as 工作.
_ZH_WORK = ("打工", "上班", "干活", "做工")


def zh_same_verb(text: str) -> str:
    """``text`` with its Chinese words of working written 工作 (在酒吧打工 → 在酒吧工作)."""
    for word in _ZH_WORK:
        text = text.replace(word, "工作")
    return text
