"""Requests to forget in other words (issue #26, round 3, lane write10): "pretend I never said
it", "can u erase the bit about…", « fais comme si tu n'avais rien entendu », 就当没听过 /
当没这回事, "anggap je aku tak pernah cerita"; and 话说 ("by the way"), which jieba cuts as
话 + 说, is no relayed speech. en / fr / zh / ms, through the runner of ``souvenir eval cases``
(the real filters)."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from tests.case_support import filter_case

DROPPED = [
    ("en", "can u erase the bit about my landlord, i overshared", "Landlord Greg keeps the deposit"),
    ("en", "pretend I never said that about my sister, ok?", "Sister owes them money"),
    ("en", "just act like you never heard the thing about my surgery", "Had knee surgery"),
    ("fr", "fais comme si tu n'avais rien entendu pour mon divorce", "Est en instance de divorce"),
    ("fr", "Fais comme si j'avais rien dit sur mon frère stp", "Son frère est en prison"),
    ("zh", "我欠钱那件事你就当没听过吧", "欠了朋友两万块"),
    ("zh", "关于我被裁员的事，你当我没提过", "被公司裁员了"),
    ("zh", "那个你就当没这回事哈", "和老板吵了一架"),
    ("ms", "pasal aku kena buang kerja tu, anggap je aku tak pernah bagitahu", "Kena buang kerja"),
    ("ms", "hal kakak aku bercerai tu anggaplah aku tak pernah cerita", "Kakak bercerai"),
    ("ms", "anggap je kau tak pernah dengar pasal hutang aku", "Ada hutang kad kredit"),
]

KEPT = [
    # the user's own act, not a request
    ("en", "I pretend I never heard my boss when he yells", "Boss yells at them"),
    ("zh", "我当没听见，继续做我的事。我在学日语", "在学日语"),
    # 话说 ("by the way") opens the user's own news
    ("zh", "话说我上周考过了驾照", "上周考过了驾照"),
    ("zh", "算了不提了。话说我下个月要去成都出差", "下个月要去成都出差"),
    ("zh", "话说回来，我最近在学游泳", "最近在学游泳"),
]


@pytest.mark.parametrize(("lang", "message", "candidate"), DROPPED, ids=[f"{r[0]}-{i}" for i, r in enumerate(DROPPED)])
def test_a_request_in_other_words_keeps_nothing(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, False, "[forget]", f"w10-forget-{lang}"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(("lang", "message", "candidate"), KEPT, ids=[f"{r[0]}-{i}" for i, r in enumerate(KEPT)])
def test_not_a_request_keeps_the_fact(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, True, "[forget]", f"w10-forget-{lang}"))
    assert result.status == "passed", result.problems
