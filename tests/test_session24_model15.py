"""Session 24, lane model15 (issue #25): the junk kinds both modes still kept.

The probes here were written apart from the dialogues (bench/data/dialogues*) the kinds were
read from: a leave-taking with an errand or the moment's call, a plan naming nothing (a
deferral), a model's note with no predicate or no referent, a plan's month grounded in the past;
each beside counter-probes that state a fact and must be kept. Both modes are run through the
engine on a real SQLite file, the model a local server speaking the OpenAI protocol.
"""

from __future__ import annotations

from datetime import date

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.deferral import deferred
from souvenir.lexical.named_dates import ground_named
from souvenir.llm.prompt_bound import data_tokens
from souvenir.write.bare_notes import bare_note
from tests.junk_harness import assert_leaves_no_memory, model_settings, note, plain_runtime
from tests.servers import ChatServer

#: Leave-takings with an errand, the moment's call or its pause, per language.
LEAVINGS = {
    "en": [
        "Right, the soup's boiling over, talk later!",
        "Oh the kettle is boiling, one sec",
        "ok, my turn to feed her, bye!",
        "the kids are arguing over the tablet, hang on",
        "Found it! a customer just walked in, talk later",
        "Cheers Mo, you've saved my bacon. off to do the dishes",
    ],
    "fr": [
        "Bon, la casserole déborde, je reviens !",
        "L'eau bout, à plus !",
        "C'est mon tour de la bercer, bonne nuit Léa !",
        "Merci Léa, les clients m'attendent !",
        "Bon je file, la boutique m'attend.",
        "Trouvé ! Un client arrive, à plus !",
    ],
    "zh": ["水开了，先不聊了", "宝宝哭了，回头再聊哈", "轮到我抱了，拜拜小美", "找到了！来客人了，回头再说"],
    "ms": [
        "Air dah mendidih, nanti sambung!",
        "Adik nangis tu, kejap ya",
        "Giliran saya dukung, nanti sambung",
        "Dah jumpa! Ada customer datang, nanti sambung",
    ],
}
#: Plans naming nothing: what is deferred is in the conversation, not in the message.
DEFERRALS = {
    "en": [
        "Ok, I'll talk to my wife about it.",
        "Let me think about it first. Thanks!",
        "I'll run it by my boss tomorrow.",
        "I'll check with him later, cheers",
    ],
    "fr": [
        "D'accord, j'en parlerai à mon mari ce soir.",
        "Je vais y réfléchir, merci !",
        "Je vais en discuter avec Paul.",
        "Laissez-moi réfléchir.",
    ],
    "zh": ["好的，我跟老公商量一下。", "我再想想吧，谢谢", "行，我回头问问他", "让我考虑一下"],
    "ms": [
        "Ok, nanti saya bincang dengan suami dulu.",
        "Baik, saya fikir dulu. Terima kasih!",
        "Nanti aku tanya bini aku dulu",
    ],
}
#: The same shapes stating a fact: kept.
FACTS = {
    "en": [
        "The pot's boiling, I'm making my grandmother's soup for the church fair on Sunday",
        "Thanks Sam, off to Lisbon for my sister's wedding",
        "I'll talk to my landlord about the broken boiler.",
        "I'll ask my brother Tom about the car.",
        "Let me think about moving to Leeds.",
        "I found my passport! I'm flying to Japan tomorrow",
        "Sounds cool! I'll definitely check it out. Thanks for the recommendation!",
    ],
    "fr": [
        "je file chez le médecin pour mon diabète",
        "L'eau bout, je fais des pâtes pour mes 12 élèves",
        "Merci Léa, mes clients de Lyon m'attendent lundi",
        "Je vais en parler à mon médecin lundi.",
        "Je vais demander un prêt à la banque.",
    ],
    "zh": [
        "宝宝哭了，她下周一要打疫苗",
        "我跟老公商量一下买房的事",
        "我再想想要不要辞职",
        "找到了我的护照，明天飞东京",
    ],
    "ms": [
        "Baby nangis, esok nak bawak dia cucuk vaksin",
        "Nanti saya bincang dengan suami pasal rumah di Chukai.",
        "Saya nak tanya bos pasal cuti bersalin.",
    ],
}


