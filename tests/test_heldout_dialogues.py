"""The held-out conversations of ``bench/data/dialogues``, ``dialogues2``, ``dialogues3``,
``dialogues4``, ``dialogues5``, ``dialogues6``, ``dialogues7`` and ``dialogues8`` (issue #25's real-model runs): each
file has LoCoMo's shape, as ``souvenir bench reflection --data bench/data/dialogues`` reads it,
with gold observations on the user's turns; and the bench reads a Chinese one (its dates in
full-width brackets) the way it reads an English one. No model: the reflection server here
answers no memories (tests/servers.py's ``ChatServer``), so every turn is no-model's episode."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest

from souvenir.bench.reflection_loop import BenchOptions, load_slice, run_reflection_bench, without_grounded_date
from souvenir.replay.formats import parse_locomo, parse_session_time
from tests.servers import ChatServer

DIALOGUES = Path(__file__).resolve().parent.parent / "bench" / "data" / "dialogues"
DIALOGUES2 = DIALOGUES.parent / "dialogues2"
DIALOGUES3 = DIALOGUES.parent / "dialogues3"
DIALOGUES4 = DIALOGUES.parent / "dialogues4"
DIALOGUES5 = DIALOGUES.parent / "dialogues5"
DIALOGUES6 = DIALOGUES.parent / "dialogues6"
DIALOGUES7 = DIALOGUES.parent / "dialogues7"
DIALOGUES8 = DIALOGUES.parent / "dialogues8"
#: conversation id → the script its observations are written in (the conversation's language)
FILES = {"dlg-en": "latin", "dlg-fr": "latin", "dlg-zh": "han", "dlg-ms": "latin"}
FILES2 = {"dlg2-en": "latin", "dlg2-fr": "latin", "dlg2-zh": "han", "dlg2-ms": "latin"}
FILES3 = {"dlg3-en": "latin", "dlg3-fr": "latin", "dlg3-zh": "han", "dlg3-ms": "latin"}
FILES4 = {"dlg4-en": "latin", "dlg4-fr": "latin", "dlg4-zh": "han", "dlg4-ms": "latin"}
FILES5 = {"dlg5-en": "latin", "dlg5-fr": "latin", "dlg5-zh": "han", "dlg5-ms": "latin"}
FILES6 = {"dlg6-en": "latin", "dlg6-fr": "latin", "dlg6-zh": "han", "dlg6-ms": "latin"}
FILES7 = {"dlg7-en": "latin", "dlg7-fr": "latin", "dlg7-zh": "han", "dlg7-ms": "latin"}
FILES8 = {"dlg8-en": "latin", "dlg8-fr": "latin", "dlg8-zh": "han", "dlg8-ms": "latin"}
#: the folder each conversation is in
FOLDER = {
    **dict.fromkeys(FILES, DIALOGUES),
    **dict.fromkeys(FILES2, DIALOGUES2),
    **dict.fromkeys(FILES3, DIALOGUES3),
    **dict.fromkeys(FILES4, DIALOGUES4),
    **dict.fromkeys(FILES5, DIALOGUES5),
    **dict.fromkeys(FILES6, DIALOGUES6),
    **dict.fromkeys(FILES7, DIALOGUES7),
    **dict.fromkeys(FILES8, DIALOGUES8),
}
SCRIPT = {**FILES, **FILES2, **FILES3, **FILES4, **FILES5, **FILES6, **FILES7, **FILES8}
HAN = re.compile(r"[\u4e00-\u9fff]")


def _conversation(name: str) -> dict:
    return json.loads((FOLDER[name] / f"{name}.json").read_text(encoding="utf-8"))


def test_the_folder_holds_the_four_conversations_and_says_what_they_are():
    assert sorted(p.stem for p in DIALOGUES.glob("*.json")) == sorted(FILES)
    readme = (DIALOGUES / "README.md").read_text(encoding="utf-8")
    assert "held out" in readme and "2026-12-06" in readme


@pytest.mark.parametrize(
    ("folder", "files", "written"),
    [
        (DIALOGUES2, FILES2, "2026-12-07"),
        (DIALOGUES3, FILES3, "2026-12-07"),
        (DIALOGUES4, FILES4, "2026-12-07"),
        (DIALOGUES5, FILES5, "2026-12-07"),
        (DIALOGUES6, FILES6, "2026-12-07"),
        (DIALOGUES7, FILES7, "2026-12-07"),
        (DIALOGUES8, FILES8, "2026-12-08"),
    ],
)
def test_each_later_folder_holds_four_more_and_says_what_they_are(folder, files, written):
    assert sorted(p.stem for p in folder.glob("*.json")) == sorted(files)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "held out" in readme and written in readme


@pytest.mark.parametrize("name", sorted(SCRIPT))
def test_each_conversation_has_locomos_shape(name):
    conv = _conversation(name)
    user, other = conv["speaker_a"], conv["speaker_b"]
    sessions = sorted(int(m.group(1)) for k in conv if (m := re.fullmatch(r"session_(\d+)", k)))
    assert sessions == list(range(1, len(sessions) + 1)) and 4 <= len(sessions) <= 6
    days = [parse_session_time(conv[f"session_{n}_date_time"]) for n in sessions]
    assert all(later - earlier >= timedelta(days=1) for earlier, later in zip(days, days[1:]))
    user_turns: set[str] = set()
    for n in sessions:
        for t, turn in enumerate(conv[f"session_{n}"], 1):
            assert turn["dia_id"] == f"D{n}:{t}" and turn["speaker"] in (user, other) and turn["text"].strip()
            if turn["speaker"] == user:
                user_turns.add(turn["dia_id"])
    assert 30 <= len(user_turns) <= 40
    cited: set[str] = set()
    for n in sessions:
        observations = conv[f"session_{n}_observation"]
        assert set(observations) == {user, other}
        for text, dia in observations[user]:
            assert dia in user_turns and dia.startswith(f"D{n}:"), (text, dia)
            assert text.strip().endswith((".", "。")) and (HAN.search(text) if SCRIPT[name] == "han" else True)
            cited.add(dia)
    # durable facts on most of the user's turns, none on the chit-chat ones
    assert 0.5 * len(user_turns) <= len(cited) < len(user_turns)


@pytest.mark.parametrize("name", sorted(SCRIPT))
def test_the_bench_and_replay_read_each_one(name):
    turns, speakers = load_slice(FOLDER[name] / f"{name}.json", 50)
    conv = _conversation(name)
    assert speakers == (conv["speaker_a"], conv["speaker_b"]) and 30 <= len(turns) <= 40
    assert sum(bool(t["gold"]) for t in turns) >= len(turns) // 2
    assert all(t["time"] and t["reply"] != t["message"] for t in turns)
    parsed = parse_locomo(FOLDER[name] / f"{name}.json")
    assert parsed.speakers == speakers and parsed.observations


def test_a_date_the_write_path_added_is_removed_in_either_bracket():
    assert without_grounded_date("Yesterday (2026-12-04) I lost my card. ") == "Yesterday I lost my card."
    assert without_grounded_date("小安，在吗？今天（2026-09-04）累死了") == "小安，在吗？今天累死了"
    assert without_grounded_date("Minggu lepas (2026-W44) mak masuk wad") == "Minggu lepas mak masuk wad"
    assert without_grounded_date("Room (12) is mine") == "Room (12) is mine"


def test_the_bench_reads_the_chinese_conversation_without_a_model_note():
    """A server that reflects nothing: every memory of the model side is its turn's fallback
    episode, the one with the date the write path added in full-width brackets too."""
    with ChatServer() as upstream:
        report = run_reflection_bench(
            BenchOptions(
                llm_url=upstream.url,
                model="none",
                data_dir=DIALOGUES,
                conversation="dlg-zh",
                turns=4,
                pace_s=0.0,
                probe_every=0,
                sample_s=0.2,
                drain_limit_s=120,
            )
        )
    model, none = report["with_model"], report["no_model"]
    assert report["drained"] and report["user"] == "林晓" and report["turns"] == 4
    assert model["model_notes"] == 0 and model["fallback_episodes"] == len(model["written"]) == none["written"]
    assert model["true"] == none["true"] and model["gold_observations"] > 0
