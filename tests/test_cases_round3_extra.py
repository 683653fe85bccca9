"""The lane's own cases of issue #26's kinds (tests/cases/round3_extra*.jsonl: forget
requests, speaker labels, relayed speech, temporary states, back / again forms, "from X to
Y", measured quantities, tag and rhetorical questions, questions without "?", sarcasm,
colloquial negation; en / fr / zh / ms), through the runner of ``souvenir eval cases``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from souvenir.bench.cases import run_case

FILES = sorted((Path(__file__).parent / "cases").glob("round3_extra*.jsonl"))
CASES = [json.loads(line) for f in FILES for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]


#: Known misses, each with why it is left.
KNOWN = {
    # round3_extra8.jsonl (lane cases, session 14): measured on main 679b1ae before any fix
    "R3E8-back-zh-1": "the middle 字节 is retired now (跳槽去了 / 又回…上班 name the employer), but 在腾讯做产品经理 also says the occupation, which the job change does not: it stays beside by rule 5's partial match (keyed_partial), so two memories stay active",
    # round3_extra9.jsonl (lane cases2, session 14): blind, measured on 90885f2 before any fix
    # round3_extra11.jsonl (lane cases4, session 16): blind, measured on fe2c68f before any fix
    "R3E11-speakers-en-1": "a Zoom chat export ('HH:MM:SS From Name to Everyone:' with the text indented below) is not split by speaker: Declan's surgery is kept as the user's",
    "R3E11-speakers-en-2": "the brother-in-law's 'firefighter in Swansea too' absorbs the user's own 'Is a firefighter in Swansea' (one memory left)",
    "R3E11-back-en-1": "'Went back to teaching' leaves the middle 'Left teaching to work in recruitment' active",
    "R3E11-fromto-en-1": "'swapped X for Y' is not read as a job change: 'Works as a paramedic' stays active",
    "R3E11-qty-en-2": "a count of pets going down ('Down to two ferrets') keeps 'Has three ferrets' active",
    "R3E11-noq-en-1": "'wondering if I should…' without '?' is kept as a decision",
    "R3E11-neg-en-1": "'I'm so over crossfit' is not read as a negation of the preference",
    "R3E11-forget-fr-2": "« le passage sur mes soucis avec le fisc, tu le retires » is not read as a request to forget",
    "R3E11-speakers-fr-1": "a forwarded e-mail (« Le …, Nom <adresse> a écrit : » then '>' lines) is not read as another speaker's words",
    "R3E11-back-fr-1": "« a repris le handball » does not retire « a arrêté le handball »",
    "R3E11-fromto-fr-1": "« a quitté l'enseignement pour devenir sophrologue » does not retire « Est professeure des écoles »",
    "R3E11-qty-fr-2": "a count of animals going down (« n'a plus que quatre poules ») keeps « six poules » active",
    "R3E11-sarcasm-fr-1": "« … NOT. » after a complaint is not read as a sarcasm marker",
    "R3E11-neg-fr-1": "« très peu pour moi maintenant » is not read as a negation of the preference",
    "R3E11-forget-zh-2": "钱的那档子事你清掉吧 is not read as a request to forget",
    "R3E11-forget-zh-4": "医生说是… makes the whole message relayed, dropping the user's own 我每周末回去陪她",
    "R3E11-speakers-zh-1": "a LINE export (time, name and text separated by tabs) is not split by speaker: 大熊's plan is kept as the user's",
    "R3E11-relayed-zh-1": "一口咬定 is not read as a reporting verb",
    "R3E11-back-zh-1": "又打起麻将来了 does not retire 戒了麻将",
    "R3E11-qty-zh-1": "a count of pets (两只仓鼠 → 七只仓鼠) keeps both values active",
    "R3E11-qty-zh-2": "a corrected anniversary date (五月二十号 → 五月二十一号, 记错了) keeps both values active",
    "R3E11-sarcasm-zh-1": "（棒读） and 好耶 after a complaint are not read as sarcasm markers",
    "R3E11-neg-zh-1": "早玩腻了 is not read as a negation of the preference",
    "R3E11-forget-ms-2": "'buang je dari ingatan kau' is not read as a request to forget",
    "R3E11-speakers-ms-1": "a Teams WebVTT transcript ('<v Name>…</v>' voice tags) is not split by speaker: Amirul's leave is kept as the user's",
    "R3E11-back-ms-1": "'Jadi rider Foodpanda semula' does not retire 'Dah berhenti jadi rider Foodpanda'",
    "R3E11-fromto-ms-1": "'bukan lagi X, sekarang Y' does not retire 'Kerja sebagai guru tadika'",
    "R3E11-qty-ms-1": "a salary 'RM2,750' → 'RM3,120' (gaji pokok) keeps both values active",
    "R3E11-qty-ms-2": "a corrected wedding date ('Silap, … sebenarnya 15 Februari') keeps both values active",
    "R3E11-neg-ms-1": "'dah muak' is not read as a negation of the preference",
}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN[c["id"]], strict=True)) if c["id"] in KNOWN else c
        for c in CASES
    ],
    ids=[c["id"] for c in CASES],
)
def test_round3_extra_case(case):
    result = run_case(case)
    assert result.status == "passed", f"{case['id']}: {result.problems} — why: {case['why']}"


def test_every_kind_in_every_language():
    seen: dict[str, set[str]] = {}
    for case in CASES:
        seen.setdefault(case["why"].split("]")[0].lstrip("["), set()).add(case["lang"])
    for kind, langs in seen.items():
        if kind != "from_to":
            assert langs == {"en", "fr", "zh", "ms"}, kind
