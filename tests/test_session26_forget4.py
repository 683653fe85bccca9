"""Requests to forget that missed across languages and words, session 26 (lane forget4): each
kind through the real engine on a real SQLite file, no model, four languages.

1. A topic named in one language, its memories written in another: "Please forget what I told
   you about my sister" left « Ma sœur habite à Lyon » (``write/forget_across.py``).
2. The place named by a noun sharing the memory verb's root: "Tolong lupakan tempat tinggal saya"
   missed "Saya tinggal di…" (``forget_cues.ATTRIBUTES``, ``forget_match._holding``).
3. A quote the user adopts is their own request: 'Please do this: "forget my address"'
   (``quoted_asks.adopt_quotes``); a reported one ('She said "forget my address"') is not.
4. A Chinese nickname cut from its particle: 小美的 read as 小 / 美的 (``lexical/zh_names.py``).
"""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.quoted_asks import adopt_quotes
from souvenir.lexical.tokens import zh_words

KEEP = {
    "en": "I like jazz a lot.",
    "fr": "J'aime beaucoup le jazz.",
    "zh": "我很喜欢爵士乐。",
    "ms": "Saya suka kopi pekat.",
}


def _run(tmp_path, said: list[str], asked: str) -> list[str]:
    with Souvenir.open(tmp_path / "m.db") as memory:
        for text in said:
            memory.add_turn("u", text, reply="Ok.")
        assert len(memory.memories("u").memories) >= len(said)
        memory.add_turn("u", asked, reply="Ok.")
        return [m.text for m in memory.memories("u").memories]


# 1. across languages: the request in one language, the relative's memories in the three others
SISTER = {
    "en": ("Please forget what I told you about my sister.", "My sister is a nurse in Leeds."),
    "fr": ("Oublie ce que je t'ai dit sur ma sœur, s'il te plaît.", "Ma sœur habite à Lyon."),
    "zh": ("请忘掉我跟你说的关于我妹妹的事。", "我妹妹在里昂读大学。"),
    "ms": ("Tolong lupakan apa saya cakap tentang adik perempuan saya.", "Adik perempuan saya tinggal di Ipoh."),
}


@pytest.mark.parametrize("lang", list(SISTER))
def test_a_relative_named_in_one_language_erases_the_memories_in_the_others(tmp_path, lang):
    others = [memory for other, (_, memory) in SISTER.items() if other != lang]
    left = _run(tmp_path, [*others, KEEP[lang]], SISTER[lang][0])
    assert left == [KEEP[lang]], left


TOPICS = {  # (request, memory in another language, kept memory in that language)
    "en": (
        "Forget what I told you about my boyfriend.",
        "Mon copain Marc est pompier à Lyon.",
        "J'ai divorcé en 2019.",
    ),
    "fr": (
        "Oublie ce que je t'ai dit sur mes soucis d'argent.",
        "I have money problems since I lost my job last year.",
        "I send money to my mum every month.",
    ),
    "zh": (
        "忘掉我跟你说的关于我学校的事。",
        "Sekolah saya di Shah Alam sangat jauh dari rumah.",
        "Saya suka kopi pekat.",
    ),
    "ms": ("Lupakan apa saya cakap tentang kerja saya.", "我在腾讯工作，做产品经理。", "我很喜欢爵士乐。"),
}


@pytest.mark.parametrize("lang", list(TOPICS))
def test_a_topic_named_in_one_language_erases_its_translation_and_nothing_beside(tmp_path, lang):
    asked, named, kept = TOPICS[lang]
    left = _run(tmp_path, [named, kept], asked)
    assert named not in left and kept in left, left


OTHERS_RELATIVE = {  # another named person's relative is not the user's
    "en": ("Forget what I told you about my mother.", "Ibu Hafiz tinggal di Kuching dan suka memasak."),
    "fr": ("Oublie ce que je t'ai dit sur ma mère.", "Hafiz's mother lives in Kuching and loves cooking."),
    "zh": ("忘掉我跟你说的关于我妈妈的事。", "La mère de Hafiz habite à Kuching."),
    "ms": ("Lupakan apa saya cakap tentang ibu saya.", "Hafiz的妈妈住在古晋，很会做饭。"),
}


