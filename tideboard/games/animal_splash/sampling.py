"""Animal Splash determinization: a full state a seat cannot tell from the real one.

Everything is open but the piles: the draw pile (the main cards neither in the
grid nor in a tableau), the mission pile (the ruleset's missions neither on
display nor held), the unused end-scoring cards and the undealt start cards.
Their contents follow from what is in sight; the piles are drawn from at random,
so only the generator, reseeded, decides what comes next.  Which ruleset's
mission pile is played the view does not say: a mission only one ruleset has
decides it, else the current ruleset's pile is assumed (the two differ in two
missions, which only matters once the pile is nearly drawn).
"""

from __future__ import annotations

import random

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.animal_splash.content import ENDINGS, MAIN_CARDS, MISSION_PILES, STARTS
from tideboard.games.animal_splash.state import State


def _mission_pile(view: State) -> tuple[int, ...]:
    shown = set(view.open_missions)
    for held in view.held:
        shown.update(held)
    fits = [pile for pile in MISSION_PILES.values() if shown <= set(pile)]
    return fits[0] if len(fits) == 1 else MISSION_PILES["2"]


def _rest(pile, used: set[int], rng: random.Random) -> tuple[int, ...]:
    out = [card for card in pile if card not in used]
    rng.shuffle(out)
    return tuple(out)


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """A state whose ``view(state, seat)`` is ``view``, the unseen piles filled by ``rng``."""
    in_sight = {cid for cid in view.grid if cid >= 0}
    for tableau in view.tableaus:
        in_sight.update(tableau)
    missions = set(view.open_missions)
    for held in view.held:
        missions.update(held)
    return evolve(
        view,
        deck=_rest(range(MAIN_CARDS), in_sight, rng),
        mission_deck=_rest(_mission_pile(view), missions, rng),
        ending_pile=_rest(sorted(ENDINGS), {view.ending}, rng),
        start_pile=_rest((card.id for card in STARTS), in_sight, rng),
        rng=Rng(rng.getrandbits(64)),
    )
