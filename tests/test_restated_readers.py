"""``lexical/restated.py`` and ``write/filters/_past_state.py`` read on their own (issue #26, round 16):
each reader in en / fr / zh / ms, with the counter-examples that must not match."""

from __future__ import annotations

import pytest

from souvenir.lexical.restated import (
    changes_state,
    elaborates,
    ends_state,
    moved_date,
    names_wrong_value,
    restates_amount,
    swaps_value,
)
from souvenir.write.filters._past_state import past_state


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Fait du yoga Iyengar le mardi soir", "Fait du yoga", "richer"),
        ("Collectionne les vinyles", "Collectionne les vinyles de jazz des années 60", "poorer"),
        ("养了一只英短蓝猫，叫汤圆", "养了一只猫", "richer"),
        ("每天早上打太极拳", "每天早上六点起床打太极拳", "poorer"),
        ("Ada kucing oren nama Comot", "Ada kucing", "richer"),
        ("Has a border collie called Biscuit", "Has a border collie", "richer"),
        ("Has a cat allergy", "Has a cat", None),  # an English noun after the noun: another thing
        ("Has a car loan", "Has a car", None),
        ("Has a dog", "Has a cat", None),
        ("养了一只狗", "养了一只猫", None),
        ("Plays", "Plays the harp", None),  # one token: never
    ],
)
def test_elaborates(new, old, want):
    assert elaborates(new, old) == want


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Driving test has been pushed back to 21 June", "Driving test is booked for 9 June", True),
        ("Le rendez-vous chez l'ophtalmo est décalé au 26 février", "Rendez-vous chez l'ophtalmo le 12 février", True),
        ("搬家改到3月15号了", "搬家定在3月8号", True),
        ("Majlis konvokesyen ditunda ke 2 Ogos", "Majlis konvokesyen pada 14 Jun", True),
        ("面试改到周五了", "面试约在周三", True),
        ("Dentist moved to Friday", "Meeting with Anna on Monday", False),  # another event
        ("Dentist appointment moved to 11 March", "Dentist appointment on 4 March and a haircut after", False),
        ("Dentist appointment moved to 4 March", "Dentist appointment on 4 March", False),  # the same date
        ("聚餐改到10月17号了", "婚礼定在10月3号", False),
        ("Mesyuarat PIBG ditunda ke 15 Disember", "Kenduri kahwin pada 8 Disember", False),
    ],
)
def test_moved_date(new, old, want):
    assert moved_date(new, old) is want


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Grew up in Scunthorpe, not Grimsby (got that wrong before)", "Grew up in Grimsby", True),
        ("Est né à Cholet, pas à Saint-Nazaire, je m'étais trompé", "Est né à Saint-Nazaire", True),
        ("老家在湖南常德，之前说岳阳是说错了", "老家在湖南岳阳", True),
        ("在宁波长大，不是杭州", "在杭州长大", True),
        ("Berasal dari Batu Pahat, bukan Muar, tersilap sebut hari tu", "Berasal dari Muar", True),
        ("Likes tea, not coffee", "Likes coffee and cake", False),  # the stored memory says more
        ("Grew up in Scunthorpe, not Grimsby", "Works in Grimsby", False),  # another frame
        ("Not a smoker", "Is a smoker", False),  # nothing before "not": a flip's business
        ("老家在湖南常德", "老家在湖南岳阳", False),  # no wrong value named
    ],
)
def test_names_wrong_value(new, old, want):
    assert names_wrong_value(new, old) is want


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("近视涨到五百度了", "近视四百度", True),
        ("Bayar ansuran kereta RM620 lepas refinance", "Bayar ansuran kereta RM850", True),
        ("Record sur semi-marathon : 1 h 52 depuis mars", "Record sur semi-marathon : 2 h 05", True),
        ("Commute is 15 minutes each way since moving closer to work", "Commute is 45 minutes each way", True),
        ("Ran 10 km", "Ran 5 km", False),  # an event in the past
        ("跑了10公里", "跑了5公里", False),
        ("Has 3 cats", "Has 2 dogs", False),
        ("Commute is 15 minutes by bike", "Commute is 45 minutes each way", False),  # another tail
        ("Record sur 10 km : 45 min", "Record sur semi-marathon : 2 h 05", False),
    ],
)
def test_restates_amount(new, old, want):
    assert restates_amount(new, old) is want


