"""Moonshell state and actions (immutable).

The fields are chosen so that a screen can draw them directly:

* ``ocean`` - 25 tiles, absolute cell ``r * 5 + c`` (row 0 north, column 0 west;
  Player 1 sits south).  ``rules.ocean_rows(state, seat)`` turns it to face a seat.
* ``rocks`` - 8 tiles, rock ``side * 2 + k`` (k = 0 left, 1 right as seen by the
  player on that side); ``sides[seat]`` is the side a seat sits on.
* ``chests`` - per seat four columns, each a tuple of tiles from the floor up
  (so gravity holds by construction); ``content.chest_cells`` flattens one.
"""

from __future__ import annotations

import operator

import attrs

from tideboard.engine.rng import Rng

KEEP, PLAY = "keep", "play"  # phases: choosing secret objectives, then the turns


@attrs.frozen
class Keep:
    """Keep one of the two secret objective cards you were dealt (setup)."""

    card: str


@attrs.frozen
class Rotate:
    """Rotate the ocean board a quarter turn in the tides token's direction."""


@attrs.frozen
class Pull:
    """Pull the two nearest tiles of ``column`` (0-4 from your left) onto your rocks.

    ``first`` is only given for the centre column: the rock (0 left, 1 right)
    that the nearest tile slides onto.
    """

    column: int
    first: int | None = None


@attrs.frozen
class Collect:
    """Put a tile in chest column ``column`` (0-3 from your left).

    ``source`` is 0 for your left rock, 1 for your right rock and 2 for your
    moonshell.
    """

    source: int
    column: int


@attrs.frozen
class Pass:
    """Give up the rest of your actions (only once your chest is full)."""


Action = Keep | Rotate | Pull | Collect | Pass
ROTATE = Rotate()
PASS = Pass()
MOON = 2  # Collect.source for the moonshell


@attrs.frozen
class State:
    players: int                                  # seats in the state (2 in solo: you + automaton)
    solo: bool
    sides: tuple[int, ...]                        # board side of each seat (0 S, 1 W, 2 N, 3 E)
    ocean: tuple[int, ...]                        # 25 tiles, EMPTY where a space is empty
    rocks: tuple[int, ...]                        # 8 rock spaces
    bag: tuple[int, ...]                          # drawn from the end
    urchins_aside: int                            # go into the bag when it runs out
    chests: tuple[tuple[tuple[int, ...], ...], ...]
    moonshells: tuple[bool, ...]                  # moonshell still in reserve (unused)
    open_cards: tuple[str, ...]                   # composition, array, pair, trove, collector
    secrets: tuple[str, ...]                      # kept secret card; "" none yet, "?" hidden
    offers: tuple[tuple[str, ...], ...]           # the two dealt secret cards until one is kept
    phase: str = KEEP
    current: int = 0
    actions_left: int = 3
    turn: int = 1                                 # turns started, all seats together
    round: int = 1
    tides_odd: bool = False                       # even side (counter-clockwise) up
    end_trigger: int = -1                         # seat that filled its chest first, -1 none
    over: bool = False
    solo_deck: tuple[str, ...] = ()               # automaton's column cards, top last
    solo_discard: tuple[str, ...] = ()
    auto_rotated: bool = False                    # the automaton's one rotation is used
    auto_turns: int = 0
    auto_log: tuple[str, ...] = ()                # what the automaton did on its last turn
    rng: Rng = Rng()

    @property
    def automaton(self) -> int | None:
        """The automaton's seat in a solo game."""
        return 1 if self.solo else None

    @property
    def direction(self) -> str:
        return "clockwise" if self.tides_odd else "counter-clockwise"


_NAMES = tuple(field.name for field in attrs.fields(State))
_GET = operator.attrgetter(*_NAMES)
_INDEX = {name: index for index, name in enumerate(_NAMES)}


def evolve(state: State, **changes) -> State:
    """``attrs.evolve`` for :class:`State`, several times faster (playouts use it a lot)."""
    values = list(_GET(state))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return State(*values)
