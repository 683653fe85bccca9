"""Session 23, lane model13 (issue #25): notes that are pieces of a part of a long message.

A held-out SmolLM2-135M run (a Chinese customer-service chat, a read bound of ~70 tokens) wrote
"老周前两天体检，" and "血压有点高，" as memories beside the whole message kept as its episode:
the parts way (:mod:`souvenir.llm.prompt_parts`) cut a long sentence at its commas and the model
copied each part. Here a local OpenAI-protocol server answers each part with a copy of it, half of
it, or its clauses, in en, fr, zh and ms, through ``open_runtime`` on a real SQLite file.
"""

from __future__ import annotations

import re

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.questions import sentences
from souvenir.llm.prompt_bound import data_tokens
from souvenir.llm.prompt_parts import message_parts
from souvenir.write.fragments import clause_fragment, copies
from tests.servers import AnswerServer as ModelServer
from tests.test_session23_model11 import _data, _notes, _one, _settings, _texts, _whole

LONG = {
    "zh": "老周前两天体检，血压有点高，医生让他少吃盐，每天早上去公园走一个小时，晚上不要再喝酒了，"
    "他自己也说要戒烟，可是店里的事情太多，进货、算账、招呼客人都是他一个人，我真担心他身体吃不消。",
    "en": "My husband Tom had a checkup two days ago, his blood pressure is a bit high, the doctor told him "
    "to eat less salt, to walk in the park for an hour every morning and to stop drinking in the evening, "
    "and he says he will quit smoking too, but the shop takes all his time, ordering stock, doing the "
    "books and serving customers all by himself, so I really worry about his health.",
    "fr": "Mon mari a fait un bilan de santé avant-hier, sa tension est un peu haute, le médecin lui a dit "
    "de manger moins salé, de marcher une heure au parc chaque matin « sans faute », et d'arrêter de "
    "boire le soir, et il dit qu'il va arrêter de fumer aussi, mais la boutique lui prend tout son "
    "temps, les commandes, la compta et les clients, alors je m'inquiète vraiment pour sa santé.",
    "ms": "Suami saya buat pemeriksaan kesihatan dua hari lepas dan tekanan darah dia agak tinggi, doktor "
    "suruh dia kurangkan garam dan berjalan di taman sejam setiap pagi dan berhenti minum kopi pekat "
    "waktu malam, dia pun kata nak berhenti merokok dan kedai makan masa dia, tempahan stok dan kira "
    "duit dan layan pelanggan semua dia buat seorang, jadi saya sangat risau tentang kesihatan dia.",
}
BOUNDS = (40, 70)  # tokens: the bound's tokens a second over a read of 1 s (the integrator's ~70)


def _half(part: str) -> str:
    words = part.split() if " " in part else list(part)
    return (" " if " " in part else "").join(words[: max(1, len(words) // 2)])


ANSWERS = {
    "copy": lambda part: [part],
    "half": lambda part: [_half(part)],
    "clauses": lambda part: [c for c in re.split(r"(?<=[,，、])\s*", part) if c.strip()],
}


@pytest.mark.parametrize(
    "text",
    [
        "血压有点高，",
        "老周前两天体检，",
        "进货、",
        "I walk in the park and",
        "Il a dit « ",
        "sa tension est un peu haute,",
        "Saya jalan di taman dan",
        "sa tension :",
    ],
)
def test_a_note_ending_where_no_sentence_ends_is_a_clause_fragment(text):
    assert clause_fragment(text)


@pytest.mark.parametrize(
    "text",
    [
        "老周血压有点高。",
        "行，我再算算！",
        "Tom's blood pressure is a bit high.",
        "Sa tension est un peu haute",
        "Tekanan darah suami saya tinggi",
        "I like rock and roll",
    ],
)
def test_a_sentence_is_no_clause_fragment(text):
    assert not clause_fragment(text)


def test_a_han_copy_cut_otherwise_by_the_segmenter_is_a_copy_by_its_stretch():
    message = LONG["zh"]
    assert copies(["老周前两", "老周有高血压。", "Tom walks."], message) == {0}


@pytest.mark.parametrize("bound", BOUNDS)
@pytest.mark.parametrize("mode", sorted(ANSWERS))
@pytest.mark.parametrize("lang", sorted(LONG))
def test_pieces_of_the_parts_are_never_written_beside_the_whole_message(tmp_path, lang, mode, bound):
    message = LONG[lang]
    assert len(message_parts(message, _one, bound)) >= 2

    def answer(body):
        return _notes(*ANSWERS[mode](_data(body)["user"])), "stop"

    with ModelServer(answer) as server:
        rt = open_runtime(_settings(tmp_path, server, llm_prompt_tokens_per_s=float(bound)))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(120)
            texts = _texts(rt)
            assert _whole(message, texts), texts  # never worse than no model
            assert len(texts) == 1, texts  # no piece of it beside it
            assert rt.engine.counters["prompt_bounded:reflection:parts"] == 1
        finally:
            rt.close()


#: A note of the first part in other words (zh left out: a Han paraphrase of that part either shares
#: half its words with the message, a garble by write/carry.py, or names what it does not, ungrounded).
PARAPHRASE = {
    "en": "Tom suffers from hypertension.",
    "fr": "Le mari souffre d'hypertension.",
    "ms": "Suami mengalami hipertensi.",
}


@pytest.mark.parametrize("lang", sorted(PARAPHRASE))
def test_a_part_note_in_other_words_stays_beside_the_message(tmp_path, lang):
    message = LONG[lang]
    asked: list[str] = []

    def answer(body):
        if not body["messages"][0]["content"].startswith("You maintain long-term notes"):
            return _notes(), "stop"  # not a reflection
        asked.append(_data(body)["user"])
        return _notes(*([asked[-1], PARAPHRASE[lang]] if len(asked) == 1 else [asked[-1]])), "stop"

    with ModelServer(answer) as server:
        rt = open_runtime(_settings(tmp_path, server, llm_prompt_tokens_per_s=70.0))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(120)
            texts = _texts(rt)
            assert _whole(message, texts), texts
            assert not any(clause_fragment(t) for t in texts), texts
            assert PARAPHRASE[lang] in texts, texts  # a true fact in other words stays
        finally:
            rt.close()


@pytest.mark.parametrize("bound", BOUNDS)
@pytest.mark.parametrize("lang", sorted(LONG))
def test_parts_hold_whole_sentences_that_fit_and_never_end_on_a_joining_word(lang, bound):
    short = {
        "zh": "我在成都开了一家小店。",
        "en": "I run a small shop in Ipoh.",
        "fr": "J'ai une petite boutique à Lyon.",
        "ms": "Saya buka kedai kecil di Ipoh.",
    }[lang]
    message = f"{short} {LONG[lang]} {short}"
    parts = message_parts(message, _one, bound)
    assert all(data_tokens(_one(p)) <= bound for p in parts)
    assert re.sub(r"\s+", "", "".join(parts)) == re.sub(r"\s+", "", message)  # every word, in order
    whole = [s.strip() for s in sentences(message) if data_tokens(_one(s.strip())) <= bound]
    assert all(any(s in p for p in parts) for s in whole)  # a sentence that fits is never cut
    assert not any(re.search(r"(?i)\b(and|et|dan|mais|but)$", p) for p in parts), parts
