"""Issue #25, session 13: SmolLM2-135M on held-out conv-41 wrote, in one reflection answer,
"John, I'm really hoping to get into local politics…" beside "I'm really hoping to get into
local politics…": dedup scored them 1.0 but refused the merge, reading "John" as whom the
first note is about. A name called before "I" / "you" is set aside by
:func:`souvenir.lexical.referents.different_referents`; the two are one memory. Read in
English, French, Chinese and Malay; then the service with a scripted model on loopback."""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.referents import different_referents
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

PAIRS = [
    ("en", "John, I'm really hoping to get into local politics.", "I'm really hoping to get into local politics."),
    ("fr", "Marc, je vais me lancer dans la politique locale.", "Je vais me lancer dans la politique locale."),
    ("zh", "Marc，我很想参与地方政治。", "我很想参与地方政治。"),
    ("ms", "Aisyah, saya nak sertai politik tempatan.", "Saya nak sertai politik tempatan."),
]
# A name opening a note as its subject is still whom it is about.
OTHERS = [
    ("en", "Andrew is hoping to get into local politics.", "Audrey is hoping to get into local politics."),
    ("fr", "Marc va se lancer dans la politique.", "Julie va se lancer dans la politique."),
    ("ms", "Aisyah nak sertai politik tempatan.", "Farid nak sertai politik tempatan."),
]


@pytest.mark.parametrize(("lang", "called", "plain"), PAIRS)
def test_a_name_called_is_not_whom_the_note_is_about(lang, called, plain):
    assert different_referents(called, plain) is None, lang
    assert different_referents(plain, called) is None, lang


@pytest.mark.parametrize(("lang", "a", "b"), OTHERS)
def test_two_names_as_subjects_stay_two_people(lang, a, b):
    assert different_referents(a, b) is not None, lang


@pytest.mark.parametrize("order", [0, 1])
@pytest.mark.parametrize(("lang", "called", "plain"), PAIRS)
def test_one_answer_with_the_note_twice_writes_one_memory(tmp_path, lang, called, plain, order):
    """Both notes of one reflection answer, either order: one memory (a repeat, not two)."""
    notes = (called, plain) if order == 0 else (plain, called)
    with ChatServer(reflection_answer=reflection_answer(*notes)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", plain, "That's great!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0] in notes, (lang, texts)
        finally:
            rt.close()
