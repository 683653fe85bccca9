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
    "R3E9-neg-en-1": "'I don't do karaoke no more' (double negative, 'no more') is not read as negating 'Enjoys karaoke'",
    "R3E9-neg-zh-1": "不咋爱…了 (colloquial 'not really into … anymore') is not read as a negation of 喜欢吃火锅",
    "R3E9-offer-fr-1": "« Si tu veux je te file … » opens an offer, but the true fact after it is dropped as a hypothetical",
    # round3_extra10.jsonl (lane cases3, session 15): blind, measured on main 3b3c5bc before any fix
    "R3E10-forget-en-2": "[forget] 'could you scrap the IVF stuff from earlier?' (other words, 'scrap') is not read as a request: the fertility-treatment fact is kept",
    "R3E10-forget-fr-2": "[forget] « tu peux zapper le truc sur ma situation à la banque ? » (other words, 'zapper') is not read as a request",
    "R3E10-forget-ms-2": "[forget] '… pasal kena buang kerja tu, delete je la' (mixed English 'delete je la') is not read as a request",
    "R3E10-speakers-fr-1": "[speakers] a Discord paste ('Maëlys — Aujourd'hui à 21:14' on its own line, the text below) is not split: her line is kept as the user's",
    "R3E10-speakers-zh-1": "[speakers] a QQ export ('胖虎(2839156734) 2025-04-12 21:03:18' on its own line) is not split: his line is kept as the user's",
    "R3E10-relayed-en-1": "[relayed] 'my optician says I need reading glasses… feels like a stretch' is kept as the user's fact",
    "R3E10-relayed-fr-1": "[relayed] « mon coiffeur m'a sorti que je perdais mes cheveux » (reporting verb 'sortir que') is kept as the user's fact",
    "R3E10-relayed-ms-1": "[relayed] 'member office aku kata aku ni workaholic, mana ada' is kept as the user's fact",
    "R3E10-back-zh-1": "[back] 上个月又搬回合肥了 retires the first value 住在合肥 and leaves the middle 搬到南昌了 active",
    "R3E10-back-ms-1": "[back] 'Dah mula berenang balik' does not retire 'Berhenti berenang sebab sakit telinga'",
    "R3E10-fromto-en-1": "[from_to] 'Went from part-time to full-time at the library' leaves 'Works part-time at the county library' active",
    "R3E10-fromto-fr-1": "[from_to] « est passé du service client au marketing » (contracted du/au) leaves the old job active",
    "R3E10-fromto-zh-1": "[from_to] 从京东客服跳到了顺丰 (跳到) leaves 在京东做客服 active",
    "R3E10-qty-en-2": "[quantity] a count of grandchildren (one → two) keeps both values active",
    "R3E10-qty-fr-1": "[quantity] a corrected shoe size (« chausse du 38 » → « du 39 ») keeps both values active",
    "R3E10-qty-zh-1": "[quantity] a rent in hanzi numerals (两千三 → 两千八) keeps both values active",
    "R3E10-qty-zh-2": "[quantity] a corrected lunar birthday (八月初三 → 八月十三, 记错了) keeps both values active",
    "R3E10-qty-ms-1": "[quantity] a count of children ('tiga orang anak' → 'anak dah empat orang') keeps both values active",
    "R3E10-neg-en-1": "[negation] 'cycling's not really my thing anymore' is not read as negating 'Enjoys cycling'",
    "R3E10-neg-ms-1": "[negation] 'dah tak layan anime' (layan = be into) is not read as a negation",
    "R3E10-sarcasm-fr-1": "[sarcasm] « ah trop cool … c'est tellement mon kif … (ironie hein) » is kept as the literal preference",
    "R3E10-sarcasm-zh-1": "[sarcasm] 爱死应酬了（并不） is kept as the literal preference",
    "R3E10-sarcasm-ms-1": "[sarcasm] '… impian aku betul la tu. *sarcasm*' is kept as the literal preference",
    "R3E10-presup-fr-1": "[presupposed] « l'anniversaire de ma fille qui aura 7 ans » inside a question is dropped as a question",
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
