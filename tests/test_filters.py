"""Write-path filters: calibration examples per filter and language, and a precision report.

Each example is what a small extractor emits from a chat turn, with the turn.
``kept`` is the right outcome. Examples marked ``known`` are documented false
positives (wrong drops) or misses of the filter: they are not asserted, but
they count in the printed precision / recall table, so the table is honest.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.write.filters import (
    DIRECT_CHAIN,
    MODEL_CHAIN,
    PASSED,
    Exchange,
    assistant_only_filter,
    character_filter,
    instruction_filter,
    negation_filter,
    run_filters,
    secrets_filter,
    speech_act_filter,
    subject_filter,
)
from souvenir.privacy import REDACTED, redact
from souvenir.ground.types import Candidate

FILTERS = {
    "instruction": instruction_filter,
    "speech_act": speech_act_filter,
    "subject": subject_filter,
    "negation": negation_filter,
    "character": character_filter,
    "assistant_only": assistant_only_filter,
    "secrets": secrets_filter,
}
LANGS = ("fr", "en", "zh", "ms")


from tests.calibration_example import Ex  # noqa: E402
from tests.filter_examples import EXAMPLES  # noqa: E402


def _decide(name: str, ex: Ex):
    candidate = Candidate(ex.text)
    if name == "secrets":
        return secrets_filter(candidate, Exchange(""))
    return FILTERS[name](candidate, Exchange(ex.user, ex.reply))


def _cases():
    for name, examples in EXAMPLES.items():
        for i, ex in enumerate(examples):
            marks = [pytest.mark.xfail(reason=ex.known, strict=True)] if ex.known else []
            yield pytest.param(name, ex, id=f"{name}-{ex.lang}-{i}", marks=marks)


@pytest.mark.parametrize(("name", "ex"), list(_cases()))
def test_example(name: str, ex: Ex) -> None:
    decision = _decide(name, ex)
    assert decision.kept is ex.kept, decision.reason
    if name == "secrets" and ex.kept:
        assert decision.candidate.text == (ex.user or ex.text)
    if not decision.kept:
        assert decision.filter == name and decision.reason


def test_precision_report() -> None:
    """Print drop precision and recall per filter and language; hold each above its floor."""
    stats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, fn, n_kept
    for name, examples in EXAMPLES.items():
        for ex in examples:
            decision = _decide(name, ex)
            row = stats[(name, ex.lang)]
            if not decision.kept and not ex.kept:
                row[0] += 1
            elif not decision.kept and ex.kept:
                row[1] += 1
            elif decision.kept and not ex.kept:
                row[2] += 1
            row[3] += ex.kept
    floors: list[tuple[str, str, float]] = []
    lines = ["", "filter          lang  drops  kept-ex  precision  recall"]
    for (name, lang), (tp, fp, fn, kept) in sorted(stats.items()):
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        lines.append(f"{name:<15} {lang:<5} {tp + fn:>5}  {kept:>7}  {precision:>9.2f}  {recall:>6.2f}")
        assert tp + fn >= 5 and kept >= 5, f"{name}/{lang}: fewer than 5 examples of a kind"
        floors.append((name, lang, precision))
    print("\n".join(lines))
    low = [f"{name}/{lang}: {p:.2f}" for name, lang, p in floors if p < 0.85]
    assert not low, f"drop precision under 0.85: {low}"


def test_every_filter_claims_every_language() -> None:
    for name, examples in EXAMPLES.items():
        assert {ex.lang for ex in examples} == set(LANGS), name


# --------------------------------------------------------------------------- secrets, one test per pattern


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("private_key", "key: -----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"),
        ("jwt", "session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.SflKxwRJSMeKKF2QT4fwpM"),
        ("openai", "key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv"),
        ("anthropic", "key sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv"),
        ("stripe", "key sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
        ("github", "token ghp_aB3dE6fG9hI2jK5lM8nO1pQ4rS7tU0vW3xY6"),
        ("github_pat", "token github_pat_11ABCDEFG0123456789_abcdefghij"),
        ("aws", "AKIAIOSFODNN7EXAMPLE"),
        ("google", "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"),
        ("slack", "xoxb-123456789012-abcdefABCDEF"),
        ("gitlab", "glpat-abcdEFGH1234ijklMNOP"),
        ("huggingface", "hf_abcdefghijklmnopqrstuvwxyzABCDEF12"),
        ("bearer", "Authorization: Bearer abc123DEF456ghi789JKL0"),
        ("url_credentials", "db at postgres://admin:s3cretPass@db.example.com/app"),
        ("password_en", "my password is hunter2"),
        ("password_quoted", "the password is 'correct horse'"),
        ("password_fr", "mon mot de passe est Soleil2024!"),
        ("password_mdp", "mdp : Azerty123"),
        ("password_zh", "密码是abc12345"),
        ("password_ms", "kata laluan saya ialah Rumah@123"),
        ("pin", "PIN 4826"),
        ("digicode", "digicode 4821B"),
        ("otp_en", "your one-time code is 482913"),
        ("otp_fr", "code de vérification : 739104"),
        ("otp_zh", "验证码：483920"),
        ("otp_ms", "kod pengesahan 582913"),
        ("tac", "TAC 649201"),
        ("cvv", "CVV 123"),
        ("card_grouped", "4111 1111 1111 1111"),
        ("card_dashes", "5555-5555-5555-4444"),
        ("card_context", "carte 4970101234567893"),
        ("card_amex", "378282246310005"),
        ("card_unionpay", "卡号 6222021234567890128"),
        ("iban", "IBAN FR76 3000 6000 0112 3456 7890 189"),
        ("iban_compact", "GB82WEST12345698765432"),
        ("hex_token", "token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
        ("base64_token", "secret dGhpcyBpcyBhIHNlY3JldCB0b2tlbiAxMjM0NTY3OA=="),
    ],
)
def test_secret_pattern_is_redacted(kind: str, text: str) -> None:
    redacted, found = redact(text)
    assert found, kind
    assert REDACTED in redacted


@pytest.mark.parametrize(
    ("why", "text"),
    [
        ("luhn-invalid", "4111 1111 1111 1112"),
        ("order number", "order 4970101234567893"),
        ("tracking number", "tracking LP00612345678901"),
        ("short digits", "kod pos 31170"),
        ("invalid iban", "FR76 3000 6000 0112 3456 7890 188"),
        ("password without value", "changed my password yesterday"),
        ("password then sentence", "the password is the same as for Gmail"),
        ("plain url", "https://docs.example.com/getting-started/installation-guide-v2"),
        ("phone", "téléphone 0612345678"),
        ("price", "le devis est de 13 900 €"),
    ],
)
def test_non_secret_is_left_alone(why: str, text: str) -> None:
    assert redact(text) == (text, []), why


# --------------------------------------------------------------------------- chains


def test_direct_chain_only_guards_secrets() -> None:
    keeps = run_filters(Candidate("Hates the sea"), Exchange("", "(as Mira) I hate the sea."), DIRECT_CHAIN)
    assert keeps.kept and keeps.filter == PASSED
    drops = run_filters(Candidate("Wi-Fi password is Sunflower2024!"), None, DIRECT_CHAIN)
    assert not drops.kept and drops.filter == "secrets"
    assert "Sunflower2024" not in drops.candidate.text


def test_model_chain_redacts_before_any_other_filter() -> None:
    decision = run_filters(
        Candidate("Aime payer avec la carte 4970 1012 3456 7893"),
        Exchange("Je n'aime pas payer avec la carte 4970 1012 3456 7893."),
        MODEL_CHAIN,
    )
    assert not decision.kept and decision.filter == "negation"
    assert "4970" not in decision.candidate.text


def test_kept_chain_reports_redaction() -> None:
    decision = run_filters(
        Candidate("Paid the hotel in Singapore with card 5555 5555 5555 4444"),
        Exchange("I paid the hotel in Singapore with my card 5555 5555 5555 4444."),
    )
    assert decision.kept and decision.filter == PASSED
    assert decision.candidate.text.endswith(REDACTED)
    assert decision.reason == "secrets: redacted: card"


def test_filters_keep_candidate_fields() -> None:
    candidate = Candidate(
        "Card 4111 1111 1111 1111 for Amazon orders and prefers express delivery",
        kind="preference",
        scope="story",
        confidence=0.7,
    )
    decision = run_filters(candidate, Exchange(""))
    assert decision.kept
    assert (decision.candidate.kind, decision.candidate.scope, decision.candidate.confidence) == (
        "preference",
        "story",
        0.7,
    )


# --------------------------------------------------------------------------- properties


_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)


@settings(max_examples=150, deadline=None)
@given(text=_TEXT, message=_TEXT, reply=st.one_of(st.none(), _TEXT))
def test_chain_is_total_and_deterministic(text: str, message: str, reply: str | None) -> None:
    first = run_filters(Candidate(text), Exchange(message, reply))
    assert first == run_filters(Candidate(text), Exchange(message, reply))
    assert first.kept or first.reason


@settings(max_examples=150, deadline=None)
@given(text=_TEXT)
def test_redaction_is_idempotent(text: str) -> None:
    once, _ = redact(text)
    assert redact(once)[0] == once
