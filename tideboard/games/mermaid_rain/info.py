"""Mermaid Rain's metadata for ``tideboard list``, the picker and flag checks.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo, GameOption

INFO = GameInfo(
    id="mermaid-rain",
    name="Mermaid Rain",
    min_players=3,
    max_players=6,
    summary="Meld cards all at once, lay surf tiles, ride to the treasures.",
    bot_levels=("random", "easy", "greedy", "expert"),
    options=(
        GameOption(
            "ruleset",
            "Ruleset",
            ("2", "1"),
            "2",
            "which rules: leave it at 2, today's "
            "(the treasures laid out to last all five rounds at every table); "
            "1 is the first release's, kept so that games saved before ruleset 2 play on as they were",
        ),
    ),
    order=4,
)
