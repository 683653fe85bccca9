"""The reader of a switch from one thing to another (issue #26, round 17: ``lexical/switched.py``) and the
contract domain of ``changes_state``, in en / fr / zh / ms, each with counter-examples."""

from __future__ import annotations

import pytest

from souvenir.lexical.restated import changes_state, ends_state, moved_date
from souvenir.lexical.switched import switches_from

SWITCHES = [
    # en
    ("Takes the ferry to the island office", "Drives to the island office now instead of taking the ferry"),
    ("Uses a Kindle", "Switched to a Kobo because the Kindle kept freezing"),
    ("Heats the house with a wood stove", "Moved from the wood stove to underfloor heating"),
    ("Shops at Tesco", "Replaced Tesco with the farm shop down the road"),
    # fr
    ("Va au travail en scooter", "Va au travail à pied maintenant, au lieu du scooter"),
    ("Utilise un Android", "Est passé à un iPhone, fini l'Android"),
    ("Boit du café le matin", "Je suis passé du café au thé le matin"),
    ("Roule au diesel", "A remplacé la voiture diesel par une électrique, fini le diesel"),
    # zh
    ("住在学校宿舍", "从宿舍搬出来了，在外面租房"),
    ("用的是电信的号", "把号转到移动了"),
    ("喝咖啡提神", "从咖啡换成了绿茶"),
    # ms
    ("Guna Unifi di rumah", "Dah tukar internet dari Unifi ke Maxis"),
    ("Naik kereta ke pejabat", "Sekarang naik LRT ke pejabat, kereta dah dijual"),
    ("Pakai Samsung", "Dah tukar ke iPhone, Samsung tu bagi adik"),
]

NOT_SWITCHES = [
    # en: a bounded switch, another thing, a memory that says more, a move of house that is no switch of use
    ("Commutes to work by train", "Took the bus instead of the train this week"),
    ("Uses an iPhone", "Switched to a Pixel for work calls"),
    ("Lives in Paris", "Moved to the sales team after the Paris office closed"),
    ("Commutes to work by train with her sister every weekday from Reading", "Cycles to work now instead of the train"),
    # fr
    ("Se chauffe au fioul", "Est passé chez Free pour internet"),
    ("Joue du piano depuis vingt ans au conservatoire de Nantes avec son frère", "Est passé du piano au violon"),
    # zh
    ("住在公司宿舍", "把车换成了电动车"),
    ("在北京工作了十年，是一家互联网公司的产品经理，住在公司宿舍", "从宿舍搬出来了"),
    # ms
    ("Guna Maxis", "Dah tukar kereta dari Myvi ke Bezza"),
    ("Naik motosikal ke tempat kerja", "Naik bas ke tempat kerja minggu ni"),
]


@pytest.mark.parametrize(("old", "new"), SWITCHES)
def test_a_switch_retires_the_thing_left(old, new):
    assert switches_from(new, old)


@pytest.mark.parametrize(("old", "new"), NOT_SWITCHES)
def test_no_switch_of_what_is_stored(old, new):
    assert not switches_from(new, old)


def test_a_bounded_switch_counts_only_when_the_old_thing_is_over():
    assert switches_from(
        "Est passé à une pompe à chaleur cet hiver, fini le fioul", "Se chauffe au fioul", lasting=False
    )
    assert not switches_from("Took the bus instead of the train", "Commutes to work by train", lasting=False)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("On a fixed-term contract at the council", "Got a permanent contract at the council", True),
        ("Est en CDD à la mairie", "A signé un CDI à la mairie le mois dernier", True),
        ("在公司是临时工", "上个月转正了", True),
        ("Kerja kontrak di hospital", "Dah dapat jawatan tetap di hospital", True),
        ("Est en CDD à la mairie", "A signé un CDD à la mairie", False),
        ("Kerja kontrak di hospital Serdang sebagai jururawat", "Dah dapat jawatan tetap", False),
    ],
)
def test_a_contract_is_fixed_term_or_permanent(old, new, expected):
    assert changes_state(new, old) is expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # leaving a group, without a negation
        ("Is a member of the chess club", "Left the chess club since the fees went up", True),
        ("Fait partie de la chorale", "A quitté la chorale", True),
        ("是小区读书会的成员", "已经退出小区读书会了", True),
        ("Ahli kelab badminton", "Dah keluar dari kelab badminton", True),
        ("每周三去合唱团排练", "离开合唱团了", True),
        # 不 … 了 without 已经
        ("周末在图书馆做志愿者", "不在图书馆做志愿者了", True),
        # counter-examples: leaving something else, a wish, a memory that says more
        ("Works at the office", "Left my umbrella at the office", False),
        ("在上海工作", "不想去上海了", False),
        ("是公司羽毛球协会的会员，每周六和同事在体育馆打球", "已经退出公司羽毛球协会了", False),
        ("Fait partie de la chorale", "A quitté le bureau tôt", False),
    ],
)
def test_an_end_by_leaving_or_by_not_any_more(old, new, expected):
    assert ends_state(new, old) is expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # an agent before the verb, the event its object
        ("Boiler service booked for 14 March", "The boiler firm moved the service to 2 April", True),
        ("Dentist check-up on Monday", "The vet moved the check-up to Friday", False),
        # a two-word event whose stored wording adds one complement, never a name
        (
            "Rendez-vous chez le dentiste de la famille le 12 mars",
            "Le rendez-vous chez le dentiste est avancé au 5 mars",
            True,
        ),
        ("Dentist appointment for Tom on 12 March", "Dentist appointment moved to 3 March", False),
        # Chinese: 的 inside the event, a light verb in the stored memory
        ("6月8号参加同学的婚礼", "同学的婚礼提前到5月30号了", True),
        ("5月20号去医院复查", "牙医复查推迟到6月3号了", False),
        # Malay: dianjak / dialihkan
        ("Mesyuarat PIBG pada 10 Mac", "Mesyuarat PIBG dialihkan ke 17 Mac", True),
        ("Mesyuarat PIBG pada 10 Mac", "Kenduri dianjak ke 17 Mac", False),
    ],
)
def test_a_moved_date(old, new, expected):
    assert moved_date(new, old) is expected
