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

import attrs

from tideboard.engine.rng import Rng

KEEP, PLAY = "keep", "play"  # phases: choosing secret objectives, then the turns
MERMAID = "mermaid"  # before KEEP: choosing mermaids in turn order (with powers)
EVENT = "event"  # an event asks each player in turn (Moonrise)

# Where a mermeeple is: (kind, place).
HOME = 0  # on its mermaid board (ready)
OCEAN = 1  # a passive power was used: on the ocean board until the owner's next turn ends
TILE = 2  # active Tide Pool: on the tile in ocean cell ``place``
ROCK = 3  # active Inlet: on rock space ``place``
CORNER = 4  # active Rising Moon: on board corner ``place`` (corner k: the left end of side k)
CHEST = 5  # active Slide/Swap: on chest cell ``place`` (row * 4 + column, row 0 the floor)
BUOY_SPACE = 6  # active Buoy: holding a chest space in column ``place``
AT_HOME = (HOME, 0)


@attrs.frozen
class Keep:
    """Keep one of the two secret objective cards you were dealt (setup)."""

    card: str


@attrs.frozen
class Choose:
    """Choose your mermaid board (setup, in turn order, with mermaid powers)."""

    mermaid: str


@attrs.frozen
class Rotate:
    """Rotate the ocean board a quarter turn in the tides token's direction;
    ``twice``: two quarter turns as one action (the passive Rising Moon)."""

    twice: bool = False


@attrs.frozen
class Pull:
    """Pull the two nearest tiles of ``column`` (0-4 from your left) onto your rocks.

    ``first`` is only given for the centre column: the rock (0 left, 1 right)
    that the nearest tile slides onto.

    ``power`` is a passive mermaid power changing the pull: "inlet" (only one
    rock space open: the nearest tile fills it), "slide" (from the far end onto
    the opposite side's rocks; ``first`` is then the rock as you see it), or
    "tide-pool" (the nearest tile of ``column`` and of ``column + 1``, to your
    left and right rock).
    """

    column: int
    first: int | None = None
    power: str = ""


@attrs.frozen
class Collect:
    """Put a tile in chest column ``column`` (0-3 from your left).

    ``source`` is 0 for your left rock, 1 for your right rock and 2 for your
    moonshell.  With the passive Buoy, ``saved`` is the column the tile saved
    on your mermaid board goes to as well (-1: it stays saved), before the
    collected one if ``saved_first``; ``column`` SAVE keeps the collected tile
    on the mermaid board instead.  With the active Buoy, ``column`` BUOY_COLUMN
    puts the tile in the space your mermeeple holds.
    """

    source: int
    column: int
    saved: int = -1
    saved_first: bool = False


@attrs.frozen
class SwapTake:
    """The passive Swap: take the tile on rock ``rock`` (another side's, absolute
    index) into chest column ``column``, leaving your ``mine`` rock's tile there."""

    rock: int
    mine: int
    column: int


@attrs.frozen
class Power:
    """An active mermaid power (a free action).

    tide-pool (column, depth as you see the ocean), inlet (your rock 0/1),
    rising-moon (corner 0-3: your left, far left, far right, your right),
    slide (chest column, row from the floor, to column), swap (two chest cells
    row * 4 + column, the lower first; the other order is taken as the same swap),
    buoy (chest column).
    """

    mermaid: str
    a: int
    b: int = -1
    c: int = -1


@attrs.frozen
class Decline:
    """Let an event's offer go (Moonrise: keep the moonshell in reserve)."""


@attrs.frozen
class Pass:
    """Give up the rest of your actions (only once your chest is full)."""


Action = Keep | Rotate | Pull | Collect | Pass | Choose | SwapTake | Power | Decline
ROTATE = Rotate()
ROTATE_TWICE = Rotate(True)
PASS = Pass()
DECLINE = Decline()
MOON = 2  # Collect.source for the moonshell
SAVE = 4  # Collect.column: keep the tile on the mermaid board (passive Buoy)
BUOY_COLUMN = 5  # Collect.column: into the active Buoy mermeeple's space


@attrs.frozen(slots=False)  # (a copy's __init__ then fills a dict: cheaper than slots)
class State:
    """The whole game (immutable)."""

    players: int  # seats in the state (2 in solo: you + automaton)
    solo: bool
    sides: tuple[int, ...]  # board side of each seat (0 S, 1 W, 2 N, 3 E)
    ocean: tuple[int, ...]  # 25 tiles, EMPTY where a space is empty
    rocks: tuple[int, ...]  # 8 rock spaces
    bag: tuple[int, ...]  # drawn from the end
    urchins_aside: int  # go into the bag when it runs out
    chests: tuple[tuple[tuple[int, ...], ...], ...]
    moonshells: tuple[bool, ...]  # moonshell still in reserve (unused)
    open_cards: tuple[str, ...]  # composition, array, pair, trove, collector
    secrets: tuple[str, ...]  # kept secret card; "" none yet, "?" hidden
    offers: tuple[tuple[str, ...], ...]  # the two dealt secret cards until one is kept
    phase: str = KEEP
    current: int = 0
    actions_left: int = 3
    turn: int = 1  # turns started, all seats together
    round: int = 1
    tides_odd: bool = False  # even side (counter-clockwise) up
    end_trigger: int = -1  # seat that filled its chest first, -1 none
    over: bool = False
    solo_deck: tuple[str, ...] = ()  # automaton's column cards, top last
    solo_discard: tuple[str, ...] = ()
    auto_rotated: bool = False  # the automaton's one rotation is used
    auto_turns: int = 0
    auto_log: tuple[str, ...] = ()  # what the automaton did on its last turn
    rng: Rng = Rng()
    # -- the advanced rules (options); the defaults are the plain game ------------------
    mode: str = "standard"  # the variant (for display)
    moonshell_on: bool = True  # the moonshell is played with
    powers: str = ""  # "", "passive" or "active"
    mermaids: tuple[str, ...] = ()  # per seat ("" none / not chosen yet)
    meeples: tuple[tuple[int, int], ...] = ()  # per seat: (kind, place), see HOME...
    meeple_round: tuple[int, ...] = ()  # round each mermeeple left home
    # per seat: the turn (``turn``) in which its mermeeple last came home during its owner's
    # turn; the power rests until a later turn (0: never came home)
    meeple_back: tuple[int, ...] = ()
    saved: tuple[int, ...] = ()  # passive Buoy: the tile saved, EMPTY none
    events_on: bool = False
    event: str = ""  # this round's event card
    event_deck: tuple[str, ...] = ()  # top last
    event_discard: tuple[str, ...] = ()
    free_rotation: bool = False  # Free Flow: this turn's free rotation is used

    @property
    def automaton(self) -> int | None:
        """The automaton's seat in a solo game."""
        return 1 if self.solo else None

    @property
    def direction(self) -> str:
        return "clockwise" if self.tides_odd else "counter-clockwise"

    @property
    def in_play(self) -> int:
        """Mermeeples on the field (not on their mermaid boards)."""
        return sum(1 for where in self.meeples if where[0] != HOME)
