"""Issue #25, "0 junk memories", session 12: the three kinds of junk SmolLM2-135M still wrote
on conv-26 (docs/model.md) — a leave-taking and its errand ("Well, I'm off to go do some
research"), a judgement of the other's thing with no one in it ("The colors really blend
nicely"), and a note asserting an identity the message only considers ("I am a professional
counselor" from "I'm still thinking that counseling is the way to go") — read in English,
French, Chinese and Malay; then the service with a scripted model server on loopback."""

from __future__ import annotations


import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from souvenir.write.grounding import ground
from souvenir.write.status import unasserted
from tests.turn_checks import assert_no_episode
from tests.servers import ChatServer
from tests.attack_support import reflection_answer, turn_settings

NAMES = frozenset({"melanie", "mel", "marc", "aisyah"})

LEAVING = [
    # en
    ("Well, I'm off to go do some research.", "leaving"),
    ("Anyway, gotta go make dinner!", "leaving"),
    ("Alright, time for me to go do some research.", "leaving"),
    ("Totally agree, Mel. Relaxing and expressing ourselves is key. Well, I'm off to go do some research.", "empty"),
    # fr
    ("Bon, je file faire des courses.", "leaving"),
    ("Je te laisse, je dois y aller.", "leaving"),
    ("D'accord, Marc ! Bon, je pars faire des recherches.", "empty"),
    # zh
    ("好了，我得走了。", "leaving"),
    ("我先去做饭了！", "leaving"),
    ("我先去查点资料了。", "leaving"),
    # ms
    ("Okay, saya pergi masak dulu.", "leaving"),
    ("Ok, aku gerak dulu ya.", "leaving"),
]
#: A leave-taking that names a place, a date or a hobby is a plan or a fact: kept.
LEAVING_KEPT = [
    "I'm off to Japan next month.",
    "I'm off to do some taekwondo!",
    "I'm off work today.",
    "Je pars au Japon.",
    "Je pars en vacances demain.",
    "我先去练跆拳道了！",
    "我明天得去北京了。",
    "Saya pergi ke Ipoh dulu.",
    "Saya pergi berlatih taekwondo dulu.",
]

OPINION = [
    # en
    ("The colors really blend nicely.", "opinion"),
    (
        "Wow, Melanie! The colors really blend nicely. Painting looks like a great outlet for expressing yourself.",
        "empty",
    ),
    ("Gorgeous colors, Melanie!", "opinion"),
    ("The brushwork is so delicate.", "opinion"),
    # fr
    ("Les couleurs se marient vraiment bien, Marc !", "opinion"),
    ("Quelles belles couleurs !", "opinion"),
    ("La lumière est superbe.", "opinion"),
    # zh
    ("颜色搭配得真好。", "opinion"),
    ("构图很好看。", "opinion"),
    # ms
    ("Warnanya sangat sepadan.", "opinion"),
    ("Warnanya cantik sangat.", "opinion"),
]
#: A judgement of something past, placed, dated, or a general view: kept.
OPINION_KEPT = [
    "The hike was great.",
    "Paris is beautiful in the spring.",
    "It's amazing how a game can bring people together.",
    "The weather is lovely today.",
    "La randonnée était superbe.",
    "Lyon est magnifique au printemps.",
    "昨天的演出很精彩。",
    "我的画很好看。",
    "Pendakian semalam sangat hebat.",
    "Kuala Lumpur sangat cantik.",
]


@pytest.mark.parametrize(("text", "kind"), LEAVING + OPINION)
def test_the_kinds_are_read_in_four_languages(text, kind):
    assert chit_chat(text, NAMES) == kind


@pytest.mark.parametrize("text", LEAVING_KEPT + OPINION_KEPT)
def test_a_plan_a_hobby_a_past_or_a_view_is_kept(text):
    assert chit_chat(text, NAMES) is None


