"""The Moonlighter log: the shared GameLog, keeping fewer lines.

A campaign is thousands of moves, so the log keeps the last ``MAX_LINES``
wrapped lines (about 200 moves; the whole game is in the saved record): its
memory stops growing early in the first dungeon (benchmarks/memory.py).
"""

from __future__ import annotations

from tideboard.ui.shared import GameLog


class MoonlighterLog(GameLog):
    MAX_LINES = 600
