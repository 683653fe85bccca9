"""The junk kinds conv-44's real-model run left (issue #25, session 16), en / fr / zh / ms:

- an invented clause after a bare comma ("I love dogs, they are my best friend!"): the
  clause reading (:mod:`souvenir.write.clause_ground`) splits at a comma before a subject
  of its own and between sentences;
- an invented sentence sharing a word or two of the message: each sentence of a note is
  read alone against grounding's share (``thin_sentences``), trailing ones cut;
- "It"-subject praise of the other's photo: the chit-chat kind ``captures``;
- a general view in an exclamative frame ("It's incredible how a team…"): the chit-chat
  kind ``wonder``, read in a model's note only — the message itself is kept as its episode
  (the annotators note such a view as the speaker's).
"""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import ALL, KINDS, NOTE_ONLY, NOTES, chit_chat, sentence_kind
from souvenir.lexical.views import captures
from souvenir.ground.types import Candidate
from souvenir.write.clause_ground import split_clauses, thin_sentences, unground_clauses
from souvenir.write.filters.no_chitchat import KIND_REASONS, chitchat_filter
from souvenir.write.filters.shapes import Exchange
from souvenir.write.grounding import MIN_SHARE, clause_share, ground

# A note that adds a clause of its own after a comma, from a message that holds none of it.
INVENTED_AFTER_COMMA = [
    (
        "I love dogs, they are my best friend! I have a dog that loves me.",
        "We used websites that helped us find a place that allowed dogs. They had filters that made it super easy.",
    ),
    (
        "J'adore les chiens, ils sont mes meilleurs amis ! J'ai un chien qui m'aime.",
        "On a utilisé des sites qui nous ont aidés à trouver un logement qui acceptait les chiens.",
    ),
    ("我很喜欢狗，它们是我最好的朋友！我有一只很爱我的狗。", "我们用了一些网站，找到了一个可以养狗的房子。"),
    (
        "Saya suka anjing, mereka kawan baik saya! Saya ada anjing yang sayang saya.",
        "Kami guna laman web untuk cari rumah yang benarkan anjing.",
    ),
]


@pytest.mark.parametrize(("note", "message"), INVENTED_AFTER_COMMA)
def test_an_invented_clause_after_a_comma_is_not_grounded(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert not verdict.grounded, verdict
    assert verdict.check in ("clause", "sentence", "key")  # zh: its new words are key terms first


@pytest.mark.parametrize(("note", "message"), INVENTED_AFTER_COMMA)
def test_the_clause_reading_splits_at_the_comma(note: str, message: str) -> None:
    read = unground_clauses(note, lambda part: clause_share(part, message))
    assert len(read.parts) == 3 and 1 in read.unground, read


@pytest.mark.parametrize(
    ("note", "message"),
    [
        (
            "I got new collars for my dogs, they are so cute!",
            "So I got new collars and tags for my dogs - they are so cute!",
        ),
        (
            "J'ai acheté des colliers pour mes chiens, ils sont trop mignons !",
            "J'ai acheté des nouveaux colliers pour mes chiens, ils sont trop mignons !",
        ),
        ("我给我的狗买了新项圈，它们太可爱了！", "我给我的狗买了新项圈，它们太可爱了！"),
        (
            "Saya beli kolar baru untuk anjing saya, mereka comel sangat!",
            "Saya beli kolar baru untuk anjing saya, mereka comel sangat!",
        ),
    ],
)
def test_a_stated_clause_after_a_comma_stays(note: str, message: str) -> None:
    assert ground(note, message).check == "grounded"


def test_only_the_clause_reading_splits_at_commas() -> None:
    # possession and the tail cut keep their coordinator split
    note = "I love dogs, they are my best friend! I have a dog."
    assert split_clauses(note) == ((note,), (len(note),))
    assert len(split_clauses(note, commas=True)[0]) == 3
    assert split_clauses("I went hiking, and it was great.", commas=True)[0] == ("I went hiking", "it was great.")


@pytest.mark.parametrize(
    ("note", "message", "kept"),
    [
        (
            "I went to the park with my dogs. I have a cat that sings opera.",
            "I went to the park with my dogs yesterday.",
            "I went to the park with my dogs.",
        ),
        (
            "Je suis allée au parc avec mes chiens. J'ai un chat qui chante l'opéra.",
            "Hier je suis allée au parc avec mes chiens.",
            "Je suis allée au parc avec mes chiens.",
        ),
        (
            "Saya pergi ke taman dengan anjing saya. Saya ada kucing yang menyanyi opera.",
            "Semalam saya pergi ke taman dengan anjing saya.",
            "Saya pergi ke taman dengan anjing saya.",
        ),
    ],
)
def test_an_invented_last_sentence_is_cut(note: str, message: str, kept: str) -> None:
    verdict = ground(note, message)
    assert verdict.grounded and verdict.check == "cut" and verdict.text == kept, verdict


def test_an_invented_sentence_in_chinese() -> None:
    note, message = "我带我的狗去了公园。我有一只会唱歌剧的猫。", "我昨天带我的狗去了公园。"
    read = thin_sentences(note, lambda part: clause_share(part, message), MIN_SHARE)
    assert read.parts == ("我带我的狗去了公园。", "我有一只会唱歌剧的猫。") and read.unground == (1,)
    assert read.cut() == "我带我的狗去了公园。"
    assert not ground(note, message).grounded  # its new words are key terms: rejected first


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("I love my dogs. Dogs are my whole world!", "I love my dogs, they are my whole world!"),
        ("J'aime mes chiens. Ils sont tout pour moi !", "J'aime mes chiens, ils sont tout pour moi !"),
        ("我爱我的狗。它们是我的一切！", "我爱我的狗，它们是我的一切！"),
        (
            "Saya sayang anjing saya. Mereka segalanya bagi saya!",
            "Saya sayang anjing saya, mereka segalanya bagi saya!",
        ),
    ],
)
def test_each_sentence_stated_stays_whole(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert verdict.check == "grounded", verdict


def test_an_invented_first_sentence_rejects_the_note() -> None:
    verdict = ground(
        "I have a cat that sings opera. I went to the park with my dogs.", "I went to the park with my dogs yesterday."
    )
    assert not verdict.grounded and verdict.check in ("clause", "sentence"), verdict


@pytest.mark.parametrize(
    "sentence",
    [
        "It really captures that calming and peaceful feeling.",
        "The photo perfectly conveys the mood!",
        "Elle capture vraiment l'ambiance paisible.",
        "Ça dégage une telle sérénité !",
        "它真的拍出了那种宁静的感觉。",
        "这张照片捕捉到了温暖的氛围。",
        "Ia betul-betul menangkap suasana yang tenang.",
        "Gambar ini memancarkan ketenangan.",
    ],
)
def test_captures(sentence: str) -> None:
    assert sentence_kind(sentence) in ("captures", "praise", "opinion")  # an earlier kind may read it first
    assert chit_chat(sentence) is not None
    assert captures(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "It shows the way to the lake.",
        "It captures my mood after the divorce.",
        "I captured that calming feeling in my painting.",
        "Elle montre le chemin du lac.",
        "我的照片拍出了宁静的感觉。",
        "Saya menangkap suasana tenang dalam lukisan saya.",
    ],
)
def test_a_rendering_by_the_writer_or_with_no_quality_is_no_captures(sentence: str) -> None:
    assert sentence_kind(sentence) != "captures"


