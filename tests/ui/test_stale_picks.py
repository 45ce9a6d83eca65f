"""A preview, a pick or a half-made move belongs to the position it was made on
(session 12's Shifting Stones crash, audited on the other games): keys in bursts
interleaved with the game moving on under them (undo, a bot's move, and a
table's update: the match replaced under the screen, as ``RemoteTable`` does),
and after each step nothing on screen refers to a position that is gone.

Per game: Shifting Stones' preview and shift waiting, Animal Splash's and
Moonshell's mode, and Moonlighter's side picked (``chosen``) were picked on the
position on the table (``OnPosition`` notes it, ``moved_on`` reads it); Mermaid Rain keeps no
action, only picks (cards, a cursor, an index) from which ``Picks.planned``
works out the move on the position on screen, so the move Enter would make is
always a legal one of it.  The app must not fail (``run_test`` raises what
reached it).  The targeted tests (each fails before its fix) are beside each
game's other tests: ``test_a_preview_from_before_a_score_is_dropped_not_made``,
``test_a_pull_previewed_before_the_game_moved_on_is_dropped_not_made``,
``test_a_side_picked_before_an_undo_is_dropped_not_walked``.
"""

from __future__ import annotations

import random

import pytest

from tests.ui.helpers import app_for, settle
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.on_position import OnPosition, moved_on

STEPS = 60  # bursts a game (under 2 s of CPU each game here)
COMMON = ["up", "down", "left", "right", "enter", "escape", "u", "tab", "1", "2", "3"]
GAMES = [
    ("shifting-stones", dict(players=2, bots={1: "random"}), list("sfcex[]")),
    ("animal-splash", dict(players=2, bots={1: "random"}), list("smpwe")),
    ("moonshell", dict(players=1, solo=True), list("rpcmkxwy") + ["4", "5"]),
    ("mermaid-rain", dict(players=3, bots={1: "random", 2: "random"}), list("dgtmcrxe")),
    ("moonlighter", dict(players=1), list("rafskp")),
]


def game_screen(app) -> GameScreen | None:
    screen = app.screen
    return screen if isinstance(screen, GameScreen) else None


def stale(screen) -> str:
    """What on ``screen`` refers to a position that is gone ("" if nothing)."""
    state = screen.state
    turn = getattr(screen, "turn", None)
    for owner, name in (
        (turn, "mode"),
        (turn, "pending"),
        (turn, "shift_from"),
        (screen, "chosen"),
    ):
        if isinstance(getattr(type(owner), name, None), OnPosition) and moved_on(owner, name):
            return f"{name} {getattr(owner, name)!r} was picked on another position"
    picks = getattr(screen, "picks", None)
    if picks is not None:
        planned, seat = picks.planned(), screen.human_to_move()
        if planned is not None and planned not in screen.game.legal_for(state, seat):
            return f"Enter would make {planned!r}, not a move of this position"
    return ""


@pytest.mark.parametrize("game_id, table, keys", GAMES, ids=[g[0] for g in GAMES])
async def test_keys_and_the_game_moving_on_under_them_leave_nothing_stale(game_id, table, keys):
    rng = random.Random(f"{game_id}-13")
    app = app_for(seed=rng.randrange(1000), game_id=game_id, **table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for step in range(STEPS):
            burst = [rng.choice(COMMON + keys) for _ in range(rng.randint(1, 5))]
            await pilot.press(*burst)
            screen = game_screen(app)
            if screen is None:  # (a question, a window: answered or closed)
                await pilot.press(rng.choice(["y", "n", "escape", "enter"]))
                await settle(pilot)
                continue
            control = screen.control
            state = control.match.state
            seat = screen.human_to_move()
            if screen.game.is_over(state):
                break
            if seat is not None and control.held is None and rng.random() < 0.5:
                # the game moves on under the keys: a move of the seat's, made elsewhere
                # (mostly one that keeps the turn: a preview is then still on screen)
                legal = list(screen.game.legal_for(state, seat))
                game = screen.game
                keep = [m for m in legal if seat in game.to_move(game.apply(state, m))]
                move = rng.choice(keep if keep and rng.random() < 0.8 else legal)
                control.match = control.match.play(move)
                control.advance()
            await settle(pilot)
            screen = game_screen(app)
            if screen is not None:
                why = stale(screen)
                assert not why, f"step {step}, after {burst}: {why}"
