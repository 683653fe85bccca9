"""The kept selection's reasons are scrubbed through a cache (session 12, lane speed): the
same text as the plain scrub in every language, a secret configured after a text was first
scrubbed is redacted from then on, and the reasons kept in a real SQLite store hold no
secret."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.privacy.configured import known_secrets
from souvenir.privacy.scrub import scrub, scrub_repeated

REASONS = [
    ("en", "global: one of the 6 places kept, by rank (fact, updated 3 days ago); my password is hunter2!x"),
    ("fr", "quota : fait 1/6 ; mon mot de passe est Tr0ub4dor&3"),
    ("zh", "语义：分数 3.41 ≥ 2.98；我的密码是 Zz9!kq7Lm"),
    ("ms", "rescue: tempat 3/24; kata laluan saya ialah Qw3rty!99"),
]


@pytest.mark.parametrize(("lang", "reason"), REASONS)
def test_a_repeated_reason_is_scrubbed_as_the_plain_scrub_does(lang: str, reason: str) -> None:
    first, again = scrub_repeated(reason), scrub_repeated(reason)
    assert first == again == scrub(reason), lang
    assert first is not None and "[redacted]" in first, (lang, first)
    assert scrub_repeated(None) is None


def test_a_secret_configured_after_a_first_scrub_is_redacted_from_then_on() -> None:
    text = "semantic: score 3.1 ≥ 2.98 (seen late-configured-Zx81)"
    assert scrub_repeated(text) == text  # no pattern knows its shape: kept, and remembered
    known_secrets("late-configured-Zx81")
    assert "late-configured-Zx81" not in (scrub_repeated(text) or "")
    assert scrub_repeated(text) == scrub(text)


def test_the_kept_selections_reasons_hold_no_secret(tmp_path) -> None:
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none", window_embedder="none", _env_file=None)
    )
    try:
        now = datetime(2026, 12, 6, tzinfo=timezone.utc)
        user = rt.store.ensure_user("test", "u", now)
        for _, reason in REASONS * 2:  # twice: the second time from the cache
            rt.store.record_selection(user, None, "hello", now, [(1, "global", reason, None)], False, None)
        with rt.store.transaction() as conn:
            items = [json.loads(row[0]) for row in conn.execute("SELECT items FROM selections")]
    finally:
        rt.close()
    kept = [item["reason"] for row in items for item in row]
    assert len(kept) == 2 * len(REASONS)
    for secret in ("hunter2!x", "Tr0ub4dor&3", "Zz9!kq7Lm", "Qw3rty!99"):
        assert not any(secret in reason for reason in kept), secret
