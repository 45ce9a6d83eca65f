"""Moonshell's expert at a table of three or four: its whole turn planned, the pattern
cards by the outlook at the table (issue #21, ``games/moonshell/table.py``,
``bots.plan``); two players keep the search."""

from __future__ import annotations

import random

import pytest

from tests.clocks import Ticks
from tideboard.engine.core import GameConfig
from tideboard.engine.hints import hints, move_words
from tideboard.engine.search import Asked, Budget, search
from tideboard.engine.states import evolve
from tideboard.games.moonshell import bots, sampling, table
from tideboard.games.moonshell.content import URCHIN
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import PLAY


def _turn_starts(players: int, seed: int, count: int = 4) -> list:
    """States at the start of a turn during play of a game greedy plays."""
    state = GAME.setup(GameConfig(players=players, seed=seed))
    bot, out = bots.GreedyBot(seed), []
    while not GAME.is_over(state) and len(out) < count:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state)
        if state.phase == PLAY and state.actions_left == 3 and len(legal) > 1:
            out.append(state)
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, seat), seat, legal))
    return out


def test_the_turns_left_at_the_table_follow_the_fullest_chest():
    state = _turn_starts(4, 1, 1)[0]
    assert table.turns_left(state) == 5  # (an empty chest: about six turns of two tiles)
    for tiles, left in [(9, 1), (10, 0), (11, 0), (12, 0), (7, 2), (8, 1)]:
        column = (URCHIN,) * 3
        chest = (column,) * (tiles // 3) + ((URCHIN,) * (tiles % 3),)
        chest += ((),) * (4 - len(chest))
        fuller = evolve(state, chests=(state.chests[0], chest[:4], *state.chests[2:]))
        assert table.turns_left(fuller) == left, tiles


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_plans_its_turn_at_a_table(players):
    """At three or four players the expert's move is the table plan's first (no
    search), every legal move ranked."""
    for state in _turn_starts(players, 2):
        seat = state.current
        view, legal = GAME.view(state, seat), GAME.legal_actions(state)
        result = search(
            GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=50)
        )
        assert result.iterations == 0
        planned = table.plan(bots.GreedyBot(), view, seat, legal, random.Random(1))
        assert result.best == planned[0][0]
        assert sorted(map(str, (m.action for m in result.moves))) == sorted(map(str, legal))


def test_two_players_keep_the_search():
    state = _turn_starts(2, 2, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    assert not table.plans_turn(view, seat)
    result = search(GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=20))
    assert result.iterations == 20


@pytest.mark.parametrize("deadline", [0.0, 5.0, 40.0])
def test_the_table_plan_answers_by_its_deadline(deadline, evaluations):
    """The plan stops at the deadline: every legal move is ranked, and no position is
    rated once the clock has passed it (a plan at a turn's start rates hundreds)."""
    count = evaluations
    state = _turn_starts(4, 3, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    count[0] = 0
    ranked = bots.plan(
        GAME, view, seat, legal, Asked(deadline=deadline, rng=random.Random(1), clock=Ticks())
    )
    assert ranked is not None
    assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
    assert count[0] <= deadline
    count[0] = 0
    bots.plan(GAME, view, seat, legal)
    assert count[0] > 100


def test_a_tiny_thinking_time_is_kept_at_the_table():
    state = _turn_starts(4, 3, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    result = search(GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(1e-6))
    assert result.best in legal and len(result.moves) == len(legal)


@pytest.mark.parametrize("look", [False, True])
def test_the_table_plan_reads_only_the_view(look):
    """Two real states with the same view for the seat (another bag order, other
    secrets for the others): the same ranking, by the plan alone and with its look
    one turn further."""
    rng = random.Random(3)
    for real in _turn_starts(4, 7, 3):
        seat = real.current
        view = GAME.view(real, seat)
        other = sampling.determinize(view, seat, rng)
        assert other != real and GAME.view(other, seat) == view
        legal = GAME.legal_actions(real)
        ranked = [
            bots.plan(
                GAME,
                GAME.view(s, seat),
                seat,
                legal,
                Asked(budget=Budget(iterations=100), rng=random.Random(5)),
                per=table.LOOK_PER if look else 0,
            )
            for s in (real, other)
        ]
        assert ranked[0] == ranked[1]


def test_table_hints_say_the_points_after_the_turn():
    """A hint at four players reads in points, as in solo: the chest's score after
    the turn as the plan plays it out, not the plan's rating."""
    state = _turn_starts(4, 9, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    result = search(GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=1))
    shown = hints(GAME, view, seat, result)
    assert len(shown) == 3
    assert all(" after this turn (" in hint.why for hint in shown)


def test_table_hints_are_three_different_outcomes():
    """The plan's moves that reach the same end of the turn (the moonshell placed
    first or last, a pull before or after) were three hints with the same figures:
    they are now one hint naming the others as just as good, and the next lines are
    other outcomes."""
    merged = 0
    for seed in (3, 9):
        for state in _turn_starts(4, seed, 3):
            seat = state.current
            view, legal = GAME.view(state, seat), GAME.legal_actions(state)
            result = search(
                GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=1)
            )
            shown = hints(GAME, view, seat, result)
            assert len(shown) == 3
            assert all(a.why != b.why for a, b in zip(shown, shown[1:])), shown
            assert shown[0].action == result.moves[0].action  # (the one highlighted)
            merged += " (just as good: " in shown[0].words
    assert merged >= 4


def test_the_first_table_hint_says_the_rest_of_the_turn_its_plan_plays():
    """The first hint at a table of four (the expert's move) also says the rest of
    its turn as the plan plays it ("then pulls column 1: ...; then collects ..."):
    the actions to the best end of the turn after it, each worded where it is
    played; the other hints are other first moves and say no more."""
    for state in _turn_starts(4, 9, 2):
        seat = state.current
        view, legal = GAME.view(state, seat), GAME.legal_actions(state)
        result = search(
            GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=1)
        )
        first, *others = hints(GAME, view, seat, result)
        rest = bots.hint_then(view, first.action)
        assert len(rest) == 2 and len(first.then) == 2  # (three actions a turn)
        after = GAME.apply(view, first.action)
        assert rest[0] in GAME.legal_actions(after)
        assert first.then[0] == move_words(GAME, after, seat, rest[0])
        assert first.then[1] == move_words(GAME, GAME.apply(after, rest[0]), seat, rest[1])
        assert all(not hint.then for hint in others)


