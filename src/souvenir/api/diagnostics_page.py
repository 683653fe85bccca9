"""The diagnostics page: the same dict as ``diagnostics.json``, rendered as plain HTML.

Server-rendered, no front-end build, every value escaped. Seed 000: without a page showing
why each memory is in the context, nothing could have been tuned.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


#: The fused score's terms, in the order the page shows them: every name
#: :func:`souvenir.read.scoring.fusion.fuse` writes into its ``parts``, no other
#: (``tests/test_diagnostics_parts.py`` holds the two together).
PART_NAMES = (
    "use",
    "e5",
    "bm25",
    "sparse",
    "rank",
    "dated",
    "expansion",
    "neighbours",
    "length",
    "acts",
    "speaker",
    "profile",
    "relative",
    "kind",
    "mood",
    "trait",
    "appraisal",
    "aspect",
    "period",
    "diversity",
    "conversation",
)
#: Parts the records make, not :func:`~souvenir.read.scoring.fusion.fuse`: the conversation's
#: share of the score (:mod:`souvenir.read.explain_conversation`).
RECORDED_PARTS = ("conversation",)
#: Shown for a selection whose message was a request to forget a topic: the selection keeps no
#: copy of its words (:mod:`souvenir.engine.turn_records`), and the page showed it as “”.
UNKEPT_MESSAGE = "(a request to forget: its words are not kept)"
#: Shown for a selection that put no memory in the context (none stored yet, or none that fit;
#: a memory forgotten since leaves its selections too): its table had headers alone.
NOTHING_SELECTED = "No memory selected for this message."
PART_LABELS = {
    "use": "USE",
    "e5": "e5",
    "bm25": "BM25",
    "sparse": "sparse",
    "rank": "RRF",
    "dated": "dated",
    "expansion": "2nd hop",
    "neighbours": "neighbours",
    "length": "length",
    "acts": "report / question",
    "speaker": "speaker",
    "profile": "who they are",
    "relative": "the relative asked about",
    "kind": "the kind asked",
    "mood": "brought up: the user sounds low or asks for what suits them",
    "trait": "an event that shows the trait asked",
    "appraisal": "what one said the other is",
    "aspect": "the kind asked, read alone",
    "period": "period",
    "diversity": "diversity",
    "conversation": "the conversation",
}
#: What each column of a selection says (the page's legend): the score, the memory's rank, and
#: each part by name (the part ``rank``, reciprocal-rank fusion, under ``rank_fusion``).
COLUMN_LEGEND = {
    "score": "the fused score for the message: the sum of the parts to its right (higher is better).",
    "rank": "the memory's place among all the user's candidates by score (1 = best).",
    "use": "closeness in meaning of the message and the memory by the multilingual Universal Sentence "
    "Encoder (cosine, z-scored among the candidates of the memory's language, weighted). A message naming "
    'two of the speakers is read without their names ("What do Jon and Gina both like?" as "What do both '
    'like?"): the turns that address the other by name no longer come first. With the research lever '
    '`self_statement`, a question asking what one person would do or be ("Would Caroline pursue writing?") is '
    'read as that person\'s own statement ("I pursue writing"): their first-person turns come closer.',
    "e5": "the same by multilingual-e5 over the memory with its neighbouring turns (a window of the "
    "conversation), z-scored and weighted; a message naming two speakers read without their names, as for USE.",
    "bm25": "words shared with the message (BM25 over content words and their stems, in every language), "
    "z-scored and weighted (on a small store the z is pooled with typical unrelated memories: every row "
    "may be below 0, the best match least).",
    "sparse": "a sparse lexical signal across languages, z-scored and weighted.",
    "rank_fusion": "reciprocal-rank fusion of USE, e5 and BM25: a memory several signals rank high gains.",
    "dated": 'the memory names a date ("last week (2026-W48)", "in July 2023", 2024年3月), whatever the '
    "message: it gains, as much as it is relevant to the message (the priors' relevance gate).",
    "expansion": "a second pass with the words of the first pass's best memories (pseudo-relevance feedback).",
    "neighbours": "lift from the best first-pass score of the turns just before or after it in the same "
    "session (an answer often sits next to the turn that matches).",
    "length": "a prior on the memory's length (a longer turn says more).",
    "acts": "what the memory does: reporting an event gains, asking a question loses.",
    "speaker": "the message names one speaker: the other speaker's turns lose.",
    "profile": "the message asks what a person would do or like: that person's memories that say who they "
    "are (likes, values, goals, work) gain, and the message's own words (BM25) do not count (with the research "
    "lever `profile_gated`, as much as each is relevant to the message: the priors' relevance gate).",
    "relative": 'the relative asked about: the message names a relative (« ma fille », "my husband", 女儿, '
    '"kakak saya") and the memory names the same relation in any language, or the name the user\'s memories '
    'give them ("The user\'s son, Jun Hao"); it gains.',
    "kind": 'the message asks for a kind (activities, books, pets, places… « quels livres », 哪些宠物, "hobi apa") '
    'and the memory names an instance of it (hiking, « poterie », 小狗): "asked for activities: this memory names '
    "one\"; it gains (the named person's own memories when the message names one).",
    "mood": 'brought up unasked: the message sounds low ("I\'m so stressed", « je suis épuisée », 心情不好, '
    '"saya sedih") or asks for something good without naming it ("Tell me something nice", 说点开心的), and the '
    "memory tells of something good or a preference (a happy day, a favourite); or the message asks what suits "
    'the user ("What would you recommend?", « ce n\'est pas mon truc », "yang biasa") and the memory is a '
    "preference. It gains, as much as it is relevant to the conversation (the priors' relevance gate), never an "
    "unrelated one.",
    "trait": 'the message asks about a trait ("Would Caroline be considered religious?", « sportive », 爱国, '
    '"patriotik") and the memory, the named person\'s own, tells of an event that shows it (a church, « la '
    'messe », 参军, "gereja"); it gains.',
    "appraisal": 'the message asks what one person thinks of the other ("What might Melanie say Caroline is '
    'like?", « que pense Mélanie de Caroline », 梅兰妮觉得卡罗琳…, "menurut Melanie") and the memory is the first '
    "one's turn telling the other what they are (\"you're so thoughtful!\"); it gains.",
    "aspect": 'the message names the kind of its answer ("What European countries has Maria been to?", « quels '
    'livres », 哪些欧洲国家, "aktiviti apa") and that part alone ("European countries") was read against the '
    'memory by the embedders: a memory naming an instance of it ("we flew to Spain") gains, one far from it loses.',
    "period": "the message names a day, month or year: memories dated in it gain.",
    "diversity": "the 2nd, 3rd… memory of one session loses a little (the places spread over sessions).",
    "conversation": "a short message is read with the conversation: the last turns of the messages the caller "
    "sent (the newest weighs most) move USE, e5 and BM25. This part is what reading them added to the memory's "
    "score (or took from it) against the message alone; the other parts are then the message alone's. The turns "
    "read are shown under the message.",
}
#: The six passes of the selection (souvenir.read.selection), for the legend.
PASS_LEGEND = {
    "rule": "a rule: always in, outside the 24 places.",
    "pinned": "pinned by hand.",
    "global": "what is durable about the user (global scope), up to a quarter of the places.",
    "semantic": "the message recalls it (score at or above the floor), best first.",
    "quota": "the places kept per kind (facts, preferences, promises, episodes).",
    "rescue": "the best of the rest, until the places are full.",
}


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


#: Longest cell value, in characters, read as one token (a time, an action, a reason code, an
#: id, a model's name) and kept on one line: the longest the page shows is a time, 20.
TOKEN_CHARS = 32


def _cell(value: object) -> str:
    """One ``<td>``: a short ASCII value without a blank (a time, an id, a reason code) is one token
    kept on one line (``class='tok'``), so the long text beside it cannot squeeze its column to
    a letter's width ("actio|n"); any other text wraps, anywhere if it must."""
    text = "" if value is None else str(value)
    token = 0 < len(text) <= TOKEN_CHARS and text.isascii() and not any(c.isspace() for c in text)
    return f"<td class='tok'>{escape(text)}</td>" if token else f"<td>{escape(text)}</td>"


