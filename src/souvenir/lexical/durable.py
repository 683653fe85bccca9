"""A learned reading: does a user's message carry something durable about the user? (issue #25)

Pure (text in, probability out). A logistic regression over
:func:`souvenir.lexical.durable_features.features` (hashed character n-grams, words, shapes and
the chit-chat rule's own kinds; no embedder, so both modes read it the same), its weights and
threshold learned from labelled turns by ``bench/durable_fit.py`` and shipped in
``durable_weights.json`` beside this module::

    durable("I started pottery classes last week")  -> 0.9…   (a fact)
    durable("行，下次聊！886")                         -> 0.0…   (a leave-taking)
    fleeting("行，下次聊！886")                        -> True    (when ON)

:func:`fleeting` is the write path's decision, read where the chit-chat rule decides (no-model
mode's episode, the model mode's fallback episode): a message the rule keeps is dropped too
when ``durable(text) < threshold``. The threshold is read from data, not chosen: it minimises
``cost × gold turns dropped + junk turns kept`` on out-of-fold scores, ``cost`` the price of an
erased fact in repeats kept (docs/model.md, "The durable-content score"); file and numbers:
``bench/durable_fit.py``. ``ENABLED`` says whether the held-out numbers keep it on.

Errors: none raised; a missing or foreign weights file (another features ``VERSION``) reads
every message as durable (nothing dropped).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from souvenir.lexical.durable_features import DIM, VERSION, features

__all__ = ["ENABLED", "WEIGHTS_PATH", "durable", "fleeting"]

#: The shipped weights (rebuilt by ``bench/durable_fit.py --write``).
WEIGHTS_PATH = Path(__file__).with_name("durable_weights.json")
#: Off: held out (leave-one-set-out, nested), the threshold the asymmetric cost reads drops 0
#: of 192 junk dialogue turns and 7 of 1,102 LoCoMo ones (0 gold), not worth a second reading
#: of every message (docs/benchmarks.md, "Session 26, lane model17").
ENABLED = False


@lru_cache(maxsize=1)
def _model() -> tuple[dict[int, float], float] | None:
    try:
        data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION or data.get("dim") != DIM:
        return None
    weights = {int(k): float(v) for k, v in data["weights"].items()}
    return weights, float(data["threshold"])


@lru_cache(maxsize=4096)
def durable(text: str) -> float:
    """The probability (0..1) that ``text`` carries something durable about its writer; 1.0
    when no weights are loaded."""
    model = _model()
    if model is None:
        return 1.0
    weights = model[0]
    z = sum(weights.get(k, 0.0) * v for k, v in features(text).items())
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def threshold() -> float:
    """The shipped decision threshold (0.0 when no weights are loaded: nothing dropped)."""
    model = _model()
    return model[1] if model is not None else 0.0


def fleeting(text: str, enabled: bool = ENABLED) -> bool:
    """The message carries nothing durable by the learned score (``durable(text) <
    threshold()``); always ``False`` when not ``enabled``."""
    return enabled and durable(text) < threshold()
