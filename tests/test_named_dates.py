"""Months said alone and Easter, grounded for the year the clause means (session 17, lane
fixes; :mod:`souvenir.lexical.named_dates`): the pure reading in four languages, then through
the library on a real SQLite file and ``POST /v1/turns`` on loopback."""

from __future__ import annotations

import time as clock
from datetime import date, datetime, timezone

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.lexical import ground_dates
from souvenir.lexical.named_dates import easter
from tests.servers import UvicornThread

SAID = datetime(2026, 12, 6, 10, tzinfo=timezone.utc)  # the newuser lane's day


def test_easter_is_the_gregorian_computus() -> None:
    known = {
        2000: date(2000, 4, 23),
        2008: date(2008, 3, 23),
        2011: date(2011, 4, 24),
        2019: date(2019, 4, 21),
        2024: date(2024, 3, 31),
        2025: date(2025, 4, 20),
        2026: date(2026, 4, 5),
        2027: date(2027, 3, 28),
        2038: date(2038, 4, 25),
        2285: date(2285, 3, 22),
    }
    for year, day in known.items():
        assert easter(year) == day, year
    assert all(date(y, 3, 22) <= easter(y) <= date(y, 4, 25) for y in range(1900, 2201))


@pytest.mark.parametrize(
    ("text", "grounded"),
    [
        # the newuser lane's sentences (2026-12-06): the present speaks of what comes
        ("My daughter Maya turns 7 in January", "My daughter Maya turns 7 in January (2027-01)"),
        ("Mon frère Paul vient me voir à Pâques", "Mon frère Paul vient me voir à Pâques (2027-03-28)"),
        ("Ma sœur Julie se marie en juin", "Ma sœur Julie se marie en juin (2027-06)"),
        ("我女儿一月份满七岁", "我女儿一月份（2027-01）满七岁"),
        ("Anak saya berumur 7 tahun pada bulan Januari", "Anak saya berumur 7 tahun pada bulan Januari (2027-01)"),
        ("My brother comes over at Easter", "My brother comes over at Easter (2027-03-28)"),
        ("我哥哥复活节来看我", "我哥哥复活节（2027-03-28）来看我"),
        ("Abang saya datang pada Hari Paskah", "Abang saya datang pada Hari Paskah (2027-03-28)"),
        # the past: the last one (this month counts)
        ("I moved here in January", "I moved here in January (2026-01)"),
        ("J'ai déménagé en janvier", "J'ai déménagé en janvier (2026-01)"),
        ("Je me suis mariée en juin", "Je me suis mariée en juin (2026-06)"),
        ("我一月份搬到这里了", "我一月份（2026-01）搬到这里了"),
        (
            "Saya sudah berpindah ke sini pada bulan Januari",
            "Saya sudah berpindah ke sini pada bulan Januari (2026-01)",
        ),
        ("We had lunch with my parents at Easter", "We had lunch with my parents at Easter (2026-04-05)"),
        ("Nous avons fêté Pâques dernier chez mamie", "Nous avons fêté Pâques dernier (2026-04-05) chez mamie"),
        ("I started the job in December", "I started the job in December (2026-12)"),
        ("I moved to Leeds in March", "I moved to Leeds in March (2026-03)"),
        ("I'm so excited to see them in March", "I'm so excited to see them in March (2027-03)"),
        ("I'm flying to Leeds in December", "I'm flying to Leeds in December (2026-12)"),
        # a direction word decides
        ("next January", "next January (2027-01)"),
        ("Last August I told you about it", "Last August (2026-08) I told you about it"),
        ("en janvier dernier j'étais malade", "en janvier dernier (2026-01) j'étais malade"),
        ("Kami ke Ipoh bulan Januari depan", "Kami ke Ipoh bulan Januari depan (2027-01)"),
        ("Easter Monday", "Easter Monday (2027-03-29)"),
        ("le lundi de Pâques", "le lundi de Pâques (2027-03-29)"),
        # a year the first pass grounded before a Chinese month or 复活节
        ("去年三月我去了北京", "去年（2025）三月（2025-03）我去了北京"),
        ("去年复活节我哥哥来看我了", "去年（2025）复活节（2025-04-20）我哥哥来看我了"),
        ("我6月要去北京", "我6月（2027-06）要去北京"),
        ("我在一月搬家", "我在一月（2027-01）搬家"),
        # a year said after Easter, or a relative year the first pass grounded after the
        # phrase, is that year's (session 17, lane newuser2: they were the next / last one)
        ("We met at Easter 2019", "We met at Easter (2019-04-21) 2019"),
        ("On s'est rencontrés à Pâques 2019", "On s'est rencontrés à Pâques (2019-04-21) 2019"),
        ("2019年复活节我们去了巴黎", "2019年复活节（2019-04-21）我们去了巴黎"),
        ("Kami bertemu pada Hari Paskah 2019", "Kami bertemu pada Hari Paskah (2019-04-21) 2019"),
        ("We met at Easter last year", "We met at Easter (2025-04-20) last year (2025)"),
        ("On s'est vus à Pâques l'an dernier", "On s'est vus à Pâques (2025-04-20) l'an dernier (2025)"),
        ("Kami bertemu pada Hari Paskah tahun lepas", "Kami bertemu pada Hari Paskah (2025-04-20) tahun lepas (2025)"),
        ("I moved in January last year", "I moved in January (2025-01) last year (2025)"),
        ("J'ai déménagé en janvier l'année dernière", "J'ai déménagé en janvier (2025-01) l'année dernière (2025)"),
        (
            "Saya berpindah pada bulan Januari tahun lepas",
            "Saya berpindah pada bulan Januari (2025-01) tahun lepas (2025)",
        ),
        ("On Easter Monday 2019 we hiked", "On Easter Monday (2019-04-22) 2019 we hiked"),
        ("I will call you at Easter, 2 friends", "I will call you at Easter (2027-03-28), 2 friends"),
        ("I start mid-March", "I start mid-March (2027-03)"),  # "mid-" without a blank
        ("I was there mid-January", "I was there mid-January (2026-01)"),
        # with the first pass in one text
        ("tomorrow and in January", "tomorrow (2026-12-07) and in January (2027-01)"),
    ],
)
def test_named_dates_are_grounded_for_the_year_meant(text: str, grounded: str) -> None:
    assert ground_dates(text, SAID) == grounded
    assert ground_dates(grounded, SAID) == grounded  # idempotent


