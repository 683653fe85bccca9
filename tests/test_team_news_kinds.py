"""Issue #25, "0 junk memories", session 14 (lane model): the junk SmolLM2-135M still wrote on
conv-41 and conv-30 at session 13's final main (docs/model.md) — the two cheered on as a team
without "!" ("We can achieve great things if we join together", "Yup, we rock as a team!":
the chit-chat kind ``team``, ``lexical/together.py``), a comment on the other's doing by its
weight ("That's really making a big impact": ``comment``), news announced but not told ("I
gotta tell you about this thing with my biz": ``preface``, ``lexical/news.py``), a maxim in an
"it helps us…" frame ("It helps us remember the small joys": ``maxim``), and a note negating
what the message never negates ("I have never ever made pizza before!" from "We made pizza!":
grounding's ``denial`` check, ``write/denial.py``) — each read in English, French, Chinese and
Malay; then the service in no-model mode and with a scripted model server on loopback."""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import ALL, chit_chat
from souvenir.write.denial import invented_negation
from souvenir.write.grounding import ground
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer
from tests.turn_checks import assert_model_copy_writes_nothing, assert_no_episode

NAMES = frozenset({"maria", "john", "gina", "jon", "marc", "aisyah"})

KINDS = {
    "team": {
        "en": [
            "We can achieve great things if we join together.",
            "Yup, we rock as a team!",
            "Together we can make a difference!",
            "With effort, we can make a real difference in our community.",
        ],
        "fr": [
            "Ensemble, on peut accomplir de grandes choses.",
            "On forme une super équipe !",
            "On peut vraiment faire une vraie différence dans notre communauté.",
        ],
        "zh": ["我们一起可以成就大事！", "我们是最棒的团队。", "我们可以带来改变。"],
        "ms": [
            "Bersama kita boleh capai perkara hebat.",
            "Kita memang pasukan yang hebat.",
            "Kita boleh buat perubahan dalam komuniti kita.",
        ],
    },
    "comment": {
        "en": ["That's really making a big impact.", "That's a big step.", "It must have been so meaningful."],
        "fr": ["Ça fait vraiment une grande différence.", "C'est un grand pas !"],
        "zh": ["这真的很有意义。", "那是一大步！"],
        "ms": ["Itu memang memberi kesan besar.", "Itu satu langkah besar."],
    },
    "preface": {
        "en": ["I gotta tell you about this thing with my biz.", "Guess what!", "I've got some big news!"],
        "fr": ["Faut que je te raconte un truc.", "Devine quoi !"],
        "zh": ["我要告诉你一件事。", "我有个好消息要告诉你！"],
        "ms": ["Saya ada berita nak kongsi.", "Teka apa!"],
    },
    "maxim": {
        "en": ["It helps us remember the small joys, especially when life gets busy."],
        "fr": ["Ça nous aide à apprécier les petites choses."],
        "zh": ["它帮助我们珍惜生活中的小事。"],
        "ms": ["Ia membantu kita menghargai perkara kecil."],
    },
}
#: Something done, owned, placed or told beside the same frames: the user's own facts, kept.
KEPT = {
    "en": [
        "We worked together on the garden.",
        "We made pizza together!",
        "We make a great team at the bakery.",
        "We can make a difference with the bake sale at my school.",
        "We made a real difference in our community last year.",
        "That made a big difference in my life.",
        "That was a big step for us.",
        "It made a big impact on the community.",
        "I have to tell you about my new job.",
        "I've got news: I got the job at Google!",
        "It helps us bond as a family.",
        "It helps me relax after work.",
    ],
    "fr": [
        "On a travaillé ensemble sur le jardin.",
        "C'est un grand pas pour ma fille.",
        "Faut que je te raconte mon voyage à Rome.",
        "Ça m'aide à dormir.",
    ],
    "zh": ["我们一起做了披萨。", "这对我很有意义。", "我要告诉你我换工作了。"],
    "ms": ["Kita masak bersama semalam.", "Itu langkah besar untuk saya.", "Saya nak cerita pasal kerja baru saya."],
}


@pytest.mark.parametrize(
    ("kind", "lang", "text"),
    [(kind, lang, t) for kind, langs in KINDS.items() for lang, texts in langs.items() for t in texts],
)
def test_each_kind_is_read_in_four_languages(kind, lang, text):
    assert chit_chat(text, NAMES) == kind, lang


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in KEPT.items() for t in texts])
def test_a_fact_beside_the_frames_is_kept(lang, text):
    assert chit_chat(text, NAMES) is None, lang


@pytest.mark.parametrize("kind", ["team", "comment", "preface"])
def test_a_kind_left_out_is_not_read(kind):
    """The bench's --by-kind reads the rule without one kind."""
    text = KINDS[kind]["en"][0]
    assert chit_chat(text, NAMES, ALL - {kind}) is None


