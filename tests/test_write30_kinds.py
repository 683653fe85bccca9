"""Issue #26, session 22 (lane write30): the kinds session 21 left, each in en / fr / zh / ms with
near-misses (docs/write-path.md, "Issue #26, round 25").

1. A direct question about one's own thing is no episode (``lexical/own_asks``, chit-chat ``recall``,
   the model chain's ``asks_only``).
2. "Never mind about X" alone states nothing and erases nothing (``dismissals.topic_dismissal``).
3. An age in a relative clause or an apposition is the thing's (``lexical/keyowned_age``).
4. A wish to take a habit up again is no relapse (``resumption._QUESTION``).
5. An order's own cancellation supersedes it (``lexical/cancelled_orders``).
6. A fact said again with a telling-again frame merges (``lexical/told_again``).

Through the rules, the model filter chain, the real write path (in-memory SQLite) and the library
with no model (a real SQLite file)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from souvenir import Souvenir
from souvenir.engine.core import Engine
from souvenir.lexical.cancelled_orders import cancels_order
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.dismissals import topic_dismissal
from souvenir.lexical.keyed import user_keys
from souvenir.lexical.keyowned_age import owned_ages
from souvenir.lexical.own_asks import own_question
from souvenir.lexical.resumption import resumes
from souvenir.lexical.told_again import told_again_free
from souvenir.store import open_store
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters
from tests.attack_support import turn_settings

# --------------------------------------------------------------------------- 1. own questions

OWN_ASKS = {
    "en": ["What's my dog called?", "What is my dog's name again?", "How old is my daughter?", "Where do I work?"],
    "fr": [
        "Comment s'appelle mon chien ?",
        "Ma fille a quel âge ?",
        "J'habite où déjà ?",
        "Quel est le métier de ma femme ?",
    ],
    "zh": ["我的狗叫什么名字？", "我女儿今年几岁了", "我在哪里上班？", "我老婆叫啥来着"],
    "ms": ["Apa nama kucing saya?", "Kucing saya nama apa?", "Anak saya umur berapa?", "Saya kerja mana?"],
}
#: Near-misses: advice, a thing said new, a worry, a time or a name told, a fact beside.
NOT_OWN_ASKS = {
    "en": [
        "What should I name my new puppy?",
        "Why is my cat sneezing so much?",
        "What's my appointment on Friday?",
        "What's my dog called? I adopted him last week.",
    ],
    "fr": [
        "Comment je devrais appeler mon chiot ?",
        "Comment s'appelle mon nouveau chiot ?",
        "Pourquoi mon chat éternue ?",
        "Quel est le meilleur vétérinaire pour mon chien ?",
    ],
    "zh": ["我应该给狗起什么名字？", "我新养的狗叫什么好？", "我的猫为什么老打喷嚏？", "我明天去哪里玩？"],
    "ms": [
        "Apa nama yang sesuai untuk kucing saya?",
        "Nama apa sesuai untuk kucing baru saya?",
        "Kenapa kucing saya selalu bersin?",
        "Saya patut kerja mana?",
    ],
}


def _chain(message: str, text: str | None = None, kind: str = "episode"):
    candidate = Candidate(text=text or message, kind=kind, scope="global", confidence=0.8)
    return run_filters(candidate, Exchange(message, None), MODEL_CHAIN)


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, ts in OWN_ASKS.items() for t in ts])
def test_an_own_question_is_no_episode(lang, text):
    assert own_question(text), (lang, text)
    assert chit_chat(text) == "recall", (lang, text)
    verdict = _chain(text)
    assert not verdict.kept and verdict.filter == "asks_only", (lang, text, verdict)


@pytest.mark.parametrize(("lang", "text"), [(lang, t) for lang, ts in NOT_OWN_ASKS.items() for t in ts])
def test_an_advice_or_news_question_is_kept(lang, text):
    assert not own_question(text), (lang, text)
    assert chit_chat(text) is None, (lang, text)
    assert _chain(text).kept, (lang, text)


def test_no_model_library_keeps_no_own_question(tmp_path):
    with Souvenir.open(turn_settings(f"sqlite:///{tmp_path / 'own.db'}"), background=False) as memory:
        for lang in OWN_ASKS:
            memory.add_turn(f"ann-{lang}", OWN_ASKS[lang][0], reply="Biscuit!")
            assert memory.memories(f"ann-{lang}").memories == [], lang
            memory.add_turn(f"bob-{lang}", NOT_OWN_ASKS[lang][0], reply="Maybe Biscuit?")
            assert len(memory.memories(f"bob-{lang}").memories) == 1, lang


# --------------------------------------------------------------------------- 2. never mind about X

TOPIC_DISMISSALS = {
    "en": [("Never mind about the dentist thing", "Has a dentist appointment on Friday")],
    "fr": [("Bon, laisse tomber pour le dentiste", "A rendez-vous chez le dentiste vendredi")],
    "zh": [("算了，牙医的事不说了", "周五要去看牙医")],
    "ms": [("Takpelah pasal doktor gigi tu", "Ada temujanji doktor gigi hari Jumaat")],
}
#: Near-misses: a statement after the dismissal, a request to forget (it erases), a bare "mind".
NOT_TOPIC = [
    "Never mind about the dentist, I'll go next week",
    "Never mind what I said about the dentist",
    "I don't mind about the noise",
    "Laisse tomber pour le dentiste, j'y vais la semaine prochaine",
    "Laisse tomber le piano",
    "牙医的事不说了，我下周去",
    "Tak apalah pasal doktor gigi, saya pergi minggu depan",
    "Lupakan pasal doktor gigi",
]


@pytest.mark.parametrize(("lang", "pair"), [(lang, p) for lang, ps in TOPIC_DISMISSALS.items() for p in ps])
def test_never_mind_about_x_states_nothing(lang, pair):
    message, fact = pair
    assert topic_dismissal(message), (lang, message)
    assert chit_chat(message) == "never_mind", (lang, message)
    assert not _chain(message, fact, "fact").kept, (lang, message)
    assert not _chain(message).kept, (lang, message)


@pytest.mark.parametrize("message", NOT_TOPIC)
def test_a_dismissal_that_says_more_is_no_topic_dismissal(message):
    assert topic_dismissal(message) is None, message


def test_never_mind_about_x_erases_nothing(tmp_path):
    """Through the library: the memory the dismissal names stays active, nothing is added."""
    with Souvenir.open(turn_settings(f"sqlite:///{tmp_path / 'nvm.db'}"), background=False) as memory:
        for lang, [(message, fact)] in TOPIC_DISMISSALS.items():
            user = f"u-{lang}"
            memory.remember(user, fact)
            memory.add_turn(user, message, reply="OK!")
            texts = [m.text for m in memory.memories(user).memories]
            assert texts == [fact], (lang, texts)


# --------------------------------------------------------------------------- 3. owned ages

OWNED_AGES = {
    "en": ("My cat, who is 14, sleeps all day", "cat", "14"),
    "fr": ("Mon chat, qui a 14 ans, dort toute la journée", "chat", "14"),
    "zh": ("我的猫，今年14岁了，整天睡觉", "猫", "14"),
    "ms": ("Kucing saya yang berumur 14 tahun suka tidur", "kucing", "14"),
}
USER_AGE = {"en": "Is 34 years old", "fr": "A 34 ans", "zh": "今年34岁", "ms": "Berumur 34 tahun"}


def _write(*texts: str, kind: str = "fact") -> tuple[list[str], list[str]]:
    store = open_store("sqlite:///:memory:")
    engine = Engine(store)
    for i, text in enumerate(texts):
        when = datetime(2024, 1, 1 + i, tzinfo=UTC)
        engine.remember("t", "u", Candidate(text=text, kind=kind, scope="global", confidence=0.95, time=when), now=when)
    user = store.find_user("t", "u")
    assert user is not None
    active = [m.text for m in store.memories(user, "active")]
    history = [t for t, _ in store.history_texts(user)]
    store.close()
    return active, history


@pytest.mark.parametrize("lang", list(OWNED_AGES))
def test_an_age_in_a_relative_clause_is_the_things(lang):
    text, thing, age = OWNED_AGES[lang]
    assert owned_ages(text) == [(thing, age)]
    assert user_keys(text).values == ((f"age@{thing}", age),)
    active, history = _write(USER_AGE[lang], text)
    assert len(active) == 2 and history == [], (lang, active)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My cat is 14", "My cat is 15 now"),
        ("Mon chat a 14 ans", "Mon chat a 15 ans maintenant"),
        ("我的猫14岁", "我的猫15岁了"),
        ("Kucing saya berumur 14 tahun", "Kucing saya dah berumur 15 tahun"),
    ],
)
def test_a_things_new_age_replaces_the_old(old, new):
    active, history = _write(old, new)
    assert active == [new] and history == [old]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("My son is 8", "My daughter is 5"),
        ("Mon fils a 8 ans", "Ma fille a 5 ans"),
        ("我儿子8岁", "我女儿5岁"),
        ("Anak lelaki saya berumur 8 tahun", "Anak perempuan saya berumur 5 tahun"),
        ("Is 34 years old", "Is 35 years old"),  # the user's own age still replaces
    ],
)
def test_two_things_ages_stay_and_the_users_age_is_still_keyed(a, b):
    active, _ = _write(a, b)
    assert active == ([b] if a.startswith("Is") else [a, b])


# --------------------------------------------------------------------------- 4. a wish is no relapse

WISHES = [
    ("I feel like coffee again", "Stopped coffee"),
    ("Tempted to start drinking coffee again", "Stopped drinking coffee"),
    ("J'ai envie de reprendre du café", "A arrêté le café"),
    ("Je suis tentée de reprendre le café", "A arrêté le café"),
    ("想又喝咖啡", "戒了咖啡"),
    ("好想重新喝咖啡", "戒了咖啡"),
    ("Rasa nak minum kopi semula", "Berhenti minum kopi"),
    ("Teringin minum kopi semula", "Berhenti minum kopi"),
]
RELAPSES = [
    ("Drinking coffee again", "Stopped drinking coffee"),
    ("A repris le café", "A arrêté le café"),
    ("又喝咖啡了", "戒了咖啡"),
    ("Minum kopi semula", "Berhenti minum kopi"),
]


@pytest.mark.parametrize(("new", "old"), WISHES)
def test_a_wish_is_no_relapse(new, old):
    assert not resumes(new, old)
    active, _ = _write(old, new)
    assert active == [old, new]


@pytest.mark.parametrize(("new", "old"), RELAPSES)
def test_a_relapse_still_ends_the_stop(new, old):
    assert resumes(new, old)


# --------------------------------------------------------------------------- 5. cancelled orders

ORDERS = [
    ("Placed order 4411 for a blender", "I cancelled order 4411"),
    ("A passé la commande 4411", "J'ai annulé la commande 4411"),
    ("下了订单4411", "我把订单4411取消了"),
    ("Buat pesanan 4411 untuk blender", "Saya dah batalkan pesanan 4411"),
]
#: Near-misses: a cancellation wished, another order, a fault of the order, a refund.
ORDER_KEPT = [
    ("Placed order 4411 for a blender", "I want to cancel order 4411"),
    ("Placed order 4411 for a blender", "I cancelled order 4412"),
    ("Order 4411 arrived with a cracked jug", "I cancelled order 4411"),
    ("A passé la commande 4411", "Je voudrais annuler la commande 4411"),
    ("下了订单4411", "我想取消订单4411"),
    ("Buat pesanan 4411", "Nak batalkan pesanan 4411"),
    ("Buat pesanan 4411 untuk blender", "Dapat bayaran balik untuk pesanan 4411"),
]


@pytest.mark.parametrize(("old", "new"), ORDERS)
def test_an_orders_cancellation_supersedes_it(old, new):
    assert cancels_order(new, old)
    active, history = _write(old, new, kind="episode")
    assert active == [new] and history == [old]


@pytest.mark.parametrize(("old", "new"), ORDER_KEPT)
def test_no_cancellation_of_that_order_leaves_it(old, new):
    active, _ = _write(old, new, kind="episode")
    assert active == [old, new]


# --------------------------------------------------------------------------- 6. told again

REPEATS = [
    ("Is allergic to nuts", "I told you, I'm allergic to nuts"),
    ("Is allergic to nuts", "Like I told you, I'm allergic to nuts"),
    ("Is allergic to nuts", "I'm allergic to nuts, I told you"),
    ("Est allergique aux noix", "Comme je te l'ai dit, je suis allergique aux noix"),
    ("对坚果过敏", "我跟你说过了，我对坚果过敏"),
    ("对坚果过敏", "我再说一遍，我对坚果过敏"),
    ("Alah pada kacang", "Macam saya cakap, saya alah pada kacang"),
    ("Alah pada kacang", "Sekali lagi, saya alah pada kacang"),
]
REPEATS_OF_ANOTHER = [
    ("Is allergic to shellfish", "I told you, I'm allergic to nuts"),
    ("Est allergique aux crustacés", "Comme je te l'ai dit, je suis allergique aux noix"),
    ("对海鲜过敏", "我跟你说过了，我对坚果过敏"),
    ("Alah pada udang", "Macam saya cakap, saya alah pada kacang"),
]


@pytest.mark.parametrize(("old", "new"), REPEATS)
def test_a_fact_told_again_merges(old, new):
    assert told_again_free(new) != new
    active, _ = _write(old, new)
    assert len(active) == 1, active


@pytest.mark.parametrize(("old", "new"), REPEATS_OF_ANOTHER)
def test_a_frame_around_another_fact_leaves_both(old, new):
    active, _ = _write(old, new)
    assert active == [old, new]


@pytest.mark.parametrize("text", ["I told you", "Smoking again", "又感冒了", "A de nouveau mal au dos"])
def test_no_frame_or_frame_alone_is_left_as_it_is(text):
    assert told_again_free(text) == text


# --------------------------------------------------------------------------- other wordings of each kind

MORE_OWN_ASKS = [
    "Where does my sister live?",
    "What does my wife do for a living?",
    "How many kids do I have?",
    "Remind me, what is my husband called?",
    "What breed is my dog?",
    "Combien d'enfants j'ai ?",
    "Où habite ma sœur ?",
    "Rappelle-moi, comment s'appelle mon mari ?",
    "我妹妹住在哪里？",
    "我有几个孩子？",
    "我最喜欢吃什么？",
    "Adik saya tinggal di mana?",
    "Berapa orang anak saya?",
    "Apa makanan kegemaran saya?",
    "Who's my GP?",
    "Hey, where did I say I work?",
    "C'est quoi déjà le nom de mon chat ?",
    "Elle s'appelle comment ma fille ?",
]


@pytest.mark.parametrize("text", MORE_OWN_ASKS)
def test_other_own_questions(text):
    assert chit_chat(text) == "recall", text
    assert not _chain(text).kept, text


@pytest.mark.parametrize(
    "message",
    [
        "Never mind the wedding.",
        "Never mind, about the wedding",
        "Laisse tomber, pour le mariage",
        "Pas grave pour le dentiste",
        "不说婚礼的事了",
        "算了，不聊婚礼了",
        "Tak kisah la pasal gym tu",
        "Biarlah pasal gym tu",
        "Non mais laisse tomber pour mon proprio",
        "房东的事算了，不说了",
    ],
)
def test_other_topic_dismissals_state_nothing_and_ask_no_erasure(message):
    from souvenir.lexical.forget_cues import forget_requests

    assert topic_dismissal(message), message
    assert forget_requests(message) == [], message
    assert not _chain(message).kept, message


@pytest.mark.parametrize(
    ("text", "thing", "age"),
    [
        ("My son, 7, loves Lego", "son", "7"),
        ("My 14-year-old cat sleeps all day", "cat", "14"),
        ("Mon fils, 7 ans, adore les Lego", "fils", "7"),
        ("Mon chat de 14 ans dort toute la journée", "chat", "14"),
        ("我那只14岁的猫整天睡觉", "猫", "14"),
        ("我奶奶今年92岁了，还一个人住", "奶奶", "92"),
        ("我妈，今年80了，还在开车", "妈", "80"),
        ("Anak saya, 7 tahun, suka Lego", "anak", "7"),
        ("Nenek saya, yang berumur 92 tahun, masih tinggal seorang diri", "nenek", "92"),
    ],
)
def test_other_owned_ages(text, thing, age):
    assert owned_ages(text) == [(thing, age)]
    assert "age" not in user_keys(text).keys


@pytest.mark.parametrize("text", ["Saya kerja di sini 14 tahun", "我今年34岁", "I'm 34", "J'ai 34 ans"])
def test_the_users_own_age_or_a_duration_is_no_owned_age(text):
    assert owned_ages(text) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Placed order 4411", "Asked to cancel order 4411"),
        ("Is a member of PureGym", "Asked to cancel PureGym"),
        ("A passé la commande 4411", "A demandé l'annulation de la commande 4411"),
        ("A passé la commande 4411", "Elle va annuler la commande 4411"),
        ("下了订单4411", "申请取消订单4411"),
        ("Buat pesanan 4411", "Minta batalkan pesanan 4411"),
    ],
)
def test_a_cancellation_asked_for_ends_nothing(old, new):
    active, _ = _write(old, new)
    assert active == [old, new]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Is vegan", "I already told you I'm vegan"),
        ("Est végane", "Je t'ai déjà dit que je suis végane"),
        ("吃素", "我早就跟你说过我吃素"),
        ("Seorang vegan", "Saya dah cakap saya vegan"),
    ],
)
def test_a_telling_again_frame_without_a_comma_merges(old, new):
    active, _ = _write(old, new)
    assert len(active) == 1, active


@pytest.mark.parametrize("text", ["I told him I'm vegan", "Je t'ai dit que Paul est venu"])
def test_a_telling_frame_about_another_is_no_repeat(text):
    assert told_again_free(text) == text
