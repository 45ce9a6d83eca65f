"""Moonshell solo: which pattern objectives the chest can still complete together.

Greedy in multiplayer credits each pattern card (Composition, Array, the secret) for
its own progress, as if the twelve spaces were there for each card alone: two
placements that want the same space for different tiles were both counted.  In solo
the rater asks instead which placements fit together: for every card not yet
completed, the placements still alive (and for a secret, each colour or shape it
could be made in), and for every choice of one placement a card (or none) whose
wishes agree where they share a space, the points of each card times the chance
of getting each tile it still needs.  That chance grows with the matching tiles left
in the water and the bag (a space that wants a purple auger, of which one is left,
is a long shot; one that wants any starfish is not) and with the turns left (none
after the last: then only what is done counts).  The moonshell in reserve may fill
the hardest space of the best choice, for the 4 points it would have kept.
"""

from __future__ import annotations

import functools
import math

from tideboard.games.moonshell.content import (
    COLOUR_BITS,
    EMPTY,
    MASK,
    PATTERN_CARDS,
    SHAPE_BITS,
    SHELLS,
    UNUSED_MOONSHELL_POINTS,
    chest_cells,
)
from tideboard.games.moonshell.state import State

RATE = 2.5  # how fast a space's chance grows with its matching tiles and the turns left
OPTIONS = 4  # placements kept a card (the likeliest)

_SHAPES = tuple(1 << k for k in range(4))
_COLOURS = tuple(1 << (4 + k) for k in range(4))


def turns_left(view: State) -> int:
    """The player's turns after the current one: the automaton fills its chest (two
    tiles a turn, one on its first, when it rotates), and the game ends that round."""
    auto = sum(len(col) for col in view.chests[1])
    need = 12 - auto
    automaton_turns = (need + 1) // 2 if view.auto_rotated else need // 2 + 1
    return max(0, automaton_turns - 1)


class Outlook:
    """The supply of tiles and the turns left, from the view at the turn's start
    (``turns``: the seat's turns after this one, where the solo count, ``turns_left``,
    is not the game's: the table's, ``table.turns_left``)."""

    def __init__(self, view: State, seat: int, turns: float | None = None) -> None:
        counts = [0] * 16
        for tiles in (view.ocean, view.rocks, view.bag):
            for t in tiles:
                if 0 <= t < 16:
                    counts[t] += 1
        total = max(1, sum(counts) + view.bag.count(16) + view.urchins_aside)
        self.turns = turns_left(view) if turns is None else turns
        self.moon = view.moonshells[seat]
        self._start = free_masks(view.chests[seat])
        self._alive: dict[str, list] = {}
        self._chance: dict[tuple[int, int], float] = {}
        # what the ratings depend on (the placements dead at the start change none)
        self.key = (tuple(counts), total, self.turns, self.moon)
        for shapes in (SHAPE_BITS, *_SHAPES):
            for colours in (COLOUR_BITS, *_COLOURS):
                n = sum(counts[t] for t in SHELLS if MASK[t] & shapes and MASK[t] & colours)
                self._chance[shapes, colours] = 1 - math.exp(-RATE * n * self.turns / total)

    def chance(self, shapes: int, colours: int) -> float:
        return self._chance[shapes, colours]

    def options(self, card_id: str, masks: tuple[int, ...]) -> list[tuple]:
        """The card's likeliest placements still alive: (chance, chance with the
        hardest space free, {space: (shapes, colours) wanted}, those spaces as a bit
        set), the filled spaces left out.  ``masks``: the chest's tiles' masks, FREE where a space is empty
        (an urchin's is 0: it matches nothing)."""
        out = []
        chance = self._chance
        placements = self._alive.get(card_id)
        if placements is None:  # (a placement dead at the turn's start stays dead)
            placements = self._alive[card_id] = _alive(card_id, self._start)
        for singles, groups in placements:
            need: dict[int, tuple[int, int]] = {}
            for c, shapes, colours in singles:
                m = masks[c]
                if m == FREE:
                    need[c] = (shapes, colours)
                elif not (m & shapes and m & colours):
                    break
            else:
                wants = [need]
                for cells, bits in groups:  # a secret's: made in one colour or one shape
                    for c in cells:
                        if masks[c] != FREE:
                            bits &= masks[c]
                    if not bits:
                        break
                    empty = [c for c in cells if masks[c] == FREE]
                    if empty:
                        wants = [
                            {
                                **w,
                                **{
                                    c: (b, COLOUR_BITS) if b & SHAPE_BITS else (SHAPE_BITS, b)
                                    for c in empty
                                },
                            }
                            for w in wants
                            for b in _SINGLE
                            if b & bits
                        ]
                else:
                    for want in wants:
                        if not want:  # (met already: a secret's other time is elsewhere)
                            continue
                        odds = 1.0
                        hardest = 1.0
                        for key in want.values():
                            p = chance[key]
                            odds *= p
                            if p < hardest:
                                hardest = p
                        out.append((odds, odds / hardest if hardest else 0.0, want))
        out.sort(key=lambda o: -o[0])
        return [(a, b, need, sum(1 << c for c in need)) for a, b, need in out[:OPTIONS]]

    def potential(self, cards: list[tuple[str, int]], masks: tuple[int, ...]) -> float:
        """The best points to come from the unfinished pattern ``cards`` (id, points)
        together, each by its chance (taken as independent); the moonshell (if in
        reserve) fills the hardest space of one card when that pays more than
        keeping it."""
        if not cards or self.turns <= 0:
            return 0.0
        key = (self.key, tuple(cards), masks)
        known = _POTENTIAL.get(key)
        if known is None:
            if len(_POTENTIAL) >= _POTENTIAL_SIZE:
                _POTENTIAL.clear()
            known = _POTENTIAL[key] = self._potential(cards, masks)
        return known

    def _potential(self, cards: list[tuple[str, int]], masks: tuple[int, ...]) -> float:
        lists = []
        for card, points in cards:
            options = [
                (points * a, points * b, need, spaces)
                for a, b, need, spaces in self.options(card, masks)
            ]
            lists.append([_NO_OPTION] + options)
        while len(lists) < 3:
            lists.append([_NO_OPTION])
        first, second, third = lists
        moon = UNUSED_MOONSHELL_POINTS if self.moon else math.inf
        later = [[_agree(x, y) for y in third] for x in first + second]
        split = len(first)
        best = 0.0
        for n, one in enumerate(first):
            a1, b1 = one[0], one[1]
            for m, two in enumerate(second, split):
                if not _agree(one, two):
                    continue
                a2, b2 = two[0], two[1]
                lift = max(b1 - a1, b2 - a2)
                for k, (a3, b3, _, _) in enumerate(third):
                    if later[n][k] and later[m][k]:
                        value = a1 + a2 + a3 + max(0.0, max(lift, b3 - a3) - moon)
                        if value > best:
                            best = value
        return best


