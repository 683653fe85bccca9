"""Session 26's attack (harden11): durations too large to wait for, and what an attacker with
the README and the docs alone tries on the erasure race's surface and the faces. Real parts: the
settings as the service reads them from its environment, the CLI as a user runs it, the library
over a real SQLite file."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from souvenir.ground.config import Settings, settings_error

#: Every duration setting (seconds): the settings named ``*_s`` that hold a float.
DURATIONS = sorted(
    name for name, field in Settings.model_fields.items() if name.endswith("_s") and "float" in str(field.annotation)
)


def test_every_duration_setting_is_found():
    assert {"llm_timeout_s", "reflection_timeout_s", "index_lease_s", "reflection_park_after_s"} <= set(DURATIONS)


@pytest.mark.parametrize("name", DURATIONS)
@pytest.mark.parametrize("value", ["1e308", "1e12"])
def test_a_duration_too_large_to_wait_for_is_refused_naming_its_setting(name, value, monkeypatch):
    """``SOUVENIR_LLM_TIMEOUT_S=1e308`` passed (finite, above 0): a wait of 1e308 s overflows
    what the clock and the sockets take (``OverflowError`` at the first call that waits), and a
    year-long bound never trips. Each duration has a ceiling, said at start-up with its name."""
    monkeypatch.setenv(f"SOUVENIR_{name.upper()}", value)
    with pytest.raises(ValidationError) as caught:
        Settings(_env_file=None)
    said = settings_error(caught.value)
    assert f"SOUVENIR_{name.upper()}" in said and "less than or equal" in said, said
    assert value not in said  # the value is never repeated (a setting may hold a secret)


def test_the_cli_refuses_a_huge_timeout_at_start_up(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOUVENIR_DATABASE_URL", f"sqlite:///{tmp_path / 's.db'}")
    monkeypatch.setenv("SOUVENIR_REFLECTION_TIMEOUT_S", "1e308")
    result = CliRunner().invoke(app, ["migrate", "--check"])
    assert result.exit_code != 0
    assert "SOUVENIR_REFLECTION_TIMEOUT_S" in (result.output + str(result.exception or ""))


@pytest.fixture
def memory(tmp_path):
    from souvenir.library import Souvenir

    with Souvenir.open(
        f"sqlite:///{tmp_path / 'a.db'}", embedder="none", window_embedder="none", background=False
    ) as mem:
        yield mem


@pytest.mark.parametrize("within", [float("inf"), float("nan"), 1e308, -1.0])
def test_a_retry_window_not_a_number_of_seconds_is_an_input_error(memory, within):
    """``add_turn_once(within_s=inf)`` raised ``OverflowError`` and ``nan`` a bare ``ValueError``
    out of ``timedelta`` (``1e308`` and ``-1`` were taken); the library says which argument."""
    from souvenir.ground.errors import InputError

    with pytest.raises(InputError, match="within_s"):
        memory.add_turn_once("u", "I moved to Leeds.", "OK.", source="client:1", within_s=within)
    with pytest.raises(InputError, match="within_s"):
        memory.request_acted("u", "client:1", within_s=within)
    with pytest.raises(InputError, match="timeout_s"):
        memory.drain(timeout_s=within)


@pytest.mark.parametrize("since", [2**70, -1])
def test_an_erasure_number_out_of_the_stores_range_is_an_input_error(memory, since):
    """This session's ``unless_erased_since=<erasure number>``: ``2**70`` raised SQLite's
    ``OverflowError`` out of the library, ``-1`` was taken (the library's arguments are read as
    pydantic reads them: ``True`` is 1, as for every int argument)."""
    from souvenir.ground.errors import InputError

    with pytest.raises(InputError, match="unless_erased_since"):
        memory.add_turn("u", "I moved to Leeds.", "OK.", unless_erased_since=since)
    assert memory.add_turn("u", "I moved to Leeds.", "OK.", unless_erased_since=0).turn_id


def test_the_erasure_number_is_not_in_the_http_answer():
    """The number counts every tenant's erasures (a side channel across tenants): the library
    has it, the JSON of a context never."""
    from souvenir.ground.results import ContextResult
    from souvenir.schemas import ContextPublic

    public = ContextPublic.from_result(ContextResult(erasure_clock=41))
    assert public.erasure_clock == 41
    assert "erasure" not in public.model_dump_json() and "erasure" not in str(ContextPublic.model_json_schema())


def _erased_meanwhile(url: str) -> int:
    import httpx

    for line in httpx.get(f"{url}/metrics", timeout=30).text.splitlines():
        if line.startswith('souvenir_replica_events_total{event="erased_meanwhile"}'):
            return int(float(line.split()[-1]))
    return 0


def test_a_job_read_before_another_replicas_erasure_committed_is_not_applied(tmp_path):
    """The race of docs/security.md "An erasure raced across replicas", in the model's jobs:
    replica B's summary job read the user's data at ``read_at`` and asked the model; replica A's
    request to forget, begun (its ``now``) before that read, committed while the model thought.
    Its mark (A's ``now``) was before ``read_at``: B's summary, built from what was erased, was
    written after the erasure. Ordered by the store's erasure number, it is refused."""
    import httpx

    from souvenir.api.app import create_app
    from souvenir.library import Souvenir
    from souvenir.ground.timeutil import utcnow
    from tests.attack_support import stub_model_settings, wait_until
    from tests.servers import ChatServer, UvicornThread

    url = f"sqlite:///{tmp_path / 'j.db'}"
    with ChatServer() as upstream:
        upstream.summary_mode, upstream.delay_s = "slow", 3.0
        upstream.summary_answer = "The customer owes their cousin Paul 500 euros for the wedding."
        settings = stub_model_settings(url, upstream.url, summary_enabled=True)
        with (
            UvicornThread(create_app(settings)) as server,  # replica B: its worker runs the jobs
            Souvenir.open(url, embedder="none", window_embedder="none", background=False) as a,  # replica A
        ):
            memory = {"text": "Owes cousin Paul 500 euros for the wedding"}
            assert httpx.post(f"{server.url}/v1/users/api/ann/memories", json=memory, timeout=30).is_success
            began = utcnow()  # A's request begins (its turn's now), before B's job reads
            r = httpx.post(
                f"{server.url}/v1/turns", json={"user": "ann", "message": "Long day at the clinic today."}, timeout=30
            )
            assert r.is_success, r.text
            assert wait_until(lambda: upstream.summary_calls >= 1, 30), "no summary was asked"
            a.runtime.engine.record_turn("api", "ann", "Forget what I told you about my cousin Paul.", "OK.", now=began)
            assert wait_until(lambda: _erased_meanwhile(server.url) >= 1, 30), "the summary read before was written"
            upstream.summary_answer = "The customer had a long day at the clinic."
            assert wait_until(lambda: upstream.summary_calls >= 2, 30), "the summary was not asked again"
            export = httpx.get(f"{server.url}/v1/users/api/ann/export", timeout=30).text
            assert "Paul 500" not in export
