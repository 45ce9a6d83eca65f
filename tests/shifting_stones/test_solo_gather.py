"""Shifting Stones solo's endgame across strike turns (issue #21, ``gather.py``):
four cards left that the grid never shows at once, gathered in groups, the strike
turns paying for the moves (a strike turn holding four cards moves four times)."""

from __future__ import annotations

import pytest

from tests.shifting_stones.ss_helpers import cards_worth, make_state
from tideboard.games.shifting_stones import gather, solo
from tideboard.games.shifting_stones.content import CARD_BY_ID, grid_code
from tideboard.games.shifting_stones.endgame import together
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.grids import showing

# seed 6's endgame (the deck through, no strike yet), which the expert lost
GRID = "SBT/FEH/OHT"
HAND = (5, 29, 32, 38)


def _state():
    points = [CARD_BY_ID[c].points for c in HAND]
    scored = sum(
        (cards_worth(p, n - points.count(p), HAND) for p, n in ((1, 8), (2, 4), (3, 3), (5, 1))), ()
    )
    return make_state(GRID, [HAND], solo=True, scored=[scored])


def test_the_four_cards_left_never_show_at_once():
    assert not together(*HAND)
    assert gather.gather_path(grid_code(_state().grid), HAND, 20) is None


def test_a_line_gathering_them_in_groups_wins_after_strikes():
    state = _state()
    found = gather.best_line(grid_code(state.grid), HAND, (), False, 0)
    assert found is not None
    steps, strikes = found
    assert 1 <= strikes <= 3
    assert steps[0][0] == "move"


def test_the_line_is_the_positions_alone_whatever_was_planned_before():
    """A seeded game repeats, so a line may not depend on lines found earlier: the
    order of groups that won elsewhere for the same cards (another grid, another
    game, another player's at the server) was tried first, and on this grid it
    wins by another line, with more strikes."""
    code = grid_code(_state().grid)
    before = gather.best_line(code, HAND, (), False, 0)
    elsewhere = grid_code(make_state("FHS/OTE/BHT", [HAND], solo=True).grid)
    assert gather.best_line(elsewhere, HAND, (), False, 0) is not None
    assert gather.best_line(code, HAND, (), False, 0) == before


def test_the_expert_plays_the_line_to_a_win():
    """The expert's plan (``solo.ranked``, no deadline) follows the line to the end,
    where before it scored the easy cards and lost to strikes."""
    state = _state()
    while not GAME.is_over(state):
        legal = GAME.legal_for(state, 0)
        action = solo.ranked(GAME.view(state, 0), 0, legal)[0][0]
        state = GAME.apply(state, action)
    assert GAME.winners(state) == (0,)
    assert state.strikes >= 1


@pytest.mark.parametrize("cards", [(5, 29), (32,), HAND])
def test_a_path_found_shows_the_cards(cards):
    code = grid_code(_state().grid)
    path = gather.gather_path(code, cards, 12)
    if path is None:
        return
    for move in path:
        code = gather.moved(code, move)
    masks = [CARD_BY_ID[c].masks for c in cards]
    assert showing(masks, code) == (1 << len(cards)) - 1
