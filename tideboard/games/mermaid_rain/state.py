"""Mermaid Rain state and actions (immutable).

Every action names the seat that takes it: in the meld phase and at the
end-of-round discard several seats choose at once (``to_move`` lists them
all), and an action says whose choice it is.

A hand is four counts ``(dolphins, seagulls, turtles, unknown)``: a real
state always has ``unknown == 0``; a view moves the counts of a hand its seat
may not see into ``unknown``, so the size stays visible and the cards do not.
"""

from __future__ import annotations

import attrs

from tideboard.engine.rng import Rng

HIDDEN = -1  # a card, tile or treasure kind the viewer may not see
CHOSEN = (HIDDEN,)  # another seat's meld choice, made but not yet revealed

# phases
MELD, PICK, RIDE, HOME, DISCARD, OVER = "meld", "pick", "ride", "home", "discard", "over"


@attrs.frozen
class Show:
    """Add ``cards`` (kinds, sorted) to the meld: two adventure cards first,
    then one card at a time, where the Mermaid card (3) stops."""

    seat: int
    cards: tuple[int, ...]


@attrs.frozen
class Pick:
    """Take the face-up surf tile ``tile`` (in meld order)."""

    seat: int
    tile: int


@attrs.frozen
class Draw:
    """Aquamarine Waltz: take the top face-down surf tile of ``shape``."""

    seat: int
    shape: int


@attrs.frozen
class Enter:
    """Put the mermaid on the free start space ``cell`` (the first turn)."""

    seat: int
    cell: int


@attrs.frozen
class Place:
    """Lay the held surf tile ``tile`` on the empty sea ``cells`` (sorted)."""

    seat: int
    tile: int
    cells: tuple[int, ...]


@attrs.frozen
class Drop:
    """Do not place the held surf tile ``tile``: it is discarded."""

    seat: int
    tile: int


@attrs.frozen
class Move:
    """Move to the neighbouring space ``to`` paying ``cards`` (one or a pair, sorted)."""

    seat: int
    to: int
    cards: tuple[int, ...]


@attrs.frozen
class Teleport:
    """Mermaid Rain's bonus: start the move by jumping to any space ``to``."""

    seat: int
    to: int


@attrs.frozen
class Take:
    """Collect treasure number ``index`` (0-based) of the space the mermaid is on."""

    seat: int
    index: int


@attrs.frozen
class End:
    """End the surf-riding turn."""

    seat: int


@attrs.frozen
class Home:
    """A mermaid whose dark tile left the board goes to start space ``cell``."""

    seat: int
    cell: int


@attrs.frozen
class Keep:
    """At the end of a round keep these two adventure cards (kinds, sorted)."""

    seat: int
    cards: tuple[int, ...]


Action = Show | Pick | Draw | Enter | Place | Drop | Move | Teleport | Take | End | Home | Keep


@attrs.frozen(slots=False)  # (a copy's __init__ then fills a dict: cheaper than slots)
class State:
    """The whole table."""

    players: int
    phase: str
    round: int  # undercurrent cards drawn so far (1-5)
    prince: int  # the seat holding the Prince card
    hands: tuple[tuple[int, int, int, int], ...]
    deck: tuple[int, ...]  # adventure cards, the top last
    discard: tuple[int, ...]
    undercurrents: tuple[int, ...]  # the undercurrent deck, the top last
    current_undercurrent: int  # the card drawn this round
    piles: tuple[tuple[int, ...], ...]  # face-down surf tiles per shape, top last
    tile_discards: tuple[tuple[int, ...], ...]  # per shape
    offer: tuple[int, ...]  # face-up surf tiles to pick
    # the meld phase
    melds: tuple[tuple[int, int, int], ...]  # cards revealed per seat (kind counts)
    stopped: tuple[bool, ...]  # showed the Mermaid card
    chosen: tuple[tuple[int, ...] | None, ...]  # the choices not yet revealed
    ranks: tuple[int, ...]  # meld rank per seat (1 best), 0 before
    order: tuple[int, ...]  # this round's turn order (meld order)
    turn: int  # index into ``order`` (pick, ride)
    teleport: tuple[bool, ...]  # Mermaid Rain bonus still to use
    waltz: tuple[bool, ...]  # Aquamarine Waltz draw still to make
    # surf tiles and the board
    held: tuple[tuple[int, ...], ...]  # tiles each seat picked, to place
    extra: tuple[int, ...]  # per seat: the Waltz tile held face down, or -1
    cover: tuple[int, ...]  # per cell: the surf tile on it, or -1
    covered: int  # the same as a bit mask of cells
    tile_cells: tuple[tuple[int, ...], ...]  # per tile: the cells it covers on the board
    at: tuple[int, ...]  # per seat: the space (cell) or -1 off the board
    moved: bool  # the seat riding has moved this turn
    taken_here: frozenset[int]  # spaces the rider collected from this turn
    # treasures
    kinds: tuple[int, ...]  # per treasure id (HIDDEN in a view)
    spaces: tuple[tuple[int, ...], ...]  # per cell: treasure ids lying there
    face_up: frozenset[int]  # treasures lying or kept face up
    owned: tuple[tuple[int, ...], ...]  # per seat
    pool: tuple[int, ...]  # the face-down treasure pool
    known: tuple[frozenset[int], ...]  # per seat: face-down treasures it has seen
    points: tuple[int, ...]  # the score track
    stranded: tuple[int, ...] = ()  # seats still to go home, in turn order
    rng: Rng = Rng()

    @property
    def over(self) -> bool:
        return self.phase == OVER
