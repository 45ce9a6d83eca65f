"""A run of text lines kept compressed together: the match's and the screen's log keep
their old lines so (a run of log lines is mostly the same words, which compress well)."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

_SEP = "\0"


def pack(lines: Sequence[str]) -> bytes | None:
    """``lines`` compressed together, or None when a line holds the separator."""
    if any(_SEP in line for line in lines):
        return None
    return zlib.compress(_SEP.join(lines).encode(), 6)


def unpack(data: bytes) -> list[str]:
    """The lines given to :func:`pack`."""
    return zlib.decompress(data).decode().split(_SEP)
