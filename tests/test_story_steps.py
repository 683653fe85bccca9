"""Issue #26, session 21 (lane write27): a later step of the same story is a new memory beside the
earlier one, not its correction (``lexical/story_steps``). Found loading bench/data/backref/zh.json
through the library: a refund superseded a compensation (``restated_fee``), a refusal with a
redelivery "took up again" a return whose doer, 顾客, was read as the thing stopped
(``resumption``); built as kinds in en / fr / zh / ms with wordings of no case file: a one-off sum
(refund, compensation, voucher) is no fee said again; a Chinese doer is no habit stopped; an
order, a purchase or a booking told as done is not ended by its return or refund (session 22, lane
write30: its own cancellation ends it — the order's state, ``lexical/cancelled_orders``; the four
cancellation lines below moved from "both kept" to "the order in history").
Counter-examples: a fee that went up, a refund said again with another amount, a subscription
cancelled, a habit stopped and taken up again still replace the older memory.

Line format (``test_general_readers_write13._case``): ``A|lang|stored|new|contains|excludes|count``
through the real write path (``souvenir.bench.cases.run_case``); ``count`` 2 keeps both.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from souvenir.bench.cases import run_case
from souvenir.lexical.story_steps import another_money_event, later_step, money_events, strip_doer
from tests.test_general_readers_write13 import _case

CASES = r"""
A|en|Was given a £40 voucher as compensation for the late sofa|Got a £260 refund for the broken lamp|refund||2
A|fr|A reçu un bon d'achat de 40 € pour le retard du canapé|A été remboursée de 260 € pour la lampe cassée|remboursée||2
A|zh|平台给顾客补偿了四十元代金券|顾客退了台灯，退款二百六十元|退款||2
A|ms|Dapat baucar RM40 sebagai pampasan sofa lambat|Dapat bayaran balik RM260 untuk lampu rosak|bayaran balik||2
A|zh|顾客退掉了蓝牙音箱，退款一百五十元|顾客拒收了洗衣机，商家重新发货|重新发货||2
A|zh|用户取消了书架的订单|用户重新下单买了书架|重新下单||2
A|en|Ordered a standing desk for £450|Cancelled the standing desk order and got the £450 back|Cancelled|Ordered a standing desk
A|fr|A commandé un bureau assis-debout à 450 €|A annulé la commande du bureau assis-debout, remboursée|annulé|A commandé
A|zh|用户在网上买了一张升降桌|用户取消了升降桌，已经退款|取消|买了一张
A|ms|Tempah meja berdiri RM450|Batalkan tempahan meja berdiri, dapat balik RM450|Batalkan|Tempah meja
A|en|Pays £65 a month for the gym|Gym membership went up to £72 a month|£72|£65
A|fr|Paie 29 € par mois pour Netflix|L'abonnement Netflix est passé à 32 € par mois|32 €|29 €
A|zh|健身房每个月交三百|健身卡涨到三百五一个月了|三百五|每个月交三百
A|ms|Bayar RM120 sebulan untuk internet|Langganan internet naik jadi RM150 sebulan|RM150|RM120
A|en|Is on a gym plan with PureGym|Cancelled PureGym|Cancelled|gym plan
A|fr|Est abonné à la salle de sport Basic-Fit|A résilié Basic-Fit|résilié|salle de sport
A|zh|客户退了健身卡|客户重新办了健身卡|重新办|退了健身卡
A|ms|Dah berhenti main futsal|Main futsal semula setiap Sabtu|semula|berhenti
"""
LINES = [line for line in CASES.strip().splitlines() if line.strip()]


@pytest.mark.parametrize("line", LINES, ids=[f"{i}-{line.split('|')[1]}" for i, line in enumerate(LINES)])
def test_story_step_case(line):
    result = run_case(_case(LINES.index(line), line))
    assert result.status == "passed", f"{line}: {result.problems}"


def test_every_language_is_there():
    assert {line.split("|")[1] for line in LINES} == {"en", "fr", "zh", "ms"}


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("Got a £20 refund from the gym", {"refund"}),
        ("A reçu un bon d'achat de 10 € en dédommagement", {"voucher", "compensation"}),
        ("平台补偿了五十元优惠券", {"compensation", "voucher"}),
        ("Dapat bayaran balik RM30", {"refund"}),
        ("Pays £65 a month for the gym", set()),
    ],
)
def test_money_events(text, labels):
    assert money_events(text) == labels


def test_readers_in_four_languages():
    assert another_money_event("退款二百九十九元", "补偿了五十元优惠券")
    assert another_money_event("Got a £299 refund", "Pays £65 a month")
    assert not another_money_event("The refund was £60, not £50", "Got a £50 refund")
    assert strip_doer("顾客退掉了降噪耳机") == "退掉了降噪耳机"
    assert strip_doer("戒了烟") == "戒了烟"
    assert later_step("Cancelled the sofa order", "Ordered a sofa for £800")
    assert later_step("A annulé la commande", "A commandé un canapé")
    assert later_step("用户退货了", "用户买了一台电视")
    assert later_step("Pulangkan kasut tu", "Beli kasut Nike")
    assert not later_step("Cancelled Netflix", "Subscribes to Netflix")
    assert not later_step("Sold the car", "Bought a Honda Civic")


def test_backref_story_through_the_library(tmp_path):
    """The zh-b user's story of bench/data/backref (session 21's finding), through ``Souvenir.remember``
    with its dates: every step is inserted beside the others."""
    from souvenir import Souvenir

    steps = [
        ("2026-01-20", "平台给顾客补偿了五十元优惠券。"),
        ("2026-06-01", "降噪耳机的左耳没有声音。"),
        ("2026-06-03", "顾客退掉了降噪耳机，退款二百九十九元。"),
        ("2026-06-25", "小米电视送到后发现屏幕有一条亮线。"),
        ("2026-06-27", "顾客拒收了小米电视，平台重新发货。"),
    ]
    with Souvenir.open(str(tmp_path / "story.db"), embedder="none") as memory:
        for day, text in steps:
            when = datetime.strptime(day, "%Y-%m-%d").replace(hour=12, tzinfo=UTC)
            written = memory.remember("zh-b", text, kind="episode", date=when)
            assert written.action == "insert", (text, written.reason)


AGAIN = [
    ("en", "The neighbour parked his van in front of the user's garage.", "The neighbour parked his van there again."),
    (
        "fr",
        "M. Le Goff a garé son fourgon devant le portail de l'utilisatrice.",
        "M. Le Goff a encore garé son fourgon devant le portail.",
    ),
    ("zh", "洗衣机排水管漏水了。", "洗衣机排水管又漏水了。"),
    ("ms", "Jiran letak lori depan pagar pengguna.", "Jiran letak lori depan pagar sekali lagi."),
]


def _episodes(number: int, lang: str, old: str, new: str, kind: str) -> dict:
    return {
        "id": f"W27-again-{number}-{kind}",
        "kind": "admit",
        "lang": lang,
        "existing": [{"text": old, "date": "2026-04-18", "kind": kind}],
        "incoming": {"text": new, "date": "2026-08-10", "kind": kind},
        "expect": {"active_count": 2, "active_contains": [new, old], "active_excludes": []},
        "why": "an episode told again is another occurrence, beside the first",
    }


@pytest.mark.parametrize(("lang", "old", "new"), AGAIN, ids=[a[0] for a in AGAIN])
def test_an_episode_told_again_is_another_occurrence(lang, old, new):
    result = run_case(_episodes(AGAIN.index((lang, old, new)), lang, old, new, "episode"))
    assert result.status == "passed", f"{lang}: {result.problems}"


def test_happens_again_in_four_languages():
    from souvenir.lexical.story_steps import happens_again

    assert happens_again("Parked there again")
    assert happens_again("A encore garé sa camionnette")
    assert not happens_again("Habite encore à Lyon")  # « encore »: still
    assert happens_again("空调又漏水了")
    assert happens_again("Rosak sekali lagi")
    assert not happens_again("Tak main lagi")  # "lagi": no longer
