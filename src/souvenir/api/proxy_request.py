"""What the proxy reads in a chat request: the user it names (headers, ``user``,
``metadata``…), the last user message, the assistant's last question, and the messages with
the memory block added to the system prompt."""

from __future__ import annotations

from fastapi import Request

from souvenir.ground.errors import InputError
from souvenir.ground.limits import MAX_PROMPT_MESSAGES, MAX_TEXT_BYTES, check_field, check_user_id, lookalike


def last_user_text(messages: list) -> str | None:
    """Text of the last ``user`` message (string content, or the text parts of a list)."""
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            if isinstance(content, list):
                parts = [p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"]
                return "\n".join(p for p in parts if p) or None
            return None
    return None


def through_last_user(messages: list) -> list:
    """``messages`` up to and including the last ``user`` message: the user's turn, which a
    tool-result leg, a client's replay or a "continue" after it does not change (the proxy's
    record key: one user turn, one exchange)."""
    for at in range(len(messages) - 1, -1, -1):
        if isinstance(messages[at], dict) and messages[at].get("role") == "user":
            return messages[: at + 1]
    return messages


def continues_a_reply(messages: list) -> bool:
    """Whether the request ends on an ``assistant`` message (a prefill, a client's "continue"):
    it adds to a reply already given, it says nothing new of the user's."""
    return bool(messages) and isinstance(messages[-1], dict) and messages[-1].get("role") == "assistant"


#: The roles whose messages are the conversation itself (what the user and the assistant said):
#: a system or developer prompt, a tool's result or a function's is shown to the model but is
#: no turn of the chat.
CONVERSATION_ROLES = frozenset({"user", "assistant"})


def prompt_texts(messages: list, roles: frozenset[str] | None = None) -> list[str]:
    """The texts the request shows the model, oldest first: each message's string content,
    or the text parts of a list, whatever its role (``roles``: only those roles'); the last
    :data:`~souvenir.ground.limits.MAX_PROMPT_MESSAGES` messages only. The context gives the
    memories among them no place (:mod:`souvenir.read.in_prompt`)."""
    out = []
    for message in messages[-MAX_PROMPT_MESSAGES:]:
        if roles is not None and not (isinstance(message, dict) and message.get("role") in roles):
            continue
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            content = "\n".join(
                p["text"]
                for p in content
                if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str)
            )
        if isinstance(content, str) and content.strip() and len(content) <= MAX_TEXT_BYTES:
            out.append(content)
    return out


def conversation_texts(messages: list) -> list[str]:
    """The conversation the request carries, oldest first: :func:`prompt_texts` of the
    ``user`` and ``assistant`` messages only (:data:`CONVERSATION_ROLES`). A short message is
    read with its last turns (:meth:`~souvenir.read.scoring.Scorer.conversation`): a client's
    system prompt ("You are a helpful bot.") or a tool's output is not one of them."""
    return prompt_texts(messages, CONVERSATION_ROLES)


def last_question(messages: list) -> str | None:
    """Text of the last ``assistant`` message before the last ``user`` one (what the bot asked),
    or ``None``: the answer rule reads it (:func:`souvenir.privacy.answer_to`)."""
    seen_user = False
    for message in reversed(messages):
        if not isinstance(message, dict):
            continue
        if message.get("role") == "user":
            seen_user = True
        elif seen_user and message.get("role") == "assistant":
            content = message.get("content")
            if isinstance(content, list):
                content = "\n".join(
                    p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
                )
            return content if isinstance(content, str) else None
    return None


def with_memory(messages: list, block: str) -> list:
    """The messages with ``block`` after the caller's own prompt: appended to the last of the
    leading ``system``/``developer`` messages (to its text, or as a text part of a list
    content), or as a new system message after them (first when there are none)."""
    if not block:
        return messages
    out = list(messages)
    lead = 0
    while lead < len(out) and isinstance(out[lead], dict) and out[lead].get("role") in ("system", "developer"):
        lead += 1
    if lead:
        last = out[lead - 1]
        content = last.get("content")
        if isinstance(content, str):
            out[lead - 1] = {**last, "content": content.rstrip() + "\n\n" + block}
            return out
        if isinstance(content, list):
            out[lead - 1] = {**last, "content": [*content, {"type": "text", "text": block}]}
            return out
    out.insert(lead, {"role": "system", "content": block})
    return out


