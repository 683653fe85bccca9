"""What a memory says, for the write path's corrections and merges (pure).

Issue #14: a correction is recognised by what two sentences say, not by how alike they
look. "Is no longer allergic to peanuts" does not retire "Is allergic to peanuts and
shellfish" (the shellfish allergy would stop being served), and 不再喝奶茶了 does retire
每天都喝奶茶 although the two share little surface. :func:`proposition` reads

    Proposition(content=frozenset({"喝", "奶茶"}), glued="喝奶茶", negative=True)

from 不再喝奶茶了, and the same content with ``negative=False`` from 每天都喝奶茶:

* ``content``: the words that say *what* is stated — the dedup tokens without stop words,
  without negators, without change markers (now, still, again, anymore, 现在, 了, 再,
  désormais, sekarang, lagi…), without frequency and "now"-like time adverbs (every day,
  often, 每天, 经常, souvent, tous les jours, setiap pagi, selalu…) and without the
  markers of an ended state (used to, formerly, 以前, 曾经, autrefois, "Avant, je…", dulu) or of stopping
  (quit, stopped -ing, gave up, arrêté de, berhenti, 戒). Attitude verbs are one word,
  ``♥``, with a sign: "loves" and "hates", "adore" and "déteste", 喜欢 and 讨厌, "suka" and
  "benci" say the same thing with opposite signs. Latin words are stemmed (the filters'
  crude stem: "smoking", "smokes" → "smok"). Third-person pronouns stay ("She likes
  jazz" is not "Likes jazz"): a subject is part of what is said. French imperfect endings
  are stemmed away, so "Autrefois, jouait de la guitare" says what "Joue de la guitare"
  says, ended.
* ``negative``: the statement says the state does not hold (now): a negator, or a
  negative attitude, but not both; or an ended / stopped state ("used to play",
  "Dulu main badminton, sekarang tak main lagi", "Quit smoking").

Two statements are a **flip** (:func:`is_flip`) when their content is the same (as sets,
or, for Chinese cut differently by jieba — 有车 / 没 有 车 — as the same characters in
order) and exactly one is negative; or when one likes doing what the other says is no
longer done (爱吃辣 / 现在不吃辣了). Nothing else decides: no score, no threshold. Numbers,
dates, weekdays, places, objects, people are content, so "Ne prend plus le bus de 7h40"
says nothing of "Prend le train de 7h40", and a stored list ("peanuts and shellfish") is
never the same proposition as one of its items.

:func:`souvenir.lexical.referents.different_referents`: two memories about different people or different labelled
attributes, which must never replace or absorb one another whatever their lexical score
("Andrew is looking forward to the hike…" / "Audrey is looking forward to the hike…";
"Occupation: …" / "Education background: …").

Known misses (the cheap side: both stay active, a repeat): synonyms ("movies" / "films"),
verb tenses the stemmer does not join ("fumait" / "fume"), "pernah" (has ever: not an
ended state), double negations ("never used to dislike"), a correction with a new detail
("No longer eats meat since 2024" against "Eats meat": the new side says more, and a
narrower statement must not retire a broader one), "I only drink decaf" against "I don't
drink only decaf anymore" (a negated "only" is content, :data:`_RESTRICTIVE`, so that
"doesn't only drink milk tea" never retires "drinks milk tea"; French "ne … que" is a
restriction, not a negation).

A message of several statements (:func:`statements`) flips a stored memory when one of
them says that memory's state no longer holds: "我不再喝奶茶了，改喝绿茶" retires 每天都喝奶茶
as 不再喝奶茶了 alone does, and the whole message, replacement included, becomes the active
memory. Only a negative statement, only against a stored memory of one statement (a stored
list is never retired by one of its items; "Thanks! I won't give up" is not retired by a
later "Thanks! …").
"""

from __future__ import annotations

import re

from souvenir.lexical.abstain import abstentions
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from souvenir.lexical.cache_size import TEXT_CACHE

from souvenir.lexical import lexicon as lx
from souvenir.lexical.carriers import carrier_tokens
from souvenir.lexical.light_verbs import aspect_word, long_since, unlit_content, unlit_glued, zh_noun_topic
from souvenir.lexical.normalize import key_of, normalize
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tagged import stem
from souvenir.lexical.thing_idioms import THING_IDIOMS
from souvenir.lexical.zh_topic_verb import zh_topic_verb
from souvenir.lexical.weary_idioms import WEARY_IDIOMS
from souvenir.lexical.tokens import is_han, tokenize
from souvenir.lexical.vocab import MONTHS, NEGATORS, WEEKDAYS
from souvenir.lexical.text_cache import text_cache

