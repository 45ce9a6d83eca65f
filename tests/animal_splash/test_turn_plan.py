"""The expert's plan of the rest of a turn (``turn_plan.py``, its ``Spec.decide``)."""

from __future__ import annotations

import random

from tests.animal_splash.as_helpers import make_state, row
from tideboard.engine.bots import make_bot
from tideboard.engine.search import Budget
from tideboard.games.animal_splash import turn_plan
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.state import MOVE, Score, Slide
from tideboard.games.animal_splash.tableau import scorable

# three fish apart: two slides (1 oxygen each) make them a group, one slide does not
APART = row(
    "red fish, anchor, kelp; yellow crab, ship, grass; blue octopus, reef, moss; "
    "green fish, anchor, lettuce; red turtle, anchor, kelp; blue fish, ship, grass"
)


def test_the_plan_slides_twice_to_make_a_group_greedy_does_not_see():
    state = make_state([APART, row("red crab, reef, moss")], oxygen=(2, 0))
    assert not scorable(APART, frozenset())
    view = GAME.view(state, 0)
    legal = GAME.legal_for(state, 0)
    greedy = make_bot(GAME, "greedy", 1).choose(GAME, view, 0, legal)
    assert not isinstance(greedy, Slide)  # one slide at a time makes no group
    worth, path = turn_plan.turn_ends(view, 0)[0]
    assert [type(a) for a in path[:2]] == [Slide, Slide]
    assert any(isinstance(a, Score) for a in path)
    ranked = turn_plan.plan(GAME, view, 0, legal, budget=Budget(iterations=50))
    assert isinstance(ranked[0][0], Slide)
    assert {a for a, _ in ranked} == set(legal)  # every legal move, ranked
    # played out move by move, the plan ends the turn with the group scored
    rng = random.Random(3)
    while state.phase != MOVE:
        view = GAME.view(state, 0)
        move = turn_plan.plan(GAME, view, 0, GAME.legal_for(state, 0), rng=rng)[0][0]
        state = GAME.apply(state, move)
    assert len(state.pearls[0]) == 1 and state.oxygen[0] == 0


def test_the_plan_leaves_the_dive_and_the_take_to_the_search():
    state = make_state([APART, row("red crab, reef, moss")], oxygen=(2, 0), phase=MOVE)
    legal = GAME.legal_for(state, 0)
    assert turn_plan.plan(GAME, GAME.view(state, 0), 0, legal) is None


def test_a_counted_group_is_worth_its_pearl_once():
    fish = row("red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce")
    open_ = make_state([fish, row("red crab, reef, moss")])
    scored = GAME.apply(open_, Score(0, 0))
    assert turn_plan.settled(scored, 0) > turn_plan.settled(open_, 0)
