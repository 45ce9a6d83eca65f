"""The expert's plan of the rest of a turn (``turn_plan.py``, its ``Spec.decide``)."""

from __future__ import annotations

import random

from tests.animal_splash.as_helpers import make_state, row
from tests.search_tree import below_root, grow
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import Asked, Budget
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
    ranked = turn_plan.plan(GAME, view, 0, legal, Asked(budget=Budget(iterations=50)))
    assert isinstance(ranked[0][0], Slide)
    assert {a for a, _ in ranked} == set(legal)  # every legal move, ranked
    # played out move by move, the plan ends the turn with the group scored
    rng = random.Random(3)
    while state.phase != MOVE:
        view = GAME.view(state, 0)
        move = turn_plan.plan(GAME, view, 0, GAME.legal_for(state, 0), Asked(rng=rng))[0][0]
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


def test_below_the_root_the_tree_holds_only_dives_and_takes():
    """``Tree.settled``: the steps of a turn after its take (scoring, paid actions, the
    end) are the playout policy's below the root, no nodes; ``Tree.narrow``: before
    the take the tree looks at the dives and the takes alone, not the paid actions
    allowed then too.  So the tree's visits go to the dives and takes; without the
    two, the other steps are nodes."""
    from attrs import evolve as evolve_spec

    from tideboard.engine.search import Tree
    from tideboard.games.animal_splash.bots import EXPERT
    from tideboard.games.animal_splash.state import Dive, Take
    from tideboard.games.animal_splash.turn_plan import after_take, steps_first

    state = make_state([APART, row("red crab, reef, moss")], oxygen=(2, 3), phase=MOVE)
    old = evolve_spec(EXPERT, tree=Tree())
    new = evolve_spec(EXPERT, tree=Tree(settled=after_take, narrow=steps_first))
    kept = below_root(grow(GAME, new, state, 0))
    assert kept and all(isinstance(a, Dive | Take) for a in kept)
    assert not all(isinstance(a, Dive | Take) for a in below_root(grow(GAME, old, state, 0)))


def test_the_bots_search_keeps_to_the_dives_the_takes_and_the_plans_best_steps():
    """``turn_plan.focus`` (the expert's ``Spec.routine``): before the dive the dives
    alone (the rules allow paid actions then too), before the take the takes; after
    it the first steps of the plan's best ends and greedy's move."""
    import functools

    from tideboard.engine.search import bot_policy
    from tideboard.games.animal_splash.bots import GreedyBot
    from tideboard.games.animal_splash.state import TAKE, Dive, Take

    focus = functools.partial(turn_plan.focus, favourite=bot_policy(GreedyBot()))
    rng = random.Random(1)
    for phase, kind in ((MOVE, Dive), (TAKE, Take)):
        state = make_state([APART, row("red crab, reef, moss")], oxygen=(3, 0), phase=phase)
        legal = GAME.legal_for(state, 0)
        assert any(isinstance(a, Slide) for a in legal)
        kept = focus(GAME, GAME.view(state, 0), 0, legal, rng)
        assert kept == tuple(a for a in legal if isinstance(a, kind))
    state = make_state([APART, row("red crab, reef, moss")], oxygen=(2, 0))
    view, legal = GAME.view(state, 0), GAME.legal_for(state, 0)
    kept = focus(GAME, view, 0, legal, rng)
    greedy = GreedyBot(0).choose(GAME, view, 0, legal)
    assert 2 <= len(kept) <= 5 and greedy in kept
    assert any(isinstance(a, Slide) for a in kept)
    assert list(kept) == [a for a in legal if a in kept]  # (greedy's ties as among all)
    assert set(kept) <= set(legal)


def test_hints_rank_the_moves_the_bot_would_search_among():
    """A hint is the expert's view: before the dive it ranks the dives alone, as the
    bot's search does (the paid actions the rules also allow then were most of the
    hints' search before, 263 of 450 iterations at one dive)."""
    from tideboard.engine.hints import hints
    from tideboard.engine.search import search
    from tideboard.games.animal_splash import bots
    from tideboard.games.animal_splash.state import Dive

    state = GAME.setup(GameConfig(players=2, seed=7))
    greedy = [make_bot(GAME, "greedy", s) for s in range(2)]
    for _ in range(9):
        seat = GAME.to_move(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_for(state, seat)
        state = GAME.apply(state, greedy[seat].choose(GAME, view, seat, legal))
    seat = GAME.to_move(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_for(state, seat)
    assert state.phase == MOVE and any(not isinstance(a, Dive) for a in legal)
    result = search(GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=60))
    assert all(isinstance(m.action, Dive) for m in result.moves)
    assert all(isinstance(h.action, Dive) for h in hints(GAME, view, seat, result))
