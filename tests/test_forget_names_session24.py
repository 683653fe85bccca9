"""A request to forget that names the person by their name, session 24 (the integrator, from the
blind ``dlg6-fr`` run): « oubliez ce que je viens de dire sur Nathalie » matched nothing — the
memory « Ma sœur Nathalie … » is another person's, and a request erases another person's memory
only when it names that person, which was read on the relation word alone ("sister"), never on
the name said beside it. Two more faults of the same message: a request opening on "No"/« Non en
fait » was no request, and a comment after the topic (« ça la regarde », "it's her business")
was read as part of the topic. Four languages, on a real SQLite store, no model."""

from __future__ import annotations

import pytest

from souvenir import Souvenir

SAID = {
    "fr": "Ma sœur Nathalie est en arrêt pour burn-out, elle parle même de quitter son mari.",
    "en": "My sister Natalie is off work with burnout, she even talks about leaving her husband.",
    "zh": "我姐姐娜塔莉因为职业倦怠在休病假，她甚至说要离开她老公。",
    "ms": "Kakak saya Natalie cuti sakit sebab burnout, dia cakap nak tinggalkan suami dia.",
}
OTHER = {
    "fr": "Mon collègue Paul part à Lyon en mars.",
    "en": "My colleague Paul is moving to Lyon in March.",
    "zh": "我同事保罗三月要搬去里昂。",
    "ms": "Kawan sekerja saya Paul akan pindah ke Lyon bulan Mac.",
}
ASKED = {
    "fr": [
        "Oublie ce que je t'ai dit sur Nathalie.",
        "Non en fait oubliez ce que je viens de dire sur Nathalie, ça la regarde, je veux pas que ça traîne.",
    ],
    "en": [
        "Forget what I told you about Natalie.",
        "No actually, forget what I just said about Natalie, it's her business.",
    ],
    "zh": ["忘掉我说的娜塔莉的事。", "不，忘掉我刚才说的娜塔莉的事，这是她的事。"],
    "ms": [
        "Lupakan apa yang saya cakap tentang Natalie.",
        "Tak, lupakan apa yang saya cakap tentang Natalie tadi, itu hal dia.",
    ],
}
#: Requests naming someone else, or no request at all: nothing of Natalie's goes.
KEEPS = {
    "fr": ["Oublie ce que je t'ai dit sur Paul.", "Non, je n'oublie jamais rien."],
    "en": ["Forget what I told you about Paul.", "No, I never forget birthdays."],
    "zh": ["忘掉我说的保罗的事。", "不，我从来不忘记生日。"],
    "ms": ["Lupakan apa yang saya cakap tentang Paul.", "Tak, saya tak pernah lupa hari jadi."],
}


def _natalie(texts: list[str]) -> bool:
    return any(name in t for t in texts for name in ("Natalie", "Nathalie", "娜塔莉"))


def _texts(memory: Souvenir) -> list[str]:
    return [m.text for m in memory.memories("u").memories]


@pytest.mark.parametrize("lang", list(SAID))
@pytest.mark.parametrize("which", [0, 1])
def test_a_request_naming_the_person_by_name_erases_their_memory(tmp_path, lang, which):
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", SAID[lang], reply="Ok.")
        memory.add_turn("u", OTHER[lang], reply="Ok.")
        memory.add_turn("u", ASKED[lang][which], reply="Ok.")
        left = _texts(memory)
    assert not _natalie(left), left
    assert any(("Paul" in t or "保罗" in t) for t in left), left  # the other person's stays
    assert not any(t.startswith(("Non", "No", "不", "Tak")) for t in left), left  # the request is not kept


@pytest.mark.parametrize("lang", list(SAID))
@pytest.mark.parametrize("which", [0, 1])
def test_another_name_or_no_request_leaves_the_memory(tmp_path, lang, which):
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", SAID[lang], reply="Ok.")
        memory.add_turn("u", KEEPS[lang][which], reply="Ok.")
        left = _texts(memory)
    assert _natalie(left), left


#: (the statement, a request followed by a comment that is no topic): the request's own clause
#: is read alone when the whole names nothing.
COMMENTED = {
    "fr": (
        "Mon cousin Léo a perdu son boulot et boit trop.",
        "Oublie ce que j'ai dit sur Léo, pas juste pour lui, histoires de famille.",
    ),
    "en": (
        "My cousin Leo lost his job and drinks too much.",
        "Forget what I said about Leo please, not fair on him, family stuff.",
    ),
    "zh": ("我哥哥最近赌博输了很多钱。", "算了，哥哥那个事你就当我没说吧，别记着，丢人。"),
    "ms": (
        "Abang aku Hafiz tengah ada masalah hutang.",
        "eh lupakan la pasal Hafiz tu, x patut aku cerita hal dia kat sini.",
    ),
}


@pytest.mark.parametrize("lang", list(COMMENTED))
def test_a_comment_after_the_request_is_no_part_of_its_topic(tmp_path, lang):
    said, asked = COMMENTED[lang]
    with Souvenir.open(tmp_path / "m.db") as memory:
        memory.add_turn("u", said, reply="Ok.")
        memory.add_turn("u", OTHER[lang], reply="Ok.")
        memory.add_turn("u", asked, reply="Ok.")
        left = _texts(memory)
    assert said not in left and left, left
    assert any(("Paul" in t or "保罗" in t) for t in left), left
