"""Moonlighter state and actions (immutable).

The state is laid out for a screen to draw directly:

* ``rooms`` - the map: every placed room with its coordinates (x east, y
  south), the tile it is, whether it was cleared (shown green) and the pawn
  lying in it, if any.  ``room_at`` / ``rooms_by_pos`` read it like a dict.
* ``pos`` - the room the player stands in; ``came_from`` - where ``flee`` leads.
* ``health`` / ``max_health`` (white counter), ``enemies`` (the orange
  counters of the current fight), ``boss`` (red counter), ``pool`` (blue counter).
* ``pending`` - what the game waits for: ``explore``, ``place`` (a rolled
  tile, ``tile``, waits for a side), ``fight`` or ``loot`` (switch or keep).
* ``last_rolls`` - the dice rolled by the last action and what each meant;
  ``events`` - the last action's outcome in words.
"""

from __future__ import annotations

import attrs

from tideboard.engine.rng import Rng
from tideboard.games.moonlighter.content import BLACK, GREEN, LIVES, ORANGE, PAWN_WHITE

EXPLORE, PLACE, FIGHT, LOOT = "explore", "place", "fight", "loot"


@attrs.frozen
class Room:
    """A placed tile."""

    x: int
    y: int
    tile: str  # white, orange, yellow, blue, red or black
    cleared: bool = False  # an orange or black room turned to its green side
    pawn: str | None = None  # a pawn left lying in this (chest) room

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def colour(self) -> str:
        """The colour the room shows now (cleared rooms are green)."""
        return GREEN if self.cleared else self.tile

    @property
    def hostile(self) -> bool:
        """An orange or black room whose enemies are still there."""
        return self.tile in (ORANGE, BLACK) and not self.cleared


@attrs.frozen
class Roll:
    """One die roll: which die, the face, and what it meant."""

    die: str  # "tile" (d10, 0-9), "attack" (d6) or "loot" (d8)
    value: int
    meaning: str


# -- actions ------------------------------------------------------------------
@attrs.frozen
class RollTile:
    """Roll the tile die to find the next room."""


@attrs.frozen
class Place:
    """Put the rolled room on side ``direction`` of the current room and enter it."""

    direction: str


@attrs.frozen
class Move:
    """Walk to the neighbouring room on side ``direction``."""

    direction: str


@attrs.frozen
class Attack:
    """Roll the attack die."""


@attrs.frozen
class Flee:
    """Leave an orange room (or a black one with the black pawn) the way you came."""


@attrs.frozen
class Switch:
    """Swap your pawn for the one lying in this chest room."""


@attrs.frozen
class Keep:
    """Keep your pawn and leave the looted one in the chest room."""


Action = RollTile | Place | Move | Attack | Flee | Switch | Keep
ROLL, ATTACK, FLEE, SWITCH, KEEP = RollTile(), Attack(), Flee(), Switch(), Keep()


@attrs.frozen(slots=False)  # (a copy's __init__ then fills a dict: cheaper than slots)
class State:
    # the map
    rooms: tuple[Room, ...]
    cells: tuple[tuple[int, int], ...]  # rooms' coordinates, same order (fast lookup)
    pos: tuple[int, int] = (0, 0)
    came_from: tuple[int, int] = (0, 0)
    # the player
    health: int = 5
    max_health: int = 5
    pawn: str = PAWN_WHITE
    # counters of the current dungeon
    pool: int = 25
    boss: int = 0  # the boss's hearts while fighting it
    enemies: tuple[int, ...] = ()  # hearts of each enemy in the current fight
    # what the game waits for
    pending: str = EXPLORE
    tile: str | None = None  # the rolled tile waiting to be placed
    # campaign
    dungeon: int = 1  # dungeon number in the current run
    cleared: int = 0  # dungeons cleared in the current run
    best: int = 0  # most dungeons cleared in any run
    run: int = 1  # runs started (a death outside a boss room resets)
    lives: int = LIVES  # deaths left before the campaign ends
    rolls: int = 0  # tile-die rolls used in the campaign
    over: bool = False
    won: bool = False
    # what just happened
    last_rolls: tuple[Roll, ...] = ()
    events: tuple[str, ...] = ()
    rng: Rng = Rng()

    # -- reading the map ------------------------------------------------------
    def room_at(self, pos: tuple[int, int]) -> Room | None:
        try:
            return self.rooms[self.cells.index(pos)]
        except ValueError:
            return None

    @property
    def room(self) -> Room:
        """The room the player stands in."""
        return self.rooms[self.cells.index(self.pos)]

    def rooms_by_pos(self) -> dict[tuple[int, int], Room]:
        return dict(zip(self.cells, self.rooms))

    @property
    def fighting_boss(self) -> bool:
        return self.pending == FIGHT and self.boss > 0 and not self.enemies
