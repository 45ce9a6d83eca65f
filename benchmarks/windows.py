"""CPU to open a window over a game and close it again, and to step a replay,
at 80x24 (headless).

    python benchmarks/windows.py [GAME ...] [--rounds N]

For each game (two players, the second a medium bot): the help window (its keys
and the rules page), a page down in it, and Esc; then the game's first overview
window (the key its screen binds to an overview) and Esc.  The median of N
rounds after two warm-up rounds, in milliseconds of this process's CPU
(``time.process_time``), each step followed by ``pilot.pause()`` so its redraw
is counted.  Over SSH every session shares one process, so each millisecond here
is one that every other player at the server waits too.

Then a replay's step (Right, as ``tideboard replay`` steps a stored game): a
game played to its end by medium bots, stored, replayed, the median CPU of N
steps; a step redraws the log around the current move (up to 800 entries).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

WINDOW_KEY = {
    "shifting-stones": "t",
    "moonshell": "o",
    "animal-splash": "o",
    "mermaid-rain": "o",
    "moonlighter": "m",
}
TABLE = {"mermaid-rain": 3, "moonlighter": 1}


async def measure(game_id: str, rounds: int) -> dict[str, float]:
    from tideboard.engine.core import GameConfig
    from tideboard.ui.app import TideboardApp
    from tideboard.ui.shared.modals import Window

    players = TABLE.get(game_id, 2)
    bots = {seat: "greedy" for seat in range(1, players)}
    config = GameConfig(players=players, seed=5)
    app = TideboardApp(game_id=game_id, config=config, bots=bots, bot_delay=0)
    steps: dict[str, list[float]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        for round_ in range(rounds + 2):
            for name, key in (
                ("help", "question_mark"),
                ("page down", "pagedown"),
                ("close help", "escape"),
                ("window", WINDOW_KEY[game_id]),
                ("close window", "escape"),
            ):
                start = time.process_time()
                await pilot.press(key)
                await pilot.pause()
                if round_ >= 2:
                    steps.setdefault(name, []).append(time.process_time() - start)
            assert not isinstance(app.screen, Window), f"{game_id}: a window stayed open"
    return {name: statistics.median(times) * 1000 for name, times in steps.items()}


async def replay_step(game_id: str, rounds: int) -> tuple[int, float]:
    from tideboard.engine import registry
    from tideboard.engine.bots import make_bot
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match
    from tideboard.store.games import Store
    from tideboard.store.records import Result
    from tideboard.ui.app import TideboardApp

    game = registry.load(game_id)
    players = TABLE.get(game_id, 2)
    match = Match.start(game, GameConfig(players=players, seed=3))
    bots = [make_bot(game, "greedy", seat) for seat in range(players)]
    while not game.is_over(match.state):
        seat = game.to_move(match.state)[0]
        legal = game.legal_for(match.state, seat)
        match = match.play(bots[seat].choose(game, game.view(match.state, seat), seat, legal))
    with Store.open() as store:
        moves = [game.format_action(action) for action in match.actions]
        gid = store.create(game_id, match.config, None, moves)
        store.finish(gid, Result.of(game, match.state))
        whole, seats = store.load_match(gid)
    app = TideboardApp(bot_delay=0, match=whole, bots=seats, store_id=gid, replay=True)
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        for step in range(min(rounds + 3, len(match.actions))):
            start = time.process_time()
            await pilot.press("right")
            await pilot.pause()
            if step >= 3:
                times.append(time.process_time() - start)
    return len(match.actions), statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(WINDOW_KEY), help="game ids")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    os.environ.setdefault("TIDEBOARD_DATA_DIR", tempfile.mkdtemp(prefix="tideboard-bench-"))
    names = ("help", "page down", "close help", "window", "close window")
    print(f"{'ms of CPU, median':<18}" + "".join(f"{name:>14}" for name in names))
    for game_id in args.games:
        figures = asyncio.run(measure(game_id, args.rounds))
        print(f"{game_id:<18}" + "".join(f"{figures[name]:>14.1f}" for name in names))
    print(f"\n{'replay step':<18}{'moves':>14}{'ms of CPU':>14}")
    for game_id in args.games:
        moves, step = asyncio.run(replay_step(game_id, args.rounds * 3))
        print(f"{game_id:<18}{moves:>14}{step:>14.1f}")


if __name__ == "__main__":
    main()
