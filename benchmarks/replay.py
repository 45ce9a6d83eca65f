"""Replay speed: rebuilding a match from its moves in notation, as loading a
saved game does (``Match.start`` then ``play_text`` for each move: parse,
apply, log line), for games of 10k, 40k, 100k and 160k moves.

    python benchmarks/replay.py [--sizes 10000,40000,100000,160000] [--runs N]

The game: a two-player Shifting Stones game in which both seats play random
legal moves but never score a card, so it never ends (the deck is reshuffled
from the discard pile as the rules say).  The move list is made once (not
timed); each size replays its first N moves.  A replay that copied the whole
history at each move would grow quadratically: the time per move would rise
with N.  It must stay flat (linear growth in total) and 100,000 moves must
replay in under 2 s.

Python's cyclic garbage collector scans every live object now and then, and a
replayed match keeps every move (action, log line) alive, so the time per
move may rise a little with N even though the replay itself is linear; the
figures are printed with the collector on (what a user gets) and its share is
shown by a second run with it off.

A match keeps the states of checkpoints and recent moves only (issue 8): the
script also prints how many states the largest replay holds, and what reading
an old state costs (a random one, and stepping back one move at a time as the
replay screen does).  "Linear" below means the time per move at the largest size is
under twice that at the smallest (a quadratic replay would give sizes[-1] /
sizes[0] times).
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import Score

CONFIG = GameConfig(players=2, seed=2026)
TARGET_MOVES, TARGET_SECONDS = 100_000, 2.0


def endless_moves(count: int, seed: int = 1) -> list[str]:
    """``count`` legal moves in notation from one game that never ends."""
    rnd = random.Random(seed)
    state = GAME.setup(CONFIG)
    moves = []
    for _ in range(count):
        choices = [a for a in GAME.legal_actions(state) if not isinstance(a, Score)]
        action = rnd.choice(choices)
        state = GAME.apply(state, action)
        moves.append(GAME.format_action(action))
    return moves


def replay(moves: list[str]) -> Match:
    match = Match.start(GAME, CONFIG)
    for text in moves:
        match = match.play_text(text)
    return match


def timed(moves: list[str], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        match = replay(moves)
        best = min(best, time.perf_counter() - t0)
        assert len(match.actions) == len(moves) and not GAME.is_over(match.state)
        del match
    return best


def old_states(match: Match) -> None:
    """States held, and the cost of reading old ones."""
    from tideboard.engine.match import CHECKPOINT_EVERY

    moves = len(match.actions)
    print(
        f"states held after {moves} moves: {match.kept_states()} (a checkpoint every "
        f"{CHECKPOINT_EVERY} moves and the last {CHECKPOINT_EVERY}-"
        f"{2 * CHECKPOINT_EVERY - 1})"
    )
    rnd = random.Random(3)
    picks = [rnd.randrange(moves) for _ in range(200)]
    t0 = time.perf_counter()
    for i in picks:
        match.states[i]
    random_read = (time.perf_counter() - t0) / len(picks)
    back = min(moves, 5000)  # the last 5,000 moves, one at a time
    t0 = time.perf_counter()
    for count in range(back):
        match.undo(count).state
    stepping = (time.perf_counter() - t0) / back
    print(
        f"an old state: {random_read * 1e3:.2f} ms at random (walking back to it "
        f"included); {stepping * 1e6:.1f} us a step stepping back through the last "
        f"{back} moves"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,40000,100000,160000")
    parser.add_argument("--runs", type=int, default=1, help="best of N runs per size")
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.sizes.split(","))
    started = time.perf_counter()
    moves = endless_moves(sizes[-1])
    print(
        f"made {len(moves)} legal moves in {time.perf_counter() - started:.1f} s "
        "(not part of the figures)"
    )
    per_move = {}
    for size in sizes:
        best = timed(moves[:size], args.runs)
        per_move[size] = best / size
        print(f"{size:>8} moves: {best:6.2f} s  {best / size * 1e6:6.1f} us/move")
    smallest, largest = sizes[0], sizes[-1]
    gc.disable()
    try:
        flat = [timed(moves[:n], args.runs) / n for n in (smallest, largest)]
    finally:
        gc.enable()
    print(
        f"with the garbage collector off: {flat[0] * 1e6:.1f} us/move at {smallest}, "
        f"{flat[1] * 1e6:.1f} us/move at {largest}"
    )
    growth = per_move[largest] / per_move[smallest]
    linear = growth < 2.0
    print(
        f"time per move at {largest} / at {smallest}: {growth:.2f} "
        f"({'linear' if linear else 'NOT linear'}: flat is 1.0, quadratic would be "
        f"{largest / smallest:.0f})"
    )
    old_states(replay(moves))
    at_target = per_move.get(TARGET_MOVES, per_move[largest]) * TARGET_MOVES
    print(
        f"{TARGET_MOVES} moves: {at_target:.2f} s (target < {TARGET_SECONDS:.0f} s: "
        f"{'met' if at_target < TARGET_SECONDS else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