def souvenir_header(request: Request, name: str) -> str | None:
    """Header ``name`` as text (``None`` when absent or empty). Its bytes are read as UTF-8:
    Starlette reads them as Latin-1, which made "josé" another user ("josÃ©") than the REST
    routes' "josé". Raises :class:`InputError` for bytes that are not UTF-8, or for two values
    (a gateway that appends its own to the client's: which one it meant is unknown)."""
    values = request.headers.getlist(name)
    if len(values) > 1:
        raise InputError(f"more than one {name} header: send one")
    value = values[0] if values else None
    if not value:
        return None
    try:
        return value.encode("latin-1").decode("utf-8")
    except UnicodeError:
        raise InputError(f"{name} is not UTF-8: send the id's UTF-8 bytes") from None


#: Where clients put the end user, first found wins: Souvenir's header (any client's extra
#: headers), OpenAI's ``user`` (the openai SDK's ``user=``, LangChain's ``model_kwargs`` /
#: ``user``, LlamaIndex's ``additional_kwargs``, litellm's ``extra_body``), its successor
#: ``safety_identifier``, then ``metadata`` (OpenAI's string map) under these keys.
USER_METADATA_KEYS = ("souvenir_user", "user_id", "user")


def request_user(request: Request, body: dict) -> object:
    """The request's user as the client sent it (``None`` when it names none): header
    ``X-Souvenir-User``, else the body's ``user``, ``safety_identifier``, or ``metadata``'s
    ``souvenir_user`` / ``user_id`` / ``user``. A body field that is not a string is returned
    as it is (the caller answers 422); a ``metadata`` value that is not a string is not a
    user (metadata is the client's own). Raises :class:`InputError` for a header that is
    not UTF-8."""
    named = souvenir_header(request, "x-souvenir-user")
    if named:
        return named
    for field in ("user", "safety_identifier"):
        if body.get(field) not in (None, ""):
            return body[field]
    metadata = body.get("metadata")
    if isinstance(metadata, dict):
        for key in USER_METADATA_KEYS:
            if isinstance(metadata.get(key), str) and metadata[key]:
                return metadata[key]
    return None


def default_user(request: Request) -> str | None:
    """``SOUVENIR_DEFAULT_USER`` for a request naming no user, only in the keyless loopback
    mode (the local principal: no API key exists, the caller is on this machine); ``None``
    otherwise. With keys, a key may serve several people: their memories are never mixed
    under one default."""
    principal = getattr(request.state, "principal", None)
    settings = getattr(request.app.state, "settings", None)
    if principal is None or not principal.local or settings is None:
        return None
    return settings.default_user or None


def no_default_why(request: Request) -> str:
    """Why a request naming no user got no default user, for the proxy's warning."""
    settings = getattr(request.app.state, "settings", None)
    if settings is None or not settings.default_user:
        return (
            "a front-end of one person on this machine that cannot send one: SOUVENIR_DEFAULT_USER, "
            "used while no API key exists"
        )
    return "SOUVENIR_DEFAULT_USER is not used once an API key exists: a key may serve several people"


def needs_store_check(channel: str, user: str, story: str | None) -> bool:
    """Check a chat request's ids (:func:`~souvenir.ground.limits.check_user_id`, the story's length;
    :class:`InputError` otherwise) and say whether one would look like another
    (:func:`~souvenir.ground.limits.lookalike`): then only a user already stored may be named
    (:func:`refuse_new_lookalike`, a store read)."""
    check_user_id(user, "user id")
    check_user_id(channel, "channel")
    check_field(story, "story", 256)
    return bool(lookalike(user) or lookalike(channel))


def refuse_new_lookalike(memory, channel: str, user: str) -> None:
    """:class:`InputError` unless ``channel:user`` is stored: the store refuses to make such a
    user when the exchange is recorded, after the model's reply — the client would have its
    answer and no word of why nothing was remembered."""
    if memory.runtime.store.find_user(channel, user) is None:
        odd = lookalike(user)
        raise InputError(f"user id {odd}" if odd else f"channel {lookalike(channel)}")