__all__ = [
    "Proposition",
    "proposition",
    "statements",
    "correction_statement",
    "is_flip",
    "stems",
    "ATTITUDE",
]

ATTITUDE = "♥"
"""The one word every attitude verb becomes (its sign goes to ``negative``)."""

# Change markers and "now"-like adverbs: they say *when* a statement holds, not what it is.
_CHANGE = frozenset(
    """now nowadays currently anymore again still longer these days presently today's
    désormais dorénavant maintenant actuellement encore toujours présent
    sekarang kini lagi masih dah sudah telah
    现在 如今 目前 了 再 再也 已经 已 还 仍 仍然 依然 还是 终于 又 最近 近来""".split()
)
# Frequency adverbs, and the quantifiers that make a frequency of the unit after them.
_FREQUENCY = frozenset(
    """always often usually regularly sometimes frequently occasionally rarely constantly
    daily weekly monthly yearly nightly everyday twice once
    souvent parfois régulièrement quotidiennement fréquemment rarement habituellement
    selalu sering kerap biasanya kadang kadang-kadang sentiasa hari-hari jarang
    天天 经常 常常 总是 平时 通常 一直 都 常 偶尔 有时 有时候 老是 每次""".split()
)
_QUANTIFIERS = frozenset({"every", "each", "chaque", "tous", "toutes", "setiap", "tiap", "saban", "每", "每个"})
_MONTH_KEYS = frozenset(key_of(m) for m in MONTHS) | {
    "mac",
    "mei",
    "ogos",
    "januari",
    "februari",
    "april",
    "jun",
    "julai",
    "september",
    "oktober",
    "november",
    "disember",
}
_UNITS = (
    frozenset(
        """day days week weeks morning mornings evening evenings night nights weekend weekends
    month months year years time times jour jours semaine semaines matin matins soir soirs
    mois an ans année années week-end week-ends fois hari minggu pagi malam petang bulan
    tahun kali 天 周 晚 月 年 日 星期 礼拜 早上 晚上""".split()
    )
    | frozenset(WEEKDAYS)
    | frozenset(f"{d}s" for d in WEEKDAYS)
)
# Markers of an ended state (the carriers' canonical forms: "used to" → "formerly").
_ENDED = frozenset({"formerly", "autrefois", "dulu", "以前", "曾经"})
_ENDED_WORDS = frozenset(
    {"formerly", "previously", "autrefois", "auparavant", "jadis", "dulu", "dahulu", "以前", "曾经", "从前"}
)
# Verbs of stopping: "Quit smoking", "Stopped eating meat", "A arrêté de fumer", 戒烟.
_STOP_VERBS = frozenset(
    {"quit", "quits", "quitted", "berhenti", "renonce", "renoncé", "abandonne", "abandonné", "戒", "戒掉", "停止"}
)
_STOP_BEFORE_GERUND = frozenset({"stopped", "stop", "stops", "gave", "give", "gives", "given"})
_STOP_BEFORE_DE = frozenset({"arrête", "arrêté", "arrêtée", "arrêter", "cessé", "cesse", "cessée"})

