"""Issue #25, "0 junk memories", session 14 (lane model): the junk SmolLM2-135M's run on conv-42
(never used by #25 before) wrote as fallback episodes — messages no-model mode keeps too
(docs/model.md, "Session 14"): an ask for the other's news or view ("Tell me more", "Let me
know what you think": the chit-chat kind ``request``, ``lexical/asks.py``), congratulations
for the other's news ("Congrats on winning!"), the time since the last talk ("Haven't talked
in a few days") and news announced but not told ("Crazy things happened to me!": ``preface``),
agreement ("That makes sense!"), praise of food shown ("Looks delish!"), and a feeling about
the other's ways ("I love when you try something new") — each read in English, French,
Chinese and Malay; then the service in no-model mode and with a scripted model server."""

from __future__ import annotations

import pytest

from souvenir.lexical.asks import request
from souvenir.lexical.chitchat import ALL, chit_chat
from tests.turn_checks import assert_model_copy_writes_nothing, assert_no_episode

NAMES = frozenset({"nate", "joanna", "marc", "aisyah"})

REQUESTS = {
    "en": ["Tell me more!", "Let me know what you think of it when you're done!", "Keep me posted!"],
    "fr": ["Dis-moi ce que tu en penses !", "Raconte-moi tout !", "Tiens-moi au courant !"],
    "zh": ["告诉我你觉得怎么样。", "跟我说说！", "随时告诉我！"],
    "ms": ["Beritahu saya apa pendapat awak.", "Ceritalah lagi!", "Roger saya nanti!"],
}
#: The writer's own, a place or a date after the frame: kept.
REQUESTS_KEPT = {
    "en": [
        "Tell me more about my results, doctor.",
        "Let me know when you're in Paris.",
        "Let me know if you want my old bike.",
    ],
    "fr": ["Dis-moi ce que tu penses de mon gâteau.", "Tiens-moi au courant pour Lyon demain."],
    "zh": ["告诉我你觉得我的蛋糕怎么样。", "明天告诉我你到北京了没有。"],
    "ms": ["Beritahu saya pasal kek saya.", "Roger saya bila sampai Ipoh esok."],
}

#: The other chit-chat these messages held, by kind, in each language (the kind the rule names).
OTHERS = {
    "congratulations": [
        "Congrats on winning!",
        "Félicitations pour ta victoire !",
        "恭喜你赢了！",
        "Tahniah atas kemenangan awak!",
    ],
    "since the last talk": ["Haven't talked in a few days.", "Ça fait longtemps !", "好久不见！", "Lama tak jumpa!"],
    "news announced": [
        "Crazy things happened to me!",
        "Il m'est arrivé plein de trucs !",
        "最近发生了好多事！",
        "Banyak benda dah jadi!",
    ],
    "agreement": ["That makes sense!", "C'est logique !", "有道理！", "Masuk akal!"],
    "food shown": ["Looks delish!", "Ça a l'air appétissant !", "看起来好诱人！", "Nampak menyelerakan!"],
    "the other's ways": [
        "I love when you try something new and it actually works out.",
        "J'adore quand tu essaies des nouvelles choses.",
        "我很喜欢你每次尝试新东西。",
        "Saya suka bila awak cuba benda baru.",
    ],
}
#: A fact of the writer's beside the same words: kept.
OTHERS_KEPT = [
    "Congrats on my promotion, me!",
    "It's been a while since I went hiking.",
    "Ça fait longtemps que je joue du piano.",
    "好久不见，我搬到上海了。",
    "Lama tak jumpa, saya dah pindah ke Ipoh.",
    "Crazy things happened to me at the airport in Paris!",
    "That makes sense, I moved to Boston last year.",
    "I love when you cook for me, it reminds me of my mom.",
    "J'adore quand tu cuisines, ça me rappelle ma mère.",
    "Saya suka bila awak masak, saya teringat mak saya.",
]


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in REQUESTS.items() for t in texts])
def test_a_request_is_read_in_four_languages(lang, text):
    assert request(text), lang
    assert chit_chat(text, NAMES) is not None, lang


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, texts in REQUESTS_KEPT.items() for t in texts])
def test_a_request_holding_the_writers_own_is_kept(lang, text):
    assert chit_chat(text, NAMES) is None, lang


@pytest.mark.parametrize(("kind", "text"), [(kind, t) for kind, texts in OTHERS.items() for t in texts])
def test_the_other_kinds_are_chit_chat_in_four_languages(kind, text):
    assert chit_chat(text, NAMES) is not None, kind


@pytest.mark.parametrize("text", OTHERS_KEPT)
def test_a_fact_beside_them_is_kept(text):
    assert chit_chat(text, NAMES) is None


def test_the_request_kind_left_out_is_not_read():
    text = "Let me know what you think of it when you're done!"
    assert chit_chat(text, NAMES) == "request"
    assert chit_chat(text, NAMES, ALL - {"request"}) is None


#: The conv-42 messages SmolLM2's run kept as fallback episodes (no-model mode kept them too).
SEEN = [
    "Wow Nate! Congrats on winning! Tell me more - what game was it?",
    "Hey Nate! Haven't talked in a few days. Crazy things happened to me!",
    "That makes sense! Are you gonna cheer them on even if you lose?",
    "Looks delish! Glad you tried something new and it went well. What did you think of it?",
    "Great! I love when you try something new and it actually works out. Will you give it another go?",
    "Sounds great! Let me know what you think of it when your done!",
]


@pytest.mark.parametrize("text", SEEN)
def test_the_messages_seen_on_conv_42_are_chit_chat(text):
    assert chit_chat(text, NAMES) is not None


EPISODES = [
    ("Congrats on winning! Tell me more!", "I finished my first screenplay last Friday."),
    ("Ça fait longtemps ! Raconte-moi tout !", "J'ai fini mon premier scénario vendredi dernier."),
    ("好久不见！跟我说说！", "我上周五写完了我的第一个剧本。"),
    ("Lama tak jumpa! Ceritalah lagi!", "Saya siapkan skrip pertama saya Jumaat lepas."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_these_are_no_episode(tmp_path, chit, fact):
    assert_no_episode(tmp_path / "s.db", chit, fact)


@pytest.mark.parametrize("message", [chit for chit, _ in EPISODES])
def test_the_model_copying_them_writes_nothing(tmp_path, message):
    assert_model_copy_writes_nothing(tmp_path / "s.db", message)
