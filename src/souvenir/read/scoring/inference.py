"""Inference questions about a person, and the memories that show who a person is (pure,
no model).

"Would Caroline likely pursue writing as a career?", "Melanie serait-elle partante pour un
parc national ?", "约翰会不会搬到国外？", "Adakah Tim mungkin suka buku C. S. Lewis?": the
answer is not written anywhere; it is inferred from what the person showed of themselves
(their values, goals, likes, work), and the turns that show it seldom share a word or a
topic with the question (LoCoMo's open-domain questions; docs/journal.md, "Open-domain and
multi-hop levers, issue #28"). Two flags:

- :func:`inference_question`: the message asks for an inference — a modal or a hedge.
  EN: "would", "might", "likely", "probably", "possibly" ("could" is left out: "where
  could I buy…" asks for a fact). FR: a conditional of the third person ("serait",
  "aimerait", "pourrait", "voudrait"… : -rait / -raient), "probablement", "sans doute",
  "est-il probable". ZH: 会不会, 可能, 大概, 也许, 是否会, 应该会. MS: "mungkin",
  "agaknya", "barangkali", "kemungkinan".
- :func:`discloses_self`: the memory states something durable about its speaker — a like,
  a value, a wish or a goal, an identity, a work. EN: "I love / enjoy / want to / hope to /
  believe / care about / value", "I'm passionate / into / interested in", "I've always",
  "my dream / goal / passion / job / career", "I work as", "means a lot to me",
  "important to me". FR: "j'adore / j'aime / je veux / j'aimerais / je crois / j'ai
  toujours", "je suis passionné(e)", "mon rêve / objectif / métier / travail", "ma
  passion", "je travaille", "compte beaucoup pour moi", "important pour moi". ZH: 我喜欢,
  我爱, 我想, 我希望, 我相信, 我一直, 我的梦想 / 目标 / 工作, 我热爱, 对我来说很重要.
  MS: "saya suka / minat / mahu / ingin / harap / percaya / sentiasa", "impian / matlamat /
  kerja saya", "saya bekerja", "penting bagi saya".

The rules were written from the four languages' grammar; how often LoCoMo's evidence and
the memories around it carry them is reported in docs/journal.md, never used to build them.
Both are cached by text (a user's candidates rebuilt after a write cost a lookup a memory).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from souvenir.lexical import nfkc_casefold
from souvenir.read.scoring.inference_wide import asks_about_person
from souvenir.read.scoring.levers import ScoringConfig
from souvenir.lexical.text_cache import text_cache

__all__ = ["discloses_self", "for_inference", "inference_question"]

_EN_ASK = re.compile(r"\b(?:would|wouldn't|might|likely|unlikely|probably|possibly)\b")
_FR_ASK = re.compile(
    r"\b(?!(?:portrait|extrait|attrait|retrait|distrait|abstrait|trait)s?\b)\w{2,}(?:rait|raient)\b|\bprobablement\b|\bsans doute\b|\best-il probable\b|\best-ce probable\b"
)
_ZH_ASK = re.compile(r"会不会|可能|大概|也许|是否会|应该会")
_MS_ASK = re.compile(r"\b(?:mungkin|agaknya|barangkali|kemungkinan)\b")
_EN_SELF = re.compile(
    r"\bi\s+(?:really\s+|just\s+|truly\s+|absolutely\s+)?(?:love|enjoy|adore|want to|hope to|believe|care about|value)\b"
    r"|\bi(?:'m| am)\s+(?:really\s+|so\s+|very\s+)?(?:passionate|into|interested in|a\s+\w+|an\s+\w+)\b"
    r"|\bi(?:'ve| have)\s+always\b|\bi work as\b"
    r"|\bmy\s+(?:dream|goal|passion|job|career|values?|faith)\b"
    r"|\bmeans? (?:a lot|so much|everything) to me\b|\bimportant to me\b"
)
_FR_SELF = re.compile(
    r"\bj'(?:adore|aime|aimerais|ai toujours)\b|\bje (?:veux|crois|travaille|rêve)\b"
    r"|\bje suis (?:passionnée?|\w+(?:iste|eur|euse|ier|ière|ien|ienne))\b"
    r"|\b(?:mon (?:rêve|objectif|métier|travail)|ma passion)\b"
    r"|\bcompte beaucoup pour moi\b|\bimportante? pour moi\b"
)
_ZH_SELF = re.compile(
    r"我(?:很|真的|特别|非常)?(?:喜欢|爱|热爱|想|希望|相信|一直)|我的(?:梦想|目标|工作)|对我来说(?:很|非常)?重要"
)
_MS_SELF = re.compile(
    r"\b(?:saya|aku)\s+(?:sangat\s+|memang\s+)?(?:suka|minat|mahu|ingin|harap|percaya|sentiasa|bekerja)\b"
    r"|\b(?:impian|matlamat|kerja)\s+(?:saya|aku)\b|\bpenting bagi (?:saya|aku)\b"
)


@text_cache(20_000)
def inference_question(message: str) -> bool:
    """True when ``message`` asks for an inference (see the module's rules)."""
    text = nfkc_casefold(message).replace("’", "'")
    found = _EN_ASK.search(text) or _FR_ASK.search(text) or _ZH_ASK.search(text) or _MS_ASK.search(text)
    return bool(found)


@text_cache(200_000)
def discloses_self(text: str) -> bool:
    """True when ``text`` states something durable about its speaker (see the module's
    rules)."""
    folded = nfkc_casefold(text).replace("’", "'")
    found = _EN_SELF.search(folded) or _FR_SELF.search(folded) or _ZH_SELF.search(folded) or _MS_SELF.search(folded)
    return bool(found)


def for_inference(
    config: ScoringConfig,
    message: str,
    speaker: str | None,
    speakers: np.ndarray,
    texts: Callable[[], list[str]],
) -> tuple[ScoringConfig, np.ndarray | None]:
    """The configuration for ``message`` and the ``profile`` flags of :func:`fuse`
    (``speaker``'s own memories that :func:`discloses_self`, ``speakers`` per memory,
    ``texts()`` the memories' texts): unchanged and ``None`` unless ``message`` is an
    inference question naming one speaker and a profile lever is on (with
    ``inference_wide``, :func:`~souvenir.read.scoring.inference_wide.asks_about_person`
    reads as one too)."""
    if speaker is None or not (config.profile_bonus or config.inference_w_lexical is not None):
        return config, None
    if not (inference_question(message) or (config.inference_wide and asks_about_person(message))):
        return config, None
    if config.inference_w_lexical is not None:
        config = replace(config, w_lexical=config.inference_w_lexical)
    if not config.profile_bonus:
        return config, None
    return config, _flags(speakers, speaker, texts)


def _flags(speakers: np.ndarray, speaker: str, texts: Callable[[], list[str]]) -> np.ndarray:
    """Per memory: ``speaker``'s own that :func:`discloses_self`."""
    flags = np.zeros(len(speakers), dtype=bool)
    rows = np.flatnonzero(speakers == speaker)
    listed = texts()
    flags[rows] = np.fromiter((discloses_self(listed[i]) for i in rows.tolist()), dtype=bool, count=rows.size)
    return flags
