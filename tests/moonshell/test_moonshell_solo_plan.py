"""Moonshell solo: greedy plans its whole turn (issue #21, ``games/moonshell/solo.py``)."""

from __future__ import annotations

import time

from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.moonshell import bots
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.outlook import Outlook
from tideboard.games.moonshell.state import PLAY, Pass


class OneAction(bots.GreedyBot):
    """Greedy as it was: one action at a time, also in solo."""

    plan_solo = False


def _turn_starts(seed: int) -> list:
    """The player's turn starts of a solo game greedy plays."""
    state = GAME.setup(GameConfig(players=1, solo=True, seed=seed))
    bot, starts = bots.GreedyBot(seed), []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        if seat == 0 and state.phase == PLAY and state.actions_left == 3:
            starts.append(state)
        state = GAME.apply(
            state, bot.choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state))
        )
    return starts


def _turn_end_rating(bot, state) -> float:
    """Greedy's rating of where ``bot``'s turn from ``state`` ends (before the
    automaton moves), with the outlook of the turn's start (outlook.py): each action
    applied with one more left, so the turn stays open."""
    rater = bots.GreedyBot()
    rater.outlook = Outlook(GAME.view(state, 0), 0)
    while state.actions_left:
        action = bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state))
        if isinstance(action, Pass):
            break
        after = GAME.apply(evolve(state, actions_left=state.actions_left + 1), action)
        state = evolve(after, actions_left=after.actions_left - 1)
    return rater.evaluate(evolve(state, actions_left=0), 0, {})


def test_greedy_plans_its_turn_to_end_where_it_rates_best():
    better = 0
    for start in _turn_starts(1001)[:4]:
        planned = _turn_end_rating(bots.GreedyBot(1), start)
        single = _turn_end_rating(OneAction(1), start)
        assert planned >= single - 1e-9
        better += planned > single + 1e-9
    assert better  # one action at a time, some turns end worse


def test_the_plan_is_made_from_the_view_and_in_good_time():
    state = _turn_starts(5)[0]
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    start = time.process_time()
    action = bots.GreedyBot(1).choose(GAME, view, 0, legal)
    assert time.process_time() - start < 2.0  # about 0.1 s; generous for a loaded machine
    assert action in legal
    assert bots.GreedyBot(1).choose(GAME, view, 0, legal) == action
