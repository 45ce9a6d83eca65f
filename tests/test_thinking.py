"""Bots think off the event loop (issue #21, "No stalls"): experts in a process
pool, the other levels but random in a thread (tideboard/engine/thinking.py)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from tideboard.engine import thinking
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import Budget, search


def _position(game_id: str, players: int = 2, seed: int = 5):
    game = load(game_id)
    state = game.setup(GameConfig(players=players, seed=seed))
    seat = game.to_move(state)[0]
    return game, game.view(state, seat), seat, game.legal_for(state, seat)


# (Shifting Stones' expert plays its turn's plan, no search: s18p)
@pytest.mark.parametrize("game_id", ["animal-splash", "moonshell"])
async def test_an_expert_thinking_in_the_pool_answers_as_in_this_process(game_id):
    """The same move, the same generator after it, the same search (bot.last)."""
    game, view, seat, legal = _position(game_id)
    assert len(legal) > 1
    budget = Budget(iterations=25)
    pooled, here = (make_bot(game, "expert", 7, budget) for _ in range(2))
    for _ in range(2):  # (the second move goes on from the generator the first left)
        move = await thinking.choose(game, pooled, view, seat, legal)
        assert move == here.choose(game, view, seat, legal)
        assert pooled.random.getstate() == here.random.getstate()
        assert pooled.last is not None and here.last is not None
        assert pooled.last.moves == here.last.moves
        assert pooled.last.iterations == here.last.iterations == 25


async def test_random_bots_and_forced_moves_answer_inline_the_others_in_a_thread(monkeypatch):
    # (issue #21, "No stalls": Moonshell's solo greedy takes up to 0.4 s a move; on
    # the loop, a key waited for it)
    import threading

    async def no_pool(*args):
        raise AssertionError("this bot must not think in the pool")

    monkeypatch.setattr(thinking, "_run", no_pool)
    game, view, seat, legal = _position("shifting-stones")
    for level, inline in (("random", True), ("easy", False), ("greedy", False)):
        bot, same = make_bot(game, level, 3), make_bot(game, level, 3)
        threads = []
        choose = bot.choose

        def recorded(*args, choose=choose, threads=threads):
            threads.append(threading.current_thread())
            return choose(*args)

        bot.choose = recorded
        for _ in range(3):  # the same moves as the same bot's in this thread
            assert await thinking.choose(game, bot, view, seat, legal) == same.choose(
                game, view, seat, legal
            )
        assert (threads == [threading.main_thread()] * 3) == inline, level
        assert thinking.off_loop(bot, legal) != inline
        assert not thinking.off_loop(bot, legal[:1])  # (a forced move: at once)
    expert = make_bot(game, "expert", 3, Budget(iterations=5))
    assert await thinking.choose(game, expert, view, seat, legal[:1]) == legal[0]


async def test_the_loop_runs_while_an_expert_thinks():
    """A 1.2 s search in the pool: the loop's ticks keep coming meanwhile (in
    this process, the search would hold the loop for the whole 1.2 s; the bound
    is loose for a loaded machine)."""
    game, view, seat, legal = _position("moonshell")
    await thinking.choose(
        game, make_bot(game, "expert", 1, Budget(iterations=2)), view, seat, legal
    )
    gaps: list[float] = []

    async def ticker() -> None:
        last = time.monotonic()
        while True:
            await asyncio.sleep(0.01)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    ticking = asyncio.create_task(ticker())
    bot = make_bot(game, "expert", 1, Budget(1.2))
    await thinking.choose(game, bot, view, seat, legal)
    ticking.cancel()
    assert bot.last is not None and bot.last.iterations > 1
    assert len(gaps) > 10 and max(gaps) < 0.9, max(gaps)


async def test_a_move_keeps_to_its_time_budget():
    """The budget starts when the search starts, in the worker: a move takes the
    budget plus what the iteration under way when it ran out takes (bounded here by
    0.25 s or two of the search's mean iterations: on a loaded machine a single
    iteration can outlast a 0.05 s budget, while a search that ignored its budget
    would run many short iterations past it)."""
    game, view, seat, legal = _position("moonshell")
    for think in (0.05, 0.2):
        bot = make_bot(game, "expert", 2, Budget(think))
        start = time.monotonic()
        move = await thinking.choose(game, bot, view, seat, legal)
        waited = time.monotonic() - start
        assert move in legal and bot.last is not None
        last = bot.last
        over = last.seconds - think
        assert over <= max(0.25, 2 * last.seconds / max(1, last.iterations)), (think, last)
        assert waited < think + 10  # (the first may wait for the pool to start)


async def test_rank_is_the_whole_search_from_a_seed():
    game, view, seat, legal = _position("animal-splash")
    budget = Budget(iterations=20)
    result = await thinking.rank(game, view, seat, legal, budget, seed=9)
    here = search(game, view, seat, legal, thinking.expert_spec(game), random.Random(9), budget)
    assert result.moves == here.moves and len(result.moves) == len(legal)


async def test_a_killed_worker_the_move_is_thought_in_a_thread_then_a_new_pool():
    game, view, seat, legal = _position("shifting-stones")
    budget = Budget(iterations=10)

    async def both_choose() -> None:
        bot, here = make_bot(game, "expert", 4, budget), make_bot(game, "expert", 4, budget)
        move = await thinking.choose(game, bot, view, seat, legal)
        assert move == here.choose(game, view, seat, legal)
        assert bot.random.getstate() == here.random.getstate()

    await both_choose()
    pool = thinking.start()
    os.kill(pool.submit(os.getpid).result(timeout=30), signal.SIGKILL)
    await asyncio.sleep(0.2)  # (the pool notices its worker is gone)
    await both_choose()  # the broken pool: thought in a thread, the same move
    assert thinking.start() is not pool
    await both_choose()  # a new pool
    thinking.shutdown()
    assert not thinking.running()
    await both_choose()  # a stopped pool starts again on the next move
    assert thinking.running()


CHILD = """
import os, sys
from tideboard.engine import thinking
if __name__ == "__main__":
    pool = thinking.start()
    print(pool.submit(os.getpid).result(timeout=60), flush=True)
    sys.stdin.read()
