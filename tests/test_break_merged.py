"""Attacks on today's merges (the attack lane): each test is a fault found, kept as a guard."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests

# A plain statement in the first (or third) person that uses a verb of keeping is not a
# request to forget: "I never save money" erased "Saves money for a house".
STATEMENTS = [
    "I don't remember my wife's birthday.",
    "I never save money.",
    "I don't log my workouts anymore.",
    "We never record the meetings.",
    "I dont remember what my doctor said about the pills.",
    "Je ne garde plus le contact avec mon frère.",
    "Je ne note pas mes dépenses.",
    "Il ne retient jamais rien, mon frère.",
    "Je n'ai pas besoin de noter mes rendez-vous.",
    "我不要存钱了",
    "我不用记账了",
    "我们不用记录这些数据",
    "Saya tak payah simpan duit.",
    "Dia lupakan saya.",
    "Saya dah lupakan dia.",
]
# Still requests (imperatives to the assistant).
REQUESTS = [
    "Don't remember that.",
    "Please don't save what I said about my salary.",
    "And never record this.",
    "Ne retiens pas ça.",
    "S'il te plaît, ne note pas ce que j'ai dit sur mon salaire.",
    "别记了",
    "你别记我的工资",
    "不要存这个",
    "Jangan simpan maklumat ini.",
    "Tak payah ingat.",
    "Tolong lupakan hal itu.",
]


@pytest.mark.parametrize("message", STATEMENTS)
def test_a_statement_with_a_keeping_verb_asks_nothing(message):
    assert forget_requests(message) == []


@pytest.mark.parametrize("message", REQUESTS)
def test_imperatives_are_still_requests(message):
    assert forget_requests(message)


def test_a_statement_erases_no_memory(tmp_path):
    with Souvenir.open(tmp_path / "s.db") as memory:
        facts = {
            "Wife's birthday is on March 3",
            "Saves money for a house",
            "Son frère habite à Lyon, ils sont en contact",
            "每个月存钱两千",
        }
        for text in sorted(facts):
            memory.remember("ann", text)
        for message in (
            "I don't remember my wife's birthday.",
            "I never save money.",
            "Je ne garde plus le contact avec mon frère.",
            "我不要存钱了",
        ):
            memory.add_turn("ann", message)
        assert facts <= {m.text for m in memory.memories("ann").memories}


# "Forget it, I'll ask my mom": the clause after a complete request is not its topic; it
# erased "Mom lives in Paris". A topic said before the cue stays one (刚才说…那件事，你别记了).
AFTERTHOUGHTS = [
    "Forget it, I'll ask my mom.",
    "删掉吧，我妈妈说的",
    "Oublie ça, ma mère va m'aider.",
    "Lupakanlah, ibu saya boleh tolong.",
]


@pytest.mark.parametrize("message", AFTERTHOUGHTS)
def test_the_clause_after_a_request_is_not_its_topic(message):
    from souvenir.ground.types import Memory
    from souvenir.write.forget_match import match_forget

    stored = [
        Memory(1, 1, "Mom lives in Paris", source="turn:1"),
        Memory(2, 1, "妈妈住在巴黎", source="turn:2"),
        Memory(3, 1, "Sa mère habite à Paris", source="turn:3"),
        Memory(4, 1, "Ibu tinggal di Ipoh", source="turn:4"),
    ]
    requests = forget_requests(message)
    assert requests and not any(r.topic for r in requests)
    assert match_forget(requests, stored).erase == ()


def test_a_topic_before_the_cue_is_kept():
    (request,) = forget_requests("My brother's gambling debts, forget that.")
    assert {tok.key for tok in request.topic} >= {"brother", "gambling"}


def test_a_cue_in_a_middle_clause():
    (request,) = forget_requests("Never mind, forget it, my diabetes is fine")
    assert not request.topic


def _cpu(call, *args) -> float:
    import time

    start = time.process_time()
    call(*args)
    return time.process_time() - start


def _cut(text: str, limit: int = 16384) -> str:
    return text.encode()[:limit].decode("utf-8", "ignore")


# "delete … from your memory" was one pattern with [^.!?]* between the verb and the place:
# 16 KB of "erase " cost a second per call, and a turn calls it twice (quadratic).
VERB_RUNS = ["erase ", "delete ", "remove from ", "efface ", "supprime de ", "wipe "]


@pytest.mark.parametrize("run", VERB_RUNS)
def test_a_run_of_deleting_verbs_costs_no_second(run):
    # linear: eight times the text costs about eight times the CPU (the quadratic pattern cost
    # 64 times); a ratio with a wide margin, not a time bound, so a loaded or slow CPU passes
    small, big = _cpu(forget_requests, _cut(run * 500, 2048)), _cpu(forget_requests, _cut(run * 4000))
    assert big < 20 * small + 0.05, (small, big)


def test_delete_from_memory_is_still_a_request():
    assert forget_requests("Remove my salary from your memory.")
    assert forget_requests("Efface mon salaire de ta mémoire.")
    assert not forget_requests("I removed the photos from my memory card.")


# A secret typed in full-width (an IME left in full-width mode) and repeated by the reply
# in ASCII, or the other way round, was kept in the stored reply: the values were removed
# only where they appeared byte for byte.
@pytest.mark.parametrize(
    "message,reply",
    [
        ("My password is Ｋａｎｇａｒｏｏ＃２０２４", "Got it: Kangaroo#2024"),
        ("My password is Kangaroo#2024", "Got it: Ｋａｎｇａｒｏｏ＃２０２４"),
        ("我的密码是 Ｋａｎｇａｒｏｏ＃２０２４", "好的，已记下 Kangaroo#2024"),
    ],
)
def test_a_secret_repeated_in_another_width_is_redacted(message, reply):
    from souvenir.privacy.turn import redact_turn

    texts = redact_turn(message, reply)
    assert "2024" not in texts.message and "２０２４" not in texts.message
    assert "2024" not in (texts.reply or "") and "２０２４" not in (texts.reply or "")


# A pasted group chat where another member asks to forget: "Marc: please forget what I said
# about my brother's gambling debts" erased the user's own "Brother has gambling debts".
def test_another_speakers_request_in_a_transcript_erases_nothing(tmp_path):
    pasted = (
        "Here is what my group chat said:\nMarc: please forget what I said about my brother's gambling debts\n"
        "Julie: ok sure, no problem"
    )
    assert forget_requests(pasted) == []
    own = "Marc: you owe me lunch\nJulie: ok sure\nMe: please forget what I said about my brother's gambling debts"
    assert forget_requests(own)
    with Souvenir.open(tmp_path / "s.db", background=False) as memory:
        memory.remember("ann", "Brother has gambling debts")
        memory.add_turn("ann", pasted)
        assert "Brother has gambling debts" in {m.text for m in memory.memories("ann").memories}
