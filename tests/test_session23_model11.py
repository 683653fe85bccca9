"""Session 23, lane model11 (issue #25): the parts of the loop session 22 left unbounded.

- a story's summary and anchors within the background read bound (:mod:`souvenir.llm.story_bound`),
  its summary never replaced by an echo, JSON, a refusal or a cut answer
  (:mod:`souvenir.write.story_summary`); every model call in ``src/`` bounded, its timeout
  fitting its bound, its retry another request;
- a clause that is only the speaker's evaluation ("it's hard") is no clause a note must hold
  (:mod:`souvenir.lexical.evaluations`, :func:`souvenir.write.carry.drops_a_clause`);
- a message over the read bound reflected in parts (:mod:`souvenir.llm.prompt_parts`), each
  part's notes grounded in that part, the whole message kept where the notes do not carry it.

The model is a small local server speaking the OpenAI protocol (:class:`tests.servers.AnswerServer`),
streamed or not, answering each request by a function of it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.evaluations import evaluation
from souvenir.llm.budget import GENERATION_TOKENS_PER_S, MIN_TOKENS
from souvenir.llm.prompt_bound import data_tokens
from souvenir.llm.prompt_parts import MAX_PARTS, message_parts
from souvenir.llm.story_bound import fit_story
from souvenir.write.carry import drops_a_clause
from souvenir.write.reflection import reflection_messages
from souvenir.write.story_summary import next_summary, story_summary_problem
from tests.attack_support import stub_model_settings
from tests.servers import AnswerServer

BOUND = 100  # tokens: read_s 1 × 100 tokens a second
TIMEOUT_S = 20.0


def _data(body: dict) -> dict:
    return json.loads(body["messages"][-1]["content"].split("\n", 1)[1])


def _reflections(server: AnswerServer) -> list[dict]:
    return [b for b in server.requests if b["messages"][0]["content"].startswith("You maintain long-term notes")]


def _notes(*texts: str, **extra) -> str:
    items = [{"text": t, "kind": "fact", "scope": "global", "confidence": 0.9} for t in texts]
    return json.dumps({"memories": items, **extra}, ensure_ascii=False)


def _settings(tmp_path, server, bound: bool = True, **extra):
    bounds = {"llm_background_read_s": 1.0 if bound else 0.0, "llm_prompt_tokens_per_s": 100.0}
    return stub_model_settings(
        f"sqlite:///{tmp_path / 'm.db'}",
        server.url,
        **{"reflection_backoff_s": 0.05, "reflection_timeout_s": TIMEOUT_S, **bounds, **extra},
    )


def _whole(message: str, texts: list[str]) -> bool:
    """Whether the message is among ``texts`` as its episode (relative dates grounded in it)."""
    return any(re.sub(r"\s*[（(][^)）]*[)）]", "", t) == message for t in texts)


def _texts(rt) -> list[str]:
    user = rt.store.find_user("api", "a")
    return [m.text for m in rt.store.memories(user)]


# --- 2. a clause that is only the speaker's evaluation -------------------------------------------

EVALUATIONS = {
    "en": ["it's hard", "It's really hard!", "that was tough", "it was great", "so boring"],
    "fr": ["c'est dur", "c'est vraiment pénible", "c'était génial", "trop galère", "ça reste difficile"],
    "zh": ["好难", "真的好难啊", "太累了", "挺麻烦的", "这个很无聊"],
    "ms": ["susah", "memang susah", "penat betul", "agak teruk", "ia sangat mencabar"],
}
NOT_EVALUATIONS = {
    "en": ["I'm tired", "it's hard to find a flat in Lyon", "my boss is great", "the kids love it"],
    "fr": ["je suis crevée", "c'est dur de trouver un appart à Lyon", "mon patron est génial"],
    "zh": ["我好累", "在上海找房子好难", "我老板很厉害"],
    "ms": ["saya penat", "susah nak cari rumah di Ipoh", "bos saya hebat"],
}


@pytest.mark.parametrize("lang", sorted(EVALUATIONS))
def test_an_evaluation_is_a_judging_word_with_a_dummy_subject_and_degree_words(lang):
    assert all(evaluation(clause) for clause in EVALUATIONS[lang]), [c for c in EVALUATIONS[lang] if not evaluation(c)]
    assert not any(evaluation(clause) for clause in NOT_EVALUATIONS[lang]), [
        c for c in NOT_EVALUATIONS[lang] if evaluation(c)
    ]


JUDGED = {
    "en": ("I have gambling debts with my cousin, it's hard.", "I have gambling debts with my cousin."),
    "fr": ("J'ai des dettes de jeu auprès de mon cousin, c'est dur.", "J'ai des dettes de jeu auprès de mon cousin."),
    "zh": ("我欠了表哥很多赌债，好难。", "我欠了表哥很多赌债。"),
    "ms": ("Saya ada hutang judi dengan sepupu saya, susah.", "Saya ada hutang judi dengan sepupu saya."),
}
#: The same fact with a clause of its own left out: still the message kept whole.
STATED = {
    "en": "I have gambling debts with my cousin, the bank refused a loan.",
    "fr": "J'ai des dettes de jeu auprès de mon cousin, la banque a refusé un prêt.",
    "zh": "我欠了表哥很多赌债，银行拒绝了贷款。",
    "ms": "Saya ada hutang judi dengan sepupu saya, bank tolak pinjaman.",
}


@pytest.mark.parametrize("lang", sorted(JUDGED))
def test_a_note_leaving_out_only_the_evaluation_stays_the_note(tmp_path, lang):
    message, note = JUDGED[lang]
    assert not drops_a_clause(message, [note])
    assert drops_a_clause(STATED[lang], [note])  # a clause of its own still counts
    with AnswerServer(lambda body: (_notes(note), "stop")) as server:
        rt = open_runtime(_settings(tmp_path, server, bound=False))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(60)
            assert _texts(rt) == [note]
            assert rt.engine.counters["reflection_message_kept"] == 0
        finally:
            rt.close()


# --- 1. a story's summary and anchors -------------------------------------------------------------


def _story_build(message: str):
    def build(summary, anchors):
        data: dict = {"user": message, "assistant": ""}
        if summary:
            data["current_summary"] = summary
        if anchors:
            data["anchors"] = anchors
        return json.dumps(data, ensure_ascii=False)

    return build


def test_a_story_lists_its_newest_anchors_then_leaves_its_summary_out():
    anchors = [{"id": n, "text": f"Anchor fact number {n} of the story"} for n in range(1, 9)]
    fit = fit_story(_story_build("We sail at dawn."), "Ana met Rui in Porto.", anchors, BOUND)
    assert fit.causes == ["anchors"] and not fit.add and fit.summary == "Ana met Rui in Porto."
    assert fit.anchors and fit.anchors[0]["id"] == 8 and len(fit.anchors) < 8
    long_summary = "Ana met Rui in Porto and they sailed north along the coast for days. " * 6
    fit = fit_story(_story_build("We sail at dawn."), long_summary, anchors, BOUND)
    assert "summary" in fit.causes and fit.add and fit.summary is None
    assert data_tokens(_story_build("We sail at dawn.")(fit.summary, fit.anchors)) <= BOUND
    assert fit_story(_story_build("We sail."), long_summary, anchors, None).summary == long_summary


def test_an_addition_is_appended_never_cut_and_a_repeat_adds_nothing():
    assert next_summary("Ana met Rui.", "They sailed north.", add=True) == "Ana met Rui. They sailed north."
    assert next_summary("Ana met Rui. They sailed north.", "They sailed north.", add=True) is None
    assert next_summary("x" * 3990, "They sailed north.", add=True) is None  # past 4,000: the old one stays
    assert next_summary("Ana met Rui.", "Ana and Rui sailed.", add=False) == "Ana and Rui sailed."


REFUSED = {
    "en": "I'm sorry, I cannot summarise this story.",
    "fr": "Je suis désolé, je ne peux pas résumer cette histoire.",
    "zh": "抱歉，我无法总结这个故事。",
    "ms": "Maaf, saya tidak dapat meringkaskan cerita ini.",
}


@pytest.mark.parametrize("lang", sorted(REFUSED))
def test_a_refusal_json_an_echo_or_the_instructions_are_no_story_summary(lang):
    message = "We sail at dawn with the whole crew and the new charts from the harbour master."
    assert story_summary_problem(REFUSED[lang], [message])
    assert story_summary_problem('{"user": "We sail at dawn", "assistant": ""}', [message])
    assert story_summary_problem('Exchange (JSON data): "current_summary": "Ana"', [message])
    assert story_summary_problem(message + " Then they left.", [message])
    assert story_summary_problem("Read the exchange and answer with JSON only, of this shape: x", [message])
    assert story_summary_problem("Ana and Rui set sail at dawn with a new crew.", [message]) is None


SUMMARY = (
    "Ana, a sailor from Porto, met Rui at the harbour; they bought an old boat together, repaired its hull "
    "over the winter and argued about the route north."
)


def _story_run(tmp_path, answer, message: str, bound: bool = True):
    from souvenir.ground.timeutil import utcnow

    server = AnswerServer(answer)
    server.__enter__()
    rt = open_runtime(_settings(tmp_path, server, bound=bound))
    rt.engine.record_turn("api", "a", "We found the boat.", "Good.", story="voyage")
    assert rt.worker.drain(60)
    user = rt.store.find_user("api", "a")
    story_id = rt.store.find_story(user, "voyage")
    rt.store.set_story_summary(story_id, SUMMARY)
    rt.store.add_anchor(story_id, "Ana owns half of the boat.", utcnow())
    server.requests.clear()
    rt.engine.counters["story_summaries_rejected"] = 0  # the first turn's answer aside
    rt.engine.record_turn("api", "a", message, "Aye.", story="voyage")
    assert rt.worker.drain(60)
    return server, rt, story_id


def test_a_story_summary_over_the_bound_is_not_sent_and_what_the_turn_adds_is_appended(tmp_path):
    added = "They set sail north at dawn."
    server, rt, story_id = _story_run(tmp_path, lambda body: (_notes(summary=added), "stop"), "We sail at dawn.")
    try:
        sent = _reflections(server)
        assert len(sent) == 1
        data = _data(sent[0])
        assert "current_summary" not in data and "adds to the story summary" in sent[0]["messages"][0]["content"]
        assert data_tokens(sent[0]["messages"][-1]["content"].split("\n", 1)[1]) <= BOUND
        assert rt.store.story_summary(story_id) == f"{SUMMARY} {added}"
        assert rt.engine.counters["prompt_bounded:reflection:summary"] == 1
        assert sent[0]["max_tokens"] <= TIMEOUT_S * GENERATION_TOKENS_PER_S
    finally:
        rt.close()
        server.__exit__()


def test_without_a_bound_the_summary_is_sent_whole_and_rewritten(tmp_path):
    rewritten = SUMMARY + " They set sail north at dawn."
    server, rt, story_id = _story_run(
        tmp_path, lambda body: (_notes(summary=rewritten), "stop"), "We sail at dawn.", bound=False
    )
    try:
        data = _data(_reflections(server)[0])
        assert data["current_summary"] == SUMMARY and data["anchors"][0]["text"] == "Ana owns half of the boat."
        assert rt.store.story_summary(story_id) == rewritten
        assert not any(k.startswith("prompt_bounded:") for k in rt.engine.counters if rt.engine.counters[k])
    finally:
        rt.close()
        server.__exit__()


@pytest.mark.parametrize(
    "answer",
    [
        lambda body: (_notes(summary=REFUSED["fr"]), "stop"),
        lambda body: (_notes(summary=body["messages"][-1]["content"]), "stop"),  # its input echoed
        lambda body: (_notes(summary="We sail at dawn with the whole crew and the new charts, said Ana."), "stop"),
        lambda body: (_notes(summary="Ana and Rui set sail north at dawn with a new crew."), "length"),  # cut
    ],
    ids=["refusal", "json-echo", "message-echo", "cut"],
)
def test_a_story_summary_that_is_none_keeps_the_old_one(tmp_path, answer):
    message = "We sail at dawn with the whole crew and the new charts."
    server, rt, story_id = _story_run(tmp_path, answer, message, bound=False)
    try:
        assert rt.store.story_summary(story_id) == SUMMARY
        assert rt.engine.counters["story_summaries_rejected"] == 1
        assert rt.status()["summaries"]["story_rejected"] == 1
        assert rt.store.count_events("story_summary_rejected") >= 1
    finally:
        rt.close()
        server.__exit__()


# --- 1. every model call: max_tokens, a timeout that fits it, a retry that changes it -------------

SRC = Path(__file__).resolve().parent.parent / "src" / "souvenir"
#: Every model call in ``src/``: (file, the call), what bounds it.
MODEL_CALLS = {
    ("engine/proposals.py", "self.chat.ask("): 2,  # a reflection or a part (`_ask_reflection`), a summary
    ("library/operations.py", "chat.complete("): 1,  # `souvenir chat`'s live reply: REPLY_TOKENS
    ("library/model_checks.py", '"max_tokens": 1'): 1,  # `souvenir doctor`'s ping
    ("bench/reflection_loop.py", '"max_tokens": PROBE_TOKENS'): 1,  # the bench's live probe
}


def test_every_model_call_in_src_is_one_of_the_bounded_ones():
    found: dict[tuple[str, str], int] = {}
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(SRC).as_posix()
        for call in ("chat.ask(", "chat.complete(", '"max_tokens"'):
            for line in text.splitlines():
                code = line.split("#", 1)[0]
                if call in code and not code.lstrip().startswith(("def ", '"""', "``")) and "ticket" not in code:
                    key = next((k for k in MODEL_CALLS if k[0] == rel and k[1] in code), (rel, code.strip()))
                    found[key] = found.get(key, 0) + 1
    calls = {k: n for k, n in found.items() if not k[0].startswith("llm/")}  # the client itself
    assert calls == MODEL_CALLS, calls
    text = (SRC / "library" / "operations.py").read_text(encoding="utf-8")
    assert "max_tokens=max_tokens" in text


