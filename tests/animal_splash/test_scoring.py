"""Scoring (rulebook "Scoring"): immediate card scoring with pearls, missions at the end
of the turn, and the end of the game (the end-scoring card, pearls, missions, ties)."""

from __future__ import annotations

import pytest

from tests.animal_splash.as_helpers import C, make_state, play, row
from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.animal_splash.content import ANIMAL, PLANT
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.scoring import ending_shares, ending_values, winners
from tideboard.games.animal_splash.state import MOVE, Score
from tideboard.games.animal_splash.tableau import group_at, scorable

OTHER = row("red crab, reef, moss")  # the second player's tableau where it does not matter


def spots(tableau, pearls=frozenset()):
    return set(scorable(tableau, frozenset(pearls)))


def test_three_animals_of_the_same_kind_next_to_each_other_score():
    fish = row("red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce")
    assert spots(fish) == {(0, ANIMAL), (1, ANIMAL), (2, ANIMAL)}
    assert group_at(fish, frozenset(), 1, ANIMAL) == ("fish", (0, 1, 2))


def test_three_animals_of_the_same_colour_next_to_each_other_score():
    red = row("red fish, anchor, kelp; red turtle, sea, grass or lettuce; red crab, reef, moss")
    assert spots(red) == {(0, ANIMAL), (1, ANIMAL), (2, ANIMAL)}
    assert group_at(red, frozenset(), 0, ANIMAL)[0] == "red"


def test_three_of_the_same_plant_next_to_each_other_score():
    kelp = row("red fish, anchor, kelp; blue crab, sea, kelp; yellow turtle, ship, kelp")
    assert spots(kelp) == {(0, PLANT), (1, PLANT), (2, PLANT)}


def test_groups_must_be_neighbours():
    split = row(
        "red fish, anchor, kelp; yellow fish, anchor, grass; blue turtle, reef, moss; "
        "blue fish, reef, lettuce"
    )
    assert spots(split) == set()


def test_backgrounds_are_not_scored_immediately():
    ships = row(
        "red crab, ship, double kelp; yellow fish, ship, kelp; blue turtle, ship, double grass"
    )
    assert (0, ANIMAL) not in spots(ships) and (2, PLANT) not in spots(ships)


def test_rulebook_example_three_green_animals_a_pearl_on_one_of_them():
    """'You score this combination by putting a pearl on the area of ONE of the three
    cards ... on one of the green animals in the upper part of the card.'"""
    green = row("green fish, sea, kelp; green turtle, ship, moss; green octopus, anchor, moss")
    state = make_state([green, OTHER])
    after = play(state, "score 1a")
    assert after.pearls[0] == {green[0] * 2 + ANIMAL}
    assert GAME.scores(after)[0] == 1
    # the group is scored: the two others no longer make three
    assert not any(isinstance(a, Score) and a.area == ANIMAL for a in GAME.legal_actions(after))


def test_scored_areas_no_longer_count_for_groups():
    four = row(
        "red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce; "
        "green fish, anchor, lettuce"
    )
    middle = frozenset({four[1] * 2 + ANIMAL})
    assert spots(four, middle) == set()  # 1 | 3 4: no three left
    end = frozenset({four[0] * 2 + ANIMAL})
    assert spots(four, end) == {(1, ANIMAL), (2, ANIMAL), (3, ANIMAL)}  # 2 3 4 still three


def test_several_groups_in_one_turn_and_one_pearl_per_area():
    """A card may be in an animal group and a plant group: two pearls, one per area."""
    tableau = row("red fish, anchor, kelp; yellow fish, ship, kelp; green fish, sea, kelp")
    state = make_state([tableau, OTHER])
    after = play(state, "score 2a", "score 2p")
    assert after.pearls[0] == {tableau[1] * 2, tableau[1] * 2 + 1}
    with pytest.raises(IllegalAction, match="has a pearl already"):
        play(after, "score 2a")


def test_a_double_plant_counts_as_two_plants():
    pair = row("red crab, ship, double kelp; red fish, anchor, kelp")
    assert spots(pair) == {(0, PLANT), (1, PLANT)}
    assert spots(row("red crab, reef, moss; red fish, anchor, kelp")) == set()


