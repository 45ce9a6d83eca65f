"""Moonshell's expert among greedy bots, versions paired on the same games (issue #21).

    python benchmarks/moonshell_expert.py [--players 4] [--games N] [--seed S]
        [--start K] [--think-iterations N] [--variants current greedy ...]
        [--save FILE] [--against FILE ...]

``expert_variants.py moonshell`` (the games, the variants and what is printed:
``paired.py``) with the seat's points by source and this game's own variants:
``current`` (``bots.EXPERT``: at three or four players the table plan,
``games/moonshell/table.py``, its best ends looked one turn further), ``plan`` (the
table plan alone, s15m's expert), ``search`` (the search with random playouts the
table plan replaced there), ``planner`` / ``planner=SHARE`` (greedy planning its
turn, without the outlook / with the table's outlook, its chances as if the turns
left were SHARE times as many; ``planner=1,later=0.1,deny=0.3``: a tile left on its
rocks at the turn's end worth 0.1 of its gain, less 0.3 of what the next seat's
rocks bring it), ``look=ENDS/PER`` (the current expert's look one turn further
from its best ENDS ends of the turn, an iteration budget's samples its iterations //
PER), the others named in ``VARIANTS``, or
``FIELD=VALUE`` changing the current Spec's fields (``search,horizon=12,scale=8``:
the search's; ``policy=random|greedy|planner``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs
import paired

from tideboard.engine.search import Spec, bot_policy
from tideboard.games.moonshell import bots, outlook, rules, scoring, solo, table
from tideboard.games.moonshell.content import EMPTY
from tideboard.games.moonshell.state import PLAY


def scaled_outlook(view: Any, seat: int, share: float) -> outlook.Outlook:
    """The table's outlook (``table.table_outlook``) with its chances as if the turns
    left were ``share`` times as many (below 1: the others take tiles too)."""
    return outlook.Outlook(view, seat, turns=table.turns_left(view) * share)


class PlannerBot(bots.GreedyBot):
    """Greedy that plans its whole turn in multiplayer too (``solo.best_action``:
    every sequence of its actions left, the end rated by greedy's rating; with
    ``share`` set, the pattern cards by the outlook at the table, scaled): what
    ``bots.plan`` does at three or four players, as a bot (``planner``,
    ``planner=1``) and as the search's favourite (``plan-prior``, ``plan1-prior``)."""

    def __init__(self, seed: int | None = None, share: float | None = None) -> None:
        super().__init__(seed)
        self.share = share
        self.deny = 0.0  # less this share of what the next seat's rocks bring it

    def evaluate(self, state: Any, seat: int, cache: dict) -> float:
        value = super().evaluate(state, seat, cache)
        if self.deny and not state.over and state.current == seat and not state.actions_left:
            following = (seat + 1) % state.players
            theirs = cache.setdefault(("seat", following), {})
            look, self.outlook = self.outlook, None
            try:
                gains = [
                    self._tile_gain(state, following, t, theirs)
                    for t in rules.seat_rocks(state, following)
                    if t != EMPTY
                ]
            finally:
                self.outlook = look
            value -= self.deny * sum(max(0.0, g) for g in gains)
        return value

    def choose(self, game: Any, view: Any, seat: int, legal: Any) -> Any:
        if view.phase == PLAY and view.current == seat and not view.over and not view.solo:
            if self.share is not None:
                self.outlook = scaled_outlook(view, seat, self.share)
            try:
                return solo.best_action(self, view, seat, list(legal), self.random.choice)
            finally:
                self.outlook = None
        return super().choose(game, view, seat, legal)


SOURCES = ("composition", "array", "secret", "pair", "trove", "collector", "urchins", "moonshell")

VARIANTS: dict[str, Callable[[], Spec | None]] = {
    "search": lambda: attrs.evolve(bots.EXPERT, decide=bots.solo_plan),
    # the table plan alone, without its look one turn further (s15m's expert)
    "plan": lambda: attrs.evolve(bots.EXPERT, decide=functools.partial(bots.plan, per=0)),
    # the search, its favourite greedy's turn plan (without / with the table's outlook)
    "plan-prior": lambda: attrs.evolve(
        bots.EXPERT, decide=bots.solo_plan, prior=bot_policy(PlannerBot())
    ),
    "plan1-prior": lambda: attrs.evolve(
        bots.EXPERT, decide=bots.solo_plan, prior=bot_policy(PlannerBot(share=1.0))
    ),
}


POLICIES: dict[str, Callable[[], Any]] = {
    "random": lambda: None,
    "greedy": lambda: bot_policy(bots.GreedyBot()),
    "planner": lambda: bot_policy(PlannerBot()),
}


def planner(name: str) -> paired.Seat | None:
    """``planner[=SHARE][,later=X][,deny=Y]`` as a seat; ``look=ENDS/PER`` too."""
    if name.startswith("look"):  # (the current plan's look with other ends and samples)
        _, _, rest = name.partition("=")
        ends, _, per = rest.partition("/")
        look = functools.partial(
            bots.plan, ends=int(ends or table.LOOK_ENDS), per=int(per or table.LOOK_PER)
        )
        return paired.expert_seat(attrs.evolve(bots.EXPERT, decide=look))
    if not name.startswith("planner"):
        return None
    first, *rest = name.split(",")
    _, _, share = first.partition("=")

    def seat(seed: int, iterations: int) -> PlannerBot:
        bot = PlannerBot(seed, float(share) if share else None)
        for change in rest:
            field, _, value = change.partition("=")
            assert field in ("later", "deny"), change
            setattr(bot, "later_share" if field == "later" else field, float(value))
        return bot

    return seat


def parts(state: Any, seat: int) -> dict[str, float]:
    points = scoring.breakdown(state, seat)
    return {k: points[k] for k in SOURCES}


if __name__ == "__main__":
    paired.main(
        __doc__,
        "moonshell",
        lambda game: paired.Variants(
            game, bots.EXPERT, VARIANTS, {"policy": lambda v: POLICIES[v]()}, planner
        ),
        parts,
        iterations=500,
    )
