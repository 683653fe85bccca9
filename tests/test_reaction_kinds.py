"""Issue #25, "0 junk memories", session 13 (lane react): a reaction to the other's news said
in the first person ("I can imagine it's incredibly rewarding", "I'm sure it made a big
impact"), a wish ("Have a nice day"), laughter ("haha so funny", 哈哈太好笑了) and a comment
on a picture shown ("That's a chill pic!") — the chit-chat kind ``reaction`` — and a maxim
with no one in it ("This is a reminder to stay strong") — the kind ``maxim``
(``lexical/reaction.py``), read in English, French, Chinese and Malay; then the service in
no-model mode and with a scripted model server on loopback."""

from __future__ import annotations


import pytest

from souvenir.lexical.chitchat import ALL, chit_chat
from souvenir.lexical.reaction import reaction
from tests.turn_checks import assert_model_copy_writes_nothing, assert_no_episode

NAMES = frozenset({"maria", "john", "marc", "aisyah"})

REACTIONS = {
    "en": [
        "I can imagine it's incredibly rewarding.",
        "I'm sure it made a big impact.",
        "I bet it was a blast!",
        "Have a nice day!",
        "Enjoy the rest of your weekend, John!",
        "Have fun!",
        "haha so funny",
        "lol that's hilarious",
        "That's a chill pic!",
    ],
    "fr": [
        "J'imagine que c'était génial.",
        "Je suis sûre que ça a beaucoup compté.",
        "Passe une bonne soirée !",
        "Bon week-end, Marc !",
        "haha trop drôle",
        "mdr c'est tellement marrant",
        "Quelle photo sympa !",
    ],
    "zh": [
        "我能想象那一定很有意义。",
        "我相信那一定很有意义。",
        "祝你周末愉快！",
        "玩得开心！",
        "哈哈太好笑了",
        "哈哈哈笑死我了！",
        "这张照片好酷！",
    ],
    "ms": [
        "Saya boleh bayangkan ia sangat bermakna.",
        "Saya pasti ia memberi kesan besar.",
        "Selamat hujung minggu!",
        "Semoga hari awak indah!",
        "haha kelakar betul",
        "wkwk lawak gila",
        "Gambar yang santai!",
    ],
}
#: The writer after the frame, a third person (maybe the writer's own), a place, a date, a
#: number, a wish holding an errand, a laugh beside a fact: the user's own facts, kept.
KEPT = {
    "en": [
        "I'm sure it was the best move I made.",
        "I bet my sister will love it.",
        "I'm sure they'll love the cake I baked.",
        "I bet Paris was lovely in May.",
        "I'm sure it will be fine next week.",
        "Have a great trip to Japan!",
        "Have a nice day at work, I'm off to the dentist.",
        "haha so funny, my cat did the same thing yesterday",
        "That's a pic of my grandmother.",
    ],
    "fr": [
        "Je suis sûre que mon fils va adorer.",
        "J'imagine qu'ils seront contents de mon gâteau.",
        "Passe une bonne soirée à Lyon !",
        "haha trop drôle, mon chat fait pareil",
        "C'est une photo de ma fille.",
    ],
    "zh": [
        "我相信他们会喜欢我的蛋糕。",
        "我能想象明天会很忙。",
        "祝你在东京玩得开心，我下周也去。",
        "哈哈太好笑了，我家猫也这样",
        "这张照片是我女儿拍的。",
    ],
    "ms": [
        "Saya pasti anak saya akan suka.",
        "Saya boleh bayangkan mereka gembira dengan kek saya.",
        "Selamat hujung minggu, saya nak pergi Ipoh esok.",
        "haha kelakar betul, kucing saya pun macam tu",
        "Gambar keluarga saya di Melaka.",
    ],
}


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in REACTIONS.items() for t in texts])
def test_a_reaction_is_chit_chat_in_four_languages(lang, text):
    """The whole message is chit-chat (its first sentence may be read by an older kind)."""
    assert chit_chat(text, NAMES) is not None, lang


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in REACTIONS.items() for t in texts])
def test_the_reaction_kind_reads_each_example(lang, text):
    """Each example is read by the kind itself (not only by an older kind)."""
    assert reaction(text.strip()), (lang, text)


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in KEPT.items() for t in texts])
def test_a_fact_beside_a_reaction_is_kept(lang, text):
    assert chit_chat(text, NAMES) is None, lang


MAXIMS = {
    "en": ["This is a reminder to stay strong during tough times.", "Life is too short!"],
    "fr": ["C'est un bon rappel de rester fort dans les moments difficiles.", "La vie est trop courte !"],
    "zh": ["这提醒我们要珍惜当下。", "人生苦短！"],
    "ms": ["Ini peringatan untuk terus kuat.", "Hidup ini terlalu singkat."],
}
#: The writer, a date or a third person after the frame: kept.
MAXIMS_KEPT = {
    "en": ["This is a reminder that I need to call my mom.", "That reminds me of my trip to Bali."],
    "fr": ["C'est un rappel de mon rendez-vous demain.", "Ça me rappelle mon voyage à Rome."],
    "zh": ["这提醒我明天要去医院。", "这提醒了我妈妈的生日。"],
    "ms": ["Ini peringatan untuk saya supaya bersenam.", "Itu peringatan tentang temu janji saya esok."],
}


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in MAXIMS.items() for t in texts])
def test_a_maxim_with_no_one_in_it_is_chit_chat(lang, text):
    assert chit_chat(text, NAMES) == "maxim", lang


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in MAXIMS_KEPT.items() for t in texts])
def test_a_reminder_of_ones_own_is_kept(lang, text):
    assert chit_chat(text, NAMES) is None, lang


def test_the_kind_left_out_is_not_read():
    """The bench's --by-kind reads the rule without one kind."""
    assert chit_chat("I can imagine it's incredibly rewarding.", NAMES) == "reaction"
    assert chit_chat("I can imagine it's incredibly rewarding.", NAMES, ALL - {"reaction"}) is None
    assert chit_chat("Life is too short!", NAMES, ALL - {"maxim"}) is None


# (a reaction, a message with a fact), one per language
EPISODES = [
    ("Wow, that's amazing! I can imagine it's incredibly rewarding.", "I started volunteering at the shelter."),
    ("J'imagine que c'était génial ! Bonne soirée !", "J'ai commencé le bénévolat au refuge."),
    ("哈哈太好笑了！祝你周末愉快！", "我开始在收容所做志愿者了。"),
    ("Saya boleh bayangkan ia sangat bermakna. Selamat hujung minggu!", "Saya mula jadi sukarelawan di pusat haiwan."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_a_reaction_is_no_episode(tmp_path, chit, fact):
    """No-model mode: the reaction is a turn only (``dropped:chitchat``); the fact is its episode."""
    assert_no_episode(tmp_path / "s.db", chit, fact)


@pytest.mark.parametrize("message", [chit for chit, _ in EPISODES])
def test_the_model_copying_a_reaction_writes_nothing(tmp_path, message):
    """The model copies the message as its note: the note is chit-chat, and the message is no
    fallback episode either (never worse than no model, which keeps nothing here)."""
    assert_model_copy_writes_nothing(tmp_path / "s.db", message)


def test_every_chit_chat_kind_has_its_reason():
    """A drop's reason names its kind in words (the history and the diagnostics show it)."""
    from souvenir.lexical.chitchat import KINDS
    from souvenir.write.filters.no_chitchat import KIND_REASONS

    assert set(KINDS) <= set(KIND_REASONS)