@pytest.mark.parametrize("kind", ["reflection", "story", "parts", "summary"])
def test_every_background_call_has_max_tokens_fitting_its_timeout_and_a_retry_another_request(tmp_path, kind):
    """Each kind of background call failed twice (an unreadable reflection; a summary still
    streaming at its deadline), then answered: three attempts, each request with
    ``max_tokens`` the timeout lets the server write at the slowest rate measured here, no
    attempt the same request as the one before (a smaller bound or a higher temperature)."""
    message = LONG["en"] if kind == "parts" else "I sail an old boat out of Porto every weekend with my cousin."
    timeout_s = 6.0 if kind == "summary" else TIMEOUT_S
    per_attempt = len(message_parts(message, _one, BOUND)) if kind == "parts" else 1
    seen: list[dict] = []

    def answer(body):
        system = body["messages"][0]["content"]
        wanted = "You keep a short profile" if kind == "summary" else "You maintain long-term notes"
        if not system.startswith(wanted):
            return (_notes("Sails an old boat out of Porto.") if "JSON" in system else "Sails a boat."), "stop"
        seen.append(body)
        failing = len(seen) <= 2 * per_attempt
        if kind == "summary":
            return "Sails from Porto.", "stop", (3 * timeout_s if failing else 0)
        return ("not json at all" if failing else _notes("Sails an old boat out of Porto.")), "stop"

    extra = {"summary_enabled": True} if kind == "summary" else {}
    with AnswerServer(answer) as server:
        rt = open_runtime(_settings(tmp_path, server, reflection_timeout_s=timeout_s, **extra))
        try:
            rt.engine.record_turn("api", "a", message, "Nice.", story="voyage" if kind == "story" else None)
            assert rt.worker.drain(120)
            assert len(seen) >= 3 * per_attempt, len(seen)
            for body in seen:
                assert body.get("max_tokens") and body["max_tokens"] <= max(
                    MIN_TOKENS, timeout_s * GENERATION_TOKENS_PER_S
                )
            plans = [(b["max_tokens"], b.get("temperature")) for b in seen[::per_attempt][:3]]
            assert plans[0] != plans[1] and plans[1] != plans[2], plans
        finally:
            rt.close()


