"""Who may call the service, checked before a request body is read.

:class:`GuardMiddleware` (pure ASGI, outermost) runs on every HTTP request, in this order:

1. ``Host`` against the allow-list (``SOUVENIR_ALLOWED_HOSTS``, default any, once keys are in
   force; the localhost names only while no key exists, whatever the list): 400 otherwise
   (DNS rebinding, a reverse proxy passing its public name).
2. A browser's cross-origin request (an ``Origin`` that is not this host, or
   ``Sec-Fetch-Site: cross-site|same-site``): 403. Souvenir answers no CORS preflight.
3. Authentication: every route but ``GET /health`` and ``GET /health/ready``. With keys in
   force, ``Authorization: Bearer KEY`` (the OpenAI client's ``api_key``) or 401 (400 for two
   ``Authorization`` headers: which one a proxy or a log looked at is unknown). With no
   key configured the service is open, for local use only: a client that is not on loopback,
   or a request relayed by a proxy (``Forwarded``, ``X-Forwarded-*``, ``X-Real-IP``, ``Via``,
   a CDN's client-IP headers), gets 403.
4. A body must be ``application/json`` (415): an HTML form or a ``text/plain`` "simple
   request" from a web page never reaches a route.
5. A body over ``SOUVENIR_MAX_BODY_BYTES`` gets 413, from ``Content-Length`` before
   anything is read, or as soon as a streamed body passes the limit.

Scopes (403) are checked per route by FastAPI dependencies: :func:`authorize` (app-wide:
the ``{channel}`` of the path), :func:`require_admin` (``/metrics``, service-wide
diagnostics), :func:`require_admin_for_rules` (writing, editing or removing a rule) and
:func:`check_channel` (a channel named in a body or a header). Each only finds the request's
principal and calls :mod:`souvenir.api.scopes`, the checks the MCP tools call too.

Errors on the OpenAI-compatible routes (``/v1/chat/completions``, ``/v1/models``) have
OpenAI's shape ``{"error": {"message", "type", "param", "code"}}``; elsewhere
``{"detail": message}``.
"""

from __future__ import annotations

import ipaddress
import json
import re

from fastapi import HTTPException, Request
from starlette.datastructures import Headers

from souvenir.api import scopes
from souvenir.api.keys import LOCAL, KeyRing, Principal
from souvenir.library.user_data import HINT_CHANNELS
from souvenir.ground.limits import check_user_id
from souvenir.privacy.scrub import scrub
from souvenir.ground.urls import is_loopback

#: Routes anyone may call (no data behind them).
PUBLIC = frozenset({("GET", "/health"), ("HEAD", "/health"), ("GET", "/health/ready"), ("HEAD", "/health/ready")})
#: Host names accepted while no key exists (loopback only).
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")
#: Headers a reverse proxy or a CDN adds: an open (keyless) service refuses what they relay.
_RELAYED = (
    b"forwarded",
    b"x-forwarded-for",
    b"x-real-ip",
    b"x-forwarded-host",
    b"x-forwarded-proto",
    b"x-forwarded-server",
    b"via",
    b"cf-connecting-ip",
    b"true-client-ip",
    b"x-client-ip",
    b"x-cluster-client-ip",
    b"fastly-client-ip",
    b"x-original-forwarded-for",
    b"client-ip",
    b"x-forwarded",
    b"forwarded-for",
    b"x-proxyuser-ip",
    b"akamai-origin-hop",
    b"cdn-loop",
)
_OPENAI_PATHS = ("/v1/chat/completions", "/v1/models")
#: On every response of the proxy's routes (which relay a model server's bytes): no type
#: sniffing, and a page that runs nothing, loads nothing and is framed by nobody, whatever it
#: holds. Every other response gets ``nosniff`` (the API docs' pages need their scripts).
SAFE_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'; sandbox"),
)
#: On every response but the API docs' static files: a user's memories, export or diagnostics
#: page is kept by no browser cache nor shared cache (a keyless service sends no Authorization,
#: which is what keeps a shared cache from storing an answer).
NO_STORE = (b"cache-control", b"no-store")
_STATIC = "/static-offline-docs/"


