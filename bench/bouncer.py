"""A throwaway PgBouncer for the benchmarks (bench/load.py): Debian's ``pgbouncer`` binary
(``apt-get install pgbouncer``) started on a free loopback port in transaction mode, in
front of the PostgreSQL server at ``host``:``port``.

Its configuration (written to a temporary folder, with its log):

* ``[databases] * = host=… port=…``: every database name is forwarded (the benchmark's
  throwaway databases need no entry each);
* ``pool_mode = transaction``, ``default_pool_size`` server connections per database
  (``pool``), ``max_client_conn = 2000``; ``auth_type = trust`` with one ``postgres`` user
  (the local server's trust authentication, as the tests use it);
* ``ignore_startup_parameters = extra_float_digits`` plus, with ``ignore_options``,
  ``options``: PgBouncer 1.18 refuses a client that sends a startup ``options`` parameter
  (the PostgreSQL store on main sends ``-c lock_timeout=… -c TimeZone=UTC``); ignoring it
  lets such a client in, but its settings are then silently dropped.

Run as root, it drops to ``user`` (``-u``; PgBouncer refuses to run as root). Raises
``SystemExit`` when the binary is missing or the pooler does not answer within
``timeout_s`` (its log's tail in the message).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgBouncer:
    """``with PgBouncer(...) as bouncer: bouncer.url("dbname")``."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 5432,
        pool: int = 20,
        ignore_options: bool = False,
        user: str = "postgres",
        timeout_s: float = 15.0,
    ) -> None:
        self.host, self.port, self.pool, self.user = host, port, pool, user
        self.ignore_options, self.timeout_s = ignore_options, timeout_s
        self.listen = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="souvenir-bench-pgbouncer-"))
        self.proc: subprocess.Popen | None = None

    @property
    def ini(self) -> Path:
        return self.dir / "pgbouncer.ini"

    @property
    def log(self) -> Path:
        return self.dir / "pgbouncer.log"

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.listen}/{database}"

    def config(self) -> str:
        ignored = "extra_float_digits" + (",options" if self.ignore_options else "")
        return "\n".join(
            [
                "[databases]",
                f"* = host={self.host} port={self.port}",
                "",
                "[pgbouncer]",
                "listen_addr = 127.0.0.1",
                f"listen_port = {self.listen}",
                "unix_socket_dir =",
                "auth_type = trust",
                f"auth_file = {self.dir / 'userlist.txt'}",
                "pool_mode = transaction",
                f"default_pool_size = {self.pool}",
                "max_client_conn = 2000",
                f"ignore_startup_parameters = {ignored}",
                f"logfile = {self.log}",
                f"pidfile = {self.dir / 'pgbouncer.pid'}",
                f"admin_users = {self.user}",
                f"stats_users = {self.user}",
                "",
            ]
        )

    def __enter__(self) -> PgBouncer:
        binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
        if not Path(binary).exists():
            raise SystemExit("pgbouncer is not installed: apt-get install pgbouncer (or pass --pgbouncer-url)")
        self.ini.write_text(self.config(), encoding="utf-8")
        (self.dir / "userlist.txt").write_text(f'"{self.user}" ""\n', encoding="utf-8")
        command = [binary]
        if os.geteuid() == 0:  # PgBouncer refuses root: it drops to the server's user
            shutil.chown(self.dir, self.user)
            for path in self.dir.iterdir():
                shutil.chown(path, self.user)
            command += ["-u", self.user]
        self.proc = subprocess.Popen(command + [str(self.ini)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        self._wait()
        return self

    def _wait(self) -> None:
        import psycopg

        deadline = time.monotonic() + self.timeout_s
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise SystemExit(f"pgbouncer exited with {self.proc.returncode}: {self.tail()}")
            try:
                with psycopg.connect(self.url("postgres"), connect_timeout=2, prepare_threshold=None) as conn:
                    conn.execute("SELECT 1")
                return
            except psycopg.Error as exc:
                if time.monotonic() > deadline:
                    raise SystemExit(f"pgbouncer not ready on {self.listen}: {exc}; {self.tail()}") from exc
            time.sleep(0.2)

    def tail(self, lines: int = 5) -> str:
        try:
            return " | ".join(self.log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __exit__(self, *exc) -> None:
        self.stop()