def _one(part: str) -> str:
    """A part's data as the engine builds it (the prefix line included, as its bound counts it)."""
    return reflection_messages(part, "", story=False)[-1]["content"]


# --- 3. a long message reflected in parts ---------------------------------------------------------

LONG = {
    "en": "I moved to Ipoh last year with my two daughters, and I work as a nurse at the general hospital "
    "on night shifts, three nights a week. That is why I sleep in the mornings and do my shopping in the "
    "afternoon when the shops are quiet. My mother lives with us since March and she cooks for the girls.",
    "fr": "J'ai déménagé à Lyon l'an dernier avec mes deux filles, et je travaille comme infirmière de nuit "
    "à l'hôpital Édouard-Herriot, trois nuits par semaine. C'est pour ça que je dors le matin et que je "
    "fais mes courses l'après-midi. Ma mère vit avec nous depuis mars et elle cuisine pour les filles.",
    "zh": "我去年带着两个女儿搬到了成都，现在在市第一人民医院做夜班护士，每周上三个晚上的班。所以我早上睡觉，"
    "下午人少的时候去买菜。我妈妈从三月起和我们一起住，她给女儿们做饭。",
    "ms": "Saya pindah ke Ipoh tahun lepas dengan dua anak perempuan saya, dan saya kerja sebagai jururawat "
    "syif malam di hospital besar, tiga malam seminggu. Sebab itu saya tidur waktu pagi dan pergi "
    "membeli-belah waktu petang. Mak saya tinggal dengan kami sejak Mac dan dia masak untuk budak-budak.",
}
#: A word of each language's message only its first part holds (a note naming it is the first part's).
FIRST_ONLY = {"en": "Ipoh", "fr": "Lyon", "zh": "成都", "ms": "Ipoh"}


