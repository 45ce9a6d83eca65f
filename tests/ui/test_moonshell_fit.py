"""The Moonshell side panel keeps the log in sight (issue #11, "The screen": screens at 80x24
and 120x40 for a Tsunami game): the chest, the scores, the mermaid lines and the objectives
give up detail (``fitting.py``) so that the log always shows at least two lines at 80x24 and
five at 120x40, in every mode, with two to four players and solo."""

from __future__ import annotations

import random

import pytest

from tests.ui.helpers import app_with_match, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.moonshell.state import PLAY
from tideboard.ui.moonshell.fitting import choose, log_floor
from tideboard.ui.moonshell.previews import fits_status
from tideboard.ui.shared import GameLog

MS = "moonshell"


# -- the choice itself ----------------------------------------------------------------
def test_the_log_floor_is_two_lines_at_24_rows_and_five_at_40():
    assert log_floor(24) == 2 and log_floor(40) == 5
    assert log_floor(10) == 2 and log_floor(100) == 6


def test_the_richest_layout_that_leaves_the_log_its_lines_wins():
    """Roomy: both description lines, the long mermaid lines.  Tighter: the descriptions
    go first, then the long mermaid lines, then the panel (words instead), then the words."""

    def fit(height, table=4, mermaid=(7, 2), detail=(19, 13, 7), words=3, wide=True, large=True):
        return choose(
            height,
            wide,
            large,
            lambda w: table + words * w,
            lambda short: mermaid[short],
            lambda d: detail[2 - d],
        )

    roomy = fit(60)
    assert (roomy.detail, roomy.words, roomy.short) == (2, False, False)
    assert roomy.log == 60 - 4 - 8 - 1 - 4 - 7 - 19
    assert fit(40).detail == 0 and not fit(40).short and fit(40).log >= 5
    assert fit(40, mermaid=(13, 2)).short and fit(40, mermaid=(13, 2)).detail == 1
    tight = fit(24, wide=True, large=False)
    assert tight.detail is None and tight.words and tight.log >= 2
    bare = fit(24, table=8, mermaid=(3, 3), wide=False, large=False)
    assert (bare.detail, bare.words, bare.log) == (None, False, 24 - 4 - 8 - 1 - 8 - 3)


def test_when_nothing_fits_the_plainest_layout_is_drawn():
    fit = choose(24, True, True, lambda w: 20, lambda s: 5, lambda d: 9)
    assert (fit.detail, fit.words, fit.short, fit.log) == (None, False, True, 0)


# -- on screen --------------------------------------------------------------------------
def mid_game(players: int, variant: str, solo: bool, options: dict, steps: int, seed: int) -> Match:
    """A game played at random for ``steps`` moves, up to Player 1's next turn."""
    game = registry.load(MS)
    config = GameConfig(players=players, variant=variant, solo=solo, seed=seed, options=options)
    match = Match.start(game, config)
    chooser = random.Random(seed)
    for count in range(400):
        seats = game.to_move(match.state)
        if count >= steps and seats[0] == 0 and match.state.phase == PLAY:
            break
        match = match.play(chooser.choice(list(game.legal_for(match.state, seats[0]))))
    assert not game.is_over(match.state)
    return match


def visible_log_lines(screen) -> int:
    """The log's rows on screen (inside its rule), none of them below the side panel."""
    log = screen.query_one(GameLog)
    side = screen.query_one("#ms-side").region
    bottom = min(log.content_region.bottom, side.bottom)
    return max(0, bottom - log.content_region.y)


CASES = [  # (players, variant, solo, options): every mode, the fullest tables
    (4, "standard", False, {}),
    (4, "dive", False, {"powers": "active"}),
    (2, "tsunami", False, {"powers": "active"}),
    (4, "tsunami", False, {"powers": "active"}),
    (3, "tsunami", False, {"powers": "passive"}),
    (1, "tsunami", True, {}),
    (1, "standard", True, {}),
]


@pytest.mark.parametrize("players,variant,solo,options", CASES)
async def test_the_log_keeps_its_lines_at_120x40_and_80x24(players, variant, solo, options):
    match = mid_game(players, variant, solo, options, steps=6 if solo else 24, seed=3)
    bots = {} if solo else {seat: "greedy" for seat in range(1, players)}
    app = app_with_match(match, bots=bots)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, 5)
        screen = app.screen
        assert screen.query_one(GameLog).display
        assert visible_log_lines(screen) >= 5
        for size, floor in (((80, 24), 2), ((100, 24), 2), ((100, 30), 3), ((120, 40), 5)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 5)
            assert visible_log_lines(screen) >= floor, size
            # the blocks above the log are drawn whole, none pushed under it
            bottoms = [
                screen.query_one(f"#{name}").region.bottom
                for name in ("ms-table", "ms-mermaid", "ms-objectives")
                if screen.query_one(f"#{name}").display
            ]
            assert max(bottoms) <= screen.query_one(GameLog).region.y


async def test_a_long_note_gives_way_to_what_to_do_now():
    """Solo at 80x24: "The automaton played its turn (...)" before Moonrise's hint pushed
    "x declines" off the two status lines; the note (also in the log) gives way."""
    from tests.ui.test_moonshell_mermaids import to_first_turn, tsunami_app

    app = tsunami_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await to_first_turn(pilot)
        hint = screen.drawing.hint().replace(" · o objectives · ? help", "")
        screen.turn.tell("The automaton played its turn (the log has every step; o lists them).")
        screen.refresh_table()
        await settle(pilot)
        said = str(screen.query_one("#ms-status").render())
        assert fits_status(screen.app, said), said  # all of it on the two lines
        assert said.replace("\n", " ").strip().endswith(hint.split()[-1]), said
        assert hint.split(":")[0] in said
