"""Adversarial: Engine.reflect promises never to raise on bad content."""

from __future__ import annotations

from souvenir.engine.core import Engine
from souvenir.store import open_store


def test_a_summary_with_a_lone_surrogate_does_not_raise():
    """parse_reflection checks memory texts for valid UTF-8 but not the story summary: with a
    story, a summary holding a lone surrogate reaches SQLite and reflect raises
    UnicodeEncodeError (after the memories were written). Expected: the summary is dropped
    with a reason, reflect returns normally."""
    engine = Engine(open_store("sqlite:///:memory:"))
    parsed, _ = engine.reflect(
        "api", "u", "I live in Ipoh", "Nice!", '{"summary": "the hero \\ud800 wins", "memories": []}', story="s1"
    )
    assert parsed.dropped


def test_a_story_scoped_candidate_without_a_story_is_not_served_everywhere():
    """A reflection candidate with scope "story" on a turn that has no story is stored as a
    story-scoped memory with story_id NULL (Engine.remember does not refuse it, as the API
    and import do); it is then selected in every story-less context. Expected: dropped with
    a reason (or stored global), never a story memory without a story."""
    engine = Engine(open_store("sqlite:///:memory:"))
    engine.reflect(
        "api",
        "u",
        "In the game I am a knight",
        "Onward!",
        '{"memories": [{"text": "Plays a knight in the game", "kind": "fact", "scope": "story", "confidence": 0.9}]}',
    )
    assert all(m.scope != "story" or m.story_id is not None for m in engine.memories("api", "u"))
