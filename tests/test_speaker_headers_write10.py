"""A pasted chat whose speaker's name and time stand on a line of their own, the words below
(Telegram "Name, [dd.mm.yy hh:mm]", WeChat "阿杰 20:31"; issue #26, round 3, lane write10):
another member's first-person line is theirs, the user's own ("You", 我, Moi, Saya) stays the
user's. en / fr / zh / ms, through ``transcript_lines`` and the runner of ``souvenir eval cases``."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from souvenir.lexical.speakers import transcript_lines
from tests.case_support import filter_case

PASTES = [
    (
        "en",
        "look what Dave sent\nDave Price, [03.04.25 18:02]\nI'm moving to Leeds next month\nYou, [03.04.25 18:03]\nwhat?!",
        "Moving to Leeds next month",
    ),
    ("en", "Priya 9:41 PM\ni just got engaged!!\nMe 9:42 PM\nomg congrats", "Just got engaged"),
    (
        "fr",
        "regarde ce que m'a écrit Inès\nInès, [02.05.25 10:11]\nJe démissionne lundi\nMoi, [02.05.25 10:12]\nquoi ??",
        "Démissionne lundi",
    ),
    ("fr", "Hugo 22:05\nj'ai vendu ma moto\nMoi 22:06\nsérieux ?", "A vendu sa moto"),
    ("zh", "给你看看聊天记录\n小美 21:10\n我下个月去深圳上班了\n我 21:11\n真的假的", "下个月去深圳上班"),
    ("zh", "老王 08:15\n我把车卖了\n我 08:16\n为啥", "把车卖了"),
    (
        "ms",
        "tengok mesej ni\nFarid 20:45\naku dah berhenti kerja semalam\nSaya 20:46\nbiar betul",
        "Berhenti kerja semalam",
    ),
    (
        "ms",
        "Kak Long, [05.06.25 07:30]\naku nak pindah ke Kuantan\nAku, [05.06.25 07:31]\nbila?",
        "Nak pindah ke Kuantan",
    ),
]

#: A line with a time alone is no header, nor one time stamp with no second speaker.
NOT_PASTES = [
    ("en", "Dentist 10:30\nthen gym after work"),
    ("zh", "明天 09:00\n开会"),
    ("fr", "Réunion 14:00\napporter le rapport"),
    ("ms", "Mesyuarat 15:00\nbawa laporan"),
]


@pytest.mark.parametrize(("lang", "message", "candidate"), PASTES, ids=[f"{r[0]}-{i}" for i, r in enumerate(PASTES)])
def test_another_members_line_is_theirs(lang, message, candidate):
    result = run_case(filter_case(lang, message, candidate, False, "[speakers]", f"w10-headers-{lang}"))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(("lang", "message"), NOT_PASTES, ids=[f"{r[0]}-{i}" for i, r in enumerate(NOT_PASTES)])
def test_a_time_on_a_line_is_no_paste(lang, message):
    assert transcript_lines(message) is None
