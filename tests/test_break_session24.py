"""Session 24's attack on session 23's surface (harden9): the conversation the context reads
(a secret in a turn cut at its kept length), the settings a careless operator writes (an
infinite rate or timeout), and the read rate measured from a server's answers (a first piece
that says nothing of the read). The service on loopback over a real SQLite file, the model a
loopback stand-in."""

from __future__ import annotations

import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.read.explain_conversation import TURN_CHARS
from tests.attack_support import sqlite_settings
from tests.servers import UvicornThread

#: Secrets of the shapes the redaction knows (a key, a token, a card number), each long
#: enough that a cut at the turn's kept length can fall inside it.
SECRETS = [
    "AKIAIOSFODNN7EXAMPLE",
    "sk-proj-Abc123Def456Ghi789Jkl012Mno345Pqr678",
    "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "4111 1111 1111 1111",
]
#: What a user says before pasting it, in four languages.
LEADS = [
    "here is the key for the shop account, please keep it for me:",
    "voici la clé du compte de la boutique, garde-la pour moi :",
    "这是店铺账户的密钥，请帮我记住它，谢谢你帮我保管好这个东西：",
    "ini kunci akaun kedai, tolong simpan untuk saya ya:",
]


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    path = tmp_path_factory.mktemp("s24") / "a.db"
    with (
        UvicornThread(create_app(sqlite_settings(path))) as server,
        httpx.Client(base_url=server.url, timeout=60) as client,
    ):
        yield client


def _conversation_kept(api: httpx.Client, user: str) -> list[str]:
    ends = time.monotonic() + 60  # kept by the bookkeeping: waited for, not timed
    while True:
        sel = api.get(f"/v1/users/api/{user}/diagnostics.json").json()["selections"]
        if sel and sel[0]["conversation"]:
            return sel[0]["conversation"]
        assert time.monotonic() < ends, sel[:1]
        time.sleep(0.2)


@pytest.mark.parametrize("lead", LEADS, ids=["en", "fr", "zh", "ms"])
@pytest.mark.parametrize("secret", SECRETS, ids=["aws", "openai", "github", "card"])
def test_a_secret_in_a_turn_cut_at_its_kept_length_leaves_no_piece(api, lead, secret) -> None:
    """A turn is kept with the selection cut to TURN_CHARS characters; the cut fell inside a
    key, and the key's first characters were no longer of its shape: the store's redaction let
    them through, and the diagnostics page showed most of the key."""
    user = f"k{abs(hash((lead, secret))) % 10**8}"
    api.post(f"/v1/users/api/{user}/memories", json={"text": "I live in Ipoh"}).raise_for_status()
    # the cut falls a few characters into the secret
    pad = "a" * max(0, TURN_CHARS - len(lead) - 1 - 8)
    turn = f"{lead}{pad} {secret} thanks"
    body = {"user": user, "message": "yes", "messages": [turn, "Noted.", "yes"], "conversation": [turn, "Noted."]}
    assert api.post("/v1/context", json=body).status_code == 200
    kept = " ".join(_conversation_kept(api, user))
    body_of = secret.replace(" ", "")
    for size in range(6, len(body_of) + 1):
        assert body_of[:size] not in kept.replace(" ", ""), kept


def _float_fields() -> list[str]:
    from souvenir.ground.config import Settings

    return sorted(name for name, field in Settings.model_fields.items() if field.annotation in (float, float | None))


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "1e999"])
def test_no_setting_takes_an_infinite_or_undefined_number(monkeypatch, value) -> None:
    """``SOUVENIR_LLM_PROMPT_TOKENS_PER_S=inf`` passed its ``gt=0`` and stopped the service at
    start-up with Python's OverflowError (the read bound ``int(2 * inf)``); an infinite
    ``SOUVENIR_REFLECTION_TIMEOUT_S`` did the same once a generation rate was measured
    (``budget.fitting``). Every float setting now refuses a number that is not finite, naming it."""
    from pydantic import ValidationError

    from souvenir.ground.config import Settings

    fields = _float_fields()
    assert "llm_prompt_tokens_per_s" in fields and "reflection_timeout_s" in fields
    taken = []
    for name in fields:
        monkeypatch.setenv(f"SOUVENIR_{name.upper()}", value)
        try:
            Settings(_env_file=None)
        except ValidationError as exc:
            assert name in str(exc)
        else:
            taken.append(name)
        monkeypatch.delenv(f"SOUVENIR_{name.upper()}")
    assert taken == []


