"""The chit-chat kinds ``cheer_on`` and ``enjoy`` (:mod:`souvenir.lexical.send_off`, issue #25):
conv-43's fallback episodes, each kind in en / fr / zh / ms, with the writer's facts kept."""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import chit_chat, sentence_kind
from souvenir.write.filters.no_chitchat import KIND_REASONS


def test_the_conv43_messages_are_chitchat() -> None:
    # conv-43 D2:17 and D4:15: no-model mode and the fallback kept both as episodes.
    assert chit_chat(
        "Wow! You look so into it in that pic – it must be so awesome playing at that level! Keep rockin' it!"
    )
    assert chit_chat("Thanks! I'll enjoy writing them. Take care and talk soon!")


@pytest.mark.parametrize(
    "sentence",
    [
        "Keep rockin' it!",
        "Keep up the great work, John!",
        "Keep killing it!",
        "Continue à tout déchirer !",
        "Garde le cap !",
        "继续保持！",
        "继续加油哦！",
        "Teruskan usaha yang hebat!",
        "Teruskan!",
    ],
)
def test_cheer_on(sentence: str) -> None:
    assert sentence_kind(sentence) in ("cheer_on", "resolve", "empty")
    assert chit_chat(sentence) is not None


@pytest.mark.parametrize(
    "sentence",
    [
        "I'll enjoy writing them.",
        "I will enjoy it!",
        "Je vais en profiter !",
        "我会好好享受的！",
        "Saya akan menikmatinya!",
    ],
)
def test_enjoy(sentence: str) -> None:
    assert sentence_kind(sentence) in ("enjoy", "resolve", "empty")


@pytest.mark.parametrize(
    "text",
    [
        "I'll enjoy the concert in Paris on Friday.",
        "Je vais profiter de mes vacances à Nice.",
        "我会在北京享受假期。",
        "Saya akan menikmati cuti di Ipoh.",
        "I keep my plants alive on the balcony.",
        "Je continue à jouer du piano.",
        "我继续学中文。",
        "Saya teruskan kerja di Johor.",
        "Thanks! I'll enjoy writing them. I start my new novel on Monday.",
    ],
)
def test_the_writers_facts_are_kept(text: str) -> None:
    assert chit_chat(text) is None


def test_the_kinds_have_reasons() -> None:
    assert {"cheer_on", "enjoy"} <= set(KIND_REASONS)


@pytest.mark.parametrize(
    "sentence",
    [
        "Count on me for support.",  # conv-43 D2:7, no "you"
        "Compte sur moi pour le soutien.",
        "你可以依靠我。",
        "Awak boleh harapkan saya.",
        "Boleh bergantung pada saya untuk sokongan.",
    ],
)
def test_count_on_me_is_support_without_you(sentence: str) -> None:
    assert sentence_kind(sentence) == "support"


@pytest.mark.parametrize(
    "sentence",
    ["I count on my sister for support.", "Je compte sur ma sœur.", "我依靠我姐姐。", "Saya harapkan adik saya."],
)
def test_counting_on_ones_own_people_is_a_fact(sentence: str) -> None:
    assert sentence_kind(sentence) is None


@pytest.mark.parametrize(
    "sentence", ["I'd love to see!", "J'aimerais bien voir !", "我好想看看！", "Saya teringin nak tengok!"]
)
def test_a_bare_wish_to_see_is_a_request(sentence: str) -> None:
    # conv-44 (Audrey): "Sounds amazing! Did you take a photo? I'd love to see!" left "I'd love to see!" as a note
    assert sentence_kind(sentence) == "request"


@pytest.mark.parametrize(
    "sentence",
    [
        "I'd love to see Paris someday.",
        "J'aimerais voir Rome un jour.",
        "我很想看看长城。",
        "Saya nak tengok wayang di KL.",
    ],
)
def test_a_wish_to_see_a_named_thing_is_kept(sentence: str) -> None:
    assert sentence_kind(sentence) is None
