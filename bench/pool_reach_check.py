"""Every text of the given case files against all the others, full scan vs the pool index (#28/#26).

Usage: ``python bench/pool_reach_check.py FILE.jsonl [FILE.jsonl ...]``.
The admit cases' stored and incoming wordings of all the files make one store; each wording is then
a candidate against all the others: ``admission.decide`` with and without the user's
:class:`~souvenir.write.pool_reach.PoolIndex`, and each pairwise reader (elaboration, flip with its
refusals, restatement) on the narrowed and on the whole pool. Prints the store's size, the
candidates, the mean share of the store the readers read, and every difference (none expected).
"""

from __future__ import annotations

import json
import statistics
import sys
from datetime import datetime, timezone

from souvenir.ground.types import Candidate, Memory
from souvenir.write import admission
from souvenir.write.admission import _elaboration, _flip, _restated
from souvenir.write.pool_reach import PoolIndex

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)


def main(paths: list[str]) -> int:
    texts: list[str] = []
    for path in paths:
        for line in open(path, encoding="utf-8"):
            row = json.loads(line) if line.strip() else {}
            if row.get("kind") == "admit":
                texts += [e["text"] for e in row.get("existing", [])] + [row["incoming"]["text"]]
    texts = list(dict.fromkeys(texts))
    memories = [Memory(id=i + 1, user_id=1, text=t, created_at=NOW, updated_at=NOW) for i, t in enumerate(texts)]
    index = PoolIndex()
    index.sync(memories)
    diffs, shares = 0, []
    for m in memories:
        pool = [o for o in memories if o.id != m.id]
        near = index.near(m.text, pool)
        shares.append(len(near) / max(1, len(pool)))
        c = Candidate(text=m.text, kind="fact", scope="global", time=NOW)
        r1: list[str] = []
        r2: list[str] = []
        same = (
            admission.decide(c, pool, NOW, index) == admission.decide(c, pool, NOW)
            and _flip(m.text, near, r1) == _flip(m.text, pool, r2)
            and r1 == r2
            and _elaboration(m.text, near) == _elaboration(m.text, pool)
            and _restated(m.text, near, NOW) == _restated(m.text, pool, NOW)
        )
        if not same:
            diffs += 1
            print("DIFF", repr(m.text))
    print(
        json.dumps(
            {
                "memories": len(memories),
                "candidates": len(memories),
                "mean_share_read": round(statistics.mean(shares), 4),
                "differences": diffs,
            }
        )
    )
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