@pytest.mark.parametrize("lang", sorted(LEAVINGS))
def test_a_leave_taking_with_an_errand_or_a_call_is_a_closing(lang):
    for text in LEAVINGS[lang]:
        assert chit_chat(text) == "closing", text


@pytest.mark.parametrize("lang", sorted(DEFERRALS))
def test_a_plan_naming_nothing_is_a_deferral(lang):
    for text in DEFERRALS[lang]:
        assert chit_chat(text) == "deferral", text


@pytest.mark.parametrize("lang", sorted(FACTS))
def test_the_same_shapes_stating_a_fact_are_kept(lang):
    for text in FACTS[lang]:
        assert chit_chat(text) is None, text


def test_each_part_alone_is_no_closing():
    assert chit_chat("Found it!") != "closing"  # an exclamation alone: not a leave-taking
    assert chit_chat("L'eau bout.") is None  # the moment's call alone
    assert not deferred("I'll see you soon")  # a farewell, not a plan
    assert not deferred("I'll look into it")  # a thing to try: LoCoMo notes it as a plan
    assert not deferred("je vais en parler à mon médecin lundi")  # a date


NOTES_BARE = ["进货", "Restocking.", "Stok.", "The restock.", "I never actually went.", "We didn't go in the end."]
NOTES_BARE += ["J'y suis jamais allée.", "Je ne l'ai pas fait finalement.", "我其实没去。", "Aku tak pergi pun."]
NOTES_KEPT = ["Is vegetarian.", "我吃素", "血压高", "I never went to college.", "Je ne suis jamais allée à Rome."]
NOTES_KEPT += ["我从来没去过日本", "Saya tak pernah pergi ke Jepun.", "Works nights.", "I did my PhD in Leeds."]


def test_a_note_with_no_predicate_or_no_referent_is_no_memory():
    assert [t for t in NOTES_BARE if bare_note(t) is None] == []
    assert [t for t in NOTES_KEPT if bare_note(t) is not None] == []


SAID = date(2026, 11, 20)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm putting my rate up from January, my accountant was right.", "2027-01"),
        ("I'm moving to Lyon in January, my boss agreed.", "2027-01"),
        ("Je passe à 45 euros de l'heure à partir de janvier, le comptable avait raison.", "2027-01"),
        ("从一月开始我每碗涨两块，我老公同意了", "2027-01"),
        ("Mulai Januari saya naikkan harga, bos dah setuju.", "2027-01"),
        ("I moved here in January, it was cold.", "2026-01"),
        ("I worked there from January to March.", "2026-01"),
        ("Dès janvier j'étais au chômage.", "2026-01"),
        ("Saya sudah pindah pada bulan Januari.", "2026-01"),
    ],
)
def test_a_plan_month_is_read_in_its_own_clause(text, value):
    assert f"({value})" in ground_named(text, SAID) or f"（{value}）" in ground_named(text, SAID)


def test_a_digit_and_an_emoji_are_counted_as_the_tokenizer_cuts_them():
    assert data_tokens("31400") == 5  # SmolLM2 splits numbers into digits
    assert data_tokens("😂") == 3  # three byte-tokens
    assert data_tokens("012-448 3091") == 11  # 12 on the tokenizer (the space alone), 6 before


@pytest.mark.parametrize("message", [LEAVINGS["fr"][1], DEFERRALS["ms"][0], LEAVINGS["zh"][0], DEFERRALS["en"][0]])
def test_no_memory_with_or_without_a_model(tmp_path, message):
    assert_leaves_no_memory(tmp_path, message)  # the model copies it, as SmolLM2 does


def test_a_bare_note_gives_way_to_the_message(tmp_path):
    message = "Scratch what I said about the pottery class last week, I never actually went, it clashed with work."
    with ChatServer(reflection_answer=note("I never actually went.")) as upstream:
        settings = model_settings(tmp_path, upstream)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "a", message, "No problem.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            texts = [m.text for m in rt.store.memories(user)] if user is not None else []
            assert "I never actually went." not in texts
        finally:
            rt.close()


def test_a_fact_said_with_a_leave_taking_is_kept_without_a_model(tmp_path):
    plain = plain_runtime(tmp_path)
    try:
        plain.engine.record_turn("api", "a", FACTS["fr"][0], "Bon courage !")
        user = plain.store.find_user("api", "a")
        assert any("diabète" in m.text for m in plain.store.memories(user))
    finally:
        plain.close()
