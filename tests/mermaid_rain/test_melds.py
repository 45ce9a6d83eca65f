"""The meld phase: simultaneous hidden choices, the eight melds, ranking and bonuses."""

from __future__ import annotations

import pytest

from tests.mermaid_rain.mr_helpers import GAME, fresh, hand, meld_all, with_hands
from tideboard.engine.core import IllegalAction
from tideboard.games.mermaid_rain.content import (
    DROP,
    MARCH,
    MELD_POINTS,
    MIST,
    OCTOPUS,
    RAIN,
    SQUALL,
    TWIN,
    WALTZ,
)
from tideboard.games.mermaid_rain.melds import meld_order, meld_rank
from tideboard.games.mermaid_rain.state import CHOSEN, MELD, PICK, Draw, Pick, Show
from tideboard.games.mermaid_rain.views import view

D, G, T, M = 0, 1, 2, 3


@pytest.mark.parametrize(
    "counts, rank",
    [
        ((5, 0, 0), RAIN),
        ((4, 1, 0), SQUALL),
        ((3, 2, 0), MARCH),
        ((2, 2, 1), TWIN),
        ((1, 1, 1), WALTZ),
        ((3, 0, 0), MIST),
        ((2, 0, 0), DROP),
        ((1, 1, 0), OCTOPUS),
        ((4, 0, 0), SQUALL),
        ((2, 2, 0), TWIN),
        ((3, 1, 1), WALTZ),
        ((2, 1, 0), DROP),
        ((0, 3, 1), MIST),
        ((1, 2, 2), TWIN),
        ((0, 0, 5), RAIN),
    ],
)
def test_the_eight_melds_rank_the_best_meld_in_the_cards_ignoring_the_rest(counts, rank):
    """Mermaid Rain 5 of a kind ... Octopus 2 different; cards outside the meld do not count."""
    assert meld_rank(counts) == rank


def test_meld_ties_go_to_the_seat_nearest_the_prince_clockwise():
    """Ties are broken by clockwise closeness to the Prince (the holder first)."""
    assert meld_order((DROP, DROP, DROP, DROP), prince=2) == (2, 3, 0, 1)
    assert meld_order((DROP, WALTZ, DROP, WALTZ), prince=2) == (3, 1, 2, 0)


def _table(*hands):
    return with_hands(fresh(len(hands)), *hands)


def test_first_two_cards_are_adventure_cards_not_the_mermaid():
    state = _table(hand(7), hand(0, 7), hand(0, 0, 7))
    with pytest.raises(IllegalAction, match="Mermaid"):
        GAME.apply(state, Show(0, (D, M)))
    with pytest.raises(IllegalAction):
        GAME.apply(state, Show(0, (D,)))
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, Show(0, (G, G)))
    assert set(GAME.legal_for(state, 0)) == {Show(0, (D, D))}


def test_choices_stay_hidden_until_every_seat_has_chosen_then_reveal_together():
    state = _table(hand(4, 3), hand(0, 7), hand(0, 0, 7))
    state = GAME.apply(state, Show(0, (D, G)))
    assert GAME.to_move(state) == (1, 2)
    assert state.melds[0] == (0, 0, 0) and state.hands[0] == hand(4, 3)  # nothing shown yet
    assert view(state, 1).chosen[0] == CHOSEN and view(state, None).chosen[0] == CHOSEN
    assert view(state, 0).chosen[0] == (D, G)
    line = GAME.describe(state, Show(1, (G, G)), GAME.apply(state, Show(1, (G, G))))
    assert "dg" not in line.lower().replace("p1", "")
    state = meld_all(state, {1: (G, G), 2: (T, T)})
    assert state.melds == ((1, 1, 0), (0, 2, 0), (0, 0, 2))
    assert state.chosen == (None, None, None) and state.hands[0] == hand(3, 2)
    assert GAME.to_move(state) == (0, 1, 2)  # now one card at a time


def test_a_mermaid_card_stops_a_player_and_the_phase_ends_when_all_stop():
    state = meld_all(
        _table(hand(4, 3), hand(0, 7), hand(0, 0, 7)), {0: (D, G), 1: (G, G), 2: (T, T)}
    )
    state = meld_all(state, {0: (M,), 1: (G,), 2: (T,)})
    assert state.stopped == (True, False, False) and GAME.to_move(state) == (1, 2)
    assert GAME.legal_for(state, 0) == []
    state = meld_all(state, {1: (M,), 2: (M,)})
    assert state.phase == PICK
    assert state.ranks == (OCTOPUS, MIST, MIST)
    assert state.order == (1, 2, 0)  # Mist ties: seat 1 is nearer the Prince (seat 0) clockwise


