"""Issue #25, "0 junk memories": chit-chat carries no fact about the user
(souvenir.lexical.chitchat) — pure cases in the four languages, then the service with a
scripted model server on loopback: a chit-chat note and a chit-chat message (the fallback
episode, and no-model mode's episode) are not written, a fact in the same turn is."""

from __future__ import annotations


import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat, fact_sentences
from tests.servers import ChatServer
from tests.attack_support import reflection_answer, turn_settings

CHIT_CHAT = [
    # en: what SmolLM2-135M kept as notes in issue #25's runs (conv-26), and their kin
    ("I totally agree, Melanie!", "empty"),
    ("Let's spread love and understanding!", "proposal"),
    ("That's a beautiful painting!", "praise"),
    ("The black and white design looks so fancy.", "praise"),
    ("How long have you been married?", "question"),
    ("Hey Mel! Good to see you!", "empty"),
    ("Thanks, Melanie! Your kind words mean a lot.", "empty"),
    ("I'm so proud of you!", "addressed"),
    ("Cool, thanks Mel! Can't wait. I'll keep ya posted. Bye!", "empty"),
    ("Family moments like that are so special.", "praise"),
    ("Hanging with loved ones is amazing and brings so much happiness.", "remark"),
    # SmolLM2 rewrote "let's spread love" so in the measured run (docs/model.md)
    ("We can spread love and understanding! We got this!", "proposal"),
    # fr
    ("Tout à fait d'accord, Marc !", "empty"),
    ("On pourrait se voir samedi ?", "proposal"),
    ("Cette photo est magnifique !", "praise"),
    ("Ça a l'air génial !", "praise"),
    ("Merci beaucoup, c'est trop gentil !", "empty"),
    ("Tu es vraiment douée.", "addressed"),
    ("Je suis tellement fière de toi !", "addressed"),
    ("Tu viens demain ?", "question"),
    ("Salut Marc ! Bonne journée !", "closing"),  # a farewell naming the assistant (session 23)
    ("On peut le faire !", "proposal"),
    # zh
    ("太棒了！谢谢！", "praise"),
    ("我们一起去吃饭吧！", "proposal"),
    ("这幅画真漂亮！", "praise"),
    ("你画得真好。", "addressed"),
    ("你去过吗？", "question"),
    ("我同意！", "empty"),
    ("看起来很好吃！", "praise"),
    ("我真为你骄傲！", "addressed"),
    ("我们可以的！", "empty"),
    # ms
    ("Terima kasih, setuju!", "empty"),
    ("Jom pergi makan!", "proposal"),
    ("Lukisan awak cantik sangat!", "addressed"),
    ("Awak sihat?", "question"),
    ("Wah, cantiknya!", "empty"),
    ("Saya bangga dengan awak!", "addressed"),
    ("Gambar ini cantik!", "praise"),
    ("Nampak sedap!", "praise"),
    ("Kita boleh!", "proposal"),
]

FACTS = [
    # a fact beside chit-chat keeps the whole text
    "Thanks! I started pottery last week.",
    "Merci ! J'ai commencé la poterie la semaine dernière.",
    "谢谢！我上周开始学陶艺了。",
    "Terima kasih! Saya mula belajar tembikar minggu lepas.",
    "I totally agree, Mel. I went to a support group yesterday.",
    # facts with words the rule sets aside elsewhere
    "I love Paris",
    "Je préfère le thé.",
    "Aime les chats",
    "I don't have a car.",
    "我对花生过敏。",
    "Saya tinggal di Ipoh.",
    "I went to a LGBTQ support group yesterday and it was so powerful.",
    "Researching adoption agencies — it's been a dream to have a family.",
    "Just got back from a family road trip yesterday, it was fun!",
    # "we" is the writer's own: never praise of the other's thing
    "We went camping last week, it was amazing!",
    "我们上周去了槟城。",
    "Kami pergi ke Penang minggu lepas.",
    "We can stay at my aunt's place.",
    "On est allés à Lyon ce week-end, c'était génial !",
    # an echo repeats the previous statement for the writer; a question holding "I"
    "Me too!",
    "Moi aussi.",
    "我也是。",
    "Did I tell you I adopted a cat?",
    "I'm allergic to peanuts, right?",
    # politeness is not addressing; a note naming the user is about the user
    "Dorénavant, livrez-moi au bureau s'il vous plaît.",
    "用户在看台湾电视剧《想见你》练听力。",
    "L'utilisateur trouvait la voix trop aiguë et l'a réglée sur un ton plus grave.",
]


@pytest.mark.parametrize(("text", "kind"), CHIT_CHAT)
def test_chit_chat_is_read_in_four_languages(text, kind):
    assert chit_chat(text) == kind


