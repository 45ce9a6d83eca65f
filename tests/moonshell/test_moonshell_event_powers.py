"""The round events against the mermaid powers (issue #20): Still Water (no one may
rotate the ocean this round) and Moon Shadow (no mermaid power may be used this round)
hold for the powers that act later too."""

from __future__ import annotations

import pytest

from tests.moonshell.ms_helpers import play, tiles
from tests.moonshell.test_moonshell_powers import legal, with_powers
from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell.content import BUOY, EMPTY, tile_from_code
from tideboard.games.moonshell.moves import rotate
from tideboard.games.moonshell.reef import MOON_SHADOW, STILL_WATER, URCHIN_SWARM
from tideboard.games.moonshell.state import AT_HOME, BUOY_SPACE, CORNER

THREE_ROTATIONS = ("rotate", "rotate", "rotate")
T = tile_from_code


def rising_moon_out(event: str):
    """Player 1's dark Rising Moon on the far-left corner in round 1; round 2 reveals
    ``event``, round 3 Urchin Swarm (no urchins aside: it does nothing).  Also the ocean
    as Player 2's last rotation of round 1 left it."""
    state = with_powers("active", "rising-moon", events_on=True, event_deck=(URCHIN_SWARM, event))
    state = play(state, "power moon 2", *THREE_ROTATIONS, "rotate", "rotate")
    return play(state, "rotate"), rotate(state).ocean


@pytest.mark.parametrize("event", [STILL_WATER, MOON_SHADOW], ids=["still-water", "moon-shadow"])
def test_rule_dark_rising_moon_waits_on_its_corner_through_a_still_water_or_moon_shadow_round(
    event,
):
    state, ocean_then = rising_moon_out(event)
    assert state.event == event and state.round == 2 and state.current == 0
    assert state.ocean == ocean_then  # no turn at the start of Player 1's turn
    corner = state.meeples[0]
    assert corner[0] == CORNER and corner[1] != 0  # still out, not at Player 1's left
    assert state.in_play == 1 and state.tides_odd
    # Player 1 and 2 play round 2
    moves = ("pull 1", "collect left 1", "collect right 2")
    state = play(state, *moves, "pull 1", "collect left 1", "collect right 2")
    assert state.round == 3 and state.event == URCHIN_SWARM and state.current == 0
    # round 3: the ocean turns at the start of Player 1's turn, then the mermeeple is home
    assert state.meeples[0] == AT_HOME and not state.tides_odd
    assert not any(m.startswith("power moon") for m in legal(state))  # (it rests this turn)


def test_rule_dark_rising_moon_turns_the_ocean_once_the_round_event_allows_it():
    """After waiting, the ocean turns until the mermeeple's corner is at its owner's left,
    at the start of the owner's first turn in a round without Still Water."""
    state, _ = rising_moon_out(STILL_WATER)
    state = play(state, "pull 1", "collect left 1", "collect right 2", "pull 1", "collect left 1")
    kind, corner = state.meeples[0]
    assert kind == CORNER and corner == 3  # (the rotations carried it): three turns to come
    expected = rotate(rotate(rotate(state, clockwise=False), clockwise=False), clockwise=False)
    state = play(state, "collect right 2")  # round 3 starts
    assert state.round == 3 and state.ocean == expected.ocean and state.meeples[0] == AT_HOME


def test_rule_moon_shadow_stops_the_dark_buoy_taking_its_space():
    state = with_powers(
        "active",
        "buoy",
        rocks={0: "wC pD"},
        events_on=True,
        event=MOON_SHADOW,
        meeples=((BUOY_SPACE, 1), AT_HOME),
        meeple_round=(1, 0),
        round=2,
        chests={0: ".. .. .. .. / .. .. .. .. / .. MM .. .."},
        tides_odd=True,
    )
    assert state.chests[0][1] == (BUOY,)
    assert not any(m.endswith(" buoy") for m in legal(state))
    assert "collect left 2" in legal(state)  # an ordinary collect is still possible
    with pytest.raises(IllegalAction, match="Moon Shadow"):
        play(state, "collect left buoy")
    with pytest.raises(IllegalAction, match="Moon Shadow"):
        play(state, "moonshell buoy")
    after = play(state, "collect left 2")  # the tile lands on top of the mermeeple
    assert after.meeples[0] == (BUOY_SPACE, 1) and after.chests[0][1] == (BUOY, T("wC"))


def test_rule_moon_shadow_keeps_a_saved_tile_on_the_passive_buoys_board():
    """Placing the tile saved with the passive Buoy is the Buoy power's second half: not
    in a Moon Shadow round (the tile waits on the mermaid board)."""
    state = with_powers(
        "passive",
        "buoy",
        rocks={0: "wC pD"},
        events_on=True,
        event=MOON_SHADOW,
        saved=(tiles("oS")[0], EMPTY),
    )
    assert not any("saved" in m for m in legal(state))
    with pytest.raises(IllegalAction, match="Moon Shadow"):
        play(state, "collect left 1 saved 2")
    after = play(state, "collect left 1")
    assert after.saved[0] == T("oS")


def test_rule_moon_shadow_leaves_guarding_mermeeples_in_place():
    """A Tide Pool or Inlet mermeeple already on the board is not a power being used:
    it keeps guarding its tile or rock through Moon Shadow."""
    state = with_powers(
        "active",
        "inlet",
        other="swap",
        rocks={1: "wC .."},
        events_on=True,
        event=MOON_SHADOW,
        meeples=((3, 4), AT_HOME),  # Player 1's Inlet mermeeple on the north left rock
        meeple_round=(1, 0),
        round=2,
        current=1,
        tides_odd=True,
    )
    assert not any(m.startswith("collect left") for m in legal(state))
