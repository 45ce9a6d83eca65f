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
from collections.abc import Sequence
from typing import TypeVar

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
    """The position of a SplitMix64 stream: immutable, equal and hashed by position."""

    position: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(_mix((seed * _GAMMA) & _MASK))

    def next64(self) -> tuple[int, Rng]:
        position = (self.position + _GAMMA) & _MASK
        return _mix(position), Rng(position)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def roll(self, sides: int) -> tuple[int, Rng]:
        """A die roll from 1 to ``sides``."""
        value, rng = self.below(sides)
        return value + 1, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates), each swap drawn as ``below(i + 1)``
        draws it.  Setups shuffle a lot, so the draws' mixing is done for all of them at
        once (:func:`_mixed_draws`); in the rare case that one of them would be redrawn
        (rejection sampling), the draws are made one by one instead."""
        out = list(items)
        draws = len(out) - 1
        if draws < 1:
            return tuple(out), self
        values, raw = _mixed_draws(self.position, draws)
        # a draw might be rejected (about n in 2**64): such a draw's top six bytes are all
        # ones, so the bytes are searched first (fast) and the values only when they hold that
        if (len(out) >= 1 << 16 or _ONES in raw) and max(values) >= _TOP - len(out):
            return _shuffle_one_by_one(out, self.position)
        # the swaps: item i with item values[k] % (i + 1), for i = draws, ..., 1
        for i, j in zip(range(draws, 0, -1), map(operator.mod, values, range(draws + 1, 1, -1))):
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng((self.position + draws * _GAMMA) & _MASK)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng

    def choose_each(self, pools: Sequence[Sequence[T]]) -> tuple[list[T], Rng]:
        """One item of each pool, in order: what a ``choice`` per pool gives, the stream
        stepped inline (no generator made per draw)."""
        position = self.position
        out = []
        for items in pools:
            if not items:
                raise ValueError("below() needs a positive bound")
            index, position = _below(position, len(items))
            out.append(items[index])
        return out, Rng(position)


def _below(position: int, n: int) -> tuple[int, int]:
    """``below(n)`` from the stream at ``position``: the index and the new position."""
    limit = _TOP - _TOP % n
    while True:
        position = (position + _GAMMA) & _MASK
        z = _mix(position)
        if z < limit:
            return z % n, position


def _shuffle_one_by_one(out: list, position: int) -> tuple[tuple, Rng]:
    """Fisher-Yates with each swap drawn as ``below(i + 1)`` draws it, stepping the
    stream inline (what :meth:`Rng.shuffle` gives, rejected draws included)."""
    for i in range(len(out) - 1, 0, -1):
        j, position = _below(position, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), Rng(position)


_ONES = b"\xff" * 6


def _mixed_draws(position: int, count: int) -> tuple[tuple[int, ...], bytes]:
    """The next ``count`` values of the stream from ``position`` (what ``count`` calls
    of ``next64`` give), mixed all at once: the positions are packed into one integer,
    one 128-bit lane each, so that every step of :func:`_mix` is a single big-integer
    operation (a lane's product fits in its lane; the masks cut what a shift brings
    over from the next lane).  Also returns the lanes' bytes the values were read from."""
    ones, steps, masks, layout = _lanes(count)
    z = (position * ones + steps) & masks
    z = (((z ^ (z >> 30)) & masks) * 0xBF58476D1CE4E5B9) & masks
    z = (((z ^ (z >> 27)) & masks) * 0x94D049BB133111EB) & masks
    raw = ((z ^ (z >> 31)) & masks).to_bytes(16 * count, "little")
    return layout.unpack(raw), raw


@functools.lru_cache(maxsize=64)
def _lanes(count: int) -> tuple[int, int, int, struct.Struct]:
    """For ``count`` lanes: 1 in each lane, (k + 1) * _GAMMA in lane k, 2**64 - 1 in each
    lane, and the layout reading each lane's low 64 bits (the high ones are zero: skipped)."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GAMMA) << (128 * k) for k in range(count))
    return ones, steps, _MASK * ones, struct.Struct("<" + "Q8x" * count)


def draw(
    deck: tuple[T, ...], discard: tuple[T, ...], rng: Rng, count: int
) -> tuple[tuple[T, ...], tuple[T, ...], tuple[T, ...], Rng]:
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
