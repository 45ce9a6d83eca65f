"""Mermaid powers in the log, in the reader's frame (issue #11, "The screen"): the places on
the ocean a power's line names (Tide Pool's tile, Rising Moon's corner, the columns of
Tide Pool's, Inlet's and Slide's pulls) are said as the board on the reader's screen shows
them, as a plain pull's column is.  Player 2 sits across from Player 1 (2 players), so
their column 1 is Player 1's column 5 and their nearest row Player 1's top row."""

from __future__ import annotations

from tests.moonshell.ms_helpers import make_state
from tests.moonshell.test_moonshell_powers import with_powers
from tideboard.games.moonshell.game import GAME
from tideboard.ui.moonshell.journal import entry_for

ACROSS, MINE = 2, 0  # the reader's side: Player 2's own, Player 1's


def read(state, move: str, frame: int) -> str:
    action = GAME.parse_action(state, move)
    line = GAME.describe(state, action, GAME.apply(state, action))
    return entry_for(line, state, action, frame)


def player_2(side: str, mermaid: str, **kw):
    return with_powers(
        side, "buoy" if mermaid != "buoy" else "swap", other=mermaid, current=1, **kw
    )


def test_tide_pool_tile_read_from_across():
    state = player_2("active", "tide-pool")
    own = read(state, "power pool 1 1", ACROSS)
    assert "in column 1, bottom row" in own  # as Player 2 sees it
    theirs = read(state, "power pool 1 1", MINE)
    assert "in column 5, top row" in theirs, theirs  # their left is east: the NE tile, wD
    assert "white sand dollar" in theirs
    assert "column 4, 2nd row from the top" in read(state, "power pool 2 2", MINE)


def test_rising_moon_corner_read_from_across():
    state = player_2("active", "rising-moon")
    assert "on the bottom left corner" in read(state, "power moon 1", ACROSS)
    assert "on the top right corner" in read(state, "power moon 1", MINE)
    assert "on the bottom left corner" in read(state, "power moon 3", MINE)


def test_passive_pulls_read_from_across():
    state = player_2("passive", "tide-pool")
    assert " columns 1 and 2 (Tide Pool):" in read(state, "pull 1+2", ACROSS)
    assert " columns 5 and 4 (to the top) (Tide Pool):" in read(state, "pull 1+2", MINE)
    inlet = player_2("passive", "inlet", rocks={1: "wC .."})
    assert " column 2 (to the top) (Inlet):" in read(inlet, "pull 4 inlet", MINE)
    slide = player_2("passive", "slide")
    assert " column 5 away (Slide):" in read(slide, "pull 5 slide", ACROSS)
    # pulled away from Player 2, towards Player 1: down the reader's board
    assert " column 1 (to the bottom) (Slide):" in read(slide, "pull 5 slide", MINE)


def test_a_side_reader_sees_rows():
    """4 players: Player 2 sits on Player 1's left, so Player 1's columns are their rows
    (Player 1's column 1 is the nearest row of Player 2's board: the bottom row)."""
    from tideboard.games.moonshell.content import EMPTY
    from tideboard.games.moonshell.state import AT_HOME

    state = make_state(
        4,
        powers="passive",
        mermaids=("tide-pool", "", "", ""),
        meeples=(AT_HOME,) * 4,
        meeple_round=(0,) * 4,
        saved=(EMPTY,) * 4,
    )
    line = read(state, "pull 1+2", 1)
    assert " the bottom and 2nd from the bottom rows (to the right) (Tide Pool):" in line, line


def test_the_mermaid_lines_say_whose_rock_the_inlet_mermeeple_is_on():
    """The screen never numbers the sides, so "the left rock of side 1" would mean nothing."""
    from tests.moonshell.ms_helpers import play
    from tideboard.ui.moonshell.mermaids import mermaid_lines

    state = play(with_powers("active", "inlet"), "power inlet left")
    line = mermaid_lines(state, lambda seat: f"Player {seat + 1}")[0]
    assert "Inlet (active) - on the left rock of their own side" in line, line
    assert "side 1" not in line


def test_the_short_mermaid_line_says_a_power_home_this_turn_waits_for_the_next():
    """Issue #20: a mermeeple home this turn rests its power until its owner's next
    turn; the short line (80 columns) said "in use" for it."""
    from tideboard.engine.states import evolve
    from tideboard.ui.moonshell.mermaids import mermaid_lines

    state = with_powers("active", "inlet")
    name = lambda seat: f"Player {seat + 1}"  # noqa: E731
    assert "Player 1 Inlet ✓" in mermaid_lines(state, name, short=True)[0]
    resting = evolve(state, meeple_back=(state.turn,) + tuple(state.meeple_back[1:]))
    assert "Player 1 Inlet next turn" in mermaid_lines(resting, name, short=True)[0]
