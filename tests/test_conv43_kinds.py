"""The chit-chat kinds met in conv-43's real-model run (issue #25): guesses, congratulations,
"what makes life good", and contractions typed without their apostrophe, per language."""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import chit_chat, sentence_kind
from souvenir.lexical.guesses import cheer
from souvenir.lexical.sloppy import apostrophes
from souvenir.lexical.tagged import tokenize


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Bet it felt awesome to score that basket and have the crowd going wild.", "guess"),
        ("Must have been such an adrenaline rush!", "guess"),
        ("It's gotta be a rush having all these options.", "guess"),
        ("Ça a dû être génial de marquer ce panier !", "guess"),
        ("Ça doit être incroyable !", "guess"),
        ("那一定很刺激！", "guess"),
        ("比赛一定很刺激吧。", "guess"),  # with 吧 the proposal kind reads it first
        ("Mesti best main depan penonton!", "guess"),
        ("Wow, Congrats on those deals with Nike and Gatorade!", "congrats"),
        ("Félicitations pour ton contrat avec Nike !", "congrats"),
        ("恭喜你拿到耐克的合同！", "congrats"),
        ("Tahniah atas tawaran Nike!", "congrats"),
        ("It's what makes life awesome!", "life"),
        ("C'est ce qui rend la vie belle !", "life"),
        ("这就是生活的意义！", "life"),
        ("Itulah yang membuatkan hidup bermakna!", "life"),
    ],
)
def test_kind_per_language(text: str, kind: str) -> None:
    """Read by its kind (tried last: an earlier kind may read it first), and chit-chat."""
    assert cheer(text) == kind
    assert sentence_kind(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "I bet it was my best game ever.",  # the writer's own
        "We must have been there for hours.",
        "J'ai dû être opéré en mars.",
        "我一定要去日本吧。",  # no: 我
        "Saya mesti pergi ke Ipoh esok.",
        "Congrats on our new house, we moved in May!",  # "we": the writer's family's fact
        "I got congratulated on my promotion.",
    ],
)
def test_the_writers_own_is_kept(text: str) -> None:
    assert chit_chat(text) is None


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Youre killing it!", "You're killing it!"),
        ("im so proud of u", "I'm so proud of u"),
        ("Thats great, dont stop", "That's great, don't stop"),
        ("t es trop forte", "t'es trop forte"),
        ("j ai adoré", "j'ai adoré"),
        ("Its tail is long and we were well", "Its tail is long and we were well"),  # words
        ("你真棒", "你真棒"),
        ("Saya x suka", "Saya x suka"),  # Malay "x" is the tokenizer's
    ],
)
def test_apostrophes_restored(typed: str, read: str) -> None:
    assert apostrophes(typed) == read


def test_sloppy_praise_is_addressed_in_each_language() -> None:
    assert chit_chat("Youre killing it!") == "addressed"
    assert chit_chat("t es trop forte !") == "addressed"
    assert chit_chat("你真棒！") is not None
    assert chit_chat("Awak memang hebat!") is not None


def test_shared_reading_sees_the_negation() -> None:
    assert any(t.role == "neg" for t in tokenize("I dont eat meat"))
    assert any(t.role == "neg" for t in tokenize("Je mange pas de viande"))


def test_conv43_fallbacks_are_chit_chat() -> None:
    for text in (
        "Wow, Congrats on those deals with Nike and Gatorade! You're killing it! Any other brands you're dreaming of working with?",
        "Sure thing! It's what makes life awesome!",
        "Awesome! Winning a tough game must have been such an exhilarating experience!",
        "That's awesome! It's gotta be a rush having all these options. Can't wait to see which brands you choose to work with - gonna be great!",
    ):
        assert chit_chat(text) is not None, text


def test_conv43_fallbacks_read_by_the_new_kinds() -> None:
    assert sentence_kind("Wow, Congrats on those deals with Nike and Gatorade!") == "congrats"
    assert sentence_kind("It's what makes life awesome!") == "life"
    assert sentence_kind("Bet it felt awesome to score that basket and have the crowd going wild.") == "guess"


@pytest.mark.parametrize("text", ["That looks peaceful!", "Ça a l'air paisible !", "看起来很宁静", "Nampak tenang!"])
def test_a_calm_picture_is_praise(text: str) -> None:
    assert sentence_kind(text) == "praise"


@pytest.mark.parametrize(
    "text",
    [
        "I live in a peaceful village.",
        "J'habite un village paisible.",
        "我住在一个宁静的小镇。",
        "Saya tinggal di kampung yang tenang.",
    ],
)
def test_a_calm_place_of_ones_own_is_kept(text: str) -> None:
    assert chit_chat(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "It's great to find stuff that makes us happy and feel free.",
        "Books can really inspire and help us keep our dreams alive.",
        "Les livres nous aident à garder nos rêves.",
        "书能让我们保持梦想。",
        "Buku boleh membantu kita mengekalkan impian.",
    ],
)
def test_a_generic_us_maxim(text: str) -> None:
    assert sentence_kind(text) == "us"


@pytest.mark.parametrize(
    "text",
    [
        "We went hiking and it made us happy.",
        "Camping in Maine makes us happy.",
        "Nous avons fait du camping, ça nous a rendus heureux.",
        "我们去露营了，让我们很开心。",
        "Kami pergi berkhemah dan ia membuatkan kita gembira.",
    ],
)
def test_our_own_us_is_kept(text: str) -> None:
    assert chit_chat(text) is None