def _table(headers: list[str], rows: list[list[object]], cls: str = "") -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
    klass = f" class='{cls}'" if cls else ""
    return f"<table{klass}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _legend(names: list[str]) -> str:
    """How to read a selection's table: each pass, the score, the rank and every part shown.
    One line above the first table naming the columns, opening on the legend (``<details>``:
    the memories stay on the first screen; no script)."""
    passes = " · ".join(f"<b>{escape(p)}</b> {escape(text)}" for p, text in PASS_LEGEND.items())
    columns = [("score", COLUMN_LEGEND["score"]), ("rank", COLUMN_LEGEND["rank"])]
    columns += [(PART_LABELS.get(n, n), COLUMN_LEGEND.get("rank_fusion" if n == "rank" else n, "")) for n in names]
    cols = "".join(f"<div><dt>{escape(label)}</dt> <dd>{escape(text)}</dd></div>" for label, text in columns if text)
    shown = ", ".join(escape(label) for label, _ in columns)
    return (
        "<details class='legend'><summary>What the columns say: pass, " + shown + "</summary>"
        "<p>Each memory the context held, in the order the passes admitted it: its text, why (open a "
        "line for the whole reason), its score and the score's parts (signed z-scores, weighted: they "
        f"sum to the score).</p><p><b>pass</b>: {passes}</p><dl>{cols}</dl></details>"
    )


