"""Grounding's ``deictic`` and ``possession`` checks (issue #25, SmolLM2-135M on conv-43).

Each kind in en / fr / zh / ms, with counter-examples the check must keep: a demonstrative
that is a determiner or has an earlier clause to point at, a possession the message
states (by inflection, by a word of its group, by "we" for a family)."""

from __future__ import annotations

import pytest

from souvenir.write.deictic import unresolved_deictic
from souvenir.write.grounding import ground
from souvenir.write.possession import invented_possessions
from souvenir.lexical.tagged import Tok, supported, tokenize

# conv-43 D3:32 and D1:20 (Tim), the turns SmolLM2-135M wrote the two notes from.
BLISS_TURN = (
    "Yeah! It's great to find stuff that makes us happy and feel free. It's like bliss for me when I do this in a "
    "comfy spot. It's like being in another world, same as surfing is for you."
)
VISIT_TURN = (
    "Definitely add it to your list! It's a really fun experience. Let me know if you need any tips for visiting. Bye!"
)


def test_the_conv43_notes() -> None:
    bliss = ground(
        "It's like bliss for me when I do this in a comfy spot.", BLISS_TURN, "Let's all find our own bliss."
    )
    assert (bliss.grounded, bliss.check) == (False, "deictic")
    home = ground("It's been an incredible experience visiting my home.", VISIT_TURN, "")
    assert (home.grounded, home.check) == (False, "possession")
    assert "home" in (home.reason or "")


@pytest.mark.parametrize(
    ("note", "message"),
    [
        (
            "It's like bliss for me when I do this in a comfy spot.",
            "I read a lot. It's like bliss for me when I do this in a comfy spot.",
        ),
        ("That was the best day of my life!", "We went to the lake. That was the best day of my life!"),
        ("I bake that every day.", "My grandma taught me her bread. I bake that every day."),
        (
            "C'est le bonheur quand je fais ça dans un coin douillet.",
            "J'adore lire. C'est le bonheur quand je fais ça dans un coin douillet.",
        ),
        ("Cela me rend heureuse.", "Je peins le dimanche. Cela me rend heureuse."),
        ("我在舒服的地方做这个的时候很幸福。", "我喜欢看书。我在舒服的地方做这个的时候很幸福。"),
        ("这是我最喜欢的运动。", "我每天跑步。这是我最喜欢的运动。"),
        ("我喜欢这样做。", "我周末画画。我喜欢这样做。"),
        (
            "Saya rasa gembira bila buat ini di tempat yang selesa.",
            "Saya suka membaca. Saya rasa gembira bila buat ini di tempat yang selesa.",
        ),
        ("Itu hari terbaik saya.", "Kami pergi ke tasik. Itu hari terbaik saya."),
    ],
)
def test_an_unresolved_demonstrative_is_rejected(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert (verdict.grounded, verdict.check) == (False, "deictic"), verdict


@pytest.mark.parametrize(
    ("note", "message"),
    [
        # a determiner, not a pronoun
        ("I read this book twice.", "I read this book twice."),
        ("This weekend I went hiking.", "This weekend I went hiking."),
        # an earlier clause to point at
        ("I love painting, and I do this every day.", "I love painting, and I do this every day."),
        ("I started painting. I do this every day.", "I started painting. I do this every day."),
        # a complementizer, a connective, a duration
        ("I believe that every small act counts.", "I believe that every small act counts."),
        ("After that, I moved to Ipoh.", "After that, I moved to Ipoh."),
        ("Ça fait trois ans que je joue du piano.", "Ça fait trois ans que je joue du piano."),
        ("J'adore le surf, ça me détend.", "J'adore le surf, ça me détend."),
        ("我读了这本书两次。", "我读了这本书两次。"),
        ("我喜欢画画，这让我很开心。", "我喜欢画画，这让我很开心。"),
        ("Buku ini sangat bagus.", "Buku ini sangat bagus."),
        ("Selepas itu saya pindah ke Ipoh.", "Selepas itu saya pindah ke Ipoh."),
    ],
)
def test_a_resolved_or_determiner_demonstrative_is_kept(note: str, message: str) -> None:
    assert unresolved_deictic(note) is None
    assert ground(note, message).check != "deictic"


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("I love painting with my sister.", "I love painting."),
        ("J'adore peindre avec ma sœur.", "J'adore peindre."),
        ("我喜欢和我的狗画画。", "我喜欢画画。"),
        ("Adik saya suka melukis.", "Dia suka melukis."),
        ("Saya suka melukis di rumahku.", "Saya suka melukis."),
    ],
)
def test_an_invented_possession_is_rejected(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert (verdict.grounded, verdict.check) == (False, "possession"), verdict


@pytest.mark.parametrize(
    ("note", "message", "head"),
    [
        ("I paint every Sunday, and I paint with my sister.", "I paint every Sunday.", "I paint every Sunday."),
        ("Je peins le dimanche, et je peins avec ma sœur.", "Je peins le dimanche.", "Je peins le dimanche."),
        (
            "Saya melukis setiap Ahad, dan saya melukis dengan adik saya.",
            "Saya melukis setiap Ahad.",
            "Saya melukis setiap Ahad.",
        ),
        ("我每天画画，而且我和我的狗画画。", "我每天画画。", "我每天画画。"),
    ],
)
def test_a_trailing_clause_with_an_invented_possession_is_cut(note: str, message: str, head: str) -> None:
    verdict = ground(note, message)
    assert verdict.grounded and verdict.check == "cut", verdict
    assert verdict.text == head


def _stated(message: str):
    toks = tokenize(message)
    return lambda tok: supported(tok, toks, "".join(t.key for t in toks if t.cjk))


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("I visited my sisters.", "My sister lives in Ipoh."),
        ("I went camping with my family.", "We went camping with my fam."),
        ("I love my home.", "I love my house."),
        ("John and his family work out together.", "We work out together."),
        ("I miss my dog, Max.", "Max and I had a blast."),
        ("Ma maison est petite.", "Notre appartement est petit."),
        ("我的狗很可爱。", "我家的狗很可爱。"),
        ("Rumah saya besar.", "Rumah kami besar."),
        ("I made it for my kids.", "Seeing my kids' smiles was awesome."),
        ("It's my favourite.", "I love it."),  # "'s" after "it" is no possessive
    ],
)
def test_a_stated_possession_is_kept(note: str, message: str) -> None:
    assert invented_possessions(note, _stated(message)) == ()


