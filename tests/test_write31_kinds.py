"""Issue #26, session 22 (lane write31): round3_extra19's misses, by kind, each in en / fr / zh / ms with
near-misses (docs/write-path.md, "Issue #26, round 26").

1. A take-back ending the message (``lexical/take_backs``, ``_speech_frames.taken_back``).
2. A counter-question denying a negation asserts (``questions.assertive``).
3. An offer under the listener's wish joined without a comma (``_joined_offer.wish_offer``).
4. A reminder ("don't forget I…") asserts (``_speech_frames.reminds``).
5. A job held from now on replaces the old occupation (``lexical/job_now``, ``keyed_pool.job_moved``).
6. A date said again with a correction mark (``lexical/corrected_date``).
7. A request withdrawn in the same message (``lexical/withdrawn_requests``, filter ``withdrawn``).
8. A wait ends when the awaited thing comes (``lexical/waits_over``).

Through the rules, the model filter chain, the real write path (in-memory SQLite) and the library with no
model (a real SQLite file)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from souvenir import Souvenir
from souvenir.engine.core import Engine
from souvenir.lexical.corrected_date import corrects_date
from souvenir.lexical.job_now import job_now
from souvenir.lexical.questions import assertive
from souvenir.lexical.take_backs import takes_back
from souvenir.lexical.waits_over import ends_wait
from souvenir.lexical.withdrawn_requests import withdrawn_requests
from souvenir.store import open_store
from souvenir.ground.types import Candidate
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters
from tests.attack_support import turn_settings


def _filter(message: str, text: str, kind: str = "fact") -> tuple[bool, str]:
    decision = run_filters(
        Candidate(text=text, kind=kind, scope="global", confidence=0.8), Exchange(message), MODEL_CHAIN
    )
    return decision.kept, decision.filter


def _write(*texts: str, kind: str = "fact") -> tuple[list[str], list[str]]:
    store = open_store("sqlite:///:memory:")
    engine = Engine(store)
    for i, text in enumerate(texts):
        when = datetime(2024, 1, 1 + 7 * i, tzinfo=UTC)
        engine.remember("t", "u", Candidate(text=text, kind=kind, scope="global", confidence=0.95, time=when), now=when)
    user = store.find_user("t", "u")
    assert user is not None
    active = [m.text for m in store.memories(user, "active")]
    history = [t for t, _ in store.history_texts(user)]
    store.close()
    return active, history


# --------------------------------------------------------------------------- 1. take-backs

TAKEN_BACK = [
    ("Thinking of dyeing my hair blue for the wedding. Forget I said anything", "Will dye hair blue for the wedding"),
    ("My brother is coming to stay for a month, ignore what I just said", "Brother is coming to stay for a month"),
    ("Je vais me mettre au marathon cette année, fais comme si j'avais rien dit", "Va se mettre au marathon"),
    ("Mon frère vient habiter chez moi. Non, oublie tout ça.", "Son frère vient habiter chez lui"),
    ("我准备明年去读研…你就当我没说", "准备明年去读研"),
    ("我哥要来我家住一个月，算了，当我什么都没说", "哥哥要来家里住一个月"),
    ("Saya nak ambil cuti panjang bulan depan, anggap saya tak cakap apa-apa", "Nak ambil cuti panjang bulan depan"),
    ("Saya nak tukar kereta tahun ni. Eh, tarik balik.", "Nak tukar kereta tahun ini"),
]
#: Near-misses: the mark opens a sentence that goes on; "don't forget" asks to keep.
NOT_TAKEN_BACK = [
    ("Never mind, I'm booking the dentist for Friday myself", "Is booking the dentist for Friday"),
    ("Don't forget I told you I'm diabetic", "Is diabetic"),
    ("Laisse tomber, je prends rendez-vous chez le dentiste vendredi", "Prend rendez-vous chez le dentiste vendredi"),
    ("算了，我周五自己去看牙医", "周五去看牙医"),
    ("Tak apalah, saya pergi klinik gigi hari Jumaat", "Pergi klinik gigi hari Jumaat"),
]


@pytest.mark.parametrize(("message", "text"), TAKEN_BACK)
def test_a_take_back_ending_the_message_withdraws_it(message, text):
    # the speech-act filter's `retracted`, or the forget-request filter first when the mark is also a forget verb
    assert _filter(message, text)[0] is False


@pytest.mark.parametrize(("message", "text"), NOT_TAKEN_BACK)
def test_a_mark_opening_a_sentence_or_a_reminder_withdraws_nothing(message, text):
    assert _filter(message, text)[0]


@pytest.mark.parametrize(
    "mark",
    [
        "forget I said anything",
        "pretend I never said that",
        "fais comme si j'avais rien dit",
        "non, oublie tout ça",
        "你就当我没说吧",
        "当我什么都没说",
        "anggap saya tak cakap apa-apa",
        "eh, tarik balik",
    ],
)
def test_the_new_marks(mark):
    assert takes_back(mark)


# --------------------------------------------------------------------------- 2. counter-questions

DENIED_NOT = [
    ("我哪有不喜欢狗啊，我养了三只", "我喜欢狗"),
    ("我什么时候不吃辣了？", "我吃辣"),
    ("When did I ever not like dogs? I have three", "I like dogs"),
    ("Since when don't I eat spicy food?", "I eat spicy food"),
    ("Depuis quand je n'aime pas les chiens ? J'en ai trois", "je aime les chiens"),
    ("Bila masa saya tak suka anjing? Saya bela tiga ekor", "saya suka anjing"),
]


@pytest.mark.parametrize(("message", "asserted"), DENIED_NOT)
def test_a_counter_question_denying_a_negation_asserts(message, asserted):
    assert asserted.replace(" ", "") in assertive(message).replace(" ", "").replace("j'aime", "jeaime")


@pytest.mark.parametrize(
    ("message", "text", "kept"),
    [
        ("我哪有不喜欢狗啊，我养了三只", "喜欢狗", True),
        ("我不是说过我对海鲜过敏吗 怎么还点虾", "对海鲜过敏", True),
        ("When did I ever not like dogs? I have three", "Likes dogs", True),
        ("Je t'ai pas dit que je suis allergique aux fruits de mer ?", "Allergique aux fruits de mer", True),
        ("Kan saya dah cakap saya alah pada makanan laut?", "Alah pada makanan laut", True),
        ("我哪有时间去健身啊", "我有时间去健身", True),  # no negation after 哪有: not rewritten, not dropped
        ("我不喜欢狗", "喜欢狗", False),
    ],
)
def test_counter_questions_through_the_chain(message, text, kept):
    assert _filter(message, text, "preference")[0] is kept


def test_no_negation_after_the_frame_is_left_as_it_is():
    assert assertive("我哪有时间啊") == "我哪有时间啊"


# --------------------------------------------------------------------------- 3. offers

OFFERS = [
    ("If you want I can lend you my camping stove, I never use it", "Owns a camping stove"),
    ("Si tu veux je peux te prêter mon vélo, il prend la poussière", "A un vélo"),
    ("Si t'as besoin je te passe ma scie", "A une scie"),
    ("你要的话我可以把我的自行车借给你", "有一辆自行车"),
    ("Kalau nak saya boleh pinjamkan basikal saya", "Ada basikal"),
]
NOT_OFFERS = [
    ("If I had a camping stove I'd lend it to you", "Owns a camping stove"),
    ("Si j'avais un vélo je te le prêterais", "A un vélo"),
    ("如果我有自行车的话就借给你了", "有一辆自行车"),
    ("Kalau saya ada basikal, saya pinjamkan pada awak", "Ada basikal"),
]


@pytest.mark.parametrize(("message", "text"), OFFERS)
def test_an_offer_under_the_listeners_wish_keeps_what_it_tells(message, text):
    assert _filter(message, text)[0]


@pytest.mark.parametrize(("message", "text"), NOT_OFFERS)
def test_the_users_own_condition_stays_a_hypothesis(message, text):
    assert not _filter(message, text)[0]


# --------------------------------------------------------------------------- 4. reminders

REMINDERS = [
    ("Don't forget I'm allergic to shellfish if you book the restaurant", "Allergic to shellfish"),
    ("Remember that I can't have caffeine when you suggest drinks", "Cannot have caffeine"),
    ("N'oublie pas que je suis allergique aux crustacés si tu réserves", "Allergique aux crustacés"),
    ("别忘了我对海鲜过敏，要是订餐厅的话", "对海鲜过敏"),
    ("Jangan lupa saya alah pada kerang, kalau tempah restoran", "Alah pada kerang"),
]


@pytest.mark.parametrize(("message", "text"), REMINDERS)
def test_a_reminder_asserts_whatever_condition_follows(message, text):
    assert _filter(message, text)[0]


@pytest.mark.parametrize(
    "message", ["If I were allergic to shellfish, what would you suggest?", "如果我对海鲜过敏的话，你推荐什么？"]
)
def test_a_real_condition_on_the_user_is_still_dropped(message):
    text = "Allergic to shellfish" if message.isascii() else "对海鲜过敏"
    assert not _filter(message, text)[0]


# --------------------------------------------------------------------------- 5. jobs held from now on

JOBS = [
    ("Works as a sales assistant at Zara", "Now works full-time as a paramedic"),
    ("Travaille comme vendeuse chez Zara", "Maintenant je suis en CDI comme ambulancière chez Jussieu"),
    ("在优衣库当店员", "现在转正了，在急救中心当护士"),
    ("Kerja sebagai pembantu jualan di Zara", "Sekarang kerja tetap sebagai paramedik di Hospital Kuala Lumpur"),
]
JOBS_BESIDE = [
    ("Works as a sales assistant at Zara", "Works part-time as a swimming coach"),
    ("Works as a sales assistant at Zara", "Now works as a ski instructor until March"),
    ("Travaille comme vendeuse chez Zara", "Voudrait travailler à plein temps comme ambulancière"),
    ("在优衣库当店员", "想转正当护士"),
    ("Kerja sebagai pembantu jualan di Zara", "Kerja separuh masa sebagai jurulatih renang"),
]


@pytest.mark.parametrize(("old", "new"), JOBS)
def test_a_job_held_from_now_on_replaces_the_old(old, new):
    assert job_now(new) is not None
    active, history = _write(old, new)
    assert active == [new] and history == [old]


@pytest.mark.parametrize(("old", "new"), JOBS_BESIDE)
def test_a_bounded_or_wished_job_stays_beside(old, new):
    active, _ = _write(old, new)
    assert len(active) == 2 and active[0] == old  # "until March" is written with its date


# --------------------------------------------------------------------------- 6. corrected dates

DATES = [
    ("Birthday is on October 2", "Sorry, I got my birthday wrong, it's actually October 12"),
    ("Son anniversaire est le 2 octobre", "Erreur de ma part, mon anniversaire c'est le 12 octobre"),
    ("生日是10月2日", "刚才生日记错了，其实是10月12日"),
    ("Hari jadi pada 2 Oktober", "Tersilap tadi, hari jadi saya 12 Oktober"),
]
DATES_BESIDE = [
    ("Birthday is on October 2", "My mum's birthday is October 12"),
    ("Dentist appointment on October 2", "I got the time wrong, the yoga class is on October 12"),
    ("生日是10月2日", "妈妈的生日是10月12日"),
    ("Hari jadi pada 2 Oktober", "Hari jadi emak saya 12 Oktober"),
]


@pytest.mark.parametrize(("old", "new"), DATES)
def test_a_date_said_with_a_correction_mark_replaces_the_wrong_one(old, new):
    assert corrects_date(new, old)
    active, history = _write(old, new)
    assert active == [new] and history == [old]


@pytest.mark.parametrize(("old", "new"), DATES_BESIDE)
def test_another_things_date_stays_beside(old, new):
    assert not corrects_date(new, old)
    active, _ = _write(old, new)
    assert active == [old, new]


# --------------------------------------------------------------------------- 7. withdrawn requests

WITHDRAWN = [
    ("The new kettle came and works, so please drop the refund request", "Wants a refund for the kettle", "refund"),
    ("Le colis est arrivé, vous pouvez annuler ma réclamation", "A déposé une réclamation pour le colis", "complaint"),
    ("新的水壶到了，能用，退货就不用了", "申请退货水壶", "return"),
    ("Cerek baru dah sampai, tak payah refund lah", "Minta refund untuk cerek", "refund"),
]
NOT_WITHDRAWN = [
    ("The new kettle leaks too, I want a refund", "Wants a refund for the kettle"),
    ("Please cancel the order and refund me", "Wants a refund"),
    ("新的水壶也漏水，我要退货", "申请退货水壶"),
    ("The new kettle came, so please drop the refund request", "Received the new kettle"),
]


@pytest.mark.parametrize(("message", "text", "kind"), WITHDRAWN)
def test_a_withdrawn_request_is_no_memory(message, text, kind):
    assert kind in withdrawn_requests(message)
    assert _filter(message, text) == (False, "withdrawn")


@pytest.mark.parametrize(("message", "text"), NOT_WITHDRAWN)
def test_a_standing_request_or_another_step_is_kept(message, text):
    assert _filter(message, text)[0]


def test_the_candidate_telling_the_withdrawal_is_kept():
    message = "The new kettle came, so please drop the refund request"
    assert _filter(message, "Cancelled the refund request for the kettle")[0]


# --------------------------------------------------------------------------- 8. waits over

WAITS = [
    ("Waiting for the replacement router for order 77120", "The replacement router for order 77120 was delivered"),
    (
        "Attend le routeur de remplacement de la commande 77120",
        "A reçu le routeur de remplacement de la commande 77120",
    ),
    ("在等订单77120补发的路由器", "订单77120补发的路由器到了"),
    ("Menunggu penghala ganti untuk pesanan 77120", "Dah terima penghala ganti untuk pesanan 77120"),
]
WAITS_ON = [
    ("Waiting for the replacement router for order 77120", "The replacement router for order 77120 hasn't arrived yet"),
    ("Waiting for the replacement router for order 77120", "The blender for order 88001 was delivered"),
    (
        "Attend le routeur de remplacement de la commande 77120",
        "Le routeur de la commande 77120 n'est pas encore arrivé",
    ),
    ("在等订单77120补发的路由器", "订单77120补发的路由器还没到"),
    ("Menunggu penghala ganti untuk pesanan 77120", "Penghala ganti untuk pesanan 77120 belum sampai"),
]


@pytest.mark.parametrize(("old", "new"), WAITS)
def test_the_awaited_thing_ends_the_wait(old, new):
    assert ends_wait(new, old)
    active, history = _write(old, new, kind="episode")
    assert active == [new] and history == [old]


@pytest.mark.parametrize(("old", "new"), WAITS_ON)
def test_no_arrival_of_that_thing_leaves_the_wait(old, new):
    assert not ends_wait(new, old)


# --------------------------------------------------------------------------- the library, no model


def test_no_model_library_reads_a_job_held_from_now_on(tmp_path):
    with Souvenir.open(turn_settings(f"sqlite:///{tmp_path / 'job.db'}"), background=False) as memory:
        for lang, (old, new) in zip(("en", "fr", "zh", "ms"), JOBS, strict=True):
            user = f"ann-{lang}"
            memory.remember(user, old)
            memory.remember(user, new)
            active = [m.text for m in memory.memories(user).memories]
            assert active == [new], (lang, active)


TAKE_BACK_ERASES_NOTHING = {
    "en": (
        "Pretend nothing happened at the party",
        "I'm selling my car this summer. Actually, pretend I never said that.",
    ),
    "fr": ("Non-fumeur depuis 2019", "Je vais adopter un chien… non, laisse tomber, oublie, j'ai rien dit"),
    "zh": ("算了，这个周末不去爬山", "我好像对猫毛过敏…算了当我没说"),
    "ms": ("Eh, kucing saya namanya Tompok", "Saya nak pindah Penang... eh, anggap saya tak cakap apa-apa"),
}


@pytest.mark.parametrize("lang", list(TAKE_BACK_ERASES_NOTHING))
def test_a_take_back_names_no_stored_memory(tmp_path, lang):
    """A take-back is also read as a request to forget with no topic (its fillers, « non », 算了, "eh",
    "pretend", named the memories holding them, which were erased): nothing stored is erased."""
    stored, message = TAKE_BACK_ERASES_NOTHING[lang]
    with Souvenir.open(turn_settings(f"sqlite:///{tmp_path / 'tb.db'}"), background=False) as memory:
        memory.remember("ann", stored)
        memory.add_turn("ann", message, reply="OK!")
        assert len(memory.memories("ann").memories) == 1, lang
