"""A tiny deterministic random generator whose whole position is one integer.

Game states keep an :class:`Rng` value; every draw returns the value drawn and
the generator's next position, so states stay immutable and the same seed with
the same actions always replays the same game.  The algorithm is SplitMix64,
which is small, fast and good enough for shuffling cards and rolling dice.
"""

from __future__ import annotations

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
        draws it; the stream is stepped inline (no Rng per draw: setups shuffle a lot)."""
        out = list(items)
        position = self.position
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = _TOP - _TOP % n
            while True:
                position = (position + _GAMMA) & _MASK
                z = ((position ^ (position >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(position)

    def choice(self, items: Sequence[T]) -> tuple[T, "Rng"]:
        index, rng = self.below(len(items))
        return items[index], rng


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
