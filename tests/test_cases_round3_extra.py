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
    "R3V-neg-fr-1": "« je bois plus de café » reads as 'more coffee' after a verb of consuming (the spoken-negation rule)",
    "R3U-back-en-1": "'back to being vegetarian' against 'eating meat again' needs to know a vegetarian eats no meat (no such lexicon)",
    "R3U-fromto-en-1": "a car is no keyed value, so 'switched from the Civic to a RAV4' supersedes nothing (a new key in four languages, not done)",
    "R3T-neg-fr-1": "a dislocated object (« Le fromage, j'en mange plus… »): the object stands in its own clause, the negated clause holds only 'en'",
    "R3T-neg-zh-1": "a topicalised object before the subject (奶茶我早就不碰了) is outside the negation's scope",
    # round3_extra8.jsonl (lane cases, session 14): measured on main 679b1ae before any fix
    "R3E8-speakers-en-1": "a WhatsApp export label with its timestamp first ('[10:42, 03/02] Priya:') is not read as a speaker label",
    "R3E8-back-en-1": "'moved back to Hackney' does not retire the middle 'moved in with partner in Croydon'",
    "R3E8-back-zh-1": "又回腾讯上班了: a return to an employer (after 跳槽去了字节) leaves the middle workplace active",
    "R3E8-back-ms-1": "'kerja semula di Brunei': a return to a workplace leaves the middle one ('pindah kerja ke …') active",
    "R3E8-fromto-zh-1": "从会计转行做了数据分析: 'from X to Y' with 转行 retires no occupation",
    "R3E8-qty-en-1": "'salary went up to £42,500' is not read as the same quantity as 'earns £38,000 a year'",
    "R3E8-qty-ms-2": "Malay weight ('berat 90 kg' then 'berat dah turun jadi 82 kg') is not a single-valued quantity",
    "R3E8-neg-en-1": "a verbless negation ('not really into running anymore') is not read",
    "R3E8-forget-fr-2": "« efface … le truc sur … » is not read as a request to forget",
    "R3E8-forget-fr-4": "spoken « oublie pas que … » (no 'ne') is read as a negation of the fact it asks to keep",
    "R3E8-sarcasm-zh-1": "简直是人生享受呢 / 谁不爱呢 / [微笑] are not read as sarcasm cues",
    "R3E8-offer-en-1": "'happy to send you … if you want, got it done on Saturday': the asserted clause is dropped with the offer",
    "R3E8-offer-zh-1": "assertive 嘛 (我是四川人嘛) is read as a question particle",
    "R3E8-offer-ms-1": "the 'kalau nak' of the offer reaches the separate asserted clause ('saya ada kedai kek sendiri')",
    "R3E8-presup-en-1": "a fact presupposed in a question ('my two rabbits', 'the move to Dublin') is dropped as a question",
    "R3E8-presup-fr-1": "a fact presupposed in a question (« mon labrador ») is dropped as a question",
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
