"""Keyed values about the user: the key and value a memory states, and when a new memory
outdates an old one (souvenir.lexical.keyed)."""

from __future__ import annotations

import pytest

from souvenir.lexical.keyed import changed_keys, outdates, same_value, user_keys

# --------------------------------------------------------------------------- keyed values


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Lives in Ipoh", "home.city", "ipoh"),
        ("The user lives in Tournefeuille", "home.city", "tournefeuille"),
        ("Moved to Penang", "home.city", "penang"),
        ("Moved from Ipoh to Penang last year", "home.city", "penang"),
        ("I'm based in Singapore", "home.city", "singapore"),
        ("Habite à Lyon", "home.city", "lyon"),
        ("L'utilisateur vit à Toulouse", "home.city", "toulouse"),
        ("A déménagé de Lyon à Toulouse", "home.city", "toulouse"),
        ("Habite en Bretagne", "home.region", "bretagne"),
        ("Lives in Malaysia", "home.country", "malaysia"),
        ("住在吉隆坡", "home.city", "吉隆坡"),
        ("用户搬到了槟城", "home.city", "槟城"),
        ("从怡保搬到了槟城", "home.city", "槟城"),
        ("Tinggal di Ipoh", "home.city", "ipoh"),
        ("Pengguna tinggal di Johor Bahru", "home.city", "johor bahru"),
        ("Lives at 12 Jalan Ampang", "home.address", "12 jalan ampang"),
        ("Habite au 3 rue des Lilas", "home.address", "3 rue des lilas"),
        ("Tinggal di No. 12, Jalan Ampang", "home.address", "no. 12, jalan ampang"),
        ("Works at Petronas", "employer", "petronas"),
        ("Travaille chez Airbus", "employer", "airbus"),
        ("在马来亚银行工作", "employer", "马来亚银行"),
        ("Bekerja di Maybank", "employer", "maybank"),
        ("Works as a nurse", "occupation", "nurse"),
        ("Travaille comme infirmière", "occupation", "infirmière"),
        ("用户是一名工程师", "occupation", "工程师"),
        ("Bekerja sebagai jururawat", "occupation", "jururawat"),
        ("Delivery address is 12 Jalan Ampang", "delivery.address", "12 jalan ampang"),
        ("Wants deliveries sent to the office in Cyberjaya", "delivery.address", "the office in cyberjaya"),
        ("Adresse de livraison : 3 rue des Lilas", "delivery.address", "3 rue des lilas"),
        ("收货地址改为吉隆坡安邦路12号", "delivery.address", "吉隆坡安邦路12号"),
        ("Alamat penghantaran: No. 5, Jalan Tun Razak", "delivery.address", "no. 5, jalan tun razak"),
        ("Phone number is +60 12-345 6789", "phone", "+60123456789"),
        ("手机号是13812345678", "phone", "13812345678"),
        ("Email is Marc@Example.com", "email", "marc@example.com"),
        ("My name is Marc Dupont", "name", "marc dupont"),
        ("名字是王芳", "name", "王芳"),
        ("Nama saya Aisyah", "name", "aisyah"),
        ("Goes by Ben", "name.preferred", "ben"),
        ("No longer lives in Ipoh, moved to Penang", "home.city", "penang"),
        ("Lives in KL and also works at Maybank", "employer", "maybank"),
        ("用户住在吉隆坡，也在马来亚银行工作", "employer", "马来亚银行"),
        ("City: Ipoh", "home.city", "ipoh"),
        ("居住地：吉隆坡", "home.city", "吉隆坡"),
        ("Employer: Petronas", "employer", "petronas"),
        ("Majikan: Maybank", "employer", "maybank"),
    ],
)
def test_keyed_values_about_the_user(text: str, key: str, value: str) -> None:
    keys = user_keys(text)
    assert keys.get(key) == value, keys


