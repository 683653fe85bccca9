"""Score the matching of chat requests to forget against a file of cases (pure, no store).

A case (one JSON object a line): ``request`` (the user's message), ``memories`` (the user's
active memories, texts), ``erase`` (indices that must be erased), ``keep`` (indices that
must stay; a memory in neither may go either way), optional ``proposed`` (indices the
reflection model proposes to forget) and ``ambiguous`` (the request must erase nothing and
be recorded as a decision). Files: ``tests/cases/forget_near_tune.jsonl`` (the tuning half)
and ``tests/cases/forget_near_heldout.jsonl`` (held out: not tuned on).

Shape::

    score_file(Path("tests/cases/forget_near_tune.jsonl"))
    -> ForgetScore(right=21, wrong=0, missed=2, asked=2, asked_expected=2, cases=30, failed=("T-zh-4", …))

``right``: memories erased that had to be; ``wrong``: memories erased that had to stay
(the worst error: a fact lost); ``missed``: memories to erase left active (the user's will
broken); ``asked``: ``ambiguous`` cases recorded as a decision with nothing erased.
Run: ``python -m souvenir.bench.forget_eval FILE…``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget

__all__ = ["ForgetScore", "score_file"]


@dataclass(frozen=True, slots=True)
class ForgetScore:
    """Counts over one file (module docstring); ``failed``: the ids of cases not passed."""

    right: int
    wrong: int
    missed: int
    asked: int
    asked_expected: int
    cases: int
    failed: tuple[str, ...]


def score_file(path: Path) -> ForgetScore:
    """Run every case of ``path`` through :func:`match_forget` (module docstring).

    Raises ``OSError`` when the file cannot be read, ``ValueError`` on a line that is not JSON."""
    right = wrong = missed = asked = expected = cases = 0
    failed: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        cases += 1
        pool = [Memory(i + 1, 1, text) for i, text in enumerate(case["memories"])]
        proposed = [i + 1 for i in case.get("proposed", [])]
        found = match_forget(forget_requests(case["request"]), pool, proposed)
        erased = {i - 1 for i in found.erase}
        must, stay = set(case["erase"]), set(case["keep"])
        ok = must <= erased and not (erased & stay)
        right += len(erased & must)
        wrong += len(erased & stay)
        missed += len(must - erased)
        if case.get("ambiguous"):
            expected += 1
            hit = found.ambiguous and not erased
            asked += hit
            ok = ok and hit
        if not ok:
            failed.append(case["id"])
    return ForgetScore(right, wrong, missed, asked, expected, cases, tuple(failed))


def main(argv: list[str]) -> int:
    """Print one line of counts per file."""
    for name in argv:
        s = score_file(Path(name))
        print(
            f"{name}: cases {s.cases - len(s.failed)}/{s.cases} pass; erased right {s.right}, wrong {s.wrong}, "
            f"missed {s.missed}; ambiguous recorded {s.asked}/{s.asked_expected}; failed {' '.join(s.failed) or '-'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
