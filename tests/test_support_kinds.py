"""Issue #25, "0 junk memories", session 13: the kinds SmolLM2-135M still wrote on held-out
conv-30 (docs/model.md) — support and encouragement said to the other in the first person
("I'm always here to support you!"), a resolve with no object ("I'll keep plugging away and
stay optimistic", "We got this!"), a bare acknowledgement a note adds ("I see"), and a note
sending the user somewhere the message does not ("I'm going to the dance studio" from
"Searching for a dance studio location…") — read in English, French, Chinese and Malay; then
the service with a scripted model server on loopback and in no-model mode."""

from __future__ import annotations


import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from souvenir.write.grounding import ground
from souvenir.write.moment import invented_move
from tests.attack_support import reflection_answer, turn_settings
from tests.turn_checks import assert_model_copy_writes_nothing, assert_no_episode
from tests.servers import ChatServer

NAMES = frozenset({"gina", "jon", "marc", "aisyah"})

SUPPORT = [
    # en
    ("I'm always here to support you!", "support"),
    (
        "Thanks! Setbacks can be tough, but with your support, I can handle anything. Appreciate you having my back!",
        "empty",
    ),
    ("I think you can create that space you're imagining.", "support"),
    ("Glad I have you in my corner!", "support"),
    ("I'm always there for you, Gina!", "support"),
    # fr
    ("Je serai toujours là pour toi !", "support"),
    ("Tu peux compter sur moi !", "support"),
    ("Je crois en toi, tu vas y arriver !", "support"),
    ("Je te soutiens toujours, Marc !", "support"),
    # zh
    ("我一直支持你！", "support"),
    ("我会一直在你身边支持你的！", "support"),
    ("我相信你可以的。", "support"),
    ("谢谢你的鼓励，我不会放弃的！", "support"),
    # ms
    ("Saya sentiasa sokong awak!", "support"),
    ("Saya sentiasa ada untuk awak!", "support"),
    ("Saya yakin awak boleh!", "support"),
    ("Terima kasih atas sokongan awak, saya takkan putus asa.", "support"),
]
RESOLVE = [
    # en
    ("Thanks! I'm going for my dreams!", "empty"),
    ("I'll keep plugging away and stay optimistic.", "resolve"),
    ("Success is almost here. We got this!", "resolve"),
    ("We'll make it through this - hang in there!", "resolve"),
    ("I'm staying positive and pushing forward.", "resolve"),
    ("I'll try my best.", "resolve"),
    # fr
    ("Je ne lâcherai rien, je vais continuer !", "resolve"),
    ("Merci ! Je garde le cap et je fonce !", "empty"),
    # zh
    ("我会继续坚持下去的！", "resolve"),
    ("我们一起加油，一定能成功！", "resolve"),
    ("我不会放弃的！", "resolve"),
    # ms
    ("Saya akan terus berusaha, jangan risau.", "resolve"),
    ("Kita pasti boleh berjaya!", "resolve"),
]
ACK = [
    ("Yeah, awesome! I see.", "empty"),
    ("Ah, je vois.", "empty"),
    ("明白了。", "empty"),
    ("Oh, saya faham.", "empty"),
]
#: Support words about someone else, a resolve with an object, a past hardship, a thanks
#: beside a fact: the user's own facts, kept.
KEPT = [
    "I support my local food bank every month.",
    "My sister has always been there for me.",
    "I'll keep pushing with the bakery.",
    "I'm going to keep training for the marathon.",
    "It was tough, but I'm doing ok.",
    "Thanks for your support! I finally signed the lease for my studio.",
    "Je soutiens l'équipe de Lyon depuis toujours.",
    "Tu peux compter sur moi pour le déménagement samedi !",
    "Merci pour ton soutien ! J'ai signé le bail du studio.",
    "我一直支持国足。",
    "谢谢你的支持！我终于签了舞蹈室的租约。",
    "我会继续学钢琴。",
    "Saya sokong pasukan Johor.",
    "Terima kasih atas sokongan awak! Saya dah tandatangan sewa studio.",
    "Saya akan terus belajar piano.",
]


@pytest.mark.parametrize(("text", "kind"), SUPPORT + RESOLVE + ACK)
def test_the_kinds_are_read_in_four_languages(text, kind):
    assert chit_chat(text, NAMES) == kind


@pytest.mark.parametrize("text", KEPT)
def test_a_fact_beside_support_or_resolve_words_is_kept(text):
    assert chit_chat(text, NAMES) is None


@pytest.mark.parametrize("kind", ["support", "resolve"])
def test_a_kind_left_out_is_not_read(kind):
    """The bench's --by-kind reads the rule without one kind: the kind's sentences are then
    no chit-chat (unless another kind reads them)."""
    from souvenir.lexical.chitchat import ALL

    text = {"support": "I'm always here to support you!", "resolve": "I'll keep plugging away and stay optimistic."}[
        kind
    ]
    assert chit_chat(text, NAMES, ALL - {kind}) is None


