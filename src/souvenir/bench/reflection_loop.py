"""``souvenir bench reflection``: the turn loop with a real model, against LoCoMo's gold
observations, beside no-model mode in the same run (issue #25).

Needs an OpenAI-compatible model server already running (docs/model.md: SmolLM2-135M behind
llama-cpp-python's server). The run:

1. The first ``turns`` messages of the conversation's first speaker (the user) in a shared
   LoCoMo conversation, each with the other speaker's next message as the bot's reply —
   or of its second speaker (``speaker="second"``), or those after its first ``skip``
   messages: a slice no one has read yet, for an honest held-out run.
2. Each probe request sent straight to the idle model server: its time without memory.
3. Two services in this process, each on a loopback port with real HTTP and its own
   throwaway SQLite store, no embedder: **model** (the model as reflection, summary and
   proxy upstream) and **no-model**. Every turn goes to both through ``POST /v1/turns``,
   one every ``pace_s`` seconds; every ``probe_every`` turns a live request goes through the
   model service's proxy (``/v1/chat/completions`` with the user named: its memory block is
   added while reflections run).
4. The outbox is sampled every ``sample_s`` seconds from the first turn until it drains
   (every job done or parked) or ``drain_limit_s`` after the last turn.

Reported (``run_reflection_bench`` → dict): jobs done / parked / pending over time and the
time to drain after the last turn; parked causes; the upstream gate's counts
(``upstream_gate``: ``yields`` told to yield, ``finished`` begun answers kept within
``finish_s``, ``live`` live requests seen, ``wait_s`` the live budget, ``rates`` the server's
read and generation rates measured, :mod:`souvenir.llm.server_rates`; ``prompts_bounded``: background prompts cut to the
read bound, by kind and cause, :mod:`souvenir.llm.prompt_bound`, and ``block:memories`` the proxied replies whose
memory block was cut to its read time, ``block_memories_left_out`` the memories so left out,
:mod:`souvenir.llm.block_bound`); the proxied probes' p50 / p99 beside
their idle p50 / p99 and the largest excess; memories written per turn; and for each mode
their match to the gold observations of the same turn:

* **match** — a memory matches a gold observation of a turn it came from (its source) when
  the memory supports the observation the way a turn supports its own observation: at
  least :data:`souvenir.write.grounding.MIN_SHARE` of the observation's content words are
  in the memory (:func:`souvenir.write.grounding.content_share`, both speakers' names left
  out). The same share was read from LoCoMo for that very question (the turn → its
  observation), so no new threshold is chosen here.
* **precision** — memories matching a gold observation of their turn / memories written;
  **recall** — gold observations of the slice's turns matched by some memory of their turn;
  **true** — memories that match (the acceptance compares the model's true memories with
  no-model mode's episodes that match).
* **unmatched model notes** (not the no-model episode the fallback keeps): listed, for a
  human to judge junk from true-but-not-in-gold.
* **confidence** — per model, the agreement (AUC) of the written notes' confidences with
  matching gold, and the service's own tally against the code's decisions
  (:mod:`souvenir.write.confidence`).

Shapes: ``run_reflection_bench(BenchOptions(...)) -> dict``; :func:`format_report` → text.
"""

from __future__ import annotations

import json
import re
import tempfile
import threading
import time
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import httpx

from souvenir.ground.config import Settings
from souvenir.replay.formats import parse_session_time
from souvenir.write.confidence import agreement, auc, read_tally
from souvenir.write.grounding import MIN_SHARE, content_share

PROBES = [
    "What should I cook tonight?",
    "Any idea for a weekend trip?",
    "Can you recommend a book?",
    "How do I keep my plants alive?",
    "What is a good gift for a friend?",
    "How can I sleep better?",
    "What music helps me focus?",
    "Any tips for a rainy day?",
]
#: A date the write path wrote after a relative one ("yesterday (2026-12-04)", in Chinese
#: 今天（2026-09-04） with full-width brackets): removed to tell the message kept as its
#: episode from a model's note.
_GROUNDED_DATE = re.compile(r"(?: \(|（)\d{4}(?:-[W\d][^)）]*)?[)）]")
PROBE_SYSTEM = "You are a friendly assistant. Answer in one short sentence."
PROBE_TOKENS = 40


