"""The lobby's title line: who you are, and how many of your tables wait for your
move ("Your move in 2 tables: N goes to the next", ``your_move.py``), drawn
again with the lobby's list (``LobbyScreen.fill``: on every table change,
gathered as the lobby gathers them) only when it changes."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tideboard.serve.your_move import count_words, waiting_tables


class LobbyTitle(Static):
    def __init__(self, player: str) -> None:
        super().__init__(f"tideboard lobby · you are {player}", id="lobby-title")
        self.player = player
        self.waiting = 0  # the tables waiting for the player's move, as shown

    def show(self, room: Any) -> None:
        """The count of the tables waiting for the player now (redrawn if it changed)."""
        waiting = len(waiting_tables(room, self.player))
        if waiting == self.waiting:
            return
        self.waiting = waiting
        text = Text(f"tideboard lobby · you are {self.player}")
        if waiting:
            text.append(" · ")
            text.append(count_words(waiting), style="bold")
        self.update(text)
