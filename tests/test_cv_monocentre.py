"""The bench's gated question centring and monolingual sub-folds (``bench/cv_monocentre.py``,
docs/journal.md "Monolingual centring, session 8")."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np

from bench import cv_evaluator, cv_monocentre

EN = ["the user likes tea", "the user has a cat", "the user runs on sundays", "the user is a nurse"]
ZH = ["用户喜欢喝茶", "用户有一只猫"]


def _store(texts: list[str], questions: list[str], seed: int = 3):
    rng = np.random.default_rng(seed)
    use = rng.normal(size=(len(texts), 4))
    use /= np.linalg.norm(use, axis=1, keepdims=True)
    q = rng.normal(size=(len(questions), 4))
    return SimpleNamespace(
        name="s",
        use=use,
        e5=use,
        q_use=q,
        q_e5=q,
        memories=[SimpleNamespace(text=t) for t in texts],
        queries=[SimpleNamespace(text=t) for t in questions],
    )


def _pull(ds, gate=None, mean_of="question"):
    return cv_evaluator.Evaluator._language_pull(SimpleNamespace(_pulls={}), ds, "use", gate, mean_of)


def test_gate_shuts_on_a_store_of_two_languages():
    ds = _store(EN + ZH, ["what does the user drink?"])
    assert _pull(ds).any()  # ungated: the English mean pulls
    assert not _pull(ds, gate=0.9).any()  # 4 / 6 in English < 0.9
    assert _pull(ds, gate=0.6).any()  # 4 / 6 ≥ 0.6


def test_gate_open_pulls_the_main_language_questions_only_unless_user_mode():
    ds = _store(EN, ["what does the user drink?", "用户喜欢喝什么？"])
    mean = ds.use.mean(axis=0)
    gated = _pull(ds, gate=0.96)
    assert np.allclose(gated[0], ds.use @ mean)  # the question in English: as ungated
    assert np.allclose(gated[0], _pull(ds)[0])
    assert not gated[1].any()  # asked in Chinese: left alone
    user = _pull(ds, gate=0.96, mean_of="user")
    assert np.allclose(user[1], ds.use @ mean)  # every question by the user's language


def test_monolingual_subfolds_keep_one_declared_language(tmp_path):
    data = {
        "memories": [{"id": "m1", "lang": "en"}, {"id": "m2", "lang": "en"}, {"id": "m3", "lang": "zh"}],
        "queries": [],
    }
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    mems = [SimpleNamespace(id=i, text=t) for i, t in ((1, EN[0]), (2, EN[1]), (3, ZH[0]))]
    queries = [
        SimpleNamespace(text="tea?", gold={"m1"}, group="en", cross=False),
        SimpleNamespace(text="茶？", gold={"m2"}, group="zh", cross=True),
        SimpleNamespace(text="both?", gold={"m1", "m3"}, group="en", cross=True),
    ]
    ds = SimpleNamespace(
        name="ml",
        memories=mems,
        sources={1: {"m1"}, 2: {"m2"}, 3: {"m3"}},
        use=np.eye(3),
        e5=np.eye(3),
        queries=queries,
        q_use=np.eye(3),
        q_e5=np.eye(3),
        extra={},
    )
    subs = {s.name: s for s in cv_monocentre.monolingual_subfolds(ds, path)}
    assert set(subs) == {"ml:en"}  # no query has all its gold in Chinese
    en = subs["ml:en"]
    assert [m.id for m in en.memories] == [1, 2] and en.use.shape == (2, 3)
    assert [q.text for q in en.queries] == ["tea?", "茶？"]
    assert [q.cross for q in en.queries] == [False, True]  # asked in Chinese: cross
    assert queries[1].cross is True and queries[0].cross is False  # the file's queries untouched
