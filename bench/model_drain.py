"""The turn loop with a real model (issue #25): does the service drain, do live replies wait?

A benchmark, not a CI test. It needs an OpenAI-compatible model server already running, e.g.
SmolLM2-135M-Instruct behind llama-cpp-python's server (set-up in docs/model.md)::

    nice -n 5 /path/to/llama/bin/python -m llama_cpp.server --model SmolLM2-135M-Instruct.Q4_1.gguf \\
        --model_alias local --port 8090 --n_ctx 2048
    nice -n 10 .venv/bin/python bench/model_drain.py --llm-url http://127.0.0.1:8090 --model local

It starts Souvenir in this process (uvicorn on a loopback port, a throwaway SQLite store, no
embedder: the model is what is measured) with the model as reflection, summary and proxy
upstream, then sends 50 user turns through ``POST /v1/turns`` — the first speaker of the
shared LoCoMo conversation conv-26 (each message with the other speaker's next one as the
reply) and ten French, Chinese and Malay customer messages — one every ``--pace-s`` seconds.
After every ``--probe-every`` turns a live chat request goes through the proxy
(``/v1/chat/completions`` with the user named: its memory block is added, reflections are
running) and its time is compared with the same request sent straight to the model server
while it is idle (before and after the run: "its time without memory").

Reports: the outbox over time after the last turn, the time to drain (every job done or
parked), the causes of parked jobs, the probes' times beside their idle times, memories
written, and the gate's and worker's counters.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from souvenir.api.app import create_app  # noqa: E402
from souvenir.config import Settings  # noqa: E402

LOCOMO = Path("/work/shared/data/locomo/conv-26.json")

#: French, Chinese and Malay customer messages (user, bot reply): written for this benchmark.
OTHERS = [
    ("J'habite à Lyon et je n'aime pas le café.", "Très bien, je retiens que vous n'aimez pas le café."),
    ("Je suis végétarien, donc pas de charcuterie dans le colis s'il vous plaît.", "C'est noté, colis végétarien."),
    ("Ma fille Chloé commence l'université à Grenoble en septembre.", "Félicitations à Chloé !"),
    ("我叫小明，住在吉隆坡，想买两个蓝色水壶。", "好的，小明，已为您预留两个蓝色水壶。"),
    ("我的订单还没到，我明天要出差去槟城。", "我来帮您查询订单。"),
    ("我对花生过敏，请不要在礼盒里放花生糖。", "明白了，礼盒里不放花生糖。"),
    ("Nama saya Aisyah, saya nak beli dua unit periuk nasi.", "Baik Aisyah, dua unit periuk nasi."),
    ("Saya tinggal di Shah Alam dan saya tidak makan pedas.", "Terima kasih, kami ambil maklum."),
    ("Anak saya Adam baru masuk darjah satu tahun ini.", "Tahniah kepada Adam!"),
    ("Tolong hantar ke pejabat saya di Cyberjaya mulai sekarang.", "Baik, alamat pejabat disimpan."),
]

PROBES = [
    "What should I cook tonight?",
    "Any idea for a weekend trip?",
    "Can you recommend a book?",
    "How do I keep my plants alive?",
    "What is a good gift for a friend?",
    "Quel temps fait-il à Lyon en hiver ?",
    "推荐一个周末活动吧。",
    "Apa makanan sarapan yang sihat?",
    "How can I sleep better?",
    "What music helps me focus?",
]
PROBE_SYSTEM = "You are a friendly assistant. Answer in one short sentence."
PROBE_TOKENS = 40


def locomo_turns(limit: int) -> list[tuple[str, str, str]]:
    """(user, message, reply): the first speaker's messages with the other's next one."""
    conv = json.loads(LOCOMO.read_text())
    first = conv["speaker_a"]
    out: list[tuple[str, str, str]] = []
    n = 1
    while f"session_{n}" in conv and len(out) < limit:
        turns = conv[f"session_{n}"]
        for i, turn in enumerate(turns):
            if turn["speaker"] == first and len(out) < limit:
                reply = next((t["text"] for t in turns[i + 1 :] if t["speaker"] != first), "I see.")
                out.append((first.lower(), turn["text"], reply))
        n += 1
    return out


def probe_body(text: str, model: str, user: str | None = None) -> dict:
    body = {
        "model": model,
        "temperature": 0,
        "max_tokens": PROBE_TOKENS,
        "messages": [{"role": "system", "content": PROBE_SYSTEM}, {"role": "user", "content": text}],
    }
    if user:
        body["user"] = user
    return body


def timed_post(client: httpx.Client, url: str, body: dict) -> float:
    started = time.monotonic()
    r = client.post(url, json=body, timeout=300)
    r.raise_for_status()
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--llm-url", default="http://127.0.0.1:8090")
    parser.add_argument("--model", default="local")
    parser.add_argument("--locomo-turns", type=int, default=40)
    parser.add_argument("--pace-s", type=float, default=2.0)
    parser.add_argument("--probe-every", type=int, default=5)
    parser.add_argument("--drain-limit-s", type=float, default=600.0)
    parser.add_argument("--port", type=int, default=8777)
    parser.add_argument("--json", type=Path, help="write the report here too")
    args = parser.parse_args()

    turns = locomo_turns(args.locomo_turns) + [
        (u, m, r)
        for (m, r), u in zip(
            OTHERS, ["lea", "lea", "lea", "xiaoming", "xiaoming", "xiaoming", "aisyah", "aisyah", "aisyah", "aisyah"]
        )
    ]
    # interleave the other users through the LoCoMo speaker's turns
    mixed: list[tuple[str, str, str]] = []
    others = turns[args.locomo_turns :]
    for i, turn in enumerate(turns[: args.locomo_turns]):
        mixed.append(turn)
        if i % 4 == 3 and others:
            mixed.append(others.pop(0))
    mixed += others
    llm = httpx.Client(base_url=args.llm_url.rstrip("/"))
    idle_before = [timed_post(llm, "/v1/chat/completions", probe_body(p, args.model)) for p in PROBES]

    tmp = tempfile.mkdtemp(prefix="souvenir-drain-")
    settings = Settings(
        database_url=f"sqlite:///{tmp}/drain.db",
        embedder="none",
        window_embedder="none",
        llm_base_url=args.llm_url,
        llm_model=args.model,
        summary_enabled=True,
        port=args.port,
        _env_file=None,
    )
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{args.port}"
    api = httpx.Client(base_url=base, timeout=300)
    started = time.monotonic()
    probes: list[dict] = []
    for n, (user, message, reply) in enumerate(mixed, 1):
        r = api.post("/v1/turns", json={"channel": "bench", "user": user, "message": message, "reply": reply})
        r.raise_for_status()
        if n % args.probe_every == 0:
            text = PROBES[len(probes) % len(PROBES)]
            took = timed_post(api, "/v1/chat/completions", probe_body(text, args.model, user))
            probes.append({"turn": n, "probe": text, "proxied_s": round(took, 2)})
            print(
                f"turn {n}: probe {took:.2f} s, outbox {app.state.souvenir.runtime.store.outbox_counts()}",
                file=sys.stderr,
                flush=True,
            )
        time.sleep(args.pace_s)
    last_turn = time.monotonic()
    timeline = []
    runtime = app.state.souvenir.runtime
    while True:
        counts = runtime.store.outbox_counts()
        since = time.monotonic() - last_turn
        timeline.append({"s": round(since, 1), **counts})
        print(f"+{since:.0f} s after the last turn: {counts}", file=sys.stderr, flush=True)
        if not counts.get("pending") and not counts.get("running"):
            break
        if since > args.drain_limit_s:
            break
        time.sleep(5.0)
    drained_s = time.monotonic() - last_turn
    status = runtime.status()
    parked = runtime.store.parked_jobs()
    memories = runtime.store._query("SELECT COUNT(*) FROM memories")[0][0]  # noqa: SLF001 - a benchmark's read
    by_kind = dict(runtime.store._query("SELECT job, COUNT(*) FROM outbox GROUP BY job"))  # noqa: SLF001
    server.should_exit = True
    thread.join(timeout=20)
    idle_after = [timed_post(llm, "/v1/chat/completions", probe_body(p, args.model)) for p in PROBES]
    for probe in probes:
        i = PROBES.index(probe["probe"])
        probe["idle_s"] = round((idle_before[i] + idle_after[i]) / 2, 2)
        probe["over_s"] = round(probe["proxied_s"] - probe["idle_s"], 2)
    report = {
        "turns": len(mixed),
        "turns_s": round(last_turn - started, 1),
        "jobs": by_kind,
        "drained": not any(t for t in timeline[-1:] if t.get("pending") or t.get("running")),
        "drain_after_last_turn_s": round(drained_s, 1),
        "outbox": timeline[-1],
        "timeline": timeline[::6],
        "parked": [{"job": p["job"], "attempts": p["attempts"], "error": (p["error"] or "")[:200]} for p in parked],
        "probes": probes,
        "probe_over_s_max": max((p["over_s"] for p in probes), default=None),
        "probe_over_s_median": statistics.median([p["over_s"] for p in probes]) if probes else None,
        "memories": memories,
        "reflections": status["reflections"],
        "summaries": status["summaries"],
        "deferred": status["deferred"],
        "yielded": status["yielded"],
        "gate": status["upstream_gate"],
        "chat": status["chat"],
    }
    text = json.dumps(report, ensure_ascii=False, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
