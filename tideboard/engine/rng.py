"""A tiny deterministic random generator whose whole position is one integer.

Game states keep an :class:`Rng` value; every draw returns the value drawn and
the generator's next position, so states stay immutable and the same seed with
the same actions always replays the same game.  The algorithm is SplitMix64,
which is small, fast and good enough for shuffling cards and rolling dice.
"""

from __future__ import annotations

import functools
import operator
import struct
from typing import Sequence, TypeVar

import attrs

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_TOP = 1 << 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@attrs.frozen
class Rng:
    """The position of a SplitMix64 stream."""

    position: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(_mix((seed * _GAMMA) & _MASK))

    def next64(self) -> tuple[int, "Rng"]:
        position = (self.position + _GAMMA) & _MASK
        return _mix(position), Rng(position)

    def below(self, n: int) -> tuple[int, "Rng"]:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def roll(self, sides: int) -> tuple[int, "Rng"]:
        """A die roll from 1 to ``sides``."""
        value, rng = self.below(sides)
        return value + 1, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], "Rng"]:
        """A shuffled copy of ``items`` (Fisher-Yates), each swap drawn as ``below(i + 1)``
        draws it.  Setups shuffle a lot, so the draws' mixing is done for all of them at
        once (:func:`_mixed_draws`); in the rare case that one of them would be redrawn
        (rejection sampling), the draws are made one by one instead."""
        out = list(items)
        draws = len(out) - 1
        if draws < 1:
            return tuple(out), self
        values = _mixed_draws(self.position, draws)
        if max(values) >= _TOP - len(out):  # a draw might be rejected (about n in 2**64)
            return _shuffle_one_by_one(out, self.position)
        # the swaps: item i with item values[k] % (i + 1), for i = draws, ..., 1
        for i, j in zip(range(draws, 0, -1), map(operator.mod, values, range(draws + 1, 1, -1))):
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng((self.position + draws * _GAMMA) & _MASK)

    def choice(self, items: Sequence[T]) -> tuple[T, "Rng"]:
        index, rng = self.below(len(items))
        return items[index], rng


def _shuffle_one_by_one(out: list, position: int) -> tuple[tuple, Rng]:
    """Fisher-Yates with each swap drawn as ``below(i + 1)`` draws it, stepping the
    stream inline (what :meth:`Rng.shuffle` gives, rejected draws included)."""
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _TOP - _TOP % n
        while True:
            position = (position + _GAMMA) & _MASK
            z = _mix(position)
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), Rng(position)


def _mixed_draws(position: int, count: int) -> tuple[int, ...]:
    """The next ``count`` values of the stream from ``position`` (what ``count`` calls
    of ``next64`` give), mixed all at once: the positions are packed into one integer,
    one 128-bit lane each, so that every step of :func:`_mix` is a single big-integer
    operation (a lane's product fits in its lane; the masks cut what a shift brings
    over from the next lane)."""
    ones, steps, masks, layout = _lanes(count)
    z = (position * ones + _GAMMA * steps) & masks
    z = (((z ^ (z >> 30)) & masks) * 0xBF58476D1CE4E5B9) & masks
    z = (((z ^ (z >> 27)) & masks) * 0x94D049BB133111EB) & masks
    z = (z ^ (z >> 31)) & masks
    return layout.unpack(z.to_bytes(16 * count, "little"))[::2]


@functools.lru_cache(maxsize=64)
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` lanes: 1 in each lane, k + 1 in lane k, 2**64 - 1 in each lane, and
    the layout reading each lane's low and high 64 bits."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum((k + 1) << (128 * k) for k in range(count))
    return ones, steps, _MASK * ones, struct.Struct(f"<{2 * count}Q")


def draw(deck: tuple[T, ...], discard: tuple[T, ...], rng: Rng,
         count: int) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...], Rng]:
    """Draw ``count`` cards from the top (the end) of ``deck``, shuffling the
    discard pile in when the deck runs out (fewer if both are empty).

    Returns ``(drawn, deck, discard, rng)``.
    """
    drawn: list[T] = []
    for _ in range(count):
        if not deck:
            if not discard:
                break
            deck, rng = rng.shuffle(discard)
            discard = ()
        drawn.append(deck[-1])
        deck = deck[:-1]
    return tuple(drawn), deck, discard, rng
