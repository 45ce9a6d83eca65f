"""The lobby: your unfinished tables, the open tables, your finished tables
(for replay), the playable games.

One widget draws the whole list (a line per entry, the cursor's line
highlighted), so the first screen of every SSH session is light; it redraws
when the room says a table changed.  Enter does the obvious thing with the
line under the cursor: back to your table, sit at an open one, replay a
finished one, or open a new table for a game; ``w`` watches a table, ``s`` starts your table with
bots in the empty seats, ``x`` gives up your table before it starts.

However many tables there are, every line is a few keys away: PgUp/PgDn turn
a page, Home/End go to the first and last line (the list's own keys, with
↑↓ and Enter: ``lobby_list.py``), ``n`` to the games (a new table), and ``/``
filters the lines by what they say (a game, a player, a table id; Esc clears
the filter).  The title counts your tables waiting for your move
(``lobby_title.py``) and ``N`` opens the one that waited longest
(``next_table.py``).  ``p`` opens a player's page and ``r`` a game's
leaderboard (``players.py``); ``c`` and ``d`` are for private tables, what
they do the screen's ``private`` (``lobby_private.py``); ``b`` links a browser
to your name (``lobby_links.py``).

:class:`LobbyScreen` is one Textual screen: what it does is its own methods,
the list's keys are the list's, and the private tables' actions an object it
holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from tideboard.engine import registry
from tideboard.engine.core import ConfigError, TideboardError
from tideboard.serve import lobby_private
from tideboard.serve.clock_view import lobby_clock
from tideboard.serve.lobby_list import Entry, ListFilter, ListStatus, LobbyList
from tideboard.serve.lobby_title import LobbyTitle
from tideboard.serve.your_move import LOBBY_HELP as NEXT_TABLE_HELP
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.screens import has_screen
from tideboard.ui.shared.modals import ConfirmScreen, HelpScreen

# seconds a lobby gathers the tables' changes before it is drawn again
REFILL = 0.1

LOBBY_KEYS_HELP = [
    ("↑ ↓ (k j)", "move between the lines"),
    ("PgUp PgDn, Home End", "a page up or down, the first or the last line"),
    ("n", "to the games: open a new table"),
    NEXT_TABLE_HELP,
    (
        "/",
        "filter the lines: type part of a game, a player or a table id "
        "(Enter keeps it, Esc clears it)",
    ),
    (
        "Enter",
        "your table: back to it; an open table: take a free seat; "
        "a finished table: replay it; a game: open a new table",
    ),
    ("w", "watch the table under the cursor"),
    ("s", "start your open table now, bots in the empty seats"),
    ("x", "close your open table (before it starts)"),
    (
        "a",
        "on your finished table: a rematch, the same game and seats at a new table "
        "(the other players' seats are kept for them)",
    ),
    ("p", "a player's page (on a table: its players; else yours): games, ratings, tables"),
    ("r", "the leaderboard of a game (the one under the cursor)"),
    *lobby_private.LOBBY_PRIVATE_HELP,
    ("b", "link a browser to your name (a one-time code), or unlink the browsers linked to it"),
    ("F4", "colour depth: true colour, 256, 16 colours, none"),
    ("?", "this help"),
    ("q", "leave (your seats are kept)"),
]
LOBBY_HELP = """A table starts when every seat is taken (by players, or by the bots
its creator put there), or when its creator starts it with bots in the empty
seats. At the table you see only what your seat may see; a spectator sees what
every player sees. If you drop out, your seat waits for you: connect again
with the same name (and key) and you are back. After a while a bot plays your
seat until you return. A table whose seats are all players with their own keys
(no bots, no hints used, nobody away long enough for a bot to play) is rated:
p shows a player's page, r a game's leaderboard.
"""


class LobbyLines(LobbyList):
    """The lobby's list: Enter opens, sits or opens a new table (the footer says so)."""

    BINDINGS = [Binding("enter", "select", "Open / sit / new table")]