WONDERS = [
    "It's incredible how a team creates such strong ties.",
    "It's amazing how nature can have such awesome surprises!",
    "C'est fou comme une équipe crée des liens forts.",
    "C'est incroyable de voir à quel point la nature surprend.",
    "真神奇，一个团队能建立这么深厚的感情。",
    "太不可思议了，大自然总有惊喜。",
    "Memang menakjubkan bagaimana satu pasukan membina ikatan yang kuat.",
    "Luar biasa betapa alam boleh beri kejutan.",
]


@pytest.mark.parametrize("sentence", WONDERS)
def test_wonder_drops_the_note_and_keeps_the_message(sentence: str) -> None:
    assert sentence_kind(sentence, kinds=NOTES) == "wonder"
    decision = chitchat_filter(Candidate(text=sentence), Exchange(user_message=sentence, assistant_reply="Yes!"))
    assert not decision.kept and "wonder" in decision.reason
    # the message itself is no chit-chat: no-model mode and the fallback keep it as its episode
    assert chit_chat(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "It's great to see the love and support for the LGBTQ+ community.",
        "C'est super de voir autant de soutien pour la communauté.",
        "真好，看到大家这么支持这个社区。",
        "Bagus tengok sokongan untuk komuniti ini.",
    ],
)
def test_glad_to_see_as_a_note(sentence: str) -> None:
    # conv-26's second speaker (session 16, after the held-out run): a general view as a note
    decision = chitchat_filter(Candidate(text=sentence), Exchange(user_message=sentence, assistant_reply="Yes!"))
    assert not decision.kept
    assert sentence_kind(sentence, kinds=NOTES) in ("wonder", "opinion")


@pytest.mark.parametrize(
    "sentence",
    [
        "It's great to see my kids grow.",
        "真好，我看到了我的孩子。",
        "It's amazing how we met at that concert.",
        "It's incredible how my son has grown.",
        "C'est fou comme mon fils a grandi.",
        "真神奇，我儿子长得这么快。",
        "Memang menakjubkan bagaimana anak saya membesar.",
        "It's important to rest after a race.",
    ],
)
def test_a_view_of_the_writers_own_is_no_wonder(sentence: str) -> None:
    assert sentence_kind(sentence, kinds=NOTES) != "wonder"


def test_the_kinds_are_listed_with_their_reasons() -> None:
    assert {"captures", "wonder"} <= set(KINDS) and set(KINDS) <= set(KIND_REASONS)
    assert "wonder" in NOTE_ONLY and "wonder" not in ALL and "captures" in ALL


def test_the_conv44_notes() -> None:
    # D4:7's note and the message it copied: both chit-chat now (no episode, no note)
    message = (
        "Wow, that view looks great! It really captures that calming and peaceful feeling. "
        "It must be really satisfying to capture that tranquility."
    )
    assert chit_chat("It really captures that calming and peaceful feeling.") == "captures"
    assert chit_chat(message) is not None
