"""The lobby's keys to players' pages and leaderboards (issue #22), a base of
:class:`~tideboard.serve.lobby.LobbyScreen`: ``p`` opens a player's page (on a
table's line, its players'; else your own), ``r`` a game's leaderboard (the
game of the line under the cursor).  The screens are in ``players.py``,
imported when first opened."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.screen import Screen

from tideboard.serve.lobby_list import LobbyList


class PlayersKeys(Screen):
    if TYPE_CHECKING:
        app: Any  # a server session's app (serve/app.py's ServeApp)
        room: Any
        player: str

    BINDINGS = [
        Binding("p", "player_page", "Players", show=False),
        Binding("r", "leaderboard", "Ratings", show=False),
    ]

    def action_player_page(self) -> None:
        from tideboard.serve.players import player_page

        entry = self.query_one(LobbyList).current()
        self.app.push_screen(player_page(self.room, self.player, entry))

    def action_leaderboard(self) -> None:
        from tideboard.serve.players import leaderboard

        entry = self.query_one(LobbyList).current()
        self.app.push_screen(leaderboard(self.room, self.player, entry))
