"""The store's writes off the event loop (issue #19).

A move's commit waits for an fsync (2-30 ms): on the loop that serves every
SSH session of ``tideboard serve`` (or the app's own), that would freeze every
screen that long.  So a :class:`Store` runs the writes asked from a loop on
one thread of its own, :class:`WriteThread`, one at a time in the order they
were asked; :class:`Saves` hands each write's outcome back to the loop that
asked, in the same order, so the code that shows "not saved" and retries runs
on the loop as before.

The guarantees (docs/saves.md):

- order: the writes of one store run one after another in the order asked,
  so a game's moves reach the disk in the order played;
- durability: an outcome handed back as saved is committed and fsynced (a
  kill -9 or a power cut after it cannot lose it); a write still queued when
  the process is killed is lost, never half written, and the record loads to
  the last move committed before it;
- nothing is left behind on an orderly end: :meth:`Saves.deliver` with
  ``wait`` (the game screen closing, the server stopping) and
  :meth:`Store.close` wait for every write asked, and the interpreter's exit
  waits for the thread too.

With no running event loop (the command line, tests) a write runs at once, in
the caller's thread, after the writes still queued.
"""

from __future__ import annotations

import collections
import contextvars
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # (asyncio and concurrent.futures load when first used: the
    # command line opens the store too, and starts fast)
    import asyncio
    from concurrent.futures import Future, ThreadPoolExecutor

T = TypeVar("T")


class WriteThread:
    """The thread that runs one store's writes, one at a time, in the order
    asked (started by the first write)."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(self, job: Callable[[], T]) -> Future[T]:
        with self._lock:
            if self._pool is None:
                from concurrent.futures import ThreadPoolExecutor

                # one worker: its queue is first in, first out
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="tideboard-store")
            return self._pool.submit(job)

    def drain(self) -> None:
        """Wait until every write asked so far has run."""
        with self._lock:
            pool = self._pool
        if pool is not None:
            try:
                pool.submit(_nothing).result()
            except RuntimeError:  # closed meanwhile: close() waited for them
                pass

    def close(self) -> None:
        """Wait for every write asked, then end the thread (a later write starts
        a new one)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)


def _nothing() -> None:
    return None


class Saves:
    """Writes asked from an event loop, run on ``store``'s writer thread, and
    their outcomes handed back to the loop in the order asked.

    ``later(job, done)``: ``job()`` runs on the writer thread, then
    ``done(outcome)`` on the loop, in the context (contextvars) ``later`` was
    called in (``job`` reports a failed write in its
    outcome; an exception it raises is raised again on the loop, by
    :meth:`deliver`).  ``deliver(wait=True)`` hands out every outcome now,
    waiting for the writes still running: call it before anything that must
    see them (a screen closing, the server stopping).
    """

    def __init__(self, store: Any) -> None:
        self.store = store
        self._waiting: collections.deque[
            tuple[Future[Any], Callable[[Any], None], contextvars.Context]
        ] = collections.deque()

    @property
    def pending(self) -> int:
        """Writes asked whose outcome has not been handed out yet."""
        return len(self._waiting)

    def later(self, job: Callable[[], T], done: Callable[[T], None]) -> None:
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:  # no loop to keep free: at once, after the queued ones
            self.deliver(wait=True)
            done(job())
            return
        future = self.store.writes.submit(job)
        # done runs in the context the write was asked in (as a timer's
        # callback would: Textual finds its app and screen there)
        self._waiting.append((future, done, contextvars.copy_context()))
        future.add_done_callback(lambda _: _call_soon(loop, self.deliver))

    def deliver(self, wait: bool = False) -> None:
        """Hand out the outcomes of the writes that have run, oldest first, and
        stop at the first still running (or, with ``wait``, wait for it)."""
        while self._waiting:
            future, done, context = self._waiting[0]
            if not (wait or future.done()):
                return
            try:
                outcome = future.result()
            finally:
                self._waiting.popleft()
            context.run(done, outcome)


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    try:
        loop.call_soon_threadsafe(callback)
    except RuntimeError:  # the loop is closed: whoever closed it delivered them
        pass
