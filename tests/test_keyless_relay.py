"""Issue #27, decided: the keyless (loopback) mode cannot tell a local client from a remote
one relayed by a proxy on the same machine that adds no forwarding header (nginx's default
``proxy_pass``, ``ssh -L``, socat): the relay's connection comes from loopback with a
localhost Host. So the service says it plainly — at start-up (a warning naming those relays)
and in docs/security.md — and refuses what it can tell: a forwarding header, a non-loopback
peer, a non-local Host. This test runs a real header-less TCP relay and checks both halves."""

from __future__ import annotations

import logging
import socket
import threading

import httpx

from souvenir.api.app import KEYLESS_WARNING, create_app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread, free_port


class TcpRelay:
    """Forwards every connection on 127.0.0.1:<port> to ``target_port``, bytes unchanged
    (what ``ssh -L`` or ``socat`` does)."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.port = free_port()
        self.server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()


def test_keyless_mode_says_it_cannot_see_a_headerless_relay_and_refuses_what_it_can(tmp_path, caplog):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none", window_embedder="none", _env_file=None
    )
    with caplog.at_level(logging.WARNING, logger="souvenir.api.app"):
        with UvicornThread(create_app(settings)) as server:
            relay = TcpRelay(server.port)
            try:
                with httpx.Client(base_url=f"http://127.0.0.1:{relay.port}", timeout=10) as client:
                    # the documented limit: relayed bytes look local
                    assert client.get("/v1/users/api/u1/memories").status_code == 200
                    # what it can tell, it refuses
                    r = client.get("/v1/users/api/u1/memories", headers={"X-Forwarded-For": "203.0.113.9"})
                    assert r.status_code == 403
                    r = client.get("/v1/users/api/u1/memories", headers={"Host": "memory.example.com"})
                    assert r.status_code == 400
            finally:
                relay.close()
    assert KEYLESS_WARNING in caplog.text and "ssh -L" in KEYLESS_WARNING
