"""Session 22, lane model9 (issue #25): a background prompt's read is bounded.

A single-slot server reads a begun prompt whole, so a live reply waits for it (session 21's
``dlg3-fr``: a 749-token reflection of a request to forget, its 30 memories listed). The data a
background request sends past its system prompt is bounded (:mod:`souvenir.llm.prompt_bound`);
what is cut loses no fact: fewer memories listed, the reply cut, or the turn kept the no-model
way. A local server speaking the OpenAI protocol stands in for the model.
"""

from __future__ import annotations

import json

from types import SimpleNamespace

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.llm.gate import default_capacity
from souvenir.llm.prompt_bound import READ_S, background_read_s, data_bound, data_tokens, fit_reflection, fit_summary
from souvenir.ground.types import Candidate
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer

BOUND = 100  # tokens: read_s 1 × 100 tokens a second


def _settings(tmp_path, upstream, **extra):
    bound = {"reflection_backoff_s": 0.05, "llm_background_read_s": 1.0, "llm_prompt_tokens_per_s": 100.0}
    return stub_model_settings(f"sqlite:///{tmp_path / 'b.db'}", upstream.url, **{**bound, **extra})


def _data(body: dict) -> str:
    return body["messages"][-1]["content"]


def _reflections(upstream: ChatServer) -> list[dict]:
    return [b for b in upstream.requests if "response_format" in b or "JSON" in b["messages"][0]["content"]]


def _build(message: str, reply: str, memories: list[dict] | None) -> str:
    data: dict = {"user": message, "assistant": reply}
    if memories:
        data["memories"] = memories
    return json.dumps(data, ensure_ascii=False)


def test_the_bound_is_the_read_time_by_the_rate():
    assert data_bound(2.0, 80.0) == 160
    assert data_bound(0.0, 80.0) is None  # 0: no bound
    assert data_bound(0.1, 80.0) == 48  # a short exchange always goes


def test_han_text_counts_more_tokens_a_character():
    assert data_tokens("我住在北京") > data_tokens("I live in")


def test_a_reflection_lists_fewer_memories_first_the_newest_kept():
    memories = [{"id": 40 - n, "text": f"Memory number {40 - n} about something"} for n in range(40)]
    fit = fit_reflection(_build, "Forget my sister.", "Done.", memories, BOUND)
    assert fit.causes == ["memories"] and not fit.over
    assert fit.memories and fit.memories[0]["id"] == 40 and len(fit.memories) < 40
    assert data_tokens(_build(fit.message, fit.reply, fit.memories)) <= BOUND


def test_then_the_reply_is_cut_the_message_whole():
    reply = "Sure, here is a long answer. " * 30
    fit = fit_reflection(_build, "I moved to Lyon in March.", reply, None, BOUND)
    assert fit.causes == ["reply"] and not fit.over and fit.message == "I moved to Lyon in March."
    assert len(fit.reply) < len(reply) and data_tokens(_build(fit.message, fit.reply, None)) <= BOUND


def test_a_summary_drops_its_oldest_questions_first():
    queries = [f"Question {n} about my order number {n} and its delivery date" for n in range(5)]
    build = lambda asked, message: json.dumps({"recent_questions": asked, "new_message": message})  # noqa: E731
    fit = fit_summary(build, queries, "Where is my parcel?", BOUND)
    assert fit.causes == ["queries"] and fit.queries == queries[len(queries) - len(fit.queries) :]
    assert fit.message == "Where is my parcel?" and data_tokens(build(fit.queries, fit.message)) <= BOUND


LONG = {
    "en": "I moved to Ipoh last year with my two daughters, and I work as a nurse at the general hospital "
    "on night shifts, three nights a week, which is why I sleep in the mornings and do my shopping in the "
    "afternoon when the shops are quiet and the traffic is light.",
    "fr": "J'ai déménagé à Lyon l'an dernier avec mes deux filles, et je travaille comme infirmière de nuit "
    "à l'hôpital Édouard-Herriot, trois nuits par semaine, c'est pour ça que je dors le matin et que je "
    "fais mes courses l'après-midi quand les magasins sont calmes.",
    "zh": "我去年带着两个女儿搬到了成都，现在在市第一人民医院做夜班护士，每周上三个晚上的班，所以我早上睡觉，"
    "下午人少的时候去买菜，周末带女儿们去公园玩，偶尔也回老家看看父母。",
    "ms": "Saya pindah ke Ipoh tahun lepas dengan dua anak perempuan saya, dan saya kerja sebagai jururawat "
    "syif malam di hospital besar, tiga malam seminggu, sebab itu saya tidur waktu pagi dan pergi "
    "membeli-belah waktu petang bila kedai tak ramai orang.",
}


@pytest.mark.parametrize("lang", sorted(LONG))
def test_a_message_over_the_bound_is_sent_in_parts_and_kept_as_without_a_model(tmp_path, lang):
    """Session 23: a message alone over the bound is reflected in parts, each within the bound
    (tests/test_session23_model11.py); an invention is dropped and the message kept whole."""
    message = LONG[lang]
    assert data_tokens(_build(message, "", None)) > BOUND
    with ChatServer(
        reflection_answer='{"memories": [{"text": "Invented.", "kind": "fact", "scope": "global", "confidence": 1}]}'
    ) as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(30)
            sent = _reflections(upstream)
            assert len(sent) >= 2 and all(data_tokens(_data(b).split("\n", 1)[1]) <= BOUND for b in sent)
            user = rt.store.find_user("api", "a")
            texts = [m.text for m in rt.store.memories(user)]
            assert len(texts) == 1 and texts[0].startswith(message[:3]), texts
            assert rt.engine.counters["prompt_bounded:reflection:parts"] == 1
            assert rt.status()["prompts_bounded"] == {"reflection:parts": 1}
            assert rt.store.outbox_counts() == {"done": 1}
        finally:
            rt.close()


