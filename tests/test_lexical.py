"""Normalisation, tokens, carrier tokens and grounded dates (souvenir.lexical)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from souvenir.lexical import (
    carrier_tokens,
    content_words,
    has_negation,
    nfkc_casefold,
    normalize,
    tokenize,
)


def carriers(text: str) -> frozenset[str]:
    return carrier_tokens(normalize(text))


def words(text: str) -> frozenset[str]:
    return content_words(normalize(text))


# --------------------------------------------------------------------------- normalize


@pytest.mark.parametrize(
    "spelled",
    ["1 250 €", "1\u00a0250 €", "1\u202f250 €", "1\u2009250 €", "1250 €", "1250\u00a0€"],
)
def test_thousands_separators_are_one_number(spelled: str) -> None:
    assert normalize(spelled) == "1250 €"
    assert "1250" in carriers(spelled)


def test_twelve_is_never_two() -> None:
    assert normalize("12 €") != normalize("2 €")
    assert carriers("Loyer de 12 €") != carriers("Loyer de 2 €")
    assert "2" not in carriers("Loyer de 12 €")


def test_large_and_decimal_numbers() -> None:
    assert normalize("3 000 000 €") == "3000000 €"
    assert normalize("1 250,50 €") == "1250,50 €"
    assert normalize("en 2019 250 personnes") == "en 2019 250 personnes"  # a year, then a count


def test_normalize_folds_case_width_apostrophes_and_spaces() -> None:
    assert normalize("  L’Utilisateur\n  AIME\tle thé ") == "l'utilisateur aime le thé"
    assert normalize("ＡＢＣ１２３") == "abc123"  # NFKC: full-width forms
    assert normalize("明天（下午）") == "明天(下午)"
    assert nfkc_casefold("N’aime PAS") == "n'aime pas"


# --------------------------------------------------------------------------- tokens


def test_tokens_split_elision_and_contractions() -> None:
    assert tokenize(normalize("L'utilisateur n’aime pas")) == ("l'", "utilisateur", "n'", "aime", "pas")
    assert tokenize(normalize("He doesn't like it")) == ("he", "does", "n't", "like", "it")
    assert tokenize(normalize("I cannot")) == ("i", "can", "not")
    assert tokenize(normalize("aujourd'hui")) == ("aujourd'hui",)


def test_hyphenated_words_stay_whole() -> None:
    assert tokenize(normalize("Le colis arrive après-demain")) == ("le", "colis", "arrive", "après-demain")
    assert "demain" not in tokenize(normalize("après-demain"))


def test_chinese_is_cut_by_jieba_and_negators_split_off() -> None:
    assert tokenize("不喜欢吃香菜") == ("不", "喜欢", "吃", "香菜")
    assert tokenize("喜欢吃香菜") == ("喜欢", "吃", "香菜")
    assert "猫头鹰" in tokenize("我喜欢猫头鹰")  # an owl is not a cat
    assert "不过" in tokenize("不过我喜欢")  # "but", not a negation


def test_mixed_scripts() -> None:
    toks = tokenize(normalize("明天（2025-03-04）下午三点 pick up LZ-7731"))
    assert toks[:3] == ("明天", "2025-03-04", "下午")
    assert "lz-7731" in toks


def test_content_words_drop_stop_words_and_negators() -> None:
    assert words("Is allowed to eat peanuts") == words("Is not allowed to eat peanuts")
    assert words("喜欢吃香菜") == words("不喜欢吃香菜")
    assert words("Suka durian") == words("Tak suka durian")
    assert words("Likes cats") == words("Doesn't like cats")  # light stem: likes → like
    assert "mais" not in words("Aime le thé vert mais pas le thé noir")
    assert "10" in words("Le contrat prévoit 10 séances")  # numbers are words
    assert words("Is allowed to eat peanuts") == words("Is no longer allowed to eat peanuts")
    assert words("Eats meat") == words("Doesn't eat meat anymore")


def test_stop_words_of_one_language_are_content_in_another() -> None:
    assert words("Has a car") == {"car"}  # French "car" (because) is a stop word
    assert words("Son lives in Singapore") == {"son", "live", "singapore"}


def test_jieba_is_loaded_lazily() -> None:
    code = "import sys, souvenir.lexical, souvenir.write.dedup, souvenir.write.admission; print('jieba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert out.stderr == ""
    # and it loads quietly on first use
    code = "from souvenir.lexical import tokenize; print(tokenize('不喜欢吃香菜'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "喜欢" in out.stdout
    assert out.stderr == ""


# --------------------------------------------------------------------------- carriers


def test_mais_is_not_mai() -> None:
    assert carriers("Aime le thé vert mais pas le thé noir") == {"pas"}
    assert "mai" in carriers("Part en vacances en mai")
    assert "mai" not in carriers("Part en vacances, mais pas longtemps")


def test_apres_demain_never_yields_demain() -> None:
    for text in ("après-demain", "après demain", "Après-Demain soir"):
        assert "demain" not in carriers(text)
        assert "après-demain" in carriers(text)
    assert carriers("le colis arrive demain") != carriers("le colis arrive après-demain")
    assert carriers("avant-hier") == {"avant-hier"}


def test_relative_phrases_are_units() -> None:
    assert carriers("mardi prochain") != carriers("jeudi prochain")
    assert carriers("ce soir") != carriers("demain soir")
    assert carriers("tonight") != carriers("tomorrow night")
    assert carriers("tomorrow") != carriers("the day after tomorrow")
    assert carriers("next Tuesday") != carriers("last Tuesday")
    assert carriers("la semaine prochaine") != carriers("la semaine dernière")
    assert carriers("esok") != carriers("lusa")
    assert carriers("Selasa depan") != carriers("Khamis depan")
    assert carriers("明天") != carriers("后天") != carriers("大后天")
    assert carriers("下周二") != carriers("下周四")
    assert carriers("星期天") == carriers("周日")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Le contrat prévoit 10 séances à 200 € chacune.", {"10", "200", "€"}),
        ("RDV à 14h30", {"14:30"}),
        ("RDV à 14 h 30", {"14:30"}),
        ("Meeting at 2:30pm", {"14:30"}),
        ("Meeting at 3 pm", {"15:00"}),
        ("lundi, mercredi et dimanche", {"lundi", "mercredi", "dimanche"}),
        ("Monday in June", {"monday", "june"}),
        ("Isnin dan Ogos", {"isnin", "ogos"}),
        ("ce matin", {"ce matin"}),
        ("hier et aujourd'hui", {"hier", "aujourd'hui"}),
        ("yesterday, today", {"yesterday", "today"}),
        ("semalam, hari ini, malam ini", {"semalam", "hari ini", "malam ini"}),
        ("下午三点", {"15:00"}),  # spelled clock time, moved by its part of the day
        ("三月五号", {"3月", "5日"}),
        ("两百元", {"200元"}),
        ("今天和今晚", {"今天", "今晚"}),
        ("has three cats", {"3"}),
        ("a deux chats", {"2"}),
        ("ada tiga kucing", {"3"}),
    ],
)
def test_carrier_examples(text: str, expected: set[str]) -> None:
    assert carriers(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "N'aime pas le café",
        "Ne mange plus de viande",
        "Ne boit jamais d'alcool",
        "Aucun animal",
        "A horreur du café",
        "Is not allowed",
        "Doesn't like cats",
        "Never drinks",
        "Has no car",
        "No longer smokes",
        "不喜欢",
        "没有车",
        "别去",
        "未婚",
        "无糖",
        "Tak suka",
        "Tidak makan",
        "Bukan doktor",
        "Jangan call",
        "Belum kahwin",
    ],
)
def test_negators_are_carriers(text: str) -> None:
    assert has_negation(carriers(text)), text


@pytest.mark.parametrize(
    "text", ["Likes cats", "喜欢香菜", "别人的车", "特别喜欢", "不过很好吃", "无论如何", "Suka durian"]
)
def test_words_that_only_look_negative(text: str) -> None:
    assert not has_negation(carriers(text)), text


def test_ambiguous_month_words_need_context() -> None:
    assert "may" not in carriers("The user may come")
    assert "may" in carriers("The user comes in May")
    assert "may" in carriers("May 3")
    assert "mei" not in carriers("Mei Ling tinggal di KL")
    assert "mei" in carriers("sejak Mei 2020")
    assert "march" not in carriers("They march on")


def test_chinese_numeral_look_alikes() -> None:
    assert carriers("我们一起去") == frozenset()
    assert carriers("十分喜欢") == frozenset()
    assert carriers("十分钟") == {"10"}
    assert carriers("一周一次") == {"1"}
    assert carriers("每周一去游泳") == {"周一"}


def test_never_is_one_negator_token() -> None:
    assert tokenize("我从来不吃辣") == ("我", "从不", "吃", "辣")
    assert has_negation(carriers("我从不吃辣"))
    assert words("我从来不吃辣") == words("我吃辣")


# The dedup score's carriers and the filters' tagged tokens read Chinese negation with one
# jieba cut and one list of words that are not negations (issue #14: they disagreed).
ZH_NEGATION = [
    ("我不过敏", True),
    ("我对花生不过敏", True),
    ("我不喜欢", True),
    ("我没有车", True),
    ("不同意", True),
    ("我从来不吃辣", True),
    ("别担心", True),
    ("不过我喜欢", False),
    ("没问题", False),
    ("特别喜欢", False),
    ("没事", False),
    ("不少人来", False),
    ("差不多了", False),
    ("无聊", False),
    ("不客气", False),
    ("没想到他来了", False),
    ("不得不去", False),
    ("未来想去日本", False),
]


@pytest.mark.parametrize(("text", "negated"), ZH_NEGATION)
def test_dedup_and_filters_agree_on_chinese_negation(text: str, negated: bool) -> None:
    from souvenir.lexical import carrier_tokens, has_negation, normalize
    from souvenir.lexical.tagged import tokenize as tagged

    assert has_negation(carrier_tokens(normalize(text))) is negated
    assert any(tok.role == "neg" for tok in tagged(text)) is negated
