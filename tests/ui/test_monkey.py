"""Random key presses on every game screen never crash the app.

Whatever a player mashes, every key either does something legal or says why
not; an exception in any handler would end the run and fail the test.
"""

from __future__ import annotations

import random

import pytest

from tideboard.ui.shared.game_screen import GameScreen

from tests.ui.helpers import app_for

KEYS = ["up", "down", "left", "right", "h", "j", "k", "l", "enter", "escape", "space", "tab",
        "1", "2", "3", "4", "5", "6", "a", "c", "e", "f", "m", "o", "p", "r", "s", "t", "u",
        "x", "y", "n", "question_mark", "left_square_bracket", "right_square_bracket"]
# what players do as often as they mash (one step in four): answer yes, confirm a
# preview, and pass the hot-seat hand-over screen (it ignores keys for a moment,
# then wants the seat number)
RECIPES = ["e y", "x y", "k y", "f enter", "wait:700 1", "wait:700 2"]

TABLES = [
    ("shifting-stones", dict(players=2, bots={1: "greedy"})),
    ("shifting-stones", dict(players=2)),                 # hot-seat, privacy screens
    ("shifting-stones", dict(players=1, solo=True)),
    ("moonshell", dict(players=2, bots={1: "random"})),
    ("moonshell", dict(players=1, solo=True)),
    ("moonlighter", dict(players=1)),
]


@pytest.mark.parametrize("game_id, table", TABLES, ids=[f"{g}-{i}" for i, (g, _) in
                                                         enumerate(TABLES)])
async def test_random_keys_never_crash(game_id, table):
    rnd = random.Random(f"{game_id}{sorted(table)}")
    app = app_for(seed=rnd.randrange(1000), game_id=game_id, **table)
    humans = table.get("players", 1) - len(table.get("bots", {}))
    recipes = [r for r in RECIPES if humans > 1 or not r.startswith("wait:")]
    async with app.run_test(size=(80, 24)) as pilot:
        moved = False  # some move was made (a lost game may have been started again)
        for _ in range(120):
            step = rnd.choice(recipes) if rnd.random() < 0.25 else rnd.choice(KEYS)
            await pilot.press(*step.split())
            moved = moved or any(s.match.actions for s in app.screen_stack
                                 if isinstance(s, GameScreen))
        await pilot.pause()
        assert app.is_running
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert moved, "the keys should have made at least one move"
