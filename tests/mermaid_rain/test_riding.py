"""Surf riding: the start, laying tiles, moving, treasures, the end of a round."""

from __future__ import annotations

import pytest

from tests.mermaid_rain.mr_helpers import GAME, cell, riding
from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain import spaces
from tideboard.games.mermaid_rain.content import STARTS, TILE_DARK, TILE_SHAPE, TILE_SYMBOL
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HOME,
    MELD,
    RIDE,
    Drop,
    End,
    Enter,
    Home,
    Keep,
    Move,
    Place,
    Take,
    Teleport,
)
from tideboard.games.mermaid_rain.views import view

D, G, T = 0, 1, 2


def tile_of(shape: int, symbol: int, dark: bool = False) -> int:
    return next(
        t
        for t in range(36)
        if TILE_SHAPE[t] == shape and TILE_SYMBOL[t] == symbol and TILE_DARK[t] == dark
    )


def test_first_turn_places_the_mermaid_on_a_free_start_space_for_free():
    state = riding(at=None)
    others = list(state.at)
    others[1] = STARTS[0]
    state = evolve(state, at=tuple(others))
    legal = GAME.legal_actions(state)
    assert {a.cell for a in legal} == set(STARTS[1:]) and all(isinstance(a, Enter) for a in legal)
    with pytest.raises(IllegalAction, match="free oyster-shell"):
        GAME.apply(state, Enter(0, STARTS[0]))
    after = GAME.apply(state, Enter(0, STARTS[1]))
    assert after.at[0] == STARTS[1] and after.hands == state.hands  # no card paid


def test_a_tile_is_laid_only_on_empty_sea_inside_the_board_or_discarded():
    tile = tile_of(0, D)
    state = riding(at="d1", held=((tile,), (), (), ()))
    legal = GAME.legal_actions(state)
    assert Drop(0, tile) in legal and not any(isinstance(a, Move) for a in legal)
    with pytest.raises(IllegalAction, match="empty sea"):
        GAME.apply(state, Place(0, tile, (cell("d1"), cell("d2"))))  # an island
    with pytest.raises(IllegalAction, match="empty sea"):
        GAME.apply(state, Place(0, tile, (cell("c3"), cell("c4"))))  # c4 is a rock
    placed = GAME.apply(state, Place(0, tile, (cell("c1"), cell("c2"))))
    assert placed.cover[cell("c1")] == tile and placed.held[0] == ()
    again = evolve(placed, held=((tile_of(0, G),), (), (), ()))
    with pytest.raises(IllegalAction, match="empty sea"):  # not on another tile
        GAME.apply(again, Place(0, tile_of(0, G), (cell("c2"), cell("c3"))))
    dropped = GAME.apply(state, Drop(0, tile))
    assert tile in dropped.tile_discards[0] and dropped.held[0] == ()


def test_moving_costs_a_card_matching_the_symbol():
    state = riding(at="d1", cards=(1, 0, 1))  # d1 Dolphin; d2 Turtle, e1 start, c1/c2 sea
    assert Move(0, cell("d2"), (T,)) in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="matching"):
        GAME.apply(state, Move(0, cell("d2"), (D,)))
    after = GAME.apply(state, Move(0, cell("d2"), (T,)))
    assert after.at[0] == cell("d2") and after.hands[0] == (1, 0, 0, 0)
    assert after.discard[-1] == T


def test_any_single_card_moves_onto_a_mermaid_symbol_or_a_start_space():
    state = riding(at="d1", cards=(0, 1, 0))
    assert Move(0, cell("e1"), (G,)) in GAME.legal_actions(state)  # e1: start space
    state = riding(at="e4", cards=(0, 1, 0))
    assert Move(0, cell("e5"), (G,)) in GAME.legal_actions(state)  # e5: mermaid symbol


