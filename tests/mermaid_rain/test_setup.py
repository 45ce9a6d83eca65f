"""Set-up and components: the decks, the tiles, the treasures and the map as data."""

from __future__ import annotations

import pytest

from tests.mermaid_rain.mr_helpers import GAME, cell, fresh
from tideboard.games.mermaid_rain.content import (
    BASE,
    CELLS,
    COPIES,
    DEAL,
    NEIGHBOURS,
    PLACEMENTS,
    ROCK,
    SHAPES,
    SPOTS,
    START,
    STARTS,
    TILE_DARK,
    TILE_SETS,
    TILE_SHAPE,
    TILE_SYMBOL,
    TILES,
    TREASURES_BY_PLAYERS,
    UNDERCURRENTS,
    WATER,
)
from tideboard.games.mermaid_rain.state import HIDDEN, MELD
from tideboard.games.mermaid_rain.views import view


def test_adventure_deck_is_18_of_each_of_three_kinds_and_seven_are_dealt():
    """54 adventure cards (Dolphin, Seagull, Sea Turtle x18); the Prince deals seven each."""
    assert COPIES == 18 and DEAL == 7
    for players in (3, 4, 5, 6):
        state = fresh(players)
        assert all(h[:3] != (0, 0, 0) and sum(h) == 7 for h in state.hands)
        total = [sum(h[k] for h in state.hands) + state.deck.count(k) for k in range(3)]
        assert total == [18, 18, 18]


def test_surf_tiles_come_in_four_shapes_with_dark_borders():
    """36 surf tiles, 9 of each shape, each with one symbol; some have a dark border.
    Each ruleset has its own 36 (the same symbols; ruleset 2 has more dark ones)."""
    assert TILES == 72 and len(SHAPES) == 4
    for ids in TILE_SETS.values():
        assert len(ids) == 36
        assert [[TILE_SHAPE[t] for t in ids].count(s) for s in range(4)] == [9, 9, 9, 9]
        assert {TILE_SYMBOL[t] for t in ids} == {0, 1, 2, 3}
        assert 0 < sum(TILE_DARK[t] for t in ids) < 36
    assert sorted(TILE_SYMBOL[t] for t in TILE_SETS["1"]) == sorted(
        TILE_SYMBOL[t] for t in TILE_SETS["2"]
    )
    assert sum(TILE_DARK[t] for t in TILE_SETS["1"]) == 12
    assert sum(TILE_DARK[t] for t in TILE_SETS["2"]) == 24
    for shape in range(4):  # every shape fits somewhere on the empty sea
        assert PLACEMENTS[shape]
        assert all(BASE[c] == WATER for cells in PLACEMENTS[shape] for c in cells)


def test_the_map_has_six_oyster_shell_start_spaces_around_the_edge():
    assert len(STARTS) == 6
    edge = {c for c in range(CELLS) if len(NEIGHBOURS[c]) < 6}
    assert set(STARTS) <= edge
    assert ROCK in BASE and WATER in BASE and BASE.count(START) == 6


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_treasures_by_player_count_follow_the_seed_table(players):
    """The seed's table: e.g. 4 players: 8 Abalone, 6 Coral, 6 Crystal, 4 Pearl, 4 Dragon Scale."""
    table = {3: [4, 4, 4, 3, 3], 4: [8, 6, 6, 4, 4], 5: [10, 7, 7, 6, 6], 6: [11, 9, 9, 7, 6]}
    assert list(TREASURES_BY_PLAYERS[players]) == table[players]
    state = fresh(players)
    assert [state.kinds.count(k) for k in range(5)] == table[players]
    on_board = [t for ids in state.spaces for t in ids]
    assert sorted(on_board + list(state.pool)) == list(range(len(state.kinds)))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_treasures_lie_face_up_and_face_down_on_the_spots_for_the_player_count(players):
    state = fresh(players)
    for spot, up, down in SPOTS[players]:
        ids = state.spaces[spot]
        assert len(ids) == up + down
        assert sum(t in state.face_up for t in ids) == up
        assert BASE[spot] < START  # on an island with a symbol, never a start space
    assert not set(state.pool) & state.face_up  # the pool is face down


