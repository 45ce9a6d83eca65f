"""Animal Splash's expert, paired: versions of it played on the same games (issue #21).

    python benchmarks/animal_splash_expert.py [--players 4] [--games N] [--seed S]
        [--start K] [--think-iterations N] [--save FILE] [--against FILE ...]
        [--variants current greedy settled horizon=200@85 ...]

``expert_variants.py animal-splash`` (the games, the variants and what is printed:
``paired.py``) with this game's own variants (``settled``, ``oxygen``, ``ending``,
``before``, ``focus``, ``plan``: ``VARIANTS``) and the seat's points by source: pearls, missions and the end-scoring card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import paired

from tideboard.engine.search import Spec, Tree
from tideboard.games.animal_splash import bots, scoring, turn_plan, valuation


def evaluate_ending(game: Any, state: Any) -> list[float]:
    """``bots.evaluate`` with the end-scoring card's points as it stands (who would
    get them were the game to end now) in place of 0.3 a unit of its measure."""
    now = bots.evaluate(game, state)
    shares = scoring.ending_shares(state)
    values = scoring.ending_values(state)
    return [v - 0.3 * m + s for v, m, s in zip(now, values, shares, strict=True)]


def evaluate_oxygen(game: Any, state: Any) -> list[float]:
    """``bots.evaluate`` with each seat's oxygen at greedy's price (``OXYGEN_VALUE``)."""
    now = bots.evaluate(game, state)
    return [v + valuation.OXYGEN_VALUE * o for v, o in zip(now, state.oxygen, strict=True)]


def worth_settled(state: Any, seat: int) -> float:
    """``bots.worth`` with the groups it can score now scored first: their pearls
    count once, and their cards' pairs no longer count as groups in the making."""
    tableau = state.tableaus[seat]
    count, pearls = valuation.harvested(tableau, state.pearls[seat])
    value = count + valuation.promise(tableau, pearls)
    best_mission, mine = valuation.prospects(state, seat, tableau, pearls)
    return value + best_mission + 0.3 * mine


def evaluate_settled(game: Any, state: Any) -> list[float]:
    now = scoring.scores(state)
    return [now[seat] + worth_settled(state, seat) for seat in range(state.players)]


# Each variant: the expert's Spec as it would be.
VARIANTS: dict[str, Callable[[], Spec | None]] = {
    "settled": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_settled),
    "oxygen": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_oxygen),
    "ending": lambda: attrs.evolve(bots.EXPERT, evaluate=evaluate_ending),
    # s16a: the expert before its search was kept to the dives, the takes and the
    # plan's best steps (Spec.routine, Spec.tree's settled and narrow)
    "before": lambda: attrs.evolve(bots.EXPERT, routine=None, tree=Tree()),
    # the root kept so (turn_plan.focus), the tree below it not
    "focus": lambda: attrs.evolve(bots.EXPERT, tree=Tree()),
    # the rest of the turn played as the plan's best end, unsearched (turn_plan.plan)
    "plan": lambda: attrs.evolve(bots.EXPERT, decide=turn_plan.plan, routine=None, tree=Tree()),
}


def parts(state: Any, seat: int) -> dict[str, float]:
    return {
        "pearls": scoring.pearls(state, seat),
        "missions": scoring.mission_points(state, seat),
        "end": scoring.ending_shares(state)[seat],
    }


if __name__ == "__main__":
    paired.main(
        __doc__, "animal-splash", lambda game: paired.Variants(game, bots.EXPERT, VARIANTS), parts
    )
