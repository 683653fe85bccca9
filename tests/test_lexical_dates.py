"""Grounded dates and the carriers of the write path's review: ordinals, spelled clock times,
fractions, counted relative dates (souvenir.lexical)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.lexical import carrier_tokens, ground_dates, normalize


def carriers(text: str) -> frozenset[str]:
    return carrier_tokens(normalize(text))


# --------------------------------------------------------------------------- dates

MONDAY = datetime(2025, 6, 2, 9, 30, tzinfo=timezone.utc)  # 2025-06-02 is a Monday


@pytest.mark.parametrize(
    ("text", "grounded"),
    [
        ("Le colis doit arriver demain", "Le colis doit arriver demain (2025-06-03)"),
        ("Le colis doit arriver après-demain", "Le colis doit arriver après-demain (2025-06-04)"),
        ("Le colis doit arriver après demain", "Le colis doit arriver après demain (2025-06-04)"),
        ("Vu hier soir", "Vu hier soir (2025-06-01)"),
        ("Vu avant-hier", "Vu avant-hier (2025-05-31)"),
        ("Dîner ce soir", "Dîner ce soir (2025-06-02)"),
        ("Dîner demain soir", "Dîner demain soir (2025-06-03)"),
        ("Aujourd’hui il pleut", "Aujourd’hui (2025-06-02) il pleut"),
        ("RDV mardi prochain", "RDV mardi prochain (2025-06-03)"),
        ("RDV lundi prochain", "RDV lundi prochain (2025-06-09)"),
        ("Vu jeudi dernier", "Vu jeudi dernier (2025-05-29)"),
        ("la semaine prochaine", "la semaine prochaine (2025-W24)"),
        ("le mois prochain", "le mois prochain (2025-07)"),
        ("l'an prochain", "l'an prochain (2026)"),
        ("Parcel arrives tomorrow", "Parcel arrives tomorrow (2025-06-03)"),
        ("the day after tomorrow", "the day after tomorrow (2025-06-04)"),
        ("Dinner tonight", "Dinner tonight (2025-06-02)"),
        ("Dinner tomorrow night", "Dinner tomorrow night (2025-06-03)"),
        ("Saw him yesterday", "Saw him yesterday (2025-06-01)"),
        ("Dentist next Tuesday", "Dentist next Tuesday (2025-06-03)"),
        ("Dentist last Friday", "Dentist last Friday (2025-05-30)"),
        ("next week", "next week (2025-W24)"),
        ("this weekend", "this weekend (2025-06-07)"),
        ("明天下午三点去驿站取快递", "明天（2025-06-03）下午三点去驿站取快递"),
        ("后天到", "后天（2025-06-04）到"),
        ("昨天买的", "昨天（2025-06-01）买的"),
        ("下周二去医院", "下周二（2025-06-10）去医院"),
        ("下周一去医院", "下周一（2025-06-09）去医院"),
        ("下个月搬家", "下个月（2025-07）搬家"),
        ("Bungkusan sampai esok", "Bungkusan sampai esok (2025-06-03)"),
        ("Bungkusan sampai lusa", "Bungkusan sampai lusa (2025-06-04)"),
        ("Saya pergi semalam", "Saya pergi semalam (2025-06-01)"),
        ("Klinik Selasa depan", "Klinik Selasa depan (2025-06-03)"),
        ("minggu depan", "minggu depan (2025-W24)"),
    ],
)
def test_ground_dates(text: str, grounded: str) -> None:
    assert ground_dates(text, MONDAY) == grounded


def test_ground_dates_is_idempotent_and_leaves_other_words() -> None:
    once = ground_dates("Le colis arrive demain, pas après-demain", MONDAY)
    assert once == "Le colis arrive demain (2025-06-03), pas après-demain (2025-06-04)"
    assert ground_dates(once, MONDAY) == once
    assert ground_dates("明天（2025-06-03）下午", MONDAY) == "明天（2025-06-03）下午"
    assert ground_dates("Tomorrow's meeting", MONDAY) == "Tomorrow's (2025-06-03) meeting"
    assert ground_dates("Tomorrow's (2025-06-03) meeting", MONDAY) == "Tomorrow's (2025-06-03) meeting"
    for text in ("Le lendemain", "hierarchy", "Aime le mardi", "mardi soir", "Demain-matin?"):
        assert ground_dates(text, MONDAY) == text


def test_same_words_two_days_give_two_carrier_sets() -> None:
    one = ground_dates("明天下午三点去驿站取快递", datetime(2025, 3, 3, tzinfo=timezone.utc))
    two = ground_dates("明天下午三点去驿站取快递", datetime(2025, 3, 10, tzinfo=timezone.utc))
    assert "2025-03-04" in one and "2025-03-11" in two
    assert carriers(one) != carriers(two)


# --------------------------------------------------------------------------- review of the
# write path: ordinals, spelled clock times, fractions, counted relative dates


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Her first child", "Her second child"),
        ("Her third child", "Her 2nd child"),
        ("Sa première fille", "Sa deuxième fille"),
        ("Sa 1re fille", "Sa 2e fille"),
        ("au troisième étage", "au quatrième étage"),
        ("Anak pertama", "Anak kedua"),
        ("Anak ketiga", "Anak ke-2"),
        ("第一个孩子", "第二个孩子"),
        ("the first of June", "the second of June"),
        ("le premier juin", "le deux juin"),
        ("quarter past two", "quarter to two"),
        ("half past two", "two o'clock"),
        ("ten to three", "ten past three"),
        ("deux heures et demie", "deux heures et quart"),
        ("trois heures moins le quart", "trois heures"),
        ("midi et demi", "midi"),
        ("minuit", "midi"),
        ("下午三点半", "下午三点"),
        ("三点半", "三点一刻"),
        ("三点一刻", "三点"),
        ("差一刻三点", "三点"),
        ("pukul tiga setengah petang", "pukul tiga suku petang"),
        ("pukul dua kurang suku", "pukul dua"),
        ("tiga setengah tahun", "tiga tahun"),
        ("une heure et demie", "une heure"),
        ("一个半小时", "一个小时"),
    ],
)
def test_ordinals_and_spelled_clock_times_are_carriers(a: str, b: str) -> None:
    assert carriers(a) != carriers(b), (a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("the first of June", "1st June"),
        ("the first of June", "June 1"),
        ("le premier juin", "le 1er juin"),
        ("le 1er juin", "le 1 juin"),
        ("Her first child", "Her 1st child"),
        ("sa deuxième fille", "sa 2e fille"),
        ("anak kedua", "anak ke-2"),
        ("quarter past two", "2:15"),
        ("half past ten pm", "10:30 pm"),
        ("deux heures et demie", "2h30"),
        ("quatorze heures", "14h"),
        ("下午三点", "3 pm"),
        ("三点半", "3:30"),
        ("pukul tiga setengah petang", "3:30 pm"),
        ("pukul 3.30 petang", "pukul tiga setengah petang"),
    ],
)
def test_one_value_written_two_ways_has_one_carrier(a: str, b: str) -> None:
    assert carriers(a) == carriers(b), (a, b)


@pytest.mark.parametrize(
    "text",
    [
        "Has two to three coffees a day",
        "我有一点累",
        "兄弟姐妹",
        "半岛",
        "looks after his mother",
        "gave up smoking",
        "naik bas ke KL",
        "Kedua-dua anak",
    ],
)
def test_look_alikes_of_the_new_carriers(text: str) -> None:
    found = carriers(text)
    assert not any(c[:1] == "#" or ":" in c for c in found), found
    assert not found & {"半", "哥", "弟", "姐", "妹", "after", "up"}, found


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("我从来不吃辣", "我吃辣"),
        ("Used to smoke", "Smokes"),
        ("Dulu tinggal di Ipoh", "Tinggal di Ipoh"),
        ("以前对花生过敏", "对花生过敏"),
        ("His younger brother", "His older brother"),
        ("His little brother", "His big brother"),
        ("Son frère aîné", "Son frère cadet"),
        ("Abang saya", "Adik saya"),
        ("我哥哥", "我弟弟"),
        ("Takes it before meals", "Takes it after meals"),
        ("Avant le repas", "Après le repas"),
        ("Sebelum makan", "Selepas makan"),
        ("饭前吃药", "饭后吃药"),
        ("The rent went up", "The rent went down"),
        ("Le loyer a augmenté", "Le loyer a baissé"),
        ("Sewa naik", "Sewa turun"),
        ("房租涨了", "房租跌了"),
    ],
)
def test_review_merges_that_are_carriers(a: str, b: str) -> None:
    assert carriers(a) != carriers(b), (a, b)


WED = datetime(2025, 6, 4, 10, tzinfo=timezone.utc)  # ISO week 2025-W23


@pytest.mark.parametrize(
    ("text", "grounded"),
    [
        ("Pindah dua tahun lepas", "Pindah dua tahun lepas (2023)"),
        ("Pindah 2 tahun lalu", "Pindah 2 tahun lalu (2023)"),
        ("Pindah dua puluh tahun lepas", "Pindah dua puluh tahun lepas (2005)"),
        ("Datang tiga minggu lepas", "Datang tiga minggu lepas (2025-W20)"),
        ("Ke KL dua minggu depan", "Ke KL dua minggu depan (2025-W25)"),
        ("Seminggu lepas", "Seminggu lepas (2025-W22)"),
        ("Sampai tiga hari yang lalu", "Sampai tiga hari yang lalu (2025-06-01)"),
        ("Balik lagi tiga hari", "Balik lagi tiga hari (2025-06-07)"),
        ("Moved two years ago", "Moved two years ago (2023)"),
        ("Moved a year ago", "Moved a year ago (2024)"),
        ("Arrives in three days", "Arrives in three days (2025-06-07)"),
        ("Due in 2 weeks", "Due in 2 weeks (2025-W25)"),
        ("Due three months from now", "Due three months from now (2025-09)"),
        ("Leaves the week after next", "Leaves the week after next (2025-W25)"),
        ("Married the year before last", "Married the year before last (2023)"),
        ("Arrivé il y a deux ans", "Arrivé il y a deux ans (2023)"),
        ("Parti il y a trois semaines", "Parti il y a trois semaines (2025-W20)"),
        ("Revient dans trois semaines", "Revient dans trois semaines (2025-W26)"),
        ("Revient dans 3 jours", "Revient dans 3 jours (2025-06-07)"),
        ("Revient dans quinze jours", "Revient dans quinze jours (2025-06-18)"),
        ("两年前搬到怡保", "两年前（2023）搬到怡保"),
        ("三天后到", "三天后（2025-06-07）到"),
        ("三个月以前", "三个月以前（2025-03）"),
        ("我下下周去北京", "我下下周（2025-W25）去北京"),
        ("我上上周去北京", "我上上周（2025-W21）去北京"),
        ("下下周二去医院", "下下周二（2025-06-17）去医院"),
        ("前年结婚", "前年（2023）结婚"),
    ],
)
def test_counted_relative_dates_are_grounded_with_their_count(text: str, grounded: str) -> None:
    assert ground_dates(text, WED) == grounded


@pytest.mark.parametrize(
    "text",
    [
        "Pindah beberapa tahun lepas",
        "Moved a few weeks ago",
        "Il y a quelques jours",
        "几年前搬家",
        "半年前搬家",
        "2020年前搬家",
        "Runs three times in a week",
        "Built in a day",
    ],
)
def test_vague_counts_and_rates_are_not_grounded(text: str) -> None:
    assert ground_dates(text, WED) == text
