"""Components as data and the setup (rulebook: "Game Components", "Setup", "Anatomy of
game cards", and the rounds table)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.animal_splash.as_helpers import new_game
from tideboard.engine.core import ConfigError, GameConfig
from tideboard.games.animal_splash.content import (
    ANIMALS,
    BACKGROUNDS,
    CARDS,
    COLOURS,
    CRAB,
    ENDINGS,
    GROUPS,
    LINES,
    MAIN,
    MISSIONS,
    PLANTS,
    ROUNDS,
    SPOTS,
    STARTS,
    names_of,
)
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.state import MOVE, UNPLACED


def single(mask: int, table) -> str:
    names = names_of(mask, table)
    assert len(names) == 1
    return names[0]


def test_components_72_main_cards_five_animals_in_four_colours():
    assert len(MAIN) == 72
    animals = Counter(single(c.kinds, ANIMALS) for c in MAIN)
    assert set(animals) == set(ANIMALS) and len(ANIMALS) == 5
    colours = Counter(single(c.colours, COLOURS) for c in MAIN)
    assert set(colours) == set(COLOURS) and len(COLOURS) == 4
    # every animal comes in every colour
    assert {(single(c.kinds, ANIMALS), single(c.colours, COLOURS)) for c in MAIN} == {
        (a, c) for a in ANIMALS for c in COLOURS
    }
    # the designed mix: each colour 18 animals, each non-crab animal 15, crabs 12
    assert set(colours.values()) == {18}
    assert animals["crab"] == 12 and {animals[a] for a in ANIMALS[1:]} == {15}


def test_components_four_backgrounds_and_four_plants_single_double_or_choice():
    assert Counter(BACKGROUNDS[c.background] for c in MAIN) == {b: 18 for b in BACKGROUNDS}
    doubles = [c for c in MAIN if c.double]
    choices = [c for c in MAIN if bin(c.plants).count("1") == 2]
    singles = [c for c in MAIN if not c.double and bin(c.plants).count("1") == 1]
    assert (len(singles), len(doubles), len(choices)) == (48, 12, 12)
    assert all(bin(c.plants).count("1") == 1 for c in doubles)  # a double is of one kind
    first_plant = Counter(PLANTS[(c.plants & -c.plants).bit_length() - 1] for c in MAIN)
    assert set(first_plant) == set(PLANTS)


def test_components_only_crabs_carry_an_oxygen_token():
    for c in MAIN:
        assert c.oxygen == (1 if c.kinds == 1 << CRAB else 0), c


def test_start_cards_special_cases_two_animals_three_oxygen_any_colour():
    """Anatomy of game cards: 1. both animals, 2. three oxygen, 3. any colour."""
    numbers = sorted(c.number for c in STARTS)
    assert numbers == list(range(1, len(STARTS) + 1)) and len(STARTS) >= 5
    assert any(bin(c.kinds).count("1") == 2 for c in STARTS)
    assert any(c.oxygen == 3 for c in STARTS)
    assert any(c.colours == 0b1111 for c in STARTS)
    assert all(c.oxygen >= 1 for c in STARTS)  # every start card shows its oxygen
    assert not any(c.number for c in MAIN)  # only start cards carry a number


def test_single_missions_come_in_colour_groups_and_end_cards_have_two_places():
    groups = Counter(m.group for m in MISSIONS.values())
    assert set(groups) == set(range(len(GROUPS))) and min(groups.values()) >= 2
    assert all(m.points > 0 and m.n > 0 for m in MISSIONS.values())
    assert len(ENDINGS) >= 4
    for e in ENDINGS.values():
        assert e.best > e.second > 0
        # halves stay whole: two tied for first share best + second, two tied for
        # second share second
        assert (e.best + e.second) % 2 == 0 and e.second % 2 == 0


def test_diver_spots_twelve_around_the_grid_each_facing_a_row_or_column():
    assert len(SPOTS) == 12 and len(LINES) == 12
    lines = {tuple(sorted(line)) for line in LINES}
    rows = {(r * 3, r * 3 + 1, r * 3 + 2) for r in range(3)}
    cols = {(c, c + 3, c + 6) for c in range(3)}
    assert lines == rows | cols
    # each row and column is faced from both sides
    assert Counter(tuple(sorted(line)) for line in LINES) == {line: 2 for line in rows | cols}
    assert LINES[SPOTS.index("nb")] == (1, 4, 7) and LINES[SPOTS.index("e1")] == (0, 1, 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_grid_missions_end_card_start_cards_and_oxygen(players):
    state = new_game(players, seed=players * 7)
    assert len(state.grid) == 9 and len(set(state.grid)) == 9
    assert all(CARDS[cid] not in STARTS for cid in state.grid)
    assert len(state.deck) == 72 - 9
    assert len(state.open_missions) == 3 and len(state.mission_deck) == 18 - 3
    assert state.ending in ENDINGS and len(state.ending_pile) == len(ENDINGS) - 1
    for seat in range(players):
        tableau = state.tableaus[seat]
        assert len(tableau) == 1 and CARDS[tableau[0]] in STARTS
        assert state.oxygen[seat] == CARDS[tableau[0]].oxygen
    assert len({t[0] for t in state.tableaus}) == players
    assert state.divers == (UNPLACED,) * players and state.phase == MOVE
    assert len(state.start_pile) == len(STARTS) - players


def test_setup_start_player_has_the_lowest_start_card():
    for seed in range(30):
        state = new_game(3, seed)
        numbers = [CARDS[t[0]].number for t in state.tableaus]
        assert state.current == state.first == numbers.index(min(numbers))


def test_the_lowest_start_card_begins_even_when_it_is_a_special_one():
    """Setup: "the player who has the lowest start card becomes the start player",
    whatever the card shows. Over 2,000 two-player seeds the lowest number always
    begins, and in some deals (seed 5: cards 6 and 8) that is a special card, so the
    rules page must not say the first player always holds a plain one (issue #20)."""
    from tideboard.files.rules_pages import rules_markdown

    plain = {1, 2, 3, 4, 5}  # 6: two animals, 7: any colour, 8: three oxygen
    special_first = 0
    for seed in range(2000):
        state = new_game(2, seed)
        numbers = [CARDS[t[0]].number for t in state.tableaus]
        assert state.first == numbers.index(min(numbers))
        special_first += numbers[state.first] not in plain
    assert special_first > 100
    assert sorted(CARDS[t[0]].number for t in new_game(2, 5).tableaus) == [6, 8]
    page = rules_markdown("animal-splash")
    assert "goes first has a plain" not in page
    assert "even a special one" in page


def test_rounds_by_player_count():
    assert ROUNDS == {2: 8, 3: 7, 4: 6, 5: 5}


def test_setup_depends_on_the_seed_only():
    assert new_game(3, 5) == new_game(3, 5)
    assert new_game(3, 5).grid != new_game(3, 6).grid
    assert new_game(3, 5).grid == (52, 24, 62, 70, 21, 13, 60, 41, 26)  # recorded once


def test_two_to_five_players():
    for players in (1, 6):
        with pytest.raises(ConfigError):
            GAME.info.check_config(GameConfig(players=players))
