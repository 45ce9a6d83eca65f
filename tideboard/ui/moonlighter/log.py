"""The Moonlighter log: the shared GameLog, keeping fewer lines.

Each kept line costs about 2.5 KiB in Textual's strips, so over a campaign
the log keeps the last ``MAX_LINES`` wrapped lines (about 200 moves; the whole
game is in the saved record): its memory stops growing early in the first
dungeon (benchmarks/memory.py).
"""

from __future__ import annotations

from tideboard.ui.shared import GameLog


class MoonlighterLog(GameLog):
    MAX_LINES = 600
