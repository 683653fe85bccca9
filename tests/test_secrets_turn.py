"""Issue #27: a turn's secrets are redacted together, and the question travels with the answer.

- A value found in the message leaves the reply too ("Sure, I'll remember Kangaroo#2024"):
  26 of 91 secrets of the evaluation battery were kept only that way; and a value found in
  the reply leaves the message.
- A bare answer to the assistant's request for a secret is redacted whatever door holds the
  question: the proxy reads it in the request's ``messages``, ``/v1/turns`` and the library
  take it as ``question``, else the previous recorded turn's reply.

Through the library, REST and the proxy, on SQLite and PostgreSQL; every text column of the
store is searched."""

from __future__ import annotations

import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.proxy_request import last_question
from souvenir.library import Souvenir
from souvenir.privacy import redact, redact_turn, secret_values
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread
from tests.test_secrets_nowhere import _text_columns

#: (message, reply, the secret) — the reply repeats the message's secret in no phrasing a
#: pattern knows.
ECHOED = [
    ("my bank login password: Kangaroo#2024", "Sure, I'll remember Kangaroo#2024 for you", "Kangaroo#2024"),
    ("mon mot de passe est Soleil2024!", "C'est noté : Soleil2024!", "Soleil2024!"),
    ("密码是 Qz7pLm2x", "好的，我记住了 Qz7pLm2x", "Qz7pLm2x"),
    ("kata laluan saya ialah Ujm741ik", "Baik, Ujm741ik sudah disimpan", "Ujm741ik"),
    ("my verification code is 605218", "Entering 605218 now", "605218"),
]
#: The kinds issue #27 found never redacted, in en / fr / zh / ms: (sentence, the secret).
KINDS = [
    ("netflix: alice@example.com / Hunter22x", "Hunter22x"),
    ("gmail - bob.smith | Pa55word!", "Pa55word!"),
    ("Shopee : ali99 / Kucing#77 jangan lupa", "Kucing#77"),
    ("hunter2x is my password", "hunter2x"),
    ("velvetmoon is my password, don't tell", "velvetmoon"),
    ("Soleil2024 c'est mon mot de passe", "Soleil2024"),
    ("Ujm741ik ialah kata laluan saya", "Ujm741ik"),
    ("Qz7pLm2x是我的密码", "Qz7pLm2x"),
    ("my backup codes: 8472 9361 2048 5571", "9361 2048"),
    ("mes codes de secours 1234-5678 2345-6789", "1234-5678"),
    ("kod sandaran saya 84721 93612", "84721"),
    ("备用码 84729361 20485571", "84729361"),
    ("the SMS code is 4 8 2 9 1 3", "4 8 2 9 1 3"),
    ("le code reçu par SMS : 48 29 13", "48 29 13"),
    ("kod TAC saya 4 8 2 9 1 3", "4 8 2 9 1 3"),
    ("OTP: 48 29 13, quick", "48 29 13"),
    # the borderline kinds, decided (docs/security.md)
    ("my security question answer is Buttercup", "Buttercup"),
    ("réponse secrète : Minouchette", "Minouchette"),
    ("jawapan keselamatan saya Comelku", "Comelku"),
    ("密保答案是Rex2019", "Rex2019"),
    ("sort code 20-00-00, account 31926819", "31926819"),
    ("numéro de compte bancaire 12345678901", "12345678901"),
    ("nombor akaun bank 1234567890", "1234567890"),
    ("银行账号 6222021234567890123", "6222021234567890123"),
]
#: Descriptions of a secret, kept as they are.
NOT_SECRETS = [
    "This is my password manager",
    "Security is the password for success",
    "Paris: north / south",
    "my backup codes are stored in my drawer",
    "1Password is my password manager",
    "What is my password?",
    "the ratio is 3/4 today",
    "I have 3 kids and 2 dogs",
    "my first pet was Rex",
    "the security question is silly",
    "my account 88812345 has a problem",
    "numéro de compte client 12345678",
    "sort code is on the card",
]
#: (question, bare answer, the secret), en / fr / zh / ms.
ANSWERS = [
    ("What's your password?", "Wq9!ferret", "Wq9!ferret"),
    ("Quel est votre mot de passe ?", "c'est Tournesol88", "Tournesol88"),
    ("请输入验证码", "482913", "482913"),
    ("Sila masukkan kod pengesahan", "771204", "771204"),
]


def _kept(url: str, secrets: list[str]) -> list[tuple[str, str, str]]:
    return [(t, c, s) for t, c, v in _text_columns(url) for s in secrets if s in v]


@pytest.mark.parametrize("sentence,secret", KINDS)
def test_the_new_kinds_are_redacted(sentence, secret):
    assert secret not in redact(sentence)[0]


