"""The features of a user's message for the learned durable-content score (issue #25).

Pure (text in, sparse vector out), available at write time in both modes, no embedder::

    features("我去喂汤圆了，拜拜")  -> {4102: 0.13, 977: 0.13, ..., 8190: 1.0}

A message is read as two groups of hashed features, ``DIM`` buckets in all (``zlib.crc32`` of
the feature's name, modulo ``DIM``: stable across processes and machines, unlike ``hash``):

- **character n-grams**, n = 1..4, of the message lowercased (NFKC, whitespace collapsed,
  padded with a space), and its **words** (``\\w+``) and word pairs — Chinese needs no word
  cut: its n-grams are its words. Binary, then scaled to unit L2 norm (a long message weighs
  no more than a short one). Read on the first ``MAX_CHARS`` characters (bounded cost).
- **shapes**, each of weight 1: the length in characters and in sentences (log2 buckets), a
  digit, a question mark, an exclamation, and the chit-chat kinds the rule already reads —
  each sentence's kind (:func:`souvenir.lexical.chitchat.sentence_kind`, ``None`` read as
  ``fact``) and the whole message's (:func:`souvenir.lexical.chitchat.chit_chat`).

The weights that read these are learned by ``bench/durable_fit.py``
(:mod:`souvenir.lexical.durable`); a change here changes their meaning: rebuild them.
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from souvenir.lexical.chitchat import chit_chat, sentence_kind
from souvenir.lexical.questions import assertive, sentences

__all__ = ["DIM", "MAX_CHARS", "VERSION", "features"]

#: Hashed buckets (2**13): 8,192 weights, a small file; the collisions it leaves are measured
#: with the rest (bench/durable_fit.py).
DIM = 1 << 13
#: The characters read for n-grams and words (a message is bounded by the API; this bounds
#: the reading).
MAX_CHARS = 2_000
#: The features' version, written beside the weights: weights of another version are refused.
VERSION = 1

_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+")


def _bucket(name: str) -> int:
    return zlib.crc32(name.encode("utf-8")) % DIM


def _log_bucket(n: int) -> int:
    return int(math.log2(n + 1))


def features(text: str) -> dict[int, float]:
    """The message's sparse feature vector: ``{bucket: value}`` (module docstring)."""
    flat = _SPACE.sub(" ", unicodedata.normalize("NFKC", text).lower()).strip()[:MAX_CHARS]
    padded = f" {flat} "
    grams: set[str] = set()
    for n in (1, 2, 3, 4):
        grams.update("c" + padded[i : i + n] for i in range(len(padded) - n + 1))
    words = _WORD.findall(flat)
    grams.update("w" + w for w in words)
    grams.update(f"b{a} {b}" for a, b in zip(words, words[1:]))
    grams.discard("c ")
    out: dict[int, float] = {}
    if grams:
        weight = 1.0 / math.sqrt(len(grams))
        for gram in grams:
            key = _bucket(gram)
            out[key] = out.get(key, 0.0) + weight
    parts = [s for s in sentences(assertive(text[: MAX_CHARS * 2])) if any(ch.isalnum() for ch in s)]
    shapes = {f"len:{_log_bucket(len(flat))}", f"sents:{_log_bucket(len(parts))}", "bias"}
    if any(ch.isdigit() for ch in flat):
        shapes.add("digit")
    if "?" in flat or "？" in text:
        shapes.add("ask")
    if "!" in flat or "！" in text:
        shapes.add("exclaim")
    kinds = [sentence_kind(part) or "fact" for part in parts]
    shapes.update(f"kind:{kind}" for kind in kinds)
    shapes.add(f"facts:{_log_bucket(kinds.count('fact'))}")
    shapes.add(f"chitchat:{chit_chat(text) or 'none'}")
    for shape in shapes:
        key = _bucket("s" + shape)
        out[key] = out.get(key, 0.0) + 1.0
    return out
