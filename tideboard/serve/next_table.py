"""``N``: to the next table waiting for your move (issue #22, turn-based play), a
base of the session's app (``app.ServeApp``), so the one key works in the lobby
and at every table alike (a key no game screen and not the lobby binds: an
app's binding comes after the screen's).

In the lobby it opens the table that has waited longest for you; at a table
that waits for you too, the one after it in that order (the first again after
the last: presses step through them all; your seat here is kept, as with
``q``), at any other table the longest-waiting one.  With none it says so.  Anywhere
else (a dialog, a player's page, a replay) it does nothing.  Which tables wait:
``your_move.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding

from tideboard.serve.your_move import NONE_OTHER, NONE_WAITING, next_waiting


class NextTableKey(App[Any]):
    if TYPE_CHECKING:
        room: Any
        player: str

        def open_table(self, table: Any) -> None: ...

    BINDINGS = [Binding("N", "next_table", "Next table", show=False)]

    def _at(self) -> tuple[bool, Any]:
        """Whether ``N`` applies on the screen shown (the lobby, or a table's game
        screen), and the table there (None: the lobby)."""
        from tideboard.serve.table_screen import RemoteTable

        screen = self.screen
        control = getattr(screen, "control", None)
        if isinstance(control, RemoteTable):
            return True, control.table
        return screen is self.screen_stack[0], None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_table":
            return self._at()[0]
        return super().check_action(action, parameters)

    def action_next_table(self) -> None:
        applies, here = self._at()
        if not applies:
            return
        table = next_waiting(self.room, self.player, here)
        if table is not None:
            self.open_table(table)
            return
        say = getattr(self.screen, "say", None)  # (the lobby's, a game screen's status line)
        if say is not None:
            say(NONE_WAITING if here is None else NONE_OTHER)
