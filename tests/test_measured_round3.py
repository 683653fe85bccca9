"""Measured quantities about the user (issue #26, round 3, lane write10): rent, take-home pay,
a corrected height, counts of children and of pets — one current value each, the newer
replacing the older — and the counter-examples whose quantities differ (rent / deposit, cats /
dogs), in en / fr / zh / ms. Each pair goes through ``user_keys`` and ``outdates``; the blind
kinds' whole path is ``tests/test_cases_round3_extra.py``."""

from __future__ import annotations

import pytest

from souvenir.lexical.keyed import outdates, user_keys

REPLACES = [
    # rent
    ("en", "Rent is £700 a month", "My rent went up to £780 a month", "rent"),
    ("en", "Pays $1,200 a month in rent", "Rent is now $1,350 a month since the new lease", "rent"),
    ("fr", "Mon loyer est de 650 € par mois", "Le loyer est passé à 720 € par mois", "rent"),
    ("fr", "Paie 540 € de loyer", "Loyer : 590 € maintenant", "rent"),
    ("zh", "房租每月两千五", "房租涨到了三千", "rent"),
    ("zh", "每月房租是1800元", "现在房租是2100元", "rent"),
    ("ms", "Bayar sewa RM600 sebulan", "Sewa bilik naik jadi RM750 sebulan", "rent"),
    ("ms", "Sewa kondo RM1,800 sebulan", "Sekarang sewa kondo RM2,000 sebulan", "rent"),
    # take-home pay
    ("en", "Takes home £2,100 a month", "Takes home £2,400 a month now", "salary"),
    ("fr", "Touche 1800 € net par mois", "Touche maintenant 2050 € net par mois", "salary"),
    ("zh", "每月到手六千", "加薪了，现在每月到手七千五", "salary"),
    ("zh", "税后到手一万二", "跳槽后，现在税后到手一万五", "salary"),
    ("ms", "Gaji bersih RM3,200", "Gaji bersih sekarang RM3,900", "salary"),
    # a height corrected with the wrong value named after it
    ("en", "Height is 170 cm", "Height is actually 173 cm, not 170 cm", "height"),
    ("fr", "Mesure 1m80", "Mesure en réalité 1m77, pas 1m80", "height"),
    ("zh", "身高是一米六五", "其实身高是一米六八，不是一米六五", "height"),
    ("ms", "Tinggi saya ialah 160 cm", "Tinggi saya sebenarnya ialah 163 cm, bukan 160 cm", "height"),
    # counts of children
    ("en", "Has two kids", "Has three kids now", "children"),
    ("fr", "A deux enfants", "A maintenant trois enfants", "children"),
    ("zh", "有两个孩子", "老三出生了，现在有三个孩子", "children"),
    ("ms", "Ada dua orang anak", "Sekarang ada tiga orang anak", "children"),
    # counts of pets of one kind
    ("en", "Has one dog", "Has two dogs now since we adopted a puppy", "count.dog"),
    ("en", "Owns 3 rabbits", "Has 5 rabbits now", "count.rabbit"),
    ("fr", "A deux chats", "A maintenant trois chats", "count.chat"),
    ("fr", "A un chien", "A désormais deux chiens car on a adopté un chiot", "count.chien"),
    ("zh", "养了两只猫", "现在养了三只猫", "count.猫"),
    ("zh", "有一条狗", "又捡了一只，现在有两条狗", "count.狗"),
    ("ms", "Ada tiga ekor kucing", "Sekarang ada lima ekor kucing sebab si Comot beranak", "count.kucing"),
    ("ms", "Bela seekor anjing", "Sekarang bela dua ekor anjing", "count.anjing"),
]

KEEPS = [
    # two different quantities never replace each other
    ("en", "Pays £950 a month in rent", "Paid a £1,500 deposit"),
    ("en", "Has two cats", "Has three dogs"),
    ("fr", "Mon loyer est de 650 € par mois", "Gagne 2100 € net par mois"),
    ("fr", "A deux chats", "A un lapin"),
    ("zh", "房租每月两千五", "每月到手八千"),
    ("zh", "养了两只猫", "养了一条狗"),
    ("ms", "Sewa rumah RM850 sebulan", "Gaji bersih RM3,200"),
    ("ms", "Ada dua ekor kucing", "Ada seekor arnab"),
    # the same value again is no change
    ("en", "Has two cats", "Still has two cats"),
    ("zh", "有一个孩子", "有1个孩子"),
]

NOT_THE_USERS = [
    ("en", "Has a sister, has two cats"),
    ("zh", "他妹妹结婚了，有两个孩子"),
    ("fr", "Sa sœur a deux chats"),
    ("ms", "Kakak ada dua ekor kucing"),
]


@pytest.mark.parametrize(
    ("lang", "old", "new", "key"), REPLACES, ids=[f"{r[0]}-{r[3]}-{i}" for i, r in enumerate(REPLACES)]
)
def test_newer_quantity_replaces(lang, old, new, key):
    assert outdates(user_keys(new), user_keys(old)) == key, (user_keys(old), user_keys(new))


@pytest.mark.parametrize(("lang", "old", "new"), KEEPS, ids=[f"{r[0]}-{i}" for i, r in enumerate(KEEPS)])
def test_other_quantity_keeps(lang, old, new):
    assert outdates(user_keys(new), user_keys(old)) is None, (user_keys(old), user_keys(new))


@pytest.mark.parametrize(("lang", "text"), NOT_THE_USERS, ids=[f"{r[0]}-{i}" for i, r in enumerate(NOT_THE_USERS)])
def test_a_relatives_count_is_not_keyed(lang, text):
    assert not user_keys(text)
