"""Issue #26, session 14 (lane write9): the keyed kinds the blind file
tests/cases/round3_extra8.jsonl missed, each in four languages — a quantity said with its
change verb ("Salary went up to £42,500", « Mon poids est descendu à 70 kg », 体重从90公斤降到了
82公斤, "Berat dah turun jadi 82 kg"); a home said with its dwelling or with whom ("Lives in a
flat in Hackney", « habite dans un appart à Lyon », "tinggal di sebuah kondo di Ampang",
"Moved in with partner in Croydon", 跟女朋友搬到了深圳); a Chinese job change or return that names
the employer whatever its ending (跳槽去了字节, 又回腾讯上班了) and a trade in a frame (做会计工作,
从会计转行做了数据分析); the place the user works in, one key whatever its size ("Kerja di Brunei",
"Got transferred to Penang", « A été mutée à Lille », 调到上海工作了). Read by ``user_keys`` and through admission (``souvenir eval cases``'
kind ``admit``)."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from souvenir.lexical.keyed import changed_from, user_keys
from souvenir.lexical.proposition import is_flip, proposition

KEYED = [
    ("en", "Salary went up to £42,500 after the promotion", "salary", "£42,500"),
    ("en", "My salary has gone up to 4,000 dollars a month", "salary", "4,000 dollars a month"),
    ("en", "Body weight dropped to 80 kg after the diet", "weight", "80 kg"),
    ("fr", "Mon salaire est passé à 3 200 € par mois", "salary", "3200 € par mois"),
    ("fr", "Ma paie est passée à 2 900 € net", "salary", "2900 € net"),
    ("fr", "Mon poids est descendu à 70 kg", "weight", "70 kg"),
    ("zh", "体重从90公斤降到了82公斤", "weight", "82公斤"),
    ("zh", "月薪涨到了两万", "salary", "两万"),
    ("ms", "Berat dah turun jadi 82 kg", "weight", "82 kg"),
    ("ms", "Gaji saya dah naik jadi RM5,000", "salary", "rm5,000"),
    ("en", "Lives in a flat in Hackney", "home.city", "hackney"),
    ("en", "Moved in with my girlfriend in Bristol", "home.city", "bristol"),
    ("fr", "J'habite dans un appart à Lyon", "home.city", "lyon"),
    ("fr", "Je me suis installé avec ma copine à Lille", "home.city", "lille"),
    ("zh", "跟女朋友搬到了深圳", "home.city", "深圳"),
    ("ms", "Tinggal di sebuah kondo di Ampang", "home.city", "ampang"),
    ("ms", "Pindah duduk dengan tunang ke Shah Alam", "home.city", "shah alam"),
    ("en", "Works in Singapore", "work.place", "singapore"),
    ("en", "Got transferred to Penang", "work.place", "penang"),
    ("fr", "Travaille à Lyon", "work.place", "lyon"),
    ("fr", "A été mutée à Lille", "work.place", "lille"),
    ("zh", "调到上海工作了", "work.place", "上海"),
    ("zh", "又回北京上班了", "work.place", "北京"),
    ("ms", "Pindah kerja ke Kuala Terengganu", "work.place", "kuala terengganu"),
    ("ms", "Kerja semula di Brunei", "work.place", "brunei"),
    ("zh", "跳槽去了字节", "employer", "字节"),
    ("zh", "又回腾讯上班了", "employer", "腾讯"),
    ("zh", "在腾讯做产品经理", "employer", "腾讯"),
    ("zh", "做会计工作", "occupation", "会计"),
    ("zh", "从会计转行做了数据分析", "occupation", "数据分析"),
    # a kind of place and no name: the trade, no employer (session 21; was unkeyed)
    ("zh", "在医院当护士", "occupation", "护士"),
]
UNKEYED = [
    ("en", "Makes 3 loaves of bread"),
    ("en", "Pay is going up next year"),
    ("fr", "Gagne 3 matchs"),
    ("zh", "在医院做什么都行"),  # a kind of place, no trade
    ("zh", "我做这个工作三年了"),
    ("ms", "Buang benda dalam peti ais"),
    ("en", "Works in IT"),
    ("en", "Works in marketing"),
    ("ms", "Bekerja di kilang"),
]


@pytest.mark.parametrize(("lang", "text", "key", "value"), KEYED, ids=[f"{r[0]}-{i}" for i, r in enumerate(KEYED)])
def test_keyed(lang, text, key, value):
    assert dict(user_keys(text).values).get(key) == value


@pytest.mark.parametrize(("lang", "text"), UNKEYED, ids=[f"{r[0]}-{i}" for i, r in enumerate(UNKEYED)])
def test_not_keyed(lang, text):
    assert not {k for k, _ in user_keys(text).values} & {"salary", "weight", "employer", "occupation", "work.place"}


def test_a_career_change_names_the_old_trade():
    assert changed_from("从会计转行做了数据分析") == ("occupation", "会计")


def _admit(lang: str, existing: list[str], incoming: str, keeps: str, drops: str) -> None:
    case = {
        "id": "t",
        "kind": "admit",
        "lang": lang,
        "existing": [{"text": t, "date": f"202{3 + i}-03-01", "kind": "fact"} for i, t in enumerate(existing)],
        "incoming": {"text": incoming, "date": "2026-06-01", "kind": "fact"},
        "expect": {
            "active_contains": [keeps],
            "active_excludes": [drops],
        },
        "why": "[kind] test",
    }
    result = run_case(case)
    assert result.status == "passed", result.problems


ADMIT = [
    ("en", ["Earns £38,000 a year"], "Salary went up to £42,500", "42,500", "38,000"),
    ("fr", ["Gagne 2 800 € par mois"], "Mon salaire est passé à 3 200 € par mois", "3 200", "2 800"),
    ("zh", ["体重90公斤"], "体重从90公斤降到了82公斤", "82", "体重90公斤"),
    ("ms", ["Berat 90 kg"], "Berat dah turun jadi 82 kg", "82 kg", "90 kg"),
    (
        "en",
        ["Lives in a flat in Hackney", "Moved in with partner in Croydon"],
        "Moved back to Hackney",
        "Hackney",
        "Croydon",
    ),
    (
        "fr",
        ["Habite dans un appart à Lyon", "S'est installée avec son copain à Grenoble"],
        "Est revenue à Lyon",
        "Lyon",
        "Grenoble",
    ),
    ("zh", ["住在成都", "跟女朋友搬到了深圳"], "又搬回成都了", "成都", "深圳"),
    (
        "ms",
        ["Tinggal di sebuah kondo di Ampang", "Pindah duduk dengan tunang ke Shah Alam"],
        "Pindah balik ke Ampang",
        "Ampang",
        "Shah Alam",
    ),
    ("zh", ["在腾讯做产品经理", "跳槽去了字节"], "又回腾讯上班了", "腾讯", "字节"),
    ("en", ["Works in Singapore", "Got transferred to Penang"], "Works in Singapore again", "Singapore", "Penang"),
    ("fr", ["Travaille à Lyon", "A été mutée à Lille"], "Retravaille à Lyon", "Lyon", "Lille"),
    ("zh", ["在北京工作", "调到上海工作了"], "又回北京上班了", "北京", "上海"),
    (
        "ms",
        ["Kerja di Brunei", "Pindah kerja ke Kuala Terengganu"],
        "Kerja semula di Brunei",
        "Brunei",
        "Kuala Terengganu",
    ),
    ("zh", ["做会计工作"], "从会计转行做了数据分析", "数据分析", "做会计工作"),
]


@pytest.mark.parametrize(
    ("lang", "existing", "incoming", "keeps", "drops"), ADMIT, ids=[f"{r[0]}-{i}" for i, r in enumerate(ADMIT)]
)
def test_the_newer_value_retires_the_older(lang, existing, incoming, keeps, drops):
    _admit(lang, existing, incoming, keeps, drops)


DIETS = [
    ("en", "Is a vegetarian", "Started eating meat again"),
    ("en", "Started eating meat again", "Went back to being vegetarian"),
    ("fr", "Est végétarienne", "Remange de la viande depuis l'été"),
    ("fr", "Remange de la viande", "Est redevenue végétarienne"),
    ("zh", "吃素", "又开始吃肉了"),
    ("zh", "又开始吃肉了", "又吃素了"),
    ("ms", "Seorang vegetarian", "Dah makan daging balik"),
    ("ms", "Dah makan daging balik", "Kembali jadi vegetarian"),
    # a negated identity is eating it, and flips the identity
    ("en", "Is not vegetarian", "Is vegetarian"),
    ("fr", "N'est plus végétarienne", "Est végétarienne"),
    ("zh", "不是素食者", "是素食者"),
    ("ms", "Bukan vegetarian", "Seorang vegetarian"),
]


@pytest.mark.parametrize(("lang", "old", "new"), DIETS, ids=[f"{r[0]}-{i}" for i, r in enumerate(DIETS)])
def test_a_diet_said_as_who_one_is_flips_eating_it(lang, old, new):
    assert is_flip(proposition(old), proposition(new))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Is a vegetarian", "Eats fish"),
        ("Est végétarienne", "Mange du poisson"),
        ("吃素", "吃鱼"),
        ("Seorang vegetarian", "Makan ikan"),
    ],
)
def test_a_diet_says_nothing_of_other_food(old, new):
    assert not is_flip(proposition(old), proposition(new))


CARS = [
    ("en", "Drives a Honda Civic", "honda civic"),
    ("en", "Switched from the Honda Civic to a Toyota RAV4", "toyota rav4"),
    ("en", "My car is a Tesla", "tesla"),
    ("fr", "Conduit une Peugeot 208", "peugeot 208"),
    ("fr", "Est passé de la Clio à une Tesla Model 3", "tesla model 3"),
    ("zh", "开的是比亚迪", "比亚迪"),
    ("zh", "把本田换成了特斯拉", "特斯拉"),
    ("ms", "Pandu Perodua Myvi", "perodua myvi"),
    ("ms", "Tukar kereta dari Saga ke Honda City", "honda city"),
]


@pytest.mark.parametrize(("lang", "text", "value"), CARS, ids=[f"{r[0]}-{i}" for i, r in enumerate(CARS)])
def test_the_users_car_is_one_value(lang, text, value):
    assert dict(user_keys(text).values).get("car") == value


@pytest.mark.parametrize(
    "text", ["Drives a hard bargain", "Switched from tea to coffee", "Works at Toyota", "开会", "Bawa anak ke sekolah"]
)
def test_no_car_without_a_maker(text):
    assert "car" not in dict(user_keys(text).values)


@pytest.mark.parametrize(
    ("lang", "old", "new", "keeps"),
    [
        ("en", "Drives a Honda Civic", "Switched from the Honda Civic to a Toyota RAV4", "RAV4"),
        ("fr", "Conduit une Renault Clio", "Est passé de la Clio à une Tesla Model 3", "Tesla"),
        ("zh", "开的是本田", "把本田换成了特斯拉", "特斯拉"),
        ("ms", "Pandu Proton Saga", "Tukar kereta dari Saga ke Honda City", "Honda City"),
    ],
)
def test_a_new_car_retires_the_old(lang, old, new, keeps):
    _admit(lang, [old], new, keeps, old)
