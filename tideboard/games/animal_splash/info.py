"""Animal Splash's metadata for ``tideboard list``, the picker and flag checks.

Plain data importing only the engine's contract: reading it loads none of the rules.
"""

from __future__ import annotations

from tideboard.engine.core import GameInfo, GameOption

INFO = GameInfo(
    id="animal-splash",
    name="Animal Splash",
    min_players=2,
    max_players=5,
    summary="Dive around the grid, line up sea animals for pearls, take missions.",
    bot_levels=("random", "easy", "greedy", "expert"),
    hidden_information=False,
    options=(
        GameOption(
            "ruleset",
            "Ruleset",
            ("2", "1"),
            "2",
            "which rules: leave it at 2, today's "
            "(the missions as rebalanced: 2 crabs, 2 double plants); "
            "1 is the first release's, kept so that games saved before ruleset 2 play on as they were",
        ),
    ),
    order=5,
)
