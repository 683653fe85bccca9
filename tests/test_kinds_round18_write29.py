"""Issue #26, round 18 (session 21, lane write29): the kinds the blind ``round3_extra18.jsonl``
missed, each in en / fr / zh / ms with wordings of our own (never the blind sentence), and
counter-examples: a spoken negation of a liking ("don't really rate / fancy"), a relapse after a
stop (« de nouveau de l'alcool », "again", 又…了, "semula"), a thing of the user's described by an
age or a count inside a question or a condition (kept), and a plan taken back ("scratch that",
« oublie, c'est pas sûr », 刚才那句不算, "tak jadi la"). Filters go through the model filter chain;
relapses through ``resumes``."""

from __future__ import annotations

import pytest

from souvenir.lexical.owned_descriptions import owned_descriptions
from souvenir.lexical.resumption import resumes
from souvenir.lexical.take_backs import takes_back
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters


def _kept(message: str, text: str, kind: str = "fact") -> bool:
    candidate = Candidate(text=text, kind=kind, scope="global", confidence=0.8)
    return run_filters(candidate, Exchange(message, None), MODEL_CHAIN).kept


DROPPED = [
    # a spoken negation of a liking
    ("negation", "en", "tbh I don't really fancy curry anymore, I used to love it", "Loves curry", "preference"),
    ("negation", "en", "ngl I don't really rate football these days", "Likes football", "preference"),
    ("negation", "fr", "j'kiffe plus trop le rap en vrai", "Aime le rap", "preference"),
    ("negation", "zh", "我现在不怎么喜欢火锅了", "喜欢火锅", "preference"),
    ("negation", "ms", "aku dah tak minat nasi lemak sangat", "Suka nasi lemak", "preference"),
    # a plan taken back
    (
        "taken back",
        "en",
        "I'm doing the Chicago half marathon in April - scratch that, not happening",
        "Running the Chicago half marathon in April",
        "promise",
    ),
    (
        "taken back",
        "fr",
        "Je pars vivre à Nantes en juin... Oublie, c'est pas sûr.",
        "Part vivre à Nantes en juin",
        "promise",
    ),
    ("taken back", "zh", "算了算了，不买车了，刚才那句不算", "打算买车", "promise"),
    ("taken back", "zh", "下个月搬去深圳，算了，当我没说", "下个月搬去深圳", "promise"),
    (
        "taken back",
        "ms",
        "Aku nak pindah KL bulan depan, tak jadi la, lupakan",
        "Nak pindah ke KL bulan depan",
        "promise",
    ),
    # the question or condition's own content stays a question
    (
        "presupposed",
        "en",
        "Do you think my 12-year-old dog can handle a long hike?",
        "Going on a long hike with the dog",
        "promise",
    ),
]

KEPT = [
    # a thing of the user's described by an age or a count, inside a question or a condition
    (
        "presupposed",
        "en",
        "if I take my 3-year-old to Disneyland does she need a ticket",
        "Has a 3-year-old child",
        "fact",
    ),
    ("presupposed", "en", "Do you think my 12-year-old dog can handle a long hike?", "Has a 12-year-old dog", "fact"),
    ("presupposed", "fr", "Si j'emmène ma fille de 3 ans à Disneyland, elle paie ?", "A une fille de 3 ans", "fact"),
    ("presupposed", "fr", "Tu penses que mes deux chats peuvent rester seuls un week-end ?", "A deux chats", "fact"),
    ("presupposed", "zh", "你觉得我家两只猫能一起坐飞机吗", "家里养了两只猫", "fact"),
    ("presupposed", "zh", "要是带我五岁的儿子去滑雪的话，要请教练吗", "有一个五岁的儿子", "fact"),
    (
        "presupposed",
        "ms",
        "kalau aku bawa anak aku yang 3 tahun pergi Disneyland, kena beli tiket ke?",
        "Ada anak berumur 3 tahun",
        "fact",
    ),
    # counter-examples: a liking said plainly; a dismissal opening a sentence that goes on
    ("negation", "en", "honestly I really rate this new ramen place", "Likes the new ramen place", "preference"),
    (
        "taken back",
        "en",
        "My knee hurts since the hike. Never mind, I'll ask my physio on Monday",
        "Knee hurts since the hike",
        "fact",
    ),
    (
        "taken back",
        "fr",
        "J'ai mal au genou depuis la rando. Laisse tomber, je demanderai au kiné",
        "A mal au genou depuis la rando",
        "fact",
    ),
    ("taken back", "zh", "算了，我下个月就搬去深圳了", "下个月搬去深圳", "promise"),
    (
        "taken back",
        "ms",
        "Takpelah, aku tanya kakak aku nanti. Aku dah pindah ke Ipoh bulan lepas",
        "Dah pindah ke Ipoh",
        "fact",
    ),
]


@pytest.mark.parametrize(("kind", "lang", "message", "text", "ckind"), DROPPED)
def test_dropped(kind: str, lang: str, message: str, text: str, ckind: str) -> None:
    assert not _kept(message, text, ckind)


@pytest.mark.parametrize(("kind", "lang", "message", "text", "ckind"), KEPT)
def test_kept(kind: str, lang: str, message: str, text: str, ckind: str) -> None:
    assert _kept(message, text, ckind)


@pytest.mark.parametrize(
    ("lang", "new", "old"),
    [
        ("fr", "Boit de nouveau de l'alcool le samedi", "A arrêté l'alcool"),
        ("fr", "Mange de nouveau de la viande", "A arrêté la viande"),
        ("en", "Eats meat again since the summer", "Stopped eating meat"),
        ("zh", "又开始喝咖啡了", "戒了咖啡"),
        ("ms", "Minum kopi semula setiap pagi", "Dah berhenti minum kopi"),
    ],
)
def test_relapse_ends_the_stop(lang: str, new: str, old: str) -> None:
    assert resumes(new, old)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("Boit de l'alcool", "A arrêté l'alcool"),
        ("Eats fish again", "Stopped eating meat"),
        ("Nak minum kopi semula", "Dah berhenti minum kopi"),
        ("又开始喝咖啡了吗", "戒了咖啡"),
    ],
)
def test_no_relapse(new: str, old: str) -> None:
    assert not resumes(new, old)


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("Tu crois que mon chat de 14 ans supportera le voyage ?", "mon chat de 14 ans"),
        ("if my 3-year-old daughter comes along", "my 3-year-old daughter"),
        ("我家两只猫能坐飞机吗", "我家两只猫"),
        ("dua ekor kucing saya boleh naik kapal terbang?", "dua ekor kucing saya"),
    ],
)
def test_owned_descriptions(text: str, span: str) -> None:
    assert owned_descriptions(text) == [span]


@pytest.mark.parametrize("text", ["If I had my way", "my one true love", "我想去日本", "kalau saya ada kereta"])
def test_no_owned_description(text: str) -> None:
    assert owned_descriptions(text) == []


@pytest.mark.parametrize(
    ("text", "mark"),
    [
        ("scratch that", True),
        ("oublie", True),
        ("c' est pas sûr", True),
        ("刚才 那句 不 算", True),
        ("tak jadi la", True),
        ("Never mind the weather", False),
        ("不 去 日本 留学 了", False),
        ("lupakan pasal hutang aku", False),
    ],
)
def test_takes_back(text: str, mark: bool) -> None:
    assert takes_back(text) is mark