@pytest.mark.parametrize(
    "text",
    [
        # someone else
        "Sister lives in Ipoh",
        "Son frère habite à Lyon",
        "他妹妹住在怡保",
        "Kakak tinggal di Ipoh",
        "The user's sister lives in Ipoh",
        "用户的妹妹住在怡保",
        "She lives in Ipoh",
        "有个妹妹，住在怡保",
        "Has a sister and works at Maybank",
        "Her name is Shadow! She's full of energy.",
        # a past, planned, partial or temporary state
        "Lived in Ipoh as a child",
        "Used to live in Ipoh",
        "Habitait à Lyon",
        "小时候住在怡保",
        "Dulu tinggal di Ipoh",
        "Tinggal di Ipoh semasa kecil",
        "Plans to move to Penang",
        "Is moving to Penang next month",
        "打算搬到槟城",
        "Akan pindah ke Penang",
        "Lives in Ipoh on weekdays",
        "The user is based in Penang for two weeks",
        "Also works at Shell",
        "Works at Shell part-time",
        # negated, travel, another key, not a proper name, two values
        "Doesn't live in Ipoh anymore",
        "Ne vit plus à Lyon",
        "Travels to Penang often",
        "Moved to a new flat",
        "搬到了新家",
        "Moved to the Penang office",
        "Lives in Ipoh and Penang",
        "住在吉隆坡和槟城",
        "Works as a volunteer at the food bank",
        # other numbers
        "Numéro de client : 12345678",
        "订单号是12345678901",
        "Nombor akaun: 1234567890",
        # labels that are not the user's own value
        "City is beautiful",
        "Ville natale : Lyon",
        "Sister's city: Ipoh",
        "Company is great",
    ],
)
def test_no_key_about_the_user(text: str) -> None:
    assert not user_keys(text), user_keys(text)


@pytest.mark.parametrize("text", ["Works in Ipoh", "在吉隆坡工作", "Bekerja di Kuala Lumpur", "Travaille à Lyon"])
def test_the_town_one_works_in_is_no_home(text: str) -> None:
    """Session 14: the place of work has its own key (``work.place``), never the home's."""
    assert set(user_keys(text).keys) == {"work.place"}, user_keys(text)


def test_complete_only_when_every_clause_is_keyed() -> None:
    assert user_keys("Lives in Ipoh with her husband").complete
    assert user_keys("Lives in Ipoh, Perak").complete
    assert user_keys("用户住在吉隆坡，在马来亚银行工作").complete
    assert user_keys("Works at Petronas as an engineer").keys == {"employer", "occupation"}
    # a count of pets is keyed (count.cat, lane write10): complete, but a move keys no cats, so
    # it never outdates the memory (the cats stay active)
    assert outdates(user_keys("Lives in Penang"), user_keys("Lives in Ipoh and has two cats")) is None
    for text in (
        "Lives in Ipoh and loves cats",
        "Lives in Ipoh. Loves cats.",
        "住在槟城，离公司很近",
        "Lives in Ipoh with her husband and two kids",
        "Lives in Ipoh but works long hours",
    ):
        keys = user_keys(text)
        assert keys.get("home.city") and not keys.complete, text


def test_same_value() -> None:
    assert same_value("home.city", "ipoh", "ipoh, perak")
    assert same_value("home.city", "吉隆坡", "吉隆坡市中心")
    assert same_value("delivery.address", "12 jalan ampang", "12 jalan ampang, 50450 kuala lumpur")
    assert not same_value("delivery.address", "12 jalan ampang", "14 jalan ampang")
    assert same_value("phone", "0123456789", "+60123456789")
    assert not same_value("phone", "0123456789", "0123456780")
    assert not same_value("home.city", "ipoh", "penang")


def test_outdates_needs_a_complete_old_memory_with_no_other_key() -> None:
    ipoh, penang = user_keys("Lives in Ipoh"), user_keys("Moved to Penang")
    assert outdates(penang, ipoh) == "home.city"
    assert outdates(ipoh, ipoh) is None
    assert outdates(penang, user_keys("Lives in Ipoh and has two cats")) is None
    assert outdates(penang, user_keys("Lives in Ipoh and works at Petronas")) is None
    assert (
        outdates(user_keys("Lives in Penang and works at Shell"), user_keys("Lives in Ipoh and works at Petronas"))
        == "home.city"
    )
    assert changed_keys(user_keys("Lives in Ipoh"), user_keys("Works at Petronas")) == ()
