"""Mermaid Rain's metadata for ``tideboard list``, the picker and flag checks.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo

INFO = GameInfo(
    id="mermaid-rain",
    name="Mermaid Rain",
    min_players=3,
    max_players=6,
    summary="Meld cards all at once, lay surf tiles, ride to the treasures.",
    order=4,
)
