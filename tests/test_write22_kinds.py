"""Issue #26, session 19 (lane write22): the kinds round3_extra15 missed, widened to the kind — a measured
quantity said again (a rate, a ratio, a reading, a count of children, a corrected birth date), a relapse
after a stop with its reason, a return over a move away no key reads, a rhetorical question about the
user's own telling, a clause taken for granted inside a question, a question without "?" that ends at its
comma, delight beside a repetition (irony), a liked thing the user no longer eats or drinks, a relayed
speaker the candidate names, "from X to Y" with no verb, and a month said in a past clause — in wordings of
no case file, en / fr / zh / ms, with counter-examples. Admissions run through the real engine on an
in-memory SQLite store (``run_case``), filters through the real chain, dates through ``ground_dates``.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.bench.cases import run_case
from souvenir.lexical.dates import ground_dates
from souvenir.lexical.restated import restates_amount
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters

# (stored [(text, date)], new wording said later, the stored text it retires, or None when nothing is retired)
ADMIT = [
    # quantity: one current value, the newer replaces the older
    ([("Is paid £9.80 an hour at the café", "2024-01-01")], "Is paid £10.90 an hour at the café now", "£9.80"),
    (
        [("Resting heart rate is 72 bpm", "2024-01-01")],
        "Resting heart rate went down to 61 bpm after the marathon training",
        "72 bpm",
    ),
    ([("Blood pressure 140/90", "2024-01-01")], "Blood pressure 125/80 with the new pills", "140/90"),
    ([("Mum of one", "2024-01-01")], "Mum of two since March", "Mum of one"),
    ([("Ran 5 km on Sunday", "2024-01-01")], "Ran 10 km on Sunday", None),
    ([("Sa glycémie est à 1,40 g/L", "2024-01-01")], "Sa glycémie est redescendue à 1,05 g/L grâce au régime", "1,40"),
    ([("Est payée 11,65 € de l'heure", "2024-01-01")], "Est payée 12,10 € de l'heure depuis janvier", "11,65"),
    ([("Maman de deux enfants", "2024-01-01")], "Maman de trois enfants depuis l'été", "deux enfants"),
    ([("Anniversaire le 3 mai", "2024-01-01")], "Anniversaire faux, c'est le 13 mai", "3 mai"),
    ([("血压是150/95", "2024-01-01")], "血压降到了130/85，吃药以后", "150/95"),
    ([("两个孩子的妈", "2024-01-01")], "三个孩子的妈了", "两个孩子的妈"),
    ([("出生日期是1990年5月3日", "2024-01-01")], "出生日期填错了，其实是1990年6月3日", "5月3日"),
    ([("Gula dalam darah 9.2 mmol/L", "2024-01-01")], "Gula dalam darah turun ke 6.4 mmol/L lepas ubah makan", "9.2"),
    ([("Ibu kepada dua orang anak", "2024-01-01")], "Ibu kepada tiga orang anak sekarang", "dua orang"),
    ([("Tarikh lahir 5 Mei", "2024-01-01")], "Tarikh lahir salah, sebenarnya 15 Mei", "5 Mei"),
    # relapse after a stop that gives its reason; new verbs of stopping
    ([("Cut out fizzy drinks for my teeth", "2024-01-01")], "Drinking fizzy drinks again since the new job", "Cut out"),
    (
        [("Uninstalled Instagram to focus on exams", "2024-01-01")],
        "Back on Instagram again, scrolling every night",
        "Uninstalled",
    ),
    ([("Quit sugar in coffee", "2024-01-01")], "Running again after the injury", None),
    (
        [("A supprimé Facebook, trop de disputes", "2024-01-01")],
        "A recommencé Facebook pour le groupe du village",
        "supprimé",
    ),
    ([("把微博卸载了，太浪费时间", "2024-01-01")], "微博又装回来了，追热搜", "卸载"),
    ([("把游戏删了，专心考研", "2024-01-01")], "最近又开始看书了", None),
    (
        [("Dah berhenti minum teh tarik, nak kurangkan gula", "2024-01-01")],
        "Dah mula balik minum teh tarik setiap pagi",
        "berhenti",
    ),
    (
        [("Dah padam TikTok, nak fokus kerja", "2024-01-01")],
        "TikTok dah install balik, layan sampai lewat malam",
        "padam",
    ),
    # a return over a move away no key reads
    ([("在银行当柜员", "2023-01-01"), ("辞职去开网店了", "2024-01-01")], "又回银行上班了", "网店"),
    (
        [
            ("Works at the Tesco in Leeds as a cashier", "2023-01-01"),
            ("Quit the cashier job to try freelancing", "2024-01-01"),
        ],
        "Went back to the Tesco in Leeds as a cashier",
        "freelancing",
    ),
    # "from X to Y" with no verb
    ([("Works as a postman", "2024-01-01")], "From postman to bus driver", "postman"),
    ([("Works as a driver", "2024-01-01")], "From driver to driving instructor after the course", "driver"),
    ([("Travaille comme serveuse", "2024-01-01")], "De serveuse à cheffe de rang dans le même restaurant", "serveuse"),
    ([("Bekerja sebagai kerani", "2024-01-01")], "Dari kerani ke penyelia di kilang yang sama", "kerani"),
]


@pytest.mark.parametrize(("stored", "new", "retired"), ADMIT)
def test_admission_kinds(stored: list[tuple[str, str]], new: str, retired: str | None) -> None:
    gone = next((t for t, _ in stored if retired and retired in t), "")  # the whole stored text retired
    case = {
        "id": "write22",
        "kind": "admit",
        "existing": [{"text": t, "date": d, "kind": "fact"} for t, d in stored],
        "incoming": {"text": new, "date": "2025-06-01", "kind": "fact"},
        "expect": (
            {"active_excludes": [gone], "history_contains": [gone], "active_contains": [new[:12]]}
            if retired
            else {"active_count": len(stored) + 1}
        ),
    }
    assert run_case(case).problems == ()


# (message, candidate, kind, kept)
FILTER = [
    # a rhetorical question about the user's own telling asserts what follows
    (
        "Haven't I made it clear that I'm allergic to cats? Stop suggesting cat cafés.",
        "Is allergic to cats",
        "fact",
        True,
    ),
    ("How many times have I told you I work nights?", "Works nights", "fact", True),
    ("Did I tell you about my allergy?", "Has an allergy", "fact", False),
    ("Combien de fois je t'ai dit que je suis allergique aux noix ?", "Allergique aux noix", "fact", True),
    ("Je t'ai pas déjà expliqué que je bosse de nuit ?", "Travaille de nuit", "fact", True),
    ("我说了多少次了，我对海鲜过敏？", "对海鲜过敏", "fact", True),
    ("我哪回没跟你讲过我不吃香菜？", "不吃香菜", "fact", True),
    ("Berapa kali saya nak cakap, saya alah pada kacang?", "Alah pada kacang", "fact", True),
    ("Bukan ke saya dah bagitahu yang saya kerja syif malam?", "Kerja syif malam", "fact", True),
    # a clause taken for granted inside a question
    (
        "Which gyms near Leith are any good, since I'm starting at the Edinburgh office in May?",
        "Starts at the Edinburgh office in May",
        "fact",
        True,
    ),
    ("Should I move to Leeds?", "Will move to Leeds", "promise", False),
    ("Tu connais une bonne crèche, maintenant qu'on a emménagé à Nantes ?", "A emménagé à Nantes", "fact", True),
    ("既然我下个月就调到深圳了，那边哪里租房方便？", "下个月调到深圳", "fact", True),
    (
        "Ada cadangan tadika yang bagus, memandangkan kami dah pindah ke Shah Alam?",
        "Dah pindah ke Shah Alam",
        "fact",
        True,
    ),
    # a question without "?" ends at its comma; what follows states
    ("not sure whether I should sell the car, it barely gets used", "Will sell the car", "promise", False),
    (
        "je me demande si je devrais arrêter le club de lecture, j'ai plus le temps",
        "Va arrêter le club de lecture",
        "promise",
        False,
    ),
    ("我在想是不是该换个房子，现在太吵了", "要换房子", "promise", False),
    ("patut ke saya tukar kerja, gaji sekarang tak cukup", "Akan tukar kerja", "promise", False),
    # delight beside a repetition is irony; delight alone is sincere
    (
        "What a joy, renewing my passport for the third time this year.",
        "Enjoys renewing passports",
        "preference",
        False,
    ),
    ("Quel bonheur, refaire ma déclaration pour la énième fois.", "Aime faire sa déclaration", "preference", False),
    ("Quel bonheur de revoir ma fille après deux ans.", "Heureuse de revoir sa fille", "preference", True),
    ("Had the best time in Rome for the second time.", "Enjoyed Rome", "preference", True),
    ("真开心，又要重新排一遍队", "喜欢排队", "preference", False),
    ("Seronoknya kena beratur lagi sekali", "Suka beratur", "preference", False),
    # a liked thing the user says they no longer eat or drink
    ("Red wine? I don't drink it anymore, not since the migraines", "Likes red wine", "preference", False),
    ("Le fromage, j'en mange plus depuis mon régime", "Aime le fromage", "preference", False),
    ("I love cheese and eat it most days", "Likes cheese", "preference", True),
    ("奶茶我现在不喝了", "喜欢喝奶茶", "preference", False),
    ("Kopi saya tak minum dah, perut tak tahan", "Suka kopi", "preference", False),
    # a relayed speaker the candidate names
    ("我胆固醇偏高，医生叫我少吃肥肉", "胆固醇偏高，医生叫少吃肥肉", "fact", True),
    ("老板让我下个月去上海出差", "下个月去上海出差", "fact", False),
]


@pytest.mark.parametrize(("message", "text", "kind", "kept"), FILTER, ids=[f[0][:40] for f in FILTER])
def test_filter_kinds(message: str, text: str, kind: str, kept: bool) -> None:
    candidate = Candidate(text=text, kind=kind, scope="global", confidence=0.8)
    verdict = run_filters(candidate, Exchange(message, None), MODEL_CHAIN)
    assert verdict.kept is kept, verdict.reason


# a month in a past clause is the last one; in a present or future one, the next (said on 2025-07-07)
DATES = [
    ("Graduated in June", "2025-06"),
    ("Started the new job in March", "2025-03"),
    ("Starts the new job in March", "2026-03"),
    ("Permis obtenu en mai", "2025-05"),
    ("En mai je vivais encore chez mes parents", "2025-05"),
    ("Rendez-vous prévu en mai", "2026-05"),
    ("五月的时候我换了工作", "2025-05"),
    ("五月底要搬家", "2026-05"),
    ("Berhenti kerja bulan Mei lepas", "2025-05"),
    ("Dah pindah rumah bulan Mei", "2025-05"),
]


@pytest.mark.parametrize(("text", "month"), DATES)
def test_month_in_a_past_clause(text: str, month: str) -> None:
    grounded = ground_dates(text, datetime(2025, 7, 7, tzinfo=timezone.utc))
    assert f"{month})" in grounded or f"{month}）" in grounded, grounded


@pytest.mark.parametrize(
    ("new", "old", "same_measure"),
    [
        ("Sa tension est redescendue à 12/8 avec le traitement", "Sa tension est à 15/9", True),
        ("Swims 40 lengths a week with my daughter", "Swims 20 lengths a week", False),  # company, not a means
        ("Berat turun ke 70 kg dengan diet", "Berat 76 kg", True),
    ],
)
def test_a_means_after_the_amount_but_not_company(new: str, old: str, same_measure: bool) -> None:
    assert restates_amount(new, old) is same_measure