def test_the_word_reading_is_the_tokenizers() -> None:
    tok = Tok("home", "home", "home", "content")
    assert not supported(tok, tokenize("tips for visiting"))


@pytest.mark.parametrize(
    ("note", "message"),
    [
        # conv-44 (Audrey): the chit-chat sentence was cut, the "That" lost what it pointed at
        (
            "Taking them on hikes must be awesome! That makes me want to hike with my dogs.",
            " Taking them on hikes must be awesome! That makes me want to hike with my dogs.",
        ),
        (
            "Ça doit être génial ! Cela me donne envie de randonner avec mes chiens.",
            "Ça doit être génial ! Cela me donne envie de randonner avec mes chiens.",
        ),
        ("那一定很棒吧！这让我想和我的狗去徒步。", "那一定很棒吧！这让我想和我的狗去徒步。"),
        (
            "Mesti best! Itu buat saya nak mendaki dengan anjing saya.",
            "Mesti best! Itu buat saya nak mendaki dengan anjing saya.",
        ),
    ],
)
def test_a_chitchat_cut_that_orphans_a_demonstrative_drops_the_note(note: str, message: str) -> None:
    from souvenir.write.filters.no_chitchat import chitchat_filter
    from souvenir.write.filters.shapes import Exchange
    from souvenir.ground.types import Candidate

    decision = chitchat_filter(Candidate(text=note), Exchange(user_message=message, assistant_reply="Nice!"))
    assert not decision.kept, decision


def test_a_chitchat_cut_keeps_a_fact_with_nothing_to_point_at() -> None:
    from souvenir.write.filters.no_chitchat import chitchat_filter
    from souvenir.write.filters.shapes import Exchange
    from souvenir.ground.types import Candidate

    note = "I totally agree! I started pottery last week."
    decision = chitchat_filter(Candidate(text=note), Exchange(user_message=note, assistant_reply="Nice!"))
    assert decision.kept and "pottery" in decision.candidate.text