def test_a_choice_of_two_plants_counts_as_either():
    tableau = row("red fish, anchor, kelp; yellow fish, sea, kelp or moss; blue turtle, reef, moss")
    assert (1, PLANT) not in spots(tableau)  # kelp kelp moss: no three alike
    kelp = row("red fish, anchor, kelp; yellow fish, sea, kelp or moss; yellow fish, ship, kelp")
    assert (1, PLANT) in spots(kelp)
    moss = row("blue turtle, reef, moss; yellow fish, sea, kelp or moss; green turtle, ship, moss")
    assert (1, PLANT) in spots(moss)


def test_start_card_with_two_animals_counts_as_either_animal():
    both = C("yellow fish or turtle, anchor, grass")
    fish = (C("red fish, anchor, kelp"), both, C("blue fish, reef, lettuce"))
    turtles = (C("red turtle, ship, lettuce"), both, C("blue turtle, reef, moss"))
    assert (1, ANIMAL) in spots(fish) and (1, ANIMAL) in spots(turtles)


def test_start_card_with_an_any_colour_animal_counts_as_every_colour():
    wild = C("any-colour octopus, reef, double lettuce")
    for colour in ("red", "blue"):
        tableau = (
            C(f"{colour} crab, reef, moss" if colour == "red" else "blue crab, sea, kelp"),
            wild,
            C(
                f"{colour} fish, reef, grass"
                if colour == "red"
                else "blue fish, anchor, kelp or moss"
            ),
        )
        assert (1, ANIMAL) in spots(tableau), colour


def test_score_may_be_taken_at_any_step_of_the_turn():
    fish = row("red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce")
    state = make_state([fish, OTHER], phase=MOVE)
    assert play(state, "score 1a").phase == MOVE


def test_score_outside_a_group_is_refused():
    state = make_state([row("red fish, anchor, kelp; yellow turtle, ship, kelp"), OTHER])
    with pytest.raises(IllegalAction, match="no group of three"):
        play(state, "score 1a")


# -- missions --------------------------------------------------------------------------

FOUR_ANIMALS = row(
    "red fish, anchor, kelp; yellow turtle, ship, kelp; blue crab, sea, kelp; "
    "green octopus, sea, kelp"
)


def test_take_one_open_mission_at_the_end_of_the_turn_when_fulfilled():
    state = make_state([FOUR_ANIMALS, OTHER], open_missions=(1, 5, 9))  # 1: 4 different animals
    legal = GAME.legal_notation(state)
    assert "mission 1" in legal and "mission 5" not in legal
    after = play(state, "mission 1")
    assert after.held[0] == (1,) and 1 not in after.open_missions
    assert len(after.open_missions) == 3 and after.current == 1  # refilled; the turn ended
    assert GAME.scores(after)[0] == 3


def test_a_mission_not_fulfilled_is_refused():
    state = make_state([FOUR_ANIMALS[:3], OTHER], open_missions=(1, 5, 9))
    with pytest.raises(IllegalAction, match="needs 4 different animals"):
        play(state, "mission 1")


def test_only_a_mission_of_a_colour_you_do_not_have_yet():
    """Missions 1 and 2 are both orange: holding 1, you may not take 2."""
    five = FOUR_ANIMALS + row("red seahorse, reef, kelp")
    state = make_state([five, OTHER], open_missions=(2, 5, 9), held=[(1,), ()])
    with pytest.raises(IllegalAction, match="orange mission already"):
        play(state, "mission 2")
    fresh = make_state([five, OTHER], open_missions=(2, 5, 9))
    assert "mission 2" in GAME.legal_notation(fresh)


def test_missions_count_cards_with_or_without_a_pearl():
    state = make_state(
        [FOUR_ANIMALS, OTHER], open_missions=(1, 5, 9), pearls=[(0, 0, PLANT), (0, 1, PLANT)]
    )
    assert "mission 1" in GAME.legal_notation(state)


# -- the end ---------------------------------------------------------------------------


def ended(tableaus, ending, oxygen=None, held=None, pearls=()):
    """A finished game with these tableaus and end-scoring card."""
    state = make_state(tableaus, ending=ending, oxygen=oxygen, held=held, pearls=pearls)
    return evolve(state, over=True)


CRABS = {
    n: row(
        *[
            "red crab, ship, double kelp",
            "red crab, anchor, grass",
            "red crab, reef, moss",
            "blue crab, sea, kelp",
        ][:n]
    )
    for n in range(5)
}


