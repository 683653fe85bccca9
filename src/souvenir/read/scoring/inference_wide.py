"""Inference questions the modal reading leaves out (issue #28, session 23): a question
that asks what a person *could* do or *potentially* is, or which traits describe them — pure
lexical reading, in English, French, Chinese and Malay.

:func:`~souvenir.read.scoring.inference.inference_question` reads a modal or a hedge
("would", "might", "likely", « serait », 会不会, "mungkin") and leaves out "could" ("where
could I buy…" asks for a fact). LoCoMo's open-domain questions also ask "What could John do
after his basketball career?", "What can Andrew potentially do…", "What attributes describe
John?": the answer is inferred from what the person showed of themselves, as for the modal
ones. :func:`asks_about_person` reads those forms:

- EN: "could", "potentially", "attribute(s)", "trait(s)", "personality", "describe(s)".
- FR: « potentiellement », « trait(s) de caractère », « personnalité », « qualités »,
  « décrire » / « décrit » (the conditional « pourrait » is already a modal).
- ZH: 能不能, 有没有可能, 性格, 个性, 特点, 品质, 什么样的人, 形容.
- MS: "berpotensi", "boleh jadi", "sifat", "personaliti", "perwatakan", "menggambarkan".

It counts only where the engine's ``ScoringConfig.inference_wide`` is on, and only as the
modal reading does: for a question naming one speaker (the profile term and BM25's weight of
:func:`~souvenir.read.scoring.inference.for_inference`). Texts are read up to 4,096
characters; no nested repetition (linear time). Nothing here does I/O.
"""

from __future__ import annotations

import re

from souvenir.lexical import nfkc_casefold

__all__ = ["asks_about_person"]

_WIDE = re.compile(
    r"\b(?:could|potentially|attributes?|traits?|personality|describes?)\b"
    r"|\b(?:potentiellement|traits? de caractère|personnalité|qualités|décrire|décrit)\b"
    r"|\b(?:berpotensi|boleh jadi|sifat|personaliti|perwatakan|menggambarkan)\b"
    r"|能不能|有没有可能|性格|个性|特点|品质|什么样的人|形容"
)


def asks_about_person(message: str) -> bool:
    """True when ``message`` asks what someone could do or is like (see the module's rules)."""
    return bool(_WIDE.search(nfkc_casefold(message[:4096])))
