"""Issue #28: the kind a list question asks for ("What activities…", « Quels livres… »,
哪些宠物, "Aktiviti apa…") and the memories naming an instance of it (hiking, « poterie »,
小狗, berenang), the score's ``kind`` part and its label on the diagnostics page. Pure:
data in, data out; English, French, Chinese and Malay alike."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.instance_kinds import (
    KINDS,
    asked_kinds,
    instance_flags,
    kind_mask,
    kind_masks,
    kind_reason,
    named_kinds,
)
from tests.scoring_support import memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("What activities has Melanie done with her family?", "activity"),
        ("What are Joanna's hobbies?", "activity"),
        ("What martial arts has John done?", "sport"),
        ("What instruments does Melanie play?", "instrument"),
        ("Which cities has Jon visited?", "place"),
        ("What books has Caroline read?", "book"),
        ("Quels livres as-tu lus cette année ?", "book"),
        ("Quelles activités Marie fait-elle le week-end ?", "activity"),
        ("Quels sports pratique-t-elle ?", "sport"),
        ("Quels animaux a-t-il adoptés ?", "pet"),
        ("她养过哪些宠物？", "pet"),
        ("他去过哪些城市？", "place"),
        ("小林有什么爱好？", "activity"),
        ("她会哪几种乐器？", "instrument"),
        ("Aktiviti apa yang Maria buat?", "activity"),
        ("Apakah hobi Maria?", "activity"),
        ("Buku apa yang Tim baca?", "book"),
        ("Negara mana yang Tim lawati?", "place"),
    ],
)
def test_the_kind_a_question_asks(text, kind):
    assert kind in asked_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Where did Melanie go last summer?",
        "I love my books and my dog",  # kind words, no question word before them
        "Où est allée Marie en juillet ?",
        "J'ai lu trois livres",
        "她昨天去了哪里？",
        "我有一只狗",
        "Bila Tim pergi ke Kuala Lumpur?",
        "Saya ada seekor kucing",
    ],
)
def test_no_kind_asked(text):
    assert asked_kinds(text) == frozenset()


@pytest.mark.parametrize(
    "text, kind",
    [
        ("I'm off to do some taekwondo!", "sport"),
        ("We hiked up to the falls last weekend", "activity"),
        ("I just finished reading Charlotte's Web", "book"),
        ("Our puppy chewed my shoes again", "pet"),
        ("I've been practising guitar every night", "instrument"),
        ("J'ai commencé la poterie le mois dernier", "art"),
        ("Le chat dort sur le canapé", "pet"),
        ("Nous avons passé une semaine en Italie", "place"),
        ("J'ai lu un roman de Zola", "book"),
        ("我家的小狗很可爱", "pet"),
        ("上周末我们去露营了", "activity"),
        ("我最近在学钢琴", "instrument"),
        ("她在医院当护士", "job"),
        ("Saya suka berenang setiap pagi", "sport"),
        ("Kami melawat Jepun tahun lepas", "place"),
        ("Dia bekerja sebagai jururawat", "job"),
        ("Saya memasak kari ayam semalam", "food"),
    ],
)
def test_a_memory_naming_an_instance(text, kind):
    assert kind in named_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't know, of course it's fine",  # "don", "course": French words, not here
        "Nice chat with you yesterday!",  # « chat » alone is not a French cat
        "The pain in my back is better",
        "Merci, à demain !",
        "好的，明天见",
        "Terima kasih, jumpa esok",
    ],
)
def test_a_memory_naming_none(text):
    assert named_kinds(text) == frozenset()


def test_every_kind_is_asked_and_named_in_every_language():
    from souvenir.read.scoring import instance_kinds as module

    assert set(module._ASKS) == set(module._INSTANCES) == set(module._NAMES) == set(KINDS)
    for table in (module._ASKS, module._INSTANCES, module._NAMES):
        for kind, spec in table.items():
            assert spec.count("|") >= 3, kind


def test_the_kind_part_lifts_the_named_persons_instances():
    mems = [
        memory(1, "Melanie: we went hiking with the kids on Sunday", speaker="Melanie", at=NOW),
        memory(2, "Melanie: the weather was awful this week", speaker="Melanie", at=NOW),
        memory(3, "Caroline: I signed up for a pottery class", speaker="Caroline", at=NOW),
    ]
    on = ScoringConfig(kind_bonus=2.0, priors_gate=0.0)
    off = ScoringConfig(kind_bonus=0.0, priors_gate=0.0)
    q = "What activities does Melanie do?"
    parts: dict = {}
    a = Scorer(on).scores(1, mems, q, NOW, parts=parts)
    b = Scorer(off).scores(1, mems, q, NOW)
    assert [a[i] - b[i] for i in (1, 2, 3)] == pytest.approx([2.0, 0.0, 0.0], abs=1e-5)
    assert parts["kind"].tolist() == [2.0, 0.0, 0.0]
    # no one named: every speaker's instance; no kind asked: nothing moves
    anyone: dict = {}
    Scorer(on).scores(1, mems, "Quelles activités avons-nous faites ?", NOW, parts=anyone)
    assert anyone["kind"].tolist() == [2.0, 0.0, 2.0]
    other = "Where did Melanie go on Sunday?"
    assert dict(Scorer(on).scores(1, mems, other, NOW)) == dict(Scorer(off).scores(1, mems, other, NOW))


def test_the_defaults_lift_instances_for_list_questions_only():
    """The shipped defaults (cross-validated): 3.0 for a list question ("哪些", "what …s"),
    nothing for a question asking one thing ("What pet…did")."""
    mems = [memory(1, "我家的小狗很可爱", at=NOW), memory(2, "今天下雨", at=NOW)]
    parts: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, "她养过哪些宠物？", NOW, parts=parts)
    assert parts["kind"].tolist() == [3.0, 0.0]
    one: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, "What pet did she have as a child?", NOW, parts=one)
    assert "kind" not in one


def test_flags_none_unless_asked_and_enabled():
    speakers = np.array([None, None], dtype=object)
    texts = ["we went camping", "hello"]
    on, broad = ScoringConfig(kind_bonus=1.0, kind_broad=False), ScoringConfig(kind_bonus=1.0, kind_broad=True)
    assert (
        instance_flags("What activities?", None, speakers, lambda: kind_masks(texts), ScoringConfig(kind_bonus=0.0))
        is None
    )
    assert instance_flags("How are you?", None, speakers, lambda: kind_masks(texts), on) is None
    assert instance_flags("What activities?", None, speakers, lambda: kind_masks(texts), on).tolist() == [True, False]
    # list questions only: "what activity did…" asks one thing, « quelles activités », 哪些 several
    assert instance_flags("What activity did you do?", None, speakers, lambda: kind_masks(texts), broad) is None
    assert instance_flags("Quelles activités ?", None, speakers, lambda: kind_masks(texts), broad).tolist() == [
        True,
        False,
    ]
    zh = ["我们去露营了", "你好"]
    assert instance_flags("她做过哪些活动？", None, speakers, lambda: kind_masks(zh), broad).tolist() == [True, False]
    ms = ["Kami pergi berkhemah", "Helo"]
    assert instance_flags(
        "Aktiviti apa saja yang dia buat?", None, speakers, lambda: kind_masks(ms), broad
    ).tolist() == [
        True,
        False,
    ]


@pytest.mark.parametrize(
    "lang, question, text, words",
    [
        ("en", "What activities does Melanie do?", "we went hiking", "asked for activities: this memory names one"),
        ("fr", "Quels livres as-tu lus ?", "J'ai lu un roman", "porte sur : livres ; ce souvenir"),
        ("zh", "她养过哪些宠物？", "我家的小狗", "问的是宠物：这条记忆"),
        ("ms", "Aktiviti apa yang Maria buat?", "Saya suka berenang", "ditanya tentang aktiviti: memori ini"),
    ],
)
def test_the_reason(lang, question, text, words):
    assert words in kind_reason(question, text, lang)
    assert kind_reason("How are you?", text, lang) is None


def test_the_diagnostics_page_labels_the_kind_part():
    from souvenir.api.diagnostics_page import COLUMN_LEGEND, PART_LABELS, _part_names

    items = [{"parts": {"kind": 2.0, "speaker": 4.0, "use": 1.0}}]
    assert _part_names(items) == ["use", "speaker", "kind"]
    assert PART_LABELS["kind"] == "the kind asked"
    assert "asked for activities: this memory names one" in COLUMN_LEGEND["kind"]


@pytest.mark.parametrize(
    "text",
    [
        "what activities " * 1000,
        "hiking " * 2300,
        "x" * 16_000,
        "哪些宠物" * 1300,
        "apa aktiviti " * 1200,
        "what's-" * 2300,
    ],
)
def test_both_readers_are_linear(text):
    """A 16 KB message or memory costs one pass (:mod:`tests.test_linear_time`'s bound)."""
    import time

    start = time.process_time()
    asked_kinds(text + "?")
    named_kinds(text + ".")
    assert time.process_time() - start < 2.0


def test_the_lookup_reads_as_the_alternation():
    """``named_kinds`` (dictionary lookups) reads every text as one pass of the instance
    words' alternation (leftmost, longest first): phrases, endings, Han runs, hyphens."""
    from souvenir.lexical import nfkc_casefold
    from souvenir.read.scoring.instance_kinds import _INSTANCE_RE, _INSTANCE_WORDS

    def reference(text: str) -> frozenset[str]:
        folded = nfkc_casefold(text).replace("’", "'")
        found: set[str] = set()
        for m in _INSTANCE_RE.finditer(folded):
            found |= _INSTANCE_WORDS.get(m.group(m.lastindex or 0), frozenset())
        return frozenset(found)

    texts = [
        "We took a road trip to New York and ate ice cream",
        "kung fu, jiu-jitsu and hip-hop classes",
        "road  trip",  # two spaces: no phrase
        "我们参加了工作坊，然后去钓鱼",
        "我去hiking了",
        "Kami main bola sepak dan makan nasi",
        "Le chat dort; mon chat aussi",
        "She bakes, cooked, dances and swims",
        "I'm reading",
    ]
    for text in texts:
        assert named_kinds(text) == reference(text), text


def test_the_kinds_column_reads_as_the_texts():
    """A list question reads one column (``kind_masks``): each asked kind set against each text
    gives ``named_kinds(text) & asked`` (four languages, every kind, texts naming none or several)."""
    texts = [
        "we went camping and played the guitar",
        "hello",
        "我们去露营了，还弹了吉他",
        "Kami pergi berkhemah",
        "J'ai lu un roman et adopté un chat",
        "Suka makan nasi lemak",
        "worked as a nurse",
    ]
    masks = kind_masks(texts)
    asked_sets = [frozenset({k}) for k in KINDS] + [frozenset(KINDS), frozenset({"activity", "pet"})]
    for asked in asked_sets:
        for text, mask in zip(texts, masks.tolist()):
            assert bool(mask & kind_mask(asked)) == bool(named_kinds(text) & asked), (text, asked)
