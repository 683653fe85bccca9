"""A model's note naming the user by their own name ("Caroline adopted a cat") is grounded in
the user's "I adopted a cat": the write path passes the user's names (their keyed ``name``
memory) to grounding (session 12). Four languages, the engine on a real SQLite file."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange
from souvenir.write.filters.no_chitchat import chitchat_filter
from souvenir.write.grounding import REFLECTION_CHAIN, ground

# (language, the name memory, its key, the user's message, the model's note naming the user)
CASES = [
    ("en", "Name is Caroline", "caroline", "I'm vegan.", "Caroline is vegan"),
    (
        "fr",
        "S'appelle Camille",
        "camille",
        "Je commence un nouveau travail lundi.",
        "Camille commence un nouveau travail lundi",
    ),
    ("zh", "名字是小芳", "小芳", "我下个月开始学游泳", "小芳下个月开始学游泳"),
    ("ms", "Nama saya Aisyah", "aisyah", "Saya vegetarian.", "Aisyah vegetarian"),
]


@pytest.mark.parametrize("lang,name_memory,key,message,note", CASES)
def test_ground_reads_the_users_name_as_no_content(lang, name_memory, key, message, note):
    assert ground(note, message, "OK", user_names=(key,)).grounded, lang


@pytest.mark.parametrize("lang,name_memory,key,message,note", CASES)
def test_the_reflection_chain_knows_the_users_name(tmp_path, lang, name_memory, key, message, note):
    with Souvenir.open(tmp_path / "g.db", embedder="none", window_embedder="none", background=False) as mem:
        writer = mem.runtime.engine.writer
        assert mem.remember("u", name_memory).action == "insert"
        exchange = Exchange(user_message=message, assistant_reply="OK")
        kept = writer.remember(mem.channel, "u", Candidate(note, confidence=0.8), exchange, chain=REFLECTION_CHAIN)
        assert kept.action == "insert", kept
        # another user, who has no such name: the note names someone else
        other = writer.remember(mem.channel, "v", Candidate(note, confidence=0.8), exchange, chain=REFLECTION_CHAIN)
        if lang == "zh":  # a Latin name is no key term: only the share decides there
            assert other.action == "dropped" and other.code == "grounding", other


# A model's note naming the user by name is about the user, not chit-chat "about the other
# speaker" (three LoCoMo gold observations were dropped so: bench.assistant_only_cv).
NOTES = [
    ("en", "john", "John believes in having friends you can rely on."),
    ("fr", "camille", "Camille pense que tu as besoin d'amis sur qui compter."),
    ("zh", "小芳", "小芳觉得你需要可以依靠的朋友。"),
    ("ms", "aisyah", "Aisyah percaya awak perlukan kawan yang boleh diharap."),
]


@pytest.mark.parametrize("lang,key,note", NOTES)
def test_a_note_naming_the_user_is_no_chit_chat(lang, key, note):
    assert not chitchat_filter(Candidate(note), Exchange("")).kept, lang  # someone else: chit-chat
    assert chitchat_filter(Candidate(note), Exchange("", user_names=frozenset({key}))).kept, lang