@pytest.mark.parametrize("sentence", NOT_SECRETS)
def test_their_descriptions_are_kept(sentence):
    assert redact(sentence)[0] == sentence


def test_values_are_read_back_from_the_redacted_text():
    assert secret_values("pw: abc123x and pin 4821 ok", "pw: [redacted] and pin [redacted] ok") == ["abc123x", "4821"]
    assert secret_values("[redacted] hunter2x", "[redacted] [redacted]") == ["hunter2x"]
    assert secret_values("ｐａｓｓ", "pass [redacted]") == []  # no alignment: nothing claimed
    texts = redact_turn(*ECHOED[0][:2])
    assert texts.values == ("Kangaroo#2024",) and "Kangaroo" not in (texts.reply or "")


def test_the_reply_can_carry_the_secret_the_message_repeats():
    texts = redact_turn("yes, remember Hunter2!x please", "Your password is Hunter2!x, noted")
    assert "Hunter2!x" not in texts.message and "Hunter2!x" not in (texts.reply or "")


def test_the_last_question_is_the_assistant_message_before_the_last_user_message():
    messages = [
        {"role": "system", "content": "shop"},
        {"role": "assistant", "content": "Hi!"},
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": [{"type": "text", "text": "What's your PIN?"}]},
        {"role": "user", "content": "4921"},
    ]
    assert last_question(messages) == "What's your PIN?"
    assert last_question(messages[:3]) == "Hi!"
    assert last_question([{"role": "user", "content": "x"}]) is None


def test_library_keeps_no_secret_of_a_turn(store_url):
    with Souvenir.open(store_url, embedder="none", window_embedder="none") as memory:
        for i, (message, reply, _) in enumerate(ECHOED):
            memory.add_turn(f"e{i}", message, reply)
        for i, (question, answer, _) in enumerate(ANSWERS):
            memory.add_turn(f"q{i}", answer, "Thanks, checking it", question=question)
        # the question as the previous recorded turn's reply
        memory.add_turn("p", "hello", "Please give me the one-time code we sent")
        memory.add_turn("p", "839201", "Thanks")
        for i, (sentence, _) in enumerate(KINDS):
            memory.add_turn(f"k{i}", sentence, f"Noted: {sentence}")
    assert _kept(store_url, [s for *_, s in ECHOED + ANSWERS + KINDS] + ["839201"]) == []


def test_rest_and_proxy_keep_no_secret_of_a_turn(store_url):
    with ChatServer() as upstream:
        settings = stub_model_settings(store_url, upstream.url, summary_enabled=True)
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            for i, (message, reply, _) in enumerate(ECHOED):
                assert (
                    client.post("/v1/turns", json={"user": f"r{i}", "message": message, "reply": reply}).status_code
                    == 200
                )
                upstream.reply = reply
                r = client.post(
                    "/v1/chat/completions",
                    json={"model": "stub", "user": f"x{i}", "messages": [{"role": "user", "content": message}]},
                )
                assert r.status_code == 200, r.text
            for i, (question, answer, _) in enumerate(ANSWERS):
                r = client.post(
                    "/v1/turns", json={"user": f"rq{i}", "message": answer, "reply": "Thanks", "question": question}
                )
                assert r.status_code == 200, r.text
                upstream.reply = f"Thanks, {answer} is accepted"
                r = client.post(
                    "/v1/chat/completions",
                    json={
                        "model": "stub",
                        "user": f"xq{i}",
                        "messages": [
                            {"role": "system", "content": "You are a bank's assistant."},
                            {"role": "user", "content": "I want to log in"},
                            {"role": "assistant", "content": question},
                            {"role": "user", "content": answer},
                        ],
                    },
                )
                assert r.status_code == 200, r.text
            for i, (sentence, _) in enumerate(KINDS):
                assert client.post("/v1/turns", json={"user": f"rk{i}", "message": sentence}).status_code == 200
                upstream.reply = f"I'll remember: {sentence}"
                r = client.post(
                    "/v1/chat/completions",
                    json={"model": "stub", "user": f"xk{i}", "messages": [{"role": "user", "content": sentence}]},
                )
                assert r.status_code == 200, r.text
            turns = 2 * (len(ECHOED) + len(ANSWERS) + len(KINDS))
            deadline = time.monotonic() + 20
            while _count_turns(store_url) < turns and time.monotonic() < deadline:
                time.sleep(0.1)
            assert _count_turns(store_url) == turns
    assert _kept(store_url, [s for *_, s in ECHOED + ANSWERS + KINDS]) == []


def _count_turns(url: str) -> int:
    return sum(1 for table, column, _ in _text_columns(url) if table == "turns" and column == "message")
