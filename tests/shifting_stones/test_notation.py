"""Shifting Stones notation: round trips, helpful errors, and garbage text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.shifting_stones.ss_helpers import make_state, new_game
from tideboard.engine.core import IllegalAction, NotationError
from tideboard.games.shifting_stones import notation, rules
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import END_TURN, SKIP, Flip, Score, Shift


def _states():
    """A few positions from real play, solo included, plus a hand-built one."""
    out = [make_state("BOH/BOE/EES", [(11, 14, 20, 30), (40, 41, 42, 43)], deck=(50, 51))]
    for players, seed in [(1, 3), (2, 4), (3, 5), (5, 6)]:
        state = new_game(players, seed, solo=players == 1)
        rnd = random.Random(seed)
        for _ in range(25):
            out.append(state)
            if state.over:
                break
            state = rules.apply(state, rnd.choice(rules.legal_actions(state)))
    return out


STATES = _states()


def test_notation_round_trips_every_legal_action():
    checked = 0
    for state in STATES:
        for action in rules.legal_actions(state):
            text = notation.format_action(action)
            assert notation.parse_action(text) == action
            assert notation.format_action(notation.parse_action(text)) == text
            assert GAME.parse_action(state, text) == action
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    "text, action",
    [
        ("shift 12 a1 b1", Shift(12, 0, 1)),
        ("shift 12 b1 a1", Shift(12, 0, 1)),
        ("swap 12 a1 a2", Shift(12, 0, 3)),
        ("SHIFT #12 C2 C3", Shift(12, 5, 8)),
        ("  flip   7   b2  ", Flip(7, 4)),
        ("flip #7 c3", Flip(7, 8)),
        ("score 72", Score(72)),
        ("Score #1", Score(1)),
        ("end", END_TURN),
        ("END", END_TURN),
        ("skip", SKIP),
    ],
)
def test_notation_reads_the_documented_forms(text, action):
    assert notation.parse_action(text) == action


def test_notation_row_1_is_the_top_row():
    state = make_state("SFB/HOH/ETE", [(20, 30, 40, 41), (42, 43, 44, 45)])
    after = GAME.apply(state, GAME.parse_action(state, "flip 20 a1"))
    assert after.grid[0] != state.grid[0] and after.grid[1:] == state.grid[1:]
    after = GAME.apply(state, GAME.parse_action(state, "flip 20 c3"))
    assert after.grid[8] != state.grid[8] and after.grid[:8] == state.grid[:8]


@pytest.mark.parametrize(
    "text, words",
    [
        ("", ["empty move", "shift CARD CELL CELL"]),
        ("   ", ["empty move"]),
        ("move 12 a1", ["unknown move 'move'", "flip CARD CELL", "score CARD"]),
        ("shift 12 a1", ["'shift' takes 3 argument(s), got 2"]),
        ("flip 12", ["'flip' takes 2 argument(s), got 1"]),
        ("score", ["'score' takes 1 argument(s), got 0"]),
        ("end now", ["'end' takes 0 argument(s), got 1"]),
        ("score twelve", ["'twelve' is not a card number", "1-72"]),
        ("flip 12 d4", ["'d4' is not a cell", "a1-c3", "row 1-3 from the top"]),
        ("shift 12 a0 a1", ["'a0' is not a cell"]),
        ("score ²", ["'²' is not a card number"]),
        pytest.param("score " + "9" * 5000, ["is not a card number"], id="5000-digit-card"),
        ("flip -3 a1", ["'-3' is not a card number"]),
    ],
)
def test_notation_errors_say_what_is_wrong(text, words):
    with pytest.raises(NotationError) as error:
        notation.parse_action(text)
    for word in words:
        assert word in str(error.value)


def _apply_or_illegal(state, action):
    """A parsed move either applies, and is then one of the listed legal moves and
    changes the game, or is refused with a reason, and is then not listed."""
    legal = set(GAME.legal_actions(state))
    try:
        after = rules.apply(state, action)
    except IllegalAction as error:
        assert str(error)  # a message for the player
        assert action not in legal, f"{action!r} is listed but refused: {error}"
    else:
        assert action in legal, f"{action!r} applies but legal_actions never lists it"
        assert after != state


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_garbage_text_is_a_notation_error_or_an_action(text):
    for state in STATES[:3]:
        try:
            action = GAME.parse_action(state, text)
        except NotationError as error:
            assert str(error)
            continue
        _apply_or_illegal(state, action)


WORD = st.one_of(
    st.sampled_from(["shift", "swap", "flip", "score", "end", "skip", "SHIFT", "Flip"]),
    st.sampled_from(["a1", "b2", "c3", "C1", "a4", "d1", "aa", "1a", "b"]),
    st.integers(-5, 200).map(str),
    st.integers(0, 80).map(lambda n: f"#{n}"),
    st.text(alphabet="#0123456789²³١٢abcxyz", min_size=1, max_size=6),
)


@settings(max_examples=300, deadline=None)
@given(words=st.lists(WORD, min_size=0, max_size=5), pick=st.integers(0, len(STATES) - 1))
def test_every_parsable_move_applies_or_is_illegal(words, pick):
    state = STATES[pick]
    text = " ".join(words)
    try:
        action = GAME.parse_action(state, text)
    except NotationError:
        return
    _apply_or_illegal(state, action)


def test_notation_a_shift_named_in_reverse_is_the_listed_move():
    """'shift C b1 a1' once made an action legal_actions never lists (issue 7)."""
    reverse = notation.parse_action("shift 12 b1 a1")
    assert (reverse.a, reverse.b) == (0, 1)
    assert notation.format_action(reverse) == "shift 12 a1 b1"
    assert Shift(12, 1, 0) == Shift(12, 0, 1)


@pytest.mark.parametrize(
    "text",
    [
        "score ²",
        "flip ² a1",
        "score " + "9" * 5000,
        "shift #" + "1" * 5000 + " a1 b1",
        "score ٣",
        "score 73",
        "score 0",
        "score #",
    ],
)
def test_notation_numbers_are_strict(text):
    with pytest.raises(NotationError):
        notation.parse_action(text)