#: The session-13 conv-41 / conv-30 messages, whole (no-model mode kept them as episodes).
SEEN = [
    "Yeah, Maria! We can achieve great things if we join forces together.",
    "Yup, we rock as a team! Glad to have you.",
    "Wow, Maria! That's really making a big impact. What made you decide to get involved with that?",
    "Yeah, it does. It helps us remember the small joys, especially when life gets busy.",
    "Hey Gina! What's up? How's the store going? I gotta tell you about this thing with my biz.",
    "Thanks, Maria. Your encouragement means a lot to me. It's true that with effort and support, we can make a real "
    "difference in our community.",
]


@pytest.mark.parametrize("text", SEEN)
def test_the_messages_seen_on_the_real_runs_are_chit_chat(text):
    assert chit_chat(text, NAMES) is not None


# (a message of these kinds, a message with a fact), one per language
EPISODES = [
    ("Yup, we rock as a team! That's really making a big impact.", "I joined the fire brigade last month."),
    ("On forme une super équipe ! Devine quoi !", "J'ai rejoint les pompiers le mois dernier."),
    ("我们是最棒的团队！这真的很有意义。", "我上个月加入了消防队。"),
    ("Kita memang pasukan yang hebat! Teka apa!", "Saya sertai pasukan bomba bulan lepas."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_these_kinds_are_no_episode(tmp_path, chit, fact):
    """No-model mode: the message is a turn only (``dropped:chitchat``); the fact is its episode."""
    assert_no_episode(tmp_path / "s.db", chit, fact)


@pytest.mark.parametrize("message", [chit for chit, _ in EPISODES])
def test_the_model_copying_them_writes_nothing(tmp_path, message):
    assert_model_copy_writes_nothing(tmp_path / "s.db", message)


# (the model's note, the user's message, the negator): the message holds no negation at all
DENIED = [
    (
        "I have never ever made pizza before! I'm so excited to try it now!",
        "We made pizza! We had so much fun.",
        "never",
    ),
    ("I don't like hiking.", "I went hiking with my dad, it was great.", "not"),
    ("Je n'ai jamais fait de pizza.", "On a fait des pizzas ! C'était génial.", "jamais"),
    ("Je n'aime pas la randonnée.", "J'ai fait une randonnée avec mon père.", "pas"),
    ("我从来没做过披萨。", "我们做了披萨！太好玩了。", "没"),
    ("我不喜欢爬山。", "我和爸爸去爬山了。", "不"),
    ("Saya tak pernah buat piza.", "Kami buat piza! Seronok sangat.", "tak"),
    ("Saya tidak suka mendaki.", "Saya pergi mendaki dengan ayah.", "tidak"),
]
#: The message negates too (in its own words): the note is read by the polarity check, not this one.
DENIED_KEPT = [
    ("I don't eat meat anymore.", "I quit eating meat last year."),
    ("I have never been to Japan.", "I haven't been to Japan yet."),
    ("I made pizza.", "We made pizza!"),
    ("Je ne mange plus de viande.", "J'ai arrêté la viande."),
    ("我不吃肉。", "我不吃肉了。"),
    ("Saya tak makan daging.", "Saya dah tak makan daging."),
]


@pytest.mark.parametrize(("note", "message", "negator"), DENIED)
def test_a_note_negating_what_the_message_never_negates_is_ungrounded(note, message, negator):
    """Read by ``denial`` where the polarity check (tried first) finds no clause tight enough:
    "before", "ever" and the I / we swap loosen the English note; the tighter ones are
    rejected as flips already."""
    assert invented_negation(note, message) == negator
    verdict = ground(note, message, None, ("John",))
    assert not verdict.grounded and verdict.check in ("polarity", "denial"), verdict
    if note.startswith("I have never ever"):
        assert verdict.check == "denial", verdict


@pytest.mark.parametrize(("note", "message"), DENIED_KEPT)
def test_a_negation_the_message_holds_is_not_read(note, message):
    assert invented_negation(note, message) is None


def test_the_service_drops_the_invented_negation_and_keeps_the_message(tmp_path):
    """SmolLM2 on conv-41 (D2:24): the note is dropped — since session 23 before grounding's
    ``denial`` check reads it, as a copy of the message with words changed
    (:func:`souvenir.write.carry.garbled`); the message, which states the pizza, is kept as the
    turn's episode (never worse than no model)."""
    message = "We made pizza! We had so much fun making them together."
    with ChatServer(reflection_answer=reflection_answer("I have never ever made pizza before!")) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "I can picture you all laughing!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and "made pizza" in texts[0] and "never" not in texts[0], texts
            dropped = rt.store.count_events("write:dropped:grounding") + rt.store.count_events(
                "reflection_item_dropped"
            )
            assert dropped == 1
        finally:
            rt.close()