@pytest.mark.parametrize("lang", sorted(LONG))
def test_a_message_is_cut_into_parts_that_fit_in_order(lang):
    parts = message_parts(LONG[lang], _one, BOUND)
    assert len(parts) >= 2 and all(data_tokens(_one(p)) <= BOUND for p in parts)
    flat = re.sub(r"\s+", "", "".join(parts))
    assert flat == re.sub(r"\s+", "", LONG[lang])  # every word, in order


@pytest.mark.parametrize("lang", sorted(LONG))
def test_a_long_message_is_reflected_in_parts_each_note_grounded_in_its_part(tmp_path, lang):
    """Each part's answer: a copy of the part's first sentence-piece (grounded), and the first
    part's place named again in every later part's answer (grounded in the message, not in
    that part: dropped). The whole message is kept as its episode beside the notes where they
    do not carry it: never worse than the no-model way it took before."""
    message = LONG[lang]
    parts = message_parts(message, _one, BOUND)

    def answer(body):
        part = _data(body)["user"]
        head = re.split(r"[,，]", part)[0].strip()
        notes = [head] if part == parts[0] else [head, f"Lives in {FIRST_ONLY[lang]}."]
        return _notes(*notes), "stop"

    with AnswerServer(answer) as server:
        rt = open_runtime(_settings(tmp_path, server))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(90)
            sent = _reflections(server)
            assert [_data(b)["user"] for b in sent] == parts[:MAX_PARTS]
            assert all(data_tokens(b["messages"][-1]["content"].split("\n", 1)[1]) <= BOUND for b in sent)
            texts = _texts(rt)
            assert _whole(message, texts)  # the whole message, as without a model
            assert not any(t.startswith("Lives in") for t in texts), texts  # not in its part's words
            assert rt.engine.counters["prompt_bounded:reflection:parts"] == 1
            assert rt.engine.counters["prompt_bounded:reflection:message"] == 0
            assert rt.status()["prompts_bounded"].get("reflection:parts") == 1
        finally:
            rt.close()


def test_a_part_answered_unreadably_yields_nothing_the_others_are_kept(tmp_path):
    message = LONG["en"]
    parts = message_parts(message, _one, BOUND)
    note = "Is a healthcare worker."  # in other words: neither a copy nor a garble (write/carry.py)

    def answer(body):
        return (_notes(note) if _data(body)["user"] == parts[0] else "no json here"), "stop"

    with AnswerServer(answer) as server:
        rt = open_runtime(_settings(tmp_path, server))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(90)
            texts = _texts(rt)
            assert note in texts and _whole(message, texts)
            assert rt.store.outbox_counts() == {"done": 1}
        finally:
            rt.close()


def test_a_long_message_of_chit_chat_goes_the_no_model_way(tmp_path):
    message = "Haha so funny! " * 30
    with AnswerServer(lambda body: (_notes("Invented."), "stop")) as server:
        rt = open_runtime(_settings(tmp_path, server))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(60)
            assert not _reflections(server)
            assert rt.engine.counters["prompt_bounded:reflection:message"] == 1
        finally:
            rt.close()
