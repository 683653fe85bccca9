"""Session 25, lane model16 (issue #25): the junk kinds both modes still kept, read by shape.

The probes were written apart from the dialogues (bench/data/dialogues*): a leave-taking with the
moment's reason to go (:func:`souvenir.lexical.closing.reason_to_go`, the reason read by
:mod:`souvenir.lexical.now_state`), a state of now (the ``moment`` kind), a deferral in other
verbs, "that's all" with thanks; each beside counter-probes in the same shapes that state a fact
(a job, a relative, a date, a health event, a plan) and must be kept. Both modes run through the
engine on a real SQLite file, the model a local server speaking the OpenAI protocol.
"""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.now_state import leave_signal, momentary, momentary_remark, reason
from tests.junk_harness import assert_chit_chat, assert_leaves_no_memory, plain_runtime

#: A leave-taking and the moment's reason for it, no word of a closed errand list.
REASONS = {
    "en": [
        "Pepper's scratching at the door, walk time. Night!",
        "The dog's staring at me, dinner time, bye",
        "ugh it's late, early start tomorrow, night Sam",
        "kettle's on, talk later",
        "bath time for the little one, bye!",
        "Right, off to do the school run",
    ],
    "fr": [
        "Le chat me réclame, c'est l'heure de la pâtée, bonne soirée !",
        "il est tard, je me lève tôt demain, bonne nuit Léa",
        "Bon, c'est l'heure du bain, à plus",
    ],
    "zh": ["我家猫在等我，该遛狗了，拜拜", "不早了，明早还得早起，晚安", "饭好了，回头聊"],
    "ms": ["dah lewat, esok kena bangun awal, selamat malam", "kucing tengah tunggu aku, masa makan, bye"],
}
#: A state of the moment, nothing else.
MOMENTS = {
    "en": ["so tired right now", "absolutely knackered today lol"],
    "fr": ["je mange là", "crevée ce soir"],
    "zh": ["今天好热啊", "累死了", "小美！今天广州36度，热化了"],
    "ms": ["tgh makan ni", "penat gila hari ni"],
}
#: Deferrals in other verbs, and "that's all" with thanks.
DEFERRALS_AND_ENDS = {
    "en": ["I'll sound her out first", "I'll give it some thought, thanks", "Nope, that's all for today, cheers Ivy"],
    "fr": ["Je lui en toucherai un mot, merci", "Merci, je vais y réfléchir", "Non, ce sera tout, merci Hugo"],
    "zh": ["好的，我回去想想", "我再琢磨一下，谢谢", "没有了，谢谢你"],
    "ms": ["Ok noted, nanti sy fikir dulu", "biar saya fikir dulu, terima kasih", "Tak ada dah, terima kasih Dina"],
}
#: The same shapes stating a fact: a job, a relative, a date, a health event, a plan, a place.
FACTS = {
    "en": [
        "Pepper's at the vet tomorrow for her surgery, bye",
        "It's late, my mum is in hospital, night",
        "I'm a nurse, bye!",
        "I'm training for a marathon, night!",
        "Tom's moving in next week, bye",
        "I'm off to do some taekwondo!",
        "I start my new job tomorrow, night",
        "so tired of my job",
        "I'm eating vegan now",
        "Lily's learning piano, bye",
        "It's late in Tokyo, bye",
        "Thanks, that's all my savings gone",
        "I have a dog now, bye",
        "Tom arrives tomorrow, bye",
    ],
    "fr": [
        "Il est tard, ma sœur accouche demain, bonne nuit",
        "Je suis infirmière, bonne nuit",
        "je mange végétarien maintenant",
        "je suis crevée depuis mon opération",
        "Julien travaille de nuit maintenant, bonne nuit",
        "je ne mange ni viande ni poisson, bonne nuit",
        "J'ai un chien maintenant, bonne nuit",
    ],
    "zh": [
        "不早了，我妈明天做手术，晚安",
        "我是护士，晚安",
        "我最近一直很累",
        "今天去医院了，累死了",
        "我现在有狗了，晚安",
    ],
    "ms": [
        "dah lewat, mak saya masuk hospital, selamat malam",
        "saya kerja shift malam, bye",
        "saya penat sejak pindah rumah",
        "Tak ada dah duit, terima kasih",
        "Irfan tgh demam ni, bye",
        "saya ada kucing sekarang, bye",
    ],
}


@pytest.mark.parametrize("lang", sorted(REASONS))
def test_a_leave_taking_with_the_moments_reason_is_a_closing(lang):
    for text in REASONS[lang]:
        assert chit_chat(text) == "closing", text


@pytest.mark.parametrize("lang", sorted(MOMENTS))
def test_a_state_of_now_is_no_memory(lang):
    for text in MOMENTS[lang]:
        assert chit_chat(text) == "moment", text


@pytest.mark.parametrize("lang", sorted(DEFERRALS_AND_ENDS))
def test_a_deferral_in_other_verbs_and_thats_all_are_chit_chat(lang):
    assert_chit_chat(DEFERRALS_AND_ENDS[lang])


@pytest.mark.parametrize("lang", sorted(FACTS))
def test_the_same_shapes_stating_a_fact_are_kept(lang):
    assert_chit_chat(FACTS[lang], chatter=False)


def test_the_readings_by_part():
    assert momentary("so tired right now") and not momentary("I'm so tired of my job")
    assert not momentary("I'm going to try making it tonight")  # a plan, not an act in progress
    assert not momentary("Glad the stuffed animal means so much")  # a state must end its clause
    assert reason("Biscuit's giving me the look") and not reason("I'm training for a marathon")
    assert reason("明天还要早班") and not reason("我妈明天做手术")
    assert leave_signal("walk time") and not leave_signal("part time") and not leave_signal("first time")
    assert leave_signal("不早了") and leave_signal("il est tard") and leave_signal("dah lewat")
    assert not leave_signal("off to do some taekwondo")  # a hobby (LoCoMo: "John practices taekwondo")
    assert momentary_remark("阿星！周末愉快。今天苏州39度，热化了")
    assert not momentary_remark("今天苏州搬家，热化了")  # a move: it lasts


def test_a_bare_later_is_left_to_the_lexical_read():
    assert chit_chat("Chat soon!") is None  # kept as it was (a LoCoMo observation cites one)


def test_a_long_message_is_read_in_linear_time():
    import time

    start = time.process_time()
    chit_chat("so tired right now, " * 2000 + "bye")  # many clauses
    chit_chat("tired " * 3000 + "time")  # one long clause
    chit_chat("累" * 8000 + "，晚安")
    assert time.process_time() - start < 5


@pytest.mark.parametrize(
    "message", [REASONS["en"][0], REASONS["zh"][1], MOMENTS["fr"][0], MOMENTS["ms"][0], DEFERRALS_AND_ENDS["ms"][1]]
)
def test_no_memory_with_or_without_a_model(tmp_path, message):
    assert_leaves_no_memory(tmp_path, message)  # the model copies it, as SmolLM2 does


@pytest.mark.parametrize("message", [FACTS["en"][0], FACTS["fr"][0], FACTS["zh"][0], FACTS["ms"][0]])
def test_a_fact_said_with_a_leave_taking_is_kept_without_a_model(tmp_path, message):
    plain = plain_runtime(tmp_path)
    try:
        plain.engine.record_turn("api", "a", message, "Take care!")
        user = plain.store.find_user("api", "a")
        assert user is not None and plain.store.memories(user), message
    finally:
        plain.close()