@pytest.mark.parametrize("lang", list(OTHERS_RELATIVE))
def test_another_named_persons_relative_is_not_erased_across_languages(tmp_path, lang):
    asked, theirs = OTHERS_RELATIVE[lang]
    left = _run(tmp_path, [theirs], asked)
    assert theirs in left, left


# 2. the place named by a noun sharing the memory verb's root
PLACE = {
    "ms": ("Tolong lupakan tempat tinggal saya.", "Saya tinggal di Kampung Baru, Kuala Lumpur."),
    "fr": ("Oublie mon lieu de résidence.", "J'habite à Villeurbanne depuis 2019."),
    "zh": ("忘掉我住的地方。", "我住在上海浦东。"),
    "en": ("Forget my place of residence.", "I live in Leeds with two flatmates."),
}


@pytest.mark.parametrize("lang", list(PLACE))
def test_the_place_named_by_a_noun_erases_the_memory_saying_the_verb(tmp_path, lang):
    asked, home = PLACE[lang]
    left = _run(tmp_path, [home, KEEP[lang]], asked)
    assert left == [KEEP[lang]], left


# 3. a quote the user adopts
ADOPTED = {
    "en": ('Please do this: "forget my address"', "I live at 12 Baker Street."),
    "fr": ("Fais ça : « oublie mon adresse »", "J'habite au 12 rue de la Paix."),
    "zh": ("照这个做：“忘掉我的地址”", "我家地址是上海浦东新区100号。"),
    "ms": ('Tolong buat ni: "lupakan alamat saya"', "Alamat saya 12 Jalan Ampang."),
}
REPORTED = {
    "en": 'She said "forget my address"',
    "fr": "Elle m'a dit « oublie mon adresse »",
    "zh": "她说“忘掉我的地址”",
    "ms": 'Dia kata "lupakan alamat saya"',
}


@pytest.mark.parametrize("lang", list(ADOPTED))
def test_a_quote_the_user_adopts_is_their_request(tmp_path, lang):
    asked, address = ADOPTED[lang]
    left = _run(tmp_path, [address, KEEP[lang]], asked)
    assert address not in left and KEEP[lang] in left, left


@pytest.mark.parametrize("lang", list(REPORTED))
def test_a_reported_quote_erases_nothing(tmp_path, lang):
    address = ADOPTED[lang][1]
    left = _run(tmp_path, [address, KEEP[lang]], REPORTED[lang])
    assert address in left and KEEP[lang] in left, left


@pytest.mark.parametrize(
    "message",
    [
        'Translate this: "forget my address"',
        'She told me to do this: "forget my address"',
        "Traduis ça : « oublie mon adresse »",
        'Tolong terjemah ayat ni: "lupakan alamat saya"',
    ],
)
def test_a_quote_after_no_adopting_frame_keeps_its_marks(message):
    assert adopt_quotes(message) == message


# 4. a Chinese nickname cut from its particle
@pytest.mark.parametrize(
    ("run", "name"),
    [
        ("忘掉小美的事", "小美"),
        ("小美地说", "小美"),
        ("小美得了病", "小美"),
        ("小静地说", "小静"),
        ("老王的事", "老王"),
    ],
)
def test_a_nickname_is_one_word_before_its_particle(run, name):
    assert name in zh_words(run)


@pytest.mark.parametrize("run", ["小小的房间", "在小场地踢球", "老实的人", "我小的时候"])
def test_words_that_are_no_nickname_are_cut_as_before(run):
    assert not {"小小", "小场", "老实的"} & set(zh_words(run)), zh_words(run)


NICKNAMES = [
    ("忘掉小美的事", "我和小美吵架了，她很生气。"),
    ("别记小静的事了", "小静下个月结婚。"),
    ("忘掉关于阿美的事。", "阿美得了肺炎住院了。"),
    ("请忘记老王的事", "老王借了我五千块。"),
]


@pytest.mark.parametrize(("asked", "said"), NICKNAMES)
def test_a_request_naming_a_nickname_erases_its_memory(tmp_path, asked, said):
    left = _run(tmp_path, [said, KEEP["zh"]], asked)
    assert left == [KEEP["zh"]], left