@dataclass(slots=True)
class BenchOptions:
    """What to run: the model server (``llm_url``, ``model``), the conversation
    (``data_dir``/``conversation``.json), the slice (``turns`` of its ``speaker``, "first" or
    "second", after its first ``skip`` messages), the pace
    (seconds between turns), a live probe every ``probe_every`` turns (0: none), the outbox
    sampled every ``sample_s``, and at most ``drain_limit_s`` waited after the last turn."""

    llm_url: str
    model: str
    data_dir: Path = Path("../shared/data/locomo")
    conversation: str = "conv-26"
    turns: int = 50
    speaker: str = "first"
    skip: int = 0
    pace_s: float = 2.0
    probe_every: int = 5
    sample_s: float = 5.0
    drain_limit_s: float = 600.0


SPEAKERS = ("first", "second")


def load_slice(path: Path, turns: int, speaker: str = "first", skip: int = 0) -> tuple[list[dict], tuple[str, str]]:
    """``turns`` messages of the ``speaker`` ("first": LoCoMo's ``speaker_a``, "second":
    ``speaker_b``) after its first ``skip``: ``{"dia_id", "message", "reply", "gold":
    [observation, ...], "time"}``, and the two speakers' names, the user first. The reply is
    the other speaker's next message. ``time`` (ISO 8601, UTC) is the session's date, plus a
    minute per turn of the session: a relative date ("last week") is read from the day the
    user said it, as in the conversation."""
    if speaker not in SPEAKERS:
        raise ValueError(f"speaker must be one of {SPEAKERS}, not {speaker!r}")
    if skip < 0:
        raise ValueError("skip must be 0 or more")
    conv = json.loads(path.read_text())
    user, other = conv["speaker_a"], conv["speaker_b"]
    if speaker == "second":
        user, other = other, user
    gold: dict[str, list[str]] = {}
    for key, value in conv.items():
        if key.endswith("_observation") and isinstance(value, dict):
            for text, *ids in value.get(user, []):
                for dia in ids[0] if ids and isinstance(ids[0], list) else ids:
                    if isinstance(dia, str):
                        gold.setdefault(dia.strip(), []).append(text)
    out: list[dict] = []
    seen = 0
    n = 1
    while f"session_{n}" in conv and len(out) < turns:
        session = conv[f"session_{n}"]
        said = conv.get(f"session_{n}_date_time")
        start = parse_session_time(said) if said else None
        for i, turn in enumerate(session):
            if turn["speaker"] == user and len(out) < turns:
                seen += 1
                if seen <= skip:
                    continue
                reply = next((t["text"] for t in session[i + 1 :] if t["speaker"] != user), "I see.")
                dia = turn["dia_id"]
                when = (start + timedelta(minutes=i)).isoformat() if start else None
                out.append(
                    {"dia_id": dia, "message": turn["text"], "reply": reply, "gold": gold.get(dia, []), "time": when}
                )
        n += 1
    return out, (user, other)


def without_grounded_date(text: str) -> str:
    """``text`` without the dates the write path added after relative ones, stripped: the
    user's message again when ``text`` is its episode ("Yesterday (2026-12-04) I…" →
    "Yesterday I…"; 今天（2026-09-04）累死了 → 今天累死了)."""
    return _GROUNDED_DATE.sub("", text).strip()


def matches(memory: str, observation: str, names: frozenset[str]) -> bool:
    """The memory supports the gold observation (module docstring: the grounding share)."""
    share = content_share(observation, memory, names)[0]
    return share is not None and share >= MIN_SHARE


