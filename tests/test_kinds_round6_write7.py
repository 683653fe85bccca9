"""Issue #26, round 6 (lane write7): kinds the fresh cases of tests/cases/round3_extra6.jsonl
missed, each in four languages — an irony marker written out ("(ironie)", "（反话）", "(perli)",
"/s"), a question led by "do you think I should" / « tu crois que je devrais » / 你觉得 /
"awak rasa saya patut ke" without "?", the "isn't it obvious I…?" frame asserting what follows,
and a bare adverb clause after a negation ("J'aime plus le rap, franchement") that must not
carry the negated words back as positive."""

from __future__ import annotations

import pytest

from souvenir.lexical.keyed import user_keys
from souvenir.lexical.proposition import is_flip, proposition
from souvenir.lexical.questions import assertive, mark_questions, sarcastic
from souvenir.lexical.speakers import transcript_lines
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, run_filters
from souvenir.write.forget_relay import own_forget_requests

IRONY = [
    ("en", "Wonderful, another delayed train, I adore commuting (sarcasm)"),
    ("fr", "Super, encore des bouchons, j'adore conduire (ironie)"),
    ("zh", "真棒，又下雨了，我最爱淋雨了（反话）"),
    ("ms", "Seronoknya, hujan lagi, saya suka basah kuyup (perli)"),
]
SINCERE = [
    ("en", "I adore commuting by bike (seriously)"),
    ("fr", "J'adore conduire (vraiment)"),
    ("zh", "我最爱下雨天了（真心话）"),
    ("ms", "Saya suka hujan (serius)"),
]
ASKS = [
    ("en", "do you think I should move to Leeds"),
    ("fr", "tu crois que je devrais arrêter la fac"),
    ("zh", "你觉得我该不该买房"),
    ("ms", "awak rasa saya patut ke tukar kerja"),
]
TELLS = [
    ("en", "you think I should relax and I agree"),
    ("fr", "tu crois que le train est parti"),
    ("zh", "你觉得这家店好吃"),
    ("ms", "awak rasa makanan tu sedap"),
]
OBVIOUS = [
    ("en", "Isn't it obvious I hate mornings?", "I hate mornings."),
    ("fr", "C'est pas évident que je déteste le matin ?", "je déteste le matin."),
    ("zh", "难道你看不出来我讨厌早起吗？", "我讨厌早起。"),
    ("ms", "Tak nampak ke saya benci pagi?", "saya benci pagi."),
]
ADVERB = [
    ("en", "I don't like jazz anymore, honestly.", "Likes jazz"),
    ("fr", "J'aime plus le rap, franchement.", "Aime le rap"),
    ("zh", "我不再喜欢喝奶茶了，说实话。", "喜欢喝奶茶"),
    ("ms", "Saya tak suka durian dah, sejujurnya.", "Suka durian"),
]


@pytest.mark.parametrize(("lang", "text"), IRONY, ids=[lang for lang, _ in IRONY])
def test_written_irony_marker_marks_the_sentence(lang, text):
    assert sarcastic(text), lang


@pytest.mark.parametrize(("lang", "text"), SINCERE, ids=[lang for lang, _ in SINCERE])
def test_other_parentheses_are_not_irony(lang, text):
    assert not sarcastic(text), lang


@pytest.mark.parametrize(("lang", "text"), ASKS, ids=[lang for lang, _ in ASKS])
def test_asking_the_assistant_for_advice_is_a_question(lang, text):
    assert mark_questions(text).rstrip().endswith(("?", "？")), lang


@pytest.mark.parametrize(("lang", "text"), TELLS, ids=[lang for lang, _ in TELLS])
def test_an_opinion_without_should_is_not_a_question(lang, text):
    assert mark_questions(text) == text, lang


@pytest.mark.parametrize(("lang", "text", "said"), OBVIOUS, ids=[lang for lang, _, _ in OBVIOUS])
def test_isnt_it_obvious_asserts_what_follows(lang, text, said):
    assert assertive(text).strip() == said, lang


def test_obvious_about_something_else_stays_a_question():
    assert assertive("Isn't it obvious the shop is closed?").endswith("?")


