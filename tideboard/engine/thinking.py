"""Bots think off the event loop (issue #21, "No stalls").

An ``expert`` move is a search of up to its budget (a second by default): run on
the loop, it would freeze the app's screen, and over SSH every session of the
server.  This module runs it in a pool of processes instead:

- :func:`choose` awaits a bot's move.  An :class:`~tideboard.engine.search.ExpertBot`
  of a game's own ``expert`` level thinks in the pool.  A ``greedy`` or ``easy`` bot
  thinks in a thread (:func:`off_loop`): most of its moves take milliseconds, but
  some a noticeable part of a second (Moonshell's solo greedy up to 0.4 s), and a
  key pressed meanwhile waited for it on the loop; a thread shares the
  interpreter's lock with the loop, which gets it back within the switch interval
  (5 ms), so the keys are handled while it thinks.  A ``random`` bot and a forced move answer
  inline.  The answer is the one ``bot.choose`` would give in this process (the
  same bot, its generator and all): for an expert the generator's state goes to
  the worker and comes back (so a seeded game with an ``iterations`` budget
  repeats exactly), and ``bot.last`` is the search's
  :class:`~tideboard.engine.search.Result`.  The caller makes one bot's moves one
  at a time, and drops an answer thought for a position that is gone.
- :func:`rank` is the search's whole ranked list for a seat (hints).

The worker rebuilds the game and its ``Spec`` from the game's id (a Spec holds
closures, which do not pickle); only the seat's ``view``, its legal moves, the
budget and the generator cross.  The thinking time is measured in the worker: the
budget starts when the search starts (not when the move was asked, which may wait
for a free worker).

The pool (``concurrent.futures.ProcessPoolExecutor``) has a worker per core, is
made with the ``forkserver`` start method (``spawn`` where there is none: never a
plain fork of a process running Textual's or asyncssh's threads), started on first
use or by :func:`warm` (in the background: nothing here blocks the loop), and shut
down by :func:`shutdown` (the server's stop, and the process's exit).  Its workers
run at a lower priority than the process that asked (the players' keys come
first), ignore Ctrl+C (the parent handles it), print nothing (the terminal is
the app's: no traceback reaches a player) and end when the process they think for
is gone (killed without shutting the pool down).
A pool that breaks (a worker killed) is replaced, and the move is thought in a
thread meanwhile.

No Textual; the search and the games are imported only when a bot thinks.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import sys
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from tideboard.engine.search import Budget, Result, Spec

NICE = 10  # how much lower the workers' priority is than the asking process's
PARENT_CHECK = 1.0  # seconds between a worker's looks for the process it thinks for

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()
_exit_registered = False
_specs: dict[str, Spec] = {}  # game id -> its expert's Spec (in each process)


def workers() -> int:
    """The pool's size: the cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # (not Linux)
        return max(1, os.cpu_count() or 1)


def start(game_ids: tuple[str, ...] = ()) -> ProcessPoolExecutor:
    """The pool, made if there is none (under the lock: one pool per process), its
    workers loading ``game_ids``' rules as they start."""
    global _pool, _exit_registered
    with _lock:
        if _pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            _start_tracker()
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            _pool = ProcessPoolExecutor(
                workers(), mp_context=context, initializer=_worker_init, initargs=(os.getpid(),)
            )
            for _ in range(workers()):  # every worker started (and warmed) now
                _pool.submit(_ready, game_ids)
            if not _exit_registered:
                atexit.register(shutdown)
                _exit_registered = True
        return _pool


class _Unnumbered:
    """A stream without a file number (what :func:`_start_tracker` lends)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def fileno(self) -> int:
        raise OSError("no file number")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker (the pool's locks need it).  It
    passes ``sys.stderr``'s file number to its process, and a Textual app's
    stderr (which captures prints) has the invalid -1: for that moment stderr is
    one without a number (the tracker keeps the process's own fd 2), printing
    where the app's does."""
    from multiprocessing import resource_tracker

    stream = sys.stderr
    try:
        numbered = stream is None or stream.fileno() >= 0
    except Exception:  # (none: the tracker copes)
        numbered = True
    if numbered:
        resource_tracker.ensure_running()
        return
    sys.stderr = _Unnumbered(stream)
    try:
        resource_tracker.ensure_running()
    finally:
        if isinstance(sys.stderr, _Unnumbered):
            sys.stderr = stream


def warm(*game_ids: str) -> None:
    """Start the pool in the background (if it is not), its workers loading the
    rules of ``game_ids``, so that the first move does not wait for them.
    Returns at once."""
    if _pool is None:
        threading.Thread(
            target=start, args=(game_ids,), name="tideboard-thinking", daemon=True
        ).start()


def running() -> bool:
    """Whether the pool is started."""
    return _pool is not None


def shutdown() -> None:
    """Stop the pool: moves not started are cancelled; a search under way ends
    within its budget and its answer is dropped.  The next move starts a new pool."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def expert_spec(game: Any) -> Spec:
    """The Spec of ``game``'s own ``expert`` level."""
    game_id = game.info.id
    spec = _specs.get(game_id)
    if spec is None:
        from tideboard.engine.bots import make_bot

        spec = _specs[game_id] = make_bot(game, "expert").spec  # type: ignore[attr-defined]
    return spec


def thinks_off_loop(game: Any, bot: Any) -> bool:
    """Whether ``bot`` is one :func:`choose` sends to the pool: an expert searching
    with its game's own Spec (a Spec made elsewhere cannot be rebuilt there)."""
    if getattr(bot, "level", None) != "expert":
        return False
    from tideboard.engine.search import ExpertBot

    return isinstance(bot, ExpertBot) and bot.spec is expert_spec(game)