SHORT = {
    "en": ("I moved to Ipoh last year.", "Nice! " * 80),
    "fr": ("J'ai déménagé à Lyon l'an dernier.", "Super ! " * 80),
    "zh": ("我去年搬到了成都。", "太好了！" * 60),
    "ms": ("Saya pindah ke Ipoh tahun lepas.", "Bagus! " * 80),
}


@pytest.mark.parametrize("lang", sorted(SHORT))
def test_a_long_reply_is_cut_and_the_turn_still_reflected(tmp_path, lang):
    message, reply = SHORT[lang]
    with ChatServer() as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", message, reply)
            assert rt.worker.drain(30)
            sent = _reflections(upstream)
            assert len(sent) == 1 and message in _data(sent[0])
            assert data_tokens(_data(sent[0]).split("\n", 1)[1]) <= BOUND + 8  # the prefix line aside
            assert rt.engine.counters["prompt_bounded:reflection:reply"] == 1
            user = rt.store.find_user("api", "a")
            assert [m.text for m in rt.store.memories(user)][0].startswith(message[:3])  # kept: nothing reflected
        finally:
            rt.close()


THINGS = (
    "stamps coins postcards teapots vinyl records comics cameras clocks maps posters buttons keys spoons "
    "marbles fossils shells kites lamps radios typewriters globes compasses bottles hats badges dolls"
).split()


def test_a_request_to_forget_lists_the_newest_memories_within_the_bound(tmp_path):
    with ChatServer() as upstream:
        rt = open_runtime(_settings(tmp_path, upstream))
        try:
            for thing in THINGS:
                rt.engine.remember("api", "a", Candidate(text=f"Collects {thing} from flea markets"))
            rt.engine.record_turn("api", "a", "Forget what I said about my sister.", "Done.")
            assert rt.worker.drain(30)
            sent = _reflections(upstream)
            assert len(sent) == 1
            data = json.loads(_data(sent[0]).split("\n", 1)[1])
            assert 0 < len(data.get("memories", [])) < len(THINGS)
            assert data["memories"][0]["text"] == f"Collects {THINGS[-1]} from flea markets"  # the newest first
            assert rt.engine.counters["prompt_bounded:reflection:memories"] == 1
        finally:
            rt.close()


def test_without_a_bound_everything_is_sent(tmp_path):
    with ChatServer() as upstream:
        rt = open_runtime(_settings(tmp_path, upstream, llm_background_read_s=0.0))
        try:
            rt.engine.record_turn("api", "a", LONG["en"], "OK.")
            assert rt.worker.drain(30)
            assert len(_reflections(upstream)) == 1
            assert not rt.status()["prompts_bounded"]
        finally:
            rt.close()


def test_the_cuts_are_on_metrics(tmp_path):
    import httpx

    from souvenir.api.app import create_app
    from tests.servers import UvicornThread

    with ChatServer() as upstream:
        app = create_app(_settings(tmp_path, upstream))
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            client.post("/v1/turns", json={"user": "a", "message": LONG["fr"], "reply": "OK."}).raise_for_status()
            rt = app.state.souvenir.runtime
            assert rt.worker.drain(30)
            text = client.get("/metrics").text
            # reflected in parts since session 23 (souvenir.llm.prompt_parts)
            assert 'souvenir_prompts_bounded_total{cause="parts",kind="reflection"} 1.0' in text
            assert 'souvenir_prompts_bounded_total{cause="message",kind="reflection"} 0.0' in text
            assert 'souvenir_prompts_bounded_total{cause="queries",kind="summary"} 0.0' in text


@pytest.mark.parametrize(
    ("url", "concurrency", "set_s", "expected"),
    [
        ("http://127.0.0.1:8090", 0, None, READ_S),  # a single-slot server on this machine
        ("http://localhost:11434/v1", 0, None, READ_S),
        ("http://127.0.0.1:8000", 4, None, 0.0),  # a local server with four slots
        ("https://api.openai.com/v1", 0, None, 0.0),  # a hosted API: no bound
        ("https://api.openai.com/v1", 0, 3.0, 3.0),  # set: in force whatever the upstream
        ("http://127.0.0.1:8090", 0, 0.0, 0.0),  # 0: off
    ],
)
def test_the_read_bound_by_default_only_for_a_single_slot_server_on_this_machine(url, concurrency, set_s, expected):
    """A hosted API answers a live reply beside a background read: a message cut to ~285
    characters there would send most long messages the no-model way for nothing."""
    settings = Settings(
        database_url="sqlite:///:memory:",
        llm_base_url=url,
        llm_model="m",
        llm_concurrency=concurrency,
        llm_background_read_s=set_s,
        embedder="none",
        window_embedder="none",
    )
    capacity = concurrency or default_capacity(url, settings.reflection_workers)
    chat = SimpleNamespace(gate=SimpleNamespace(capacity=capacity))
    assert background_read_s(settings, chat) == expected
    assert background_read_s(settings, None) == (expected if set_s is not None else 0.0)
