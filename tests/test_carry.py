"""Issue #25, "never worse than no model", session 13: a reflection's note that keeps only a
part of the message ("I am planning to start my own business someday!" from "Lost my job as
a banker yesterday, so I'm gonna take a shot at starting my own business") no longer takes
the message's place: the message is kept beside it. In English, French, Chinese and Malay;
then the service with a scripted model server on loopback."""

from __future__ import annotations


import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.write.fragments import copies
from souvenir.write.carry import carried, garbled
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

# (message, a partial note, a word only the message holds)
PARTIAL = [
    (
        "Lost my job as a banker yesterday, so I'm gonna take a shot at starting my own business.",
        "I am planning to start my own business someday!",
        "banker",
    ),
    (
        "J'ai perdu mon travail de banquier hier, alors je vais tenter de monter ma propre entreprise.",
        "Je veux monter ma propre entreprise.",
        "banquier",
    ),
    ("我昨天丢了银行的工作，所以打算自己创业。", "我打算创业。", "银行"),
    (
        "Saya hilang kerja sebagai pegawai bank semalam, jadi saya nak cuba buka bisnes sendiri.",
        "Saya nak buka bisnes sendiri.",
        "pegawai",
    ),
]
# (message, a note that carries it)
WHOLE = [
    (
        "Thanks! I rehearsed with a small group of dancers after work.",
        "I rehearsed with a small group of dancers after work.",
    ),
    (
        "Merci ! J'ai répété avec un petit groupe de danseurs après le travail.",
        "J'ai répété avec un petit groupe de danseurs après le travail.",
    ),
    ("谢谢！我下班后和几个舞者一起排练了。", "我下班后和几个舞者一起排练了。"),
    (
        "Terima kasih! Saya berlatih dengan kumpulan penari selepas kerja.",
        "Saya berlatih dengan kumpulan penari selepas kerja.",
    ),
]


@pytest.mark.parametrize(("message", "note", "word"), PARTIAL)
def test_a_partial_note_does_not_carry_the_message(message, note, word):
    assert not carried(message, [note])


@pytest.mark.parametrize(("message", "note"), WHOLE)
def test_a_note_holding_the_message_carries_it(message, note):
    assert carried(message, [note])


def test_no_fact_or_no_note_is_carried():
    assert carried("Thanks Gina! Your help means a lot.", ["I am a dancer."])
    assert carried("I rehearsed after work.", [])


def _settings(tmp_path, url: str):
    return turn_settings(f"sqlite:///{tmp_path / 's.db'}", url)


def _answer(*texts: str) -> str:
    return reflection_answer(*texts)


@pytest.mark.parametrize(("message", "note", "word"), PARTIAL)
def test_the_service_keeps_the_message_beside_a_partial_note(tmp_path, message, note, word):
    """The message is kept as the turn's episode: what no-model mode keeps is kept. The note is
    written beside it, unless every word of it is the message's (session 17: a copy of a piece
    of the message kept whole adds nothing — :func:`souvenir.write.fragments.copies`)."""
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Good luck!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert any(word in t for t in texts), texts  # the message, its date resolved
            assert len(texts) == (1 if copies([note], message) else 2), texts
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()


@pytest.mark.parametrize(("message", "note"), WHOLE)
def test_the_service_keeps_only_a_note_that_carries_the_message(tmp_path, message, note):
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Nice!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            assert len(rt.store.memories(user)) == 1
            assert rt.engine.counters["reflection_message_kept"] == 0
        finally:
            rt.close()


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("Doit 2000 euros à son cousin Paul", "Mon cousin Paul me doit 2000 euros et dit qu'il ne les rendra jamais."),
        ("Her cousin Paul owes 2000 euros", "My cousin Paul owes me 2000 euros and says he'll never pay."),
        ("Abang dia kerja di Ipoh", "Abang saya kerja di Ipoh sekarang."),
    ],
)
def test_the_speaker_said_again_in_the_third_person_is_no_garble(note, message):
    """A note's third person for the message's first (« son » for « mon », "her" for "my", "dia"
    for "saya") is no changed word (the note is kept); a changed noun still is."""
    assert not garbled(note, message)
    assert garbled(
        "I just moved to Ipoh with my two sons last year.", "I just moved to Ipoh with my two daughters last year."
    )
