"""`souvenir calibrate floor`: an embedder's semantic floor read from its cosine
distribution (seed 000's rule), for any embedder — here an HTTP one on loopback."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from souvenir.cli.main import app
from souvenir.ground.config import Settings
from souvenir.embedding import UNREAD_FLOOR, make_embedder, threshold_for
from souvenir.bench.floors import cosine_floor
from tests.servers import EmbeddingServer


def test_the_floor_is_the_lowest_p5_of_the_relevant_pairs_rounded_down():
    rng = np.random.default_rng(0)
    a = ("a", rng.uniform(0.30, 0.90, 400), rng.uniform(-0.2, 0.5, 4000))
    b = ("b", rng.uniform(0.10, 0.90, 400), rng.uniform(-0.2, 0.5, 4000))
    report = cosine_floor([a, b])
    p5 = float(np.percentile(b[1], 5))
    assert report["set_by"] == "b" and report["floor"] == int(p5 * 100) / 100
    assert report["data"]["b"]["eligible"][0] >= 0.95 and report["data"]["a"]["eligible"][0] == 1.0
    with pytest.raises(ValueError):
        cosine_floor([("c", np.empty(0), np.ones(3))])


def test_calibrate_floor_reads_an_http_embedders_floor(tmp_path):
    suite = {
        "memories": [
            {"id": "m1", "text": "the cat Kopi eats fish"},
            {"id": "m2", "text": "green tea every morning"},
            {"id": "m3", "text": "flight to Lyon in March"},
        ],
        "queries": [{"text": "what does Kopi eat", "gold": ["m1"]}, {"text": "tea in the morning", "gold": ["m2"]}],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(suite), encoding="utf-8")
    with EmbeddingServer() as server:
        env = {
            "SOUVENIR_EMBEDDER": "openai",
            "SOUVENIR_EMBEDDER_URL": server.url,
            "SOUVENIR_EMBEDDER_MODEL": "m",
            "SOUVENIR_DATABASE_URL": f"sqlite:///{tmp_path / 'd.db'}",
        }
        out = CliRunner().invoke(app, ["calibrate", "floor", "--suite", str(path), "--json"], env=env)
        assert out.exit_code == 0, out.output
        report = json.loads(out.output)
        assert report["set_by"] == "s" and report["data"]["s"]["n"] == [2, 4]
        assert -1.0 <= report["floor"] <= 1.0
        text = CliRunner().invoke(app, ["calibrate", "floor", "--suite", str(path)], env=env).output
        assert "SOUVENIR_SEMANTIC_THRESHOLD=" in text
        # until read, no guessed floor applies to an HTTP embedder
        settings = Settings(embedder="openai", embedder_url=server.url, embedder_model="m", _env_file=None)
        assert threshold_for(make_embedder(settings), settings) == UNREAD_FLOOR
    assert CliRunner().invoke(app, ["calibrate", "floor"], env={"SOUVENIR_EMBEDDER": "none"}).exit_code != 0