def bind_refusal(host: str, keys_configured: bool) -> str | None:
    """Why ``souvenir serve`` must not bind ``host``, or ``None`` when it may."""
    if keys_configured or is_loopback(host):
        return None
    return (
        f"refusing to serve on {host}: no API key is configured, so anyone who reaches the "
        "port could read, export and delete every user. Create one with `souvenir keys create "
        "--name NAME --admin` (or --channel C), or serve on 127.0.0.1."
    )


def plain_http_warning(host: str) -> str | None:
    """What the start line of ``souvenir serve`` adds when it binds ``host`` beyond loopback
    (keys exist, or :func:`bind_refusal` stopped it): it speaks plain HTTP, so every key sent
    and every answer — memories, exports — cross the network readable by anyone on the path.
    ``None`` on loopback (a TLS reverse proxy on the same machine in front: docs/operations.md)."""
    if is_loopback(host):
        return None
    try:
        every = ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        every = False
    where = f"{host} (every interface of this machine)" if every else host
    return (
        f"WARNING: plain HTTP on {where}: API keys and every answer (memories, exports) cross the "
        "network unencrypted; serve on 127.0.0.1 behind a TLS reverse proxy (docs/operations.md, TLS)"
    )


def openai_error(status: int, message: str, code: str | None = None) -> dict:
    """OpenAI's error body for ``status``."""
    kinds = {
        400: "invalid_request_error",
        401: "authentication_error",
        403: "permission_error",
        404: "not_found_error",
        413: "invalid_request_error",
        415: "invalid_request_error",
        422: "invalid_request_error",
        429: "rate_limit_error",
    }
    kind = kinds.get(status, "api_error" if status >= 500 else "invalid_request_error")
    # a message may quote what the caller sent (an X-Souvenir-Timezone holding an API key)
    return {"error": {"message": scrub(message), "type": kind, "param": None, "code": code}}


