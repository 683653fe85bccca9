"""The data ``bench/embedders.py`` measures on, read at run time from ../shared/data:
LoCoMo's turns and questions (evidence ids normalised) and the multilingual suite.

Standalone (does not import ``souvenir``); nothing is copied into the repository.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

KS = (5, 10, 24)
CATEGORIES = (1, 2, 3, 4)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
LANGS = ("fr", "en", "zh", "ms")

# --------------------------------------------------------------------------- data: LoCoMo

_DIA = re.compile(r"^D(\d+):(\d+)$")
_SESSION = re.compile(r"^session_(\d+)$")


def normalise_evidence(raw: str) -> tuple[list[str], str]:
    """(ids, status) for one raw evidence string.

    status: "ok"; "fixed" (spaces / stray colon / case repaired); "split" (several ids in
    one string, e.g. "D8:6; D9:17"); "unreadable" (nothing usable, e.g. "D": dropped).
    """
    text = str(raw)
    parts = [p for p in re.split(r"[;,]|\s(?=D)", text) if p.strip()]
    ids, fixed = [], False
    for part in parts:
        cleaned = re.sub(r"\s+", "", part).upper()
        m = _DIA.match(cleaned) or re.match(r"^D:?(\d+):+(\d+)$", cleaned)
        if not m:
            fixed = True
            continue
        dia = f"D{int(m.group(1))}:{int(m.group(2))}"
        fixed |= dia != part
        ids.append(dia)
    if not ids:
        return [], "unreadable"
    if len(parts) > 1:
        return ids, "split"
    return ids, "fixed" if fixed else "ok"


def load_locomo(directory: Path) -> dict:
    files = sorted(Path(directory).glob("conv-*.json"))
    if not files:
        raise SystemExit(f"no conv-*.json in {directory}")
    convs, malformed = [], []
    skipped = {"category_5": 0, "empty_evidence": 0}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        conv = data.get("conversation", data)
        docs, dia_ids = [], []
        for number in sorted(int(m.group(1)) for k in conv if (m := _SESSION.match(k))):
            for turn in conv[f"session_{number}"] or []:
                text = f"{turn['speaker']}: {turn['text']}"
                if turn.get("blip_caption"):
                    text += f" [shares a photo: {turn['blip_caption']}]"
                docs.append(text)
                dia_ids.append(str(turn["dia_id"]).strip())
        known = set(dia_ids)
        questions = []
        for qa in data.get("qa", []):
            cat = int(qa.get("category", 0))
            evidence: list[str] = []
            for raw in qa.get("evidence", []) or []:
                ids, status = normalise_evidence(raw)
                if status != "ok":
                    malformed.append({"file": path.name, "raw": raw, "status": status, "as": ids})
                evidence += ids
            evidence = list(dict.fromkeys(evidence))
            if cat not in CATEGORIES:
                skipped["category_5"] += 1
                continue
            if not evidence:
                skipped["empty_evidence"] += 1
                continue
            questions.append(
                {
                    "question": str(qa["question"]),
                    "category": cat,
                    "evidence": evidence,
                    "unknown_evidence": [e for e in evidence if e not in known],
                }
            )
        convs.append({"file": path.name, "docs": docs, "dia_ids": dia_ids, "questions": questions})
    return {
        "convs": convs,
        "malformed": malformed,
        "skipped": skipped,
        "files": [p.name for p in files],
        "sha256": {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in files},
    }


def load_multilingual(path: Path) -> dict:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {
        "memories": data["memories"],
        "queries": data["queries"],
        "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16],
    }