"""


def test_the_workers_of_a_killed_process_end():
    """Killed (kill -9: no exit handler runs), the process leaves no worker behind."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        worker = int(child.stdout.readline())
        os.kill(worker, 0)  # (alive)
    finally:
        child.kill()
        child.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    raise AssertionError("the worker outlived its process")


def test_a_worker_settles_its_heap_before_each_search_within_the_budget():
    """A worker collects what the last search left and freezes what lives on (the
    games' caches), so that no collection of its whole heap lands in a search, past
    its deadline; the time it takes comes out of a time budget.  Run in a process
    of its own, as a worker is (frozen, this one's objects would stay for good)."""
    code = """
import gc, weakref
from tideboard.engine import thinking
from tideboard.engine.search import Budget

class Node:
    pass

caches = [[n] for n in range(50000)]  # long-lived, as the games' caches are
left = Node()
left.me = left  # a cycle the last search left
gone = weakref.ref(left)
del left
assert gc.get_freeze_count() == 0
budget = thinking.settle_heap(Budget(1.0))
assert gone() is None, "the last search's cycle was frozen, never to be collected"
assert gc.get_freeze_count() >= 50000
assert 0.5 <= budget.think <= 1.0, budget
assert thinking.settle_heap(Budget(iterations=7)) == Budget(iterations=7)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_each_search_in_a_worker_starts_with_its_heap_settled(monkeypatch):
    settled = []
    monkeypatch.setattr(thinking, "settle_heap", lambda budget: settled.append(budget) or budget)
    game, view, seat, legal = _position("animal-splash")
    budget = Budget(iterations=5)
    result = thinking._rank("animal-splash", view, seat, legal, budget, 3)
    move, _ = thinking._think(
        "animal-splash", view, seat, legal, budget, random.Random(4).getstate()
    )
    assert result.moves and move.moves and settled == [budget, budget]
