"""The lobby's title line: who you are, and how many of your tables wait for your
move ("Your move in 2 tables: N goes to the next", ``your_move.py``), drawn
again with the lobby's list (``LobbyScreen.fill``: on every table change,
gathered as the lobby gathers them) only when it changes, and when its width
does.

It is one line at any width: the longest name (24 characters) with the count
fits 80 columns.  Where the whole line does not fit, it gets shorter in steps
(the count's "N goes to the next" becomes "(N)", then "tideboard lobby ·" goes,
then the name is cut with an ellipsis; at last the line: :func:`title_text`)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widgets import Static

from tideboard.serve.your_move import count_words, waiting_tables

SITE = "tideboard lobby · "


def short_words(count: int) -> str:
    """The count's words where the whole do not fit: "Your move in 2 tables (N)"."""
    if count == 0:
        return ""
    return f"Your move in {count} table{'s' if count > 1 else ''} (N)"


def title_text(player: str, waiting: int, width: int) -> Text:
    """The title for ``width`` columns: the first of its forms that fits, else
    the shortest with the name cut (an ellipsis), else that cut at the width."""
    forms = [
        (f"{SITE}you are {player}", count_words(waiting)),
        (f"{SITE}you are {player}", short_words(waiting)),
        (f"you are {player}", short_words(waiting)),
    ]
    for head, words in forms:
        room = width - (len(words) + 3 if words else 0)  # (for the head)
        if len(head) <= room:
            break
    else:  # the name cut, the count kept
        keep = max(3, room - len("you are ") - 1)
        if keep < len(player):
            head = f"you are {player[:keep]}…"
    text = Text(head)
    if words:
        text.append(" · ")
        text.append(words, style="bold")
    if width > 0 and len(text) > width:
        text.truncate(width, overflow="ellipsis")
    return text


class LobbyTitle(Static):
    def __init__(self, player: str) -> None:
        super().__init__(f"{SITE}you are {player}", id="lobby-title")
        self.player = player
        self.waiting = 0  # the tables waiting for the player's move, as shown
        self.width = 0  # the width it was drawn for

    def show(self, room: Any) -> None:
        """The count of the tables waiting for the player now (redrawn if it changed)."""
        waiting = len(waiting_tables(room, self.player))
        if waiting == self.waiting:
            return
        self.waiting = waiting
        self._draw(self.size.width or self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self.width:
            self._draw(event.size.width)

    def _draw(self, width: int) -> None:
        self.width = width
        self.update(title_text(self.player, self.waiting, width))
