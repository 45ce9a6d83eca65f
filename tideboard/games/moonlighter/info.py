"""Moonlighter's metadata for ``tideboard list``, the picker and flag checks.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo

INFO = GameInfo(
    id="moonlighter",
    name="Moonlighter",
    min_players=1,
    max_players=1,
    summary="Roll dice to build and clear a dungeon, room by room.",
    bot_levels=("random", "easy", "greedy", "expert"),
    hidden_information=False,
    order=3,
)
