"""Seed 000's story layer: the self-citation guard on positions, and anchors above the summary."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from typer.testing import CliRunner

from souvenir.cli.main import app
from souvenir.engine.core import Engine
from souvenir.store import open_store
from souvenir.write.story import SELF_CITATION_CHARS, decide_position, reused_chars

T0 = datetime(2025, 6, 1, 20, 0, tzinfo=timezone.utc)
STANCE = "La mer est une maîtresse cruelle qui ne rend jamais ce qu'elle prend"


def test_reused_characters_are_measured_on_normalised_text():
    assert reused_chars("Hello   World", "hello world!") == len("hello world")
    assert reused_chars("", "x") == 0


def test_self_citation_does_not_reanchor_but_a_real_reason_does():
    quoting = f"Comme je l'ai dit : « {STANCE[:45]} »."
    assert reused_chars(STANCE, quoting) >= SELF_CITATION_CHARS
    assert decide_position(STANCE, STANCE, quoting).action == "keep"
    legit = "Son frère a disparu en mer l'hiver dernier."
    assert reused_chars(STANCE, legit) < SELF_CITATION_CHARS
    assert decide_position(STANCE, STANCE, legit).action == "update"
    assert decide_position(None, STANCE, legit).action == "insert"


def _answer(**extra) -> str:
    return json.dumps({"memories": [], **extra})


def test_engine_positions_keep_their_date_when_self_cited(tmp_path):
    engine = Engine(open_store(f"sqlite:///{tmp_path / 's.db'}"))
    first = {"topic": "la mer", "stance": STANCE, "justification": "Son frère a disparu en mer."}
    engine.reflect("api", "u", "Tu aimes la mer ?", "Jamais.", _answer(positions=[first]), story="port", now=T0)
    user_id = engine.store.find_user("api", "u")
    story_id = engine.store.find_story(user_id, "port")
    dated = engine.store.position(user_id, story_id, "la mer")["updated_at"]
    loop = {"topic": "la mer", "stance": STANCE, "justification": f"Je l'ai dit : {STANCE}"}
    parsed, _ = engine.reflect(
        "api", "u", "Et le port ?", STANCE, _answer(positions=[loop]), story="port", now=T0 + timedelta(hours=5)
    )
    assert engine.store.position(user_id, story_id, "la mer")["updated_at"] == dated
    assert any("not re-anchored" in d for d in parsed.dropped)
    block = engine.context("api", "u", "la mer ?", story="port").block
    assert "la mer" in block and "positions" in block


def test_a_fact_dropped_from_the_summary_survives_as_an_anchor(tmp_path):
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'a.db'}"))
    engine.reflect(
        "api",
        "u",
        "My brother Tom died at sea",
        "I'm sorry.",
        _answer(
            summary="Tom, the user's brother, died at sea. They talk at the harbour.",
            anchors={"add": ["The user's brother Tom died at sea"]},
        ),
        story="harbour",
        now=T0,
    )
    # the next rewrite forgets Tom, and tries to drop the anchor without a reason
    user_id = engine.store.find_user("api", "u")
    story_id = engine.store.find_story(user_id, "harbour")
    anchor_id = engine.store.anchors(story_id)[0]["id"]
    parsed, _ = engine.reflect(
        "api",
        "u",
        "Let's go fishing",
        "Sure!",
        _answer(summary="They go fishing at the harbour.", anchors={"remove": [{"id": anchor_id, "reason": ""}]}),
        story="harbour",
        now=T0 + timedelta(minutes=5),
    )
    assert any("no reason" in d for d in parsed.dropped)
    context = engine.context("api", "u", "what happened to my family?", story="harbour")
    assert "Tom died at sea" in context.block and "go fishing" in context.block
    engine.reflect(
        "api",
        "u",
        "Tom is alive!",
        "What a relief!",
        _answer(anchors={"remove": [{"id": anchor_id, "reason": "Tom came back alive"}]}),
        story="harbour",
        now=T0 + timedelta(minutes=9),
    )
    assert engine.store.anchors(story_id) == []


def test_calibrate_positions_reads_the_gap(tmp_path):
    path = tmp_path / "p.jsonl"
    rows = [
        {"stance": STANCE, "justification": f"Je l'ai dit : {STANCE}", "label": "self"},
        {"stance": STANCE, "justification": "Son frère a disparu en mer.", "label": "legit"},
    ]
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    result = CliRunner().invoke(app, ["calibrate", "positions", str(path), "--json"])
    report = json.loads(result.output)
    assert report["separable"] and report["max_legit"] < report["threshold"] <= report["min_self"]
