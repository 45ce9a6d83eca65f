"""Moonshell solo: the plan rates the pattern cards the chest can still make together,
by the tiles left and the turns left (issue #21, ``games/moonshell/outlook.py``), and
the expert judges by that plan."""

from __future__ import annotations

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.search import Budget
from tideboard.games.moonshell import bots, outlook, solo
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.state import PLAY

from .ms_helpers import chest, make_state

# three augers on the floor, the fourth space open: Composition C4 (a row of four
# augers) needs one more auger there; every other row is blocked by urchins
AUGERS_BUT_ONE = "UR UR UR .. / UR UR UR .. / oA oA oA .."
NO_AUGERS = "wC pD uS oS wD / pC uS oC wD pS / uC oD wS pC uD / oD wC pD uS oS / wD pS uS oC wC"


def _free(text: str) -> tuple[int, ...]:
    return outlook.free_masks(chest(text))


def _c4(**fields) -> float:
    view = make_state(solo=True, open_cards=("C4", "A1", "PR3", "T2", "K4"), **fields)
    return outlook.Outlook(view, 0).potential([("C4", 10)], _free(AUGERS_BUT_ONE))


def test_a_space_is_worth_the_tiles_left_that_fit_it():
    with_augers = _c4()  # (the ocean has augers)
    assert 5 < with_augers < 10
    assert _c4(ocean_text=NO_AUGERS) == 0.0  # no auger left anywhere: no chance
    assert 0 < _c4(ocean_text=NO_AUGERS, bag="oA") < with_augers  # one left: a long shot


def test_an_urchin_fills_its_space():
    view = make_state(solo=True, open_cards=("C4", "A1", "PR3", "T2", "K4"))
    look = outlook.Outlook(view, 0)
    assert look.potential([("C4", 10)], _free(AUGERS_BUT_ONE)) > 0
    assert look.potential([("C4", 10)], _free("UR UR UR .. / UR UR UR .. / oA oA oA UR")) == 0


def test_after_the_last_turn_only_what_is_done_counts():
    # the automaton has ten tiles and has rotated: its next turn fills its chest, so
    # this is the player's last turn
    full = ".. .. uC uC / uC uC uC uC / uC uC uC uC"
    last = dict(chests={1: full}, auto_rotated=True)
    assert outlook.turns_left(make_state(solo=True, **last)) == 0
    assert outlook.turns_left(make_state(solo=True)) == 6
    assert _c4(**last) == 0.0


def test_the_expert_in_solo_plays_the_plans_best_move():
    state = GAME.setup(GameConfig(players=1, solo=True, seed=5))
    while state.phase != PLAY:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    expert = make_bot(GAME, "expert", 3, Budget(iterations=5))
    action = expert.choose(GAME, view, 0, legal)
    rater = bots.GreedyBot()
    rater.outlook = outlook.Outlook(view, 0)
    rated = dict((a, v) for v, a in solo.rate_actions(rater, view, 0, legal))
    assert rated[action] == max(rated.values())
    assert expert.last.iterations == 0  # judged by the plan, not by playouts
    assert [m.points for m in expert.last.moves] == sorted(rated.values(), reverse=True)
