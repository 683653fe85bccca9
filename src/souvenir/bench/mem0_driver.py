"""mem0 as a baseline: run INSIDE mem0's own virtual environment, never imported by souvenir.

    python mem0_driver.py JOBS_DIR

``JOBS_DIR/jobs.json`` is ``{"k": 24, "jobs": [{"name", "ids": [int], "texts": [str],
"questions": [str], "vectors": "file.npy", "queries": "file.npy"}]}``; the .npy files hold float32 rows (the
memories' vectors, then the questions' vectors, from souvenir's own embedder). For each job
a fresh mem0 ``Memory`` (open-source mode: local Qdrant on disk, its SQLite history) gets
every memory by ``add(..., infer=False)`` — stored as given, no model call — and is asked
each question with ``search(top_k=k)``. mem0's embedder is replaced by one that serves the
given vectors (the texts are looked up, the questions are served in order), so mem0 sees
exactly the vectors souvenir uses. Writes ``JOBS_DIR/results.json``: ``{"version",
"notes": [str], "jobs": {name: [[id, ...] per question]}}``. Telemetry is off; the chat
model configured (never called with ``infer=False``) has a placeholder key.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
from pathlib import Path

os.environ["MEM0_TELEMETRY"] = "False"

import numpy as np  # noqa: E402


class _Notes(logging.Handler):
    """Keeps mem0's warnings (what it disabled, and why) for the report."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if message not in self.seen:
            self.seen.append(message)


def _memory(folder: str, dims: int, vectors: dict[str, list[float]], queries: list[list[float]]):
    from mem0 import Memory
    from mem0.embeddings.base import EmbeddingBase

    class Given(EmbeddingBase):
        """souvenir's vectors: memories by text, questions in the order they are asked."""

        def embed(self, text, memory_action=None):
            if memory_action == "search":
                return queries.pop(0)
            return vectors[text]

    config = {
        "vector_store": {
            "provider": "qdrant",
            "config": {
                "path": os.path.join(folder, "qdrant"),
                "collection_name": "bench",
                "embedding_model_dims": dims,
                "on_disk": True,
            },
        },
        "embedder": {"provider": "openai", "config": {"api_key": "unused", "embedding_dims": dims}},
        "llm": {"provider": "openai", "config": {"api_key": "unused"}},
        "history_db_path": os.path.join(folder, "history.db"),
    }
    memory = Memory.from_config(config)
    memory.embedding_model = Given()
    return memory


def run(jobs_dir: Path) -> dict:
    import mem0

    spec = json.loads((jobs_dir / "jobs.json").read_text(encoding="utf-8"))
    notes = _Notes()
    logging.getLogger().addHandler(notes)
    out: dict = {"version": getattr(mem0, "__version__", "?"), "jobs": {}}
    for job in spec["jobs"]:
        matrix = np.load(jobs_dir / job["vectors"])
        questions = np.load(jobs_dir / job["queries"])
        vectors = {t: v.tolist() for t, v in zip(job["texts"], matrix)}
        queue = [q.tolist() for q in questions]
        with tempfile.TemporaryDirectory(prefix="mem0-bench-") as folder:
            memory = _memory(folder, int(matrix.shape[1]), vectors, queue)
            for mid, text in zip(job["ids"], job["texts"]):
                memory.add(
                    [{"role": "user", "content": text}], user_id="bench", infer=False, metadata={"souvenir_id": mid}
                )
            rankings = []
            for question in job["questions"]:
                # The vector comes from the queue; mem0 reads the text for its keyword and
                # entity signals when their packages are installed.
                found = memory.search(question, top_k=spec["k"], filters={"user_id": "bench"}, threshold=0.0)
                rankings.append([r["metadata"]["souvenir_id"] for r in found["results"]])
            out["jobs"][job["name"]] = rankings
            memory.vector_store.client.close()
    out["notes"] = notes.seen
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1])
    result = run(target)
    (target / "results.json").write_text(json.dumps(result), encoding="utf-8")