def test_five_cards_by_one_player_end_the_meld_phase_for_everyone():
    state = meld_all(_table(hand(7), hand(0, 7), hand(0, 0, 7)), {0: (D, D), 1: (G, G), 2: (T, T)})
    for _ in range(3):
        state = meld_all(
            state,
            {0: (D,), 1: (G,), 2: (M,)}
            if state.phase == MELD and not state.stopped[2]
            else {0: (D,), 1: (G,)},
        )
    assert state.phase == PICK and state.melds[0] == (5, 0, 0)
    assert state.ranks[0] == RAIN and state.teleport[0]
    assert state.prince == 0  # the best meld takes the Prince card


def test_bonus_points_for_squall_twin_mist_and_drop():
    """7, 6, 4 and 1 points for Mermaid Squall, Twin Splash, Mermaid Mist, Mermaid Drop."""
    assert [MELD_POINTS[r] for r in (SQUALL, TWIN, MIST, DROP, OCTOPUS)] == [7, 6, 4, 1, 0]
    state = meld_all(_table(hand(7), hand(4, 3), hand(0, 0, 7)), {0: (D, D), 1: (D, D), 2: (T, T)})
    state = meld_all(state, {0: (D,), 1: (G,), 2: (M,)})
    state = meld_all(state, {0: (D,), 1: (G,)})
    state = meld_all(state, {0: (M,), 1: (M,)})
    assert state.ranks == (SQUALL, TWIN, DROP)
    assert state.points == (7, 6, 1)


def test_ocean_march_takes_a_random_pool_treasure_face_up():
    state = meld_all(
        _table(hand(4, 3), hand(0, 7), hand(0, 0, 7)), {0: (D, D), 1: (G, G), 2: (T, T)}
    )
    pool = state.pool
    state = meld_all(state, {0: (D,), 1: (M,), 2: (M,)})
    state = meld_all(state, {0: (G,)})
    state = meld_all(state, {0: (G,)})
    assert state.ranks[0] == MARCH
    assert state.owned[0] == (pool[-1],) and pool[-1] in state.face_up
    assert state.points[0] == 2 and state.pool == pool[:-1]


def test_aquamarine_waltz_takes_an_extra_face_down_tile_after_the_pick():
    state = meld_all(
        _table(hand(3, 3, 1), hand(0, 7), hand(0, 0, 7)), {0: (D, G), 1: (G, G), 2: (T, T)}
    )
    state = meld_all(state, {0: (T,), 1: (M,), 2: (M,)})
    state = meld_all(state, {0: (M,)})
    assert state.ranks[0] == WALTZ and state.order[0] == 0
    tile = state.offer[0]
    state = GAME.apply(state, Pick(0, tile))
    assert GAME.to_move(state) == (0,) and all(
        isinstance(a, Draw) for a in GAME.legal_actions(state)
    )
    top = state.piles[1][-1]
    state = GAME.apply(state, Draw(0, 1))
    assert state.held[0] == (tile, top) and state.extra[0] == top
    assert view(state, 1).held[0] == (tile, -1)  # the others do not see its symbol


def test_tiles_are_picked_in_meld_order_and_meld_cards_are_discarded():
    state = meld_all(_table(hand(7), hand(0, 7), hand(0, 0, 7)), {0: (D, D), 1: (G, G), 2: (T, T)})
    state = meld_all(state, {0: (M,), 1: (G,), 2: (M,)})
    state = meld_all(state, {1: (M,)})
    assert state.order == (1, 0, 2)
    assert len(state.discard) == 7 and state.hands[0] == hand(5)  # the Mermaid card came back
    for seat in state.order:
        assert GAME.to_move(state) == (seat,)
        state = GAME.apply(state, Pick(seat, state.offer[0]))
    assert state.phase == "ride" and state.offer == ()


def test_a_seat_cannot_choose_twice_or_out_of_the_meld_phase():
    state = GAME.apply(_table(hand(7), hand(0, 7), hand(0, 0, 7)), Show(0, (D, D)))
    with pytest.raises(IllegalAction, match="nothing to choose"):
        GAME.apply(state, Show(0, (D, D)))
    assert GAME.legal_for(state, 0) == []
    assert GAME.seat_of(state, Show(2, (T, T))) == 2


def test_the_log_names_the_ocean_march_treasure_face_up():
    state = meld_all(
        _table(hand(4, 3), hand(0, 7), hand(0, 0, 7)), {0: (D, D), 1: (G, G), 2: (T, T)}
    )
    state = meld_all(state, {0: (D,), 1: (M,), 2: (M,)})
    state = meld_all(state, {0: (G,)})
    before = state
    after = GAME.apply(state, Show(0, (G,)))
    line = GAME.describe(before, Show(0, (G,)), after)
    assert "from the pool" in line and "face-up" in line
