"""The conversation's part on the diagnostics page (issue #28, session 22): a short message
read with the caller's ``messages`` shows the part ``conversation`` (its score minus the
message alone's; the other parts the message alone's, so they still sum to the score), the
turns read under the message and in the reason of a memory they moved — redacted as the
message is, and erased with it. Over a real SQLite file and an OpenAI-compatible embedder on
loopback, in English, French, Chinese and Malay."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.api.diagnostics_page import render_page
from souvenir.read.explain_conversation import kept_message, split_message
from souvenir.ground.timeutil import utcnow
from tests.servers import EmbeddingServer

#: Per language: the earlier turns naming a thing, the short message pointing back at it, the
#: memory about the thing, an unrelated one.
CASES = {
    "en": (
        ["My Fiat failed its MOT again", "Oh no, the brakes again?"],
        "Yes, I really want to get rid of it",
        "The user's blue Fiat keeps failing its MOT",
        "The user wants to get a tattoo",
    ),
    "fr": (
        ["La chaudière est encore tombée en panne", "Encore ? Le chauffagiste est passé ?"],
        "Oui, il revient demain pour ça",
        "La chaudière de l'utilisateur tombe souvent en panne",
        "L'utilisateur revient de Lyon en train",
    ),
    "zh": (
        ["我女儿的钢琴比赛下周六", "她准备得怎么样？"],
        "那件事我还是很紧张",
        "用户的女儿在准备钢琴比赛",
        "用户要出差",
    ),
    "ms": (
        ["Kereta Proton saya rosak lagi", "Alamak, bengkel dah tengok?"],
        "Belum, yang tu saya nak hantar esok",
        "Kereta Proton pengguna selalu rosak",
        "Pengguna nak belajar memandu",
    ),
}


def _open(tmp_path, server: EmbeddingServer) -> Souvenir:
    return Souvenir.open(
        tmp_path / "p.db",
        embedder="openai",
        embedder_url=server.url,
        embedder_model="m",
        window_embedder="none",
        background=False,
    )


def _store(mem: Souvenir, lang: str) -> None:
    _, _, thing, other = CASES[lang]
    for text in [thing, other] + [f"The user noted item {i} about gardening" for i in range(6)]:
        mem.remember("zoe", text)
    mem.index()


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_part_the_turns_and_the_reason_on_the_page(tmp_path, lang: str) -> None:
    turns, message, thing, _ = CASES[lang]
    with EmbeddingServer() as server, _open(tmp_path, server) as mem:
        _store(mem, lang)
        mem.context("zoe", message, messages=[*turns, message])
        data = mem.diagnostics("zoe").model_dump(mode="json")
        sel = data["selections"][0]
        assert sel["message"] == message and sel["conversation"] == turns
        for item in sel["items"]:
            parts = item["parts"]
            assert "conversation" in parts, parts
            assert abs(sum(parts.values()) - item["score"]) < 0.03, (parts, item["score"])  # they still sum
        first = next(i for i in sel["items"] if i["text"] == thing)
        assert first["parts"]["conversation"] > 0  # the turns lifted the thing named before
        page = render_page(data)
        assert "read with the conversation: “" in page and "<dt>the conversation</dt>" in page
        assert all(t.replace("'", "&#x27;") in page for t in turns)
        # the message alone: no part of the conversation, no turns
        mem.context("zoe", message)
        alone = mem.diagnostics("zoe").model_dump(mode="json")["selections"][0]
        assert alone["conversation"] == [] and alone["message"] == message
        assert all("conversation" not in (i["parts"] or {}) for i in alone["items"])


def test_a_secret_answered_in_a_turn_is_redacted_and_a_request_to_forget_is_left_out(tmp_path) -> None:
    turns = ["What's your password for the bank app?", "Hunter2xyz!", "Forget that I have diabetes", "Done."]
    with EmbeddingServer() as server, _open(tmp_path, server) as mem:
        _store(mem, "en")
        mem.context("zoe", "ok thanks", messages=[*turns, "ok thanks"])
        sel = mem.diagnostics("zoe").model_dump(mode="json")["selections"][0]
        kept = " ".join(sel["conversation"])
        assert "Hunter2xyz" not in kept and "diabetes" not in kept and "Done." in kept
        export = str(mem.export_user("zoe"))
        assert "Hunter2xyz" not in export and "diabetes" not in export


@pytest.mark.parametrize("lang", sorted(CASES))
def test_forgetting_the_memory_takes_the_selection_whose_turns_name_it(tmp_path, lang: str) -> None:
    turns, message, thing, _ = CASES[lang]
    with EmbeddingServer() as server, _open(tmp_path, server) as mem:
        _store(mem, lang)
        mem.context("zoe", message, messages=[*turns, message])
        assert mem.diagnostics("zoe").selections
        memory = next(m for m in mem.memories("zoe").memories if m.text == thing)
        mem.forget("zoe", memory.id)
        left = mem.diagnostics("zoe").model_dump(mode="json")["selections"]
        assert all(turns[0] not in " ".join(s["conversation"]) for s in left), left


def test_kept_message_round_trip() -> None:
    stored = kept_message("Yes, it", ["a\x1eb", "  x  y ", "", "z" * 200])
    message, turns = split_message(stored)
    assert message == "Yes, it" and turns[:2] == ["a b", "x y"] and len(turns) == 3
    assert len(turns[2]) == 96 and turns[2].endswith("…")
    assert split_message("plain") == ("plain", [])


def test_no_part_once_a_write_replaced_the_pool_and_its_columns_stay(tmp_path) -> None:
    """The message alone is scored off the turn only over the pool whose columns the scorer
    holds: after a write (a new pool read by the next context) the older selection gets no
    part, and the new pool's columns are neither read again nor evicted."""
    turns, message, _, _ = CASES["en"]
    with EmbeddingServer() as server, _open(tmp_path, server) as mem:
        _store(mem, "en")
        engine = mem.runtime.engine
        query_scores = engine.reader.scores
        user = engine.store.find_user("api", "zoe")
        parts: dict = {}
        query_scores.scores(user, message, engine.store.candidates(user, None), utcnow(), parts, turns=turns)
        read = parts["conversation"]
        assert read.turns == tuple(turns) and read.alone({}) is not None
        mem.remember("zoe", "The user bought a new bike in Leeds")
        newer = engine.store.candidates(user, None)
        query_scores.scores(user, message, newer, utcnow(), {}, turns=turns)
        built = query_scores.scorer.built
        assert read.alone({}) is None
        assert query_scores.scorer.holds(user, newer) and query_scores.scorer.built == built
