"""The expert's engine: search iterations (determinize, descend, play out, back up)
and playout actions per second, per game, from positions of greedy play.

    python benchmarks/playouts.py [GAME ...] [--seconds S]

Each line runs the game's expert search (``tideboard.engine.search``) for ``S``
seconds a position on a few positions (the opening and greedy play's later
turns) and reports iterations/s (what a 1 s move gets), the playout policy's
actions/s (random, the game's greedy bot, or a light policy of its own: see each
``bots.EXPERT``), and the share of the time in the playouts.  One core; CPU time (``process_time``).
"""

from __future__ import annotations

import argparse
import random
import time

from tideboard.engine import registry, search
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig

TABLES = [
    ("shifting-stones", GameConfig(players=2)),
    ("shifting-stones", GameConfig(players=1, solo=True)),
    ("moonshell", GameConfig(players=2)),
    ("moonshell", GameConfig(players=1, solo=True)),
    ("moonlighter", GameConfig(players=1)),
    ("mermaid-rain", GameConfig(players=4)),
    ("animal-splash", GameConfig(players=2)),
]


def positions(game, config, count=4, every=9):
    state = game.setup(config)
    bots = [make_bot(game, "greedy", seat) for seat in range(6)]
    step = 0
    found = []
    while not game.is_over(state) and len(found) < count:
        seat = game.to_move(state)[0]
        legal = game.legal_for(state, seat)
        if step % every == 0 and len(legal) > 1:
            found.append((state, seat))
        state = game.apply(state, bots[seat].choose(game, game.view(state, seat), seat, legal))
        step += 1
    return found


class Counting:
    """Wraps the game: counts the actions applied."""

    def __init__(self, game):
        self.game, self.applied = game, 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, action):
        self.applied += 1
        return self.game.apply(state, action)


def measure(game_id: str, config: GameConfig, seconds: float) -> str:
    game = registry.load(game_id)
    spec = game.bots.EXPERT
    counting = Counting(game)
    iterations = 0
    cpu = 0.0
    for state, seat in positions(game, config):
        start = time.process_time()
        result = search.search(
            counting,
            game.view(state, seat),
            seat,
            game.legal_for(state, seat),
            spec,
            random.Random(1),
            search.Budget(think=seconds),
        )
        cpu += time.process_time() - start
        iterations += result.iterations
    label = f"{game_id} {'solo' if config.solo else f'{config.players}p'}"
    policy = "random" if spec.policy is None else getattr(spec.policy, "__name__", "")
    policy = {"policy": "greedy", "playout_policy": "light"}.get(policy, policy)
    return (
        f"{label:22} {iterations / cpu:8.0f} iterations/s {counting.applied / cpu:9.0f} "
        f"actions/s  ({policy} playouts, horizon {spec.horizon})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time a position")
    args = parser.parse_args()
    for game_id, config in TABLES:
        if not args.games or game_id in args.games:
            print(measure(game_id, config, args.seconds), flush=True)


if __name__ == "__main__":
    main()