class LobbyScreen(Screen):
    if TYPE_CHECKING:
        # a server session's app (serve/app.py's ServeApp: not imported, it imports
        # this screen)
        app: Any

    DEFAULT_CSS = """
    #lobby-filter { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS = [
        Binding("n", "games", "New table", show=False),
        Binding("escape", "clear_filter", "Clear filter", show=False),
        Binding("w", "watch", "Watch"),
        Binding("s", "start", "Start with bots"),
        Binding("x", "close_table", "Close"),
        Binding("a", "rematch", "Rematch", show=False),  # (the section's title says it)
        Binding("slash", "filter", "Filter", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit_lobby", "Leave"),
        Binding("p", "player_page", "Players", show=False),
        Binding("r", "leaderboard", "Ratings", show=False),
        *lobby_private.KEYS,  # c, d
        Binding("b", "browser", "Browser", show=False),  # (lobby_links.py)
    ]

    def __init__(self, room: Any, name: str) -> None:
        super().__init__(id="lobby")
        self.room = room
        self.player = name
        # a table of ours, or one to watch, not started yet: opened when it starts
        self.waiting_for: str | None = None
        self.filter = ""  # only the lines with this text (any case)
        self._refill = False  # a fill is due: the changes of the next REFILL s gather
        self.private = lobby_private.PrivateTables(self)  # c, d, /join, a new table's code

    def compose(self) -> ComposeResult:
        yield LobbyTitle(self.player)
        yield LobbyLines()
        yield ListStatus("", id="lobby-status")
        box = ListFilter(
            placeholder="filter: a game, a player or a table id", max_length=40, id="lobby-filter"
        )
        box.display = False  # until / is pressed
        yield box
        yield KeysLine()

    @property
    def lines(self) -> LobbyList:
        return self.query_one(LobbyList)

    def on_mount(self) -> None:
        # this session's app: ``self.app`` is the app of whichever session's task
        # asks (a table's change calls every lobby's _listen from the changer's task)
        self.session_app = self.app
        self.room.lobby_listeners.add(self._listen)
        welcome = getattr(self.app, "welcome", None)  # a guest: why, and their name
        self.say(welcome or "Enter: open the line under the cursor; ? explains the lobby.")

    def on_unmount(self) -> None:
        self.room.lobby_listeners.discard(self._listen)

    def wait_for(self, table_id: str) -> None:
        """Open the table (ours, not started) once it starts."""
        self.waiting_for = table_id

    def on_screen_resume(self) -> None:
        # filled here only, when it shows: its session's first resume (not under a
        # table the session opened at once: then when it is back from it)
        if not self.in_sight():
            return
        self.fill()
        back, self.app.returning = self.app.returning, None
        table = self.room.tables.get(back or "")
        if table is not None and table.id == self.waiting_for and not table.started:
            self.lines.point_at("mine", table.id)
            self.say(rematch_note(table))
        elif table is not None:  # back from a table: the cursor on it
            kind = (
                "done"
                if table.over
                else "mine"
                if table.seat_of(self.player) is not None
                else "open"
            )
            self.lines.point_at(kind, table.id)
            if kind == "mine":
                self.say(
                    f"Back in the lobby. Enter returns to table {table.id}; your seat is kept."
                )
            else:
                self.say("Back in the lobby.")

    def _listen(self) -> None:
        """A table changed (a seat, a move, a chat line): the lobby again, once
        for all the changes of the next ``REFILL`` seconds (ten bot tables move
        several times a second, and every session's lobby hears each move).
        A lobby out of sight does nothing: even the message and the timer made
        each session's screen on top draw itself again (Textual checks for a
        redraw after a message), so an arrival anywhere redrew every session."""
        if not self._refill and self.in_sight():  # (called from another session's task)
            self._refill = True
            self.call_later(lambda: self.set_timer(REFILL, self._refilled))

    def _refilled(self) -> None:
        self._refill = False
        if not self.in_sight():
            return  # drawn again when it is back on top (on_screen_resume)
        self.fill()

    def in_sight(self) -> bool:
        """Whether the lobby shows: on top, or under windows only.  Under a table's
        screen it is not drawn again for each change at the server's tables (with
        a hundred players at their tables, their lobbies' refills were most of the
        server's work as players arrived)."""
        stack = self.session_app.screen_stack
        above = stack[stack.index(self) + 1 :] if self in stack else []
        return all(isinstance(screen, ModalScreen) for screen in above)

    def fill(self) -> None:
        self.lines.set_entries(lobby_entries(self.room, self.player, self.filter))
        self.query_one(LobbyTitle).show(self.room)  # (how many of your tables wait for you)
        waiting = self.room.tables.get(self.waiting_for or "")
        if waiting is not None and waiting.started and self.is_current:
            self.waiting_for = None
            self.app.open_table(waiting)

    def say(self, message: str, error: bool = False) -> None:
        self.query_one(ListStatus).say(message, error)

    # -- keys -----------------------------------------------------------------
    def action_games(self) -> None:
        self.lines.point_at("game")

    def action_player_page(self) -> None:
        from tideboard.serve.players import player_page

        self.app.push_screen(player_page(self.room, self.player, self.lines.current()))

    def action_leaderboard(self) -> None:
        from tideboard.serve.players import leaderboard

        self.app.push_screen(leaderboard(self.room, self.player, self.lines.current()))

    def action_browser(self) -> None:
        from tideboard.serve.lobby_links import open_links

        open_links(self)

    def action_code(self) -> None:
        self.private.ask_code()

    def action_remove_seat(self) -> None:
        table = self.table_under_cursor()
        if table is not None:
            self.private.remove_seat(table)

    # -- the filter ------------------------------------------------------------------
    def action_filter(self) -> None:
        box = self.query_one(ListFilter)
        box.display = True
        box.focus()

    def on_input_changed(self, event: ListFilter.Changed) -> None:
        self.filter = " ".join(event.value.split())
        self.fill()

    def on_input_submitted(self, event: ListFilter.Submitted) -> None:
        """Enter keeps the filter (back to the list); "/join CODE" joins that table."""
        if not self.filter:
            event.input.display = False
        self.lines.focus()
        self.private.filter_typed(event.value)

    def action_clear_filter(self) -> None:
        box = self.query_one(ListFilter)
        if not box.display and not self.filter:
            return
        box.value = ""
        box.display = False
        self.filter = ""
        self.fill()
        self.lines.focus()

    def table_under_cursor(self) -> Any:
        """The table of the line under the cursor (None, said, if it is not one)."""
        entry = self.lines.current()
        if entry is None or entry[0] not in ("mine", "open"):
            self.say(
                "Choose a table first (the lines under Your tables or Open tables).", error=True
            )
            return None
        return self.room.tables.get(entry[1])

    def on_lobby_list_chosen(self, event: LobbyList.Chosen) -> None:
        """Enter on a line: back to your table, sit at an open one, replay a
        finished one, or a new table for a game."""
        kind, key, _text = event.entry
        if kind == "game":
            from tideboard.serve.new_table import NewTableScreen

            self.app.push_screen(NewTableScreen(key), self._create)
            return
        table = self.room.tables.get(key)
        if table is None:
            return
        if kind == "done":
            from tideboard.ui.saved_games import open_replay

            open_replay(self.app, table.match, {}, finished=True, **table.replay_names())
            return
        try:
            if table.seat_of(self.player) is None:
                self.room.join(table.id, self.player)
        except TideboardError as error:
            self.say(str(error), error=True)
            return
        self.open_or_wait(table)

    def open_or_wait(self, table: Any) -> None:
        """To the table; a table still gathering players is waited for here."""
        if table.started or table.seat_of(self.player) is None:
            self.app.open_table(table)
            return
        self.waiting_for = table.id
        self.say(
            f"You sit at table {table.id}; it starts when every seat is taken "
            "(s starts it now with bots in the empty seats)."
        )

    def _create(self, answer: Any) -> None:
        if not answer:
            return
        try:
            table = self.room.create(
                self.player,
                answer.game_id,
                answer.players,
                answer.variant,
                answer.bots,
                answer.options,
                answer.level,
                answer.hints,
                answer.who,
                answer.names,
                answer.clock,
            )
        except (ConfigError, TideboardError) as error:
            self.say(str(error), error=True)
            return
        self.fill()
        self.lines.point_at("mine", table.id)  # the cursor on the new table
        self.open_or_wait(table)
        self.private.created(table)  # (an unlisted table's code)

    def action_watch(self) -> None:
        table = self.table_under_cursor()
        if table is None or self.private.hidden(table):  # (a private table: its members only)
            return
        if not table.started:  # watched from its first move: opened once it starts
            self.waiting_for = table.id
            self.say(f"You will watch table {table.id} from its first move, once it starts.")
            return
        self.app.open_table(table)

    def action_start(self) -> None:
        table = self.table_under_cursor()
        if table is None:
            return
        self.waiting_for = None  # opened here, not again when the lobby hears of it
        try:
            self.room.start(table.id, self.player)
        except TideboardError as error:
            self.say(str(error), error=True)
            return
        self.app.open_table(table)

    def action_rematch(self) -> None:
        entry = self.lines.current()
        table = self.room.tables.get(entry[1]) if entry is not None else None
        if entry is None or entry[0] != "done" or table is None:
            self.say("Choose one of your finished tables first (a asks for a rematch).", error=True)
            return
        try:
            again = self.room.rematch(table.id, self.player)
        except TideboardError as error:
            self.say(str(error), error=True)
            return
        if again.started:
            self.app.open_table(again)
            return
        self.wait_for(again.id)
        self.fill()
        self.lines.point_at("mine", again.id)
        self.say(rematch_note(again))

    def action_close_table(self) -> None:
        table = self.table_under_cursor()
        if table is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    self.room.close(table.id, self.player)
                except TideboardError as error:
                    self.say(str(error), error=True)

        self.app.push_screen(ConfirmScreen(f"Close table {table.id}?", "Close", "Keep"), answer)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("The lobby", LOBBY_KEYS_HELP, LOBBY_HELP))

    def action_quit_lobby(self) -> None:
        self.app.exit()


