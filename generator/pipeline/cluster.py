"""Phase 3 on a cluster — `build.py --executor dask --scheduler tcp://HOST:PORT`.

Items are pure functions of their descriptors, so they can run anywhere: this executor
hands `generate.build_item(item, settings)` to an existing Dask distributed scheduler
(Rocklin, "Dask: parallel computation with blocked algorithms and task scheduling", SciPy
2015) and takes the outcomes back as they complete.  Workers generate and render; the bytes
come back to the driver, where the one writer, the cache and the atomic swap work exactly as
with the local pool, so the site is byte for byte the local build.

Each item is one task whose key is derived from the item's cache key (pure: the same item
is the same task).  A worker that dies mid-item makes the scheduler run the task again on
another worker (Dask's own recovery, up to `distributed.scheduler.allowed-failures`
deaths); an item that keeps killing workers ends the build with `ItemFailure` naming it
(exit 1) and the previous site untouched, never a half site.  Results are released from
the cluster as soon as the driver has them, so neither side holds every item's files.

Workers need this same tilepress checkout importable (the same version: `pip install
.[dask]` on each, or start them from the checkout); `--family-module` files must exist at
the same path on the workers.  Dask is an optional dependency: without it
`--executor dask` stops with exit 2 naming the package.

A wrong address costs seconds, never the site: before Dask's client connects, `greet` reads
the scheduler's greeting (the handshake a Dask server sends first on a new connection) itself,
within HANDSHAKE_TIMEOUT seconds and HANDSHAKE_MAX bytes, because Dask's own comm waits for it
without a time limit and allocates whatever length a peer announces; then it asks the server's
`identity` (a Dask worker greets like a scheduler).  A silent listener, an
HTTP server, a peer announcing gigabytes, a malformed address (checked as tcp|tls://HOST:PORT,
HOST a host name, an IPv4 or a bracketed IPv6 address) or `tls://` without Dask's TLS settings
stop the build with exit 2 and one line naming the address.  A cluster lost mid-build (the
scheduler killed, or no worker left for NO_WORKERS_SECONDS) ends it with exit 1 and one line
(`ClusterLost`), the previous site untouched;
Dask's own log output (tracebacks from its threads) is silenced while the build uses the cluster.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import socket
import struct
import threading
import time

from generator.errors import TilepressError
from generator.pipeline.generate import ItemFailure, build_item

ADDRESS_RE = re.compile(r"^(tcp|tls)://(\[[^\]/]*\]|[^\[\]:/]+):([0-9]{1,5})$")
HOSTNAME_RE = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                         r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$")
HANDSHAKE_TIMEOUT = 6.0   # seconds for the whole greeting check: resolve, connect, the scheduler's first message
HANDSHAKE_MAX = 64 * 1024   # bytes: a scheduler's greeting is about a hundred; more is not a scheduler
CONNECT_TIMEOUT = 10      # seconds for Dask's own client connection after the greeting check
WORKER_POLL = 2.0         # seconds between the build's questions "how many workers?" while it waits
NO_WORKERS_SECONDS = 10   # a cluster whose workers are all gone this long is lost (exit 1)
NO_WORKERS_AT_START = 120   # ... and one that has none from the start (an adaptive cluster scaling up)
RETRIES = 2                 # re-runs of a task that raised in the worker machinery itself
DRIVER_ENV = ("SOURCE_DATE_EPOCH",)   # what the output may read from the environment (PDF dates)


class ClusterLost(ItemFailure):
    """The cluster went away mid-build (exit 1, the previous site untouched): names the address."""

    def __init__(self, scheduler: str, reason: str):
        Exception.__init__(self, f"--scheduler {scheduler}: lost the Dask cluster ({reason})")
        self.label, self.reason, self.detail = "", reason, ""


def shown(address: str) -> str:
    """An address as messages show it (a long one shortened)."""
    return address if len(address) <= 80 else address[:60] + "…" + address[-12:]


def parse_address(address) -> tuple[str, str, int]:
    """(scheme, host, port) of tcp://HOST:PORT or tls://HOST:PORT, HOST a name, an IPv4
    address or a bracketed IPv6 address; TilepressError naming the address otherwise."""
    def bad(why: str):
        return TilepressError(f"--scheduler {shown(str(address))!r}: {why}")
    if isinstance(address, str) and len(address) > 300:
        raise bad(f"too long ({len(address):,} characters) for a scheduler's address")
    m = ADDRESS_RE.match(address) if isinstance(address, str) else None
    if not m:
        raise bad("expected tcp://HOST:PORT of a Dask scheduler")
    scheme, host, port = m.group(1), m.group(2), int(m.group(3))
    if not 1 <= port <= 65535:
        raise bad(f"port {port} is not in 1..65535")
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            raise bad(f"{host} is not an IPv6 address") from None
        return scheme, host[1:-1], port
    if re.fullmatch(r"[0-9.]+", host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise bad(f"{host} is not an IPv4 address") from None
    elif not HOSTNAME_RE.match(host):
        raise bad("the host is not a valid host name (letters, digits and hyphens, "
                  "labels of at most 63 characters, 253 in all)")
    return scheme, host, port


def _tls_context(address: str):
    """The client's TLS context from Dask's `distributed.comm.tls.*` settings (TilepressError without them)."""
    distributed = _distributed()
    try:
        ctx = distributed.security.Security().get_connection_args("client")["ssl_context"]
    except Exception as exc:      # noqa: BLE001 - unreadable certificate files and the like
        raise TilepressError(f"--scheduler {shown(address)}: the TLS settings cannot be used "
                             f"({type(exc).__name__}: {str(exc)[:120]})") from None
    if ctx is None:
        raise TilepressError(f"--scheduler {shown(address)}: tls:// needs Dask's TLS settings "
                             "(distributed.comm.tls.ca-file and client.cert/key in the Dask configuration)")
    return ctx


def _resolve(host: str, port: int, deadline: float):
    """getaddrinfo(host, port) within the deadline (a name lookup has no timeout of its own)."""
    box = {}

    def look():
        try:
            box["infos"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            box["error"] = exc
    t = threading.Thread(target=look, daemon=True, name="tilepress-resolve")
    t.start()
    t.join(max(0.0, deadline - time.monotonic()))
    if "infos" in box:
        return box["infos"]
    raise OSError(f"cannot resolve {host[:60]!r}" + (f": {box['error']}" if "error" in box else " in time"))


def _recv_exact(sock, n: int, deadline: float) -> bytes:
    """n bytes from sock before the deadline (TimeoutError / ConnectionError otherwise)."""
    chunks, got = [], 0
    while got < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        sock.settimeout(left)
        chunk = sock.recv(min(n - got, 65536))
        if not chunk:
            raise ConnectionError("the peer closed the connection")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def greet(address: str, timeout: float = HANDSHAKE_TIMEOUT, limit: int = HANDSHAKE_MAX) -> dict:
    """The greeting a Dask scheduler sends first on a new connection (its comm's handshake: a
    length-prefixed message of a few dozen bytes), read within `timeout` seconds and `limit`
    bytes; TilepressError naming the address when the peer is not a Dask server.

    This runs before Dask's own client connects: Dask's comm reads the length a peer announces
    and allocates it, and waits for the handshake without a time limit, so a silent listener,
    an HTTP server or a peer announcing gigabytes would hang the build or exhaust memory."""
    scheme, host, port = parse_address(address)
    ctx = _tls_context(address) if scheme == "tls" else None
    distributed = _distributed()
    deadline = time.monotonic() + timeout

    def refuse(why: str):
        return TilepressError(f"--scheduler {shown(address)}: {why}")
    try:
        infos = _resolve(host, port, deadline)
        sock, last = None, None
        for family, kind, proto, _name, sockaddr in infos:
            try:
                sock = socket.socket(family, kind, proto)
                sock.settimeout(max(0.05, deadline - time.monotonic()))
                sock.connect(sockaddr)
                break
            except OSError as exc:
                sock.close()
                sock, last = None, exc
        if sock is None:
            raise last or OSError("no address")
        try:
            if ctx is not None:
                sock.settimeout(max(0.05, deadline - time.monotonic()))
                sock = ctx.wrap_socket(sock, server_hostname=host)
            head = _recv_exact(sock, 8, deadline)
            (size,) = struct.unpack("<Q", head)
            if head.startswith(b"HTTP/") or head[:1] == b"<":
                raise refuse("an HTTP server answered, not a Dask scheduler")
            if not 0 < size <= limit:
                raise refuse(f"the peer announced a message of {size:,} bytes; a Dask scheduler's greeting "
                             f"is under {limit:,} (is this the scheduler's address?)")
            body = _recv_exact(sock, size, deadline)
            try:
                frames, missing = distributed.protocol.utils.unpack_frames(body, partial=True)
                if sum(missing) > limit - size:
                    raise ValueError("too large")
                frames += [_recv_exact(sock, n, deadline) for n in missing]
                info = distributed.protocol.core.loads(frames, deserialize=False)
            except (TimeoutError, ConnectionError):
                raise
            except Exception:            # noqa: BLE001 - whatever a stranger sent
                info = None
            if not isinstance(info, dict) or "compression" not in info:
                raise refuse("the peer does not speak Dask's protocol (not a Dask scheduler)")
        finally:
            sock.close()
        kind = _peer_type(distributed, address, deadline, ctx)
        if kind != "Scheduler":
            raise refuse(f"the peer is a Dask {str(kind)[:40]}, not the scheduler (give the scheduler's address)"
                         if kind else f"the peer did not say what it is within {timeout:g} s (not a Dask scheduler)")
        return info
    except TilepressError:
        raise
    except TimeoutError:
        raise refuse(f"no Dask scheduler answered within {timeout:g} s (a silent service, "
                     "an HTTP server or a firewall?)") from None
    except OSError as exc:
        why = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
        raise refuse(f"cannot reach the Dask scheduler ({why})") from None


def _peer_type(distributed, address: str, deadline: float, ctx) -> str | None:
    """What a Dask server says it is (its `identity` call: "Scheduler", "Worker", "Nanny"), asked
    through Dask's own comm once its greeting has been checked; None when it does not answer by
    the deadline."""
    # lazy: asyncio (~75 ms), distributed (optional, ~310 ms): a cluster build only
    import asyncio
    left = max(0.5, deadline - time.monotonic())
    args = {} if ctx is None else distributed.security.Security().get_connection_args("client")

    async def ask():
        comm = await distributed.comm.connect(address, timeout=left, **args)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()
    box = {}

    def run():
        try:
            box["answer"] = asyncio.run(asyncio.wait_for(ask(), left))
        except BaseException as exc:     # noqa: BLE001 - reported as "no answer"
            box["error"] = exc
    t = threading.Thread(target=run, daemon=True, name="tilepress-dask-identity")
    t.start()
    t.join(left + 1)
    answer = box.get("answer")
    return str(answer.get("type")) if isinstance(answer, dict) and answer.get("type") else None


class _Quiet:
    """Silence log output while the build talks to a cluster: Dask's client logs a lost scheduler
    as tracebacks from its own thread; the build says what went wrong in one line."""

    def __enter__(self):
        self.saved = logging.root.manager.disable
        logging.disable(logging.CRITICAL)
        return self

    def __exit__(self, *exc):
        logging.disable(self.saved)
        return False


def _driver_env() -> dict:
    """The driver's values of DRIVER_ENV (None: unset), sent with every task."""
    return {k: os.environ.get(k) for k in DRIVER_ENV}


