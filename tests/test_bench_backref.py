"""The back-reference dialogue-recall set (#28, ``bench/data/backref``) and its scorer
(``bench/backref.py``): every language's file loads and holds the four kinds; a broken file
is refused with the item named; and the scorer runs one language end to end through the
public library on a real SQLite file (no embedder: the lexical score alone, fast)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from bench.backref import DATA, KINDS, LANGS, MODES, load, run_suite, table

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_loads_with_every_kind_and_enough_memories(lang):
    suite = load(lang)
    per_user = Counter(m.user for m in suite.memories)
    assert len(per_user) >= 3 and min(per_user.values()) >= 40
    kinds = Counter(i.kind for i in suite.items)
    assert set(kinds) == set(KINDS) and len(suite.items) >= 12
    assert all(3 <= len(i.turns) <= 6 and i.turns[-1][0] == "user" for i in suite.items)
    # kind c: the thing is named in an assistant turn, so every such window has one
    assert all(any(r == "assistant" for r, _ in i.turns) for i in suite.items if i.kind == "c")


@pytest.mark.parametrize("lang", LANGS)
def test_each_file_is_written_in_its_language(lang):
    suite = load(lang)
    han = [bool(HAN.search(m.text)) for m in suite.memories]
    assert all(han) if lang == "zh" else not any(han)


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        (lambda d: d["items"][0]["turns"].append({"role": "assistant", "text": "ok"}), "ends with the user's"),
        (lambda d: d["items"][0].__setitem__("gold", ["nope"]), "gold ids"),
        (lambda d: d["items"][0].__setitem__("kind", "e"), "kind"),
    ],
)
def test_a_broken_file_is_refused_naming_the_item(tmp_path: Path, fault, message):
    raw = json.loads((DATA / "ms.json").read_text(encoding="utf-8"))
    fault(raw)
    (tmp_path / "ms.json").write_text(json.dumps(raw, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        load("ms", tmp_path)


def test_the_scorer_runs_a_language_through_the_library(tmp_path: Path):
    suite = load("fr")
    small = type(suite)(suite.lang, suite.memories, suite.items[:3])
    rows = run_suite(small, embedder="none", window_embedder="none")
    assert len(rows) == 3 * len(MODES)
    assert all(0.0 <= r["recall@5"] <= r["recall@10"] <= r["recall@24"] <= 1.0 for r in rows)
    # the control item (fr-q01 names Praline and the vet) finds its gold from the last message alone
    control = next(r for r in rows if r["item"] == "fr-q01" and r["mode"] == "last")
    assert control["hit@5"] == 1.0
    assert "| fr | all | 3 |" in table(rows)
