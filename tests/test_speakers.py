"""Who speaks (issue #26): a pasted transcript's other speakers, relayed speech in four
languages, and a memory about a relative never absorbing one about the user."""

from __future__ import annotations

import pytest

from souvenir.lexical.referents import different_referents
from souvenir.lexical.speakers import transcript_lines
from souvenir.lexical.tagged import tokenize
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, run_filters

# (message, candidate from another speaker's line: dropped, candidate from the user's line: kept)
TRANSCRIPTS = [
    (
        "Here's our family chat:\nMarc: I'm selling my car next week\nMe: ok, I'll come and see it",
        "Is selling a car next week",
        "Will come and see the car",
    ),
    (
        "Je te colle notre discussion de famille :\nMarc : je vends ma voiture la semaine prochaine\n"
        "Moi : ok, je passerai la voir",
        "Vend sa voiture la semaine prochaine",
        "Passera voir la voiture",
    ),
    ("家庭群聊天记录：\n表哥：我下个月搬到深圳\n我：恭喜恭喜，我最近在学游泳", "下个月搬到深圳", "最近在学游泳"),
    (
        "Ni chat group keluarga:\n[Abang Din]: aku dah pindah ke Johor Bahru\nSaya: wah tahniah bang, saya baru beli kereta",
        "Sudah pindah ke Johor Bahru",
        "Baru beli kereta",
    ),
    (
        "[04/12/26, 10:32] Aisyah: I just adopted a puppy\n[04/12/26, 10:33] Me: cute! I have two cats",
        "Just adopted a puppy",
        "Has two cats",
    ),
    (
        "👩 Mum: I'm retiring next month\n🙋 Me: finally! I'm still at the bakery though",
        "Is retiring next month",
        "Works at the bakery",
    ),
    ("<Din> aku dah beli kereta baru\n<Saya> wah, saya masih naik bas", "Sudah beli kereta baru", "Masih naik bas"),
    (
        "**Sarah:** I got a new job at Google\n**Me:** congrats! I'm learning the piano",
        "Got a new job at Google",
        "Is learning the piano",
    ),
]


@pytest.mark.parametrize("message,theirs,mine", TRANSCRIPTS)
def test_only_the_users_lines_are_about_the_user(message, theirs, mine):
    exchange = Exchange(user_message=message)
    decision = run_filters(Candidate(theirs, confidence=0.8), exchange)
    assert not decision.kept, decision
    assert run_filters(Candidate(mine, confidence=0.8), exchange).kept


def test_a_fact_about_the_speaker_named_as_such_is_kept():
    message = TRANSCRIPTS[1][0]
    assert run_filters(Candidate("Son frère Marc vend sa voiture"), Exchange(user_message=message)).kept


@pytest.mark.parametrize(
    "message",
    [
        "Marc: I'm selling my car",
        "Shopping list:\nMilk: 2\nEggs: 12",
        "Note: I moved to Lyon\nPS: the cat came too",
        "Name: Bob\nAge: 32 years",
    ],
)
def test_not_a_transcript(message):
    assert transcript_lines(message) is None


@pytest.mark.parametrize(
    "message,candidate",
    [
        ("我妈说我应该去考公务员，烦死了", "打算考公务员"),
        ("张小明说他下个月搬到深圳", "下个月搬到深圳"),
        ("老板觉得我应该换个部门", "打算换部门"),
        ("My wife thinks I should quit my job", "Plans to quit job"),
        ("Ma mère trouve que je devrais déménager à Lyon", "Va déménager à Lyon"),
        ("Mak saya rasa saya patut berhenti kerja", "Akan berhenti kerja"),
    ],
)
def test_someone_elses_words_are_not_the_users_plan(message, candidate):
    assert not run_filters(Candidate(candidate, kind="promise"), Exchange(user_message=message)).kept


@pytest.mark.parametrize(
    "message,candidate",
    [
        ("我也觉得我应该辞职", "觉得应该辞职"),
        ("我一直说我想学钢琴", "想学钢琴"),
        ("I think I should quit smoking", "Thinks about quitting smoking"),
    ],
)
def test_the_users_own_opinion_is_kept(message, candidate):
    assert run_filters(Candidate(candidate), Exchange(user_message=message)).kept


def test_the_tokenizer_does_not_glue_say_to_a_name():
    assert [t.key for t in tokenize("张小明说他要搬家")][:2] == ["张小明", "说"]
    assert "小说" in [t.key for t in tokenize("我喜欢看小说")]


@pytest.mark.parametrize(
    "relative,user",
    [
        ("Sister lives in Ipoh, in the same town as the user", "Lives in Ipoh"),
        ("Sa sœur habite à Lyon", "Habite à Lyon"),
        ("妹妹也住在怡保", "住在怡保"),
        ("Kakak tinggal di Ipoh", "Tinggal di Ipoh"),
    ],
)
def test_a_relatives_memory_never_absorbs_the_users(relative, user):
    assert different_referents(user, relative) is not None
