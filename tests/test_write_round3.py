"""Issue #26's admission and filter kinds in four languages: a bounded (temporary) state
beside the lasting one, corrections of corrections, single-valued quantities, questions and
irony."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.types import Candidate, Memory
from souvenir.write.admission import decide


def _at(month: int) -> datetime:
    return datetime(2025, month, 1, tzinfo=timezone.utc)


def _decide(stored: list[str], new: str):
    memories = [Memory(i + 1, 1, text, created_at=_at(i + 1), updated_at=_at(i + 1)) for i, text in enumerate(stored)]
    return decide(Candidate(new, time=_at(9)), memories, _at(9))


@pytest.mark.parametrize("lasting,bounded", [
    ("Works as an accountant", "Works as a lifeguard this summer"),
    ("Works at Deloitte", "Works at Decathlon over the Christmas holidays"),
    ("Lives in Lyon", "Lives in Nice for the summer"),
    ("Travaille comme comptable", "Travaille comme maître-nageur pendant les vacances"),
    ("Travaille chez Airbus", "Travaille chez Decathlon cet été"),
    ("Habite à Lyon", "Habite à Nice pour l'été"),
    ("在马来亚银行工作", "暑假在星巴克工作"),
    ("住在上海", "这个夏天住在杭州"),
    ("Bekerja sebagai akauntan", "Bekerja sebagai penjaga pantai masa cuti sekolah"),
    ("Bekerja di Maybank", "Bekerja di Tesco semasa cuti semester"),
    ("Tinggal di Ipoh", "Tinggal di Penang sepanjang cuti"),
])
def test_a_bounded_state_sits_beside_the_lasting_one(lasting, bounded):
    assert _decide([lasting], bounded).action == "insert"
