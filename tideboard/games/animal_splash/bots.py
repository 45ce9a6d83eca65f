"""Animal Splash computer players.

``greedy`` scores every group it can (choosing pearls that leave the most
groups to score), dives to the spot whose line holds the card that adds most
to its tableau (pearls to harvest, groups in the making, missions and the
end-scoring card within reach, oxygen), pays for a slide, pearl move or swap
only when it yields more pearls than the oxygen is worth, and ends its turn
with the best mission it may take.  It decides from its own view.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from tideboard.engine.bots import bot_levels
from tideboard.engine.search import Spec, Tree, Wording, bot_policy
from tideboard.games.animal_splash import sampling, scoring, turn_plan
from tideboard.games.animal_splash.content import LINES, MISSIONS
from tideboard.games.animal_splash.logline import end_words
from tideboard.games.animal_splash.moves import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import (
    ACT,
    MOVE,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import pearl_count
from tideboard.games.animal_splash.valuation import (  # (greedy's judgement, shared)
    OXYGEN_VALUE,
    harvest,
    worth,
)

COSTS = {Slide: 1, MovePearl: 2, Swap: 3}


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Any, view: State, seat: int, legal: Sequence[Any]) -> Any:
        tableau, pearls = view.tableaus[seat], view.pearls[seat]
        scores = [a for a in legal if isinstance(a, Score)]
        if scores:
            return max(
                scores,
                key=lambda a: (
                    harvest(tableau, pearls | {tableau[a.pos] * 2 + a.area}),
                    self.random.random(),
                ),
            )
        if view.phase == MOVE:
            return self._dive(view, seat, legal)
        if view.phase != ACT:
            takes = [a for a in legal if isinstance(a, Take)]
            return max(takes, key=lambda a: (self._take_value(view, seat, a), self.random.random()))
        paid = self._paid(view, seat, legal)
        if paid is not None:
            return paid
        ends = [a for a in legal if isinstance(a, End)]
        return max(
            ends,
            key=lambda a: (MISSIONS[a.mission].points if a.mission else 0, self.random.random()),
        )

    def _take_value(self, view: State, seat: int, take: Take) -> float:
        tableau = view.tableaus[seat]
        cid = view.grid[take.cell]
        new = tableau + (cid,) if take.right else (cid,) + tableau
        on_card = view.pearls[view.players] & {cid * 2, cid * 2 + 1}
        return worth(view, seat, new, view.pearls[seat] | on_card)

    def _dive(self, view: State, seat: int, legal: Sequence[Any]) -> Any:
        steps = dive_steps(view)
        best, best_value = None, float("-inf")
        for action in legal:
            if not isinstance(action, Dive):
                continue
            oxygen = dive_oxygen(steps[action.spot])
            takes = [Take(cell, right) for cell in LINES[action.spot] for right in (False, True)]
            value = max(self._take_value(view, seat, t) for t in takes) + OXYGEN_VALUE * oxygen
            value += self.random.random() * 0.01
            if value > best_value:
                best, best_value = action, value
        return best

    def _paid(self, view: State, seat: int, legal: Sequence[Any]) -> Any:
        """A paid action that lets it score more pearls than the oxygen is worth."""
        tableau, pearls = view.tableaus[seat], view.pearls[seat]
        everywhere = pearls | view.pearls[view.players]
        now = harvest(tableau, pearls)
        best, best_gain = None, 0.0
        for action in legal:
            cost = COSTS.get(type(action))
            if cost is None:
                continue
            if isinstance(action, Slide):
                rest = tableau[: action.frm] + tableau[action.frm + 1 :]
                after, after_pearls = (
                    rest[: action.to] + (tableau[action.frm],) + rest[action.to :],
                    pearls,
                )
            elif isinstance(action, MovePearl):
                after = tableau
                after_pearls = (pearls - {tableau[action.frm] * 2 + action.frm_area}) | {
                    tableau[action.to] * 2 + action.to_area
                }
            else:
                cid = view.grid[action.cell]
                after = tableau[: action.pos] + (cid,) + tableau[action.pos + 1 :]
                after_pearls = (pearls | view.pearls[view.players]) & {
                    c * 2 + a for c in after for a in (0, 1)
                }
            gain = (
                harvest(after, after_pearls)
                - now
                - cost * OXYGEN_VALUE * 1.5
                + pearl_count(after, everywhere)
                - pearl_count(tableau, pearls)
            )
            if gain > best_gain + 1e-9:
                best, best_gain = action, gain
        return best


def evaluate(game: Any, state: State) -> list[float]:
    """Each seat's points and what its tableau promises (greedy's ``worth``: pearls
    it can score, groups in the making, a mission within reach, the end-scoring
    card): how the expert judges a playout cut at its horizon."""
    now = scoring.scores(state)
    return [
        now[seat] + worth(state, seat, state.tableaus[seat], state.pearls[seat])
        for seat in range(state.players)
    ]


# The expert's search (tideboard.engine.search): this game's determinization, a
# playout policy, the points of a clear margin, the judgement of a cut playout and
# the root's favourite (greedy's move); the moves it searches among (turn_plan.focus:
# the dives, the takes, after the take the plan's best first steps and greedy's),
# below its root the dives and takes alone, the rest of a turn greedy's.
EXPERT = Spec(
    determinize=sampling.determinize,
    policy=bot_policy(GreedyBot()),
    scale=10.0,
    horizon=16,
    evaluate=evaluate,
    prior=bot_policy(GreedyBot()),
    bias=1.0,
    routine=functools.partial(turn_plan.focus, favourite=bot_policy(GreedyBot())),
    tree=Tree(settled=turn_plan.after_take, narrow=turn_plan.steps_first),
    # (an end of the turn in words: its log line also names the card the refill draws)
    wording=Wording(words=end_words),
)


# ``easy``: greedy's second choice this often (engine.bots.EasyBot)
EASY_SLIP = 0.3


def bot_factories() -> dict[str, Any]:
    return bot_levels(GreedyBot, EXPERT, EASY_SLIP)
