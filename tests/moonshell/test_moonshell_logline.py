"""The log line of every mermaid power names where it acts (issue #11, "The screen": the
mermeeples where they stand on the ocean, rocks, corners and chests): the tile and its place
for Tide Pool, the rock for Inlet, the corner for Rising Moon, the chest space or tiles for
Buoy, Slide and Swap, and whose rock the passive Swap takes from.  The ocean's places are
said as the power's user sees the board (their side at the bottom, columns 1-5 from their
left), as a pull's column is; the screen turns them to its reader (tests/ui)."""

from __future__ import annotations

from tests.moonshell.ms_helpers import make_state
from tests.moonshell.test_moonshell_powers import with_powers
from tideboard.games.moonshell.content import EMPTY
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import AT_HOME


def line_of(state, move: str) -> str:
    action = GAME.parse_action(state, move)
    return GAME.describe(state, action, GAME.apply(state, action))


def test_active_tide_pool_names_the_tile_and_its_place():
    """My column 3, 2nd tile from me: the 4th row from the north, 3rd from the west: pD."""
    state = with_powers("active", "tide-pool")
    line = line_of(state, "power pool 3 2")
    assert line.startswith(
        "Player 1 puts the Tide Pool mermeeple on the pink sand dollar "
        "in column 3, 2nd row from the bottom"
    ), line
    # the first tile of column 1 is the south-west corner tile, wD
    assert "white sand dollar in column 1, bottom row" in line_of(state, "power pool 1 1")


def test_active_inlet_names_the_rock():
    state = with_powers("active", "inlet")
    assert line_of(state, "power inlet right").startswith(
        "Player 1 puts the Inlet mermeeple on their right rock"
    )


def test_active_rising_moon_names_the_corner_as_its_user_sees_the_board():
    state = with_powers("active", "rising-moon")
    said = [line_of(state, f"power moon {n}") for n in (1, 2, 3, 4)]
    for line, corner in zip(said, ("bottom left", "top left", "top right", "bottom right")):
        assert f"Rising Moon mermeeple on the {corner} corner of the ocean" in line, line


def test_active_buoy_names_the_chest_space_it_holds():
    state = with_powers("active", "buoy", chests={0: ".. .. .. .. / .. .. .. .. / .. wC .. .."})
    assert line_of(state, "power buoy 2").startswith(
        "Player 1 puts the Buoy mermeeple on the middle space of chest column 2"
    )
    assert "bottom space of chest column 1" in line_of(state, "power buoy 1")


def test_active_slide_names_the_tile_and_both_columns():
    state = with_powers("active", "slide", chests={0: ".. .. .. .. / wC .. .. .. / pD .. .. oS"})
    assert line_of(state, "power slide 1 2 3").startswith(
        "Player 1 slides the white clamshell in chest column 1 (middle row) over to column 3 "
        "(Slide)"
    )


def test_active_swap_names_both_tiles_and_their_places():
    state = with_powers("active", "swap", chests={0: ".. .. .. .. / .. .. .. .. / wC pC MS wD"})
    assert line_of(state, "power swap 1 1 2 1").startswith(
        "Player 1 swaps the white clamshell in chest column 1 (bottom row) with the pink "
        "clamshell in column 2 (bottom row) (Swap)"
    )


def test_passive_swap_names_whose_rock_it_takes_from():
    state = with_powers("passive", "swap", rocks={0: "wC ..", 1: "pD wA"})
    line = line_of(state, "swap north-right left 1")
    assert "takes the white auger from Player 2's right rock into chest column 1" in line


def test_solo_lines_speak_to_the_player():
    state = make_state(
        solo=True,
        powers="active",
        mermaids=("inlet", ""),
        meeples=(AT_HOME, AT_HOME),
        meeple_round=(0, 0),
        saved=(EMPTY, EMPTY),
    )
    assert line_of(state, "power inlet left").startswith(
        "You put the Inlet mermeeple on your left rock"
    )


def test_every_active_power_line_names_a_place():
    """No line falls back to 'a tile', 'a rock', 'a board corner' or 'a chest space'."""
    seen = set()
    for mermaid in ("tide-pool", "inlet", "rising-moon", "buoy", "slide", "swap"):
        state = with_powers(
            "active", mermaid, chests={0: ".. .. .. .. / wC .. .. .. / pD wD .. oS"}
        )
        for action in GAME.legal_actions(state):
            if type(action).__name__ == "Power":
                seen.add(action.mermaid)
                line = GAME.describe(state, action, GAME.apply(state, action))
                assert not any(
                    vague in line
                    for vague in (
                        "on a tile",
                        "on a rock",
                        "a board corner",
                        "a chest space",
                        "a chest tile",
                        "two chest tiles",
                    )
                ), line
    assert seen == {"tide-pool", "inlet", "rising-moon", "buoy", "slide", "swap"}


def test_the_inlet_mermeeple_is_on_a_rock_of_its_owners_side_not_a_numbered_side():
    """`script` and the screen say where a mermeeple is in the same words; no side numbers
    (nothing a player sees numbers the sides)."""
    from tideboard.games.moonshell.powers import meeple_text

    state = with_powers("active", "inlet")
    after = GAME.apply(state, GAME.parse_action(state, "power inlet right"))
    text = meeple_text(after, 0)
    assert text.startswith("on the right rock of their own side, comes back"), text
    assert "side 1" not in text