@pytest.mark.parametrize(
    "text",
    [
        "every January we ski",
        "Chaque janvier on skie",
        "Setiap bulan Januari kami bercuti",
        "每年一月我们去滑雪",
        "en janvier 2025",
        "in January 2025",
        "in March of 2024",
        "on 5 January",
        "this may be wrong",
        "they march in march",
        "五月天的歌",
        "1月15日",
        "2023年7月",
        "8月初3",
        "一个月",
        "Mei ini kawan saya",
        "Easter eggs are the best",
    ],
)
def test_habits_periods_and_look_alikes_are_not_grounded(text: str) -> None:
    assert ground_dates(text, SAID) == text


def _cpu_s(text: str) -> float:
    start = clock.process_time()
    ground_dates(text, SAID)
    return clock.process_time() - start


def test_the_second_pass_is_linear() -> None:
    """Eight times the text costs about eight times the CPU (a quadratic pass would cost 64
    times): a ratio with a wide margin, not a speed target, so a slow or loaded CPU passes."""
    for unit, times in (("1月", 8000), ("复活节", 5000), ("in January ", 1400), ("à Pâques ", 1600)):
        small, big = _cpu_s(unit * (times // 8)), _cpu_s(unit * times)
        assert big < 20 * small + 0.2, (unit, small, big)


@pytest.fixture
def library(tmp_path):
    with Souvenir.open(tmp_path / "d.db", embedder="none", window_embedder="none", background=False) as memory:
        yield memory


def test_a_turn_grounds_the_month_and_easter_in_four_languages(library: Souvenir) -> None:
    said = datetime(2025, 12, 6, 10, tzinfo=timezone.utc)  # a turn said a year ago: its own year
    for user, message, value in [
        ("ann", "My daughter Maya turns 7 in January", "(2026-01)"),
        ("léa", "Mon frère Paul vient me voir à Pâques", "(2026-04-05)"),
        ("wei", "我一月份搬到这里了", "（2025-01）"),
        ("aminah", "Abang saya datang pada Hari Paskah", "(2026-04-05)"),
    ]:
        library.add_turn(user, message, time=said)
        texts = [m.text for m in library.memories(user).memories]
        assert any(value in t for t in texts), (user, texts)


def test_rest_turns_ground_the_month(library: Souvenir) -> None:
    admin = library.create_key("ops", admin=True)[0]
    with UvicornThread(create_app(library.runtime.settings, runtime=library)) as server:
        answer = httpx.post(
            f"{server.url}/v1/turns",
            json={"user": "ann", "message": "I moved to Leeds in January", "time": "2025-12-06T10:00:00Z"},
            headers={"Authorization": f"Bearer {admin}"},
            timeout=30,
        )
    assert answer.status_code == 200, answer.text
    assert any("in January (2025-01)" in m.text for m in library.memories("ann").memories)
