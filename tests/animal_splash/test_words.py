"""Animal Splash's log in a player's words: spots by where they are on the labelled grid,
missions by their task (their numbers are the notation's)."""

from __future__ import annotations

import re

from tests.animal_splash.as_helpers import make_state, row
from tideboard.games.animal_splash.content import MISSIONS, SPOTS
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.logline import mission_words, spot_words
from tideboard.games.animal_splash.state import MOVE, UNPLACED, Dive, End

FOUR_ANIMALS = row(
    "red fish, anchor, kelp; yellow turtle, ship, kelp; blue crab, ship, moss; "
    "green octopus, sea, kelp"
)
OTHER = row("red crab, reef, moss")


def test_every_spot_is_named_by_its_side_and_line():
    assert spot_words(SPOTS.index("na")) == "the top of column a"
    assert spot_words(SPOTS.index("e2")) == "the right of row 2"
    assert spot_words(SPOTS.index("sc")) == "the bottom of column c"
    assert spot_words(SPOTS.index("w3")) == "the left of row 3"
    assert len({spot_words(s) for s in range(12)}) == 12


def test_dive_lines_use_the_words_not_the_spot_codes():
    state = make_state([FOUR_ANIMALS, OTHER], divers=(UNPLACED, 6), phase=MOVE)
    action = Dive(SPOTS.index("e1"))
    line = GAME.describe(state, action, GAME.apply(state, action))
    assert line == "Player 1: place the diver at the right of row 1"
    assert not re.search(r"\b(n|e|s|w)[a-c1-3]\b", line)


def test_a_mission_taken_is_named_by_its_task_not_its_number():
    state = make_state([FOUR_ANIMALS, OTHER], open_missions=(1, 5, 9))
    line = GAME.describe(state, End(1), GAME.apply(state, End(1)))
    assert line.startswith(f"Player 1: take {mission_words(1)} and end the turn")
    assert mission_words(1) == f'the mission "{MISSIONS[1].text}" (3 points)'
    assert "mission 1" not in line and "new mission: " in line


def test_cards_in_the_log_name_the_background_as_the_card_shows_it():
    from tideboard.games.animal_splash.content import BACKGROUNDS, CARDS
    from tideboard.games.animal_splash.logline import card_words

    ship = next(c.id for c in CARDS if BACKGROUNDS[c.background] == "ship")
    sea = next(c.id for c in CARDS if BACKGROUNDS[c.background] == "sea")
    assert ", shipwreck, " in card_words(ship) and ", open sea, " in card_words(sea)
