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
"""

from __future__ import annotations

import os
import re

from generator.errors import TilepressError
from generator.pipeline.generate import ItemFailure, build_item

SCHEDULER_RE = re.compile(r"^(tcp|tls)://[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}$")
CONNECT_TIMEOUT = 15        # seconds to reach the scheduler
RETRIES = 2                 # re-runs of a task that raised in the worker machinery itself
DRIVER_ENV = ("SOURCE_DATE_EPOCH",)   # what the output may read from the environment (PDF dates)


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
        import distributed
    except ImportError:
        raise TilepressError("--executor dask needs the optional dependency 'distributed' "
                             "(Dask distributed): pip install '.[dask]'") from None
    return distributed


class DaskExecutor:
    """Run items on a Dask distributed cluster reached at `scheduler` (tcp://HOST:PORT)."""

    def __init__(self, scheduler: str, client=None):
        if not scheduler or not SCHEDULER_RE.match(scheduler):
            raise TilepressError(f"--scheduler {scheduler!r}: expected tcp://HOST:PORT of a Dask scheduler")
        self.scheduler = scheduler
        self.where = f"on {scheduler}"
        self._client = client

    def _connect(self):
        """A Client of the scheduler (exit 2 when it cannot be reached)."""
        distributed = _distributed()
        try:
            return distributed.Client(self.scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise TilepressError(f"--scheduler {self.scheduler}: cannot reach the Dask scheduler "
                                 f"({type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else 'timeout'})"
                                 ) from None

    def run_items(self, todo, settings: dict, done) -> None:
        """build_item for each item on the cluster; done(item, outcome) as each completes."""
        distributed = _distributed()
        client = self._client or self._connect()
        try:
            env = _driver_env()
            futures = [client.submit(in_env, env, build_item, item, settings, pure=False, retries=RETRIES,
                                     key=f"tilepress-item-{item.key}") for item in todo]
            by_key = {fut.key: item for fut, item in zip(futures, todo)}
            try:
                for fut in distributed.as_completed(futures, loop=client.loop):
                    item = by_key[fut.key]
                    try:
                        outcome = fut.result()
                    except distributed.KilledWorker as exc:
                        raise ItemFailure(item.label, "Dask workers died running it "
                                          f"({type(exc).__name__}); the cluster gave up", str(exc)) from None
                    except Exception as exc:      # noqa: BLE001 - a task the cluster could not run
                        raise ItemFailure(item.label, f"the Dask cluster could not run it: "
                                          f"{type(exc).__name__}: {str(exc)[:200]}", "") from None
                    fut.release()
                    done(item, outcome)
            except BaseException:
                client.cancel(futures)
                raise
        finally:
            if self._client is None:
                client.close()
