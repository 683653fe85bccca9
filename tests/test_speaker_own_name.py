"""The user's own name as a speaker label (issue #26): in a pasted transcript, "Caroline:"
lines are the user's own when the user is Caroline (their keyed ``name`` memory), like
Me / Moi / 我 / Saya; four languages, pure and through the library on a real SQLite file."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests
from souvenir.lexical.speakers import others_labelled, transcript_lines
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, run_filters

# (language, the user's name memory, their key, transcript, candidate from the user's line,
#  candidate from the other speaker's line)
CASES = [
    (
        "en",
        "Name is Caroline",
        "caroline",
        "Caroline: I went to a support group yesterday, it was great\nMel: nice! I'm selling my car next week",
        "Went to a support group yesterday",
        "Is selling a car next week",
    ),
    (
        "fr",
        "S'appelle Camille",
        "camille",
        "Camille : je commence un nouveau travail lundi à Lyon\nMarc : je vends ma voiture la semaine prochaine",
        "Commence un nouveau travail lundi à Lyon",
        "Vend sa voiture la semaine prochaine",
    ),
    (
        "zh",
        "名字是小芳",
        "小芳",
        "小芳：我下个月开始学游泳\n表哥：我下个月搬到深圳",
        "下个月开始学游泳",
        "下个月搬到深圳",
    ),
    (
        "ms",
        "Nama saya Aisyah",
        "aisyah",
        "Aisyah: saya baru beli kereta minggu lepas\nAbang Din: aku dah pindah ke Johor Bahru",
        "Baru beli kereta minggu lepas",
        "Sudah pindah ke Johor Bahru",
    ),
]


@pytest.mark.parametrize("lang,name_memory,key,message,mine,theirs", CASES)
def test_the_users_name_labels_their_own_lines(lang, name_memory, key, message, mine, theirs):
    assert others_labelled(message)
    lines = transcript_lines(message, frozenset({key}))
    assert lines is not None and lines[0].own and not lines[1].own
    known = Exchange(user_message=message, user_names=frozenset({key}))
    assert run_filters(Candidate(mine, confidence=0.8), known).kept, lang
    assert not run_filters(Candidate(theirs, confidence=0.8), known).kept, lang
    # not knowing the name, the user's line is someone else's words
    assert not run_filters(Candidate(mine, confidence=0.8), Exchange(user_message=message)).kept, lang


def test_self_labels_alone_need_no_name():
    assert not others_labelled("Me: I'm at the bakery\nMoi : toujours")
    assert not others_labelled("Caroline: hi")


@pytest.mark.parametrize("lang,name_memory,key,message,mine,theirs", CASES)
def test_the_write_path_knows_the_users_name(tmp_path, lang, name_memory, key, message, mine, theirs):
    with Souvenir.open(tmp_path / "n.db", embedder="none", window_embedder="none", background=False) as mem:
        engine = mem.runtime.engine
        assert mem.remember("u", name_memory).action == "insert"
        exchange = Exchange(user_message=message, assistant_reply="OK")
        assert engine.remember(mem.channel, "u", Candidate(mine, confidence=0.8), exchange=exchange).action == "insert"
        dropped = engine.remember(mem.channel, "u", Candidate(theirs, confidence=0.8), exchange=exchange)
        assert dropped.action == "dropped" and dropped.code == "speech_act", dropped
        # another user, whose name is not on the label: the line is not theirs
        other = engine.remember(mem.channel, "v", Candidate(mine, confidence=0.8), exchange=exchange)
        assert other.action == "dropped", other


REQUESTS = {
    "en": ("Brother has gambling debts", "Caroline: please forget what I said about my brother's gambling debts"),
    "fr": ("Son frère a des dettes de jeu", "Camille : oublie ce que je t'ai dit sur les dettes de jeu de mon frère"),
    "zh": ("在考虑离职", "小芳：刚才说我在考虑离职那件事，你别记了，删掉吧。"),
    "ms": ("Abang ada hutang judi", "Aisyah: tolong lupakan apa yang saya cakap tentang hutang judi abang saya"),
}
OTHER_LINE = {"en": "Mel: ok, sure", "fr": "Marc : d'accord !", "zh": "表哥：好的好的", "ms": "Abang Din: ok baik"}


@pytest.mark.parametrize("lang,name_memory,key,message,mine,theirs", CASES)
def test_a_request_on_the_users_named_line_erases(tmp_path, lang, name_memory, key, message, mine, theirs):
    memory, asking = REQUESTS[lang]
    pasted = f"{OTHER_LINE[lang]}\n{asking}"
    assert forget_requests(pasted) == []  # another speaker's line asks nothing of us
    assert forget_requests(pasted, frozenset({key}))
    with Souvenir.open(tmp_path / "r.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("u", name_memory)
        first = mem.remember("u", memory)
        mem.add_turn("u", pasted, reply="OK")
        assert first.id not in [m.id for m in mem.memories("u").memories], lang
        # without the name, the same paste erases nothing
        mem.remember("v", memory)
        mem.add_turn("v", pasted, reply="OK")
        assert memory in [m.text for m in mem.memories("v").memories], lang
