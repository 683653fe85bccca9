"""Issue #26, round 7 (lane write8): speech-act kinds the fresh cases of
tests/cases/round3_extra7.jsonl missed, each in four languages — an offer to the listener
under the listener's condition ("If you're ever in town, I can show you around…") is no
hypothesis, so the user's own statement beside it stands; the user's clause after "but"
ends someone else's words ("X told me to forget Y, but I'm still…"); a quote that is a
reporting verb's whole complement ends the relay; someone else's opinion ("in my boss's
opinion", « de l'avis de », 在老板看来, "pada pendapat bos saya") relays, the user's own
("in my opinion", « à mon avis », 在我看来, "pada pendapat saya") does not; 顺便说一下 is
no one else speaking."""

from __future__ import annotations

import pytest

from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, run_filters
from souvenir.write.filters.speech_act import speech_act_filter


def _kept(message: str, text: str, kind: str = "fact") -> bool:
    candidate = Candidate(text=text, kind=kind, scope="global", confidence=0.8)
    return speech_act_filter(candidate, Exchange(user_message=message)).kept


OFFERS = [
    (
        "en",
        "If you ever visit Leeds, I can take you to my pottery studio, I opened it in March.",
        "Opened a pottery studio",
    ),
    (
        "fr",
        "Si tu passes par Lyon, je peux te faire visiter mon atelier, je l'ai ouvert en mars.",
        "A ouvert un atelier",
    ),
    ("zh", "你要是来杭州，我可以带你去我的茶馆，我去年开的。", "去年开了茶馆"),
    (
        "ms",
        "Kalau awak datang Ipoh, saya boleh bawa awak ke kedai saya, saya buka kedai itu tahun lepas.",
        "Buka kedai tahun lepas",
    ),
]
HYPOTHESES = [
    ("en", "If I won the lottery, I could buy you a boat.", "Won the lottery"),
    ("fr", "Si je gagnais au loto, je pourrais t'acheter un bateau.", "A gagné au loto"),
    ("zh", "如果我中了彩票，我可以给你买条船。", "中了彩票"),
    ("ms", "Kalau saya menang loteri, saya boleh belikan awak bot.", "Menang loteri"),
]


@pytest.mark.parametrize(("lang", "message", "text"), OFFERS, ids=[c[0] for c in OFFERS])
def test_the_users_statement_beside_an_offer_is_kept(lang, message, text):
    assert _kept(message, text)


@pytest.mark.parametrize(("lang", "message", "text"), HYPOTHESES, ids=[c[0] for c in HYPOTHESES])
def test_a_hypothesis_of_the_user_is_still_no_fact(lang, message, text):
    assert not _kept(message, text)


BUT_STILL = [
    ("en", "My sister told me to drop the idea of the loan, but I still owe her 500 pounds.", "Owes sister 500 pounds"),
    ("fr", "Ma sœur m'a dit de laisser tomber, mais je lui dois toujours 500 euros.", "Doit 500 euros à sa sœur"),
    ("zh", "我姐叫我别管那笔钱了，可我还欠她五百块。", "还欠姐姐五百块"),
    (
        "ms",
        "Kakak suruh saya lupakan hutang itu, tapi saya masih berhutang 500 ringgit dengan dia.",
        "Masih berhutang 500 ringgit",
    ),
]
RELAYED_STILL = [
    ("en", "My sister told me she is moving to Oslo, but she is not sure yet.", "Is moving to Oslo"),
    ("fr", "Ma sœur m'a dit qu'elle déménage à Oslo, mais elle hésite encore.", "Déménage à Oslo"),
    ("zh", "我姐说她要搬去奥斯陆，可她还没决定。", "要搬去奥斯陆"),
    ("ms", "Kakak kata dia nak pindah ke Oslo, tapi dia belum pasti.", "Nak pindah ke Oslo"),
]


@pytest.mark.parametrize(("lang", "message", "text"), BUT_STILL, ids=[c[0] for c in BUT_STILL])
def test_the_users_clause_after_but_ends_the_relay(lang, message, text):
    assert _kept(message, text)


@pytest.mark.parametrize(("lang", "message", "text"), RELAYED_STILL, ids=[c[0] for c in RELAYED_STILL])
def test_someone_elses_clause_after_but_is_still_theirs(lang, message, text):
    assert not _kept(message, text)


QUOTE_THEN_OWN = [
    ("en", 'My mum keeps saying "just sell the flat" — easy for her, I bought it in 2019.', "Bought the flat in 2019"),
    (
        "fr",
        "Ma mère répète « vends l'appartement » — facile à dire, je l'ai acheté en 2019.",
        "A acheté l'appartement en 2019",
    ),
    ("zh", "我妈总说“把房子卖了吧”——说得轻巧，我二零一九年才买的。", "二零一九年买的房子"),
    (
        "ms",
        'Mak selalu cakap "jual je rumah tu" — senang cakap, saya beli rumah itu tahun 2019.',
        "Beli rumah tahun 2019",
    ),
]


@pytest.mark.parametrize(("lang", "message", "text"), QUOTE_THEN_OWN, ids=[c[0] for c in QUOTE_THEN_OWN])
def test_a_quote_that_completes_its_reporting_verb_ends_the_relay(lang, message, text):
    assert _kept(message, text)


OPINIONS = [
    (
        "en",
        "In my coach's opinion, I should run the marathon next year.",
        "In my opinion, I should run the marathon next year.",
    ),
    (
        "fr",
        "De l'avis de mon coach, je devrais courir le marathon l'an prochain.",
        "À mon avis, je devrais courir le marathon l'an prochain.",
    ),
    ("zh", "在教练看来，我明年应该跑马拉松。", "在我看来，我明年应该跑马拉松。"),
    (
        "ms",
        "Pada pendapat jurulatih saya, saya patut lari maraton tahun depan.",
        "Pada pendapat saya, saya patut lari maraton tahun depan.",
    ),
]
PLAN = {
    "en": "Will run the marathon next year",
    "fr": "Va courir le marathon l'an prochain",
    "zh": "明年跑马拉松",
    "ms": "Akan lari maraton tahun depan",
}


@pytest.mark.parametrize(("lang", "other", "own"), OPINIONS, ids=[c[0] for c in OPINIONS])
def test_someone_elses_opinion_relays_the_users_own_does_not(lang, other, own):
    assert not _kept(other, PLAN[lang], "promise")
    assert _kept(own, PLAN[lang], "promise")


def test_by_the_way_is_no_one_else_speaking():
    message = "要是我让你忘掉我的地址，你会删吗？顺便说一下，我的生日是十月二号。"
    assert _kept(message, "生日是十月二号")
    assert not _kept("我妈说我的生日是十月二号。", "生日是十月二号")


def test_the_whole_chain_keeps_the_statement_beside_an_offer():
    candidate = Candidate(text="Opened a bakery last spring", kind="fact", scope="global", confidence=0.8)
    message = "If you're ever around, I could show you my bakery, I opened it last spring."
    assert run_filters(candidate, Exchange(user_message=message)).kept
