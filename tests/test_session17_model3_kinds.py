"""The junk kinds conv-42's held-out run left (issue #25, session 17, lane model3), en / fr / zh / ms:

- a negation invented on a message that negates something else ("I'm sorry, I didn't have
  time to make it." from "Sorry I haven't been around. I made my friend some ice cream…"):
  :func:`souvenir.write.denial.invented_negation` pairs each negated clause of the note with a
  negated sentence of the message by a shared content word;
- copied asides and exclamations kept as notes: "I might check that one out some time soon!"
  (grounding's ``deictic`` reads "that one"), "Glad it's all down!" (the note-only chit-chat
  kind ``relief``), "rock on" (``cheer_on``).
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import ALL, NOTES, chit_chat
from souvenir.write.deictic import unresolved_deictic
from souvenir.write.denial import invented_negation
from souvenir.write.clause_ground import copied_tail
from souvenir.write.grounding import MIN_SHARE, clause_share, ground
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer

# (note, message): the message negates, but not what the note's negated clause says.
DENIED_ELSEWHERE = [
    (
        "I'm sorry, I didn't have time to make it.",
        "Hey Joanna! Sorry I haven't been around. I made my friend some ice cream and they loved it!",
    ),
    (
        "Désolé, je n'ai pas eu le temps de faire la glace.",
        "Désolé de ne pas avoir écrit. J'ai fait de la glace pour mon ami et il a adoré !",
    ),
    ("对不起，我没有时间做冰淇淋。", "抱歉最近没联系你。我给朋友做了冰淇淋，他很喜欢！"),
    ("Maaf, saya tak sempat buat aiskrim.", "Maaf lama tak jumpa. Saya buat aiskrim untuk kawan saya dan dia suka!"),
]

# "give" is not "give up": a verb read as an ending in the message does not pair with the same
# verb in its plain sense in the note.
GIVE_NOT_GIVE_UP = [
    ("I didn't give my friend the ice cream.", "I gave up sugar. I made my friend some ice cream!"),
    ("Je n'ai pas donné la glace à mon ami.", "J'ai arrêté de manger du sucre. J'ai fait de la glace pour mon ami !"),
    ("我没有把冰淇淋给朋友。", "我戒糖了。我给朋友做了冰淇淋！"),
    ("Saya tak beri aiskrim kepada kawan.", "Saya berhenti makan gula. Saya buat aiskrim untuk kawan saya!"),
]

# The negation the note states is the message's: an elliptic answer (no content word to pair
# on), the same verb of ending, a shared word.
NEGATION_HELD = [
    ("I didn't go to the party.", "No, I didn't."),
    ("Je ne suis pas allé à la fête.", "Non, je n'étais pas là."),
    ("我没去派对。", "没有。"),
    ("Saya tak pergi ke parti itu.", "Tak, saya tak."),
    ("Gina encourages Jon not to give up.", "Don't give up, buddy!"),
    ("Gina encourage Jon à ne pas abandonner.", "N'abandonne pas, mon pote !"),
    ("Gina 鼓励 Jon 不要放弃。", "别放弃，兄弟！"),
    ("Gina menggalakkan Jon supaya jangan berhenti.", "Jangan berhenti, kawan!"),
    ("I don't eat sugar anymore.", "I gave up sugar. I made my friend some ice cream!"),
    ("I'm not quitting dance.", "I won't quit, dancing is my life!"),
    ("Je ne mange plus de sucre.", "J'ai arrêté de manger du sucre. J'ai fait de la glace !"),
    ("我不吃糖了。", "我现在不吃糖。我给朋友做了冰淇淋！"),
    ("Saya tak makan gula lagi.", "Saya dah tak makan gula. Saya buat aiskrim!"),
    (
        "Nate makes gaming videos when there are no tournaments.",
        "Gaming videos keep me busy when there aren't any tourneys.",
    ),
]


@pytest.mark.parametrize(("note", "message"), DENIED_ELSEWHERE + GIVE_NOT_GIVE_UP)
def test_a_negated_clause_the_message_negates_nowhere_is_denied(note: str, message: str) -> None:
    assert invented_negation(note, message) is not None
    verdict = ground(note, message, None, ("John",))
    assert not verdict.grounded, verdict


@pytest.mark.parametrize(("note", "message"), NEGATION_HELD)
def test_a_negation_the_message_holds_is_kept(note: str, message: str) -> None:
    assert invented_negation(note, message) is None


def test_the_conv42_note_is_dropped_by_denial() -> None:
    note, message = DENIED_ELSEWHERE[0]
    assert ground(note, message, None, ("Nate",), other_names=("Joanna",)).check == "denial"


def test_the_service_drops_the_invented_negation_and_keeps_the_message(tmp_path) -> None:
    """The scripted model writes conv-42's false note; the message is kept as its episode."""
    note, message = DENIED_ELSEWHERE[0]
    with ChatServer(reflection_answer=reflection_answer(note)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "That's so sweet of you!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert texts and not any("didn't have time" in text for text in texts), texts
            assert rt.store.count_events("write:dropped:grounding") == 1
        finally:
            rt.close()


# A pronoun "that one" / « celui-là » / 那部 / "yang itu" pointing at what the note does not hold.
ASIDES = [
    ("I might check that one out some time soon!", "that one"),
    ("That one was great!", "That one"),
    ("Je vais peut-être regarder celui-là bientôt !", "celui-là"),
    ("我可能会去看看那部！", "那部"),
    ("Saya mungkin cuba yang itu nanti.", "yang itu"),
]
# The same words as a determiner, or with what they point at: kept.
ASIDES_KEPT = [
    "I might check out that one-off event some time soon!",
    "I only have this one life.",
    "I love that one of yours.",
    "Je vais regarder celui de Marc.",
    "我可能会去看那部电影。",
    "Saya suka kucing yang itu.",
]


@pytest.mark.parametrize(("note", "pointer"), ASIDES)
def test_a_note_pointing_with_that_one_is_unresolved(note: str, pointer: str) -> None:
    assert unresolved_deictic(note) == pointer


@pytest.mark.parametrize("note", ASIDES_KEPT)
def test_that_one_as_a_determiner_is_not_read(note: str) -> None:
    assert unresolved_deictic(note) is None


def test_the_conv42_aside_is_dropped_by_grounding() -> None:
    message = "Oh cool! I might check that one out some time soon! I do love watching classics."
    assert ground("I might check that one out some time soon!", message, None, ("Nate",)).check == "deictic"
    assert ground("I do love watching classics.", message, None, ("Nate",)).grounded


RELIEF = [
    "Glad it's all down!",
    "So glad that worked out!",
    "Contente que ce soit fini !",
    "还好都搞定了！",
    "Lega semua dah siap!",
]
RELIEF_KEPT = [
    "Glad the surgery went well!",
    "I'm glad it's all down!",
    "Glad it went well with my dad!",
    "Contente que ma sœur ait trouvé un travail à Lyon !",
    "我很高兴都搞定了！",
    "Saya lega semua dah siap!",
]


@pytest.mark.parametrize("note", RELIEF)
def test_gladness_that_it_is_done_is_chitchat_in_a_note_only(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) == "relief"
    assert chit_chat(note, kinds=ALL) is None  # a message's episode is not dropped for it


@pytest.mark.parametrize("note", RELIEF_KEPT)
def test_gladness_about_a_named_thing_or_in_the_first_person_is_not_relief(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) != "relief"


@pytest.mark.parametrize("note", ["rock on", "Rock on, Joanna!", "Fonce !", "冲啊！", "Terus maju!"])
def test_a_bare_cheer_is_chitchat(note: str) -> None:
    assert chit_chat(note, frozenset({"joanna"})) is not None


@pytest.mark.parametrize("note", ["I like rock on Sundays.", "Rock on and I hope they love it!"])
def test_rock_with_more_is_not_a_cheer(note: str) -> None:
    assert chit_chat(note) is None


# (message, a note copying a piece of it, a note of another piece): the copy is dropped when the
# message is kept whole beside the notes, kept when it carries the message.
COPIES = [
    (
        "For me, it was when I noticed a little girl sitting alone at the shelter. She seemed so sad. "
        "I sat with her and we read a book together.",
        "She seemed so sad.",
    ),
    (
        "Pour moi, c'était quand j'ai vu une petite fille assise seule au refuge. Elle avait l'air si triste. "
        "Je me suis assise avec elle et on a lu un livre ensemble.",
        "Elle avait l'air si triste.",
    ),
    (
        "对我来说，是我在收容所看到一个小女孩独自坐着的时候。她看起来很难过。我陪她坐着，我们一起读了一本书。",
        "她看起来很难过。",
    ),
    (
        "Bagi saya, masa saya nampak seorang budak perempuan duduk seorang diri di pusat perlindungan. "
        "Dia nampak sangat sedih. Saya duduk dengan dia dan kami baca buku bersama.",
        "Dia nampak sangat sedih.",
    ),
]


def _memories_after(tmp_path, message: str, *notes: str) -> list[str]:
    with ChatServer(reflection_answer=reflection_answer(*notes)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "That's so kind of you.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            return [m.text for m in rt.store.memories(user)]
        finally:
            rt.close()


@pytest.mark.parametrize(("message", "copy"), COPIES)
def test_a_copied_piece_beside_the_message_kept_whole_is_not_written(tmp_path, message: str, copy: str) -> None:
    """conv-41's second speaker (session 16): the note copies one sentence, the message is kept
    as its episode beside it (the note does not carry it); the copy adds nothing."""
    assert _memories_after(tmp_path, message, copy) == [message]


def test_a_copy_that_carries_the_message_is_the_memory(tmp_path) -> None:
    message = "I adopted a puppy named Max!"
    assert _memories_after(tmp_path, message, "I adopted a puppy named Max.") == ["I adopted a puppy named Max."]


def test_the_reflection_without_the_loop_writes_the_copy() -> None:
    """``Proposals.reflect`` called on its own (no episode to keep) writes copies as before."""
    from souvenir.write.fragments import copies

    assert copies(["She seemed so sad.", "I love painting."], COPIES[0][0]) == {0}
    assert copies(["She seemed so sad."], "I read books.") == set()


# A message whose only first person is a possessive ("my", « mon », 我的, Malay "-ku"): the
# user's resolve written from it has its source.
OWN_RESOLVE = [
    ("My painting is done! Gonna finish the frame tomorrow.", "I'm going to finish the frame tomorrow."),
    ("Mon tableau est fini ! Le cadre demain.", "Je vais finir le cadre demain."),
    ("我的画完成了！明天做画框。", "我会明天做画框。"),
    ("Lukisanku dah siap! Esok buat bingkai.", "Saya akan buat bingkai esok."),
    ("Ku rindu kampung. Esok balik.", "Saya akan balik kampung esok."),
]


@pytest.mark.parametrize(("message", "note"), OWN_RESOLVE)
def test_a_possessive_first_person_is_the_resolve_s_source(message: str, note: str) -> None:
    from souvenir.ground.types import Candidate
    from souvenir.write.filters.own_voice import first_person, own_voice_filter
    from souvenir.write.filters.shapes import Exchange

    assert first_person(message, plural=True)
    assert own_voice_filter(Candidate(text=note), Exchange(user_message=message)).kept


@pytest.mark.parametrize("message", ["Kejar impian tu, kawan!", "Beli buku tu, kawan!", "Jangan lupa saku baju!"])
def test_malay_words_ending_in_ku_are_not_all_a_first_person(message: str) -> None:
    from souvenir.ground.types import Candidate
    from souvenir.write.filters.own_voice import first_person, own_voice_filter
    from souvenir.write.filters.shapes import Exchange

    assert not first_person(message, plural=True)
    assert not own_voice_filter(Candidate(text="Saya akan kejar impian saya."), Exchange(user_message=message)).kept


GIFTS = [
    "They bring us joy, support, and a feeling of being part of something special.",
    "Ils nous apportent de la joie et du réconfort.",
    "它们给我们带来快乐和支持。",
    "Mereka memberi kita kegembiraan dan sokongan.",
]
GIFTS_KEPT = [
    "My dogs bring us joy.",
    "They gave us a puppy last week.",
    "They make us dinner every night.",
    "They bring us joy every Sunday at Grandma's.",
    "Ils nous ont apporté un gâteau hier.",
    "它们每天给我们带来快乐。",
    "Mereka memberi kita hadiah semalam.",
]


@pytest.mark.parametrize("note", GIFTS)
def test_what_unnamed_things_give_everyone_is_chitchat_in_a_note_only(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) == "gifts"
    assert chit_chat(note, kinds=ALL) is None


@pytest.mark.parametrize("note", GIFTS_KEPT)
def test_a_gift_with_a_time_a_name_or_a_past_is_not_read(note: str) -> None:
    assert chit_chat(note, kinds=NOTES) != "gifts"


# (message, a note copying it word for word and inventing its end, the copied head)
COPIED_TAILS = [
    (
        "Yep, it could be fun! I'm looking forward to trying out different flavors and toppings.",
        "I'm looking forward to trying out different flavors and topping up with dairy-free desserts.",
        "I'm looking forward to trying out different flavors.",
    ),
    (
        "Oui, ça peut être sympa ! J'ai hâte d'essayer plein de parfums différents et des garnitures.",
        "J'ai hâte d'essayer plein de parfums différents et de faire des desserts sans lactose.",
        "J'ai hâte d'essayer plein de parfums différents.",
    ),
    (
        "是啊，应该会很好玩！我很期待尝试不同的口味和配料。",
        "我很期待尝试不同的口味，而且要做无乳糖甜点。",
        "我很期待尝试不同的口味。",
    ),
    (
        "Ya, mesti seronok! Saya tak sabar nak cuba perisa yang berbeza dan topping.",
        "Saya tak sabar nak cuba perisa yang berbeza dan buat pencuci mulut tanpa tenusu.",
        "Saya tak sabar nak cuba perisa yang berbeza.",
    ),
]


@pytest.mark.parametrize(("message", "note", "head"), COPIED_TAILS)
def test_an_invented_end_on_a_copied_sentence_is_cut(message: str, note: str, head: str) -> None:
    """``copied_tail`` cuts it; through ``ground`` the Chinese note is rejected earlier by
    ``key`` (乳糖, 甜点: two-character words the message lacks), the others are cut."""
    read = copied_tail(note, message, lambda part: clause_share(part, message), MIN_SHARE)
    assert read.cut() == head, read
    verdict = ground(note, message, None, ("Nate",))
    assert (verdict.grounded and verdict.check == "cut" and verdict.text == head) or verdict.check == "key", verdict


@pytest.mark.parametrize(("message", "note", "head"), COPIED_TAILS)
def test_the_copy_itself_is_not_cut(message: str, note: str, head: str) -> None:
    copy = next(s for s in (message.split("! ")[-1], message.split("！")[-1]) if s != message)
    assert ground(copy, message, None, ("Nate",)).check == "grounded"


def test_a_paraphrase_with_its_own_end_is_not_read_as_a_copy() -> None:
    message = "I've been looking forward to trying out different flavors and toppings this summer."
    note = "Nate wants to try out new flavors and toppings this summer."
    assert ground(note, message, None, ("Nate",)).check == "grounded"
