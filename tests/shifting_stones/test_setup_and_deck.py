"""Shifting Stones components and setup: the stones, the hands, the deck."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.shifting_stones.ss_helpers import ALL_IDS, BOX, all_card_ids, brute_matches, new_game
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS, LETTERS, NAMES, make_card
from tideboard.games.shifting_stones.game import GAME

SEEDS = range(12)


# -- the stones ---------------------------------------------------------------


def test_setup_stone_pairs_are_sun_moon_fish_bird_horse_boat_seed_tree():
    # A stone's two sides: flipping is face ^ 1, so pairs are (0,1), (2,3), ...
    pairs = [(NAMES[2 * p], NAMES[2 * p + 1]) for p in range(4)]
    assert pairs == [("Sun", "Moon"), ("Fish", "Bird"), ("Horse", "Boat"), ("Seed", "Tree")]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", SEEDS)
def test_setup_nine_stones_sun_moon_1_fish_bird_2_horse_boat_3_seed_tree_3(players, seed):
    state = new_game(players, seed)
    assert len(state.grid) == 9
    assert Counter(face // 2 for face in state.grid) == BOX


def test_setup_stones_are_shuffled_and_land_on_either_side():
    grids = {new_game(2, seed).grid for seed in range(40)}
    assert len(grids) > 30  # the layout depends on the seed
    faces = Counter(face for g in grids for face in g)
    assert set(faces) == set(range(8))  # every side of every stone shows up


# -- the hands and the deck ---------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_hands_of_four_and_the_rest_is_the_deck(players):
    for seed in SEEDS:
        state = new_game(players, seed)
        assert [len(h) for h in state.hands] == [4] * players
        assert len(state.deck) == 72 - 4 * players
        assert state.discard == () and state.scored == ((),) * players
        ids = all_card_ids(state)
        assert len(ids) == len(set(ids)) == 72 and set(ids) == ALL_IDS


def test_setup_deck_is_shuffled_by_the_seed():
    decks = {new_game(2, seed).deck for seed in range(10)}
    assert len(decks) == 10


def test_setup_same_seed_same_table():
    assert new_game(3, 1234) == new_game(3, 1234)
    assert new_game(3, 1234) != new_game(3, 1235)
    # recorded once: seed 1234 always deals this table
    table = new_game(3, 1234)
    assert table.grid == (2, 5, 4, 2, 6, 4, 1, 7, 7)
    assert table.hands == ((51, 3, 69, 28), (60, 35, 66, 46), (61, 58, 24, 59))
    assert table.deck[:8] == (30, 7, 44, 56, 48, 13, 70, 34)


def test_setup_seat_1_goes_first():
    for players in (2, 3, 4, 5):
        state = new_game(players, 7)
        assert GAME.to_move(state) == (0,)
        assert not state.acted and not any(state.skipped_last) and not state.over


def test_deck_mix_28_ones_26_twos_13_threes_5_fives_is_72_cards():
    assert len(CARDS) == 72
    assert Counter(card.points for card in CARDS) == {1: 28, 2: 26, 3: 13, 5: 5}
    assert sorted(card.id for card in CARDS) == list(range(1, 73))


def test_deck_shapes_are_the_published_kinds():
    shapes = Counter((card.height, card.width) for card in CARDS)
    assert set(shapes) <= {(2, 1), (1, 2), (3, 3), (1, 3), (3, 1), (2, 2)}
    assert all(shapes[s] > 0 for s in [(2, 1), (1, 2), (3, 3), (1, 3), (3, 1), (2, 2)])
    for card in CARDS:
        assert all(len(row) == card.width for row in card.rows)
        assert set("".join(card.rows)) <= set(LETTERS + "*")
        assert "".join(card.rows).strip("*"), f"card {card.id} is all grey"


def test_deck_patterns_are_unique():
    assert len({card.rows for card in CARDS}) == 72
    # Not only the drawings: no two cards are the same requirement either.
    requirements = {frozenset(frozenset(p) for p in card.placements) for card in CARDS}
    assert len(requirements) == 72


def _layout_for(card) -> tuple[int, ...] | None:
    """A layout of the nine real stones that ``card`` matches, or None."""
    for placement in card.placements:
        need = dict(placement)
        left = dict(BOX)
        for face in need.values():
            left[face // 2] -= 1
        if min(left.values()) < 0:
            continue
        rest = [pair * 2 for pair, n in left.items() for _ in range(n)]
        faces = [need[cell] if cell in need else rest.pop() for cell in range(9)]
        return tuple(faces)
    return None


@pytest.mark.parametrize("card", CARDS, ids=lambda c: f"card{c.id}")
def test_deck_every_card_can_be_formed_by_the_nine_stones(card):
    faces = _layout_for(card)
    assert faces is not None, f"card {card.id} {card.rows} needs stones the box lacks"
    assert Counter(f // 2 for f in faces) == BOX
    assert card.matches(faces) and brute_matches(card.rows, faces)


def test_deck_points_rise_with_difficulty():
    """The deck was rated by how seldom a card matches a random table: cards
    worth more points match less often, class by class."""
    rnd = random.Random(5)
    stones = [p for p, n in BOX.items() for _ in range(n)]
    grids = []
    for _ in range(3000):
        rnd.shuffle(stones)
        grids.append(tuple(p * 2 + rnd.randrange(2) for p in stones))
    rate = {card.id: sum(card.matches(g) for g in grids) / len(grids) for card in CARDS}
    by_points = {p: [rate[c.id] for c in CARDS if c.points == p] for p in (1, 2, 3, 5)}
    means = [sum(v) / len(v) for v in by_points.values()]
    assert means == sorted(means, reverse=True) and len(set(means)) == 4
    # and the easiest 1-point card is far easier than the easiest 5-point card
    assert max(by_points[1]) > max(by_points[5])


def test_card_lookup_matches_the_data():
    for card in CARDS:
        assert CARD_BY_ID[card.id] is card
    with pytest.raises(ValueError):
        make_card(99, 1, ("SS", "S"))  # not a rectangle
