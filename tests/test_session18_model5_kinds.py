"""The junk kinds conv-44's held-out run left (issue #25, session 18, lane model5), en / fr / zh / ms:

- a negation paired by a word of the message's *other* clause ("I do not have a preference for
  hiking spots." from "Haven't specifically gone out for bird-watching, but I do spot them
  when I hike."): ``denial`` reads the message's negated sentence up to a contrastive break;
- a last sentence that restates the head and adds the model's words ("I love animals. I have a
  favorite animal."): cut by :func:`souvenir.write.clause_ground.restated_tail`;
- a note whose "they" / "them" points at another turn ("Kinda jealous of all those fun outings
  with them.", "They encourage me when I'm down…"): grounding's ``they``
  (:mod:`souvenir.write.unbound_they`).
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from souvenir.write.denial import invented_negation
from souvenir.write.grounding import ground
from souvenir.write.unbound_they import unbound_they
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

#: (note, message): the note's negation meets the message's only in its un-negated clause.
DENIED = [
    (
        "I do not have a preference for hiking spots.",
        "Haven't specifically gone out for bird-watching, but I do spot them when I hike.",
    ),
    (
        "Je n'aime pas la randonnée.",
        "Je ne suis jamais allé observer les oiseaux, mais j'en vois quand je fais de la randonnée.",
    ),
    ("我不喜欢徒步。", "我没专门去观鸟，但是徒步的时候会看到。"),
    ("Saya tak suka mendaki.", "Saya tak pernah pergi tengok burung, tapi saya nampak masa mendaki."),
]
#: The note's negation meets the message's negated clause: kept.
DENIED_KEPT = [
    (
        "I have not gone bird-watching.",
        "Haven't specifically gone out for bird-watching, but I do spot them when I hike.",
    ),
    ("I don't eat meat.", "I don't eat meat but I love fish."),
    ("Je ne mange pas de viande.", "Je ne mange pas de viande mais j'adore le poisson."),
    ("我不吃肉。", "我不吃肉，但是很喜欢鱼。"),
    ("Saya tak makan daging.", "Saya tak makan daging tapi saya suka ikan."),
    ("I didn't go to the party.", "No, I didn't."),
]


@pytest.mark.parametrize(("note", "message"), DENIED)
def test_a_negation_paired_only_by_the_other_clause_is_invented(note: str, message: str) -> None:
    assert invented_negation(note, message)
    assert ground(note, message).check == "denial"


@pytest.mark.parametrize(("note", "message"), DENIED_KEPT)
def test_a_negation_of_the_negated_clause_is_kept(note: str, message: str) -> None:
    assert invented_negation(note, message) is None


#: (note, message, the note once cut).
RESTATED = [
    ("I love animals. I have a favorite animal.", "No, no pets right now. But I do love animals.", "I love animals."),
    (
        "J'adore les animaux. J'ai un animal préféré.",
        "Non, pas d'animaux pour l'instant. Mais j'adore les animaux.",
        "J'adore les animaux.",
    ),
    ("我很爱动物。我有一个最喜欢的动物。", "没有，现在没有宠物。但我很爱动物。", "我很爱动物。"),
    (
        "Saya suka haiwan. Saya ada haiwan kegemaran.",
        "Tak, tiada haiwan peliharaan sekarang. Tapi saya suka haiwan.",
        "Saya suka haiwan.",
    ),
]
#: A last sentence bringing a word of the message the head did not: kept whole.
RESTATED_KEPT = [
    ("I love animals. I walk dogs every week.", "I love animals and I walk dogs every week."),
    ("J'adore les animaux. Je promène des chiens.", "J'adore les animaux et je promène des chiens."),
    ("我很爱动物。我每周遛狗。", "我很爱动物，我每周遛狗。"),
    ("Saya suka haiwan. Saya bawa anjing berjalan.", "Saya suka haiwan dan saya bawa anjing berjalan."),
    ("I love animals.", "I love animals."),
]


@pytest.mark.parametrize(("note", "message", "cut"), RESTATED)
def test_a_last_sentence_restating_the_head_with_new_words_is_cut(note: str, message: str, cut: str) -> None:
    verdict = ground(note, message)
    assert verdict.grounded and verdict.check == "cut" and verdict.text == cut, verdict


@pytest.mark.parametrize(("note", "message"), RESTATED_KEPT)
def test_a_last_sentence_of_the_message_is_kept(note: str, message: str) -> None:
    verdict = ground(note, message)
    assert verdict.grounded and verdict.text is None, verdict


THEY = [
    ("They encourage me when I'm down.", "They"),
    ("Kinda jealous of all those fun outings with them.", "those"),
    ("Nice to hang out with them.", "them"),
    ("Ils me soutiennent quand je suis triste.", "Ils"),
    ("Un peu jaloux de toutes ces sorties avec eux.", "ces"),
    ("他们在我难过的时候鼓励我。", "他们"),
    ("有点羡慕那些出去玩的日子。", "那些"),
    ("Mereka beri semangat bila saya sedih.", "Mereka"),
    ("Cemburu dengan semua aktiviti seronok dengan mereka.", "mereka"),
]
THEY_KEPT = [
    "My kids love the beach and they swim every day.",
    "Caroline's friends support her and she loves them.",
    "The kids love it when they go camping.",
    "Loves hiking with the kids.",
    "Mes enfants adorent la plage et ils nagent tous les jours.",
    "我的孩子们喜欢海滩，他们每天游泳。",
    "Anak-anak saya suka pantai dan mereka berenang setiap hari.",
]


@pytest.mark.parametrize(("note", "pronoun"), THEY)
def test_a_they_pointing_at_another_turn_is_unbound(note: str, pronoun: str) -> None:
    assert unbound_they(note) == pronoun


@pytest.mark.parametrize("note", THEY_KEPT)
def test_a_they_with_its_referent_in_the_note_is_bound(note: str) -> None:
    assert unbound_they(note) is None


def test_the_conv44_reaction_is_rejected_as_they() -> None:
    message = "Wow, sounds like they make life so awesome! Kinda jealous of all those fun outings with them."
    note = "Kinda jealous of all those fun outings with them."
    assert ground(note, message, None, ("Andrew",), other_names=("Audrey",)).check == "they"


def test_the_service_cuts_the_restated_sentence_and_drops_the_denial(tmp_path) -> None:
    message = "Haven't specifically gone out for bird-watching, but I do spot them when I hike."
    answer = reflection_answer("I do not have a preference for hiking spots.")
    with ChatServer(reflection_answer=answer) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Do you have any favorite hiking spots?")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert texts and not any("preference" in text for text in texts), texts
            assert rt.store.count_events("write:dropped:grounding") == 1
        finally:
            rt.close()


#: (message, the fuller note, the fragment beside it), en / fr / zh / ms.
SIBLINGS = [
    (
        "It's Seattle, I'm stoked for my game there next month! It's one of my favorite cities to explore.",
        "I'm stoked for my game there next month!",
        "It's Seattle, I'm stoked for it!",
    ),
    (
        "C'est Lyon, j'ai hâte de jouer mon match là-bas le mois prochain ! J'adore explorer cette ville.",
        "J'ai hâte de jouer mon match là-bas le mois prochain !",
        "C'est Lyon, j'ai hâte de jouer !",
    ),
    (
        "是西雅图，我很期待下个月在那里的比赛！那是我最喜欢探索的城市之一。",
        "我很期待下个月在那里的比赛！",
        "是西雅图，我很期待！",
    ),
    (
        "Seattle, saya teruja untuk perlawanan saya di sana bulan depan! Bandar kegemaran saya untuk diterokai.",
        "Saya teruja untuk perlawanan saya di sana bulan depan!",
        "Seattle, saya teruja!",
    ),
]


@pytest.mark.parametrize(("message", "fuller", "fragment"), SIBLINGS)
def test_a_copy_the_fuller_sibling_holds_is_not_written_and_the_message_is_kept(
    tmp_path, message: str, fuller: str, fragment: str
) -> None:
    with ChatServer(reflection_answer=reflection_answer(fuller, fragment)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Good luck!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert fragment not in texts, texts
            # its rest ("Seattle") is the message's only: the message is kept whole (dated), nothing lost
            assert any(text.startswith(message[:12]) for text in texts), texts
        finally:
            rt.close()


#: (note, message): a stretch said twice in the note, once in the message (dlg-en, session 18).
LOOPED = [
    (
        "Priya told me about the new clinic in Manchester, the one Priya told me about.",
        "I got the job at the new clinic in Manchester, the one Priya told me about. Senior hygienist.",
    ),
    (
        "J'adore la nouvelle clinique de Lyon, j'adore la nouvelle clinique de Lyon.",
        "J'ai eu le poste à la nouvelle clinique de Lyon, celle dont Priya m'a parlé.",
    ),
    ("我很喜欢新诊所的工作，我很喜欢新诊所的工作。", "我拿到了新诊所的工作，就是普丽雅跟我说过的那家。"),
    (
        "Priya beritahu saya tentang klinik baru, yang Priya beritahu saya tentang.",
        "Saya dapat kerja di klinik baru, yang Priya beritahu saya tentang.",
    ),
]


@pytest.mark.parametrize(("note", "message"), LOOPED)
def test_a_note_saying_a_stretch_twice_is_a_loop(note: str, message: str) -> None:
    assert ground(note, message).check == "looped"


def test_a_stretch_the_message_says_twice_is_no_loop() -> None:
    message = "I love my job. I love my job so much, honestly."
    assert ground("I love my job. I love my job so much.", message).check != "looped"


GOOD_NIGHTS = [
    "Anyway I should sleep, night Pip",
    "Je devrais dormir, bonne nuit Pip",
    "我该睡了，晚安",
    "Saya patut tidur, selamat malam Pip",
]
SLEEP_FACTS = [
    "I should sleep more, my doctor says.",
    "I should sleep in Paris tonight.",
    "I need to sleep 8 hours.",
    "I should go to bed earlier on weeknights.",
]


@pytest.mark.parametrize("text", GOOD_NIGHTS)
def test_a_leave_taking_to_sleep_with_a_good_night_is_chit_chat(text: str) -> None:
    assert chit_chat(text) == "leaving"


@pytest.mark.parametrize("text", SLEEP_FACTS)
def test_sleep_with_a_reason_a_place_or_a_time_is_no_leave_taking(text: str) -> None:
    assert chit_chat(text) is None