def test_any_pair_of_cards_is_a_wild():
    state = riding(at="d1", cards=(1, 1, 0))
    assert Move(0, cell("d2"), (D, G)) in GAME.legal_actions(state)
    after = GAME.apply(state, Move(0, cell("d2"), (D, G)))
    assert after.hands[0] == (0, 0, 0, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(riding(at="d1", cards=(1, 0, 0)), Move(0, cell("d2"), (D, D)))


def test_no_moving_onto_empty_sea_or_rocks_but_onto_a_laid_tile():
    tile = tile_of(0, G)
    state = riding(at="d2", cards=(3, 3, 3))
    targets = {a.to for a in GAME.legal_actions(state) if isinstance(a, Move)}
    assert cell("c2") not in targets and cell("d3") not in targets
    state = evolve(
        state,
        cover=tuple(tile if c in (cell("d3"), cell("d4")) else -1 for c in range(99)),
        covered=spaces.mask((cell("d3"), cell("d4"))),
        tile_cells=tuple((cell("d3"), cell("d4")) if t == tile else () for t in range(36)),
    )
    assert Move(0, cell("d3"), (G,)) in GAME.legal_actions(state)
    after = GAME.apply(state, Move(0, cell("d3"), (G,)))
    # the whole tile is one space: from it the island beside d4 is one step away
    assert cell("d5") in spaces.neighbour_spaces(after, after.at[0])
    assert GAME.parse_action(after, "p1 move d4 g") == Move(0, cell("d3"), (G,))


def test_mermaids_pass_through_and_stop_on_occupied_spaces():
    state = riding(at="d1", cards=(0, 0, 2))
    state = evolve(state, at=(cell("d1"), cell("d2"), -1, -1))
    after = GAME.apply(state, Move(0, cell("d2"), (T,)))
    assert after.at[0] == after.at[1] == cell("d2")


def test_moving_back_to_a_visited_space_is_allowed():
    state = riding(at="d1", cards=(1, 0, 1))
    state = GAME.apply(state, Move(0, cell("d2"), (T,)))
    assert Move(0, cell("d1"), (D,)) in GAME.legal_actions(state)


def test_collecting_a_treasure_looks_at_face_down_ones_first_and_scores_two():
    # e5 holds one face-up and one face-down treasure at 3-6 players
    state = riding(at="e4", cards=(0, 1, 0))
    down = [t for t in state.spaces[cell("e5")] if t not in state.face_up]
    assert down and not set(down) & state.known[0]
    state = GAME.apply(state, Move(0, cell("e5"), (G,)))
    assert set(down) <= state.known[0]  # the rider looked
    assert view(state, 0).kinds[down[0]] != -1
    assert view(state, 1).kinds[down[0]] == -1  # nobody else did
    takes = [a for a in GAME.legal_actions(state) if isinstance(a, Take)]
    assert len(takes) == 2
    index = state.spaces[cell("e5")].index(down[0])
    after = GAME.apply(state, Take(0, index))
    assert after.owned[0] == (down[0],) and after.points[0] == 2
    assert down[0] not in after.face_up  # a face-down treasure stays face down
    line = GAME.describe(state, Take(0, index), after)
    assert "face-down" in line


def test_at_most_one_treasure_from_the_same_space_in_a_turn():
    state = GAME.apply(riding(at="e4", cards=(0, 2, 0)), Move(0, cell("e5"), (G,)))
    state = GAME.apply(state, Take(0, 0))
    assert not any(isinstance(a, Take) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(state, Take(0, 0))


def test_a_treasure_where_the_turn_began_needs_leaving_and_coming_back():
    state = riding(at="e5", cards=(0, 0, 2))
    with pytest.raises(IllegalAction, match="move off and back"):
        GAME.apply(state, Take(0, 0))
    state = GAME.apply(state, Move(0, cell("e4"), (T,)))
    state = GAME.apply(state, Move(0, cell("e5"), (T,)))
    assert Take(0, 0) in GAME.legal_actions(state)


def test_mermaid_rain_teleports_anywhere_at_the_start_of_the_move_and_may_collect():
    state = riding(at="d1", cards=(1, 0, 0), teleport=(True, False, False, False))
    target = cell("h10")
    assert Teleport(0, target) in GAME.legal_actions(state)
    after = GAME.apply(state, Teleport(0, target))
    assert after.at[0] == target and Take(0, 0) in GAME.legal_actions(after)
    assert not any(isinstance(a, Teleport) for a in GAME.legal_actions(after))
    assert not GAME.apply(state, End(0)).teleport[0]  # unused, it is lost


def test_end_of_round_removes_dark_tiles_and_stranded_mermaids_go_home_in_turn_order():
    dark = tile_of(0, D, dark=True)
    cells = (cell("c1"), cell("c2"))
    state = riding(players=3, seat=2, at="c1", cards=(3, 0, 0), order=(1, 0, 2))
    cover = tuple(dark if c in cells else -1 for c in range(99))
    state = evolve(
        state,
        cover=cover,
        covered=spaces.mask(cells),
        tile_cells=tuple(cells if t == dark else () for t in range(36)),
        at=(cell("c1"), cell("c1"), cell("c1")),
        turn=2,
        round=1,
    )
    state = GAME.apply(state, End(2))
    assert state.phase == HOME and state.stranded == (1, 0, 2)
    assert state.cover[cells[0]] == -1 and dark in state.tile_discards[0]
    assert GAME.to_move(state) == (1,)
    state = GAME.apply(state, Home(1, STARTS[0]))
    with pytest.raises(IllegalAction, match="free"):
        GAME.apply(state, Home(0, STARTS[0]))  # one mermaid per start space
    state = GAME.apply(state, Home(0, STARTS[1]))
    state = GAME.apply(state, Home(2, STARTS[2]))
    assert state.phase in (DISCARD, MELD)


def test_at_the_end_of_a_round_hands_are_cut_to_two_cards_at_once():
    state = riding(players=3, seat=0, at="d1", cards=(3, 1, 0), order=(0, 1, 2))
    hands = ((3, 1, 0, 0), (1, 1, 0, 0), (0, 0, 5, 0))
    state = evolve(
        state, hands=hands, turn=2, order=(1, 2, 0), at=(cell("d1"), STARTS[0], STARTS[1])
    )
    state = GAME.apply(state, End(0))
    assert state.phase == DISCARD and GAME.to_move(state) == (0, 2)
    assert {a.cards for a in GAME.legal_for(state, 0)} == {(0, 0), (0, 1)}
    state = GAME.apply(state, Keep(2, (2, 2)))
    assert state.hands[2] == (0, 0, 2, 0) and GAME.to_move(state) == (0,)
    state = GAME.apply(state, Keep(0, (0, 1)))
    assert state.phase == MELD and state.round == 2
    assert [sum(h) for h in state.hands] == [9, 9, 9]  # two kept + seven dealt


def test_the_game_ends_after_the_fifth_round():
    state = riding(players=3, seat=0, at="d1", order=(1, 2, 0))
    state = evolve(state, turn=2, round=5, at=(cell("d1"), STARTS[0], STARTS[1]))
    state = GAME.apply(state, End(0))
    assert GAME.is_over(state) and GAME.to_move(state) == ()


def test_actions_out_of_turn_are_refused():
    state = riding(at="d1")
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        GAME.apply(state, End(1))
    assert state.phase == RIDE


def test_a_mermaid_may_pass_through_and_end_on_an_occupied_start_space():
    """Movement: "it is legal to pass through or end movement on an occupied space",
    start spaces included; one mermaid per start space is a rule for placing one
    (the first turn, going home), not for moving or teleporting (issue #20)."""
    state = riding(at="d1", cards=(2, 2, 2), teleport=(True, False, False, False))
    state = evolve(state, at=(cell("d1"), cell("e1"), -1, -1))
    legal = GAME.legal_actions(state)
    assert Move(0, cell("e1"), (D,)) in legal and Teleport(0, cell("e1")) in legal
    on_start = GAME.apply(state, Move(0, cell("e1"), (D,)))
    assert on_start.at[:2] == (cell("e1"), cell("e1"))
    # ... and on through it to f1, the island beyond
    assert Move(0, cell("f1"), (G,)) in GAME.legal_actions(on_start)
    through = GAME.apply(on_start, Move(0, cell("f1"), (G,)))
    assert through.at[0] == cell("f1")
    teleported = GAME.apply(state, Teleport(0, cell("e1")))
    assert teleported.at[:2] == (cell("e1"), cell("e1"))


def test_placing_a_mermaid_still_needs_a_free_start_space():
    """Setup / End of Round: the first placement and the return home go to a start
    space no other mermaid stands on."""
    state = riding(at=None)
    state = evolve(state, at=(-1, cell("e1"), -1, -1))
    assert Enter(0, cell("e1")) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="free oyster-shell"):
        GAME.apply(state, Enter(0, cell("e1")))