def score(memories: list[dict], turns: list[dict], names: frozenset[str]) -> dict:
    """Precision, recall and counts of ``memories`` (``{"text", "kind", "turns": [index, ...],
    "confidence", "fallback"}``) against the gold observations of their turns."""
    matched_gold: set[tuple[int, int]] = set()
    true = 0
    for memory in memories:
        hit = False
        for index in memory["turns"]:
            for g, observation in enumerate(turns[index]["gold"]):
                if matches(memory["text"], observation, names):
                    matched_gold.add((index, g))
                    hit = True
        memory["match"] = hit
        true += hit
    gold = sum(len(t["gold"]) for t in turns)
    return {
        "written": len(memories),
        "true": true,
        "precision": round(true / len(memories), 3) if memories else None,
        "recall": round(len(matched_gold) / gold, 3) if gold else None,
        "gold_observations": gold,
        "per_turn": round(len(memories) / len(turns), 2) if turns else 0.0,
    }


class _Service:
    """One Souvenir service on a loopback port in this process (uvicorn in a thread)."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from souvenir.api.app import create_app

        self.app = create_app(settings)
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=600)

    @property
    def runtime(self):
        return self.app.state.souvenir.runtime

    def close(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=30)


def _settings(tmp: Path, name: str, llm_url: str | None, model: str | None) -> Settings:
    values: dict = dict(
        database_url=f"sqlite:///{tmp / name}.db", embedder="none", window_embedder="none", _env_file=None
    )
    if llm_url:
        values.update(llm_base_url=llm_url, llm_model=model, summary_enabled=True)
    return Settings(**values)


def _probe_body(text: str, model: str, user: str | None = None) -> dict:
    body: dict = {
        "model": model,
        "temperature": 0,
        "max_tokens": PROBE_TOKENS,
        "messages": [{"role": "system", "content": PROBE_SYSTEM}, {"role": "user", "content": text}],
    }
    if user:
        body["user"] = user
    return body


def _timed(client: httpx.Client, path: str, body: dict) -> float:
    started = time.monotonic()
    client.post(path, json=body, timeout=600).raise_for_status()
    return time.monotonic() - started


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def _memories(service: _Service, user: str, turn_index: dict[int, int]) -> list[dict]:
    store = service.runtime.store
    user_id = store.find_user("bench", user)
    if user_id is None:
        return []
    sources = store.sources(user_id)
    out = []
    for memory in store.memories(user_id):
        turns = sorted(
            {
                turn_index[int(s[5:])]
                for s in sources.get(memory.id, {memory.source or ""})
                if s and s.startswith("turn:") and s[5:].isdigit() and int(s[5:]) in turn_index
            }
        )
        out.append(
            {
                "text": memory.text,
                "kind": memory.kind,
                "confidence": memory.confidence,
                "turns": turns,
            }
        )
    return out


def run_reflection_bench(options: BenchOptions) -> dict:
    """Run the benchmark (module docstring); raises ``httpx.HTTPError`` when the model server
    does not answer the idle probes."""
    path = options.data_dir / f"{options.conversation}.json"
    turns, speakers = load_slice(path, options.turns, options.speaker, options.skip)
    user = speakers[0].lower()
    names = frozenset(s.lower() for s in speakers)
    llm = httpx.Client(base_url=options.llm_url.rstrip("/"), timeout=600)
    probes = PROBES if options.probe_every else []
    idle_before = [_timed(llm, "/v1/chat/completions", _probe_body(p, options.model)) for p in probes]
    tmp = Path(tempfile.mkdtemp(prefix="souvenir-bench-reflection-"))
    with_model = _Service(_settings(tmp, "model", options.llm_url, options.model))
    no_model = _Service(_settings(tmp, "nomodel", None, None))
    timeline: list[dict] = []
    stop = threading.Event()
    started = time.monotonic()

    def sample() -> None:
        while not stop.is_set():
            counts = with_model.runtime.store.outbox_counts()
            timeline.append({"s": round(time.monotonic() - started, 1), **counts})
            stop.wait(options.sample_s)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    proxied: list[dict] = []
    ids: dict[str, dict[int, int]] = {"model": {}, "nomodel": {}}
    try:
        for n, turn in enumerate(turns):
            body = {"channel": "bench", "user": user, "message": turn["message"], "reply": turn["reply"]}
            if turn.get("time"):
                body["time"] = turn["time"]  # the session's date: "last week" grounded from it
            for key, service in (("model", with_model), ("nomodel", no_model)):
                r = service.http.post("/v1/turns", json=body)
                r.raise_for_status()
                ids[key][r.json()["turn_id"]] = n
            if options.probe_every and (n + 1) % options.probe_every == 0:
                text = probes[len(proxied) % len(probes)]
                took = _timed(with_model.http, "/v1/chat/completions", _probe_body(text, options.model, user))
                proxied.append({"turn": n + 1, "probe": text, "proxied_s": round(took, 2)})
            time.sleep(options.pace_s)
        last_turn = time.monotonic()
        drained_s: float | None = None
        while time.monotonic() - last_turn <= options.drain_limit_s:
            counts = with_model.runtime.store.outbox_counts()
            if not counts.get("pending") and not counts.get("running"):
                drained_s = round(time.monotonic() - last_turn, 1)
                break
            time.sleep(min(1.0, options.sample_s))
        stop.set()
        sampler.join(timeout=10)
        outbox = with_model.runtime.store.outbox_counts()
        timeline.append({"s": round(time.monotonic() - started, 1), **outbox})
        parked = with_model.runtime.store.parked_jobs()
        status = with_model.runtime.status()
        tally = read_tally(with_model.runtime.store.count_events_by_kind("confidence:"))
        messages = {i: t["message"] for i, t in enumerate(turns)}
        kept = {}
        for key, service in (("model", with_model), ("nomodel", no_model)):
            memories = _memories(service, user, ids[key])
            for memory in memories:
                memory["fallback"] = memory["kind"] == "episode" and any(
                    without_grounded_date(memory["text"]) == messages[i].strip() for i in memory["turns"]
                )
            kept[key] = memories
    finally:
        stop.set()
        with_model.close()
        no_model.close()
    idle_after = [_timed(llm, "/v1/chat/completions", _probe_body(p, options.model)) for p in probes]
    llm.close()
    for probe in proxied:
        i = probes.index(probe["probe"])
        probe["idle_s"] = round((idle_before[i] + idle_after[i]) / 2, 2)
        probe["over_s"] = round(probe["proxied_s"] - probe["idle_s"], 2)
    model_score = score(kept["model"], turns, names)
    none_score = score(kept["nomodel"], turns, names)
    notes = [m for m in kept["model"] if not m["fallback"]]
    nomodel_episodes_true = sum(m["match"] for m in kept["nomodel"])
    return {
        "conversation": options.conversation,
        "speaker": options.speaker,
        "user": speakers[0],
        "skip": options.skip,
        "turns": len(turns),
        "model": options.model,
        "llm_url": options.llm_url,
        "turns_s": round(last_turn - started, 1),
        "drained": drained_s is not None,
        "drain_after_last_turn_s": drained_s,
        "outbox": outbox,
        "timeline": timeline,
        "parked": [{"job": p["job"], "attempts": p["attempts"], "error": (p["error"] or "")[:200]} for p in parked],
        "live": {
            "probes": proxied,
            "proxied_p50_s": _pct([p["proxied_s"] for p in proxied], 0.5),
            "proxied_p99_s": _pct([p["proxied_s"] for p in proxied], 0.99),
            "idle_p50_s": _pct([p["idle_s"] for p in proxied], 0.5),
            "idle_p99_s": _pct([p["idle_s"] for p in proxied], 0.99),
            "over_max_s": max((p["over_s"] for p in proxied), default=None),
        },
        "with_model": {
            **model_score,
            "model_notes": len(notes),
            "model_notes_true": sum(m["match"] for m in notes),
            "fallback_episodes": len(kept["model"]) - len(notes),
            "unmatched_model_notes": [m["text"] for m in notes if not m["match"]][:30],
            "unmatched_fallback_episodes": [m["text"] for m in kept["model"] if m["fallback"] and not m["match"]][:60],
            "true_model_notes": [m["text"] for m in notes if m["match"]][:30],
            "written": [
                {"text": m["text"], "fallback": m["fallback"], "match": m["match"], "turns": m["turns"]}
                for m in kept["model"]
            ],
        },
        "no_model": {
            **none_score,
            "episodes_true": nomodel_episodes_true,
            "unmatched_episodes": [m["text"] for m in kept["nomodel"] if not m["match"]][:60],
            "memories": [{"text": m["text"], "match": m["match"], "turns": m["turns"]} for m in kept["nomodel"]],
        },
        "confidence": {
            "agreement_with_gold": auc([(m["confidence"], m["match"]) for m in notes]),
            "agreement_with_code": {name: agreement(t) for name, t in tally.items()},
            "tally": {
                name: {f"{b}:{'kept' if k else 'dropped'}": n for (b, k), n in t.items()} for name, t in tally.items()
            },
        },
        "reflections": status["reflections"],
        "summaries": status["summaries"],
        "yielded": status["yielded"],
        "deferred": status["deferred"],
        "upstream_gate": {
            key: (status.get("upstream_gate") or {}).get(key)
            for key in ("finish_s", "wait_s", "yields", "finished", "live", "waits", "rates")
        },
        "prompts_bounded": status.get("prompts_bounded") or {},
        "block_memories_left_out": status.get("block_memories_left_out", 0),
        "acceptance": {
            "drained_within_10_min": drained_s is not None and drained_s <= 600,
            "live_within_2_s": all(p["over_s"] <= 2.0 for p in proxied) if proxied else None,
            "true_notes_ge_no_model_true_episodes": model_score["true"] >= nomodel_episodes_true,
        },
    }


def format_report(report: dict) -> str:
    """A text summary of :func:`run_reflection_bench`'s report."""
    live, wm, nm = report["live"], report["with_model"], report["no_model"]
    lines = [
        f"{report['conversation']} ({report['user']}, {report['speaker']} speaker, after {report['skip']}): "
        f"{report['turns']} turns in {report['turns_s']} s, model {report['model']}",
        f"drained: {report['drained']} ({report['drain_after_last_turn_s']} s after the last turn); "
        f"outbox {report['outbox']}; parked {len(report['parked'])}",
        f"live: proxied p50 {live['proxied_p50_s']} s, p99 {live['proxied_p99_s']} s; idle p50 {live['idle_p50_s']} s, "
        f"p99 {live['idle_p99_s']} s; worst excess {live['over_max_s']} s",
        f"with model: {len(wm['written'])} written ({wm['per_turn']}/turn; {wm['model_notes']} notes, "
        f"{wm['fallback_episodes']} fallback episodes), true {wm['true']}, precision {wm['precision']}, "
        f"recall {wm['recall']}",
        f"no model: {nm['written']} episodes, true {nm['true']}, precision {nm['precision']}, recall {nm['recall']}",
        f"gate: {report['yielded']} yielded; upstream {report.get('upstream_gate')}; "
        f"prompts bounded {report.get('prompts_bounded')}; "
        f"memories left out of proxied blocks {report.get('block_memories_left_out')}",
        f"confidence agreement: with gold {report['confidence']['agreement_with_gold']}, "
        f"with the code {report['confidence']['agreement_with_code']}",
    ]
    lines += [f"  unmatched note: {text}" for text in wm["unmatched_model_notes"]]
    return "\n".join(lines)


__all__ = [
    "SPEAKERS",
    "BenchOptions",
    "format_report",
    "load_slice",
    "matches",
    "run_reflection_bench",
    "score",
    "without_grounded_date",
]
