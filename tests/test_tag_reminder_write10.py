"""A statement followed by a reminder tag ("…你忘啦？", "…你不记得了吗？", "…还记得吧？") is the
user's fact, not a question (issue #26, round 3, lane write10); the tag questions of the other
languages ("…, remember?", « …, tu te souviens ? », "…, ingat tak?") are the kinds
``tests/test_cases_round3_extra.py`` already covers. Through the runner of ``souvenir eval cases``."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from tests.case_support import filter_case

KEPT = [
    ("zh", "我对花生过敏你忘啦？", "对花生过敏"),
    ("zh", "我不吃香菜，你不记得了吗？", "不吃香菜"),
    ("zh", "我在杭州上班，你还记得吧？", "在杭州上班"),
    ("zh", "我是左撇子你忘了吗？", "是左撇子"),
]

#: A real question about forgetting keeps nothing of the user's.
DROPPED = [
    ("zh", "你忘了我上次说的吗？", "上次说的"),
]


@pytest.mark.parametrize(("lang", "message", "candidate"), KEPT, ids=[f"{r[0]}-{i}" for i, r in enumerate(KEPT)])
def test_a_reminder_tag_keeps_the_statement(lang, message, candidate):
    result = run_case(filter_case("zh", message, candidate, True, "[tag_question]", "w10-tag-zh"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(("lang", "message", "candidate"), DROPPED, ids=[f"{r[0]}-{i}" for i, r in enumerate(DROPPED)])
def test_a_question_about_forgetting_is_still_a_question(lang, message, candidate):
    result = run_case(filter_case("zh", message, candidate, False, "[tag_question]", "w10-tag-zh"))
    assert result.status == "passed", result.problems
