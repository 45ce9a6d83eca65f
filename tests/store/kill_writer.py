"""The writer the kill test kills: plays random legal moves into the store and
reports "GAME_ID COUNT" after each committed move, before the next one.  Each
game stops after at most 40 moves (left unfinished, or finished as the app
does when it ends) and a new one starts.

``write_forever_background`` plays as the app and the server do: on an event
loop, each move saved by the store's writer thread (tideboard.store.background),
the next move played without waiting; it reports a move when its outcome comes
back to the loop as saved (what the app would show as saved).

Usage by hand: python kill_writer.py STORE_PATH SEED [background]  (reports on stdout)
"""

import asyncio
import os
import random
import sys

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.store.background import Saves
from tideboard.store.games import Store
from tideboard.store.records import Result
from tideboard.store.writer import GameWriter


def write_forever(path: str, seed: int, out_fd: int) -> None:
    rng = random.Random(seed)
    store = Store.open(path)
    game = registry.load("shifting-stones")

    def report(gid: str, count: int) -> None:
        os.write(out_fd, f"{gid} {count}\n".encode())  # one write: never half a line

    while True:
        config = GameConfig(players=2, seed=rng.randrange(10**6))
        gid = store.create(game.info.id, config)
        report(gid, 0)
        state, count = game.setup(config), 0
        for _ in range(rng.randrange(1, 40)):
            if game.is_over(state):
                store.finish(gid, Result.of(game, state), expected_count=count)
                break
            action = rng.choice(list(game.legal_actions(state)))
            state = game.apply(state, action)
            count = store.append(gid, game.format_action(action), count)
            report(gid, count)


def write_forever_background(path: str, seed: int, out_fd: int) -> None:
    asyncio.run(_play_on_a_loop(path, seed, out_fd))


async def _play_on_a_loop(path: str, seed: int, out_fd: int) -> None:
    rng = random.Random(seed)
    store = Store.open(path)
    game = registry.load("shifting-stones")
    saves = Saves(store)

    def report(gid: str, count: int, message: str | None = None) -> None:
        if message is None:  # only a move saved is reported
            os.write(out_fd, f"{gid} {count}\n".encode())

    while True:
        match = Match.start(game, GameConfig(players=2, seed=rng.randrange(10**6)))
        writer = GameWriter.new(store, match)
        report(writer.id, 0)
        for _ in range(rng.randrange(1, 40)):
            if game.is_over(match.state):
                break
            match = match.play(rng.choice(list(game.legal_actions(match.state))))
            saves.later(
                lambda w=writer, m=match: w.sync(m),
                lambda message, gid=writer.id, n=len(match.actions): report(gid, n, message),
            )
            if rng.random() < 0.5:
                await asyncio.sleep(0)  # let the outcomes come back now and then


if __name__ == "__main__":
    writer = write_forever_background if sys.argv[3:] == ["background"] else write_forever
    writer(sys.argv[1], int(sys.argv[2]), sys.stdout.fileno())
