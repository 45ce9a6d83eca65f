"""When a mermaid power may be used again (issue #20): a mermeeple that comes home
makes its power usable from its owner's following turn, never in the turn it came
home in (rulebook, active powers: "after your power resolves, return your mermeeples
to your mermaid board - you may use your power again on your next turn after that")."""

from __future__ import annotations

import pytest

from tests.moonshell.ms_helpers import play
from tests.moonshell.test_moonshell_powers import legal, with_powers
from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.games.moonshell.content import COLUMNS
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import AT_HOME, BUOY_SPACE, CHEST, CORNER, OCEAN, ROCK, TILE

THREE_ROTATIONS = ("rotate", "rotate", "rotate")


def powers_offered(state, word: str) -> list[str]:
    return [m for m in legal(state) if m.startswith(f"power {word} ")]


def test_rule_rising_moon_power_not_usable_in_the_turn_its_mermeeple_comes_home():
    """The issue's repro: the dark Rising Moon came home at the start of its owner's
    turn and 'power moon N' was legal again at once (a free rotation every turn)."""
    state = with_powers("active", "rising-moon")
    state = play(state, "power moon 2", *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.current == 0 and state.meeples[0] == AT_HOME  # it turned the ocean, came home
    assert powers_offered(state, "moon") == []
    with pytest.raises(IllegalAction, match="came home this turn"):
        play(state, "power moon 1")
    state = play(state, *THREE_ROTATIONS, *THREE_ROTATIONS)  # Player 1's following turn
    assert state.current == 0 and len(powers_offered(state, "moon")) == 4
    assert play(state, "power moon 2").meeples[0] == (CORNER, 1)


def test_rule_rising_moon_repro_through_the_cli_setup():
    """The same through a real setup (Dive with active powers, Rising Moon for Player 1)."""
    config = GameConfig(
        players=2,
        variant="dive",
        seed=5,
        options={"powers": "active", "mermaid-1": "rising-moon", "mermaid-2": "buoy"},
    )
    state = GAME.setup(config)
    state = play(state, f"keep {state.offers[0][0]}")
    state = play(state, f"keep {state.offers[1][0]}")
    state = play(state, "power moon 2", *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.current == 0 and state.round == 2 and powers_offered(state, "moon") == []
    state = play(state, *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert powers_offered(state, "moon") == [f"power moon {n}" for n in range(1, 5)]


def test_rule_buoy_power_not_usable_in_the_turn_a_tile_takes_its_space():
    state = with_powers("active", "buoy", rocks={0: "wC pD"})
    state = play(state, "power buoy 2")
    assert state.meeples[0] == (BUOY_SPACE, 1)
    state = play(state, "collect left buoy")
    assert state.meeples[0] == AT_HOME and powers_offered(state, "buoy") == []
    with pytest.raises(IllegalAction, match="came home this turn"):
        play(state, "power buoy 1")
    state = play(state, "collect right 3", "rotate", *THREE_ROTATIONS)  # the turn ends; P2
    assert state.current == 0 and "power buoy 1" in legal(state)


def test_rule_buoy_power_usable_the_turn_after_a_tile_took_its_space_in_a_later_turn():
    state = with_powers("active", "buoy", rocks={0: "wC pD"})
    state = play(state, "power buoy 2", *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.current == 0 and state.meeples[0] == (BUOY_SPACE, 1)
    state = play(state, "moonshell buoy", "rotate", "rotate", *THREE_ROTATIONS)
    assert state.current == 0 and state.meeples[0] == AT_HOME and "power buoy 1" in legal(state)


def test_rule_tide_pool_power_not_usable_in_the_turn_its_owner_pulls_the_marked_tile():
    state = with_powers("active", "tide-pool")
    state = play(state, "power pool 2 1")  # column 2, the nearest tile
    assert state.meeples[0] == (TILE, COLUMNS[0][1][0])
    state = play(state, "pull 2")  # the owner takes the marked tile: the mermeeple comes home
    assert state.meeples[0] == AT_HOME and powers_offered(state, "pool") == []
    with pytest.raises(IllegalAction, match="came home this turn"):
        play(state, "power pool 1 1")
    state = play(state, "collect left 1", "collect right 2", *THREE_ROTATIONS)
    assert state.current == 0 and "power pool 1 1" in legal(state)


@pytest.mark.parametrize(
    "mermaid, use, kind, chest_text",
    [
        ("inlet", "power inlet left", ROCK, None),
        ("slide", "power slide 1 1 2", CHEST, ".. .. .. .. / .. .. .. .. / wC .. .. .."),
        ("swap", "power swap 1 1 2 1", CHEST, ".. .. .. .. / .. .. .. .. / wC pC .. .."),
    ],
)
def test_rule_lasting_dark_powers_usable_from_the_turn_after_their_mermeeple_comes_home(
    mermaid, use, kind, chest_text
):
    """Inlet, Slide and Swap come home at the end of their owner's next turn, so the
    power is usable at the start of the turn after that, not before."""
    chests = {0: chest_text} if chest_text else None
    state = with_powers("active", mermaid, chests=chests)
    word = use.split()[1]
    state = play(state, use, *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.current == 0 and state.meeples[0][0] == kind
    assert powers_offered(state, word) == []
    state = play(state, *THREE_ROTATIONS)  # the end of the owner's next turn: it comes home
    assert state.meeples[0] == AT_HOME
    state = play(state, *THREE_ROTATIONS)
    assert state.current == 0 and powers_offered(state, word) != []


def test_rule_passive_power_usable_from_the_turn_after_its_mermeeple_comes_home():
    state = with_powers("passive", "rising-moon")
    state = play(state, "rotate twice", "rotate", "rotate", *THREE_ROTATIONS)
    assert "rotate twice" not in legal(state)
    state = play(state, *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.meeples[0] == AT_HOME and "rotate twice" in legal(state)


def test_rule_passive_buoy_save_from_round_two_comes_home_at_the_end_of_the_next_turn():
    """The previous helper's report: a passive Buoy save kept an old round number, so the
    mermeeple came home at the end of the same turn from round 2 on (fixed before
    issue #20; checked here through whole rounds)."""
    state = with_powers("passive", "buoy", rocks={0: "wC pD"})
    state = play(state, "save left", "collect right 1 saved 2", "rotate", *THREE_ROTATIONS)
    state = play(state, *THREE_ROTATIONS)  # round 2: Player 1's next turn ends
    assert state.meeples[0] == AT_HOME and state.round == 2
    state = play(state, *THREE_ROTATIONS)  # Player 2, round 2
    state = play(state, "pull 1", "save left", "collect right 1 saved 2")  # round 3
    assert state.round == 3 and state.current == 1 and state.meeples[0] == (OCEAN, 0)
    assert state.meeple_round[0] == 3
    state = play(state, *THREE_ROTATIONS)  # Player 2
    assert state.meeples[0] == (OCEAN, 0)
    state = play(state, *THREE_ROTATIONS)  # the end of Player 1's next turn
    assert state.meeples[0] == AT_HOME


def test_rule_homecoming_between_turns_leaves_the_powers_usable_on_the_next_turn():
    """Homecoming sends the mermeeples home before the round's first turn, not during
    their owners' turns: the powers are usable at once."""
    state = with_powers("active", "rising-moon", events_on=True, event_deck=("E5",))
    state = play(state, "power moon 3", *THREE_ROTATIONS, *THREE_ROTATIONS)
    assert state.event == "E5" and state.current == 0 and state.meeples[0] == AT_HOME
    assert powers_offered(state, "moon") == [f"power moon {n}" for n in range(1, 5)]
