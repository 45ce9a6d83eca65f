"""The game store's speed: one move saved (one fsynced transaction), the
event loop's stall per move saved (issue #19: on the loop, as before, and on
the store's writer thread), the `tideboard games` listing with many games, and
loading a long game.

    python benchmarks/store.py [--dir FOLDER] [--games N] [--moves N] [--stall-moves N]

The store lives in a temporary folder under --dir (default: the current
folder, so the figure reflects this disk's fsync, not a RAM disk).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.store.background import Saves
from tideboard.store.games import Store, _insert_game
from tideboard.store.writer import GameWriter


async def loop_stalls(store: Store, game, moves: int, how: str) -> tuple[list, list]:
    """(how long each move's save held the loop, how late a 1 ms heartbeat on
    the loop woke), for ``moves`` moves of one game played 10 ms apart: saved
    by ``GameWriter.sync`` on the loop ("loop"), handed to the writer thread
    ("thread"), or not saved ("none": the machine's own noise)."""
    match = Match.start(game, GameConfig(players=2, seed=7))
    writer = GameWriter.new(store, match)
    saves, rng, held, late = Saves(store), random.Random(7), [], []
    running = True

    async def heartbeat() -> None:
        while running:
            start = time.perf_counter()
            await asyncio.sleep(0.001)
            late.append(time.perf_counter() - start - 0.001)

    beat = asyncio.create_task(heartbeat())
    for _ in range(moves):
        if game.is_over(match.state):
            break
        match = match.play(rng.choice(sorted(game.legal_actions(match.state), key=repr)))
        start = time.perf_counter()
        if how == "thread":
            saves.later(lambda m=match: writer.sync(m), lambda error: None)
        elif how == "loop":
            writer.sync(match)
        held.append(time.perf_counter() - start)
        await asyncio.sleep(0.01)
    saves.deliver(wait=True)
    running = False
    await beat
    assert how == "none" or store.summary(writer.id).moves == len(match.actions)
    return held, late


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (
        f"median {statistics.median(values) * 1000:.3f} ms, p99 {p99 * 1000:.2f} ms, "
        f"max {values[-1] * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default=".")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--stall-moves", type=int, default=300)
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

        for how, where in (
            ("loop", "on the loop  "),
            ("thread", "writer thread"),
            ("none", "not saved    "),
        ):
            held, late = asyncio.run(loop_stalls(store, game, args.stall_moves, how))
            print(
                f"loop stall per move, {where}: {_ms(held)} ({len(held)} moves); "
                f"1 ms heartbeat late by {_ms(late)}"
            )

        start = time.perf_counter()
        store.load_match(gid)
        print(f"load_match: {time.perf_counter() - start:.3f} s for {len(texts)} moves")

        start = time.perf_counter()
        with store.db.write() as db:  # bulk: the listing is what is measured
            for n in range(args.games):
                _insert_game(
                    db,
                    game.info.id,
                    GameConfig(players=2, seed=n),
                    store.summary(gid).seats,
                    texts[:20],
                    False,
                    None,
                    None,
                )
        filled = time.perf_counter() - start
        start = time.perf_counter()
        rows = store.list(unfinished_only=True)
        print(
            f"list: {time.perf_counter() - start:.3f} s for {len(rows)} games "
            f"(filled in {filled:.1f} s)"
        )
        store.close()


if __name__ == "__main__":
    main()