class RoleFirstServer:
    """An OpenAI-protocol chat server that streams its role at once (``{"delta": {"role":
    "assistant"}}``: what a relay in front of a model, or a hostile server, may send before
    the model has read a token), then reads for :data:`READ_S` seconds, then answers in 12
    pieces."""

    READ_S = 0.6

    def __init__(self) -> None:
        import json
        from http.server import BaseHTTPRequestHandler

        from tests.servers import _LoopbackServer, _send_json

        read_s = self.READ_S

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                _send_json(self, 200, b'{"object": "list", "data": [{"id": "stub", "object": "model"}]}')

            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers["Content-Length"]))
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()

                def send(delta: dict, finish: str | None = None) -> None:
                    chunk = {"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.flush()

                try:
                    send({"role": "assistant", "content": ""})
                    time.sleep(read_s)  # the prompt read
                    for word in "I sail an old boat out of Porto every summer with my two sons".split():
                        send({"content": word + " "})
                        time.sleep(0.01)
                    send({}, "stop")
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except OSError:
                    pass
                self.close_connection = True

        class _Server(_LoopbackServer):
            def __init__(self) -> None:
                self._serve(Handler)

        self._server = _Server()

    def __enter__(self):
        self._server.__enter__()
        self.url = self._server.url
        return self

    def __exit__(self, *exc) -> None:
        self._server.__exit__(*exc)


def test_a_first_piece_with_no_text_is_no_measure_of_the_read() -> None:
    """The read rate is the tokens sent over the seconds to the answer's first piece; a chunk
    carrying only the role came at once, so a server (or a relay) that sends it before reading
    the prompt was measured at the ceiling, 400 tokens a second, whatever its read took: the
    bound in force became 800 tokens and a live reply waited behind reads of tens of seconds."""
    from souvenir.llm.chat import OpenAIChatClient
    from souvenir.llm.gate import UpstreamGate
    from souvenir.llm.server_rates import MIN_SAMPLES, ServerRates

    sent = 60.0  # tokens the caller counts the server must read
    with RoleFirstServer() as server:
        gate = UpstreamGate("role-first", 1, 0.0, 0.0, ServerRates(60.0))
        client = OpenAIChatClient(server.url + "/v1", "stub", timeout_s=20, gate=gate)
        for _ in range(MIN_SAMPLES):
            answer = client.ask([{"role": "user", "content": "x"}], background=True, read_tokens=sent)
            assert "Porto" in answer.text
    measured = gate.rates.read_rate()
    assert gate.rates.read_samples == MIN_SAMPLES
    # the read took at least READ_S: at most sent / READ_S tokens a second (100), never the ceiling
    assert measured <= sent / RoleFirstServer.READ_S + 1e-6, gate.rates.describe()


#: A farewell to a place is a move, not a leave-taking of the chat: the closing rule (and the
#: name a farewell calls, which the chit-chat reader drops) read the place as the assistant's name.
FAREWELLS_TO_A_PLACE = {
    "en": ["Thanks Dina, goodbye London!", "Thanks for everything, goodbye Singapore!", "Goodbye London!"],
    "fr": ["Merci Lumi, au revoir Paris !", "Merci pour tout, bonne nuit Lyon !", "Salut Marseille !"],
    "zh": ["谢谢小航，再见北京！", "谢谢你的帮助，再见上海！", "再见深圳！"],
    "ms": ["Terima kasih Dina, bye KL!", "Terima kasih atas bantuan awak, bye Penang!", "Bye Ipoh!"],
}


@pytest.mark.parametrize("lang", sorted(FAREWELLS_TO_A_PLACE))
def test_a_farewell_to_a_place_is_no_leave_taking(lang) -> None:
    from souvenir.lexical.chitchat import chit_chat

    read = {s: chit_chat(s) for s in FAREWELLS_TO_A_PLACE[lang]}
    assert all(kind is None for kind in read.values()), read


@pytest.mark.parametrize("lang", sorted(FAREWELLS_TO_A_PLACE))
def test_a_farewell_to_a_place_is_kept_without_a_model(tmp_path, lang) -> None:
    """The promise of the junk kinds: a message they drop says nothing durable. "Goodbye London"
    said leaving London was dropped whole, nothing kept."""
    from souvenir.engine.runtime import open_runtime
    from tests.attack_support import stub_model_settings

    message = FAREWELLS_TO_A_PLACE[lang][0]
    plain = open_runtime(stub_model_settings(f"sqlite:///{tmp_path / 'n.db'}", "", summary_enabled=False))
    try:
        plain.engine.record_turn("api", "a", message, "Safe travels!")
        user = plain.store.find_user("api", "a")
        assert user is not None and plain.store.memories(user), message
    finally:
        plain.close()


#: A thanks that names a thing (a card, a phrase the user writes) in a request to forget:
#: the courtesy rule took it for a word of courtesy, the request had no topic left and was read
#: as "forget that" — the previous turn's memory was erased, the thing named was kept.
THANKS_AS_TOPIC = {
    "en": (
        "I still have forty thank you cards to write after the wedding.",
        "I adopted a cat named Miso last week.",
        "Forget what I told you about the thank you cards",
    ),
    "fr": (
        "Je finis tous mes mails par un merci d'avance, ça agace mon chef.",
        "J'ai adopté un chat qui s'appelle Miso la semaine dernière.",
        "Oublie ce que je t'ai dit sur le merci d'avance",
    ),
    "zh": ("我还有四十张谢谢卡要写。", "我上周领养了一只叫米索的猫。", "忘掉我跟你说的谢谢卡"),
    "ms": (
        "Saya masih ada empat puluh kad terima kasih nak tulis lepas kenduri.",
        "Saya baru ambil kucing nama Miso minggu lepas.",
        "Lupakan apa saya cakap pasal kad terima kasih tu",
    ),
}


@pytest.mark.parametrize("lang", sorted(THANKS_AS_TOPIC))
def test_a_thanks_named_as_the_topic_is_what_is_forgotten(tmp_path, lang) -> None:
    from souvenir.engine.runtime import open_runtime
    from tests.attack_support import stub_model_settings

    said, other, request = THANKS_AS_TOPIC[lang]
    plain = open_runtime(stub_model_settings(f"sqlite:///{tmp_path / 'n.db'}", "", summary_enabled=False))
    try:
        for message in (said, other, request):
            plain.engine.record_turn("api", "a", message, "OK.")
        kept = [m.text for m in plain.store.memories(plain.store.find_user("api", "a"))]
    finally:
        plain.close()
    assert any("Miso" in text or "米索" in text for text in kept), kept  # not what was asked
    assert not any(said[:12] in text for text in kept), kept


#: A statement the model's note restates in other words, kept beside the note as its episode; then
#: a request naming the note's words. The note was erased word for word, and its own message —
#: the same statement, the same turn — stayed: "in other words" was tried only when nothing
#: matched word for word.
RESTATED_THEN_FORGOTTEN = {
    "en": (
        "I owe my cousin Paul 2000 euros.",
        "Has a debt to cousin Paul.",
        "Forget what I told you about my debt to my cousin Paul.",
    ),
    "fr": (
        "Je dois 2000 euros à mon cousin Paul.",
        "A une dette envers son cousin Paul.",
        "Oublie ce que je t'ai dit sur ma dette à mon cousin Paul.",
    ),
    "zh": ("我还欠表哥保罗两千欧元。", "欠表哥保罗债务。", "忘掉我跟你说的欠表哥保罗债务的事。"),
    "ms": (
        "Saya pinjam 2000 euro daripada sepupu saya Paul.",
        "Berhutang dengan sepupu Paul.",
        "Lupakan apa saya cakap pasal hutang saya dengan sepupu Paul.",
    ),
}


@pytest.mark.parametrize("lang", sorted(RESTATED_THEN_FORGOTTEN))
def test_a_request_erases_the_message_its_note_restated(tmp_path, lang) -> None:
    import json as _json

    from souvenir.engine.runtime import open_runtime
    from tests.attack_support import stub_model_settings
    from tests.servers import ChatServer

    said, note, request = RESTATED_THEN_FORGOTTEN[lang]
    answer = _json.dumps({"memories": [{"text": note, "kind": "fact", "scope": "global", "confidence": 0.9}]})
    with ChatServer(reflection_answer=answer) as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url, reflection_backoff_s=0.05)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "a", said, "OK.")
            assert rt.worker.drain(60)
            user = rt.store.find_user("api", "a")
            before = [m.text for m in rt.store.memories(user)]
            rt.engine.record_turn("api", "a", request, "OK.")
            assert rt.worker.drain(60)
            after = [m.text for m in rt.store.memories(user)]
        finally:
            rt.close()
    assert before and not after, (before, after)


