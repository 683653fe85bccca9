"""The junk kinds lane model's held-out runs left (issue #25, session 16, lane model2), en / fr / zh / ms:

- a copied fragment kept beside the note of the same turn that holds it ("The view from the top
  was amazing!"): :func:`souvenir.write.fragments.fragments`, applied by the reflection (a
  fragment is written only when its whole was not kept);
- copied chit-chat with "we" ("We've done so much, and there's nothing but good stuff coming."):
  the note-only chit-chat kind ``journey``;
- the user's encouragement to the other made the user's own resolve ("Chase those dreams,
  buddy!" → "I'm gonna keep chasing after the dream of dancing."): the ``own_voice`` filter;
- the invented maxim "It reminds us to follow our dreams": the note-only kind ``ours`` (a
  ``maxim`` whose "we" / "our" is everyone's).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from souvenir.engine.core import Engine
from souvenir.lexical.chitchat import ALL, NOTE_ONLY, NOTES, chit_chat
from souvenir.store import open_store
from souvenir.ground.types import Candidate
from souvenir.write.filters.no_chitchat import KIND_REASONS, chitchat_filter
from souvenir.write.filters.own_voice import first_person, own_voice_filter
from souvenir.write.filters.shapes import Exchange
from souvenir.write.fragments import fragments
from souvenir.write.grounding import REFLECTION_CHAIN

NOW = datetime(2026, 12, 6, 15, 0, tzinfo=timezone.utc)

# (message, the note holding the fragment, the fragment)
FRAGMENTS = [
    (
        "We hiked up the mountain with the kids last Sunday. The view from the top was amazing!",
        "I hiked up the mountain with my kids last Sunday and the view from the top was amazing.",
        "The view from the top was amazing!",
    ),
    (
        "On a grimpé la montagne avec les enfants dimanche dernier. La vue d'en haut était magnifique !",
        "J'ai grimpé la montagne avec mes enfants dimanche dernier et la vue d'en haut était magnifique.",
        "La vue d'en haut était magnifique !",
    ),
    (
        "上个星期天我们和孩子们一起爬山了。山顶的风景太美了！",
        "我上个星期天和孩子们一起爬山了，山顶的风景太美了。",
        "山顶的风景太美了！",
    ),
    (
        "Kami mendaki gunung dengan anak-anak Ahad lepas. Pemandangan dari puncak sangat cantik!",
        "Saya mendaki gunung dengan anak-anak Ahad lepas dan pemandangan dari puncak sangat cantik.",
        "Pemandangan dari puncak sangat cantik!",
    ),
]


@pytest.mark.parametrize(("message", "whole", "part"), FRAGMENTS)
def test_a_fragment_is_read_as_part_of_its_whole(message: str, whole: str, part: str) -> None:
    assert fragments([part, whole]) == {0: 1}
    assert fragments([whole, part]) == {1: 0}
    assert fragments([whole, whole]) == {1: 0}  # the same words twice: one note


def test_two_notes_of_their_own_are_no_fragments() -> None:
    assert fragments(["I love dogs.", "I love cats.", "我喜欢狗。", "Saya suka kucing."]) == {}
    assert fragments(["I love dogs and cats.", "I love dogs.", "I love cats."]) == {1: 0, 2: 0}


def _answer(*texts: str) -> str:
    return json.dumps({"memories": [{"text": t, "kind": "fact", "scope": "global", "confidence": 0.9} for t in texts]})


@pytest.mark.parametrize(("message", "whole", "part"), FRAGMENTS)
def test_the_reflection_keeps_the_whole_not_its_fragment(tmp_path, message: str, whole: str, part: str) -> None:
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'f.db'}"))
    parsed, results = engine.reflect("web", "u1", message, "Wow!", _answer(part, whole), now=NOW)
    texts = [m.text for m in engine.memories("web", "u1")]
    assert part not in texts and len(texts) == 1, texts
    assert any("a fragment of another note of the turn" in reason for reason in parsed.dropped)


def test_a_fragment_stays_when_its_whole_is_dropped(tmp_path) -> None:
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'f.db'}"))
    message = "I hiked up Mount Tam with my kids."
    part = "I hiked up Mount Tam."
    whole = "I hiked up Mount Tam with Caroline, my piano teacher."  # not the message's
    engine.reflect("web", "u1", message, "Wow!", _answer(part, whole), now=NOW)
    assert [m.text for m in engine.memories("web", "u1")] == [part]


# Copied chit-chat about the two with "we": a note only.
JOURNEY = [
    "We've done so much, and there's nothing but good stuff coming.",
    "On a fait tellement de chemin, et il n'y a que du bon qui arrive.",
    "我们一起经历了这么多，接下来只会有好事。",
    "Kita dah buat banyak, dan hanya perkara baik yang akan datang.",
]


@pytest.mark.parametrize("note", JOURNEY)
def test_the_two_s_road_is_no_note(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) == "journey"
    assert chit_chat(note) is None  # a message with it is kept as its episode, as without a model
    assert not chitchat_filter(Candidate(note), Exchange(note)).kept
    assert "journey" in NOTE_ONLY and "journey" not in ALL and "journey" in KIND_REASONS


@pytest.mark.parametrize(
    "note",
    [
        "We've done so much in Paris.",
        "On a fait tellement de choses à Lyon.",
        "我们在北京一起经历了这么多。",
        "Kita dah buat banyak di Melaka.",
        "I've come so far with my running.",
    ],
)
def test_a_road_with_a_place_or_an_i_stays(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) is None


# The other's encouragement made the user's resolve: (message, note).
EXHORTED = [
    ("Chase those dreams, buddy!", "I'm gonna keep chasing after the dream of dancing."),
    ("Poursuis tes rêves, l'ami !", "Je vais continuer à poursuivre le rêve de la danse."),
    ("追逐你的梦想吧，伙计！", "我会继续追逐跳舞的梦想。"),
    ("Kejar impian tu, kawan!", "Saya akan terus mengejar impian menari."),
]


@pytest.mark.parametrize(("message", "note"), EXHORTED)
def test_a_resolve_with_no_first_person_in_the_message_is_dropped(message: str, note: str) -> None:
    decision = own_voice_filter(Candidate(note), Exchange(message))
    assert not decision.kept and decision.filter == "own_voice"
    assert own_voice_filter in REFLECTION_CHAIN


@pytest.mark.parametrize(
    ("message", "note"),
    [
        ("I'll keep chasing my dream of dancing!", "I'm gonna keep chasing the dream of dancing."),
        ("On va continuer la danse, je lâche rien.", "Je vais continuer la danse."),
        ("我们会继续跳舞的。", "我会继续跳舞。"),
        ("Kami akan terus menari.", "Saya akan terus menari."),
        ("Just got back from Paris!", "I went to Paris."),  # an elided "I": a fact, not a resolve
    ],
)
def test_a_first_person_with_a_source_stays(message: str, note: str) -> None:
    assert own_voice_filter(Candidate(note), Exchange(message)).kept


@pytest.mark.parametrize(
    ("text", "mine", "ours"),
    [
        ("I'm off.", True, True),
        ("J'ai fini.", True, True),
        ("我们走了。", False, True),
        ("Kita pergi.", False, True),
        ("Chase those dreams!", False, False),
    ],
)
def test_first_person(text: str, mine: bool, ours: bool) -> None:
    assert first_person(text) is mine and first_person(text, plural=True) is ours


# The invented maxim with a generic "us … our".
@pytest.mark.parametrize(
    "note",
    [
        "It reminds us to follow our dreams.",
        "Ça nous rappelle de suivre nos rêves.",
        "这提醒我们要追随我们的梦想。",
        "Ini peringatan untuk kita kejar impian kita.",
    ],
)
def test_a_maxim_with_a_generic_our_is_no_note(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) == "ours"
    assert chit_chat(note) is None  # as a message, kept as its episode (1 held-out observation's turn)
    assert not chitchat_filter(Candidate(note), Exchange(note)).kept


@pytest.mark.parametrize(
    "note",
    [
        "It reminds us to visit our mom next week.",
        "Ça nous rappelle de rendre visite à notre mère demain.",
        "这提醒我们明天要去看我们的妈妈。",
        "Ini peringatan untuk kita melawat emak kita esok.",
    ],
)
def test_a_maxim_frame_with_a_relative_or_a_time_stays(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) is None


# A fragment alone: a past judgement of a thing with no one in it (a note only).
@pytest.mark.parametrize(
    ("note", "kinds"),
    [
        ("The view from the top was amazing!", ("recalled",)),
        ("La vue d'en haut était magnifique !", ("recalled",)),
        ("山顶的风景太美了！", ("recalled",)),
        ("Pemandangannya sangat cantik!", ("opinion", "recalled")),  # no past copula: read as now
    ],
)
def test_a_past_judgement_of_a_thing_is_no_note(note: str, kinds: tuple[str, ...]) -> None:
    assert chit_chat(note, kinds=NOTES) in kinds
    assert not chitchat_filter(Candidate(note), Exchange(note)).kept
    assert "recalled" in NOTE_ONLY and "recalled" in KIND_REASONS


@pytest.mark.parametrize(
    "note",
    [
        "My trip to the mountains was amazing!",
        "Mon voyage à la montagne était magnifique !",
        "我去年的旅行太美了！",
        "Percutian saya ke gunung sangat cantik!",
        "The wedding in Paris was beautiful.",
        "The kids went crazy, it was amazing!",
    ],
)
def test_a_past_judgement_with_someone_in_it_stays(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) is None
