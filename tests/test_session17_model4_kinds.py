"""The junk kinds conv-43's held-out run left (issue #25, session 17, lane model4), en / fr / zh / ms:

- a "we all" maxim ("We all find our own way to escape and feel free!"): note-only chit-chat
  kind ``everyone``;
- a bare list of sensations ("The waves, the wind, it's super exciting and free-feeling."):
  ``sensations``;
- a vacuous feeling about what comes next ("I am excited about what's coming next! This is
  where I am heading."): ``ahead`` (:mod:`souvenir.lexical.commonplace`);
- a noun swapped inside an otherwise copied run ("The Nike and Gatorade deals…" → "…the new Nike
  and Gatorade products!"): grounding's ``swapped`` (:mod:`souvenir.write.swapped`).
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import ALL, NOTES, chit_chat
from souvenir.lexical.commonplace import ahead, everyone, sensations
from souvenir.write.grounding import ground
from souvenir.write.swapped import swapped_word
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

EVERYONE = [
    "We all find our own way to escape and feel free!",
    "We all need a push sometimes.",
    "On a tous notre façon de nous évader et de nous sentir libres !",
    "On a tous besoin de repos.",
    "我们都有自己逃避和感受自由的方式！",
    "Kita semua ada cara sendiri untuk melarikan diri dan rasa bebas!",
]
EVERYONE_KEPT = [
    "We all went to Tokyo last year.",
    "We all went camping.",
    "We all need a dog like Max.",
    "Everyone at my school loves me.",
    "On a tous mangé chez Paul.",
    "On est tous allés à Lyon en été.",
    "我们都去了海边。",
    "Kita semua sudah pergi ke pantai.",
]

SENSATIONS = [
    "The waves, the wind, it's super exciting and free-feeling.",
    "Les vagues, le vent, c'est super grisant.",
    "海浪，海风，太刺激了！",
    "Ombak, angin, memang seronok dan rasa bebas.",
]
SENSATIONS_KEPT = [
    "My board, my wetsuit, it's all I need.",
    "Wow, John, that's really heartwarming!",
    "The waves, the wind, it's why I surf in Hawaii.",
    "Mes planches, ma combinaison, c'est tout ce qu'il me faut.",
    "我的冲浪板，我的潜水服，这就是我的全部。",
    "Papan saya, baju selam saya, memang best.",
]

AHEAD = [
    "I am excited about what's coming next! This is where I am heading.",
    "Really looking forward to what's coming next!",
    "J'ai hâte de voir la suite ! C'est là que je vais.",
    "我很期待接下来的事！这就是我的方向。",
    "Saya teruja dengan apa yang akan datang! Inilah hala tuju saya.",
]
AHEAD_KEPT = [
    "I am excited about the game next month!",
    "I'm excited about what's coming next with the Minnesota Wolves!",
    "J'ai hâte de voir la suite de la saison à Lyon.",
    "我很期待下个月的比赛！",
    "Saya teruja dengan perlawanan bulan depan!",
]


@pytest.mark.parametrize("note", EVERYONE)
def test_a_maxim_on_everyone_is_chitchat_in_a_note_only(note: str) -> None:
    assert everyone(note)
    assert chit_chat(note, kinds=NOTES) == "everyone"
    assert chit_chat(note, kinds=ALL) is None


@pytest.mark.parametrize("note", EVERYONE_KEPT)
def test_what_we_all_did_or_a_named_thing_is_not_a_maxim(note: str) -> None:
    assert not everyone(note)
    assert chit_chat(note, kinds=NOTES) is None


@pytest.mark.parametrize("note", SENSATIONS)
def test_a_bare_list_of_sensations_is_chitchat_in_a_note_only(note: str) -> None:
    assert sensations(note)
    assert chit_chat(note, kinds=NOTES) == "sensations"
    assert chit_chat(note, kinds=ALL) is None


@pytest.mark.parametrize("note", SENSATIONS_KEPT)
def test_an_owned_list_a_call_or_a_place_is_not_a_sensation_list(note: str) -> None:
    assert not sensations(note)


@pytest.mark.parametrize("note", AHEAD)
def test_a_feeling_about_what_comes_next_is_chitchat_in_a_note_only(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) == "ahead"
    assert chit_chat(note, kinds=ALL) is None


@pytest.mark.parametrize("note", AHEAD_KEPT)
def test_a_feeling_about_a_named_thing_to_come_is_kept(note: str) -> None:
    assert not ahead(note)
    assert chit_chat(note, kinds=NOTES) is None


def test_the_service_drops_the_commonplaces_and_keeps_the_message(tmp_path) -> None:
    """The scripted model writes conv-43's three commonplace notes; the message stays as its episode."""
    message = (
        "Surfing is my escape. The waves, the wind, it's super exciting and free-feeling. "
        "We all find our own way to escape and feel free!"
    )
    notes = (
        "The waves, the wind, it's super exciting and free-feeling.",
        "We all find our own way to escape and feel free!",
        "I am excited about what's coming next! This is where I am heading.",
    )
    with ChatServer(reflection_answer=reflection_answer(*notes)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "That sounds amazing!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert not any(text in notes for text in texts), texts
            assert any("Surfing is my escape" in text for text in texts), texts
        finally:
            rt.close()


# (note, message, the swapped pair): a word next to a copied name is not the message's.
SWAPPED = [
    (
        "I'm so excited about the new Nike and Gatorade products!",
        "Thanks! The Nike and Gatorade deals have me stoked! I've always liked Under Armour.",
        ("products", "deals"),
    ),
    (
        "Je suis ravi des nouveaux produits de Nike et Gatorade !",
        "Merci ! Les contrats avec Nike et Gatorade me rendent fou ! J'ai toujours aimé Under Armour.",
        ("produits", "contrats"),
    ),
    ("我对耐克和佳得乐的新产品很兴奋！", "谢谢！耐克和佳得乐的合同让我很兴奋！我一直很喜欢安德玛。", ("新", "合同")),
    (
        "Saya teruja dengan produk daripada Nike dan Gatorade!",
        "Terima kasih! Tawaran dengan Nike dan Gatorade buat saya teruja! Saya selalu suka Under Armour.",
        ("produk", "Tawaran"),
    ),
]
# (note, message): the copy keeps the message's word, or retells it around the name.
NOT_SWAPPED = [
    ("I'm stoked about the Nike and Gatorade deals!", "Thanks! The Nike and Gatorade deals have me stoked!"),
    ("Watched the Lord of the Rings Trilogy last night.", 'I watched "The Lord of the Rings" Trilogy yesterday!'),
    ("I have three dogs named Scout, Toby and Buddy.", "We're gonna take Scout, Toby, and Buddy to a nearby park."),
    (
        "Les contrats avec Nike et Gatorade me rendent fou !",
        "Merci ! Les contrats avec Nike et Gatorade me rendent fou !",
    ),
    ("耐克和佳得乐的合同让我很兴奋！", "谢谢！耐克和佳得乐的合同让我很兴奋！"),
    ("Saya teruja dengan tawaran daripada Nike dan Gatorade!", "Tawaran dengan Nike dan Gatorade buat saya teruja!"),
]


@pytest.mark.parametrize(("note", "message", "pair"), SWAPPED)
def test_a_word_swapped_next_to_a_copied_name_is_found(note: str, message: str, pair: tuple[str, str]) -> None:
    assert swapped_word(note, message) == pair
    verdict = ground(note, message, None, ("John",), other_names=("Tim",))
    assert not verdict.grounded
    assert verdict.check in ("swapped", "key")  # Chinese: 产品 is already a key term the message lacks


@pytest.mark.parametrize(("note", "message"), NOT_SWAPPED)
def test_a_copy_or_a_retelling_around_a_name_is_not_a_swap(note: str, message: str) -> None:
    assert swapped_word(note, message) is None


def test_the_conv43_note_is_rejected_as_swapped() -> None:
    note, message, _ = SWAPPED[0]
    assert ground(note, message, None, ("John",), other_names=("Tim",)).check == "swapped"


def test_the_service_drops_the_swapped_note_and_keeps_the_message(tmp_path) -> None:
    note, message, _ = SWAPPED[0]
    with ChatServer(reflection_answer=reflection_answer(note)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Congrats on those deals!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert texts and not any("products" in text for text in texts), texts
            assert rt.store.count_events("write:dropped:grounding") == 1
        finally:
            rt.close()