# (candidate, message, the claim it asserts that the message does not)
STATUS = [
    # en: issue #25's run (conv-26, D5:3) and kin
    (
        "This is my story, I am a professional counselor and I help people with mental health issues",
        "Talking to the community made me want to use my story to help others too - I'm still thinking that "
        "counseling and mental health is the way to go.",
        "professional counselor",
    ),
    ("I am vegetarian", "I'm thinking of going vegetarian.", "vegetarian"),
    # held-out run (conv-30): an identity beside an intention of the note's own
    ("I am a dreamer and I will never give up!", "I'm gonna keep chasing after those dreams.", "dreamer"),
    ("I am a nurse", "I'd love to become a nurse one day.", "nurse"),
    ("I help people with mental health issues", "I want to help people with mental health issues.", "I help"),
    ("I adopted a child", "We're considering adopting a child.", "I adopted"),
    # fr
    ("Je suis conseillère", "Je pense devenir conseillère.", "conseillère"),
    ("L'utilisatrice est infirmière", "J'aimerais tellement être infirmière un jour.", "infirmière"),
    ("Je suis végétarienne", "J'envisage de devenir végétarienne.", "végétarienne"),
    # zh
    ("我是心理咨询师", "我在考虑做心理咨询。", "心理咨询师"),
    ("我是护士", "我想当护士。", "护士"),
    ("我领养了一个孩子", "我打算领养一个孩子。", "我领养了"),
    # ms
    ("Saya seorang kaunselor", "Saya bercadang nak jadi kaunselor.", "kaunselor"),
    ("Pengguna ialah jururawat", "Saya teringin menjadi jururawat.", "jururawat"),
    ("Saya membantu orang", "Saya ingin membantu orang yang susah.", "Saya membantu"),
]
STATUS_KEPT = [
    ("I am a counselor", "I'm a counselor at a school."),
    ("I am a counselor", "As a counselor, I see a lot of pain."),
    ("I am vegetarian", "I've been vegetarian for years."),
    ("Wants to become a counselor", "I want to become a counselor."),
    ("Is thinking of going into counseling", "I'm thinking of going into counseling."),
    ("I adopted a child", "I adopted a child last year."),
    ("Je suis conseillère", "Je suis conseillère depuis deux ans."),
    ("Je suis conseillère", "En tant que conseillère, je vois beaucoup de choses."),
    ("L'utilisateur est passé chez Free", "Je suis passé chez Free le mois dernier."),
    ("我是一名心理咨询师", "我是心理咨询师，在医院上班。"),
    ("打算领养一个孩子", "我打算领养一个孩子。"),
    ("我会游泳", "我学会了游泳。"),
    ("Saya seorang kaunselor", "Saya seorang kaunselor di sekolah."),
    ("Bercadang menjadi kaunselor", "Saya bercadang nak jadi kaunselor."),
]


@pytest.mark.parametrize(("candidate", "message", "claim"), STATUS)
def test_a_note_asserting_what_the_message_only_considers_is_ungrounded(candidate, message, claim):
    found = unasserted(candidate, message)
    assert found is not None and claim in found, found
    verdict = ground(candidate, message)
    assert (verdict.grounded, verdict.check) == (False, "status"), verdict


@pytest.mark.parametrize(("candidate", "message"), STATUS_KEPT)
def test_a_note_the_message_asserts_or_that_keeps_its_intention_is_grounded(candidate, message):
    assert unasserted(candidate, message) is None


def _settings(tmp_path, upstream=None) -> Settings:
    return turn_settings(f"sqlite:///{tmp_path / 's.db'}", None if upstream is None else upstream.url)


def _answer(*texts: str) -> str:
    return reflection_answer(*texts, confidence=1.0)


# (message, the model's invented identity note, a word of the message)
INVENTED = [
    ("I'm still thinking that counseling is the way to go.", "I am a professional counselor", "counseling"),
    ("Je pense devenir conseillère.", "Je suis conseillère", "conseillère"),
    ("我在考虑做心理咨询。", "我是一名心理咨询师", "心理咨询"),
    ("Saya bercadang nak jadi kaunselor.", "Saya seorang kaunselor", "kaunselor"),
]


@pytest.mark.parametrize(("message", "note", "word"), INVENTED)
def test_the_service_drops_an_invented_identity_and_keeps_the_message(tmp_path, message, note, word):
    """The model turns a consideration into an identity (SmolLM2 on conv-26): the note is
    dropped by grounding's ``status`` check with its event; the message, which states the
    user's consideration, is kept as the turn's episode (never worse than no model)."""
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "s", message, "That's great!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and word in texts[0] and note not in texts, texts
            assert rt.store.count_events("write:dropped:grounding") == 1
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()


# (a message of chit-chat ending in a leave-taking or an opinion, a message with a fact)
EPISODES = [
    ("Totally agree, Mel. Relaxing is key. Well, I'm off to go do some research.", "Wow, Melanie! I painted a lake."),
    ("Wow, Melanie! The colors really blend nicely.", "Thanks! I started pottery last week."),
    ("Tout à fait d'accord ! Bon, je file faire des courses.", "Merci ! J'ai commencé la poterie."),
    ("Les couleurs se marient bien, Marc !", "Merci Marc ! J'ai commencé la poterie."),
    ("太好了！我先去做饭了。", "谢谢！我上周开始学陶艺了。"),
    ("哇！颜色搭配得真好。", "谢谢！我上周开始学陶艺了。"),
    ("Setuju! Okay, saya pergi masak dulu.", "Terima kasih! Saya mula belajar tembikar."),
    ("Wah! Warnanya sangat sepadan.", "Terima kasih! Saya mula belajar tembikar."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_a_leave_taking_or_an_opinion_is_no_episode(tmp_path, chit, fact):
    """No-model mode: the chit-chat message is kept as a turn only (``dropped:chitchat``);
    the message with a fact is its episode."""
    assert_no_episode(tmp_path / "s.db", chit, fact)
