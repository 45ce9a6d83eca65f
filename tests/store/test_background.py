"""The store's writes off the event loop (issue #19, tideboard/store/background.py):
run on one thread per store, in the order asked; outcomes handed back to the
loop in the same order; nothing left behind by a store closing."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.store.background import Saves
from tideboard.store.games import Store


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "t.db", import_autosaves=False) as opened:
        yield opened


async def test_writes_run_off_the_loop_in_order_and_outcomes_come_back_in_order(store):
    loop_thread = threading.get_ident()
    gate = threading.Event()
    ran, outcomes = [], []

    def job(n):
        def run():
            gate.wait(5)
            ran.append((n, threading.get_ident()))
            return n

        return run

    saves = Saves(store)
    for n in range(20):
        saves.later(job(n), lambda outcome: outcomes.append((outcome, threading.get_ident())))
    assert saves.pending == 20 and ran == [] and outcomes == []  # nothing ran on the loop
    gate.set()
    for _ in range(500):
        if len(outcomes) == 20:
            break
        await asyncio.sleep(0.01)
    assert [n for n, _ in ran] == list(range(20))
    assert {thread for _, thread in ran} != {loop_thread} and len({t for _, t in ran}) == 1
    assert outcomes == [(n, loop_thread) for n in range(20)]
    assert saves.pending == 0


async def test_the_outcome_comes_back_in_the_context_it_was_asked_in(store):
    """(Textual finds the app and the screen in context variables.)"""
    asker = contextvars.ContextVar("asker")
    seen = []
    saves = Saves(store)
    for name in ("ana", "bob"):
        asker.set(name)
        saves.later(lambda: None, lambda _: seen.append(asker.get(None)))
    saves.deliver(wait=True)
    assert seen == ["ana", "bob"]


async def test_a_job_that_raises_raises_on_the_loop_and_the_next_outcomes_still_come(store):
    outcomes = []

    def broken():
        raise ValueError("a bug")

    saves = Saves(store)
    saves.later(broken, outcomes.append)
    saves.later(lambda: "after", outcomes.append)
    with pytest.raises(ValueError, match="a bug"):
        saves.deliver(wait=True)
    saves.deliver(wait=True)
    assert outcomes == ["after"] and saves.pending == 0


def test_without_a_loop_a_write_runs_at_once_in_the_callers_thread(store):
    outcomes = []
    Saves(store).later(lambda: threading.get_ident(), outcomes.append)
    assert outcomes == [threading.get_ident()]


async def test_closing_the_store_waits_for_the_writes_asked(tmp_path):
    """A write queued when the store closes (the app quitting, the server
    stopping) is on disk once close() returns, not dropped."""
    game = registry.load("shifting-stones")
    store = Store.open(tmp_path / "t.db", import_autosaves=False)
    gid = store.create(game.info.id, GameConfig(players=2, seed=3))
    gate = threading.Event()
    state = game.setup(GameConfig(players=2, seed=3))
    texts = []
    for _ in range(5):
        action = sorted(game.legal_actions(state), key=repr)[0]
        state = game.apply(state, action)
        texts.append(game.format_action(action))

    def append(n):
        def run():
            gate.wait(5)
            return store.append(gid, texts[n], n)

        return run

    saves = Saves(store)
    for n in range(5):
        saves.later(append(n), lambda _: None)
    threading.Timer(0.2, gate.set).start()
    store.close()  # waits for the five appends
    with Store.open(tmp_path / "t.db", import_autosaves=False) as again:
        assert again.actions(gid) == tuple(texts)
