"""Moonlighter determinization: nothing is hidden but the dice to come, so the
sampled state is the view with a generator of the bot's drawing."""

from __future__ import annotations

import random

from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.state import State


def determinize(view: State, seat: int, rng: random.Random) -> State:
    """The view with a fresh generator: every later die roll is drawn anew."""
    return evolve(view, rng=Rng(rng.getrandbits(64)))