def test_two_players_hints_say_no_plan():
    """At two players the expert searches: its hints have no planned turn to add."""
    state = _turn_starts(2, 9, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    result = search(GAME, view, seat, legal, bots.EXPERT, random.Random(1), Budget(iterations=8))
    assert bots.hint_then(view, result.moves[0].action) == ()
    assert all(not hint.then for hint in hints(GAME, view, seat, result))


def test_the_table_expert_looks_a_turn_further_the_others_between(monkeypatch):
    """With the budget for it (100 iterations: two samples) the expert at a table of
    four plays its best ends of the turn on: the three other seats' turns as greedy
    plays them, then its own next turn planned.  ``per`` 0 is the plan alone."""
    movers = []
    choose = bots.GreedyBot.choose

    def counted(self, game, view, seat, legal):
        movers.append(seat)
        return choose(self, game, view, seat, legal)

    state = _turn_starts(4, 3, 1)[0]
    monkeypatch.setattr(bots.GreedyBot, "choose", counted)
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    budget = Budget(iterations=100)
    ranked = bots.plan(GAME, view, seat, legal, Asked(budget=budget, rng=random.Random(1)))
    assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
    assert set(movers) == {0, 1, 2, 3} - {seat}
    movers.clear()
    alone = bots.plan(GAME, view, seat, legal, Asked(budget=budget, rng=random.Random(1)), per=0)
    assert not movers
    assert alone == table.plan(bots.GreedyBot(), view, seat, legal, random.Random(1))


def test_the_table_look_can_overrule_the_plan():
    """On some turn starts the next turn's prospects change the move (else it would
    be the plan again); the move is always legal."""
    differ = 0
    for seed in (3, 9):
        for state in _turn_starts(4, seed, 4):
            seat = state.current
            view, legal = GAME.view(state, seat), GAME.legal_actions(state)
            budget = Budget(iterations=100)
            looked = bots.plan(GAME, view, seat, legal, Asked(budget=budget, rng=random.Random(2)))
            alone = bots.plan(
                GAME, view, seat, legal, Asked(budget=budget, rng=random.Random(2)), per=0
            )
            assert looked[0][0] in legal
            differ += looked[0][0] != alone[0][0]
    assert differ


@pytest.mark.parametrize("deadline", [0.0, 5.0, 40.0, 400.0])
def test_the_table_look_answers_by_its_deadline(deadline):
    """With a thinking time the look stops at its deadline (the clock is read before
    each position rated and each move of the others): every legal move is ranked,
    and the clock is not read past the deadline but to stop."""
    state = _turn_starts(4, 3, 1)[0]
    seat = state.current
    view, legal = GAME.view(state, seat), GAME.legal_actions(state)
    clock = Ticks()
    ranked = bots.plan(
        GAME,
        view,
        seat,
        legal,
        Asked(budget=Budget(1.0), deadline=deadline, rng=random.Random(1), clock=clock),
    )
    assert sorted(map(str, (a for a, _ in ranked))) == sorted(map(str, legal))
    assert clock.reads <= deadline + 2
