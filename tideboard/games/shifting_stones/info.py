"""Shifting Stones's metadata for ``tideboard list``, the picker and flag checks.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo

INFO = GameInfo(
    id="shifting-stones",
    name="Shifting Stones",
    min_players=2,
    max_players=5,
    solo=True,
    summary="Swap and flip nine stones to match your pattern cards.",
    bot_levels=("random", "easy", "greedy", "expert"),
    order=1,
)