RELAYED_FORGET = {
    "en": ("Forget everything about me.", "Sure, I will forget everything about you."),
    "fr": ("Oublie tout ce que tu sais sur moi.", "D'accord, j'oublie tout ce que je sais sur toi."),
    "zh": ("忘掉关于我的一切。", "好的，我会忘掉关于你的一切。"),
    "ms": ("Lupakan semua tentang saya.", "Baik, saya akan lupakan semua tentang awak."),
}


@pytest.mark.parametrize("lang", sorted(RELAYED_FORGET))
def test_a_forget_request_in_the_conversation_read_erases_nothing(api, lang) -> None:
    """The conversation a context reads (a stateless client's history, which anyone who writes
    the client's request controls) is read for its words only: a "forget everything" in it —
    the user's earlier turn, or the assistant's relayed one — acts on nothing; only a turn
    recorded as the user's message does. (Held before: a guard, not a finding.)"""
    user = f"r{lang}"
    api.post(f"/v1/users/api/{user}/memories", json={"text": "I live in Ipoh"}).raise_for_status()
    asked, relayed = RELAYED_FORGET[lang]
    body = {"user": user, "message": "ok", "messages": [asked, relayed, "ok"], "conversation": [asked, relayed]}
    assert api.post("/v1/context", json=body).status_code == 200
    _conversation_kept(api, user)  # the bookkeeping has run
    texts = [m["text"] for m in api.get(f"/v1/users/api/{user}/memories").json()["memories"]]
    assert texts == ["I live in Ipoh"]
