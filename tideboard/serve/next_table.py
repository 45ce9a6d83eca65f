"""``N``: to the next table waiting for your move (issue #22, turn-based play), an
action of the session's app (``app.ServeApp.action_next_table``, which calls
:func:`next_table`), so the one key works in the lobby and at every table alike
(a key no game screen and not the lobby binds: an app's binding comes after the
screen's).

In the lobby it opens the table that has waited longest for you; at a table
that waits for you too, the one after it in that order (the first again after
the last: presses step through them all; your seat here is kept, as with
``q``), at any other table the longest-waiting one.  With none it says so.  Anywhere
else (a dialog, a player's page, a replay) it does nothing.  Which tables wait:
``your_move.py``.
"""

from __future__ import annotations

from typing import Any

from tideboard.serve.your_move import NONE_OTHER, NONE_WAITING, next_waiting


def where(app: Any) -> tuple[bool, Any]:
    """Whether ``N`` applies on the screen ``app`` shows (the lobby, or a table's
    game screen), and the table there (None: the lobby)."""
    from tideboard.serve.table_screen import RemoteTable

    screen = app.screen
    control = getattr(screen, "control", None)
    if isinstance(control, RemoteTable):
        return True, control.table
    return screen is app.screen_stack[0], None


def next_table(app: Any) -> None:
    """``N`` pressed in the session ``app``: the next table waiting for its
    player's move opened, or its screen says there is none."""
    applies, here = where(app)
    if not applies:
        return
    table = next_waiting(app.room, app.player, here)
    if table is not None:
        app.open_table(table)
        return
    say = getattr(app.screen, "say", None)  # (the lobby's, a game screen's status line)
    if say is not None:
        say(NONE_WAITING if here is None else NONE_OTHER)
