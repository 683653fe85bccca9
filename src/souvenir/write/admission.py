"""Admission of one candidate memory: insert, absorb, replace or supersede (pure).

Seed 000, « Dédoublonner » and « Le sens de la fusion », with the shared ``admit``
cases. The caller (the store) applies the decision; nothing here does I/O, and "now"
is passed in.

Rules, in order:

1. The candidate's relative dates are grounded against the time it was said
   (``candidate.time``, else ``now``): "demain" → "demain (2025-06-03)".
2. It is compared with the user's *active* memories of the same scope (and the same
   story for story scope). Rules (kind ``rule``) are compared with rules only, and the
   other kinds with each other (the extractor labels one fact ``fact`` one day and
   ``preference`` the next).
3. Best score ≥ SIMILARITY_THRESHOLD (0.80) → duplicate, when the two wordings are one
   fact: one covers the other's content words (:func:`coverage`) and they are not about
   different people or labelled attributes
   (:func:`souvenir.lexical.referents.different_referents`). Issue #14: above 0.80 a
   long sentence keeps a sequence ratio of 0.83–0.94 when one object or one name changes
   ("Gina's favorite dance style…" / "Jon's…", "Zhao Xiao — neighbour" / "Li Lei —
   neighbour"); such a match is refused (noted in the reason) and the next best tried.
   The newest wording wins (``replace``: the caller keeps the old wording as history and
   dates the memory with the new one) when it covers the old one; a new wording whose
   words are all in the stored one (or the very same tokens) brings nothing → ``absorb``:
   nothing rewritten, and the date is not refreshed (seed 000: a fact one keeps repeating
   would otherwise monopolise the top of the recency ranking).
4. Otherwise, a correction: the candidate says the same proposition as a stored memory
   with the opposite polarity (:mod:`souvenir.lexical.proposition`: the same content
   outside negators, change markers and frequency / "now" adverbs; a negator, an antonym
   verb — loves / hates, adore / déteste, 喜欢 / 讨厌, suka / benci — or an ended state —
   used to, 以前, autrefois, dulu, quit): ``supersede`` — the candidate becomes active,
   the old memory is superseded (history). "Is allowed…" → "Is not allowed…", 每天都喝奶茶
   → 不再喝奶茶了, "Loves horror movies" → "Hates horror movies now", "Main badminton setiap
   minggu" → "Dulu main badminton, sekarang tak main lagi". A stored memory that says
   more than the candidate ("allergic to peanuts and shellfish" against "no longer
   allergic to peanuts") is a different proposition: it stays active beside it (a
   repeat, never a loss). No score decides this rule.
5. Otherwise, a keyed correction (issue #3 item 4): the candidate gives a keyed value
   about the user (:mod:`souvenir.lexical.keyed`: home city / region / country / address,
   employer, occupation, delivery address, phone, e-mail, name) that a stored memory
   gives with a *different* value — "Lives in Ipoh" → "Moved to Penang", "Travaille
   chez Airbus" → "Travaille chez Thales", 在马来亚银行工作 → 在联昌银行工作, "Alamat
   penghantaran: …" → another address: ``supersede``. Only a stored memory that the
   candidate fully outdates is superseded (:func:`souvenir.lexical.keyed.outdates`: every
   clause of it is keyed and every one of its keys is in the candidate): "Lives in Ipoh
   and has two cats" is not superseded by "Moved to Penang" (the cats would leave the
   active memories with the town), the candidate is inserted beside it. A memory whose
   key disagrees with the candidate is never its duplicate either (rules 3 and 4 skip
   it): "Works at Bank Negara Malaysia as a senior analyst in KL" can never absorb
   "Works at Bank Islam as a senior analyst in KL" however close the wordings. Same key
   and same value ("Lives in Ipoh" / "Lives in Ipoh, Perak") is left to rules 3 and 4.
   With several outdated memories (stored before this rule), the most recently dated
   one is superseded: a decision has one target.
6. Otherwise ``insert``.

Time order, not arrival order (review of the write path: a 2020 "Is vegetarian"
imported after a 2025 "Is not vegetarian" superseded it; a 2020 richer wording replaced
a 2025 one and moved its date back to 2020). "Later" in rules 3 to 5 means said later:
when the candidate was said strictly before the date of the memory it matches
(:func:`said_before`: ``candidate.time``, else ``now``, against the memory's
``updated_at``, else ``created_at``), it is ``absorb``-ed into that memory instead —
whether it is a duplicate (richer or not), a polarity flip, or a keyed value the newer
memory outdates ("Lives in Ipoh" said in 2020, arriving after "Moved to Penang" said in
2024, is absorbed into the Penang memory; with several, into the earliest of the newer
ones; an older statement that says more than its key, "Lives in Ipoh and has two cats",
is inserted). The newer memory keeps its wording, its status and its date; the older
statement is kept as its history (the absorbed wording, with the date it was said),
never lost and never selected. A candidate said at the same moment as the memory is
judged by arrival, as before. An older candidate that matches nothing is inserted with
its own (older) date.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from souvenir.write import reasons as R
from souvenir.write.back_over import return_over
from souvenir.lexical.restated_fee import restates_fee
from souvenir.write.dedup import Fingerprint, best_match, fingerprint, raw_score
from souvenir.write.filters._clauses import clauses
from souvenir.lexical.moved_span import moved_by_span
from souvenir.lexical.dates import ground_dates
from souvenir.lexical.duration import temporary_end
from souvenir.lexical.keyed import (
    UserKeys,
    changed_from,
    changed_keys,
    outdates,
    same_value,
    user_keys,
)
from souvenir.lexical.referents import different_referents, lead_relative
from souvenir.lexical.resumption import back_again, resumes
from souvenir.lexical.restated import (
    elaborates,
    ends_state,
    moved_date,
    names_wrong_value,
    restates_amount,
    swaps_value,
    changes_state,
)
from souvenir.lexical.switched import switches_from
from souvenir.lexical.cancelled_orders import cancel_not_done, cancels_order
from souvenir.lexical.told_again import told_again_free
from souvenir.lexical.story_steps import another_money_event, another_occurrence, later_step
from souvenir.lexical.waits_over import ends_wait
from souvenir.lexical.ended_by import ends_by_verb
from souvenir.lexical.proposition import (
    correction_statement,
    is_flip,
    proposition,
    statements,
    stems,
)
from souvenir.ground.types import Candidate, Memory
from souvenir.write.pool_reach import PoolIndex
from souvenir.write.keyed_pool import as_key, job_moved, key_conflicts, names_old, user_names
from souvenir.lexical.text_cache import text_cache

__all__ = ["Decision", "decide", "coverage", "not_one_fact", "comparable", "said_before", "ACTIONS", "REASONS"]

ACTIONS: tuple[str, ...] = ("insert", "absorb", "replace", "supersede")
#: ``Decision.code``: why, in one word (the label of ``souvenir_write_decisions_total``).
REASONS: tuple[str, ...] = (
    "new",
    "kept_beside",
    "keyed_partial",
    "duplicate",
    "said_before",
    "flip",
    "flip_said_before",
    "keyed",
    "keyed_said_before",
    "keyed_back",
)


@dataclass(frozen=True, slots=True)
class Decision:
    """What to do with a candidate.

    ``action``: one of ACTIONS. ``target_id``: the stored memory absorbed into,
    replaced or superseded (``None`` for ``insert``). ``score``: the deciding score —
    the dedup score for absorb/replace, 1.0 for a polarity flip (the same proposition;
    no score decides it), the uncapped dedup score for a keyed correction or an older
    keyed value absorbed as history (only informative: the keys decide), 0.0 for a plain insert (no stored memory
    reached the threshold). ``text``: the candidate's text with grounded dates, the
    text to store (unused by ``absorb``). ``reason``: one sentence for the diagnostics
    page. ``code``: the reason's kind, a short fixed word for counting (``REASONS``).
    """

    action: str
    target_id: int | None
    score: float
    text: str
    reason: str = ""
    code: str = ""
    retires: tuple[int, ...] = ()
    """Memories that move to history beside an ``absorb`` or a ``replace`` (``keyed_back``: the value
    between an older memory and the return to it), superseded by ``target_id``."""


def comparable(candidate: Candidate, memory: Memory) -> bool:
    """True when ``memory`` is in the comparison pool of ``candidate`` (rule 2)."""
    if memory.status != "active" or memory.scope != candidate.scope:
        return False
    if candidate.scope == "story" and memory.story_id != candidate.story_id:
        return False
    return (memory.kind == "rule") == (candidate.kind == "rule")


def said_before(said_at: datetime, memory: Memory) -> bool:
    """True when a statement made at ``said_at`` is older than ``memory``'s current
    wording (its ``updated_at``, else ``created_at``; a memory without a date is never
    newer). Such a statement neither replaces nor supersedes it (module docstring)."""
    dated = memory.updated_at or memory.created_at
    return dated is not None and said_at < dated


def warm(text: str, said_at: datetime) -> None:
    """Read ``text`` (a candidate said at ``said_at``) as :func:`decide` reads it, into the
    lexical caches, before the caller takes the store's write lock: inside it, :func:`decide`
    then compares the user's memories only (a 16 KB message's reading held the lock for
    seconds, past the wait of every other writer)."""
    grounded = ground_dates(text.strip(), said_at)
    fingerprint(grounded)
    user_keys(grounded)
    proposition(grounded)
    _not_a_statement(grounded)


def decide(
    candidate: Candidate,
    existing: Sequence[Memory],
    now: datetime,
    index: PoolIndex | None = None,
    history: Sequence[tuple[Memory, int]] = (),
) -> Decision:
    """Decide how ``candidate`` enters a store holding ``existing`` (the user's memories).

    ``now`` is used for date grounding when ``candidate.time`` is ``None``.
    ``existing`` may hold inactive memories and other scopes: they are filtered here.
    Ties between equally similar memories go to the first in ``existing`` order.
    ``index``: the user's :class:`~souvenir.write.pool_reach.PoolIndex` (the caller keeps it in step
    with ``existing``): the fingerprints it keeps, and the pairwise readers (rules 3–4's elaboration,
    flip and restatement) read only the memories that share a reach key with the candidate — the
    same decision as without it, at a cost that follows those memories, not the store.
    A return over a move away no key reads (:func:`souvenir.write.back_over.return_over`) takes the
    older memory back and retires the move; ``history`` (``(superseded memory, the id that superseded
    it)``, the store's ``superseded_by_any`` of :func:`~souvenir.write.back_over.away_ids`) lets it reach
    an older memory the move superseded: the new wording then supersedes the moves.
    """
    decision = _decide(candidate, existing, now, index)
    if decision.retires or decision.action not in ("insert", "replace", "absorb"):
        return decision
    said_at = candidate.time or now
    pool = [m for m in existing if comparable(candidate, m)]
    older = [(m, by) for m, by in history if comparable(candidate, replace(m, status="active"))]
    over = return_over(decision.text, pool, said_at, older)
    if over is None or (decision.target_id is not None and decision.target_id != over[0].id):
        return decision
    base, middles = over
    if base.status != "active":  # in history: the return supersedes the moves away
        why = R.back_over_history(base.id, middles)
        return Decision("supersede", middles[0], decision.score, decision.text, why, "keyed_back", middles[1:])
    why = R.back_over(base.id, middles)
    return Decision("replace", base.id, decision.score, decision.text, why, "keyed_back", middles)


def _decide(
    candidate: Candidate, existing: Sequence[Memory], now: datetime, index: PoolIndex | None = None
) -> Decision:
    said_at = candidate.time or now
    text = ground_dates(candidate.text.strip(), said_at)
    fp = fingerprint(text)
    pool = [m for m in existing if comparable(candidate, m)]
    keys = user_keys(text)
    holders = pool if index is None or not keys else index.keyed_pool(pool)  # the others hold no key (pool_reach)
    names = user_names(holders, index) if keys else frozenset()  # only a keyed candidate needs the user's names
    keys = user_keys(text, names) if names else keys
    conflicts = key_conflicts(keys, holders, names, index)
    if conflicts:  # a memory that disagrees on a keyed value is never a duplicate (rule 5)
        pool = [m for m in pool if m.id not in {c.id for c, _ in conflicts}]
    by_id = {m.id: m for m in pool}
    prints = [(m.id, fingerprint(m.text)) for m in pool] if index is None else index.prints(pool)
    refused: list[str] = []
    if candidate.kind == "episode":  # an episode told again is another occurrence, beside the first (story_steps)
        again = {m.id for m in pool if m.kind == "episode" and another_occurrence(text, m.text)}
        prints = [p for p in prints if p[0] not in again]
    else:
        again = set()

    match = _duplicate(text, fp, prints, by_id, refused)
    if match is not None:
        target_id, value, relation = match
        old = next(f for i, f in prints if i == target_id)
        if said_before(said_at, by_id[target_id]):
            return Decision("absorb", target_id, value, text, R.known_said_earlier(target_id, value), "said_before")
        if relation == "poorer" or fp.tokens == old.tokens:
            return Decision("absorb", target_id, value, text, R.known_nothing_more(target_id, value), "duplicate")
        return Decision("replace", target_id, value, text, R.known_says_more(target_id, value), "duplicate")

    # a keyed value another memory gives differently goes to rule 5 first ("Lives in Lyon" after "Lives in
    # Paris" updates the home, it is not absorbed into an older "Lives in Lyon and has two cats")
    near = pool if index is None else index.near(text, pool)  # the pairwise readers' pool (pool_reach)
    refined = None if conflicts else _elaboration(text, [m for m in near if m.id not in again])
    if refined is not None:  # a modifier added or dropped: one fact the score missed (round 16)
        target, relation = refined
        value = raw_score(fp, fingerprint(target.text))
        if said_before(said_at, target):
            return Decision("absorb", target.id, value, text, R.known_said_earlier(target.id, value), "said_before")
        if relation == "poorer":
            return Decision("absorb", target.id, value, text, R.known_nothing_more(target.id, value), "duplicate")
        return Decision("replace", target.id, value, text, R.known_says_more(target.id, value), "duplicate")

    flip = _flip(text, near, refused)
    if flip is not None:
        value = 1.0  # the same proposition (its content words, or its Chinese characters)
        if said_before(said_at, flip):
            return Decision("absorb", flip.id, value, text, R.contradicts_said_earlier(flip.id), "flip_said_before")
        return Decision("supersede", flip.id, value, text, R.corrects(flip.id), "flip")

    restated = _restated(text, near, said_at)
    if restated is not None:  # a date moved, a wrong value named (round 16)
        if said_before(said_at, restated):
            return Decision(
                "absorb", restated.id, 1.0, text, R.contradicts_said_earlier(restated.id), "flip_said_before"
            )
        return Decision("supersede", restated.id, 1.0, text, R.corrects(restated.id), "flip")

    everyone = [*pool, *(m for m, _ in conflicts)]
    keyed = (
        _keyed_correction(text, fp, keys, conflicts, said_at, names)
        or _named_change(text, fp, keys, everyone, said_at, index)
        or _job_moved(text, fp, [m for m in everyone if not said_before(said_at, m)], names, said_at)
    )
    if keyed is not None:
        return _back_to(text, fp, keys, keyed, conflicts, pool, names) or keyed
    if conflicts:
        ids = [m.id for m, _ in conflicts]
        differ = [k for _, theirs in conflicts for k in changed_keys(theirs, keys)]
        return Decision("insert", None, 0.0, text, R.value_differs_kept(ids, differ), "keyed_partial")
    if refused:
        return Decision("insert", None, 0.0, text, R.kept_beside(refused), "kept_beside")
    return Decision("insert", None, 0.0, text, R.new(), "new")


def coverage(new: Fingerprint, old: Fingerprint) -> str | None:
    """How the content words of a new wording relate to a stored one's, compared by stem
    (:func:`souvenir.lexical.proposition.stems`: "kids" and "children", "drinks" and
    "drinking" are one word): ``"same"``, ``"poorer"`` (all of them are in the stored
    one), ``"richer"`` (it holds all of the stored one's), or ``None`` (each says
    something the other does not: not one fact)."""
    a, b = stems(new.words), stems(old.words)
    if a == b:
        return "same"
    if a <= b:
        return "poorer"
    if b <= a:
        return "richer"
    return None


def _duplicate(
    text: str, fp: Fingerprint, prints: list[tuple[int, Fingerprint]], by_id: dict[int, Memory], refused: list[str]
) -> tuple[int, float, str] | None:
    """The best match at or above the threshold that is one fact with the candidate: one of
    the two wordings covers the other's content words, and they are not about different
    people or attributes (rule 3). A match that fails is noted in ``refused`` and the next
    best is tried."""
    remaining = prints
    while True:
        match = best_match(fp, remaining)
        if match is None:
            return None
        target_id, value = match
        old = next(f for i, f in remaining if i == target_id)
        relation = coverage(fp, old)
        why = not_one_fact(text, by_id[target_id].text, relation)
        if why is None:
            return target_id, value, relation  # type: ignore[return-value]
        refused.append(R.refusal(target_id, value, why))
        remaining = [p for p in remaining if p[0] != target_id]


def not_one_fact(new: str, old: str, relation: str | None = "") -> str | None:
    """Why two wordings scoring at or above the threshold are not one fact, or ``None``:
    each says something the other does not (:func:`coverage`; pass ``relation`` when it is
    known), they are about different people or labelled attributes, or they take another
    stance on the same words (one says it does not hold, or only one is an attitude: 吃香菜
    is inside 讨厌吃香菜)."""
    new, old = told_again_free(new), told_again_free(old)  # "Like I told you, …": no liking, a repeat
    other = different_referents(new, old)
    if other is not None:
        return f"it is about {other}"
    if relation == "":
        relation = coverage(fingerprint(new), fingerprint(old))
    if relation is None:
        return "each wording says something the other does not"
    pa, pb = proposition(new), proposition(old)
    if pa.negative != pb.negative or pa.attitude != pb.attitude:
        return "it takes another stance (polarity or attitude)"
    return "it ends the wait" if ends_wait(new, old) else None  # 在等…的路由器 / …的路由器到了 (round 26)


def _flip(text: str, pool: Sequence[Memory], refused: list[str]) -> Memory | None:
    """The stored memory the candidate contradicts: the same proposition with the opposite
    polarity (:func:`souvenir.lexical.proposition.is_flip`), about the same people and
    attribute; the most recently dated one when several do (rule 4)."""
    whole = proposition(text)
    # its first statement may be the correction ("不再喝奶茶了，改喝绿茶"): only a statement
    # that says a state no longer holds, followed by what replaced it
    # (:func:`~souvenir.lexical.proposition.correction_statement`), and only against a stored
    # memory of one statement
    # a question, or words to someone else (the assistant, a character: "You don't drink milk
    # tea anymore", "Don't drink milk tea anymore", 别再喝奶茶了, "Jangan minum teh susu lagi"),
    # says no state of the user ended: in no-model mode every message is kept as an episode
    first = correction_statement(text)
    retractions = (
        [(first, p)] if first is not None and (p := proposition(first)).negative and not _not_a_statement(first) else []
    )
    asked = _not_a_statement(text) or cancel_not_done(text)  # "Asked to cancel order 4411": not done yet
    # a relapse said first, a detail after it (可乐又喝回来了，一天两罐): each positive statement
    # may end a stored stop of one statement (a stored negative state only)
    parts = statements(text)
    takes_up = [] if asked or len(parts) < 2 else [(part, p) for part in parts if not (p := proposition(part)).negative]
    found = []
    for memory in pool:
        old = proposition(memory.text)
        single = len(statements(memory.text)) == 1
        said = (
            ([] if asked else [(text, whole)])
            + (retractions if retractions and single else [])
            + (takes_up if old.negative and single else [])
        )
        flipped = next((part for part, new in said if is_flip(new, old)), None)
        # the stop opens the stored memory (a reason may follow: "Dah berhenti shopping kat Shopee, nak berjimat")
        if flipped is None and not asked and resumes(text, memory.text):
            flipped = text  # « A repris le handball dans le club… » ends « A arrêté le handball après… »
        if flipped is None:
            continue
        other = different_referents(flipped, memory.text)
        if other is None:
            found.append(memory)
        else:
            refused.append(f"#{memory.id} says the opposite, but about {other}")
    return max(found, key=_dated) if found else None


def _elaboration(text: str, pool: Sequence[Memory]) -> tuple[Memory, str] | None:
    """The most recent stored memory of one statement that ``text`` repeats with a modifier added
    (``"richer"``) or dropped (``"poorer"``): :func:`souvenir.lexical.restated.elaborates`, about
    the same people, with the same stance (:func:`not_one_fact`)."""
    if _not_a_statement(text):
        return None
    found = [
        (m, rel)
        for m in pool
        if (rel := elaborates(text, m.text)) is not None and not_one_fact(text, m.text, rel) is None
    ]
    return max(found, key=lambda mr: _dated(mr[0])) if found else None


def _restated(text: str, pool: Sequence[Memory], said_at: datetime) -> Memory | None:
    """The most recent stored memory of one statement whose date ``text`` moves, whose value it names
    as wrong, whose amount it says again, whose state it says is over or whose named value it swaps (:mod:`souvenir.lexical.restated`). Each reader compares
    every word outside the value, names included, so no opening-name test is needed ("Open house
    hari raya…" / "Hari raya open house…" are one event, not two people)."""
    if _not_a_statement(text):
        return None
    # a state bounded in time ("Kerja dari rumah minggu ni") sits beside the lasting one, never ends it
    lasting = temporary_end(text, said_at) is None
    found = [
        m
        for m in pool
        if len(statements(m.text)) == 1
        # an event's date is moved by its own words, whoever's it is (女儿的钢琴考级 / 钢琴考级提前到…)
        and (moved_date(text, m.text) or moved_by_span(text, m.text) or same_relative(text, m.text))
        and (
            moved_date(text, m.text)
            or moved_by_span(text, m.text)
            or names_wrong_value(text, m.text)
            # a refund is no fee said again, a cancellation no end of the order (story_steps)
            or (not another_money_event(text, m.text) and (restates_amount(text, m.text) or restates_fee(text, m.text)))
            or (
                lasting
                and (
                    (
                        not later_step(text, m.text)
                        and not cancel_not_done(text)  # "Asked to cancel order 4411": not cancelled yet
                        and (ends_state(text, m.text) or ends_by_verb(text, m.text))
                    )
                    or cancels_order(text, m.text)  # the order's own state: "I cancelled order 4411"
                    or ends_wait(text, m.text)  # what was awaited came: "Redelivery of order 88213 received"
                    or swaps_value(text, m.text)
                    or changes_state(text, m.text)
                )
            )
            or switches_from(text, m.text, lasting)
        )
    ]
    return max(found, key=_dated) if found else None


def same_relative(new: str, old: str) -> bool:
    """False when ``old`` opens on a relative (:func:`souvenir.lexical.referents.lead_relative`:
    "Sister is a teacher", 妹妹在银行做柜员) and ``new`` does not open on the same one: a memory
    about a relative is restated, switched or ended only by a wording about that relative, never
    by the user's own ("Switched from teacher to nurse"). Shared by every reader of
    :func:`_restated` but the moved date (an event is named by its own words)."""
    about = lead_relative(old)
    return about is None or lead_relative(new) == about


@text_cache(256)
def _not_a_statement(text: str) -> bool:
    """Whether ``text`` holds a question ("?", 吗 / 嘛 at a sentence end) or a clause said to
    someone else (second person: "you", 你, tu, awak; an imperative, "Don't…", 别…, jangan…),
    as the filters' clauses read them: neither says a state of the user ended."""
    # a bare thing asked, then judged by the next clause ("Football? not into it anymore") is a topic, no question
    return any((clause.question and not clause.topic) or clause.person == "second" for clause in clauses(text))


def _dated(memory: Memory) -> datetime:
    return memory.updated_at or memory.created_at or _NEVER


_NEVER = datetime.min.replace(tzinfo=timezone.utc)


def _keyed_correction(
    text: str,
    fp: Fingerprint,
    keys: UserKeys,
    conflicts: list[tuple[Memory, UserKeys]],
    said_at: datetime,
    names: frozenset[str] = frozenset(),
) -> Decision | None:
    """Rule 5 and its time order (module docstring)."""
    outdated_by_newer = [
        (m, key) for m, theirs in conflicts if said_before(said_at, m) and (key := outdates(theirs, keys)) is not None
    ]
    if outdated_by_newer:  # the candidate is the stale value: history of the newer memory
        memory, key = min(outdated_by_newer, key=lambda mk: _dated(mk[0]))
        why = R.value_said_earlier(memory.id, key, keys.get(key), user_keys(memory.text, names).get(key))
        return Decision("absorb", memory.id, raw_score(fp, fingerprint(memory.text)), text, why, "keyed_said_before")
    outdated = [
        (m, key)
        for m, theirs in conflicts
        if not said_before(said_at, m) and (key := outdates(keys, theirs)) is not None
    ]
    if not outdated:
        return None
    memory, key = max(outdated, key=lambda mk: _dated(mk[0]))
    why = R.value_updates(memory.id, key, next(t for m, t in conflicts if m is memory).get(key), keys.get(key))
    return Decision("supersede", memory.id, raw_score(fp, fingerprint(memory.text)), text, why, "keyed")


def _back_to(
    text: str,
    fp: Fingerprint,
    keys: UserKeys,
    keyed: Decision,
    conflicts: list[tuple[Memory, UserKeys]],
    pool: Sequence[Memory],
    names: frozenset[str],
) -> Decision | None:
    """A return (:func:`~souvenir.lexical.resumption.back_again`: 又回腾讯上班了, "Back at Google now") to the
    value an older active memory still holds (在腾讯做产品经理: it says more than the value, so the move
    away, 跳槽去了字节, could not retire it): the older memory holds again and takes the new wording, the
    memory between them (the one ``keyed`` supersedes) moves to history. ``None`` otherwise."""
    if keyed.action != "supersede" or not back_again(text):
        return None
    middle = next(((m, theirs) for m, theirs in conflicts if m.id == keyed.target_id), None)
    if middle is None:
        return None
    changed = changed_keys(middle[1], keys)
    older = [
        (m, key)
        for m in pool
        if _dated(m) < _dated(middle[0])
        for key in changed
        if (value := user_keys(m.text, names).get(key)) is not None and same_value(key, value, keys.get(key) or "")
    ]
    if not older:
        return None
    memory, key = max(older, key=lambda mk: _dated(mk[0]))
    why = R.value_back(memory.id, middle[0].id, key, keys.get(key))
    score = raw_score(fp, fingerprint(memory.text))
    return Decision("absorb", memory.id, score, text, why, "keyed_back", (middle[0].id,))


def _named_change(
    text: str,
    fp: Fingerprint,
    keys: UserKeys,
    pool: Sequence[Memory],
    said_at: datetime,
    index: PoolIndex | None = None,
) -> Decision | None:
    """Rule 5 for an old value no pattern keys: "Switched from waiter to barista" (or 从银行柜员
    换到了保险销售) supersedes the latest memory that names nothing but the old value in a bare
    frame ("Is a waiter", 在银行做柜员: ``keyed.says_only``), said before it (``index``: the user's,
    whose kept keys are read)."""
    change = changed_from(text) if keys else None
    if change is None:
        return None
    key, old = change
    hits = [
        m
        for m in pool
        if not said_before(said_at, m) and names_old(m.text, key, old, None if index is None else index.user_keys_of(m))
    ]
    if not hits:
        return None
    memory = max(hits, key=_dated)
    why = R.value_updates(memory.id, key, as_key(old), keys.get(key))
    return Decision("supersede", memory.id, raw_score(fp, fingerprint(memory.text)), text, why, "keyed")


def _job_moved(
    text: str, fp: Fingerprint, pool: Sequence[Memory], names: frozenset[str], said_at: datetime
) -> Decision | None:
    """Rule 5 for a job held from now on ("Now works full-time as a barista…", « Maintenant je suis en CDI
    comme… », 现在转正了，在…当…, "Sekarang kerja tetap sebagai…"): ``keyed_pool.job_moved``."""
    moved = job_moved(text, pool, names) if temporary_end(text, said_at) is None else None  # "…for the summer"
    if moved is None:
        return None
    memory, old, job = moved
    why = R.value_updates(memory.id, "occupation", as_key(old), as_key(job))
    return Decision("supersede", memory.id, raw_score(fp, fingerprint(memory.text)), text, why, "keyed")