def in_env(env: dict, fn, *args, **kwargs):
    """fn(*args) on a worker under the driver's DRIVER_ENV, so a worker's own environment
    (another SOURCE_DATE_EPOCH, or none) cannot change a byte."""
    saved = {k: os.environ.get(k) for k in env}

    def put(values):
        for k, v in values.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    put(env)
    try:
        return fn(*args, **kwargs)
    finally:
        put(saved)


def _distributed():
    """The `distributed` module, or TilepressError naming the optional dependency."""
    try:
        # lazy: asyncio (~75 ms), distributed (optional, ~310 ms): a cluster build only
        import distributed
    except ImportError:
        raise TilepressError("--executor dask needs the optional dependency 'distributed' "
                             "(Dask distributed): pip install '.[dask]'") from None
    return distributed


class DaskExecutor:
    """Run items on a Dask distributed cluster reached at `scheduler` (tcp://HOST:PORT)."""

    def __init__(self, scheduler: str, client=None):
        parse_address(scheduler)
        self.scheduler = scheduler
        self.where = f"on {scheduler}"
        self._client = client

    def check(self) -> None:
        """The scheduler's greeting, within HANDSHAKE_TIMEOUT (TilepressError, exit 2, otherwise)."""
        if self._client is None:
            greet(self.scheduler)

    def _connect(self):
        """A Client of the scheduler, after its greeting was checked (exit 2 when it cannot be
        reached, or is not a Dask scheduler, within HANDSHAKE_TIMEOUT + CONNECT_TIMEOUT s)."""
        distributed = _distributed()
        self.check()
        box = {}

        class Client(distributed.Client):
            def __del__(self):          # a client whose connection failed is dropped without Dask's
                pass                    # 20-second close and its traceback at exit (closed by _close)

        def connect():
            try:
                box["client"] = Client(self.scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except BaseException as exc:      # noqa: BLE001 - reported below, in one line
                box["error"] = exc
        t = threading.Thread(target=connect, daemon=True, name="tilepress-dask-connect")
        t.start()
        t.join(CONNECT_TIMEOUT + 2)
        if "client" in box:
            return box["client"]
        exc = box.get("error")
        why = (f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}" if exc is not None and str(exc)
               else type(exc).__name__ if exc is not None else f"no connection within {CONNECT_TIMEOUT} s")
        raise TilepressError(f"--scheduler {shown(self.scheduler)}: cannot connect to the Dask scheduler ({why})")

    def run_items(self, todo, settings: dict, done) -> None:
        """build_item for each item on the cluster; done(item, outcome) as each completes."""
        distributed = _distributed()
        with _Quiet():
            client = self._client or self._connect()
            try:
                self._run(distributed, client, todo, settings, done)
            finally:
                if self._client is None:
                    _close(client)

    def _lost(self, client, exc=None, fut=None) -> ClusterLost | None:
        """ClusterLost when the client has lost its scheduler (its tasks cancelled, its
        connection closed or its status no longer running), else None."""
        # lazy: asyncio (~75 ms), distributed (optional, ~310 ms): a cluster build only
        import asyncio
        import concurrent.futures
        status = str(getattr(client, "status", "running"))
        cancelled = fut is not None and fut.cancelled() or isinstance(exc, (asyncio.CancelledError, concurrent.futures.CancelledError))
        if status in ("running", "Status.running") and not cancelled and not isinstance(exc, OSError):
            return None
        return ClusterLost(shown(self.scheduler), "the scheduler stopped answering mid-build")

    def _completed(self, distributed, client, futures):
        """The futures as they complete; ClusterLost when the cluster has had no worker for
        NO_WORKERS_SECONDS after having some (its workers killed: the scheduler alone would wait
        for ever), or none at all for NO_WORKERS_AT_START (a cluster that never gets one)."""
        seen = bool(_worker_count(client))       # workers when the build began (asked at once)
        ac = distributed.as_completed(futures, loop=client.loop)
        start = last = time.monotonic()
        empty_since = None
        while not ac.is_empty():
            batch = ac.next_batch(block=False)
            if batch:
                yield from batch
                continue
            now = time.monotonic()
            if now - last >= WORKER_POLL:
                last = now
                workers = _worker_count(client)
                if workers:
                    seen, empty_since = True, None
                elif workers == 0:
                    empty_since = empty_since or now
                    if seen and now - empty_since >= NO_WORKERS_SECONDS:
                        raise ClusterLost(shown(self.scheduler), f"it has had no workers for {NO_WORKERS_SECONDS} s")
                    if not seen and now - start >= NO_WORKERS_AT_START:
                        raise ClusterLost(shown(self.scheduler), f"it had no workers in {NO_WORKERS_AT_START} s")
            time.sleep(0.05)

    def _run(self, distributed, client, todo, settings, done) -> None:
        env = _driver_env()
        futures = [client.submit(in_env, env, build_item, item, settings, pure=False, retries=RETRIES,
                                 key=f"tilepress-item-{item.key}") for item in todo]
        by_key = {fut.key: item for fut, item in zip(futures, todo)}
        try:
            for fut in self._completed(distributed, client, futures):
                item = by_key[fut.key]
                try:
                    outcome = fut.result()
                except distributed.KilledWorker as exc:
                    raise ItemFailure(item.label, "Dask workers died running it "
                                      f"({type(exc).__name__}); the cluster gave up", str(exc)) from None
                except Exception as exc:      # noqa: BLE001 - a task the cluster could not run
                    lost = self._lost(client, exc, fut)
                    if lost is not None:
                        raise lost from None
                    raise ItemFailure(item.label, f"the Dask cluster could not run it: "
                                      f"{type(exc).__name__}: {str(exc)[:200]}", "") from None
                fut.release()
                done(item, outcome)
        except (ItemFailure, TilepressError, KeyboardInterrupt):
            _cancel(client, futures)
            raise
        except Exception as exc:       # noqa: BLE001 - the client's machinery failing: the cluster is gone
            _cancel(client, futures)
            lost = self._lost(client, exc) or ClusterLost(
                shown(self.scheduler), f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}")
            raise lost from None


def _worker_count(client) -> int | None:
    """How many workers the scheduler has (None when it cannot say within a few seconds)."""
    try:
        return len(client.sync(client.scheduler.ncores, callback_timeout=5))
    except Exception:                  # noqa: BLE001 - a lost scheduler is found by the futures
        return None


def _cancel(client, futures) -> None:
    """Cancel the build's tasks on the cluster, if it still answers (never raises)."""
    try:
        if getattr(client, "status", "") == "running":
            client.cancel(futures)
    except Exception:                  # noqa: BLE001 - a lost cluster cannot cancel
        pass


def _close(client) -> None:
    """Close the client within a few seconds, whatever state its cluster is in (never raises)."""
    try:
        client.close(timeout=5)
    except Exception:                  # noqa: BLE001 - a lost cluster cannot be closed cleanly
        pass
