"""Helpers for the Moonlighter tests: rigged dice and hand-built states.

``rigged("tile", 4, "attack", 6, ...)`` is a stand-in for the state's
generator that gives exactly those faces, in order, and fails the test if the
game rolls a different die than expected or more dice than scripted.  The
tile die is written as read on the die (0-9).
"""

from __future__ import annotations

import attrs

from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import WHITE
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.state import Room, State

SIDES = {"tile": 10, "attack": 6, "loot": 8}


@attrs.frozen
class Rigged:
    faces: tuple[tuple[int, int], ...]  # (sides, value returned by roll)

    def roll(self, sides: int) -> tuple[int, Rigged]:
        assert self.faces, f"the game rolled an unscripted d{sides}"
        (want, value), rest = self.faces[0], self.faces[1:]
        assert want == sides, f"the game rolled a d{sides} where the test expected a d{want}"
        return value, Rigged(rest)


def rigged(*spec: object) -> Rigged:
    assert len(spec) % 2 == 0
    faces = []
    for die, face in zip(spec[::2], spec[1::2]):
        sides = SIDES[str(die)]
        value = int(face) + 1 if die == "tile" else int(face)  # type: ignore[call-overload]
        faces.append((sides, value))
    return Rigged(tuple(faces))


def fresh(seed: int = 0) -> State:
    return GAME.setup(GameConfig(players=1, seed=seed))


def build(rooms=(), pos=(0, 0), dice=(), **changes) -> State:
    """A state on a hand-made map.

    ``rooms`` lists (x, y, tile) or (x, y, tile, cleared) or (x, y, tile,
    cleared, pawn); the white start room at (0, 0) is added if missing.
    """
    placed = [Room(*r) for r in rooms]
    if not any(r.pos == (0, 0) for r in placed):
        placed.insert(0, Room(0, 0, WHITE))
    state = evolve(
        fresh(),
        rooms=tuple(placed),
        cells=tuple(r.pos for r in placed),
        pos=pos,
        came_from=pos,
        rng=rigged(*dice),
        events=(),
    )
    return evolve(state, **changes)


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def greens(n: int, start_x: int = 1) -> list[tuple]:
    """``n`` cleared orange rooms in a row east of the start room."""
    return [(start_x + i, 0, "orange", True) for i in range(n)]