def lobby_entries(room: Any, name: str, text_filter: str = "") -> list[Entry]:
    """The lobby's lines for ``name``: their tables, the open tables, their
    finished tables and the games, each section's lines those that contain
    ``text_filter`` (any case)."""
    mine = room.tables_of(name)
    others = [t for t in room.listed_for(name) if t not in mine]  # (private: members')
    done = list(reversed(room.finished_of(name)))
    games = [
        info
        for info in registry.GAMES.values()
        if registry.is_available(info.id) and has_screen(info.id)
    ]
    wanted = text_filter.lower()

    def section(
        title: str, kind: str, lines: list[tuple[str, str]], empty: str, keep_empty: bool = True
    ) -> list[Entry]:
        shown = [(key, text) for key, text in lines if wanted in text.lower()]
        if not shown and not keep_empty:
            return []
        count = (
            f" ({len(shown)} of {len(lines)} match)"
            if wanted and lines
            else f" ({len(lines)}: / filters, PgDn turns a page, End goes to the last)"
            if len(lines) > 9
            else ""
        )
        part = [("head", "", f"{title}{count}")]
        part += [(kind, key, text) for key, text in shown]
        if not shown:
            part.append(("head", "", "  (none match the filter)" if lines else empty))
        return part

    entries: list[Entry] = []
    if wanted:
        entries.append(("head", "", f"Filter: {text_filter!r} (/ changes it, Esc clears it)"))
    entries += section(
        "Your tables", "mine", [(t.id, table_line(t, name)) for t in mine], "  (none yet)"
    )
    entries += section(
        "Open tables",
        "open",
        [(t.id, table_line(t, name)) for t in others],
        "  (none: open one below)",
    )
    entries += section(
        "Your finished tables (Enter: replay, a: rematch)",
        "done",
        [(t.id, table_line(t, name)) for t in done],
        "",
        keep_empty=False,
    )
    entries += section("New table", "game", [(info.id, game_line(info)) for info in games], "")
    return entries


def table_line(table: Any, name: str) -> str:
    """A table's line: its id, game, rules (variant, options) and status for ``name``."""
    rules = ", ".join(filter(None, [table.rules(), lobby_clock(table)]))
    return f"{table.id}  {table.info.name}{f' ({rules})' if rules else ''}: {table.status(name)}"


def rematch_note(table: Any) -> str:
    """What a player is told of a rematch table waiting for the others."""
    waited = [name for n in table.empty_seats() if (name := table.seats[n].held_for)]
    others = " and ".join(waited) or "the other players"
    return (
        f"Rematch at table {table.id}: it starts when {others} "
        f"{'sits' if len(waited) == 1 else 'sit'} down "
        "(s starts it now with bots in the empty seats, x closes it)."
    )


def game_line(info: Any) -> str:
    """A game's line under "New table": its name, players and summary."""
    players = "1 player" if info.max_players == 1 else f"{info.player_range()} players"
    return f"{info.name} ({players}): {info.summary}"