# ratings of ``potential`` by the supply, the turns left, the moonshell, the cards and
# the chest (the moves of a turn before its first collect share them)
_POTENTIAL: dict = {}
_POTENTIAL_SIZE = 100_000

FREE = 0x100  # an empty space's entry in the masks (a tile's mask has bits 0-7 only)
_NO_OPTION: tuple = (0.0, 0.0, {}, 0)  # a card left out of the choice


def free_masks(chest) -> tuple[int, ...]:
    """The chest's tiles' masks, FREE where a space is empty."""
    return tuple(FREE if t == EMPTY else MASK[t] for t in chest_cells(chest))


def _alive(card_id: str, masks: tuple[int, ...]) -> list:
    """The card's compiled placements that the tiles in ``masks`` do not rule out."""
    out = []
    for placement in _compiled(card_id):
        singles, groups = placement
        if any(masks[c] != FREE and not (masks[c] & s and masks[c] & k) for c, s, k in singles):
            continue
        for cells, bits in groups:
            for c in cells:
                if masks[c] != FREE:
                    bits &= masks[c]
            if not bits:
                break
        else:
            out.append(placement)
    return out


@functools.cache
def _compiled(card_id: str) -> tuple:
    """A card's placements as (its one-space groups as (space, shapes wanted, colours
    wanted), in the order of the card's groups, groups of several)."""
    out = []
    for placement in PATTERN_CARDS[card_id].placements:
        spaces: dict[int, tuple[int, int]] = {}
        for cells, bits in placement:
            if len(cells) == 1:
                shapes, colours = spaces.get(cells[0], (SHAPE_BITS, COLOUR_BITS))
                spaces[cells[0]] = (bits, colours) if bits & SHAPE_BITS else (shapes, bits)
        out.append(
            (
                tuple((c, shapes, colours) for c, (shapes, colours) in spaces.items()),
                tuple((cells, bits) for cells, bits in placement if len(cells) > 1),
            )
        )
    return tuple(out)


_SINGLE = (*_SHAPES, *_COLOURS)


def _agree(one: tuple, two: tuple) -> bool:
    """Whether two options' wishes can be met by the same tiles where they share a
    space."""
    if not one[3] & two[3]:
        return True
    a, b = one[2], two[2]
    if len(b) < len(a):
        a, b = b, a
    for c, (s, k) in a.items():
        if c in b:
            s2, k2 = b[c]
            if not (s & s2 and k & k2):
                return False
    return True
