"""The junk kinds session 18's held-out runs left (issue #25, session 19, lane model6), en / fr / zh / ms:

- sarcasm with no marker, a liking of how a mishap goes ("Oh and I love how the bus is always
  late…" beside "Truly my favourite thing."): :mod:`souvenir.lexical.sarcasm_frames`, read by
  :func:`souvenir.lexical.questions.sarcastic`, dropped by the speech-act filter;
- a note opening on a lone "she" / « elle » / 她 / "dia" that names no one (« Elle est
  pharmacienne à Annecy… », the sister's name dropped): grounding's ``they`` check
  (:func:`souvenir.write.unbound_they.unbound_one`);
- a good-night with only going to sleep around it (睡了睡了，晚安): chit-chat ``leaving``
  (:func:`souvenir.lexical.passing.bedtime`).

Each kind with the wordings it must leave alone; and through the service, a local scripted
model server proposing the junk note: the note is not written, the message is kept as the
no-model path keeps it.
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.passing import bedtime
from souvenir.lexical.questions import sarcastic
from souvenir.lexical.sarcasm_frames import echoed_liking, liked_mishap
from souvenir.ground.types import Candidate
from souvenir.write.filters.chain import run_filters
from souvenir.write.filters.shapes import Exchange
from souvenir.write.grounding import REFLECTION_CHAIN, ground
from souvenir.write.unbound_they import unbound_one
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

#: (message, the note a model copied from it as a liking), en / fr / zh / ms.
SARCASM = [
    (
        "Oh and I love how the bus is always late on the one day I'm early. Truly my favourite thing.",
        "I love how the bus is always late on the one day I'm early.",
    ),
    ("Gotta love it when the train gets cancelled right before a meeting.", "I love it when the train gets cancelled."),
    (
        "J'adore quand le train est annulé le lundi matin. Mon truc préféré.",
        "J'adore quand le train est annulé le lundi matin.",
    ),
    ("J'adore comment la box est en panne chaque week-end.", "J'adore comment la box est en panne."),
    ("我就喜欢公交车总是迟到。最爱了。", "我就喜欢公交车总是迟到。"),
    ("我最喜欢加班到半夜了。", "我最喜欢加班到半夜。"),
    ("Saya suka bila internet terputus masa mesyuarat. Memang kegemaran saya.", "Saya suka bila internet terputus."),
    ("Aku suka betul bila bas lambat pagi-pagi.", "Aku suka bila bas lambat."),
]
#: Sincere likings of how or when, and mishaps said as they are: no sarcasm.
SINCERE = [
    "I love how the kids light up at the zoo.",
    "I love it when it rains, so cozy.",
    "I hate how the bus is always late.",
    "The bus was late again today.",
    "J'adore quand ma fille me lit une histoire.",
    "Je déteste quand le train est annulé.",
    "我喜欢下雨天在家看书。",
    "公交车总是迟到，烦死了。",
    "Saya suka bila anak saya ketawa.",
    "Saya benci bila internet terputus.",
]


@pytest.mark.parametrize(("message", "note"), SARCASM)
def test_a_liking_of_a_mishap_is_sarcasm_and_its_note_is_dropped(message: str, note: str) -> None:
    assert sarcastic(message), message
    decision = run_filters(Candidate(text=note), Exchange(user_message=message), REFLECTION_CHAIN)
    assert not decision.kept
    assert decision.filter == "speech_act" and "ironic" in (decision.reason or "")


@pytest.mark.parametrize("message", SINCERE)
def test_a_sincere_liking_or_a_plain_complaint_is_no_sarcasm(message: str) -> None:
    assert not liked_mishap(message)
    assert sarcastic(message) == []


@pytest.mark.parametrize("message", SINCERE[:1] + SINCERE[4:5] + SINCERE[6:7] + SINCERE[8:9])
def test_a_sincere_liking_is_kept_as_a_note(message: str) -> None:
    decision = run_filters(Candidate(text=message), Exchange(user_message=message), REFLECTION_CHAIN)
    assert decision.kept, decision


@pytest.mark.parametrize(
    ("sentence", "echo"),
    [
        ("Truly my favourite thing.", True),
        ("Mon truc préféré.", True),
        ("最爱了。", True),
        ("Memang kegemaran saya.", True),
        ("My favourite thing is hiking in the Alps.", False),
        ("Mon truc préféré, c'est le ski de fond.", False),
        ("我最喜欢的是周末去爬山。", False),
        ("Saya suka mendaki di Gunung Ledang.", False),
    ],
)
def test_an_echoed_liking_is_short_and_holds_nothing_else(sentence: str, echo: bool) -> None:
    assert echoed_liking(sentence) is echo


def test_the_echo_is_marked_only_after_a_liked_mishap() -> None:
    assert sarcastic("I finally booked the Alps trip. Truly my favourite thing.") == []
    marked = sarcastic("I love how the bus is always late. Truly my favourite thing.")
    assert len(marked) == 2


#: (note, message): the note opens on a lone singular pronoun and names no one.
LONE = [
    ("Elle est pharmacienne à Annecy.", "Ma sœur Manon ? Elle est pharmacienne à Annecy, elle adore son métier."),
    ("She works as a nurse in Leeds.", "My sister Priya? She works as a nurse in Leeds."),
    ("她在杭州工作。", "我表姐小丽，她在杭州工作。"),
    ("Dia kerja di Ipoh.", "Kakak saya Aina, dia kerja di Ipoh."),
    ("He's a teacher at the local school.", "My husband Tom? He's a teacher at the local school."),
]
#: The pronoun is bound in the note (a name, a relation), or it is no person's (« il y a », « il fait »).
BOUND = [
    "She is my sister and she lives in Leeds.",
    "She told Maya about the new job.",
    "Elle habite à Lyon avec Julien.",
    "Il fait froid à Annecy.",
    "Il y a un marché à Annecy le samedi.",
    "她是我姐姐，在杭州工作。",
    "Dia kakak saya, kerja di Ipoh.",
    "I love her cooking.",
    "My sister works in Leeds.",
]


@pytest.mark.parametrize(("note", "message"), LONE)
def test_a_note_opening_on_a_lone_she_is_unbound(note: str, message: str) -> None:
    assert unbound_one(note)
    assert ground(note, message).check == "they"


@pytest.mark.parametrize("note", BOUND)
def test_a_bound_or_impersonal_pronoun_is_no_lone_she(note: str) -> None:
    assert unbound_one(note) is None


def test_the_speakers_names_bind_the_pronoun() -> None:
    assert unbound_one("She says hi to Pip.", frozenset({"pip"})) is None
    assert unbound_one("She says hi.", frozenset({"pip"})) == "She"


BEDTIMES = [
    "睡了睡了，晚安",
    "我去睡了，晚安小安！",
    "Off to bed, night!",
    "Bedtime, good night Pip!",
    "Dodo, bonne nuit Léa !",
    "Au lit, bonne nuit.",
    "Tidur dulu, selamat malam",
    "Nak tidur dah, selamat malam semua",
]
NOT_BEDTIMES = [
    "I sleep at 11, good night",
    "My son goes to bed at 8, good night",
    "I love sleeping in my new bed tonight",
    "我女儿九点睡，晚安",
    "我今天很累，睡了，晚安",
    "Je dors mal depuis le déménagement, bonne nuit",
    "Saya tidur awal, selamat malam",
]


@pytest.mark.parametrize("text", BEDTIMES)
def test_a_good_night_with_only_sleep_is_a_leave_taking(text: str) -> None:
    assert bedtime(text)
    assert chit_chat(text) == "leaving"


@pytest.mark.parametrize("text", NOT_BEDTIMES)
def test_sleep_with_a_fact_is_no_bedtime(text: str) -> None:
    assert not bedtime(text)


def test_good_night_alone_is_not_read_as_bedtime() -> None:
    assert not bedtime("Good night!")
    assert not bedtime("晚安")


@pytest.mark.parametrize(
    ("message", "junk"),
    [
        (SARCASM[0][0], SARCASM[0][1]),
        (LONE[0][1], LONE[0][0]),
        (LONE[2][1], LONE[2][0]),
        (LONE[3][1], LONE[3][0]),
    ],
)
def test_the_service_drops_the_junk_note_and_keeps_what_no_model_keeps(tmp_path, message: str, junk: str) -> None:
    with ChatServer(reflection_answer=reflection_answer(junk)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "I see.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)] if user else []
            assert junk not in texts, texts
        finally:
            rt.close()


def test_the_service_writes_nothing_of_a_bedtime_turn(tmp_path) -> None:
    with ChatServer(reflection_answer=reflection_answer("睡了睡了，晚安")) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", "睡了睡了，晚安", "晚安！")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            assert not (rt.store.memories(user) if user else [])
        finally:
            rt.close()


#: A how-to rule to anyone, naming a topic (dlg-en's invented maxim), en / fr / zh / ms.
HOWTO = [
    "The best way to learn Portuguese is by listening to the music of the world.",
    "The key to good bread is patience.",
    "La meilleure façon d'apprendre le portugais, c'est la musique.",
    "Le meilleur moyen de progresser en ski est de skier tous les jours.",
    "学葡萄牙语最好的方法是听音乐。",
    "最好的方法是多听音乐。",
    "Cara terbaik untuk belajar bahasa Portugis ialah dengar muzik.",
]
#: The writer, a relation or a third person in it, or a liking said as "nothing beats": kept.
HOWTO_KEPT = [
    "The best way to reach me is email.",
    "The best way to calm my son is music.",
    "The best way to learn is to practise, my teacher says.",
    "Nothing beats a cold beer after work.",
    "Le meilleur moyen de me joindre est le mail.",
    "我觉得最好的方法是多听。",
    "Cara terbaik untuk hubungi saya ialah emel.",
]


@pytest.mark.parametrize("text", HOWTO)
def test_a_how_to_rule_to_anyone_is_a_maxim(text: str) -> None:
    assert chit_chat(text) == "maxim"


@pytest.mark.parametrize("text", HOWTO_KEPT)
def test_a_how_to_rule_with_someone_in_it_is_no_maxim(text: str) -> None:
    assert chit_chat(text) is None
