"""The diagnostics page: the same dict as ``diagnostics.json``, rendered as plain HTML.

Server-rendered, no front-end build, every value escaped. Seed 000: without a page showing
why each memory is in the context, nothing could have been tuned.
"""

from __future__ import annotations

from html import escape


#: The fused score's terms, in the order the page shows them (souvenir.read.scoring.fusion).
PART_NAMES = ("use", "e5", "bm25", "rank", "dated", "expansion", "neighbours", "length", "acts", "speaker",
              "period", "coverage", "diversity")
PART_LABELS = {"use": "USE", "e5": "e5", "bm25": "BM25", "rank": "RRF", "dated": "dated",
               "expansion": "2nd hop", "neighbours": "neighbours", "length": "length",
               "acts": "report / question", "speaker": "speaker", "period": "period", "coverage": "coverage",
               "diversity": "diversity"}


def _part_names(items: list[dict]) -> list[str]:
    """The parts any of ``items`` holds, known ones in :data:`PART_NAMES`' order, then any
    other (a term added to the score later still shows, so the parts still sum to it)."""
    held = {n for it in items for n, v in (it.get("parts") or {}).items() if v}
    return [n for n in PART_NAMES if n in held] + sorted(held - set(PART_NAMES))


def _part(item: dict, name: str) -> str:
    value = (item.get("parts") or {}).get(name)
    if value is None:
        return ""
    return "0" if abs(value) < 0.005 else f"{value:+.2f}"


def _table(headers: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape('' if v is None else str(v))}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _profile_value(value: object) -> object:
    """A profile value as a person reads it: a list (``last_queries``) one item a line."""
    if isinstance(value, list):
        return "\n".join(str(v) for v in value)
    return value


def render_page(data: dict) -> str:
    """HTML of :class:`souvenir.schemas.Diagnostics` dumped as JSON-ready data."""
    user = data["user"]
    title = f"Souvenir diagnostics: {user['channel']}:{user['id']}" + (f" / {user['story']}" if user["story"] else "")
    index = data["index"]
    per_index = index.get("indexes") or {}
    backlog = ", ".join(f"{escape(name)} {count}" for name, count in per_index.items())
    total = sum(per_index.values()) if per_index else index["backlog"]
    parts = [f"<h1>{escape(title)}</h1>",
             f"<p>Embedder {escape(str(index['embedder']))}, this user's indexer backlog "
             f"<b class='backlog'>{total}</b>"
             + (f" (memories not embedded yet, per index: {backlog})" if backlog else "") + ".</p>",
             "<h2>Last selections</h2>",
             "<p>Rank: the memory's place among all candidates by score. The score's parts "
             "(z-scores, signed) sum to the score.</p>"]
    if not data["selections"]:
        parts.append("<p>No selection yet.</p>")
    for sel in data["selections"]:
        state = f" — degraded: {escape(sel['cause'] or '')}" if sel["degraded"] else ""
        parts.append(f"<h3>{escape(sel['time'])}: “{escape(sel['message'])}”{state}</h3>")
        names = _part_names(sel["items"])
        parts.append(_table(["#", "id", "pass", "reason", "score", "rank"] + [PART_LABELS.get(n, n) for n in names]
                            + ["kind", "source", "memory"],
                            [[i + 1, it["id"], it["pass"], it["reason"],
                              "" if it["score"] is None else f"{it['score']:.3f}", it.get("rank")]
                             + [_part(it, n) for n in names]
                             + [it["kind"], it["source"], it["text"]] for i, it in enumerate(sel["items"])]))
    never = data.get("never_served") or []
    parts.append("<h2>Never served</h2>")
    parts.append("<p>Candidates that never entered a context, most often passed over first.</p>")
    parts.append(_table(["id", "kind", "candidate", "dated", "memory"],
                        [[n["id"], n["kind"], n["candidate"], n["date"], n["text"]] for n in never])
                 if never else "<p>None.</p>")
    parts.append("<h2>Forgetting counters</h2>")
    parts.append(_table(["id", "kind", "candidate", "served", "served by the semantic pass", "memory"],
                        [[c["id"], c["kind"], c["counters"]["candidate"], c["counters"]["served"],
                          c["counters"]["served_semantic"], c["text"]] for c in data["counters"]]))
    parts.append("<h2>Degraded turns and dropped items</h2>")
    parts.append(_table(["time", "kind", "cause"], [[d["time"], d["kind"], d["detail"]] for d in data["degraded"]])
                 if data["degraded"] else "<p>None.</p>")
    parts.append("<h2>Write decisions and drops</h2>")
    writes = data.get("writes") or []
    parts.append(_table(["time", "action", "reason", "detail"],
                        [[w["time"], w["action"], w["reason"], w["detail"]] for w in writes])
                 if writes else "<p>None yet.</p>")
    parts.append("<h2>Parked reflections</h2>")
    parts.append(_table(["job", "kind", "turn", "attempts", "model", "error", "failing since", "parked at"],
                        [[p["id"], p["job"], p["turn_id"], p["attempts"], p.get("model") or "", p["error"],
                          p.get("failing_since") or "", p["parked_at"]]
                         for p in data["parked"]]) if data["parked"] else "<p>None.</p>")
    parts.append("<h2>Profile</h2>")
    parts.append(_table(["key", "value"], [[k, _profile_value(v)] for k, v in sorted(data["profile"].items())]))
    style = ("body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse;"
             "margin-bottom:1em}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;"
             "vertical-align:top;white-space:pre-line}th{background:#eee}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>")