@pytest.mark.parametrize(("lang", "message", "text"), ADVERB, ids=[lang for lang, _, _ in ADVERB])
def test_a_bare_adverb_clause_does_not_undo_the_negation(lang, message, text):
    candidate = Candidate(text=text, kind="preference", scope="global", confidence=0.8)
    decision = run_filters(candidate, Exchange(user_message=message))
    assert decision.filter == "negation", (lang, decision)


RELAPSE = [
    ("en", "Quit drinking", "Relapsed, drinking again"),
    ("fr", "A arrêté de boire de l'alcool", "A rechuté, boit de nouveau de l'alcool"),
    ("zh", "戒了烟", "又开始抽烟了"),
    ("zh", "戒掉了酒", "又喝酒了"),
    ("ms", "Dah berhenti berjudi", "Kambuh, berjudi semula"),
]


@pytest.mark.parametrize(("lang", "old", "new"), RELAPSE, ids=[f"{lang}-{old}" for lang, old, _ in RELAPSE])
def test_a_relapse_flips_the_quit(lang, old, new):
    assert is_flip(proposition(old), proposition(new)), lang


def test_quitting_something_else_is_not_a_relapse():
    assert not is_flip(proposition("戒了烟"), proposition("又开始喝酒了"))


CHILDREN = [
    ("en", "Has now three kids", "3"),  # a count is kept in digits (lane write10: 一个 / 1个)
    ("fr", "A maintenant trois enfants", "3"),
    ("zh", "有了两个孩子", "2"),
    ("ms", "Ada sekarang tiga orang anak", "3"),
]


@pytest.mark.parametrize(("lang", "text", "count"), CHILDREN, ids=[lang for lang, _, _ in CHILDREN])
def test_a_time_word_before_the_number_of_children_keeps_the_key(lang, text, count):
    assert user_keys(text).get("children") == count, lang


ANNOUNCED = [
    ("en", "here's what my sister texted me\nAnna: we're moving to Denver in May"),
    ("fr", "voici ce que ma sœur m'a écrit\nClaire : on déménage à Lille en mai"),
    ("zh", "我姐发来的消息：\n姐姐：我们五月搬去广州"),
    ("ms", "ni mesej kakak saya\nKak Ani: kami pindah ke Kuantan bulan Mei"),
]
UNANNOUNCED = [
    ("en", "quick note\nAnna: we're moving to Denver in May"),
    ("fr", "petite info\nClaire : on déménage à Lille en mai"),
    ("zh", "说一下：\n姐姐：我们五月搬去广州"),
    ("ms", "nak cerita\nKak Ani: kami pindah ke Kuantan bulan Mei"),
]


@pytest.mark.parametrize(("lang", "message"), ANNOUNCED, ids=[lang for lang, _ in ANNOUNCED])
def test_one_labelled_line_after_an_announced_paste_is_someone_elses(lang, message):
    lines = transcript_lines(message)
    assert lines is not None and not lines[-1].own, lang


@pytest.mark.parametrize(("lang", "message"), UNANNOUNCED, ids=[lang for lang, _ in UNANNOUNCED])
def test_one_labelled_line_without_an_announcement_stays_a_message(lang, message):
    assert transcript_lines(message) is None, lang


TOLD_TO_FORGET = [
    ("en", "My boss told me to just forget about the promotion."),
    ("fr", "Mon prof m'a dit d'oublier le concours."),
    ("zh", "我朋友叫我忘掉那个前任。"),
    ("ms", "Mak saya suruh saya lupakan kerja lama tu."),
]
OWN_FORGET = [
    ("en", "Please forget what I told you about my boss."),
    ("fr", "Oublie ce que je t'ai dit sur ma sœur."),
    ("zh", "我叫你忘掉那件事。"),
    ("ms", "Tolong lupakan apa saya cakap pasal mak saya."),
]


@pytest.mark.parametrize(("lang", "message"), TOLD_TO_FORGET, ids=[lang for lang, _ in TOLD_TO_FORGET])
def test_someone_telling_the_user_to_forget_is_no_request(lang, message):
    assert own_forget_requests(message) == [], lang


@pytest.mark.parametrize(("lang", "message"), OWN_FORGET, ids=[lang for lang, _ in OWN_FORGET])
def test_the_users_own_request_stays(lang, message):
    assert own_forget_requests(message), lang
