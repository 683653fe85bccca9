"""One exchange stored (:class:`TurnWriter`): the turn, its profile updates (seed 001's
``last_queries``, ``lang``, the summariser trigger), the user's time zone, and its memory —
a reflection job queued for the chat model, or in no-model mode the message itself as an
episode through the write path — in one transaction."""

from __future__ import annotations

import logging
from souvenir.lexical.text_cache import text_cache
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from souvenir import profile
from souvenir.engine.cache_budget import read_long
from souvenir.engine.chat_forget import act_on_forget_request, clear_request_turn, own_requests
from souvenir.engine.identity import check_ids
from souvenir.engine.identity import story_id as story_id_of
from souvenir.engine.writer import Writer
from souvenir.ground.errors import ErasedError
from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import chit_chat as _chit_chat
from souvenir.lexical.durable import ENABLED as _DURABLE_READ
from souvenir.lexical.durable import durable, fleeting
from souvenir.lexical.forget_cues import forget_requests
from souvenir.lexical.tokens import load_jieba_for
from souvenir.ground.limits import check_erased_since, check_field, check_text, check_time
from souvenir.ground.results import WriteResult
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import aware, utcnow
from souvenir.ground.timezones import TZ_KEY, canonical_zone, learned_zone, localize
from souvenir.ground.types import Candidate
from souvenir.privacy import answer_to, redact, redact_turn
from souvenir.privacy import Redacted, marked
from souvenir.write import admission
from souvenir.write.filters.no_chitchat import chitchat_reason
from souvenir.write.forget_relay import own_forget_requests
from souvenir.write.forget_beside import said_beside_request
from souvenir.write.forget_rest import said_after_request
from souvenir.write.writelog import event_detail, event_kind

#: The turn reads its message before its write transaction, then inside it (:meth:`TurnWriter._read_ahead`).
chit_chat = text_cache(256)(_chit_chat)

__all__ = ["TurnWriter"]

log = logging.getLogger("souvenir.engine.core")