def test_round_one_reveals_the_undercurrent_tiles_for_the_player_count():
    for players in (3, 4, 5, 6):
        state = fresh(players, seed=7)
        counts = UNDERCURRENTS[state.current_undercurrent][players]
        assert state.round == 1 and len(state.undercurrents) == len(UNDERCURRENTS) - 1
        assert [sum(TILE_SHAPE[t] == s for t in state.offer) for s in range(4)] == list(counts)
        assert len(state.offer) >= players  # everyone can pick a tile


def test_the_game_starts_in_the_meld_phase_with_everyone_choosing_at_once():
    state = fresh(5)
    assert state.phase == MELD and GAME.to_move(state) == (0, 1, 2, 3, 4)
    assert state.at == (-1,) * 5  # mermaids join the board on their first turn
    assert state.prince == 0


def test_views_hide_hands_piles_and_face_down_treasures_even_from_spectators():
    state = fresh(4)
    for seat in (None, 0, 2):
        seen = view(state, seat)
        for s, h in enumerate(seen.hands):
            assert (h == state.hands[s]) == (s == seat)
            assert sum(h) == sum(state.hands[s])
        assert set(seen.deck) == {HIDDEN} and all(set(p) == {HIDDEN} for p in seen.piles)
        hidden = [t for t in range(len(state.kinds)) if t not in state.face_up]
        assert all(seen.kinds[t] == HIDDEN for t in hidden)


def test_cells_are_named_by_row_letter_and_column():
    assert cell("a1") == 0 and cell("b1") == 11


@pytest.mark.parametrize("ruleset", ["1", "2"])
def test_each_ruleset_lays_out_its_own_treasure_spots_and_surf_tiles(ruleset):
    """The "ruleset" option: 2 (the default) lays the treasures and tiles designed for
    issue #20; 1 as first released, so games saved before still replay."""
    from tideboard.engine.core import GameConfig
    from tideboard.games.mermaid_rain.content import SPOTS_BY_RULESET
    from tideboard.games.mermaid_rain.game import GAME

    for players in (3, 6):
        config = GameConfig(players=players, seed=4, options={"ruleset": ruleset})
        state = GAME.setup(config)
        lying = {c: len(ids) for c, ids in enumerate(state.spaces) if ids}
        assert lying == {c: u + d for c, u, d in SPOTS_BY_RULESET[ruleset][players]}
        tiles = [t for pile in state.piles for t in pile] + list(state.offer)
        assert sorted(tiles) == list(TILE_SETS[ruleset])
    assert GAME.setup(GameConfig(players=4, seed=4)) == GAME.setup(
        GameConfig(players=4, seed=4, options={"ruleset": "2"})
    )


def _greedy_rounds(players: int, seeds: range):
    """(treasures taken per round, tiles laid or dropped per round, tiles that had
    no spot per round) over greedy games of the current ruleset."""
    from collections import Counter

    from tideboard.engine.core import GameConfig
    from tideboard.games.mermaid_rain import spaces
    from tideboard.games.mermaid_rain.bots import GreedyBot
    from tideboard.games.mermaid_rain.game import GAME
    from tideboard.games.mermaid_rain.state import Drop, Place, Take

    taken, tiles, stuck = Counter(), Counter(), Counter()
    for seed in seeds:
        state = GAME.setup(GameConfig(players=players, seed=seed))
        bots = [GreedyBot(seed * 31 + s) for s in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_for(state, seat)
            action = bots[seat].choose(GAME, GAME.view(state, seat), seat, legal)
            taken[state.round] += isinstance(action, Take)
            if isinstance(action, (Place, Drop)):
                tiles[state.round] += 1
                no_spot = isinstance(action, Drop) and not spaces.placements(state, action.tile)
                stuck[state.round] += no_spot
            state = GAME.apply(state, action)
    return taken, tiles, stuck


@pytest.mark.parametrize("players", [3, 6])
def test_every_round_matters_treasures_and_room_for_tiles_last_to_the_fifth(players):
    """Issue #20: with six greedy players the first release's board was bare by
    round 4 (no treasure taken in round 5) and two picked tiles in three found no
    spot in round 5. Now treasures are still taken in rounds 4 and 5 and most
    tiles find room to the end (benchmarks/mermaid_rain_rounds.py: the figures)."""
    games = range(8)
    taken, tiles, stuck = _greedy_rounds(players, games)
    assert taken[4] >= 1.5 * len(games) * players / 6
    assert taken[5] >= 0.25 * len(games)
    assert stuck[4] + stuck[5] <= 0.25 * (tiles[4] + tiles[5])
