"""Seeds: chosen from the operating system's entropy, and checked when given.

A seed decides every shuffle and die of a game, so a seed a player could guess
(or find by trying every small number against the public board) gives away
every hidden card.  :func:`new_seed` draws 64 bits from ``os.urandom`` (what
:mod:`secrets` uses, without its hashing modules to import); seeds a
person types are checked with :func:`check_seed` (0 <= seed < 2**64).
"""

from __future__ import annotations

import os

SEED_BITS = 64
SEED_LIMIT = 1 << SEED_BITS  # seeds are 0 <= seed < SEED_LIMIT (GameInfo.check_config agrees)
SEED_RANGE_TEXT = "0 to 2**64-1 (18446744073709551615)"


class SeedError(ValueError):
    """A seed out of range or not a whole number; the message says why."""


def new_seed() -> int:
    """A fresh seed from the operating system's entropy (64 bits)."""
    return int.from_bytes(os.urandom(SEED_BITS // 8), "big")


def check_seed(seed: int) -> int:
    """``seed`` if it is an int in range, else :class:`SeedError`."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"a seed is a whole number from {SEED_RANGE_TEXT}")
    if not 0 <= seed < SEED_LIMIT:
        raise SeedError(f"the seed must be from {SEED_RANGE_TEXT}")
    return seed


def parse_seed(text: str) -> int:
    """Read a seed a person typed: ASCII digits only, at most 20 of them."""
    text = text.strip()
    if not text or not (text.isascii() and text.isdigit()):
        raise SeedError(f"a seed is a whole number from {SEED_RANGE_TEXT}")
    if len(text) > 20:
        raise SeedError(f"the seed must be from {SEED_RANGE_TEXT}")
    return check_seed(int(text))
