"""Junk kinds the real model still wrote in session 20 (issue #25, session 21, lane model8),
en / fr / zh / ms, wordings of no case file:

- a retraction of the user's own words ("I take back the … crack"): chit-chat ``retraction``;
- a pet's or a child's need of the moment ("Biscuit wants her lunch", 猫饿了): ``need``;
- a good-night or farewell naming the assistant after another sentence (« Pas encore. Bonne
  nuit Nova. »), and a child's bedtime before a leave-taking (« Lou réclame son histoire, j'y
  vais »): ``leaving``;
- a date alone (10月5号): ``date``, in notes only (as a message it answers a question).

Each with wordings that open alike and state a fact, which stay.
"""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import NOTES, chit_chat
from souvenir.lexical.momentary import date_alone, momentary_need, retraction
from souvenir.ground.types import Candidate
from souvenir.write.filters.no_chitchat import chitchat_filter
from souvenir.write.filters.shapes import Exchange

RETRACTIONS = [
    "I take back the moon landing crack.",
    "Okay fine, I take that back.",
    "Scratch that.",
    "Je retire ce que j'ai dit.",
    "Bon, je retire ma blague, désolée.",
    "我收回那句话。",
    "好吧，当我没说。",
    "Saya tarik balik apa saya cakap tadi.",
    "Ok la, aku tarik balik.",
]
NOT_RETRACTIONS = [
    "I took the car back to the dealer.",
    "I take back the empty bottles every Friday.",
    "I take back my old job at the bakery on Monday.",
    "Je retire mon fils de cette école en juin.",
    "Je retire de l'argent au distributeur de la gare.",
    "我收回了对那家公司的投资。",
    "公司收回了我的工作证。",
    "Saya tarik balik duit dari ASB bulan lepas.",
    "Bank tarik balik tawaran pinjaman saya.",
]
NEEDS = [
    "Biscuit wants her lunch.",
    "The dog wants to go out!",
    "The kids are hungry again.",
    "Le chien veut sortir.",
    "Les enfants ont faim.",
    "猫饿了。",
    "宝宝要喝奶了",
    "Kucing nak makan.",
    "Budak-budak dah merengek nak susu.",
]
NOT_NEEDS = [
    "My son wants to study in Japan.",
    "The dog needs a walk every morning at 6.",
    "The cat is sick.",
    "Max wants a bike for his birthday.",
    "Ma fille veut devenir vétérinaire.",
    "Le chien est mort la semaine dernière.",
    "我儿子想去日本留学。",
    "猫生病了，明天带它去看医生。",
    "Anak saya nak masuk universiti tahun depan.",
    "Anjing saya mati semalam.",
]
LEAVINGS = [
    "Not yet. Good night Wren.",
    "Pas encore. Bonne nuit Nova.",
    "Bon, Lou réclame son histoire, j'y vais.",
    "还没。晚安，小安。",
    "Belum lagi. Selamat malam Ana.",
    "The dog wants out, gotta go.",
    "Insya-Allah. Ok la, budak-budak dah merengek nak susu.",
]
NOT_LEAVINGS = [
    "Good night Paris was amazing.",
    "Goodbye London, hello Leeds: I moved last week.",
    "Night shift at Tesco again.",
    "Bonne nuit à l'hôtel Ibis de Lyon, on repart demain.",
    "晚安，明天我要去上海出差。",
    "Selamat malam, esok saya pergi Penang.",
]
DATES = ["October 5th", "On the 5th of October.", "le 5 octobre", "10月5号", "2026年10月5日", "5 Oktober"]
NOT_DATES = ["Moved to Ipoh on 5 October.", "10月5号搬家。", "Le 5 octobre je pars à Lyon.", "Pindah rumah 5 Oktober."]


@pytest.mark.parametrize("text", RETRACTIONS)
def test_a_retraction_of_ones_own_words_is_no_fact(text: str) -> None:
    assert retraction(text), text
    assert chit_chat(text) in ("retraction", "never_mind")  # 当我没说, "Scratch that": a dismissal too


@pytest.mark.parametrize("text", NOT_RETRACTIONS)
def test_taking_back_a_thing_is_no_retraction(text: str) -> None:
    assert not retraction(text), text
    assert chit_chat(text, kinds=NOTES) is None


@pytest.mark.parametrize("text", NEEDS)
def test_a_pets_or_childs_need_of_the_moment_is_no_fact(text: str) -> None:
    assert momentary_need(text), text
    assert chit_chat(text) == "need"


@pytest.mark.parametrize("text", NOT_NEEDS)
def test_a_plan_a_habit_or_a_state_of_a_child_or_pet_stays(text: str) -> None:
    assert not momentary_need(text), text
    assert chit_chat(text, kinds=NOTES) is None


@pytest.mark.parametrize("text", LEAVINGS)
def test_a_leave_taking_naming_the_assistant_after_another_sentence_is_chit_chat(text: str) -> None:
    assert chit_chat(text) is not None, text


@pytest.mark.parametrize("text", NOT_LEAVINGS)
def test_a_good_night_with_a_fact_stays(text: str) -> None:
    assert chit_chat(text, kinds=NOTES) is None, text


@pytest.mark.parametrize("text", DATES)
def test_a_date_alone_is_no_note_but_a_message_keeps_it(text: str) -> None:
    assert date_alone(text), text
    assert chit_chat(text, kinds=NOTES) == "date"
    assert chit_chat(text) is None  # a message: the answer to "when…?", kept as its episode


@pytest.mark.parametrize("text", NOT_DATES)
def test_a_date_with_what_happens_on_it_stays(text: str) -> None:
    assert not date_alone(text), text
    assert chit_chat(text, kinds=NOTES) is None


@pytest.mark.parametrize(
    ("note", "message"),
    [
        ("Elle adore sa maîtresse.", "Elle adore sa maîtresse. Bon, je vais me coucher, à plus Nova."),
        ("Lily loves her teacher.", "Lily loves her teacher. Anyway, I should sleep, night Wren."),
        ("女儿很喜欢她的老师。", "女儿很喜欢她的老师。晚安，小安。"),
        ("Anak saya suka cikgu dia.", "Anak saya suka cikgu dia. Selamat malam Ana."),
    ],
)
def test_the_fact_before_a_named_good_night_is_kept_without_it(note: str, message: str) -> None:
    decision = chitchat_filter(Candidate(text=message), Exchange(user_message=message, assistant_reply="Good night!"))
    assert decision.kept and decision.candidate.text == note
