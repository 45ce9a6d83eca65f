"""Notation round trips and what the view hides (issue 10: "Information")."""

from __future__ import annotations

import pytest

from tests.animal_splash.as_helpers import new_game, play
from tideboard.engine.core import NotationError
from tideboard.engine.rng import Rng
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.state import (
    END,
    HIDDEN,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    Swap,
    Take,
)


@pytest.mark.parametrize(
    "text, action",
    [
        ("dive nb", Dive(1)),
        ("dive w1", Dive(11)),
        ("take b2 left", Take(4, False)),
        ("take c3 right", Take(8, True)),
        ("slide 3 1", Slide(2, 0)),
        ("pearl 2a 3a", MovePearl(1, 0, 2, 0)),
        ("pearl 1a 1p", MovePearl(0, 0, 0, 1)),
        ("swap 3 b2", Swap(2, 4)),
        ("score 2p", Score(1, 1)),
        ("end", END),
        ("mission 5", End(5)),
    ],
)
def test_notation_round_trip(text, action):
    assert GAME.parse_action(None, text) == action
    assert GAME.format_action(action) == text


@pytest.mark.parametrize(
    "text, alias",
    [("take b2 l", "take b2 left"), ("TAKE B2 R", "take b2 right"), ("  dive  nb ", "dive nb")],
)
def test_notation_accepts_short_sides_and_any_case(text, alias):
    assert GAME.parse_action(None, text) == GAME.parse_action(None, alias)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty move"),
        ("jump", "unknown move"),
        ("dive", "takes 1 argument"),
        ("dive n9", "not a diver spot"),
        ("take d1 left", "not a cell"),
        ("take a1 up", "not a side"),
        ("slide 0 1", "card number"),
        ("score 2x", "card area"),
        ("score a", "card area"),
        ("mission 21", "mission number"),
        ("end 1", "takes 0"),
        ("slide ² 1", "card number"),
    ],
)
def test_bad_notation_says_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(None, text)


def test_view_hides_the_piles_and_the_generator_from_every_seat_and_spectators():
    state = play(new_game(3, seed=9), "dive nb")
    for seat in (0, 1, 2, None):
        seen = GAME.view(state, seat)
        assert set(seen.deck) == {HIDDEN} and len(seen.deck) == len(state.deck)
        assert set(seen.mission_deck) == {HIDDEN}
        assert set(seen.ending_pile) == {HIDDEN} and set(seen.start_pile) == {HIDDEN}
        assert seen.rng == Rng(0)
        # everything else is open: the same for every seat
        assert seen.grid == state.grid and seen.tableaus == state.tableaus
        assert seen.pearls == state.pearls and seen.open_missions == state.open_missions
        assert seen.ending == state.ending and seen.oxygen == state.oxygen


def test_undo_allowed_within_the_turn_but_not_past_the_refill():
    state = new_game(2, seed=3)
    dived = play(state, "dive nb")
    assert GAME.undoable(state, Dive(1), dived)
    took = GAME.apply(dived, GAME.legal_actions(dived)[0])
    assert GAME.undoable(dived, GAME.legal_actions(dived)[0], took)
    ended = play(took, "end")
    assert not GAME.undoable(took, END, ended)


def test_json_and_text_describe_the_open_table():
    state = new_game(2, seed=1)
    data = GAME.to_json(GAME.view(state, None))
    assert data["draw_pile"] == 63 and len(data["missions"]) == 3
    assert len(data["players"]) == 2 and data["players"][0]["oxygen"] >= 1
    assert "End scoring:" in GAME.render_text(state)