class TurnWriter:
    """Turns into ``store``, their memories through ``writer``. ``reflect``: a chat model
    proposes the memories (a reflection job per turn) instead of the message becoming an
    episode; ``summarize``: the summariser runs (its trigger is counted in ``counters``)."""

    def __init__(self, store: Store, writer: Writer, counters: Counter[str], reflect: bool, summarize: bool) -> None:
        self.store = store
        self.writer = writer
        self.counters = counters
        self.reflect = reflect
        self.summarize = summarize
        #: ``changed(user_id)``, told after a turn forgot or reworded memories (the engine's
        #: :meth:`~souvenir.engine.refresh_reads.ReadRefresher.changed`); ``None``: nothing told
        self.changed: Callable[[int], object] | None = None
        #: ``erased(user_id)``, told after a turn's request to forget erased something (the
        #: engine's :meth:`~souvenir.engine.refresh_reads.ReadRefresher.erased`)
        self.erased: Callable[[int], object] | None = None

    def record_turn(
        self,
        channel: str,
        external_id: str,
        message: str,
        reply: str | None = None,
        time: datetime | None = None,
        story: str | None = None,
        source: str | None = None,
        now: datetime | None = None,
        language: str | None = None,
        timezone: str | None = None,
        question: str | None = None,
        unless_erased_since: datetime | int | None = None,
    ) -> tuple[int, WriteResult | None]:
        """Store one exchange. With a chat model, a reflection job is queued in the same
        transaction (the worker runs it after the reply); in no-model mode the user's
        message becomes an ``episode`` (of the story when ``story`` is given, else global). A
        command (``/start``) or a message without a content word ("ok", "merci", "好的") is
        kept as a turn only.

        ``time`` keeps its own UTC offset; a naive or UTC time is read in the user's zone
        (``timezone``, an IANA name or offset, sets it first; a ``time`` with another offset
        than the stored zone's teaches it: :func:`souvenir.ground.timezones.learned_zone`).

        Every text is checked once, here: the episode goes to :meth:`Writer.write` as it is.
        Returns (turn id, what the write path did with the message, or ``None`` for a
        command). Raises :class:`TextError` for an unusable message, :class:`InputError`
        for an unknown zone, and :class:`ErasedError`, writing nothing, when
        ``unless_erased_since`` is given and the user was deleted, or one of their memories
        forgotten, since then (checked under the user's lock: an exchange recorded late never
        undoes an erasure made after it began): the store's erasure number its context read
        (:attr:`~souvenir.ground.results.ContextResult.erasure_clock`), or a time.
        """
        now = aware(now or utcnow())
        check_ids(channel, external_id, story)
        message = check_text(message, "message")
        check_field(reply, "reply")
        check_field(source, "source", 1024)
        check_time(time)
        zone_text = canonical_zone(timezone) if timezone else None
        check_field(question, "question")
        check_erased_since(unless_erased_since)
        # Secrets never reach the store, whichever path writes (seed 001 §9): the message's
        # values leave the reply too, the answer to the assistant's question for a secret too
        # (``question``: what the assistant said before the message, when the caller holds it)
        read_long(message, reply, question)  # a long message's readings are not kept for ever (cache_budget)
        texts = redact_turn(message, reply, question)
        message, reply = texts.message, texts.reply
        load_jieba_for(message, reply)  # its one-time load (1-3 s) never under the write lock
        self._read_ahead(channel, external_id, message, time, zone_text, now)
        with self.store.transaction():  # the turn, its profile update and its memory, or nothing
            user_id = self.store.ensure_user(channel, external_id, now)
            self.store.lock_user(user_id)  # replicas: the profile read below is written back
            if unless_erased_since is not None and self.store.erased_since(channel, external_id, unless_erased_since):
                raise ErasedError(
                    "the user, or one of their memories, was erased after this exchange began: not recorded"
                )
            stated = time is not None  # a request to forget said "now" follows every turn recorded
            time = self._local_time(user_id, time, zone_text, now)
            check_time(time, now=now)  # in the user's zone (a naive time is local): not ahead of the clock
            story_id = story_id_of(self.store, user_id, story, True, now)
            # the answer to an assistant that asked for a secret ("What's your password?" →
            # "Hunter2xyz!") is the secret alone: no phrasing rule sees it
            prior = self.store.recent_turns(user_id, story_id, 1) if question is None else []
            if prior:
                texts = answer_to(texts, prior[-1]["reply"])
                message, reply = texts.message, texts.reply
            turn_id = self.store.add_turn(user_id, story_id, message, reply, time, source)
            before = self.store.kv_all(user_id)  # the profile as it was before this turn
            written: WriteResult | None = None
            # a request to forget acts on the memories it names and never becomes one (#26),
            # nor a last query; without a model its turn keeps no copy of its topic now
            # the texts a request may erase, read before it does: what the message says beside it
            # must not repeat them (write/forget_beside)
            requests = own_requests(self.store, user_id, message)
            held = {m.id: m.text for m in self.store.memories(user_id, "active")} if requests else {}
            asked = act_on_forget_request(
                self.store,
                user_id,
                message,
                turn_id,
                now,
                before_erase=self.writer.drop_windows_around,
                said=time if stated else None,
                shown=str(redact(question)[0]) if question is not None else None,
            )
            queries = profile.push_query(before.get(profile.QUERIES_KEY), message) if asked is None else None
            if queries is not None:
                self.store.kv_set(user_id, profile.QUERIES_KEY, queries, now)
            if asked is not None and not self.reflect:
                clear_request_turn(self.store, message, turn_id, user_id)
            request_turn, said_after = turn_id, ""
            asked_erased = asked is not None and bool(asked.erase)
            if asked is not None and asked.whole:
                # what the message says after "forget everything about me" is new ("… I live in
                # Leeds now."): a turn of its own, written as any message is (write/forget_rest)
                said_after = said_after_request(message, own_requests(self.store, user_id, message))
                before = self.store.kv_all(user_id)  # the profile the erasure left (no lang)
                if said_after:
                    turn_id = self.store.add_turn(user_id, story_id, said_after, None, time, None)
                    message, asked = said_after, None
            elif asked is not None:
                # what the message says beside a request naming its topic is kept, a turn of its own
                # ("… Forget what I told you about my brother's debts. I started a new job…")
                said_after = said_beside_request(message, requests, [held[i] for i in asked.erase if i in held])
                if said_after:
                    if self.reflect:  # the request's own reflection still reads its turn (ids it may name)
                        self.store.enqueue(user_id, turn_id, "reflection", now)
                    turn_id = self.store.add_turn(user_id, story_id, said_after, None, time, None)
                    message, asked = said_after, None
            if profile.is_command(message):
                written = self._not_remembered(user_id, message, "command", "a bot command (/start…)", now)
            elif self.reflect and not (asked is not None and asked.whole):  # model mode: the reflection proposes
                self.store.enqueue(user_id, turn_id, "reflection", now)
            elif asked is not None:
                written = WriteResult(
                    "dropped", None, message, reason=f"forget_request: {asked.reason}", code="forget_request"
                )
            elif isinstance(message, Redacted) and message.kinds and chit_chat(message) == "empty":
                kinds = ", ".join(sorted(set(message.kinds)))  # "482913" to "What's your PIN?": a secret, not chit-chat
                written = self._not_remembered(user_id, message, "secrets", f"only a secret ({kinds})", now)
            elif profile.is_acknowledgement(content_words(normalize(message))):
                written = self._not_remembered(
                    user_id, message, "acknowledgement", "a bare acknowledgement (ok, merci, 好的, terima kasih…)", now
                )
            elif (kind := chit_chat(message)) is not None:  # agreement, thanks, praise, "let's…" (#25)
                written = self._not_remembered(user_id, message, "chitchat", chitchat_reason(kind), now)
            elif fleeting(message):  # nothing durable by the learned score: "行，下次聊！886" (lexical/durable.py)
                written = self._not_remembered(user_id, message, "chitchat", chitchat_reason("fleeting"), now)
            else:
                # its session: the story, else the day it was said (neighbours for the read path)
                text = message.strip()  # whitespace off a text already read leaves it read
                episode = Candidate(
                    text=marked(text, message.kinds) if isinstance(message, Redacted) else text,
                    kind="episode",
                    scope="story" if story else "global",
                    source=source or f"turn:{turn_id}",
                    time=time,
                    session=f"story:{story}" if story else f"day:{time.date().isoformat()}",
                )
                written = self.writer.write(channel, external_id, episode, story=story, now=now)
            new_facts = int(written is not None and written.action in ("insert", "replace", "supersede"))
            # after "forget everything" the request's own words teach no language (a clean slate)
            heard = "" if asked is not None and asked.whole else message
            self._profile_turn(user_id, turn_id, before, heard, language, new_facts, now)
            turn_id = request_turn
        # once written: memories forgotten or reworded by this turn make the user's pool a new
        # one; its read path is rebuilt off the next turn (engine/refresh_reads.py)
        rebuilt = (
            (asked is not None and bool(asked.erase))
            or bool(said_after)
            or (written is not None and written.action in ("replace", "supersede"))
        )
        if asked_erased and self.erased is not None:
            self.erased(user_id)  # and a large user's read path is read again, off the next turn
        elif rebuilt and self.changed is not None:
            self.changed(user_id)
        return turn_id, written

    def _not_remembered(self, user_id: int, message: str, code: str, what: str, now: datetime) -> WriteResult:
        """A turn's message kept as a turn only, with its event (the write log shows every
        drop with its reason)."""
        reason = f"{code}: {what}, kept in the conversation, not as a memory"
        self.store.record_event(user_id, event_kind("dropped", code), event_detail(reason, message), now)
        return WriteResult("dropped", None, message, reason=reason, code=code)

    def _read_ahead(
        self, channel: str, external_id: str, message: str, time: datetime | None, zone: str | None, now: datetime
    ) -> None:
        """Read the message as the turn's transaction will (requests to forget, chit-chat, the
        episode's analyses: all cached, pure) before taking the store's write lock: a 16 KB
        message's reading held it 2-6 s, past every other writer's wait (``busy_timeout_s``),
        so one user's long messages made every other user's writes fail as busy. Only the
        comparisons with the user's memories remain inside (their analyses cached too)."""
        user_id = self.store.find_user(channel, external_id)
        stored = self.store.kv_get(user_id, TZ_KEY) if user_id is not None else None
        own_forget_requests(message)
        chit_chat(message)
        if _DURABLE_READ:
            durable(message)
        if not self.reflect:
            text = message.strip()
            forget_requests(text)
            admission.warm(text, localize(localize(time, zone or stored, now), zone or stored, now))

    def _local_time(self, user_id: int, time: datetime | None, zone_text: str | None, now: datetime) -> datetime:
        """The turn's local time; stores the zone given or learned from ``time``."""
        stored = self.store.kv_get(user_id, TZ_KEY)
        learned = zone_text if zone_text and zone_text != stored else learned_zone(stored, time)
        if learned:
            self.store.kv_set(user_id, TZ_KEY, learned, now)
            stored = learned
        return localize(time, stored, now)

    def set_timezone(self, channel: str, external_id: str, tz: str, now: datetime | None = None) -> str:
        """Set the user's zone (profile key ``tz``; an IANA name or an offset, created
        user included); returns its canonical text. Raises :class:`InputError`."""
        check_ids(channel, external_id)
        value = canonical_zone(tz)
        now = now or utcnow()
        user_id = self.store.ensure_user(channel, external_id, now)
        self.store.kv_set(user_id, TZ_KEY, value, now)
        return value

    def _profile_turn(
        self,
        user_id: int,
        turn_id: int,
        before: dict[str, str],
        message: str,
        language: str | None,
        new_facts: int,
        now: datetime,
    ) -> None:
        """Seed 001's rule-based profile updates after a turn: ``lang`` (channel code > stored
        > detected) and the summariser trigger (only on new facts; queued, never inline)."""
        update = profile.update_language(language, before.get(profile.LANG_KEY), message)
        if update.write and update.language:
            self.store.kv_set(user_id, profile.LANG_KEY, update.language, now)
        turns = profile.count_turn(before, message)
        fire, why = profile.should_summarize(before, message, update.changed, new_facts, turns)
        if self.summarize:
            self.counters["summaries_queued" if fire else "summaries_skipped"] += 1
        if fire and self.summarize:
            self.store.enqueue(user_id, turn_id, "summary", now)
            turns = 0  # counted from the scheduling: turns during the run are not lost
            log.debug("summary queued for user %s: %s", user_id, why)
        self.store.kv_set(user_id, profile.TURNS_KEY, str(turns), now)
