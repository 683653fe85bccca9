"""A request to forget opening on a discourse marker, session 25 (the integrator, from the blind
``dlg7-fr`` run): « Ok tant mieux. Par contre oubliez ce que je vous ai raconté sur ses dettes… »
was no request at all — « par contre » was not among the words a request may open on — so the
half-brother's debts were kept in both modes, and the request itself was kept as an episode.
The words that join a request to what came before (anyway, by the way, « par contre », « au
fait », « sinon », "lagi satu", 对了…) are a closed class: read before the cue, left out of the
topic. Four languages, on a real SQLite store, no model."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests

SAID = {
    "fr": "Mon demi-frère Mehdi a des dettes partout, il ne paie plus ses factures.",
    "en": "My half-brother Mehdi has debts everywhere, he stopped paying his bills.",
    "zh": "我同父异母的弟弟在外面欠债很多，账单都不付了。",
    "ms": "Adik tiri saya Mehdi ada hutang keliling pinggang, bil pun dia tak bayar.",
}
OTHER = {
    "fr": "Mon collègue Paul part à Lyon en mars.",
    "en": "My colleague Paul is moving to Lyon in March.",
    "zh": "我同事保罗三月要搬去里昂。",
    "ms": "Kawan sekerja saya Paul akan pindah ke Lyon bulan Mac.",
}
ASKED = {
    "fr": [
        "Ok tant mieux. Par contre oubliez ce que je vous ai raconté sur ses dettes, c'est sa vie.",
        "Au fait, oublie ce que je t'ai dit sur les dettes de Mehdi.",
        "Sinon oubliez ce que j'ai dit sur ses dettes.",
    ],
    "en": [
        "Good. Anyway forget what I told you about his debts, it's his life.",
        "By the way forget what I said about Mehdi's debts.",
        "One more thing: forget what I said about his debts.",
    ],
    "zh": [
        "好的。对了，忘掉我跟你说的他欠债的事，那是他的事。",
        "还有，忘掉我说的欠债的事。",
        "另外，忘掉我说的欠债的事吧。",
    ],
    "ms": [
        "Ok baguslah. Lagi satu, lupakan apa saya cerita pasal hutang dia, itu hal dia.",
        "Oh ya lupakan apa saya cakap pasal hutang Mehdi.",
        "Sebenarnya lupakan pasal hutang dia tu.",
    ],
}
#: The same markers before no request: nothing is read as one.
NOT_ASKED = [
    "Anyway I forget his birthday every year.",
    "Par contre j'oublie toujours son anniversaire.",
    "By the way, I never forget a face.",
    "Au fait, tu oublies jamais rien toi ?",
    "Lagi satu, saya selalu lupa hari jadi dia.",
    "对了，我老是忘记他的生日。",
]


def _texts(memory: Souvenir) -> list[str]:
    return [m.text for m in memory.memories("u").memories]


def _debts(texts: list[str]) -> bool:
    return any(w in t for t in texts for w in ("dette", "debt", "债", "hutang"))


@pytest.mark.parametrize("lang", list(SAID))
@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_request_after_a_discourse_marker_erases_what_it_names(tmp_path, lang, which):
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", SAID[lang], reply="Ok.")
        memory.add_turn("u", OTHER[lang], reply="Ok.")
        memory.add_turn("u", ASKED[lang][which], reply="Ok.")
        left = _texts(memory)
    assert not _debts(left), left  # neither the debts nor the request naming them
    assert any(("Paul" in t or "保罗" in t) for t in left), left  # the other memory stays


@pytest.mark.parametrize("text", NOT_ASKED)
def test_a_marker_before_no_request_is_no_request(text):
    assert forget_requests(text) == []


@pytest.mark.parametrize("text", [asked for lang in ASKED for asked in ASKED[lang]])
def test_the_marker_is_no_part_of_the_topic(text):
    (request,) = forget_requests(text)
    keys = {tok.key for tok in request.topic}
    assert not keys & {
        "contre",
        "fait",
        "sinon",
        "anyway",
        "way",
        "thing",
        "lagi",
        "satu",
        "sebenarnya",
        "对了",
        "还有",
        "另外",
    }, keys


#: A third person's possessive in what the request names ("about his debts", « sur ses
#: dettes », "pasal hutang dia"): the person just spoken of, whose memory a request naming them
#: by pronoun erases; a request about the user's own things ("my money stuff") still does not.
PRONOUN = {
    "fr": ("Mon frère Mehdi a des dettes partout.", "Oubliez ce que je vous ai dit sur ses dettes."),
    "en": ("My brother Mehdi has debts everywhere.", "Forget what I told you about his debts."),
    "zh": ("我弟弟欠债很多。", "忘掉我说的他欠债的事。"),
    "ms": ("Adik saya Mehdi ada banyak hutang.", "Lupakan apa saya cakap pasal hutang dia."),
}
OWN = {
    "fr": ("Ma sœur doit de l'argent à la banque.", "Oublie mes histoires d'argent."),
    "en": ("Sister owes money to the bank.", "Forget my money stuff."),
    "zh": ("妹妹欠银行钱。", "忘掉我的钱的事。"),
    "ms": ("Adik perempuan saya berhutang duit dengan bank.", "Lupakan hal duit saya."),
}


@pytest.mark.parametrize("lang", list(PRONOUN))
def test_a_pronoun_for_the_person_erases_their_memory(tmp_path, lang):
    said, asked = PRONOUN[lang]
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", said, reply="Ok.")
        memory.add_turn("u", OTHER[lang], reply="Ok.")
        memory.add_turn("u", asked, reply="Ok.")
        left = _texts(memory)
    assert said not in left and left, left


@pytest.mark.parametrize("lang", list(OWN))
def test_the_users_own_things_never_name_another_persons_memory(tmp_path, lang):
    said, asked = OWN[lang]
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", said, reply="Ok.")
        memory.add_turn("u", asked, reply="Ok.")
        left = _texts(memory)
    assert said in left, left