# Attitude verbs (a narrower list than the filters' valence: wanting or fearing is not
# liking). Keys are accent-free (``key_of``).
_LIKE = frozenset(
    """like likes liked love loves loved enjoy enjoys enjoyed adore adores adored fond
    aime aiment aimait aimais adore adorent adorait apprecie apprecient appreciait kiffe
    suka sukakan menyukai gemar minat meminati cinta mencintai sayang
    喜欢 爱 喜爱 热爱 钟爱 最爱 偏爱""".split()
)
_DISLIKE = frozenset(
    """hate hates hated dislike dislikes disliked detest detests detested loathe loathes
    loathed despise despises despised
    deteste detestent detestait hais hait haissent execre
    benci membenci meluat menyampah
    讨厌 恨 厌恶 痛恨 反感""".split()
)
# Chinese attitude compounds jieba keeps whole: 爱吃 = ♥ + 吃 (not 爱人, 爱好).
_ZH_ATTITUDE_PREFIX = ("最喜欢", "喜欢", "讨厌")
_ZH_LOVES_TO = frozenset({"爱吃", "爱喝", "爱看", "爱玩", "爱听", "爱去", "爱穿", "爱用"})
# Third-person pronouns are stop words for the dedup score, but a subject for a proposition.
_PERSONS = frozenset(
    {"he", "she", "they", "il", "elle", "ils", "elles", "dia", "beliau", "mereka", "他", "她", "他们", "她们"}
)
_USED_TO = ("used", "to")
# Words of a state taken up again (issue #26: "Fume à nouveau depuis mars" after "A arrêté de
# fumer", 又搬回…, "merokok semula"): set aside like the change markers; with one of them,
# the time the state resumed ("since March", "depuis mars", "sejak Mac", 从三月开始) is too.
_RESUME = frozenset(
    """again semula kembali 重新 再次 又 开始 started start starts resumed resume
    resumes recommence recommencé reprend repris mula relapsed relapse relapses rechute rechuté rechutée rechuter 破戒 复吸 kambuh""".split()
)
_SINCE = frozenset({"since", "depuis", "sejak", "从", "自从"})
#: A reason after a stop or a resumption (issue #26, round 10): the rest is why, not what.
_BECAUSE = frozenset({"because", "'cause", "cos", "coz", "parce", "sebab", "kerana", "karena", "因为", "由于"})
#: Words that date a stop ("Gave up sugar in January", « a arrêté de fumer en mars », "berhenti
#: merokok pada bulan Mac"): with a verb of stopping, the time it stopped is set aside.
_IN = frozenset({"in", "en", "pada", "dalam", "on"})
#: A period named as the time a state began or ended ("since the holidays", « depuis l'été »,
#: "sejak raya", 从暑假开始), its article included.
_PERIODS = frozenset(
    """holiday holidays christmas easter summer winter spring autumn fall
    vacances noel noël paques pâques été ete hiver printemps automne rentrée rentree
    raya cuti puasa ramadan krismas tahun baru
    假期 暑假 寒假 春节 过年 国庆 夏天 冬天 春天 秋天
    the la le les l' hari""".split()
)
#: Verbs of eating and drinking: what "gave up / quit / arrêté / berhenti" leaves implicit
#: ("Gave up sugar" / "Eating sugar again", « Ne boit plus d'alcool » / « A arrêté l'alcool »),
#: set aside when the statement says what is eaten or drunk.
_CONSUME = frozenset(
    """eat eats eating ate eaten drink drinks drinking drank drunk consume consumes consuming
    mange manger mangé mangeait mangeais boit bois boire bu buvait consomme consommer
    makan memakan minum meminum 喝 吃 抽""".split()
)
#: French verbs taken up again by their prefix (« Remange de la viande », « Refume »,
#: « Reboit »): read as the verb and an "again".
_FR_AGAIN = {
    f"re{verb}": verb
    for verb in """mange manger mangé boit boire fume fumer fumé joue jouer travaille travailler
    fait faire court courir nage nager conduit conduire""".split()
}
#: Malay "balik" after the verb ("Merokok balik", "Minum kopi balik") is "again"; after
#: "dah / nak / akan" it is going back ("Dah balik tinggal di Kuching").
_MS_BACK_AUX = frozenset({"dah", "sudah", "nak", "akan", "telah", "baru", "mahu", "hendak", "pulang"})
_SINCE_END = frozenset({"开始", "起", "以来"})
_LAST = frozenset({"last", "lepas", "lalu", "dernier", "dernière", "derniere", "passé", "passée"})
# 戒烟 / 戒酒 (jieba keeps them whole): stopped smoking / drinking.
_ZH_QUIT = {"戒烟": "抽烟", "戒酒": "喝酒"}
_ZH_OBJECT_VERB = {"烟": "抽烟", "酒": "喝酒"}
#: 戒了烟 / 戒掉了酒: jieba cuts the quitting verb from its object; read as 戒烟 / 戒酒.
_ZH_QUIT_SPLIT = {"烟": "戒烟", "香烟": "戒烟", "酒": "戒酒"}
_ZH_ASPECT = frozenset({"了", "掉", "掉了"})


