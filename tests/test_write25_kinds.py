"""Issue #26, session 21 (lane write25): the kinds session 20 left — a job said with its place of work, a
raise told with no salary noun, children counted by son and daughter, a stop of a habit whose verb is
not eating, the noun "offer" in a fact, a return whose middle value shares no word, a stop said with its
verb on one side only — in wordings of no case file, en / fr / zh / ms, with counter-examples. Admissions
run through the real engine on an in-memory SQLite store (``run_case``), filters through the real chain.
"""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters

# (stored [text, …] oldest first, new wording said later, the stored text it retires or None)
ADMIT = [
    # job: a trade said with its place of work, then another job
    (["Cashier at the local supermarket"], "Now works as a receptionist at a dental clinic", "Cashier"),
    (["Caissière au supermarché du quartier"], "Est maintenant secrétaire dans un cabinet médical", "Caissière"),
    (["在超市当收银员"], "现在在一家诊所做前台", "收银员"),
    (["在工厂当普工"], "现在是一名外卖员", "普工"),
    (["Juruwang di pasar raya"], "Sekarang kerja sebagai kerani di klinik", "Juruwang"),
    # counter-examples: a place visited is no job; a meal at a place is no trade
    (["在超市当收银员"], "在公园当志愿者的那天很开心", None),
    (["Cashier at the local supermarket"], "Dinner at the Ritz for our anniversary", None),
    (["Caissière au supermarché du quartier"], "Touriste à Lisbonne pour une semaine", None),
    # salary: a raise with no salary noun
    (["Earns £3,200 a month"], "Got a raise, now on £3,600 a month", "£3,200"),
    (["Gagne 2 100 € par mois"], "Augmentée ! Je touche 2 400 € par mois maintenant", "2 100"),
    (["月薪八千"], "涨薪了，现在一个月一万", "八千"),
    (["Gaji RM3,500 sebulan"], "Gaji naik, sekarang RM4k sebulan", "RM3,500"),
    # counter-example: another amount a month (rent) is no salary
    (["Earns £3,200 a month"], "Rent went up, now £1,100 a month", None),
    (["Earns £3,200 a month"], "My wife got a raise, now on £3,900 a month", None),
    (["月薪八千"], "老婆涨薪了，现在一个月一万", None),
    # children: a son and a daughter is a count
    (["Has one child"], "Has a son and a daughter now", "one child"),
    (["A un enfant"], "A maintenant un fils et deux filles", "un enfant"),
    (["有一个孩子"], "现在一儿一女了", "一个孩子"),
    (["Ada seorang anak"], "Sekarang anak dua, lelaki dan perempuan", "seorang anak"),
    (["Has a son and a daughter"], "Has three kids now", "a son and a daughter"),
    # counter-example: a sister's children
    (["Has one child"], "My sister has a son and a daughter", None),
    # habit: a stop whose verb is not eating retires the habit
    (["Drinks coffee every morning"], "Doesn't drink coffee anymore", "every morning"),
    (["Boit du thé tous les soirs"], "Ne boit plus de thé", "tous les soirs"),
    (["Aime le thé"], "Le thé j'en bois plus", "Aime le thé"),
    (["Loves coffee"], "Doesn't drink coffee anymore", "Loves coffee"),
    (["喜欢喝咖啡"], "不喝咖啡了", "喜欢喝咖啡"),
    (["Suka minum kopi"], "Tak minum kopi dah", "Suka minum kopi"),
    (["每天早上喝咖啡"], "不喝咖啡了", "每天早上"),
    (["Minum kopi setiap pagi"], "Tak minum kopi dah", "setiap pagi"),
    # habit: the stop, then its reason after a comma
    (["Loves wine"], "Doesn't drink wine anymore, because of my liver", "Loves wine"),
    (["Aime le vin"], "Ne boit plus de vin, parce que mon foie", "Aime le vin"),
    (["喜欢喝红酒"], "不喝红酒了，因为肝不好", "喜欢喝红酒"),
    (["Suka minum kopi"], "Dah tak minum kopi, sebab gastrik", "Suka minum kopi"),
    # job: a kind of place with no name keys no employer (在餐厅当服务员)
    (["在餐厅当服务员"], "现在是一名快递员", "服务员"),
    # children: "we have", « j'ai »
    (["Has one child"], "We have two daughters and a son now", "one child"),
    (["A deux enfants"], "J'ai maintenant deux fils et une fille", "deux enfants"),
    # stop with its verb on one side only, then taken up again
    (["A arrêté de jouer au poker"], "A repris le poker avec ses collègues", "arrêté"),
    (["Stopped playing poker"], "Took up poker again with the lads", "Stopped"),
    (["戒了打麻将"], "又开始玩麻将了", "戒了"),
    (["Dah berhenti main poker"], "Sambung poker balik dengan kawan pejabat", "berhenti"),
    # counter-example: another pastime taken up
    (["A arrêté de jouer au poker"], "A repris le tennis le dimanche", None),
    # back: a return whose middle value shares no word
    (
        ["Teaches maths at Hillside", "Switched to tutoring online"],
        "Back teaching maths at Hillside",
        "tutoring online",
    ),
    (
        ["Enseigne le français au collège", "Est passée au soutien scolaire en ligne"],
        "Enseigne de nouveau le français au collège",
        "soutien scolaire",
    ),
    (["在中学教数学", "改做线上家教了"], "又回中学教数学了", "线上家教"),
    (
        ["Mengajar matematik di sekolah", "Tukar jadi tutor online"],
        "Dah balik mengajar matematik di sekolah",
        "tutor online",
    ),
    # counter-example: a pastime switched to is no move away from the work returned to
    (
        ["Teaches maths at Hillside", "Switched to running in the mornings"],
        "Back teaching maths at Hillside",
        None,
    ),
]


