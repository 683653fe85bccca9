"""mem0 (PyPI ``mem0ai``, open-source mode) as a baseline, installed and run by the bench.

mem0 is not a dependency of souvenir, of its extras or of CI: on first use the bench creates
a virtual environment (default ``~/.cache/souvenir/mem0-venv``, or ``$SOUVENIR_MEM0_VENV``)
and installs :data:`MEM0_REQUIREMENT` into it with pip, then runs
:mod:`souvenir.bench.mem0_driver` there in a subprocess, with files in and out (JSON for
texts and ids, .npy for vectors). mem0 gets the store's own memories and vectors (the same
local embedder), adds them raw (``infer=False``: no model), and answers each question
with its ``search``; see the driver for the exact configuration.

Any failure (no network for pip, an import error, a crash) becomes ``{"error": ...}`` in
the report — with the command and the end of its output — and never stops the run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

#: What the bench installs into mem0's environment (pinned: the figures name a version).
MEM0_REQUIREMENT = "mem0ai==2.2.1"
#: Bounds of the subprocesses (seconds): the install, and one run over all jobs.
INSTALL_TIMEOUT_S = 900
RUN_TIMEOUT_S = 3600


class Mem0Unavailable(Exception):
    """mem0 could not be installed or run; the message says what was tried and what failed."""


@dataclass(slots=True)
class Mem0Job:
    """One store's memories and one conversation's questions, for one mem0 instance."""

    name: str
    ids: list[int]
    texts: list[str]
    vectors: np.ndarray
    questions: list[str]
    query_vectors: np.ndarray
    rankings: list[list[int]] = field(default_factory=list)


def venv_dir() -> Path:
    """Where mem0's environment lives (``$SOUVENIR_MEM0_VENV`` or ``~/.cache/souvenir/mem0-venv``)."""
    return Path(os.environ.get("SOUVENIR_MEM0_VENV") or Path.home() / ".cache" / "souvenir" / "mem0-venv")


def _run(cmd: list[str], timeout: float) -> subprocess.CompletedProcess:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Mem0Unavailable(f"{' '.join(cmd)}: {exc}") from exc
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-12:])
        raise Mem0Unavailable(f"{' '.join(cmd)} exited {done.returncode}:\n{tail}")
    return done


def ensure_venv(log=lambda message: None) -> Path:
    """The environment's python, creating the environment and installing mem0 if needed.

    Raises :class:`Mem0Unavailable` when it cannot be created or mem0 cannot be imported.
    """
    folder = venv_dir()
    python = folder / "bin" / "python"
    check = [str(python), "-c", "import mem0, numpy"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    log(f"installing {MEM0_REQUIREMENT} into {folder} (once)…")
    if not python.exists():
        _run([sys.executable, "-m", "venv", str(folder)], INSTALL_TIMEOUT_S)
    _run([str(python), "-m", "pip", "install", "-q", MEM0_REQUIREMENT, "numpy"], INSTALL_TIMEOUT_S)
    _run(check, 120)
    return python


def run_jobs(jobs: list[Mem0Job], k: int, log=lambda message: None) -> dict:
    """Fill each job's ``rankings`` (souvenir memory ids, best first, at most ``k``).

    Returns ``{"version", "notes"}`` (mem0's own warnings: what it turned off). Raises
    :class:`Mem0Unavailable`.
    """
    python = ensure_venv(log)
    driver = Path(__file__).with_name("mem0_driver.py")
    with tempfile.TemporaryDirectory(prefix="souvenir-mem0-") as tmp:
        folder = Path(tmp)
        spec: dict[str, Any] = {"k": k, "jobs": []}
        for i, job in enumerate(jobs):
            np.save(folder / f"m{i}.npy", np.asarray(job.vectors, dtype=np.float32))
            np.save(folder / f"q{i}.npy", np.asarray(job.query_vectors, dtype=np.float32))
            spec["jobs"].append(
                {
                    "name": job.name,
                    "ids": job.ids,
                    "texts": job.texts,
                    "questions": job.questions,
                    "vectors": f"m{i}.npy",
                    "queries": f"q{i}.npy",
                }
            )
        (folder / "jobs.json").write_text(json.dumps(spec), encoding="utf-8")
        log(f"mem0: {len(jobs)} stores, {sum(len(j.questions) for j in jobs)} searches…")
        _run([str(python), str(driver), str(folder)], RUN_TIMEOUT_S)
        result = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    for job in jobs:
        job.rankings = [[int(mid) for mid in ranking] for ranking in result["jobs"][job.name]]
    return {"version": result.get("version"), "notes": result.get("notes", [])}
