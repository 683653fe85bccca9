"""Session 23, lane model10 (issue #25's "0 junk"): a closing naming the assistant is no episode
and no note; a garbled copy of the message is replaced by the message.

Session 22's held-out runs kept, in both modes, messages that only close the chat
(好嘞，谢谢小星，我先睡了。; "Ok dah tangkap. Terima kasih Dina, nanti akak sambung. Bye!") and a
half-garbled Malay note. A local server speaking the OpenAI protocol stands in for the model.
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.closing import closing
from souvenir.write.carry import garbled
from tests.junk_harness import assert_chit_chat, assert_leaves_no_memory, model_settings
from tests.junk_harness import note as junk_note
from tests.servers import ChatServer

CLOSINGS = {
    "en": [
        "Thanks Sam, I'm off to bed now. Bye!",
        "Ok thanks Max, talk later!",
        "Thank you so much Ava, see you tomorrow!",
    ],
    "fr": [
        "Merci Léa, je reviens plus tard.",
        "Merci Hugo, je vais me coucher. Bonne nuit !",
        "D'accord Hugo, le chien veut sortir, je file.",
    ],
    "zh": ["好嘞，谢谢小星，我先睡了。", "谢谢小安，回头再聊。", "好的，谢谢你，我先走了。"],
    "ms": [
        "Ok dah tangkap. Terima kasih Dina, nanti akak sambung. Bye!",
        "Terima kasih Iman, nanti saya tanya lagi.",
        "Ok Dina, kena pergi dulu. Bye!",
    ],
}
FACTS = {
    "en": ["Thanks Sam, I start at the bakery on Monday.", "Thanks, I'm off to Japan next month."],
    "fr": ["Merci Léa, je déménage à Lyon en mars.", "Merci Hugo, ma fille entre au CP lundi, je file."],
    "zh": ["谢谢小星，我明天去北京出差，先睡了。", "谢谢小安，我女儿下周一开学。"],
    "ms": [
        "Terima kasih Dina, esok saya pergi Ipoh.",
        "Ok akak tukar ke akaun Bank Rakyat. Terima kasih Dina, selamat malam!",
    ],
}


@pytest.mark.parametrize("lang", sorted(CLOSINGS))
def test_a_closing_is_chit_chat(lang):
    assert_chit_chat(CLOSINGS[lang])


@pytest.mark.parametrize("lang", sorted(FACTS))
def test_a_closing_with_a_fact_is_kept(lang):
    assert_chit_chat(FACTS[lang], chatter=False)


def test_thanks_alone_or_a_leave_alone_is_not_a_closing():
    assert not closing("Thanks Sam")  # thanks alone: the other kinds read it
    assert not closing("I'm off to bed now")  # a leave-taking alone: `leaving` reads it
    assert closing("Thanks Sam, I'm off to bed now")


@pytest.mark.parametrize("lang", sorted(CLOSINGS))
def test_a_closing_leaves_no_memory_with_or_without_a_model(tmp_path, lang):
    assert_leaves_no_memory(tmp_path, CLOSINGS[lang][0])  # the model copies it, as SmolLM2 does


GARBLES = {
    "en": ("I just moved to Ipoh with my two daughters last year.", "I just moved to Ipoh with my two sons last year."),
    "fr": (
        "Avec le froid on monte un peu le chauffage.",
        "On monte toute la marge d'un peu avec le froid.",
    ),
    "zh": ("我去年搬到了成都，现在在医院做护士。", "我在成都的医院做老师。"),
    "ms": ("Baru balik kerja ni, penat gila, esok kerja lagi!", "Baru berkara kabir, penat gila, esok kerja lagi!"),
}


@pytest.mark.parametrize("lang", sorted(GARBLES))
def test_a_copy_with_a_word_changed_is_garbled(lang):
    message, note = GARBLES[lang]
    assert garbled(note, message)
    assert not garbled(message, message)  # a whole copy
    assert not garbled("Lives somewhere warm and works nights", message)  # other words: the share decides


@pytest.mark.parametrize("lang", sorted(GARBLES))
def test_a_garbled_note_gives_way_to_the_message(tmp_path, lang):
    message, note = GARBLES[lang]
    with ChatServer(reflection_answer=junk_note(note)) as upstream:
        rt = open_runtime(model_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            texts = [m.text for m in rt.store.memories(user)]
            assert note not in texts, texts
            assert any(t.startswith(message[:3]) for t in texts), texts  # kept as no-model mode keeps it
        finally:
            rt.close()
