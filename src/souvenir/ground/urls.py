"""URLs in messages: without their user, password or a secret of their query.

An HTTP embedder's, chat model's or store's address may carry credentials
(``https://user:password@host``, ``postgresql://host/db?password=…``, ``?key=…``); its
failures' messages reach a turn's degraded cause (any caller's answer), the events, parked
jobs, the logs and ``souvenir doctor``'s lines, so the address they name never carries them.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import parse_qsl, urlsplit, urlunsplit

__all__ = ["is_loopback", "looks_like_conninfo", "openai_api_base", "url_passwords", "without_userinfo"]

#: A URL's user info: from ``://`` through the *last* ``@`` before the URL's end (a space, a
#: quote, ``?`` or ``#``). The last, not the first: a password with an unescaped ``@`` or
#: ``/`` (``postgresql://bob:p@ss/word@host/db``) is still all user info to the reader, and
#: the first ``@`` left part of it printed (session 21, harden6). Over-reach is harmless: a
#: path holding ``@`` is shortened in a message, never a secret shown.
_USERINFO = re.compile(r"(?<=://)[^\s'\"?#<>]*@")

#: Query parameters that carry a secret: libpq's ``password`` / ``sslpassword``, and the
#: names model servers take a key by. Their value is shown as ``…``.
_SECRET_PARAM = re.compile(
    r"([?&](?:password|passwd|pwd|sslpassword|pass|secret|token|access_token|api[_-]?key|apikey|key)=)[^&\s'\"#]*",
    re.I,
)


def without_userinfo(text: str) -> str:
    """``text`` with every ``scheme://user:password@`` reduced to ``scheme://`` and every
    secret query value (``?password=…``, ``&key=…``) to ``…``."""
    return _SECRET_PARAM.sub(r"\1…", _USERINFO.sub("", text))


def url_passwords(url: str | None) -> list[str]:
    """The secrets ``url`` carries: its user info's password and its secret query values
    (what :func:`without_userinfo` hides), for :func:`souvenir.privacy.configured.known_secrets`."""
    if not url:
        return []
    info = _USERINFO.search(url)  # as this module reads it: through the last "@"
    password = info.group(0)[:-1].partition(":")[2] if info else ""
    try:
        query = urlsplit(url).query
    except ValueError:
        query = url.partition("?")[2]
    return [password] * bool(password) + [v for k, v in parse_qsl(query) if v and _SECRET_PARAM.match(f"?{k}=")]


#: libpq's key=value connection string (``host=… user=… password=…``): not a URL, not a path.
_CONNINFO = re.compile(
    r"(?:^|\s)(?:host|hostaddr|port|dbname|user|password|passfile|service|sslmode|connect_timeout)\s*=", re.I
)


def looks_like_conninfo(text: str) -> bool:
    """Whether ``text`` is a libpq key=value connection string: the store refuses it rather
    than make a SQLite file named after it (its ``password=`` in a file name)."""
    return "://" not in text.removeprefix("sqlite:///") and bool(_CONNINFO.search(text.removeprefix("sqlite:///")))


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` (an address or ``localhost``) is on loopback."""
    if not host:
        return False
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


#: A path segment naming an API version: ``v1``, ``v1beta``, ``v3``, ``v4`` (OpenAI's ``/v1``,
#: Gemini's ``/v1beta/openai``, Volcengine Ark's ``/api/v3``, Zhipu's ``/api/paas/v4``).
_VERSION_SEGMENT = re.compile(r"v\d+[a-z0-9]*", re.I)


def openai_api_base(url: str) -> str:
    """The base an OpenAI-compatible server's routes (``/chat/completions``, ``/models``) are
    appended to, as the OpenAI SDK takes a ``base_url``: ``url`` itself when its path names an
    API version (``…/v1``, ``…/v1beta/openai``, ``…/api/v3``), else the server root with
    ``/v1`` (``http://127.0.0.1:8080`` → ``http://127.0.0.1:8080/v1``: llama-server, vLLM,
    LiteLLM served at a root or under a reverse proxy's sub-path)."""
    parts = urlsplit(url.strip())
    path = parts.path.rstrip("/")
    if not any(_VERSION_SEGMENT.fullmatch(segment) for segment in path.split("/")):
        path += "/v1"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, parts.fragment))
