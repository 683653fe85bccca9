"""Attack lane, session 12: what session 12 added, attacked over real HTTP on loopback, real
SQLite files and small loopback servers speaking a model's protocol (our code unpatched).

- A forged page cursor past a 64-bit integer (or in other scripts' digits) is the caller's
  error (422 / :class:`InputError`), not a 500 from the store's integer conversion.
- A model server or embedder that answers one byte at a time (slowloris from the upstream
  side) is cut at the call's deadline: ``timeout_s`` is a deadline on the whole answer, not
  on each read (``souvenir.llm.chat``'s docstring), and a background worker or the
  embedder's model lock is not held for minutes.
"""

from __future__ import annotations

import base64
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.ground.errors import EmbedderError, InputError, ModelError
from souvenir.library import Souvenir
from souvenir.llm.chat import OpenAIChatClient
from tests.attack_support import stub_model_settings
from tests.servers import UvicornThread, serving

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}


def _cursor(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


#: Cursors this service never gave: past 64 bits (19 and 40 digits), Arabic-Indic digits,
#: full-width digits, a sign.
FORGED = [_cursor("after:" + "9" * 19), _cursor("after:" + "9" * 40), _cursor("after:١٢"), _cursor("after:１２")]


def test_a_forged_cursor_past_64_bits_is_the_callers_error(tmp_path):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.remember("ann", "I live in Lyon", channel="shop")
        for cursor in FORGED:
            with pytest.raises(InputError):
                memory.users(channel="shop", cursor=cursor)
            with pytest.raises(InputError):
                memory.memories("ann", channel="shop", cursor=cursor)
        key = memory.create_key("shop", channels=["shop"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            for path in ("/v1/users/shop", "/v1/users/shop/ann/memories"):
                for cursor in FORGED:
                    answer = httpx.get(
                        server.url + path,
                        params={"cursor": cursor},
                        headers={"Authorization": f"Bearer {key}"},
                        timeout=30,
                    )
                    assert answer.status_code in (400, 422), (path, cursor, answer.text)


# -- an upstream that answers one byte at a time --------------------------------------------
#: Seconds between two bytes, and how many bytes: ~40 s for the whole answer.
DRIP_S, DRIP_BYTES = 0.1, 400
TIMEOUT_S = 1.5


@pytest.fixture(scope="module")
def dripping():
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            stream = self.path.startswith("/sse")
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream" if stream else "application/json")
            self.send_header("Content-Length", str(DRIP_BYTES))
            self.end_headers()
            body = (b"data: " if stream else b"") + b" " * DRIP_BYTES
            try:
                for i in range(DRIP_BYTES):
                    self.wfile.write(body[i : i + 1])
                    self.wfile.flush()
                    time.sleep(DRIP_S)
            except OSError:  # the client hung up: what the deadline is for
                pass

    with serving(Handler) as url:
        yield url


def _ends_by_its_deadline(call) -> None:
    started = time.monotonic()
    call()
    # the whole answer takes DRIP_S * DRIP_BYTES = 40 s; its deadline is 1.5 s
    assert time.monotonic() - started < DRIP_S * DRIP_BYTES / 4


@pytest.mark.parametrize("background", [False, True])
def test_a_model_answering_byte_by_byte_is_cut_at_its_deadline(dripping, background):
    client = OpenAIChatClient(dripping + ("/sse" if background else "/json"), "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(ModelError):
            client.ask([{"role": "user", "content": "hi"}], background=background)

    _ends_by_its_deadline(call)


def test_an_embedder_answering_byte_by_byte_is_cut_at_its_timeout(dripping):
    embedder = OpenAIEmbedder(dripping + "/json", "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(EmbedderError):
            embedder.encode(["hi"])

    _ends_by_its_deadline(call)


# -- someone else's words are no request to forget -------------------------------------------
#: (a memory of the user's, a message relaying someone else's "forget…" that names it): the
#: memory was erased (record time, and by the request's own job on earlier turns' memories).
RELAYED = [
    ("My sister has diabetes", "My doctor told me: forget about sugar, my sister has diabetes too."),
    ("Mon frère a des dettes de jeu", "Elle m'a dit : oublie ce que je t'ai dit sur mon frère."),
    ("我和前男友分手了", "我妈总说：忘掉你前男友吧。"),
    ("我的电话号码是13800000000", "他说“删掉我的号码”，然后就走了。"),
    ("Abang saya ada hutang judi", "Kakak saya kata: lupakan apa yang saya cakap tentang abang."),
    ("I have type 1 diabetes", "Lol you should delete that app, I have diabetes btw"),
]
#: (a memory, a message asking to delete a thing — an app, a reminder, an agenda entry, what
#: is in the fridge — in a sentence that also states the memory): the memory was erased.
THINGS = [
    ("My blood pressure is high", "You should delete that app, my blood pressure is high."),
    ("My sister has diabetes", "Can you remove that reminder about my sister's diabetes appointment?"),
    ("Je suis diabétique", "Supprime ça de mon agenda, je suis diabétique."),
    ("我有糖尿病", "把那个提醒删掉吧，我有糖尿病。"),
    ("Saya ada kencing manis", "Buang je apa yang ada dalam peti ais, saya ada kencing manis."),
    # the verb's clause names its own object; the user's statement after it is no topic
    ("I am allergic to peanuts", "Delete all my photos from the cloud, I am allergic to peanuts anyway."),
    ("I am allergic to peanuts", "Delete everything on my phone, I am allergic to peanuts."),
    ("I am allergic to peanuts", "Remove it from the recipe, I am allergic to peanuts."),
    ("I am allergic to peanuts", "Don't save that file yet, I am allergic to peanuts."),
    ("我对花生过敏", "把这条短信删掉，我对花生过敏。"),
    ("我对花生过敏", "把刚刚下载的文件删了，我对花生过敏。"),
    ("Je suis allergique aux arachides", "Retire ça de la recette, je suis allergique aux arachides."),
    ("Je suis allergique aux arachides", "Supprime tout dans le panier, je suis allergique aux arachides."),
    ("Saya alah kacang", "Padam semua gambar dalam telefon, saya alah kacang."),
    ("Saya alah kacang", "Buang tu dari resipi, saya alah kacang."),
    ("Saya alah kacang", "Hapuskan ini daripada senarai, saya alah kacang."),
]
#: The same memories, and requests that do ask (each language): still erased.
ASKED = [
    ("My sister has diabetes", "Please forget what I said about my sister's diabetes."),
    ("Mon frère a des dettes de jeu", "Oublie ce que je t'ai dit sur mon frère."),
    ("我和前男友分手了", "请忘掉我前男友的事。"),
    ("Abang saya ada hutang judi", "Tolong lupakan apa yang saya cakap tentang abang."),
    ("My blood pressure is high", "Delete that part about my blood pressure, please."),
    ("My sister has diabetes", "Please delete what I told you about my sister's diabetes."),
    ("Je suis diabétique", "Efface ce que je t'ai dit sur mon diabète."),
    ("我有糖尿病", "把我说的糖尿病的事删掉吧。"),
    ("Saya ada kencing manis", "Padamkan apa yang saya cakap tentang kencing manis."),
]


def _kept_after(tmp_path, name: str, memory_text: str, message: str) -> bool:
    with Souvenir.open(tmp_path / f"{name}.db", **OPEN) as memory:
        memory.remember("u", memory_text, channel="c")
        (before,) = [m.id for m in memory.memories("u", channel="c").memories]
        memory.add_turn("u", message, "ok", channel="c")
        return before in [m.id for m in memory.memories("u", channel="c").memories]


@pytest.mark.parametrize("memory_text, message", RELAYED)
def test_someone_elses_forget_erases_nothing(tmp_path, memory_text, message):
    assert _kept_after(tmp_path, "relayed", memory_text, message), message


@pytest.mark.parametrize("memory_text, message", THINGS)
def test_deleting_a_thing_erases_no_memory_said_beside_it(tmp_path, memory_text, message):
    assert _kept_after(tmp_path, "thing", memory_text, message), message


@pytest.mark.parametrize("memory_text, message", ASKED)
def test_the_users_own_request_still_erases(tmp_path, memory_text, message):
    assert not _kept_after(tmp_path, "asked", memory_text, message), message


@pytest.mark.parametrize("memory_text, message", RELAYED[:5])
def test_the_requests_own_job_erases_no_late_memory_for_someone_elses_words(tmp_path, memory_text, message):
    from datetime import UTC, datetime

    from souvenir.engine.chat_forget import act_on_late_memories

    with Souvenir.open(tmp_path / "late.db", **OPEN) as memory:
        memory.add_turn("u", memory_text, "ok", channel="c")  # an episode memory of turn 1
        store = memory.runtime.store
        user_id = store.find_user("c", "u")
        assert [m.source for m in store.memories(user_id, "active")] == ["turn:1"]
        assert act_on_late_memories(store, user_id, message, 9, datetime.now(UTC)) == []


#: "never mind X" beside the user saying the memory again, whole: nothing erased.
RESTATED = [
    ("Saya alah kacang", "Lupakan kek kacang tu, saya alah kacang."),
    ("I am allergic to peanuts", "Forget about peanut butter cookies, I am allergic to peanuts."),
    ("我对花生过敏", "忘掉花生酱吧，我对花生过敏。"),
    ("Je suis allergique aux arachides", "Oublie le gâteau, je suis allergique aux arachides."),
]
#: A request beside a clause that only shares a word, or denies: still erased.
NOT_RESTATED = [
    ("I live in Lyon", "Forget that I live in Lyon, I live in Paris now."),
    ("J'ai un frère", "Oublie ce que je t'ai dit sur mon frère, je n'ai pas de frère."),
]


@pytest.mark.parametrize("memory_text, message", RESTATED)
def test_a_memory_said_again_in_the_request_is_kept(tmp_path, memory_text, message):
    assert _kept_after(tmp_path, "restated", memory_text, message), message


@pytest.mark.parametrize("memory_text, message", NOT_RESTATED)
def test_a_memory_only_echoed_beside_the_request_is_erased(tmp_path, memory_text, message):
    assert not _kept_after(tmp_path, "echoed", memory_text, message), message


#: "forget X" as "never mind X" beside a partial or subjectless restatement (left by session
#: 12's attack lane; fixed by lane write8, session 13): the memory is said again, kept.
DISMISSED = [
    ("Je suis allergique aux arachides", "Oublie le gâteau aux arachides, je suis allergique."),
    ("Saya alah kacang", "Lupakan je kacang, alahan saya teruk."),
    ("I am allergic to peanuts", "Forget about peanut butter cookies for me, allergic to peanuts."),
    ("我对花生过敏", "别记那个花生蛋糕了，我过敏。"),
]


@pytest.mark.parametrize("memory_text, message", DISMISSED)
def test_never_mind_x_beside_a_restated_memory_erases_nothing(tmp_path, memory_text, message):
    assert _kept_after(tmp_path, "dismissed", memory_text, message), message


# -- ids that look like another ---------------------------------------------------------------
#: Invisible characters: "ann" + one of them listed as a second "ann" in `souvenir users`.
INVISIBLE = ["ann\u200b", "ann\ufeff", "ann\u2060", "ann\u00ad", "ann\U000e0041", "\u3164", "ann\u115f"]


@pytest.mark.parametrize("user", INVISIBLE)
def test_an_id_with_an_invisible_character_is_refused(tmp_path, user):
    with Souvenir.open(tmp_path / "ids.db", **OPEN) as memory:
        with pytest.raises(InputError):
            memory.remember(user, "I live in Lyon", channel="shop")
        with pytest.raises(InputError):
            memory.remember("ann", "I live in Lyon", channel=user)
        assert memory.users(channel="shop").users == []


def test_ids_of_scripts_that_need_joiners_are_kept(tmp_path):
    with Souvenir.open(tmp_path / "ids.db", **OPEN) as memory:
        for user in ("می\u200cخواهم", "👩\u200d💻", "léa", "小明", "siti"):
            memory.remember(user, "I live in Lyon", channel="shop")
        assert len(memory.users(channel="shop").users) == 5


def test_the_proxy_answers_504_when_the_upstream_drips_past_its_bound(tmp_path, dripping):

    settings = stub_model_settings(
        f"sqlite:///{tmp_path / 'p.db'}", dripping + "/json", summary_enabled=True, llm_timeout_s=TIMEOUT_S
    )
    chat = {"model": "stub", "user": "ann", "messages": [{"role": "user", "content": "hi"}]}
    with UvicornThread(create_app(settings)) as server:
        started = time.monotonic()
        answer = httpx.post(server.url + "/v1/chat/completions", json=chat, timeout=60)
        assert answer.status_code == 504, answer.text
        assert time.monotonic() - started < DRIP_S * DRIP_BYTES / 4


@pytest.mark.parametrize("memory_text, message", RELAYED[:5])
def test_a_fact_beside_someone_elses_forget_is_not_dropped_as_a_request(memory_text, message):
    from souvenir.ground.types import Candidate
    from souvenir.write.filters.forget_request import forget_request_filter
    from souvenir.write.filters.shapes import Exchange

    candidate = Candidate(text=memory_text, kind="fact")
    decision = forget_request_filter(candidate, Exchange(user_message=message, assistant_reply="ok"))
    assert decision.kept, (message, decision)
