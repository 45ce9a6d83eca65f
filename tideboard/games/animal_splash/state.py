"""Animal Splash state and actions (immutable).

Positions in a tableau are 0-based here (1-based in notation and on screen);
an area is ``ANIMAL`` (0, the upper half) or ``PLANT`` (1, the lower half).
A pearl is stored as ``card id * 2 + area`` in the set of whoever holds the card
(``pearls[seat]``, or ``pearls[players]`` for cards in the grid): pearls stay on
their cards wherever a card goes.
"""

from __future__ import annotations

import attrs

from tideboard.engine.rng import Rng

HIDDEN = -2  # a pile's card a seat may not see
EMPTY = -1  # a grid cell whose card was taken this turn (refilled at the end)
UNPLACED = -1  # a diver not on the board yet (first round)

MOVE, TAKE, ACT = "move", "take", "act"  # the turn's steps: diver, card, the rest


@attrs.frozen
class Dive:
    """Place the diver (first round) or move it clockwise to ``spot`` (0-11)."""

    spot: int


@attrs.frozen
class Take:
    """Take the card on grid ``cell`` (in the faced line) and add it at one end."""

    cell: int
    right: bool


@attrs.frozen
class Slide:
    """Pay 1 oxygen: move the card at position ``frm`` to position ``to``."""

    frm: int
    to: int


@attrs.frozen
class MovePearl:
    """Pay 2 oxygen: move the pearl on (``frm``, ``frm_area``) one step to
    (``to``, ``to_area``): the other area of the card, or the same area of a neighbour."""

    frm: int
    frm_area: int
    to: int
    to_area: int


@attrs.frozen
class Swap:
    """Pay 3 oxygen: exchange the card at position ``pos`` with the grid card on ``cell``."""

    pos: int
    cell: int


@attrs.frozen
class Score:
    """Put a pearl on area ``area`` of the card at ``pos``, which is part of a group of
    three (same animal, same colour, or same plant) not scored yet."""

    pos: int
    area: int


@attrs.frozen
class End:
    """End the turn, taking mission ``mission`` (0: none); the grid is refilled."""

    mission: int = 0


Action = Dive | Take | Slide | MovePearl | Swap | Score | End
END = End()


@attrs.frozen(slots=False)  # (a copy's __init__ then fills a dict: cheaper than slots)
class State:
    players: int
    first: int  # the start player (lowest start card)
    grid: tuple[int, ...]  # nine card ids (EMPTY where taken this turn)
    deck: tuple[int, ...]  # the draw pile, drawn from at random
    tableaus: tuple[tuple[int, ...], ...]
    oxygen: tuple[int, ...]
    divers: tuple[int, ...]  # spot per seat, UNPLACED before the first dive
    pearls: tuple[frozenset[int], ...]  # per seat, then the grid's: card * 2 + area
    open_missions: tuple[int, ...]  # face up, at most three
    mission_deck: tuple[int, ...]  # drawn from at random
    held: tuple[tuple[int, ...], ...]  # missions taken, per seat
    ending: int  # the end-scoring card in play
    ending_pile: tuple[int, ...]  # the end-scoring cards not used
    start_pile: tuple[int, ...]  # the start cards not dealt
    current: int = 0
    round: int = 1
    phase: str = MOVE
    taken: int = EMPTY  # the cell emptied this turn
    over: bool = False
    rng: Rng = Rng()

    def pearls_on(self, cid: int) -> tuple[bool, bool]:
        """Does card ``cid`` hold a pearl on its animal area, on its plant area?"""
        return (
            any(cid * 2 in held for held in self.pearls),
            any(cid * 2 + 1 in held for held in self.pearls),
        )