#: Where a narrow column's header may break a long word (a soft hyphen), by word.
_BREAKS = {
    "neighbours": "neigh\u00adbours",
    "speaker": "speak\u00ader",
    "question": "ques\u00adtion",
    "diversity": "diver\u00adsity",
    "conversation": "con\u00adver\u00adsa\u00adtion",
}


def _header(label: str) -> str:
    """A narrow column's header: a long word may break at a soft hyphen (``neigh-bours``)."""
    return " ".join(escape(_BREAKS.get(w, w if len(w) <= 6 else w[:5] + "\u00ad" + w[5:])) for w in label.split(" "))


def _short_reason(reason: str, pass_name: str) -> str:
    """The reason's first clause, without the pass name it starts with (the line shows it)."""
    text = reason.removeprefix(f"{pass_name}:").strip()
    return text.split(", ")[0].split("; ")[0]


def _picks(items: list[dict], names: list[str], turns: Sequence[str] = ()) -> str:
    """One selection: per memory its text first (kind, source, id and day under it), a
    one-line reason that opens on the whole (``<details>``: no script), the score, the rank
    and each part of the score (its own narrow column, explained by the legend). ``turns``:
    the conversation the message was read with, named in the reason of a memory it moved."""
    cols = (
        "<colgroup><col style='width:2.2em'><col><col style='width:12.5em'><col style='width:4.6em'>"
        "<col style='width:3.4em'>" + "<col style='width:3.6em'>" * len(names) + "</colgroup>"
    )
    head = (
        "<tr><th class='num'>#</th><th>memory</th><th>why</th><th class='num'>score</th><th class='num'>rank</th>"
        + "".join(f"<th class='num'>{_header(PART_LABELS.get(n, n))}</th>" for n in names)
        + "</tr>"
    )
    rows = []
    for i, it in enumerate(items):
        meta = " · ".join(str(v) for v in (it["kind"], it.get("source"), f"id {it['id']}", it.get("day")) if v)
        reason = str(it["reason"] or "")
        lifted = (it.get("parts") or {}).get("conversation")
        if turns and lifted is not None and abs(lifted) >= 0.005:
            reason += f"; read with the conversation ({lifted:+.2f}): " + " · ".join(f"“{t}”" for t in turns)
        why = (
            f"<details><summary><span class='pass'>{escape(str(it['pass']))}</span> "
            f"{escape(_short_reason(reason, str(it['pass'])))}</summary><p>{escape(reason)}</p></details>"
        )
        score = "" if it["score"] is None else f"{it['score']:.3f}"
        cells = [
            f"<td class='num'>{i + 1}</td>",
            f"<td><div class='text'>{escape(str(it['text']))}</div><div class='meta'>{escape(meta)}</div></td>",
            f"<td>{why}</td>",
            f"<td class='num'>{score}</td>",
            f"<td class='num'>{escape('' if it.get('rank') is None else str(it['rank']))}</td>",
        ]
        cells += [f"<td class='num'>{_part(it, n)}</td>" for n in names]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table class='picks'>{cols}<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"


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
    names = _part_names([it for sel in data["selections"] for it in sel["items"]])
    parts = [
        f"<h1>{escape(title)}</h1>",
        f"<p>Embedder {escape(str(index['embedder']))}, this user's indexer backlog "
        f"<b class='backlog'>{total}</b>"
        + (f" (memories not embedded yet, per index: {backlog})" if backlog else "")
        + ".</p>",
        "<h2>Last selections</h2>",
        _legend(names),
    ]
    if not data["selections"]:
        parts.append("<p>No selection yet.</p>")
    for sel in data["selections"]:
        state = f" — degraded: {escape(sel['cause'] or '')}" if sel["degraded"] else ""
        said = f"“{escape(sel['message'])}”" if sel["message"] else UNKEPT_MESSAGE
        parts.append(f"<h3>{escape(sel['time'])}: {said}{state}</h3>")
        turns = sel.get("conversation") or []
        if turns:
            said = " · ".join(f"“{escape(t)}”" for t in turns)
            parts.append(f"<p class='conversation'>read with the conversation: {said}</p>")
        if sel["items"]:
            parts.append(_picks(sel["items"], _part_names(sel["items"]), turns))
        else:  # a table of headers alone read as a page that failed to load
            parts.append(f"<p>{NOTHING_SELECTED}</p>")
    never = data.get("never_served") or []
    parts.append("<h2>Never served</h2>")
    parts.append("<p>Candidates that never entered a context, most often passed over first.</p>")
    parts.append(
        _table(
            ["memory", "id", "kind", "candidate", "dated"],
            [[n["text"], n["id"], n["kind"], n["candidate"], n["date"]] for n in never],
            "mem-first",
        )
        if never
        else "<p>None.</p>"
    )
    parts.append("<h2>Forgetting counters</h2>")
    parts.append(
        "<p>Candidate: the turns it was a candidate in; served: the contexts it entered; "
        "served by the semantic pass: those where the message recalled it.</p>"
    )
    parts.append(
        _table(
            ["memory", "id", "kind", "candidate", "served", "served by the semantic pass"],
            [
                [
                    c["text"],
                    c["id"],
                    c["kind"],
                    c["counters"]["candidate"],
                    c["counters"]["served"],
                    c["counters"]["served_semantic"],
                ]
                for c in data["counters"]
            ],
            "mem-first",
        )
    )
    parts.append("<h2>Incidents: degraded turns, dropped items, rejected summaries</h2>")
    parts.append(
        _table(["time", "kind", "cause"], [[d["time"], d["kind"], d["detail"]] for d in data["incidents"]])
        if data["incidents"]
        else "<p>None.</p>"
    )
    parts.append("<h2>Write decisions and drops</h2>")
    writes = data.get("writes") or []
    parts.append(
        _table(
            ["time", "action", "reason", "memory id", "detail"],
            [[w["time"], w["action"], w["reason"], w.get("memory_id") or "", w["detail"]] for w in writes],
        )
        if writes
        else "<p>None yet.</p>"
    )
    parts.append("<h2>Parked reflections</h2>")
    parts.append(
        _table(
            ["job", "kind", "turn", "attempts", "model", "error", "failing since", "parked at"],
            [
                [
                    p["id"],
                    p["job"],
                    p["turn_id"],
                    p["attempts"],
                    p.get("model") or "",
                    p["error"],
                    p.get("failing_since") or "",
                    p["parked_at"],
                ]
                for p in data["parked"]
            ],
        )
        if data["parked"]
        else "<p>None.</p>"
    )
    parts.append("<h2>Profile</h2>")
    parts.append(_table(["key", "value"], [[k, _profile_value(v)] for k, v in sorted(data["profile"].items())]))
    style = (
        "body{font-family:sans-serif;margin:1.5em auto;max-width:120em;padding:0 1.5em;line-height:1.35}"
        "table{border-collapse:collapse;margin-bottom:1em;width:100%}"
        "td,th{border:1px solid #ccc;padding:.2em .45em;text-align:left;vertical-align:top;"
        "white-space:pre-line;overflow-wrap:anywhere}th{background:#eee;font-weight:600;overflow-wrap:normal}"
        "td.tok{white-space:nowrap;overflow-wrap:normal}"
        "table.picks{table-layout:fixed;font-size:.9em}"
        "table.picks td.num,table.picks th.num{text-align:right;white-space:nowrap;"
        "font-variant-numeric:tabular-nums;overflow-wrap:normal;overflow:hidden}"
        "table.picks th.num{white-space:normal;overflow-wrap:normal;hyphens:manual;font-size:.85em}"
        ".meta{color:#666;font-size:.85em;margin-top:.2em}"
        "details>summary{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;cursor:pointer}"
        "details[open]>summary{white-space:normal}details p{margin:.3em 0 0}"
        ".pass{font-weight:600}.conversation{color:#444;margin:-.4em 0 .5em}"
        "table.mem-first td:first-child{width:55%}"
        ".legend{font-size:.85em;color:#333;margin:.5em 0 1em}.legend p{margin:.3em 0}"
        "details.legend>summary{white-space:normal;color:#444}"
        ".legend dl{columns:2 36em;column-gap:2em;margin:.3em 0 1em}"
        ".legend dl div{break-inside:avoid;margin-bottom:.15em}"
        ".legend dt{display:inline;font-weight:600}.legend dd{display:inline;margin:0}"
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
        f"<style>{style}</style></head><body>{''.join(parts)}</body></html>"
    )
