"""The readers widened by lane write20 (issue #26, round3_extra14's kinds), on wordings in no case file."""

from __future__ import annotations

import pytest

from souvenir.lexical.restated import elaborates, names_wrong_value, restates_amount
from souvenir.lexical.weary_idioms import WEARY_IDIOMS
from souvenir.ground.types import Candidate
from souvenir.write.filters._past_state import past_state
from souvenir.write.filters.negation import negation_filter
from souvenir.write.filters.shapes import Exchange


@pytest.mark.parametrize(
    ("new", "old"),
    [
        # en: a count in words, a second amount in a later clause
        ("Walks five dogs now, adopted two more last spring", "Walks three dogs"),
        ("Reads twenty-two books a year now", "Reads twelve books a year"),
        # fr: compound numbers in words, a purpose after the new amount
        ("Nage maintenant trois kilomètres par jour pour le triathlon", "Nage deux kilomètres par jour"),
        ("Fume désormais cinq cigarettes par jour", "Fume vingt-deux cigarettes par jour"),
        # zh: numerals with 千 / 百, the period word moved
        ("儿子的零花钱涨到每个月五百了", "儿子每个月零花钱三百"),
        ("房租涨到每个月两千四了", "每个月房租一千八"),
        # ms: digits with RM against words with ringgit, a reason after
        ("Sekarang bayar sewa rumah seribu dua ratus ringgit sebulan sebab pindah", "Bayar sewa rumah RM900 sebulan"),
        ("Sekarang jalan dua belas ribu langkah sehari", "Jalan lapan ribu langkah sehari"),
    ],
)
def test_restates_amount_in_words(new, old):
    assert restates_amount(new, old)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("Ran ten km now", "Ran five km"),  # an event told in the past
        ("Bought seven hens at the market", "Keeps four hens"),  # another frame
        ("每个月补习费两千四了", "每个月房租一千八"),  # another attribute
        ("每周补习费两千四了", "每个月补习费一千八"),  # another period
        (
            "Court vingt-cinq kilomètres par semaine avec son frère",
            "Court dix kilomètres par semaine",
        ),  # a detail, no change
        ("Isi minyak kereta tiga ratus ringgit sebulan", "Isi minyak kereta tiga ratus ringgit sebulan"),  # same value
    ],
)
def test_restates_amount_counter_examples(new, old):
    assert not restates_amount(new, old)


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Studied in Oxford, not Stratford, my mistake", "Studied in Stratford upon Avon", True),
        (
            "Banque à la Société Générale, pas au Crédit Mutuel, je me suis trompée",
            "Banque au Crédit Mutuel de Bretagne",
            True,
        ),
        ("Berasal dari Ipoh, bukan Teluk Intan, silap cakap", "Berasal dari Teluk Intan di Perak", True),
        ("老家在广州，不是佛山", "老家在佛山南海", True),
        # counter-examples: another frame, a lowercase tail that is no name
        ("Was born in Sunderland, not Newcastle", "Works in Newcastle upon Tyne", False),
        ("Studied in Oxford, not Stratford", "Studied in Stratford upon arrival", False),
        ("Banque à la Société Générale, pas au Crédit Mutuel", "Travaille au Crédit Mutuel de Bretagne", False),
    ],
)
def test_names_wrong_value_shorter(new, old, want):
    assert names_wrong_value(new, old) is want


@pytest.mark.parametrize(
    ("candidate", "message", "kept"),
    [
        ("Swims in the sea every morning", "when we lived in Brighton I swam in the sea every morning", False),
        (
            "Plays five-a-side football on Thursdays",
            "back when I worked in Leeds I played five-a-side on Thursdays",
            False,
        ),
        ("Fait de l'escalade le samedi", "Quand j'habitais à Chamonix, je faisais de l'escalade le samedi", False),
        ("Joue au basket le soir", "Lorsqu'on vivait en Bretagne, je jouais au basket le soir", False),
        ("每天早上跑步", "在成都工作那三年，我每天早上都去跑步", False),
        ("Main badminton tiap malam", "Masa tinggal kat Kuantan, aku main badminton tiap malam", False),
        # counter-examples: a habit of now, someone else's past, "still", no place name
        ("Listens to music", "masa kerja kat pejabat aku dengar muzik", True),
        ("Swims in the sea every morning", "when my dad lived in Brighton he swam in the sea every morning", True),
        ("Swims in the sea every morning", "when we lived in Brighton I swam in the sea every morning, still do", True),
        ("每天早上跑步", "我现在在成都工作，每天早上都去跑步", True),
        ("Fait de l'escalade le samedi", "J'habite à Chamonix et je fais de l'escalade le samedi", True),
    ],
)
def test_closed_past_period(candidate, message, kept):
    assert (past_state(candidate, message) is None) is kept


def _weary(text: str) -> str:
    for pattern, replacement in WEARY_IDIOMS:
        text = pattern.sub(replacement, text)
    return text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("羽毛球我现在打不动了", "不喜欢了"),
        ("蹦迪早就蹦不动了", "不喜欢了"),
        ("通宵打游戏，没那个精力了", "不喜欢了"),
        ("Le squash, j'ai plus la force", "je ne l'aime plus"),
        ("I'm way too old for paintball", "I'm not fond of"),
        ("Futsal aku dah tak larat", "dah tak suka"),
    ],
)
def test_no_strength_left(text, said):
    assert said in _weary(text)


@pytest.mark.parametrize(
    "text",
    ["今天走不动了，太累了", "这箱子我搬不动", "I'm too old to care", "J'ai plus de force qu'avant", "Aku larat lagi"],
)
def test_no_strength_left_counter_examples(text):
    assert _weary(text) == text


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Pelihara tiga ekor kucing parsi di rumah", "Pelihara kucing", "richer"),
        ("Tanam sepuluh batang pokok durian musang king", "Tanam pokok durian", "richer"),
        ("养了狗", "养了两条小黑狗，一条叫豆豆", "poorer"),
        ("种花", "种了三盆兰花", "poorer"),
        # counter-examples: another verb, another head noun, a negated verb
        ("养了猫", "喂了两只流浪猫", None),
        ("养了猫", "养了两只布偶兔", None),
        ("Bela ikan", "Jual dua belas ekor ikan koi", None),
    ],
)
def test_elaborates_count_added(new, old, want):
    assert elaborates(new, old) == want


@pytest.mark.parametrize(
    ("message", "candidate", "kept"),
    [
        ("密室逃脱啊，现在玩不动了", "喜欢玩密室逃脱", False),
        ("奶茶，我早就不喝了", "喜欢喝奶茶", False),
        ("羽毛球嘛，这几年打不动了", "喜欢打羽毛球", False),
        # counter-examples: the topic judged well, a tired day
        ("密室逃脱啊，我特别喜欢", "喜欢玩密室逃脱", True),
        ("羽毛球嘛，今天打不动了，明天再打", "喜欢打羽毛球", True),
    ],
)
def test_comma_topic_lent_in_chinese(message, candidate, kept):
    decision = negation_filter(
        Candidate(text=candidate, kind="preference", scope="global", confidence=0.8),
        Exchange(user_message=message, assistant_reply=""),
    )
    assert decision.kept is kept