INLINE_LEVELS = frozenset({"random"})  # bots that answer in microseconds, on the loop


def off_loop(bot: Any, legal: Sequence[Any]) -> bool:
    """Whether :func:`choose` thinks ``bot``'s move among ``legal`` outside the
    event loop (in the pool or a thread): every bot but a ``random`` one, unless
    the move is forced."""
    return len(legal) > 1 and getattr(bot, "level", None) not in INLINE_LEVELS


async def choose(game: Any, bot: Any, view: Any, seat: int, legal: Sequence[Any]) -> Any:
    """``bot``'s move for ``seat`` from its ``view``, thought outside the event loop
    (:func:`off_loop`): an expert in the pool, another bot in a thread (what
    ``bot.choose`` would answer; see the module's text)."""
    legal = list(legal)
    if not off_loop(bot, legal):
        return bot.choose(game, view, seat, legal)
    if not thinks_off_loop(game, bot):  # greedy, easy, an expert with a Spec of its own
        return await asyncio.to_thread(bot.choose, game, view, seat, legal)
    args = (game.info.id, view, seat, legal, bot.budget, bot.random.getstate())
    answer = await _run(_think, args)
    if answer is None:  # the pool broke: think in a thread this time
        return await asyncio.to_thread(bot.choose, game, view, seat, legal)
    result, state = answer
    bot.random.setstate(state)
    bot.last = result
    return result.best


async def rank(
    game: Any, view: Any, seat: int, legal: Sequence[Any], budget: Budget, seed: int
) -> Result:
    """The expert's search for ``seat`` from its ``view`` (every legal move ranked,
    best first), with a generator seeded with ``seed``, outside the event loop."""
    legal = list(legal)
    if len(legal) < 2:
        return _rank(game.info.id, view, seat, legal, budget, seed)  # (nothing to search)
    result = await _run(_rank, (game.info.id, view, seat, legal, budget, seed))
    if result is None:
        return await asyncio.to_thread(_rank, game.info.id, view, seat, legal, budget, seed)
    return result


async def _run(function: Any, args: tuple[Any, ...]) -> Any:
    """``function(*args)`` in the pool; None if the pool broke (then a new one
    is started for the next move)."""
    from concurrent.futures.process import BrokenProcessPool

    global _pool
    current = _pool
    pool = current if current is not None else await asyncio.to_thread(start)  # (may block)
    try:
        future: Future[Any] = pool.submit(function, *args)
        return await asyncio.wrap_future(future)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise  # (the asker gave up: a game left)
        return None  # (the pool was shut down under it: another server's stop)
    except BrokenProcessPool:  # a worker died (killed): a new pool next time
        with _lock:
            if _pool is pool:
                _pool = None
        pool.shutdown(wait=False, cancel_futures=True)
        return None
    except RuntimeError:  # (the pool was shut down meanwhile: the server stopping)
        if pool is _pool:
            raise
        return None


# -- in the workers --------------------------------------------------------------
def _worker_init(parent: int) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    quiet = os.open(os.devnull, os.O_WRONLY)  # (the terminal is the app's: nothing printed)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    os.close(quiet)
    try:
        os.nice(NICE)
    except OSError:  # (not allowed: the same priority, then)
        pass
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    import tideboard.engine.search  # noqa: F401  (the first move need not wait for it)


def _orphaned(parent: int) -> None:
    """End this worker once the process it thinks for is gone (killed, so that
    it never shut the pool down): a worker waits for its next move forever else."""
    import time

    while True:
        time.sleep(PARENT_CHECK)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:  # (another user's process under that number now: gone too)
            os._exit(0)


def _ready(game_ids: tuple[str, ...]) -> bool:
    for game_id in game_ids:
        _game_and_spec(game_id)
    return True


def _game_and_spec(game_id: str) -> tuple[Any, Spec]:
    from tideboard.engine import registry

    game = registry.load(game_id)
    return game, expert_spec(game)


def settle_heap(budget: Budget) -> Budget:
    """A worker's heap settled before a search, and the budget left after it.

    The games' caches for the bots (ratings, plans: hundreds of thousands of
    objects) live as long as the worker, and Python's collection of its oldest
    generation walks them all: several times a game, 0.04-0.25 s each, at any
    moment of a search, past its deadline (Moonshell solo at 1 s a move: 11 of 107
    moves over 1.02 s, the worst 1.25 s).  So the worker collects what the last
    search left and freezes what lives on (``gc.freeze``): the collections during
    the search then walk only what the search made, and this one only what the
    last search left.  Only in a worker: frozen, an app's screens would never be
    collected.  The time it takes comes out of a time budget."""
    import gc
    import time

    import attrs

    start = time.monotonic()
    gc.collect()
    gc.freeze()
    if budget.iterations is not None:
        return budget
    spent = time.monotonic() - start
    return attrs.evolve(budget, think=max(budget.think - spent, budget.think / 2))


def _think(
    game_id: str, view: Any, seat: int, legal: list[Any], budget: Budget, state: Any
) -> tuple[Result, Any]:
    """A worker's search for an expert bot whose generator was at ``state``: the
    result and the generator's state after it."""
    import random

    from tideboard.engine.search import search

    game, spec = _game_and_spec(game_id)
    budget = settle_heap(budget)
    rng = random.Random()
    rng.setstate(state)
    result = search(game, view, seat, legal, spec, rng, budget, play=True)
    return result, rng.getstate()


def _rank(
    game_id: str, view: Any, seat: int, legal: list[Any], budget: Budget, seed: int
) -> Result:
    import random

    from tideboard.engine.search import search

    game, spec = _game_and_spec(game_id)
    budget = settle_heap(budget)
    return search(game, view, seat, legal, spec, random.Random(seed), budget)
