"""Session 22, lane model9 (issue #25): never fewer true memories than no model.

`dlg3-fr` with SmolLM2 (session 22): the model side kept 21 true memories, no-model mode 23.
The two it lost: notes that copy part of the message and leave out a clause — "On lance les
machines la nuit de toute façon." from « Alors je prends les heures creuses, on lance les
machines la nuit de toute façon. » (the choice gone), « La chaudière, finalement, le
propriétaire attend la pièce. » (« ce sera en décembre » gone). Half the message's words were
there, so the message was not kept beside them. Now a copy that leaves a clause out gives way
to the whole message (:func:`souvenir.write.carry.drops_a_clause`). A local server speaking the
OpenAI protocol answers as that model did.
"""

from __future__ import annotations

import json

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.write.carry import drops_a_clause
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer


def _answer(*notes: str) -> str:
    return json.dumps(
        {"memories": [{"text": n, "kind": "fact", "scope": "global", "confidence": 0.1} for n in notes]},
        ensure_ascii=False,
    )


CASES = {
    "en": (
        "So I'll take the night tariff, we run the dishwasher at night anyway.",
        "We run the dishwasher at night anyway.",
    ),
    "fr": (
        "Bon, la toiture, finalement, ce sera en février, le couvreur attend les tuiles.",
        "La toiture, finalement, le couvreur attend les tuiles.",
    ),
    "zh": ("我选了峰谷电价，反正我们晚上洗衣服。", "我们晚上洗衣服。"),
    "ms": (
        "Saya ambil pakej malam, kami memang basuh baju waktu malam.",
        "Kami memang basuh baju waktu malam.",
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_copy_that_leaves_a_clause_out_gives_way_to_the_message(tmp_path, lang):
    message, note = CASES[lang]
    assert drops_a_clause(message, [note])
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(
            stub_model_settings(f"sqlite:///{tmp_path / 'c.db'}", upstream.url, reflection_backoff_s=0.05)
        )
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0].startswith(message[:8]) and len(texts[0]) >= len(message), texts
            # the whole message (a relative date grounded), the copy dropped
            assert rt.engine.counters["reflection_message_kept"] == 1
        finally:
            rt.close()


WHOLE = {
    "en": (
        "No, we'll stay at my parents' in Leeds during the works.",
        "We'll stay at my parents' in Leeds during the works.",
    ),
    "fr": (
        "Non, alors on ira chez mes parents à Chambéry pendant les travaux.",
        "On ira chez mes parents à Chambéry pendant les travaux.",
    ),
    "zh": ("不，装修期间我们住我父母家。", "装修期间我们住我父母家。"),
    "ms": ("Tak, kami tinggal rumah mak ayah saya masa renovasi.", "Kami tinggal rumah mak ayah saya masa renovasi."),
}


@pytest.mark.parametrize("lang", sorted(WHOLE))
def test_a_copy_of_every_clause_stays_the_note(tmp_path, lang):
    message, note = WHOLE[lang]
    assert not drops_a_clause(message, [note])  # the answer's "no" is no clause of its own
    with ChatServer(reflection_answer=_answer(note)) as upstream:
        rt = open_runtime(
            stub_model_settings(f"sqlite:///{tmp_path / 'w.db'}", upstream.url, reflection_backoff_s=0.05)
        )
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            assert [m.text for m in rt.store.memories(user)] == [note]
        finally:
            rt.close()


def test_a_note_in_other_words_is_left_to_the_share():
    message = "So I'll take the night tariff, we run the dishwasher at night anyway."
    assert not drops_a_clause(message, ["Washes dishes off-peak at night."])  # other words
    assert not drops_a_clause(message, [])
