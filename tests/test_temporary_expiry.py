"""A temporary fact expires (issue #26): a season, a holiday, "this week", "until …" give it
an end grounded from the day it was said; after that end the context shows it as ended, no
longer current, beside the lasting value; it stays active and in history. Four languages:
the bound (pure), the block, and the read path on a real SQLite file."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from souvenir import Souvenir
from souvenir.lexical.duration import temporary_end
from souvenir.read.block import BOUNDS, render_block
from souvenir.ground.types import Memory, Selection

SAID = datetime(2026, 6, 10, 9, 0, tzinfo=timezone.utc)

# (language, lasting value, temporary value said on SAID, its end: the first day it no longer holds)
CASES = [
    ("en", "Works as an accountant", "Has a summer job at the pool", date(2026, 9, 1)),
    ("fr", "Travaille comme comptable", "Bosse chez un glacier cet été", date(2026, 9, 1)),
    ("zh", "职业是会计", "暑假在咖啡店打工", date(2026, 9, 1)),
    ("ms", "Bekerja sebagai akauntan", "Kerja sambilan di kedai semasa cuti musim panas", date(2026, 9, 1)),
]

BOUNDED = [
    ("en", "Is staying with her parents until 15 March", date(2027, 3, 16)),
    ("en", "Is in Paris this week", date(2026, 6, 15)),
    ("en", "Works at the mall over Christmas", date(2027, 1, 6)),
    ("en", "Is off work until tomorrow (2026-06-11)", date(2026, 6, 12)),
    ("fr", "Loge chez ses parents jusqu'au 15 mars", date(2027, 3, 16)),
    ("fr", "Est à Paris cette semaine", date(2026, 6, 15)),
    ("fr", "Travaille de nuit ce mois-ci", date(2026, 7, 1)),
    ("fr", "Vit chez sa sœur jusqu'en septembre", date(2026, 10, 1)),
    ("fr", "Travaille pendant les vacances de Noël", date(2027, 1, 6)),
    ("zh", "直到3月15日住在父母家", date(2027, 3, 16)),
    ("zh", "这周在北京出差", date(2026, 6, 15)),
    ("zh", "本月在家办公", date(2026, 7, 1)),
    ("zh", "寒假在滑雪场打工", date(2027, 3, 1)),
    ("zh", "圣诞假期在商场打工", date(2027, 1, 6)),
    ("ms", "Tinggal di rumah ibu sehingga 15 Mac", date(2027, 3, 16)),
    ("ms", "Minggu ini bekerja di Penang", date(2026, 6, 15)),
    ("ms", "Bulan ini kerja dari rumah", date(2026, 7, 1)),
    ("ms", "Kerja sambilan cuti Krismas", date(2027, 1, 6)),
]

LASTING = [
    "Loves summer",
    "Lives in Lyon",
    "Adore Noël",
    "Aime l'été",
    "我搬到上海了",
    "喜欢夏天",
    "Suka musim panas",
    "Tinggal di Ipoh",
]


@pytest.mark.parametrize("lang,text,end", BOUNDED + [(c[0], c[2], c[3]) for c in CASES])
def test_a_bound_is_grounded_from_the_day_said(lang, text, end):
    assert temporary_end(text, SAID) == end, lang


@pytest.mark.parametrize("text", LASTING)
def test_a_lasting_fact_has_no_end(text):
    assert temporary_end(text, SAID) is None


def test_a_holiday_with_no_fixed_dates_is_temporary_but_never_expires_by_itself():
    for text in ("Works at a café during the holidays", "Bosse pendant les vacances", "假期在家", "Kerja masa cuti"):
        assert temporary_end(text, SAID) is None


def _sel(text: str, kind: str = "fact") -> Selection:
    return Selection(Memory(1, 1, text, kind=kind, updated_at=SAID), "semantic", "r", 0.5)


@pytest.mark.parametrize("lang,lasting,temporary,end", CASES)
def test_the_block_shows_an_ended_fact_as_no_longer_current(lang, lasting, temporary, end):
    profile = {"lang": lang}
    until, ended = BOUNDS[lang]
    running = render_block([_sel(lasting), _sel(temporary)], [], profile, now=datetime(2026, 7, 1, tzinfo=timezone.utc))
    assert until.format("2026-08-31") in running and ended.format("2026-08-31") not in running
    after = render_block([_sel(lasting), _sel(temporary)], [], profile, now=datetime(2026, 9, 15, tzinfo=timezone.utc))
    line = next(x for x in after.splitlines() if temporary in x)
    assert ended.format("2026-08-31") in line
    lasting_line = next(x for x in after.splitlines() if lasting in x)
    assert until.split("{")[0] not in lasting_line and "2026-08-31" not in lasting_line
    # an episode is a past event: never marked
    assert "2026-08-31" not in render_block([_sel(temporary, "episode")], [], profile, now=SAID.replace(month=10))
    # no "now": nothing marked (the block of an older caller)
    assert "2026-08-31" not in render_block([_sel(temporary)], [], profile)


@pytest.mark.parametrize("lang,lasting,temporary,end", CASES)
def test_the_read_path_shows_the_lasting_value_as_current(tmp_path, lang, lasting, temporary, end):
    with Souvenir.open(tmp_path / "t.db", embedder="none", window_embedder="none", background=False) as mem:
        first = mem.remember("u", lasting, date=datetime(2026, 1, 5, tzinfo=timezone.utc))
        second = mem.remember("u", temporary, date=SAID)
        assert first.action == "insert" and second.action == "insert"  # beside, never replacing
        engine = mem.runtime.engine
        _, ended = BOUNDS["en"]  # no language in the profile: English headers
        before = engine.context(mem.channel, "u", "what do I do?", now=datetime(2026, 7, 1, tzinfo=timezone.utc))
        assert "no longer current" not in before.block
        after = engine.context(mem.channel, "u", "what do I do?", now=datetime(2026, 9, 15, tzinfo=timezone.utc))
        line = next(x for x in after.block.splitlines() if temporary in x)
        assert ended.format("2026-08-31") in line
        assert "no longer current" not in next(x for x in after.block.splitlines() if lasting in x)
        # still active, still in history: recalled as past, never erased
        active = [m.text for m in mem.memories("u").memories]
        assert lasting in active and temporary in active
        assert mem.history("u", second.id).memory.text == temporary
