"""The writer the kill test kills: plays random legal moves into the store and
reports "GAME_ID COUNT" after each committed move, before the next one.  Each
game stops after at most 40 moves (left unfinished, or finished as the app
does when it ends) and a new one starts.

Usage by hand: python kill_writer.py STORE_PATH SEED  (reports on stdout)
"""

import os
import random
import sys

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.store.records import Result
from tideboard.store.games import Store


def write_forever(path: str, seed: int, out_fd: int) -> None:
    rng = random.Random(seed)
    store = Store.open(path)
    game = registry.load("shifting-stones")

    def report(gid: str, count: int) -> None:
        os.write(out_fd, f"{gid} {count}\n".encode())  # one write: never half a line

    while True:
        config = GameConfig(players=2, seed=rng.randrange(10 ** 6))
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


if __name__ == "__main__":
    write_forever(sys.argv[1], int(sys.argv[2]), sys.stdout.fileno())
