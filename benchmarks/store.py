"""The game store's speed: one move saved (one fsynced transaction), the
`tideboard games` listing with many games, and loading a long game.

    python benchmarks/store.py [--dir FOLDER] [--games N] [--moves N]

The store lives in a temporary folder under --dir (default: the current
folder, so the figure reflects this disk's fsync, not a RAM disk).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.store.games import Store


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default=".")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--moves", type=int, default=500)
    args = parser.parse_args()
    game = registry.load("shifting-stones")
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = Store.open(Path(folder) / "bench.db")
        config = GameConfig(players=2, seed=1)
        gid = store.create(game.info.id, config)
        rng, state, texts = random.Random(1), game.setup(config), []
        while len(texts) < args.moves and not game.is_over(state):
            action = rng.choice(list(game.legal_actions(state)))
            state = game.apply(state, action)
            texts.append(game.format_action(action))
        start = time.perf_counter()
        for count, text in enumerate(texts):
            store.append(gid, text, count)
        per_move = (time.perf_counter() - start) / len(texts)
        print(f"append: {per_move * 1000:.2f} ms per move ({len(texts)} moves, fsynced)")

        start = time.perf_counter()
        store.load_match(gid)
        print(f"load_match: {time.perf_counter() - start:.3f} s for {len(texts)} moves")

        start = time.perf_counter()
        with store._write() as db:  # bulk: the listing is what is measured
            for n in range(args.games):
                store._insert(db, game.info.id, GameConfig(players=2, seed=n),
                              store.summary(gid).seats, texts[:20], False, None, None)
        filled = time.perf_counter() - start
        start = time.perf_counter()
        rows = store.list(unfinished_only=True)
        print(f"list: {time.perf_counter() - start:.3f} s for {len(rows)} games "
              f"(filled in {filled:.1f} s)")
        store.close()


if __name__ == "__main__":
    main()
