"""A model's answers applied to the store (:class:`Proposals`): one claimed outbox job, ``reflection`` or ``summary``, from the model's answer to the
memories, positions, anchors and profile keys it proposes, through the same write path as
a direct memory. The model proposes; the filters, the write path, the self-citation guard
and seed 001's summary rules decide.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from souvenir import profile
from souvenir.engine.chat_forget import (
    act_on_forget_request,
    act_on_late_memories,
    memories_for_request,
)
from souvenir.engine.identity import story_id as story_id_of
from souvenir.engine.reflection_job import JobApplication, own_job, read_mark
from souvenir.engine.writer import Writer
from souvenir.ground.errors import InputError, ModelAnswerError, ModelError
from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import fact_sentences
from souvenir.lexical.tokens import load_jieba_for
from souvenir.llm import ChatClient
from souvenir.llm.chat import Answer
from souvenir.llm.budget import GENERATION_TOKENS_PER_S, fitting, reflection_tokens, retry_plan, summary_tokens
from souvenir.llm.prompt_bound import data_tokens, fit_reflection, fit_summary
from souvenir.llm.prompt_parts import MAX_PARTS, message_parts
from souvenir.llm.story_bound import StoryFit, fit_story
from souvenir.profile.prompt import summary_messages
from souvenir.profile.summary_check import summary_problem
from souvenir.privacy.scrub import scrub
from souvenir.ground.results import WriteResult
from souvenir.store.protocol import Job, Store
from souvenir.ground.timeutil import utcnow
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange
from souvenir.write.carry import garbled
from souvenir.write.confidence import tally_kind
from souvenir.write.fragments import clause_fragment, copies, fragments, held_by
from souvenir.write.bare_notes import bare_note
from souvenir.write.grounding import REFLECTION_CHAIN
from souvenir.write.reflection import (
    DEFAULT_MIN_CONFIDENCE,
    MAX_USER_STATE_KEYS,
    Reflection,
    parse_reflection,
    reflection_messages,
    reflection_schema,
)
from souvenir.write.story import SELF_CITATION_CHARS, decide_position
from souvenir.write.story_summary import next_summary, story_summary_problem

__all__ = ["Proposals"]

log = logging.getLogger("souvenir.engine.core")


class Proposals:
    """Applies ``chat``'s answers (``None``: no-model mode, every job refused) to ``store``,
    the memories through ``writer``. ``reflection_model``, ``summary_model``: the model each
    job asks (``None`` = the client's); ``reflection_timeout_s``: one call's bound (seconds);
    ``min_confidence``: a proposed memory's least confidence; ``summary_enabled``: new facts
    queue a summary; ``self_citation_chars``: the self-citation guard's bound
    (:func:`souvenir.write.story.decide_position`); ``counters``: the engine's counts for
    /metrics (``reflection_message_kept``, ``summaries_rejected``)."""

    def __init__(
        self,
        store: Store,
        writer: Writer,
        chat: ChatClient | None,
        reflection_model: str | None = None,
        summary_model: str | None = None,
        reflection_timeout_s: float = 60.0,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        summary_enabled: bool = True,
        self_citation_chars: int = SELF_CITATION_CHARS,
        counters: Counter[str] | None = None,
    ) -> None:
        self.store = store
        self.counters: Counter[str] = counters if counters is not None else Counter()
        self.writer = writer
        self.chat = chat
        self.reflection_model = reflection_model or None
        self.summary_model = summary_model or None
        self.reflection_timeout_s = reflection_timeout_s
        self.min_confidence = min_confidence
        self.summary_enabled = summary_enabled
        self.self_citation_chars = self_citation_chars
        #: a claimed job's answers applied and the job finished (:mod:`souvenir.engine.reflection_job`)
        self.jobs = JobApplication(store, writer, self.reflect, min_confidence, self.counters)
        #: tokens of data a background prompt may send past its system prompt (``None``: no
        #: bound; :mod:`souvenir.llm.prompt_bound`, set from the settings by the runtime)
        self.data_bound: int | None = None
        #: when set, the bound in force at each call (the read seconds by the server's read rate
        #: measured live, :mod:`souvenir.llm.server_rates`); else :attr:`data_bound`
        self.bound_now: Callable[[], int | None] | None = None
        #: ``erased(user_id)``, told after a reflection's forget erased something (the engine's
        #: :meth:`~souvenir.engine.refresh_reads.ReadRefresher.erased`, as for the turn's own)
        self.erased: Callable[[int], object] | None = None

    def _bound(self) -> int | None:
        """The data bound in force now (tokens; ``None``: none)."""
        return self.bound_now() if self.bound_now is not None else self.data_bound

    def after_reflection(self, job: Job, results: list[WriteResult], now: datetime) -> None:
        """New facts from a reflection are a summariser trigger too (seed 001 §5.3)."""
        new_facts = sum(r.action in ("insert", "replace", "supersede") for r in results)
        if new_facts and self.chat is not None and self.summary_enabled:
            self.store.enqueue(job["user_id"], job["turn_id"], "summary", now)
            self.store.kv_set(job["user_id"], profile.TURNS_KEY, "0", now)

    def reflect(
        self,
        channel: str,
        external_id: str,
        message: str,
        reply: str,
        answer: str | bytes | dict,
        time: datetime | None = None,
        story: str | None = None,
        source: str | None = None,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        now: datetime | None = None,
        model: str | None = None,
        episode_due: Callable[[list[str]], bool] | None = None,
        story_add: bool = False,
        cut: bool = False,
        part: str | None = None,
        reads_forget: bool = True,
    ) -> tuple[Reflection, list[WriteResult]]:
        """Apply a model's reflection ``answer`` on one exchange; never raises on bad content.

        Each kept candidate goes through the full filter chain (with the exchange) and the
        write path in its own transaction, so a bad item never leaves a partial memory.
        Dropped items are logged and counted as ``reflection_item_dropped`` events. ``model``
        (the model that answered) adds each candidate's confidence and the code's decision
        to that model's tally (:mod:`souvenir.write.confidence`). A note whose words are all
        in another note of the turn is written only when that note was not kept
        (:func:`souvenir.write.fragments.fragments`). With ``episode_due`` (the turn's
        loop: notes' texts in, whether the message would be kept whole as its episode beside
        them), the notes that copy a piece of the message (:func:`~souvenir.write.fragments.copies`)
        are written last, and not at all when the episode is due even with them or when the
        notes written for the turn already hold them for the most part
        (:func:`~souvenir.write.fragments.held_by`). A note that ends where no sentence ends
        (:func:`~souvenir.write.fragments.clause_fragment`: "血压有点高，") or says nothing by itself
        (:func:`~souvenir.write.bare_notes.bare_note`: "进货", "I never actually went.") is never written.

        The story's summary in the answer replaces the story's (``story_add``: is appended to
        it, :func:`~souvenir.write.story_summary.next_summary`) unless it is no summary (JSON, an
        echo, a refusal: :func:`~souvenir.write.story_summary.story_summary_problem`) or the
        answer was ``cut`` at its bound or repaired: the old summary stays, counted
        ``story_summaries_rejected``. ``part``: the stretch of ``message`` this answer
        reflected (a message over the read bound: :mod:`souvenir.llm.prompt_parts`); its notes
        are grounded in that part's words; ``reads_forget``: a request to forget is read in the
        whole message (the first part's call only).
        """
        now = now or utcnow()
        parsed = parse_reflection(answer, min_confidence, source)
        exchange = Exchange(user_message=part if part is not None else message, assistant_reply=reply)
        results: list[WriteResult] = []
        decided: list[tuple[float, bool]] = []
        texts = [c.text for c in parsed.candidates]
        held = fragments(texts)  # a fragment waits for the note holding it
        copied = copies(texts, part or message) - set(held) if episode_due is not None else set()
        # a copy with a word the message lacks: dropped, the message kept in its place (write/carry.py)
        garbles = (
            {i for i, text in enumerate(texts) if garbled(text, part or message)} if episode_due is not None else set()
        )
        order = [i for i in range(len(texts)) if i not in held and i not in copied] + sorted(held) + sorted(copied)
        kept_at: dict[int, bool] = {}
        beside: bool | None = None  # is the message kept whole beside the notes even with the copies?
        for at in order:
            candidate = parsed.candidates[at]
            bare = "a clause fragment, no sentence" if clause_fragment(candidate.text) else bare_note(candidate.text)
            if bare:  # "血压有点高，", "进货", "I never actually went." (write/fragments.py, write/bare_notes.py)
                parsed.dropped.append(f"memory {scrub(candidate.text)[:40]!r}: {bare}")
                decided.append((candidate.confidence, False))
                continue
            if at in garbles:
                parsed.dropped.append(
                    f"memory {scrub(candidate.text)[:40]!r}: a copy of the message with a word changed"
                )
                decided.append((candidate.confidence, False))
                continue
            if at in held and kept_at.get(held[at]):
                parsed.dropped.append(f"memory {scrub(candidate.text)[:40]!r}: a fragment of another note of the turn")
                decided.append((candidate.confidence, False))
                continue
            if at in copied and episode_due is not None:
                written = [r for r in results if r.action != "dropped"]
                notes = [r.text for r in written] + [r.previous for r in written if r.previous]
                if held_by(texts[at], notes):  # the turn's notes hold it: the message keeps the rest
                    parsed.dropped.append(f"memory {scrub(candidate.text)[:40]!r}: a piece the turn's notes hold")
                    if content_words(normalize(texts[at])) - content_words(normalize(" ".join(notes))):
                        parsed.set_aside.append(texts[at])
                    decided.append((candidate.confidence, False))
                    continue
                if beside is None:
                    beside = episode_due(notes + [texts[i] for i in copied])
                if beside:
                    parsed.dropped.append(f"memory {scrub(candidate.text)[:40]!r}: a piece of the message kept whole")
                    decided.append((candidate.confidence, False))
                    continue
            try:
                results.append(
                    self.writer.remember(
                        channel,
                        external_id,
                        Candidate(
                            text=candidate.text,
                            kind=candidate.kind,
                            # no story in this exchange: "true within the story" = global
                            scope=candidate.scope if story else "global",
                            confidence=candidate.confidence,
                            source=candidate.source,
                            time=time or now,
                        ),
                        exchange=exchange,
                        story=story,
                        now=now,
                        chain=REFLECTION_CHAIN,
                    )
                )
                decided.append((candidate.confidence, results[-1].action != "dropped"))
            except InputError as exc:
                parsed.dropped.append(f"memory {scrub(candidate.text)[:40]!r}: {exc}")  # redact, then cut
                decided.append((candidate.confidence, False))
            kept_at[at] = decided[-1][1]
        user_id = self.store.ensure_user(channel, external_id, now)
        for confidence, kept in decided if model else ():
            self.store.record_event(None, tally_kind(model or "", confidence, kept), "", now)
        turn = int(source[5:]) if source and source.startswith("turn:") and source[5:].isdigit() else None
        erased: object = False
        if parsed.forget:  # the model named memories a request to forget is about: code decides
            asked = act_on_forget_request(
                self.store, user_id, message, turn, now, parsed.forget, self.writer.drop_windows_around
            )
            erased = asked is not None and bool(asked.erase)
        elif turn is not None and reads_forget:  # once a turn (its first part only)
            # earlier turns' memories, written by their jobs after the request was recorded
            erased = act_on_late_memories(self.store, user_id, message, turn, now, self.writer.drop_windows_around)
        if erased and self.erased is not None:  # as a request in chat or a forget by hand: held no more
            self.erased(user_id)
        story_id = story_id_of(self.store, user_id, story, True, now) if story else None
        if parsed.summary and story_id:
            self._story_summary(user_id, story_id, parsed, [message, reply], story_add, cut, now)
        self._apply_story(user_id, story_id, parsed, now)
        state_keys = {k for k in self.store.kv_all(user_id) if k.startswith("state:")} if parsed.state else set()
        for key, delta in parsed.state.items():
            if f"state:{key}" not in state_keys and len(state_keys) >= MAX_USER_STATE_KEYS:
                parsed.dropped.append(f"state {key!r}: a new key over the cap of {MAX_USER_STATE_KEYS} per user")
                continue
            state_keys.add(f"state:{key}")
            current = float(self.store.kv_get(user_id, f"state:{key}") or 0.0)
            self.store.kv_set(user_id, f"state:{key}", f"{min(1.0, max(-1.0, current + delta)):.3f}", now)
        for reason in parsed.dropped:
            log.info("reflection item dropped (channel %s): %s", channel, scrub(reason)[:200])  # no user id in logs
            self.store.record_event(user_id, "reflection_item_dropped", scrub(reason)[:500], now)
        return parsed, results

    def _story_summary(
        self,
        user_id: int,
        story_id: int,
        parsed: Reflection,
        own_words: list[str],
        add: bool,
        cut: bool,
        now: datetime,
    ) -> None:
        """Store the answer's story summary, or keep the old one with a reason (:meth:`reflect`)."""
        problem = (
            "the answer was cut at its bound"
            if cut or parsed.repaired
            else story_summary_problem(parsed.summary or "", own_words)
        )
        if problem is not None:
            self.counters["story_summaries_rejected"] += 1
            parsed.dropped.append(f"story summary: {problem}; the old one stays")
            self.store.record_event(user_id, "story_summary_rejected", problem, now)
            return
        stored = next_summary(self.store.story_summary(story_id), parsed.summary, add)
        if stored is not None:
            self.store.set_story_summary(story_id, stored)

    def _apply_story(self, user_id: int, story_id: int | None, parsed: Reflection, now: datetime) -> None:
        """Positions through the self-citation guard; anchors added, or removed with a reason."""
        for topic, stance, justification in parsed.positions:
            held = self.store.position(user_id, story_id, topic)
            update = decide_position(held["stance"] if held else None, stance, justification, self.self_citation_chars)
            if update.action == "keep":
                parsed.dropped.append(
                    f"position {topic!r} not re-anchored: its justification reuses "
                    f"{update.reused} characters of the position"
                )
                continue
            self.store.put_position(user_id, story_id, topic, stance, justification, now, refresh=True)
        if story_id is None:
            if parsed.anchors_add or parsed.anchors_remove:
                parsed.dropped.append("anchors need a story")
            return
        for text in parsed.anchors_add:
            self.store.add_anchor(story_id, text, now)
        for anchor_id, reason in parsed.anchors_remove:
            if not self.store.remove_anchor(story_id, anchor_id, reason, now):
                parsed.dropped.append(f"anchor {anchor_id}: no such anchor in this story")

    def run_reflection(self, job: Job, now: datetime | None = None) -> tuple[Reflection, list[WriteResult]]:
        """Run one claimed outbox job: ask the model, apply its answer, mark the job done.

        The model call happens outside any transaction; its answer is applied and the job
        finished in one transaction, so a retried job never writes twice. Raises
        :class:`ModelError` when the model fails (the worker retries or parks the job;
        :class:`ModelAnswerError` for an answer with nothing readable),
        :class:`StaleJobError` (nothing written) when the job was requeued and claimed
        again meanwhile.

        The call is bounded (:mod:`souvenir.llm.budget`): ``max_tokens`` from the contract
        (a few notes, and the story's summary when a story is on), and each retry of the job
        sends a smaller bound at a higher temperature, never the same request. An answer
        cut at its bound or where it looped is read as far as it goes (repaired; its last,
        possibly incomplete memory dropped). Outside a story the prompt and schema ask for
        memories only. A turn the reflection kept nothing of is kept as the no-model path
        would keep it (:meth:`~souvenir.engine.reflection_job.JobApplication.keep_the_message`).
        """
        if self.chat is None:
            raise ModelError("no chat model configured")
        now = now or utcnow()
        read_at = read_mark(self.store)  # what the model is given is read from here on
        story_id = self.store.find_story(job["user_id"], job["story"]) if job["story"] else None
        summary = self.store.story_summary(story_id) if story_id else None
        anchors = self.store.anchors(story_id) if story_id else None
        language = self.store.kv_get(job["user_id"], profile.LANG_KEY)
        in_story = bool(job["story"])  # outside a story: the memories-only prompt and schema
        bound = self._bound()  # the data bound in force now (the read rate measured live)
        fit = fit_reflection(
            lambda message, reply, memories: reflection_messages(
                message, reply, language=language, memories=memories, story=False
            )[-1]["content"],
            job["message"],
            job["reply"] or "",
            memories_for_request(self.store, job["user_id"], job["message"]),
            bound,
        )
        if fit.over and bound is not None:  # its read would hold the server past the bound
            return self._run_parts(job, language, fit.causes, bound, now, read_at)
        for cause in fit.causes:
            self.counters[f"prompt_bounded:reflection:{cause}"] += 1
        story = StoryFit(summary=summary, anchors=anchors)
        if in_story:  # the story's summary and anchors within the same bound (llm/story_bound.py)
            story = fit_story(
                lambda told, listed: reflection_messages(
                    job["message"], fit.reply, told, listed, language, fit.memories
                )[-1]["content"],
                summary,
                anchors,
                bound,
            )
            for cause in story.causes:
                self.counters[f"prompt_bounded:reflection:{cause}"] += 1
        plan = retry_plan(
            reflection_tokens(language, job["message"], summary, story=in_story, story_add=story.add), job["attempts"]
        )
        max_tokens = fitting(plan.max_tokens, self.reflection_timeout_s, self._generation_rate())
        messages = reflection_messages(
            job["message"],
            fit.reply,
            story.summary,
            story.anchors,
            language,
            fit.memories,
            story=in_story,
            story_add=story.add,
        )
        reply = self._ask_reflection(messages, in_story, max_tokens, plan.temperature)
        answer = reply.text
        unreadable = parse_reflection(answer, self.min_confidence).unreadable
        if unreadable is not None:  # retried with another request, never counted "ok" with 0 memories
            raise ModelAnswerError(
                f"reflection answer unreadable ({reply.finish} after {len(answer)} characters, "
                f"max_tokens {max_tokens}, temperature {plan.temperature}): {unreadable}",
                model=self.reflection_model or self.chat.model,
            )
        model = self.reflection_model or self.chat.model
        return self.jobs.apply(job, answer, now, read_at, model, story_add=story.add, cut=reply.cut)

    def _ask_reflection(self, messages: list[dict], in_story: bool, max_tokens: int, temperature: float) -> Answer:
        """One background reflection call (a whole message or a part of one): its schema, the
        reflection timeout, and the data tokens it sends for the server's read rate
        (:mod:`souvenir.llm.server_rates`). Raises what :meth:`ChatClient.ask` raises."""
        assert self.chat is not None
        return self.chat.ask(
            messages,
            model=self.reflection_model,
            schema=reflection_schema(in_story),
            timeout_s=self.reflection_timeout_s,
            max_tokens=max_tokens,
            temperature=temperature,
            background=True,
            read_tokens=data_tokens(messages[-1]["content"]),
        )

    def _generation_rate(self) -> float | None:
        """Tokens a second a background answer is asked to fit its timeout at
        (:func:`~souvenir.llm.budget.fitting`) where the read bound is in force (a single-slot
        local server): the server's generation rate measured from its own answers
        (:meth:`~souvenir.llm.server_rates.ServerRates.generation_rate`, the median of the last
        answers clamped to its :data:`~souvenir.llm.server_rates.GENERATION_FLOOR`), and
        :data:`~souvenir.llm.budget.GENERATION_TOKENS_PER_S` (the slowest measured on this
        machine) until it has enough samples. Else ``None`` (a hosted API or a server with several
        slots writes far faster: the contract's bound alone)."""
        if self.data_bound is None:
            return None
        gate = getattr(self.chat, "gate", None)
        measured = gate.rates.generation_rate() if gate is not None else None
        return measured if measured is not None else GENERATION_TOKENS_PER_S

    def _run_parts(
        self, job: Job, language: str | None, causes: list[str], bound: int, now: datetime, read_at: datetime | int
    ) -> tuple[Reflection, list[WriteResult]]:
        """A message over the read bound, reflected in parts (:mod:`souvenir.llm.prompt_parts`):
        each part one bounded call on the memories-only prompt, its notes grounded in that part;
        the whole message kept as its episode where the notes do not carry it (never worse than
        the no-model way it took before). A part whose answer is unreadable yields nothing;
        every part unreadable raises :class:`ModelAnswerError` (retried with another request).
        No part to send (a message of chit-chat, one word over the bound): the no-model way."""
        assert self.chat is not None
        parts = [
            part
            for part in message_parts(
                job["message"],
                lambda part: reflection_messages(part, "", language=language, story=False)[-1]["content"],
                bound,
            )
            if fact_sentences(part)
        ]
        if not parts:
            self.counters["prompt_bounded:reflection:message"] += 1
            return self.jobs.apply(job, {"memories": []}, now, read_at, None)
        for cause in causes:
            if cause != "message":
                self.counters[f"prompt_bounded:reflection:{cause}"] += 1
        self.counters["prompt_bounded:reflection:parts"] += 1
        if len(parts) > MAX_PARTS:
            self.counters["prompt_bounded:reflection:parts_left"] += 1
        answers: list[tuple[str, str]] = []
        unreadable: str | None = None
        model = self.reflection_model or self.chat.model
        for part in parts[:MAX_PARTS]:
            plan = retry_plan(reflection_tokens(language, part), job["attempts"])
            max_tokens = fitting(plan.max_tokens, self.reflection_timeout_s, self._generation_rate())
            messages = reflection_messages(part, "", language=language, story=False)
            reply = self._ask_reflection(messages, False, max_tokens, plan.temperature)
            problem = parse_reflection(reply.text, self.min_confidence).unreadable
            if problem is None:
                answers.append((part, reply.text))
            else:
                unreadable = f"{reply.finish} after {len(reply.text)} characters, max_tokens {max_tokens}: {problem}"
        if not answers:
            raise ModelAnswerError(f"reflection answers of every part unreadable ({unreadable})", model=model)
        return self.jobs.apply_parts(job, answers, now, read_at, model)

    def run_summary(self, job: Job, now: datetime | None = None) -> str | None:
        """Run one claimed ``summary`` job on the summary model (seed 001 §4.3, §5.4).

        Writes only the ``summary`` key, so a turn recorded while the model was thinking
        keeps its ``last_queries`` (case R18). An empty answer keeps the old summary, and so
        does one that is no profile (JSON, an echo, a refusal, another language:
        :func:`~souvenir.profile.summary_check.summary_problem`, counted and logged). The
        call is bounded to 300 characters' worth of tokens in the user's language, ends at
        a blank line (one paragraph), and a retry sends a smaller bound at a higher
        temperature (:mod:`souvenir.llm.budget`).
        Raises :class:`ModelError` when the model fails (the old summary stays),
        :class:`StaleJobError` as :meth:`run_reflection`.
        """
        if self.chat is None:
            raise ModelError("no chat model configured")
        now = now or utcnow()
        read_at = read_mark(self.store)  # what the model is given is read from here on
        seen = self.store.kv_all(job["user_id"])
        plan = retry_plan(summary_tokens(seen.get(profile.LANG_KEY), job["message"]), job["attempts"])
        queries = profile.load_queries(seen.get(profile.QUERIES_KEY))
        prior, lang = seen.get(profile.SUMMARY_KEY), seen.get(profile.LANG_KEY)
        fit = fit_summary(
            lambda asked, message: summary_messages(prior, asked, message, lang)[-1]["content"],
            queries,
            job["message"],
            self._bound(),
        )
        for cause in fit.causes:
            self.counters[f"prompt_bounded:summary:{cause}"] += 1
        messages = summary_messages(prior, fit.queries, fit.message, lang)
        answer = self.chat.ask(
            messages,
            model=self.summary_model,
            timeout_s=self.reflection_timeout_s,
            max_tokens=fitting(plan.max_tokens, self.reflection_timeout_s, self._generation_rate()),
            stop=("\n\n",),
            temperature=plan.temperature,
            background=True,
            read_tokens=data_tokens(messages[-1]["content"]),
        ).text
        problem = summary_problem(answer, [job["message"], *queries], seen.get(profile.LANG_KEY))
        load_jieba_for(job["message"], job["reply"], answer)  # its one-time load never under the write lock
        with self.store.transaction():
            own_job(self.store, job, now, read_at)
            if problem is not None:  # the old summary stays, as after a failed call
                self.counters["summaries_rejected"] += 1
                log.info("summary of user %s rejected: %s", job["user_id"], problem)
                self.store.record_event(job["user_id"], "summary_rejected", problem, now)
                return None
            stored = self.store_summary(job["user_id"], answer, now)
        return stored

    def store_summary(self, user_id: int, answer: str | None, now: datetime) -> str | None:
        """Store a summariser's answer under seed 001's rules (≤ 300 characters, cut at a
        sentence boundary, never appended); an empty answer keeps the old summary."""
        writes = profile.summary_writes(answer)
        for key, value in writes.items():
            self.store.kv_set(user_id, key, value, now)
        return writes.get(profile.SUMMARY_KEY)
