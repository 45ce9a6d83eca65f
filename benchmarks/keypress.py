"""CPU per cursor keypress, redraw included: each game screen against a bare
Textual app with a grid of comparable cells whose cursor toggles a CSS class.

    python benchmarks/keypress.py [GAME ...] [--presses N] [--rounds R] [--tmux]

Headless (primary figure): the app runs in Textual's ``run_test`` at 80x24;
``time.process_time()`` is read around N cursor presses, each followed by
``pilot.pause()`` so the redraw happens.  Warm-up presses first, then the
median of R rounds.  The game is set up so that the keys only move a cursor
(the script checks that no game action was played).

``--tmux`` also runs each app in a real terminal (tmux, 80x24), sends the
same keys with ``tmux send-keys`` and reads the app process's CPU time from
/proc/<pid>/stat before and after (the CPU of the same wait with no keys is
subtracted).  Sessions are named ``bench-kp-*`` and killed afterwards.

Target (issue 8): every game screen at most 1.5x the bare grid.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Grid
from textual.widgets import Static

TARGET = 1.5
SIZE = (80, 24)
ARROWS = {"n": "up", "s": "down", "w": "left", "e": "right"}


# -- the bare app ------------------------------------------------------------------
class BareGrid(App):
    """N x N Static cells; the arrows move a cursor that is a CSS class."""

    CSS = """
    Grid { grid-gutter: 0 1; grid-columns: 7; grid-rows: 3; height: auto; }
    .cell { width: 7; height: 3; border: round $panel; content-align: center middle; }
    .cell.cursor { border: round $accent; background: $accent 30%; text-style: bold; }
    """

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n
        self.cursor = 0

    def compose(self) -> ComposeResult:
        with Grid(id="grid") as grid:
            grid.styles.grid_size_columns = self.n
            grid.styles.width = self.n * 8 - 1
            for i in range(self.n * self.n):
                yield Static(f"{chr(97 + i % self.n)}{i // self.n + 1}", classes="cell", id=f"c{i}")

    def on_mount(self) -> None:
        self.query_one("#c0").add_class("cursor")

    def on_key(self, event: Any) -> None:
        step = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}.get(event.key)
        if step is None:
            return
        x, y = self.cursor % self.n, self.cursor // self.n
        x, y = min(self.n - 1, max(0, x + step[0])), min(self.n - 1, max(0, y + step[1]))
        new = y * self.n + x
        if new != self.cursor:
            self.query_one(f"#c{self.cursor}").remove_class("cursor")
            self.query_one(f"#c{new}").add_class("cursor")
            self.cursor = new


# -- the game setups -----------------------------------------------------------------
def _match(game_id: str, players: int, seed: int, prepare: Callable[[Any, Any], Any]) -> Any:
    from tideboard.engine import registry
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match

    game = registry.load(game_id)
    return prepare(game, Match.start(game, GameConfig(players=players, seed=seed)))


def _stones(game: Any, match: Any) -> Any:
    return match  # seat 0 (human) to move; the cursor walks the 3x3 stones


def _moonshell(game: Any, match: Any) -> Any:
    while match.state.phase == "keep":  # everyone keeps a secret: the main phase follows
        match = match.play(game.legal_actions(match.state)[0])
    return match


def _moonlighter(game: Any, match: Any) -> Any:
    return match.play(game.legal_actions(match.state)[0])  # roll: now a side to place on


def _moonlighter_keys(match: Any) -> list[str]:
    game = match.game
    sides = [
        ARROWS[a.direction] for a in game.legal_actions(match.state) if hasattr(a, "direction")
    ]
    if len(sides) < 2:
        raise SystemExit("moonlighter setup: fewer than two sides to pick from")
    return sides  # consecutive keys differ: a key pressed twice would place the room


def _human_in(phase: str) -> Callable[[Any, Any], Any]:
    """Play the first legal actions until the human seat (1) is to move in ``phase``:
    Mermaid Rain's "ride" (the cursor walks the hex sea's cells), Animal Splash's
    "move" (it walks the twelve diver spots around the 3x3 grid)."""

    def prepare(game: Any, match: Any) -> Any:
        while not (match.state.phase == phase and game.to_move(match.state) == (0,)):
            match = match.play(game.legal_actions(match.state)[0])
        return match

    return prepare


# game id -> (label, players, bots, prepare, keys, bare grid size, what is compared)
SCREENS: dict[str, tuple] = {
    "shifting-stones": (
        "Shifting Stones 2p, seat 2 greedy",
        2,
        {1: "greedy"},
        _stones,
        lambda m: ["right", "down", "left", "up"],
        3,
        "3x3 grid of stones",
    ),
    "moonshell": (
        "Moonshell 2p, seat 2 greedy",
        2,
        {1: "greedy"},
        _moonshell,
        lambda m: ["right", "right", "left", "left", "up", "down"],
        5,
        "5x5 ocean grid (cursor on its columns)",
    ),
    "moonlighter": (
        "Moonlighter (a rolled room to place)",
        1,
        {},
        _moonlighter,
        _moonlighter_keys,
        7,
        "7x7 dungeon map",
    ),
    "mermaid-rain": (
        "Mermaid Rain 3p, seats 2-3 greedy",
        3,
        {1: "greedy", 2: "greedy"},
        _human_in("ride"),
        lambda m: ["right", "down", "left", "up"],
        7,
        "7x7 grid (the 9x11 hex sea's cells are smaller)",
    ),
    "animal-splash": (
        "Animal Splash 2p, seat 2 greedy",
        2,
        {1: "greedy"},
        _human_in("move"),
        lambda m: ["right", "right", "left", "left"],
        4,
        "4x4 grid (the diver's 12 spots)",
    ),
}


def make_game_app(game_id: str) -> tuple[App, list[str], Callable[[App], int]]:
    from tideboard.ui.app import TideboardApp

    _, players, bots, prepare, keys, _, _ = SCREENS[game_id]
    match = _match(game_id, players, 1, prepare)
    app = TideboardApp(theme=None, bot_delay=0)
    app.call_after_refresh(lambda: app.start_match(match, dict(bots)))

    def played(app: App) -> int:
        return len(app.screen.match.states)

    return app, keys(match), played


# -- headless ------------------------------------------------------------------------
async def headless(
    app: App,
    keys: list[str],
    presses: int,
    rounds: int,
    warmup: int,
    ready: Callable[[App], bool],
    after: Callable[[App], None] = lambda app: None,
) -> list[float]:
    """Median ms per key of each round."""
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if ready(app):
                break
            await pilot.pause()
        else:
            raise SystemExit("the screen never came up")
        for _ in range(3):
            await pilot.pause()
        for i in range(warmup):
            shot = app.export_screenshot()
            await pilot.press(keys[i % len(keys)])
            await pilot.pause()
            if i == 0 and app.export_screenshot() == shot:
                print(
                    f"  WARNING: {type(app).__name__}: key {keys[0]!r} changed nothing "
                    "on screen; the figure does not include a redraw"
                )
        per_round = []
        for _ in range(rounds):
            start = time.process_time()
            for i in range(presses):
                await pilot.press(keys[i % len(keys)])
                await pilot.pause()
            per_round.append((time.process_time() - start) / presses * 1000)
        after(app)
    return per_round


def is_game_screen(app: App) -> bool:
    return hasattr(app.screen, "match")


def measure_game(game_id: str, presses: int, rounds: int, warmup: int) -> float:
    app, keys, played = make_game_app(game_id)
    counts: list[int] = []

    def ready(app: App) -> bool:
        if is_game_screen(app):
            counts.append(played(app))
            return True
        return False

    times = asyncio.run(
        headless(app, keys, presses, rounds, warmup, ready, lambda app: counts.append(played(app)))
    )
    if counts[0] != counts[-1]:
        print(f"  WARNING: {game_id}: the keys played a game action; figures are not cursor-only")
    return statistics.median(times)


def measure_bare(n: int, presses: int, rounds: int, warmup: int) -> float:
    keys = ["right", "down", "left", "up"]
    times = asyncio.run(
        headless(
            BareGrid(n),
            keys,
            presses,
            rounds,
            warmup,
            lambda app: app.is_running and bool(app.query(".cursor")),
        )
    )
    return statistics.median(times)


# -- tmux ----------------------------------------------------------------------------
def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _serve(target: str) -> None:
    """Run one app in the real terminal (called inside tmux)."""
    if target.startswith("bare"):
        BareGrid(int(target[4:])).run()
    else:
        app, _, _ = make_game_app(target)
        app.run()


def tmux_measure(
    target: str, keys: list[str], presses: int, rounds: int, warmup: int, gap: float
) -> float:
    session = f"bench-kp-{target}"
    data = tempfile.mkdtemp(prefix="td-bench-")
    env = f"TIDEBOARD_DATA_DIR={data}"
    command = f"{env} {sys.executable} {os.path.abspath(__file__)} --serve {target}"
    subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
    subprocess.run(
        [
            "tmux",
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            str(SIZE[0]),
            "-y",
            str(SIZE[1]),
            command,
        ],
        check=True,
    )
    try:
        time.sleep(2.5)
        shell_pid = subprocess.run(
            ["tmux", "list-panes", "-t", session, "-F", "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[0]
        pid = int(shell_pid)
        children = subprocess.run(
            ["pgrep", "-P", str(pid)], capture_output=True, text=True
        ).stdout.split()
        if children:  # the pane runs a shell that runs python
            pid = int(children[0])

        def send(n: int) -> None:
            for i in range(n):
                subprocess.run(
                    ["tmux", "send-keys", "-t", session, _tmux_key(keys[i % len(keys)])], check=True
                )
                time.sleep(gap)

        def pane() -> str:
            return subprocess.run(
                ["tmux", "capture-pane", "-p", "-e", "-t", session], capture_output=True, text=True
            ).stdout

        shown = pane()
        send(1)  # one key: the warm-up keys may bring the cursor back where it was
        time.sleep(0.5)
        changed = pane() != shown
        send(warmup)
        time.sleep(0.5)
        if not changed:
            print(
                f"  WARNING: {target}: the keys changed nothing in the tmux pane "
                f"(the app may not have started); its figure is not a redraw"
            )
        results = []
        for _ in range(rounds):
            idle_start = _cpu_seconds(pid)
            time.sleep(presses * gap)
            idle = _cpu_seconds(pid) - idle_start
            start = _cpu_seconds(pid)
            send(presses)
            time.sleep(0.3)
            busy = _cpu_seconds(pid) - start
            results.append(max(0.0, busy - idle) / presses * 1000)
        return statistics.median(results)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
        shutil.rmtree(data, ignore_errors=True)


def _tmux_key(key: str) -> str:
    return {"up": "Up", "down": "Down", "left": "Left", "right": "Right"}[key]


# -- main ----------------------------------------------------------------------------
def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game screen)")
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--tmux", action="store_true", help="also measure in tmux at 80x24")
    parser.add_argument(
        "--gap", type=float, default=0.08, help="seconds between keys sent through tmux"
    )
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _serve(args.serve)
        return
    ids = args.games or list(SCREENS)
    print(
        f"CPU per cursor key at {SIZE[0]}x{SIZE[1]}, headless run_test, median of "
        f"{args.rounds} rounds of {args.presses} keys after {args.warmup} warm-up keys; "
        f"target <= {TARGET}x the bare grid"
    )
    bare: dict[int, float] = {}
    for game_id in ids:
        label, _, _, _, _, n, compared = SCREENS[game_id]
        if n not in bare:
            bare[n] = measure_bare(n, args.presses, args.rounds, args.warmup)
        ours = measure_game(game_id, args.presses, args.rounds, args.warmup)
        ratio = ours / bare[n]
        print(
            f"{label:<38} {ours:6.1f} ms/key | bare {n}x{n} grid ({compared}) "
            f"{bare[n]:5.1f} ms/key | {ratio:4.1f}x "
            f"{'ok' if ratio <= TARGET else 'ABOVE target'}"
        )
    if not args.tmux:
        return
    if not shutil.which("tmux"):
        sys.exit("tmux is not installed")
    print(
        f"\nIn tmux at {SIZE[0]}x{SIZE[1]} (CPU of the app process from /proc, idle "
        f"subtracted, one key every {args.gap * 1000:.0f} ms, median of {args.rounds} rounds)"
    )
    tbare: dict[int, float] = {}
    for game_id in ids:
        label, players, _, prepare, keys, n, compared = SCREENS[game_id]
        if n not in tbare:
            tbare[n] = tmux_measure(
                f"bare{n}",
                ["right", "down", "left", "up"],
                args.presses,
                args.rounds,
                args.warmup,
                args.gap,
            )
        match = _match(game_id, players, 1, prepare)
        ours = tmux_measure(game_id, keys(match), args.presses, args.rounds, args.warmup, args.gap)
        ratio = ours / tbare[n] if tbare[n] else float("inf")
        print(
            f"{label:<38} {ours:6.1f} ms/key | bare {n}x{n} grid {tbare[n]:5.1f} ms/key | "
            f"{ratio:4.1f}x {'ok' if ratio <= TARGET else 'ABOVE target'}"
        )


if __name__ == "__main__":
    main()