def test_end_scoring_card_to_the_best_two():
    """Crab collector (3): 6 points to the most crabs, 4 to the second."""
    state = ended(
        [
            CRABS[3],
            row("yellow crab, ship, grass; blue crab, ship, moss"),
            row("green crab, reef, kelp"),
        ],
        ending=3,
    )
    assert ending_values(state) == (3, 2, 1)
    assert ending_shares(state) == (6, 4, 0)
    assert GAME.scores(state) == (6, 4, 0)


def test_two_tied_for_best_share_half_of_the_sum():
    state = ended(
        [
            CRABS[2],
            row("yellow crab, ship, grass; blue crab, ship, moss"),
            row("green crab, reef, kelp"),
        ],
        ending=3,
    )
    assert ending_shares(state) == (5, 5, 0)  # (6 + 4) / 2 each; third gets nothing


def test_two_tied_for_second_share_half_of_the_second_points():
    state = ended(
        [CRABS[3], row("yellow crab, ship, grass"), row("green crab, reef, kelp")], ending=3
    )
    assert ending_shares(state) == (6, 2, 2)


def test_three_tied_share_the_sum_rounded_down():
    state = ended(
        [CRABS[1], row("yellow crab, ship, grass"), row("green crab, reef, kelp")], ending=3
    )
    assert ending_shares(state) == (3, 3, 3)  # (6 + 4 + 0) // 3


def test_nobody_scores_the_end_card_without_fulfilling_it():
    state = ended([CRABS[2], row("red fish, anchor, kelp")], ending=3)
    assert ending_shares(state) == (6, 0)


def test_final_score_is_pearls_plus_missions_plus_the_end_card():
    state = ended(
        [CRABS[3], row("red fish, anchor, kelp; yellow crab, ship, grass")],
        ending=3,
        held=[(1, 4), (13,)],
        pearls=[(0, 0, ANIMAL), (0, 1, PLANT), (1, 0, PLANT)],
    )
    # seat 0: 2 pearls + missions 3 + 3 + 6 (most crabs); seat 1: 1 pearl + 2 + 4
    assert GAME.scores(state) == (2 + 6 + 6, 1 + 2 + 4)


def test_the_end_card_only_counts_once_the_game_is_over():
    state = make_state([CRABS[3], row("yellow crab, ship, grass")], ending=3)
    assert GAME.scores(state) == (0, 0)


def test_a_tie_goes_to_the_most_oxygen_left_then_is_shared():
    tableaus = [CRABS[1], row("yellow crab, ship, grass")]
    assert winners(ended(tableaus, ending=3, oxygen=(2, 5))) == (1,)
    assert winners(ended(tableaus, ending=3, oxygen=(4, 4))) == (0, 1)
    assert "share the victory" in GAME.result_text(ended(tableaus, ending=3, oxygen=(4, 4)))
    assert "oxygen" in GAME.result_text(ended(tableaus, ending=3, oxygen=(2, 5)))


def test_moving_a_pearl_off_a_scored_group_lets_the_group_score_again():
    """Scoring: "attributes with a pearl on them can not be scored again"; only the
    pearl marks a group as scored. Moving it (2 oxygen) off the group's cards, or to
    their other area, leaves three unmarked neighbours that score again: a pearl moved
    that way is a pearl gained (issue #20; the rules page says so)."""
    fish = row(
        "red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce; "
        "red crab, reef, moss"
    )
    scored = make_state([fish, OTHER], oxygen=(4, 0), pearls=[(0, 2, ANIMAL)])
    assert (0, ANIMAL) not in spots(fish, scored.pearls[0])  # the fish are spent
    # the pearl steps right onto the crab's animal: the three fish are unmarked again
    moved = play(scored, "pearl 3a 4a")
    assert moved.oxygen[0] == 2 and GAME.scores(moved)[0] == 1
    assert {(0, ANIMAL), (1, ANIMAL), (2, ANIMAL)} <= spots(fish, moved.pearls[0])
    again = play(moved, "score 1a")
    assert GAME.scores(again)[0] == 2
    # down to its own card's plant area works the same way
    down = play(scored, "pearl 3a 3p")
    assert (0, ANIMAL) in spots(fish, down.pearls[0])