SEARCHING = "Searching for a dance studio location has been tricky, but I'm determined to find the right spot!"
# (note, message): the note sends the user somewhere; the message holds no verb of going
MOVES = [
    ("I'm going to the dance studio.", SEARCHING),
    ("I'm at the gym.", "Gym day today, my legs are dead."),
    ("Je vais à la salle de danse.", "Je cherche un local pour mon studio de danse."),
    ("我要去舞蹈室。", "我要找个地方开舞蹈室。"),
    ("Saya pergi ke studio tarian.", "Saya sedang mencari lokasi untuk studio tarian saya."),
]
#: The message makes the move, the note states a plan ("going to start"), or is dated (a plan or
#: an event, not the moment).
MOVES_KEPT = [
    ("I'm going to the dance studio.", "Heading to the dance studio now!"),
    ("I'm going to start a dance studio.", SEARCHING),
    ("Jon is going to a dance competition next month.", "I'm getting ready for a dance comp near me next month."),
    ("Je vais à la salle de danse.", "Je vais à la salle de danse ce soir."),
    ("我要去舞蹈室。", "我今晚去舞蹈室。"),
    ("Saya pergi ke studio tarian.", "Saya pergi ke studio tarian malam ini."),
]


@pytest.mark.parametrize(("note", "message"), MOVES)
def test_a_move_the_message_does_not_make_is_ungrounded(note, message):
    assert invented_move(note, message)
    verdict = ground(note, message)
    assert (verdict.grounded, verdict.check) == (False, "moment"), verdict


@pytest.mark.parametrize(("note", "message"), MOVES_KEPT)
def test_a_move_the_message_makes_or_a_plan_is_not_read(note, message):
    assert invented_move(note, message) is None


def _settings(tmp_path, upstream=None) -> Settings:
    return turn_settings(f"sqlite:///{tmp_path / 's.db'}", None if upstream is None else upstream.url)


def _answer(*texts: str) -> str:
    return reflection_answer(*texts, confidence=1.0)


@pytest.mark.parametrize(
    ("message", "note", "word"), [(m, n, w) for (n, m), w in zip(MOVES, ["dance", "Gym", "danse", "舞蹈室", "tarian"])]
)
def test_the_service_drops_an_invented_move_and_keeps_the_message(tmp_path, message, note, word):
    """SmolLM2 on conv-30: the note is dropped by grounding's ``moment`` check; the message is
    kept as the turn's episode (never worse than no model)."""
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "s", message, "Good luck!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0] != note and word in texts[0], texts
            # grounding's ``moment`` check, or before it the copy of a piece of the message
            # kept whole (session 17: "I'm at the gym." holds no word the episode lacks)
            assert (
                rt.store.count_events("write:dropped:grounding") + rt.store.count_events("reflection_item_dropped") == 1
            )
        finally:
            rt.close()


# (support or resolve said to the other, a message with a fact)
EPISODES = [
    ("I'm always here to support you! Keep it up!", "Thanks! I signed the lease for my studio."),
    ("Thanks, Gina. Your help means a lot. I'll keep plugging away and stay optimistic.", "I rehearsed after work."),
    ("Je serai toujours là pour toi, Marc !", "Merci ! J'ai signé le bail du studio."),
    ("Merci ! Je garde le cap et je fonce !", "J'ai répété après le travail."),
    ("我一直支持你！加油！", "谢谢！我签了舞蹈室的租约。"),
    ("谢谢！我会继续坚持下去的！", "我下班后排练了。"),
    ("Saya sentiasa sokong awak!", "Terima kasih! Saya dah tandatangan sewa studio."),
    ("Terima kasih, saya takkan putus asa!", "Saya berlatih selepas kerja."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_support_or_resolve_is_no_episode(tmp_path, chit, fact):
    """No-model mode: the support or resolve message is a turn only (``dropped:chitchat``);
    the message with a fact is its episode."""
    assert_no_episode(tmp_path / "s.db", chit, fact)


@pytest.mark.parametrize("message", [SUPPORT[0][0], RESOLVE[1][0], SUPPORT[9][0], SUPPORT[14][0]])
def test_the_model_copying_support_writes_nothing(tmp_path, message):
    """The model copies the message as its note: the note is chit-chat, and the message is no
    fallback episode either (the "never worse than no model" path keeps what no-model mode
    keeps, and it keeps nothing here)."""
    assert_model_copy_writes_nothing(tmp_path / "s.db", message)


# (a model's note holding a fact and chit-chat, the note as stored)
TRIMMED = [
    ("I'm glad to be part of the crew. I see.", "I'm glad to be part of the crew."),
    ("I signed the lease for my studio. We got this!", "I signed the lease for my studio."),
    ("J'ai signé le bail du studio. Je lâche rien !", "J'ai signé le bail du studio."),
    ("我签了舞蹈室的租约。我会继续坚持下去的！", "我签了舞蹈室的租约。"),
    ("Saya dah tandatangan sewa studio. Saya akan terus berusaha!", "Saya dah tandatangan sewa studio."),
]


@pytest.mark.parametrize(("note", "stored"), TRIMMED)
def test_a_note_is_kept_without_its_chit_chat_sentences(note, stored):
    from souvenir.ground.types import Candidate
    from souvenir.write.filters.no_chitchat import chitchat_filter
    from souvenir.write.filters.shapes import Exchange

    decision = chitchat_filter(Candidate(text=note), Exchange(user_message=note))
    assert decision.kept and decision.candidate.text == stored, decision


def test_the_service_stores_the_note_without_its_resolve(tmp_path):
    message = "I signed the lease for my studio today. We got this!"
    with ChatServer(reflection_answer=_answer("I signed the lease for my studio. We got this!")) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "s", message, "Congrats!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            assert [m.text for m in rt.store.memories(user)] == ["I signed the lease for my studio."]
        finally:
            rt.close()
