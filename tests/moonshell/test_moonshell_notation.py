"""Moonshell notation: every action round-trips, bad text says what is expected."""

from __future__ import annotations

import pytest

from tideboard.engine.core import GameConfig, NotationError
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.rules import COLLECTS, PULLS
from tideboard.games.moonshell.state import PASS, ROTATE, Collect, Keep, Power, Pull

ALL_ACTIONS = (
    [ROTATE, PASS]
    + [a for row in PULLS for a in row]
    + [a for row in COLLECTS for a in row]
    + [Keep(f"S{i}") for i in range(1, 13)]
)
STATE = GAME.setup(GameConfig(players=2, seed=1))


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=GAME.format_action)
def test_every_action_round_trips_through_notation(action):
    text = GAME.format_action(action)
    assert GAME.parse_action(STATE, text) == action
    assert GAME.format_action(GAME.parse_action(STATE, text)) == text


@pytest.mark.parametrize(
    "text, action",
    [
        ("ROTATE", ROTATE),
        ("  pull 2 ", Pull(1)),
        ("pull 3 l", Pull(2, 0)),
        ("pull 3R", Pull(2, 1)),
        ("pull 3 right", Pull(2, 1)),
        ("collect l 4", Collect(0, 3)),
        ("collect right2", Collect(1, 1)),
        ("take r 1", Collect(1, 0)),
        ("collect moon 3", Collect(2, 2)),
        ("moon 1", Collect(2, 0)),
        ("keep s7", Keep("S7")),
        ("keep 12", Keep("S12")),
    ],
)
def test_notation_accepts_short_and_mixed_case_forms(text, action):
    assert GAME.parse_action(STATE, text) == action


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty move"),
        ("dance", "unknown move"),
        ("pull", "column 1-5"),
        ("pull 6", "columns are 1-5"),
        ("pull 0", "columns are 1-5"),
        ("pull 3 middle", "say left or right"),
        ("collect left 5", "chest columns are 1-4"),
        ("collect up 1", "say left, right or moon"),
        ("collect left", "rock"),
        ("moonshell", "chest column"),
        ("keep S13", "S1-S12"),
        ("keep", "keep takes one card"),
        ("rotate now", "takes nothing"),
        ("pass 2", "takes nothing"),
    ],
)
def test_bad_notation_says_what_is_expected(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(STATE, text)


def test_legal_notation_lists_the_keep_choices_then_turn_moves():
    assert GAME.legal_notation(STATE) == [f"keep {c}" for c in STATE.offers[0]]


# -- the dark Swap's two tiles (issue #20): either order, one canonical notation -----------
def swap_state():
    from tests.moonshell.test_moonshell_powers import with_powers

    return with_powers("active", "swap", chests={0: ".. .. .. .. / wA .. .. .. / wC pC .. .."})


def test_rule_active_swap_takes_its_two_tiles_in_either_order():
    from tests.moonshell.ms_helpers import play

    state = swap_state()
    forward = play(state, "power swap 1 1 2 1")
    backward = play(state, "power swap 2 1 1 1")
    assert backward == forward
    assert GAME.apply(state, Power("swap", 1, 0)) == forward  # (a screen or bot's action)


def test_notation_active_swap_has_one_canonical_order():
    state = swap_state()
    assert GAME.parse_action(state, "power swap 2 1 1 1") == Power("swap", 0, 1)
    assert GAME.parse_action(state, "power swap 1 2 1 1") == Power("swap", 0, 4)
    assert GAME.format_action(Power("swap", 1, 0)) == "power swap 1 1 2 1"
    assert GAME.format_action(Power("swap", 4, 0)) == "power swap 1 1 1 2"


def test_rule_active_swap_legal_actions_list_each_pair_once():
    swaps = [a for a in GAME.legal_actions(swap_state()) if isinstance(a, Power)]
    pairs = [frozenset((a.a, a.b)) for a in swaps]
    assert len(pairs) == len(set(pairs)) == 2  # wC-pC (clamshells), wC-wA (white)
    texts = sorted(GAME.format_action(a) for a in swaps)
    assert texts == ["power swap 1 1 1 2", "power swap 1 1 2 1"]
    assert all(GAME.parse_action(swap_state(), GAME.format_action(a)) == a for a in swaps)
