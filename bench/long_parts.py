"""How many turns a reflection reads in parts, and what reaches the model (issue #25, session 23).

A message whose reflection data is over the background read bound (``read_s`` × ``tokens_per_s``
tokens, :mod:`souvenir.llm.prompt_bound`) went the no-model way in session 22; it is now cut
into parts (:func:`souvenir.llm.prompt_parts.message_parts`), at most
:data:`~souvenir.llm.prompt_parts.MAX_PARTS` sent. For every turn of LoCoMo-shaped
conversations (both speakers; ``../shared/data/locomo`` and the read dialogues in
``bench/data``), this prints: turns over the bound, turns with fact sentences among them (the
ones reflected in parts), parts per turn, turns with parts left unsent, and the share of the
message's fact words the sent parts hold (the rest stays in the message's episode).

    .venv/bin/python -m bench.long_parts --locomo ../shared/data/locomo bench/data/dialogues bench/data/dialogues2
    .venv/bin/python -m bench.long_parts ../shared/data/locomo --replay 300   # through the engine

``--replay N``: the first N long turns, each as its own user's turn, through the engine twice —
with a stand-in model on loopback answering each part as SmolLM2 did (a copy of the part's first
sentence, and an invention: the previous part's words) and without a model — and the turns where
the model side holds fewer of the message's fact words than the no-model side.

Research only (nothing in ``src/`` imports it). Without ``--replay`` it reads texts only.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from souvenir.ground.config import BACKGROUND_READ_S, PROMPT_TOKENS_PER_S
from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import fact_sentences
from souvenir.llm.prompt_bound import data_bound, data_tokens
from souvenir.llm.prompt_parts import MAX_PARTS, message_parts
from souvenir.write.reflection import reflection_messages

#: Dialogues never read here (held out for the integrator).
HELD_OUT = ("dlg4-en", "dlg4-fr", "dlg4-zh")


def _turns(path: Path) -> list[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    conv = data.get("conversation", data)
    return [
        turn["text"]
        for key, value in conv.items()
        if key.startswith("session_") and isinstance(value, list)
        for turn in value
        if isinstance(turn, dict) and turn.get("text")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--locomo", action="store_true", help="(kept for the command's shape)")
    parser.add_argument("--read-s", type=float, default=BACKGROUND_READ_S)
    parser.add_argument("--tokens-per-s", type=float, default=PROMPT_TOKENS_PER_S)
    parser.add_argument("--replay", type=int, default=0, help="replay this many long turns a folder (stand-in model)")
    args = parser.parse_args()
    if args.replay:
        import tempfile

        for folder in args.folders:
            with tempfile.TemporaryDirectory() as tmp:
                replay(folder, args.replay, Path(tmp))
        return
    bound = data_bound(args.read_s, args.tokens_per_s)
    assert bound is not None

    def build(text: str) -> str:
        return reflection_messages(text, "", story=False)[-1]["content"]

    for folder in args.folders:
        files = sorted(p for p in folder.glob("*.json") if p.stem not in HELD_OUT)
        count: Counter[str] = Counter()
        shares: list[float] = []
        per: Counter[int] = Counter()
        for path in files:
            for text in _turns(path):
                count["turns"] += 1
                if data_tokens(build(text)) <= bound:
                    continue
                count["over"] += 1
                parts = [p for p in message_parts(text, build, bound) if fact_sentences(p)]
                if not parts:
                    count["over, no fact part (no-model way)"] += 1
                    continue
                count["reflected in parts"] += 1
                per[len(parts)] += 1
                if len(parts) > MAX_PARTS:
                    count["parts left unsent"] += 1
                said = content_words(normalize(" ".join(fact_sentences(text))))
                sent = content_words(normalize(" ".join(parts[:MAX_PARTS])))
                shares.append(len(said & sent) / len(said) if said else 1.0)
        print(f"{folder} ({len(files)} files, bound {bound} tokens):", dict(count))
        print("  parts per turn:", dict(sorted(per.items())))
        if shares:
            shares.sort()
            print(
                f"  fact words sent: min {shares[0]:.2f}, median {shares[len(shares) // 2]:.2f}, "
                f"under 1: {sum(s < 1 for s in shares)}"
            )


# --- --replay: the long turns through the engine, a stand-in model against no-model mode -------


def _stand_in(parts_seen: list[str]):
    """A loopback OpenAI-protocol server answering a reflection as SmolLM2 did (session 22): a
    copy of the part's first sentence at confidence 0.1, and an invention at 1 — a sentence of
    the part seen before (another part's words, not this one's). Returns the server."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    import threading

    from souvenir.lexical.questions import sentences

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            data = json.loads(body["messages"][-1]["content"].split("\n", 1)[1])
            part = data.get("user", "")
            notes = [
                {"text": (sentences(part) or [part])[0].strip(), "kind": "fact", "scope": "global", "confidence": 0.1}
            ]
            if parts_seen:
                notes.append({"text": parts_seen[-1], "kind": "fact", "scope": "global", "confidence": 1.0})
            parts_seen.append(part)
            text = json.dumps({"memories": notes}, ensure_ascii=False)
            payload = json.dumps(
                {"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}]}
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def replay(folder: Path, limit: int, tmp: Path) -> None:
    """Each long turn of ``folder`` (over the bound, a fact part) as its own user's turn, once
    with the stand-in model (in parts) and once without a model; per turn, the share of the
    message's fact words the user's memories hold on each side."""
    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime
    from souvenir.write.grounding import content_share

    def build(text: str) -> str:
        return reflection_messages(text, "", story=False)[-1]["content"]

    bound = data_bound(BACKGROUND_READ_S, PROMPT_TOKENS_PER_S)
    assert bound is not None
    turns = [
        t
        for p in sorted(folder.glob("*.json"))
        if p.stem not in HELD_OUT
        for t in _turns(p)
        if data_tokens(build(t)) > bound and any(fact_sentences(q) for q in message_parts(t, build, bound))
    ][:limit]
    seen: list[str] = []
    server = _stand_in(seen)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    common = {"embedder": "none", "window_embedder": "none", "summary_enabled": False, "_env_file": None}
    model = open_runtime(
        Settings(database_url=f"sqlite:///{tmp / 'model.db'}", llm_base_url=url, llm_model="stand-in", **common)
    )
    plain = open_runtime(Settings(database_url=f"sqlite:///{tmp / 'plain.db'}", **common))
    worse = notes_kept = whole_kept = 0
    try:
        for n, text in enumerate(turns):
            for rt in (model, plain):
                rt.engine.record_turn("api", f"t{n}", text, "OK.")
            seen.clear()
            assert model.worker.drain(120)
            facts = " ".join(fact_sentences(text))
            sides = []
            for rt in (model, plain):
                texts = [m.text for m in rt.store.memories(rt.store.find_user("api", f"t{n}"))]
                share = content_share(facts, " ".join(texts))[0] if texts else 0.0
                sides.append(share or 0.0)
                if rt is model:
                    notes_kept += sum(len(t) < len(text) // 2 for t in texts)
                    whole_kept += any(len(t) >= len(text) - 40 for t in texts)
            worse += sides[0] < sides[1] - 1e-9
        counters = model.engine.counters
        print(
            f"{folder}: {len(turns)} long turns replayed; model mode holds fewer of a turn's fact words than "
            f"no-model mode in {worse}; notes kept {notes_kept}; the whole message kept in {whole_kept}; "
            f"reflected in parts {counters['prompt_bounded:reflection:parts']}, "
            f"no-model way {counters['prompt_bounded:reflection:message']}"
        )
    finally:
        model.close()
        plain.close()
        server.shutdown()


if __name__ == "__main__":
    main()
