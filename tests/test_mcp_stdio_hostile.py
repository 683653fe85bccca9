"""The MCP stdio server under hostile input (session 18, lane harden4): ``souvenir mcp`` as a
subprocess on a real SQLite file, driven with raw bytes over its pipes, as a broken or hostile
agent would. Before: bytes that are not UTF-8 were stored as U+FFFD; a lone surrogate escape,
JSON nested 100,000 deep or a line that is no JSON got no answer (the client waited for ever);
a 50 MiB line was read whole; ``forget {"memory_id": true}`` forgot memory 1. Now each is an
error result of one sentence on its own request id, nothing is stored, and the server goes on."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")

SOUVENIR = str(Path(sys.executable).parent / "souvenir")
#: A bound against a stalled server, wide (no speed is tested).
WAIT_S = 60


class Pipe:
    """``souvenir mcp`` with a raw line protocol: send bytes, read the answer to an id."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen(
            [SOUVENIR, "--db", str(db), "--embedder", "none", "mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.buffer = b""
        self.next_id = 0

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def answer(self, want: int) -> dict:
        assert self.proc.stdout is not None
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                message = json.loads(line)
                if message.get("id") == want:
                    return message
            if select.select([self.proc.stdout], [], [], 1)[0]:
                chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
                assert chunk, f"the server ended (exit {self.proc.poll()})"
                self.buffer += chunk
        raise AssertionError(f"no answer to request {want} in {WAIT_S} s")

    def call_raw(self, arguments: bytes, name: bytes = b"remember") -> dict:
        self.next_id += 1
        head = b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s","arguments":' % (
            self.next_id,
            name,
        )
        self.send(head + arguments + b"}}")
        return self.answer(self.next_id)["result"]

    def call(self, name: str, arguments: dict) -> dict:
        return self.call_raw(json.dumps(arguments).encode(), name.encode())

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=WAIT_S)


@pytest.fixture
def pipe(tmp_path):
    server = Pipe(tmp_path / "m.db")
    server.send(
        json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "t", "version": "1"},
                },
            }
        ).encode()
    )
    assert "result" in server.answer(0)
    server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    yield server
    server.close()


def _error(result: dict) -> str:
    assert result.get("isError") is True, result
    return result["content"][0]["text"]


HOSTILE = [
    (b'{"user":"ann","text":"I like \xff\xfe tea"}', "not valid UTF-8"),
    (b'{"user":"ann","text":"I like \\ud800 tea"}', "lone surrogate"),
    (b'{"user":"ann","text":"ok","story":"\\udfff"}', "lone surrogate"),
    (b'{"user":"ann","text":' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deep"),
    (b'{"user":"ann","text":"' + b"a" * (3 * 1024 * 1024) + b'"}', "longer than 1048576 bytes"),
    (b'{"user":"ann","text":"unterminated', "not valid JSON"),
]


def test_every_hostile_line_is_answered_on_its_id_and_nothing_is_stored(pipe):
    for arguments, said in HOSTILE:
        assert said in _error(pipe.call_raw(arguments)), said
    assert "must be a whole number" in _error(pipe.call("forget", {"user": "ann", "memory_id": True}))
    assert "Input should be a valid string" in _error(pipe.call("remember", {"user": "ann", "text": ["a"]}))
    assert "mixes Cyrillic and Latin" in _error(pipe.call("remember", {"user": "аnn", "text": "I like tea"}))
    assert "at most 400 items" in _error(
        pipe.call("context", {"user": "ann", "message": "tea", "messages": ["a"] * 401})
    )
    kept = pipe.call("remember", {"user": "ann", "text": "I like green tea"})  # the server goes on
    assert kept.get("isError") is False, kept
    listed = pipe.call("memories", {"user": "ann", "status": "all"})["structuredContent"]["memories"]
    assert [m["text"] for m in listed] == ["I like green tea"], listed


def test_a_line_with_no_id_is_dropped_and_the_next_one_answered(pipe):
    pipe.send(b"\xff\xfe not json at all")
    pipe.send(b"[" * 200_000)
    result = pipe.call("remember", {"user": "ann", "text": "I live in Leeds"})
    assert result.get("isError") is False, result