def error_body(path: str, status: int, message: str, code: str | None = None) -> dict:
    """The error body of ``path``: OpenAI's shape on the proxy's routes, ``detail`` elsewhere."""
    if path.startswith(_OPENAI_PATHS):
        return openai_error(status, message, code)
    return {"detail": message}


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` when a streamed body passes the limit (FastAPI re-raises an
    ``HTTPException`` met while reading a body, so the route never runs)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is over {limit} bytes (SOUVENIR_MAX_BODY_BYTES); nothing was written")


class GuardMiddleware:
    """The checks of the module docstring, before any route runs. ``allowed_hosts`` is the
    setting's comma-separated list (empty = the default)."""

    def __init__(self, app, keyring: KeyRing, allowed_hosts: str = "", max_body_bytes: int = 1_048_576) -> None:
        self.app = app
        self.keyring = keyring
        self.hosts = [h.strip().lower() for h in allowed_hosts.split(",") if h.strip()]
        self.max_body = max_body_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        path, method = scope.get("path", ""), scope.get("method", "GET")
        keyed = self.keyring.configured()
        refusal = (
            self._host(headers, keyed)
            or self._origin(headers)
            or self._authenticate(scope, headers, keyed, (method, path) in PUBLIC)
            or self._body_type(headers, method)
        )
        safe = SAFE_HEADERS if path.startswith(_OPENAI_PATHS) else SAFE_HEADERS[:1]
        send = _with_safe_headers(send, safe if path.startswith(_STATIC) else (*safe, NO_STORE))
        if refusal is not None:
            await send_error(send, path, *refusal)
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            status = 413 if length.isdigit() else 400
            await send_error(
                send,
                path,
                status,
                BodyTooLarge(self.max_body).detail if status == 413 else "a Content-Length that is not a number",
            )
            return
        # an unknown user's hint names only channels this key reaches (souvenir.library)
        token = HINT_CHANNELS.set(scopes.hint_channels(scope["state"].get("principal")))
        try:
            await self.app(scope, self._capped(receive), send)
        finally:
            HINT_CHANNELS.reset(token)

    # -- the checks: each returns (status, message[, extra headers]) or None -------------------
    def _host(self, headers: Headers, keyed: bool):
        # keyless: localhost names only, whatever the allow-list says (a reverse proxy that
        # passes its public name without a relay header must not open every user to it)
        allowed = self.hosts if keyed else [h for h in self.hosts if h in LOCAL_HOSTS] or list(LOCAL_HOSTS)
        if not allowed or "*" in allowed:
            return None
        host = parse_host(headers.get("host", "")) or "\x00"  # malformed: matches no pattern
        for pattern in allowed:
            if (
                host == pattern
                or host == pattern.strip("[]")
                or (pattern.startswith("*.") and host.endswith(pattern[1:]))
            ):
                return None
        return 400, (
            "this Host is not served (SOUVENIR_ALLOWED_HOSTS)"
            if keyed
            else "this Host is not served: with no API key Souvenir answers only to localhost "
            "names (create a key with `souvenir keys create` to serve another name)"
        )

    @staticmethod
    def _origin(headers: Headers):
        site = headers.get("sec-fetch-site", "").lower()
        origin = headers.get("origin")
        if site in ("cross-site", "same-site"):
            return 403, "cross-origin browser requests are refused"
        if origin is not None:
            own = headers.get("host", "").lower()
            if origin == "null" or origin.split("://", 1)[-1].rstrip("/").lower() != own:
                return 403, "cross-origin browser requests are refused"
        return None

    def _authenticate(self, scope, headers: Headers, keyed: bool, public: bool):
        state = scope.setdefault("state", {})
        state["principal"] = None
        state["keyed"] = keyed
        if public:  # open to every caller; a valid key is still read (an admin sees /health whole)
            if keyed and len(headers.getlist("authorization")) == 1:
                scheme, _, key = headers.get("authorization", "").partition(" ")
                state["principal"] = self.keyring.lookup(key.strip()) if scheme.lower() == "bearer" else None
            return None
        if not keyed:
            client = scope.get("client") or (None, None)
            relayed = any(name in _RELAYED for name, _ in scope.get("headers", ()))
            if relayed:
                return 403, (
                    "no API key is configured, so Souvenir refuses requests relayed by a "
                    "proxy (Forwarded, X-Forwarded-*, Via…): create a key with "
                    "`souvenir keys create` before serving through one"
                )
            if not is_loopback(client[0]):
                return 403, (
                    "no API key is configured, so Souvenir serves loopback clients only "
                    "(create one with `souvenir keys create`)"
                )
            state["principal"] = LOCAL
            return None
        if len(headers.getlist("authorization")) > 1:
            return 400, "more than one Authorization header: send one key"
        scheme, _, key = headers.get("authorization", "").partition(" ")
        principal = self.keyring.lookup(key.strip()) if scheme.lower() == "bearer" else None
        if principal is None:
            return 401, _unauthorized(scheme, key), {"www-authenticate": "Bearer"}
        state["principal"] = principal
        return None

    @staticmethod
    def _body_type(headers: Headers, method: str):
        has_body = headers.get("content-length", "0") != "0" or "transfer-encoding" in headers
        if method in ("GET", "HEAD", "OPTIONS") or not has_body:
            return None
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json")):
            return None
        return 415, (
            "request bodies must be JSON, sent with the header 'Content-Type: application/json' "
            "(curl -d without -H 'Content-Type: application/json' sends a form)"
        )

    def _capped(self, receive):
        seen = 0
        limit = self.max_body

        async def capped():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        return capped


def _unauthorized(scheme: str, key: str) -> str:
    """The 401's sentence for an ``Authorization`` header's ``scheme`` and ``key`` (either may
    be empty): what was wrong with it and the header to send, never the key itself."""
    if not scheme:
        return "an API key is required: send the header 'Authorization: Bearer KEY' (`souvenir keys create` makes one)"
    if scheme.lower() != "bearer":
        return (
            "the Authorization header must read 'Bearer KEY' (the word Bearer, a space, then the key): "
            "this one has no Bearer scheme"
        )
    if not key.strip():
        return "the Authorization header says Bearer but carries no key: send 'Authorization: Bearer KEY'"
    return (
        "this API key is not valid (unknown or revoked): send a current key as 'Authorization: Bearer KEY' "
        "(`souvenir keys list` shows which exist)"
    )


#: A Host header as RFC 9110 has it: a DNS name or IPv4 address, or an IPv6 address in
#: brackets, then an optional port of 1 to 5 digits. Nothing else (no userinfo, no path).
_HOST = re.compile(
    r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*))"
    r"(?::(?P<port>[0-9]{1,5}))?"
)


def parse_host(host: str) -> str | None:
    """The host name of a ``Host`` header value (lower case; an IPv6 address in brackets),
    or ``None`` when it is not ``host[:port]``: "localhost:80@evil" was read as "localhost"
    by a split at its one colon, and let through by the keyless mode's check."""
    match = _HOST.fullmatch(host.strip().lower())
    if match is None or (match["port"] is not None and int(match["port"]) > 65535):
        return None
    if match["v6"] is not None:
        try:
            ipaddress.IPv6Address(match["v6"])
        except ValueError:
            return None
        return f"[{match['v6']}]"
    return match["name"]


def _with_safe_headers(send, safe):
    """``send`` adding ``safe`` (header pairs) to the response's start, replacing any of the
    same names."""
    names = {name for name, _ in safe}

    async def sending(message) -> None:
        if message["type"] == "http.response.start":
            kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in names]
            message = {**message, "headers": kept + list(safe)}
        await send(message)

    return sending


async def send_error(send, path: str, status: int, message: str, headers: dict | None = None) -> None:
    """Answer an ASGI request with ``status`` and ``message`` in :func:`error_body`'s shape."""
    body = json.dumps(error_body(path, status, message)).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


# -- per-route scope checks (FastAPI dependencies) ----------------------------------------------
def principal_of(request: Request) -> Principal:
    """The request's principal (set by the middleware); 401 when there is none."""
    principal = getattr(request.state, "principal", None)
    if principal is None:
        raise HTTPException(
            401, "an API key is required: Authorization: Bearer KEY", headers={"WWW-Authenticate": "Bearer"}
        )
    return principal


def authorize(request: Request) -> None:
    """App-wide: a route whose path names a ``{channel}`` is reached only by a key of that
    channel (or an admin key); public routes pass."""
    if (request.method, request.url.path) in PUBLIC:
        return
    principal = principal_of(request)
    for name, what in (("channel", "channel"), ("user", "user id")):
        if name in request.path_params:  # 422 for what no write could have created (NUL, "/"…)
            check_user_id(request.path_params[name], what)
    for name, value in list(request.path_params.items()) + list(request.query_params.items()):
        digits = str(value).lstrip("-")
        if digits.isdigit() and len(digits) > 18:  # past a 64-bit integer: no such row
            raise HTTPException(422, f"{name} is out of range")
    channel = request.path_params.get("channel")
    if channel is not None:  # spelt out in the path, `api` too
        scopes.reach(principal, channel, named=True)


def require_admin(request: Request) -> Principal:
    """Only an admin key (or the open loopback mode) passes; 403 otherwise."""
    principal = principal_of(request)
    scopes.admin(principal, f"{request.url.path}, an operators' route,")
    return principal


def require_admin_for_rules(request: Request, kinds) -> None:
    """403 unless an admin key: a ``rule`` among ``kinds`` (memories written, edited, pinned
    or deleted) is carried by every later context of the user, so only the operator sets,
    rewords or removes one."""
    scopes.write_kinds(principal_of(request), kinds)


def check_channel(request: Request, channel: str) -> Principal:
    """403 unless the request's key reaches ``channel`` (named in a body or a header)."""
    principal = principal_of(request)
    scopes.reach(principal, channel)
    return principal


def is_admin(request: Request) -> bool:
    principal = getattr(request.state, "principal", None)
    return principal is not None and principal.admin