@pytest.mark.parametrize("text", FACTS)
def test_a_fact_is_never_chit_chat(text):
    assert chit_chat(text) is None


def test_the_fact_sentences_of_a_mixed_message():
    message = "Thanks, Mel! That's a beautiful bowl. I started pottery last week. Did you make it?"
    assert [s.strip() for s in fact_sentences(message)] == ["I started pottery last week."]
    assert chit_chat("") == "empty" and chit_chat("!!!") == "empty"


def _settings(tmp_path, upstream=None) -> Settings:
    return turn_settings(f"sqlite:///{tmp_path / 'c.db'}", None if upstream is None else upstream.url)


def _answer(*texts: str) -> str:
    return reflection_answer(*texts, confidence=0.9)


# (message, the model's notes: chit-chat copied from the message + the fact, the fact's words)
TURNS = [
    (
        "I totally agree! That's a beautiful painting. I started pottery last week.",
        ("I totally agree!", "That's a beautiful painting.", "Started pottery last week"),
        "pottery",
    ),
    (
        "Tout à fait d'accord ! Cette peinture est magnifique. J'ai commencé la poterie.",
        ("Tout à fait d'accord !", "Cette peinture est magnifique.", "A commencé la poterie"),
        "poterie",
    ),
    ("太棒了！我们一起去吃饭吧！我上周开始学陶艺了。", ("太棒了！", "我们一起去吃饭吧！", "上周开始学陶艺"), "陶艺"),
    (
        "Wah, lukisan ini cantik! Jom pergi makan! Saya mula belajar tembikar.",
        ("Lukisan ini cantik!", "Jom pergi makan!", "Mula belajar tembikar"),
        "tembikar",
    ),
]


@pytest.mark.parametrize(("message", "notes", "fact"), TURNS)
def test_a_chit_chat_note_is_not_written_the_fact_of_its_turn_is(tmp_path, message, notes, fact):
    """The model copies the message's chit-chat as notes beside the fact (SmolLM2's pattern):
    the notes pass grounding (the user's words) and are dropped as chit-chat, each with its
    event; the fact is written; the message is not added as an episode (something was kept)."""
    with ChatServer(reflection_answer=_answer(*notes)) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "c", message, "Nice!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "c")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and fact in texts[0] and texts[0] != message, texts
            # the user's words, dropped as chit-chat — or, "That's a beautiful painting.", as a
            # "that" pointing at nothing the note holds (grounding's deictic check, session 15)
            chitchat = rt.store.count_events("write:dropped:chitchat")
            assert chitchat + rt.store.count_events("write:dropped:grounding") == 2 and chitchat >= 1
            assert rt.engine.counters["reflection_message_kept"] == 0
        finally:
            rt.close()


# (a chit-chat message, then a message with a fact among its chit-chat)
EPISODES = [
    ("Thanks, Melanie! Your kind words mean a lot. Bye!", "Thanks Mel! I started pottery last week."),
    ("Merci beaucoup, c'est trop gentil ! À bientôt !", "Merci ! J'ai commencé la poterie la semaine dernière."),
    ("太棒了！谢谢！", "谢谢！我上周开始学陶艺了。"),
    ("Terima kasih, setuju! Jom pergi makan!", "Terima kasih! Saya mula belajar tembikar minggu lepas."),
]


@pytest.mark.parametrize(("chit", "fact"), EPISODES)
def test_a_chit_chat_message_is_no_episode_with_or_without_a_model(tmp_path, chit, fact):
    """Without a model the chit-chat message is kept as a turn only (``dropped:chitchat``);
    with a model that keeps nothing, the fallback does not keep it either. The message that
    also states a fact is kept whole as its episode on both paths."""
    (tmp_path / "none").mkdir()
    rt = open_runtime(_settings(tmp_path / "none"))
    try:
        _, written = rt.engine.record_turn("api", "n", chit, "Anytime!")
        assert written is not None and (written.action, written.code) == ("dropped", "chitchat"), written
        _, written = rt.engine.record_turn("api", "n", fact, "Wow!")
        assert written is not None and written.action == "insert"
        assert [m.text for m in rt.engine.memories("api", "n")] == [written.text]
        assert rt.store.count_events("write:dropped:chitchat") == 1
    finally:
        rt.close()
    (tmp_path / "model").mkdir()
    with ChatServer(reflection_answer=_answer()) as upstream:  # a model that keeps nothing
        rt = open_runtime(_settings(tmp_path / "model", upstream))
        try:
            rt.engine.record_turn("api", "m", chit, "Anytime!")
            rt.engine.record_turn("api", "m", fact, "Wow!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "m")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0].startswith(fact.split("!")[0].split("！")[0]), texts
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()