def _zh_quit_joined(tokens: list[str]) -> list[str]:
    """``tokens`` with 戒 / 戒掉 + (了 / 掉) + 烟 / 酒 joined into 戒烟 / 戒酒."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] in ("戒", "戒掉"):
            j = i + 1
            while j < len(tokens) and tokens[j] in _ZH_ASPECT:
                j += 1
            if j < len(tokens) and tokens[j] in _ZH_QUIT_SPLIT:
                out.append(_ZH_QUIT_SPLIT[tokens[j]])
                i = j + 1
                continue
        out.append(tokens[i])
        i += 1
    return out


#: Smoking said with the thing or the verb: « A arrêté la cigarette » / « Fume à nouveau »,
#: "Quit cigarettes" / "Smokes again", "Berhenti rokok" / "Merokok semula" are one proposition.
_SMOKING = frozenset(
    "smoke smokes smoking smoked cigarette cigarettes cigs fume fumer fumes fumé fumait clope clopes cigarettes "
    "tabac merokok rokok".split()
)
_SMOKING_KEY = "smoking"
_FR_PRONOUNS = frozenset(
    {"je", "j'", "il", "elle", "on", "nous", "vous", "ils", "elles", "l'utilisateur", "l'utilisatrice", ""}
)
_USER_WORDS = frozenset({"我", "用户", "该用户", "使用者", "的"})


@dataclass(frozen=True, slots=True)
class Proposition:
    """``content``: what is stated (module docstring); ``glued``: its Han words in order,
    stop words included, glued (jieba cuts 有车 and 没有车 differently); ``negative``: it
    says the state does not hold now. ``core`` (the content without the attitude word) and
    ``attitude`` (it holds one) are derived once: a write compares one proposition with
    every stored one."""

    content: frozenset[str]
    glued: str
    negative: bool
    core: frozenset[str] = field(init=False, repr=False, compare=False)
    attitude: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "core", self.content - {ATTITUDE})
        object.__setattr__(self, "attitude", ATTITUDE in self.content)

    def same_content(self, other: Proposition) -> bool:
        """The same words, or the same characters in order; never two empty contents, nor
        an attitude word alone."""
        if not self.core or not other.core:
            return False
        return self.content == other.content or (bool(self.glued) and self.glued == other.glued)

    def same_but_attitude(self, other: Proposition) -> bool:
        """The same words but for the attitude word on one side ("Likes drinking coffee" /
        "Doesn't drink coffee"), Chinese included (爱吃辣 / 不吃辣)."""
        return (
            bool(self.core)
            and self.attitude != other.attitude
            and (self.core == other.core or (bool(self.glued) and self.glued == other.glued))
        )


def _attitude(token: str) -> tuple[int, str | None]:
    """(sign, rest): +1 / -1 for an attitude word, with what is glued after it (爱吃 → 吃)."""
    key = key_of(token)
    if key in _LIKE:
        return 1, None
    if key in _DISLIKE:
        return -1, None
    if token in _ZH_LOVES_TO:
        return 1, token[1:]
    for prefix in _ZH_ATTITUDE_PREFIX:
        if token.startswith(prefix) and len(token) > len(prefix):
            return (-1 if prefix == "讨厌" else 1), token[len(prefix) :]
    return 0, None


#: Words that restrict what a negation before them denies ("doesn't *only* drink tea": still
#: drinks it); "just" restricts only after a negator ("don't just drink tea"; not "I just
#: moved"). Kept as the content word ``only``, so the statement is not the unrestricted one.
_RESTRICTIVE = frozenset({"only", "merely", "solely", "exclusively", "seulement", "uniquement"})
#: French negators that are no "ne … que" (restrictive): "ne … pas que" denies "only".
_FR_FULL_NEGATORS = frozenset({"pas", "jamais", "rien", "personne", "aucun", "aucune", "guère", "ni"})


def _fr_restrictive(tokens: Sequence[str]) -> frozenset[int]:
    """The positions of the "ne" / "n'" and "plus" of a French restriction ("Je ne bois que
    du thé", "Je ne bois plus que du thé": only tea, now — affirmative, not a negation): a
    "que" / "qu'" within three words of "ne", no full negator ("pas", "jamais"…) between."""
    for a, token in enumerate(tokens):
        if token not in ("ne", "n'"):
            continue
        for j in range(a + 1, min(a + 5, len(tokens))):
            if tokens[j] in _FR_FULL_NEGATORS:
                break
            if tokens[j] in ("que", "qu'"):
                return frozenset(i for i in range(a, j) if tokens[i] in ("ne", "n'", "plus"))
    return frozenset()


@lru_cache(maxsize=1)
def _smoking_stems() -> frozenset[str]:
    return frozenset(_stem(word) for word in _SMOKING)


@text_cache(TEXT_CACHE)
def proposition(text: str) -> Proposition:
    """The proposition of raw ``text`` (module docstring)."""
    # a liking that ended said as an idiom (« Le foot, plus trop mon truc », "I'm so over crossfit",
    # 玩腻了, "dah muak"): the plain negated liking the filters read (round 14)
    for pattern, replacement in THING_IDIOMS + WEARY_IDIOMS:
        text = pattern.sub(replacement, text)
    norm = normalize(text)
    tokens = zh_noun_topic(
        zh_topic_verb(abstentions(_zh_quit_joined(list(tokenize(norm)))))
    )  # "Is a vegetarian": eats no meat
    again = {i for i, t in enumerate(tokens) if t in _FR_AGAIN}
    tokens = [_FR_AGAIN.get(t, t) for t in tokens]
    again |= {
        i
        for i, t in enumerate(tokens)
        if t == "balik" and i and tokens[i - 1] not in _MS_BACK_AUX and not is_han(tokens[i - 1][:1] or "a")
    }
    # 喝上 / 抽上 / 吃上: the complement 上 after a one-character verb ("又喝上酒了": drinks again);
    # 喝回来 / 抽回去 (可乐又喝回来了): "back", an again
    again |= {i for i, t in enumerate(tokens) if t in ("回来", "回去") and i and len(tokens[i - 1]) == 1}
    tokens = [t for i, t in enumerate(tokens) if not (t == "上" and i and len(tokens[i - 1]) == 1)]
    # 烟又抽回来了 / 酒又喝上了: the object before its verb is 戒烟's and 戒酒's (抽烟, 喝酒)
    tokens = [_ZH_OBJECT_VERB[t] if t in _ZH_OBJECT_VERB and _ZH_OBJECT_VERB[t][0] in tokens else t for t in tokens]
    stopping = any(
        t in _STOP_VERBS
        or t in _ZH_QUIT
        or (
            t in _STOP_BEFORE_GERUND
            and i + 1 < len(tokens)
            and (tokens[i + 1].endswith("ing") or tokens[i + 1] == "up")
        )
        or (t in _STOP_BEFORE_DE and i + 1 < len(tokens) and tokens[i + 1] in ("de", "d'", "le", "la", "les", "l'"))
        for i, t in enumerate(tokens)
    )
    consume = {_stem(t) for t in tokens if t in _CONSUME}
    restriction, long = _fr_restrictive(tokens), long_since(tokens)
    negated = ended = False
    sign = 1
    kept: list[str] = []
    han: list[str] = []  # the Han tokens kept, stop words included (glued)
    skip_unit = False
    resumed = (
        bool(again)
        or any(t in _RESUME for t in tokens)
        or any(t == "nouveau" and i and tokens[i - 1] in ("à", "a", "de") for i, t in enumerate(tokens))
    )
    skip_since = 0
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if (stopping or resumed) and (token in _BECAUSE or (token == "cause" and i and tokens[i - 1] in ("à", "a"))):
            break  # "Berhenti berenang sebab sakit telinga": why it stopped, not what stopped
        if resumed and token in _SINCE and not is_han(token[0]) and not any(_when(t) for t in tokens[i + 1 : i + 3]):
            break  # "Biting nails again since the new job started": what set it off, not what
        if (resumed and token in _SINCE) or (stopping and token in _IN and _dates(nxt)):
            skip_since = 4  # "depuis mars", "sejak bulan lepas (2025-05)": when it resumed, not what
            continue
        if skip_since:
            skip_since -= 1
            if (
                token in _SINCE_END
                or token.isdigit()
                or key_of(token) in _MONTH_KEYS
                or token in lx.TIME_WORDS
                or token in _LAST
                or token in _PERIODS
                or re.fullmatch(r"\d{4}(?:-w?\d{2}(?:-\d{2})?)?", token) is not None
                or (is_han(token[0]) and token[-1] in "月年天周")
            ):
                continue
            skip_since = 0
        if token in _RESUME or i in again or (token == "nouveau" and i and tokens[i - 1] in ("à", "a", "de")):
            continue
        if token in _ZH_QUIT:
            ended = True
            kept.append(_ZH_QUIT[token])
            han.append(_ZH_QUIT[token])
            continue
        if skip_unit and token in _UNITS:
            skip_unit = False
            continue
        if skip_unit and token == "les":  # "tous les jours": still waiting for the unit
            continue
        skip_unit = False
        if i in restriction:  # "ne … que": only, not a negation
            continue
        if token in NEGATORS:
            negated = True
            continue
        if negated and (token in _RESTRICTIVE or token == "just"):
            kept.append("only")  # "doesn't only drink tea" is not "doesn't drink tea"
            continue
        if token == "longer" and i and tokens[i - 1] == "no":
            continue
        if (token, nxt) == _USED_TO:
            ended = True
            continue
        if token == "to" and i and tokens[i - 1] == "used":
            continue
        if token in _ENDED_WORDS or (token == "avant" and i == 0 and nxt in _FR_PRONOUNS):
            ended = True  # "Avant, je jouais de la guitare"; not "avant le repas"
            continue
        if (
            token in _STOP_VERBS
            or (token in _STOP_BEFORE_GERUND and (nxt.endswith("ing") or nxt == "up"))
            or (token in _STOP_BEFORE_DE and nxt in ("de", "d'", "le", "la", "les", "l'"))
        ):
            ended = True
            continue
        if token == "up" and i and tokens[i - 1] in _STOP_BEFORE_GERUND:
            continue
        if token in _QUANTIFIERS or token.startswith("每"):
            skip_unit = token in _QUANTIFIERS or token in ("每", "每个")
            continue
        if token in _CHANGE or token in _FREQUENCY or aspect_word(tokens, i) or i in long:
            continue
        value, rest = _attitude(token)
        if value:
            sign *= value
            kept.append(ATTITUDE)
            if rest:
                kept.append(rest)
                han.append(rest)
            continue
        if is_han(token[0]) and token not in _USER_WORDS:
            han.append(token)
        if token in _PERSONS:
            kept.append(token)
            continue
        if token in STOP_WORDS or token in ("'s", "'"):
            continue
        stemmed = _stem(token)
        kept.append(_SMOKING_KEY if token in _SMOKING or stemmed in _smoking_stems() else stemmed)
    if consume and any(k not in consume and k != ATTITUDE for k in kept):
        kept = [k for k in kept if k not in consume]  # "Eating sugar again" / "Gave up sugar"
    ended = ended or bool(carrier_tokens(norm) & _ENDED)
    negative = (negated != (sign < 0)) or ended
    return Proposition(frozenset(kept), "".join(han), negative)


def _when(token: str) -> bool:
    """Is ``token`` a time itself (a month, a number, "last", "week"), not an article?"""
    return (
        key_of(token) in _MONTH_KEYS
        or token.isdigit()
        or token in _LAST
        or token in lx.TIME_WORDS
        or (token in _PERIODS and token not in ("the", "la", "le", "les", "l'", "hari"))
        or token in ("bulan", "tahun")
    )


def _dates(token: str) -> bool:
    """Does ``token`` open a time ("January", "2024", "mars", "bulan", "last")?"""
    return (
        key_of(token) in _MONTH_KEYS
        or token.isdigit()
        or token in _LAST
        or token in lx.TIME_WORDS
        or token in ("bulan", "tahun", "the", "la", "le", "l'")
    )


_FR_IMPERFECT = ("aient", "ait", "ais")


def _stem(word: str) -> str:
    """The filters' stem; French imperfect endings first ("jouait" and "joue" → "jou")."""
    if not word.isalpha():
        return word
    key = key_of(word)
    for ending in _FR_IMPERFECT:
        if key.endswith(ending) and len(key) - len(ending) >= 3:
            key = key[: -len(ending)]
            break
    return stem(key) if key.isascii() else word


@text_cache(TEXT_CACHE)
def stems(words: frozenset[str]) -> frozenset[str]:
    """Words by stem and lemma (the filters' ``tagged.stem``: "kids" / "children" →
    "child", "drinks" / "drinking" → "drink"); non-Latin words unchanged."""
    return frozenset(_stem(w) for w in words)


def is_flip(a: Proposition, b: Proposition) -> bool:
    """True when ``a`` and ``b`` say the same thing and exactly one says it does not hold;
    or when one likes doing what the other says is not done (爱吃辣 / 现在不吃辣了, "Likes
    drinking coffee" / "Doesn't drink coffee anymore") — the liking side positive, the other
    negative, never the reverse ("Doesn't like coffee" and "Drinks coffee" can both hold). A verb
    of playing or doing is no content here (``light_verbs``: "Likes playing tennis" / "Not into
    tennis anymore")."""
    if a.negative == b.negative:
        return False
    if _flipped(a, b):
        return True
    # a verb of playing or doing is no content ("Likes playing tennis" / "Not into tennis anymore")
    la, lb = unlit_content(a.content, _stem), unlit_content(b.content, _stem)
    return (la != a.content or lb != b.content) and _flipped(
        Proposition(la, unlit_glued(a.glued), a.negative), Proposition(lb, unlit_glued(b.glued), b.negative)
    )


def _flipped(a: Proposition, b: Proposition) -> bool:
    if a.attitude == b.attitude:
        return a.same_content(b)
    liking, doing = (a, b) if a.attitude else (b, a)
    return not liking.negative and doing.negative and a.same_but_attitude(b)


# Where a message's statements part: sentence ends, commas and semicolons of both scripts,
# and the conjunctions that open a contrast ("…, but", 但是, mais, tapi). A point or comma between two digits
# is inside a number (6.8 mmol/L, £11.44, 1,200), never a break.
_STATEMENT_BREAK = re.compile(
    r"(?!(?<=\d)[.,]\d)[.!?;,。！？；，、]+|\s+(?:but|whereas|mais|tandis que|tapi|tetapi|namun)\s+|(?:但是|可是|不过|而是)"
)


def statements(text: str) -> list[str]:
    """The statements ``text`` makes one after the other ("我不再喝奶茶了，改喝绿茶" →
    ["我不再喝奶茶了", "改喝绿茶"]; "I don't drink milk tea anymore, I switched to green tea"
    → two), blank parts dropped; ``[text]`` when it makes one. A correction that also says
    what replaced the old state is a flip in one of its statements (:func:`is_flip`)."""
    parts = [p.strip() for p in _STATEMENT_BREAK.split(text) if p and p.strip()]
    return parts if len(parts) > 1 else [text]


# Words that open the statement saying what replaced an ended state ("…, switched to green
# tea", 改喝绿茶, "est passé au thé vert", "sekarang minum teh"): looked for in the first
# words (Latin) or characters (Han) of the statement after the correction.
_REPLACED = frozenset(
    """switched switch switching changed changing replaced instead now prefer prefers moved
    passé passée passe maintenant désormais plutôt préfère remplacé remplacée
    sekarang kini tukar beralih ganti diganti""".split()
)
_REPLACED_HAN = ("改", "换", "现在", "如今", "而是", "转")
_LEAD_WORDS = 3
_LEAD_CHARS = 4


def correction_statement(text: str) -> str | None:
    """The first statement of ``text`` when the message is a correction that also says what
    replaced the old state ("我不再喝奶茶了，改喝绿茶" → "我不再喝奶茶了"); ``None``
    otherwise. Only the first statement, only before a statement end that is not a
    question, and only when the next statement opens with a replacement word
    (``_REPLACED``): a statement after a condition ("When I'm sick, I don't drink
    coffee", 生病的时候，我不喝咖啡), after another person ("My wife is vegetarian,
    doesn't eat meat"), after a speaker (医生说，不要再喝奶茶了), or followed by one
    ("Doesn't eat meat, says his wife"), or a question ("Don't drink coffee anymore? I
    still do") says no state of the user ended. The caller checks the first statement's
    polarity (:func:`is_flip`)."""
    parts = statements(text)
    if len(parts) < 2:
        return None
    cut = _STATEMENT_BREAK.search(text, text.find(parts[0]) + len(parts[0]))
    if cut is None or "?" in cut.group() or "？" in cut.group():
        return None
    following = parts[1]
    words = re.findall(r"[^\W\d_]+", following.lower())[:_LEAD_WORDS]
    han = "".join(ch for ch in following if is_han(ch))[:_LEAD_CHARS]
    if any(w in _REPLACED for w in words) or any(m in han for m in _REPLACED_HAN):
        return parts[0]
    if (words[:1] and words[0] in _REASONS) or han.startswith(("因为", "由于")):
        return parts[0]  # "Doesn't drink wine anymore, because of my liver": the stop, then why
    return None


#: Words that open a reason after a statement ("…, because…", « …, parce que… », 因为…, "…, sebab…").
_REASONS = frozenset({"because", "since", "cause", "coz", "car", "parce", "puisque", "sebab", "kerana", "karena"})