@pytest.mark.parametrize(("stored", "said", "retired"), ADMIT, ids=[row[1][:40] for row in ADMIT])
def test_admission_kinds(stored: list[str], said: str, retired: str | None) -> None:
    existing = [{"text": text, "date": f"202{2 + i}-03-01", "kind": "fact"} for i, text in enumerate(stored)]
    expect: dict[str, list[str]] = {"active_contains": [said[:12]]}
    if retired is not None:
        expect["active_excludes"] = [retired]
        expect["history_contains"] = [retired]
    else:
        expect["active_contains"] += [text[:12] for text in stored]
    case = {
        "id": "write25",
        "kind": "admit",
        "existing": existing,
        "incoming": {"text": said, "date": "2025-09-01", "kind": "fact"},
        "expect": expect,
    }
    assert run_case(case).problems == ()


# (user message, candidate text, candidate kind, kept)
FILTER = [
    # offer: the noun in a fact is no offer made
    ("Got a job offer from Deloitte today!", "Got a job offer from Deloitte", "fact", True),
    ("There's a special offer on at Tesco, so I bought three", "Bought three at Tesco's special offer", "fact", True),
    ("J'ai reçu une offre d'emploi de Capgemini hier", "A reçu une offre d'emploi de Capgemini", "fact", True),
    ("昨天收到了腾讯的offer", "收到了腾讯的offer", "fact", True),
    ("Dapat tawaran kerja dari Petronas semalam", "Dapat tawaran kerja dari Petronas", "fact", True),
    # offer: what the user deliberates over accepting is had (the decision itself is still asked)
    ("Should I accept the offer from Deloitte or stay at KPMG?", "Has a job offer from Deloitte", "fact", True),
    ("j'hésite à accepter l'offre de Capgemini, t'en penses quoi", "A une offre d'emploi de Capgemini", "fact", True),
    ("我在纠结要不要接腾讯的offer，你怎么看", "拿到了腾讯的offer", "fact", True),
    (
        "serba salah nak ambil tawaran kerja kat Penang, apa pendapat awak",
        "Dapat tawaran kerja di Penang",
        "fact",
        True,
    ),
    ("Should I take the flat in Leith or keep looking?", "Has a flat in Leith", "fact", False),
    (
        "j'hésite à accepter l'offre de Capgemini, t'en penses quoi",
        "Va accepter l'offre de Capgemini",
        "promise",
        False,
    ),
    # habit: a fronted topic, a verb other than eating, no « ne »
    ("Le thé j'en bois plus", "Aime le thé", "preference", False),
    ("Le vélo j'en fais plus", "Aime le vélo", "preference", False),
    ("Coffee, I don't drink it anymore", "Likes coffee", "preference", False),
    ("咖啡我不喝了", "喜欢喝咖啡", "preference", False),
    ("Kopi saya tak minum dah", "Suka minum kopi", "preference", False),
    # counter-examples: "plus" compared, or asked for
    ("Le thé, j'en bois plus qu'avant", "Aime le thé", "preference", True),
    ("Les bonbons j'en veux plus", "Aime les bonbons", "preference", True),
]


@pytest.mark.parametrize(
    ("message", "text", "kind", "kept"),
    FILTER,
    ids=[f"{row[0][:30]}->{row[1][:20]}" for row in FILTER],
)
def test_filter_kinds(message: str, text: str, kind: str, kept: bool) -> None:
    candidate = Candidate(text=text, kind=kind, scope="global", confidence=0.8)
    verdict = run_filters(candidate, Exchange(message), MODEL_CHAIN)
    assert verdict.kept is kept, (verdict.filter, verdict.reason)