@pytest.mark.parametrize(
    ("candidate", "message", "ended"),
    [
        (
            "Is a competitive ballroom dancer",
            "back in my twenties I was a competitive ballroom dancer, haven't danced since the kids came along",
            True,
        ),
        ("Is a ballroom dancer", "back in my twenties I was a ballroom dancer and I still dance every Friday", False),
        ("Collects stamps", "when I was a kid I collected stamps", False),  # nothing says it is over
        (
            "Joue de la batterie dans un groupe de punk",
            "à l'époque de la fac, je jouais de la batterie dans un groupe de punk, ça fait quinze ans que je n'ai pas "
            "touché des baguettes",
            True,
        ),
        ("Joue au rugby", "quand j'étais ado je jouais au rugby et j'y joue toujours", False),
        ("天天打篮球", "上大学那会儿我天天打篮球，现在膝盖不行，早就不打了", True),
        ("学钢琴", "小时候我学过钢琴，现在还在弹", False),
        (
            "Main sepak takraw setiap petang",
            "dulu masa bujang aku main sepak takraw tiap petang, sekarang mana sempat dah",
            True,
        ),
        ("Suka main layang-layang", "masa kecil aku suka main layang-layang, sampai sekarang masih suka", False),
    ],
)
def test_past_state(candidate, message, ended):
    assert (past_state(candidate, message) is not None) is ended


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        (
            "No longer a member of the rowing club since the fees went up",
            "Is a member of the Harbour Rowing Club",
            True,
        ),
        ("N'est plus bénévole aux Restos du Cœur depuis la rentrée", "Est bénévole aux Restos du Cœur le samedi", True),
        ("已经不去合唱团了", "每周三晚上去合唱团排练", True),
        ("Dah tak jadi ahli gim lagi sejak bulan lepas (2025-03)", "Ahli gim Anytime Fitness di Subang", True),
        ("Doesn't volunteer at the Oxfam shop anymore", "Volunteers at the Oxfam shop on Saturdays", True),
        ("No longer works at night", "Works at night at the hospital as a nurse", False),  # says more
        ("No longer allergic to peanuts", "Allergic to peanuts and shellfish", False),  # a list
        ("No longer a member of the chess club", "Is a member of the Harbour Rowing Club", False),
        ("已经不去健身房了", "在健身房办了年卡", False),
        ("Is a member of the rowing club", "Is a member of the Harbour Rowing Club", False),  # no end said
    ],
)
def test_ends_state(new, old, want):
    assert ends_state(new, old) is want


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        ("Est passé chez Bouygues pour son forfait mobile", "Est chez SFR pour son forfait mobile", True),
        ("Dah tukar ke Maxis untuk internet", "Guna Celcom untuk internet", True),
        ("孩子转学到外国语学校了", "孩子在实验小学上学", True),
        ("老公调到深圳分公司了", "老公在广州分公司上班", True),
        ("Switched to Three for mobile", "Is with Vodafone for mobile", True),
        ("Drinks tea for breakfast now", "Eats eggs for breakfast", False),  # no verb of switching, no names
        ("Est passé chez Bouygues pour sa box internet", "Est chez SFR pour son forfait mobile", False),
        ("老公调到深圳分公司了", "孩子在实验小学上学", False),  # someone else
        ("孩子转学到外国语学校了", "孩子在实验小学上班", False),  # another domain
    ],
)
def test_swaps_value(new, old, want):
    assert swaps_value(new, old) is want


@pytest.mark.parametrize(
    ("new", "old", "want"),
    [
        (
            "Works fully remote now that the Sheffield office has shut",
            "Works from the Sheffield office three days a week",
            True,
        ),
        ("Est passée en télétravail", "Travaille au bureau", True),
        ("现在远程办公", "在公司坐班", True),
        ("Dah beli rumah sendiri di Semenyih, tak menyewa lagi", "Tinggal di rumah sewa di Kajang", True),
        ("Works remote on Fridays", "Works at the office", False),  # part of the week
        ("Works remote", "Works at the office as a nurse", False),  # the old memory says more
        ("Bought a flat in Leeds", "Rents a flat in Leeds with two friends", False),
        ("Works remote", "Works remote", False),
    ],
)
def test_changes_state(new, old, want):
    assert changes_state(new, old) is want
