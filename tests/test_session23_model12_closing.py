"""Session 23, lane model12 (issue #25's "0 junk"): the leave-takings both modes still kept.

model10's held-out runs kept, with a model and without, a farewell naming the assistant without
thanks (好滴～我先去洗澡了，晚安小航！), a work call or errand before the leave-taking (« Merci Lumi
t'es un amour. Je retourne voir mes patients. »), thanks *for* the help or with praise of the
assistant ("Cheers Jasper, thanks for all the help this autumn. Take care!"). Read as kinds
(:mod:`souvenir.lexical.closing`) in en/fr/zh/ms, the examples below written apart from the runs'
messages (the runs' own are the first of each list); a leave-taking stating a durable fact keeps
the message. A local server speaking the OpenAI protocol stands in for the model.
"""

from __future__ import annotations

import pytest

from souvenir.lexical.closing import closing
from tests.junk_harness import assert_chit_chat, assert_leaves_no_memory, plain_runtime

CLOSINGS = {
    "en": [
        "Cheers Jasper, thanks for all the help this autumn. Take care!",
        "Good night Lumi, I'm off to bed!",
        "Thanks Sam, you're the best. Back to work!",
        "Cheers Max, thanks for the advice today. Bye!",
        "Ok Sam, the doorbell's ringing, gotta go. Bye!",
        "Thank you Ava, you've been such a help. Talk later!",
    ],
    "fr": [
        "Merci Lumi t'es un amour. Je retourne voir mes patients.",
        "Bon une alarme sonne, j'y vais. Bonne nuit Lumi !",
        "Bonne nuit Hugo, je vais me coucher.",
        "Merci Léa, t'es la meilleure. Au boulot !",
        "Merci pour tout Hugo, à plus !",
        "Bon la chambre 12 sonne, j'y vais. Bonne soirée Léa !",
        "Merci pour tes conseils ce soir, Hugo. Je te laisse.",
    ],
    "zh": [
        "好滴～我先去洗澡了，晚安小航！",
        "嗯嗯，谢谢小航，我去画图了，拜拜",
        "谢谢小航，这学期多亏有你陪我，下次聊～",
        "好哒，我先睡了，晚安小星！",
        "谢谢小安，有你真好，回头再聊。",
        "谢谢你的帮助，小星，拜拜！",
        "嗯嗯，谢谢小星，我去写作业了，拜拜",
        "闹钟响了，我先走了，拜拜小安",
    ],
    "ms": [
        "Terima kasih atas bantuan awak Dina, jumpa lagi!",
        "Ok Dina, bos dah panggil, kena pergi dulu. Bye!",
        "Terima kasih Dina, awak memang terbaik. Nanti sambung.",
        "Selamat malam Dina, saya gerak dulu.",
        "Ok Dina, nak sambung kerja dulu. Bye!",
    ],
}
FACTS = {
    "en": [
        "I'm off to my new job at the bakery, bye Lumi",
        "Thanks for the help, I start at the bakery on Monday. Bye!",
        "Good night Lumi, my exam is on Friday.",
        "Thanks Sam, you're the best. I passed my driving test!",
    ],
    "fr": [
        "Merci Léa, je retourne voir mes patients à l'hôpital de Lyon lundi.",
        "Bonne nuit Hugo, je pars à Annecy en mars.",
        "Merci pour tout, je commence chez Airbus lundi. À plus !",
    ],
    "zh": ["谢谢小航，我明天去北京出差，拜拜", "晚安小航，我下周一开学。", "谢谢你的帮助，我考上研究生了，拜拜！"],
    "ms": [
        "Terima kasih Dina, esok saya mula kerja di Ipoh. Bye!",
        "Selamat malam Dina, minggu depan saya pindah ke Johor.",
    ],
}


@pytest.mark.parametrize("lang", sorted(CLOSINGS))
def test_a_leave_taking_of_each_kind_is_chit_chat(lang):
    assert_chit_chat(CLOSINGS[lang])


@pytest.mark.parametrize("lang", sorted(FACTS))
def test_a_leave_taking_with_a_durable_fact_is_kept(lang):
    assert_chit_chat(FACTS[lang], chatter=False)


def test_each_part_alone_is_not_a_closing():
    assert not closing("Thanks for all the help this autumn")  # thanks alone: no leave-taking
    assert not closing("Je retourne voir mes patients")  # a return to work alone: nobody thanked or called
    assert not closing("Une alarme sonne")  # the moment's call alone
    assert not closing("Thanks for the car")  # thanks for a thing: not the assistant's help
    assert not closing("Thanks for the car, bye")
    assert closing("Merci Lumi t'es un amour. Je retourne voir mes patients.")


@pytest.mark.parametrize("lang", sorted(CLOSINGS))
def test_a_leave_taking_leaves_no_memory_with_or_without_a_model(tmp_path, lang):
    assert_leaves_no_memory(tmp_path, CLOSINGS[lang][0])  # the model copies it, as SmolLM2 does


def test_a_leave_taking_with_a_fact_keeps_it_without_a_model(tmp_path):
    plain = plain_runtime(tmp_path)
    try:
        plain.engine.record_turn("api", "a", FACTS["en"][0], "Good luck!")
        user = plain.store.find_user("api", "a")
        assert any("bakery" in m.text for m in plain.store.memories(user))
    finally:
        plain.close()
