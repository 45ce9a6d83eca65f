"""Players' pages and the leaderboards of the lobby (issue #22).

- **A player's page** (``p`` in the lobby: on a table's line, its players, ←→
  going from one to the next; elsewhere your own): per game, the finished tables
  played and won and the rating (rated tables only, ``store/ratings.py``), then
  the player's recent finished tables, Enter replaying one as the lobby does.
  Enter on a game's line opens that game's leaderboard.
- **A leaderboard** (``r`` in the lobby, or from a page): a game's best
  ratings, ←→ going to the other games; Enter opens a player's page.

Each screen reads the store once when it opens or changes what it shows (no
write); both draw their lines with the lobby's list widget (its keys move the
cursor; Enter chooses a line: ``lobby_list.py``), each with its own words for
Enter on the footer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from tideboard.engine import registry
from tideboard.engine.plurals import plural
from tideboard.serve import storage
from tideboard.serve.access import may_see
from tideboard.serve.lobby_list import Entry, ListStatus, LobbyList
from tideboard.serve.seats import same_name
from tideboard.store import ratings
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.screens import has_screen
from tideboard.ui.shared.modals import HelpScreen

RECENT = 10  # a page's recent finished tables

LIST_KEYS = [
    ("↑ ↓ (k j)", "move between the lines"),
    ("PgUp PgDn, Home End", "a page up or down, the first or the last line"),
]
PAGE_KEYS_HELP = [
    *LIST_KEYS,
    ("← → (h l)", "the page of the table's next or previous player"),
    ("Enter", "a game: its leaderboard; a table: replay it"),
    ("r", "the leaderboard of the game under the cursor"),
    ("q, Esc", "back"),
    ("?", "this help"),
]
BOARD_KEYS_HELP = [
    *LIST_KEYS,
    ("← → (h l)", "the next or previous game's leaderboard"),
    ("Enter", "the player's page"),
    ("q, Esc", "back"),
    ("?", "this help"),
]
RATINGS_HELP = """A table is rated when every seat was a player with their own key for
the whole game: no bot seat, no bot playing for a player who was away, no hint
used, no guest. A rating starts at 0 and rises as rated games confirm a
player's skill: it is openskill's rating (mu - 3 sigma, rounded), where mu is
the skill shown so far and sigma how unsure it still is.
"""


def rated_games() -> list[Any]:
    """The games a leaderboard can be about: playable here, by two players or more."""
    return [
        info
        for info in registry.GAMES.values()
        if info.max_players > 1 and registry.is_available(info.id) and has_screen(info.id)
    ]


def keyed(room: Any, name: str) -> bool:
    """Whether ``name`` is a player with a key (guests are not): only they are rated."""
    owner = storage.owner(room.store, name)
    return owner is not None and owner[1] is not None


# each screen's last keys on the footer (after its own Enter)
LAST_KEYS = [Binding("escape,q", "back", "Back"), Binding("question_mark", "help", "Help")]


class PageLines(LobbyList):
    """A player's page's lines: Enter on a game, its leaderboard; on a table, its replay."""

    BINDINGS = [Binding("enter", "select", "Leaderboard / replay")]


class BoardLines(LobbyList):
    """A leaderboard's lines: Enter on a player, their page."""

    BINDINGS = [Binding("enter", "select", "Player's page")]


class ListScreen(Screen):
    """A title, a list of lines (the lobby's widget), a status line and the keys."""

    if TYPE_CHECKING:
        app: Any  # a server session's app (serve/app.py's ServeApp)

    LINES: type[LobbyList] = LobbyList  # (a subclass: what Enter does, on the footer)
    BINDINGS = [
        Binding("left,h", "turn(-1)", "Previous", show=False),
        Binding("right,l", "turn(1)", "Next", show=False),
    ]

    def __init__(self, room: Any, viewer: str) -> None:
        super().__init__()
        self.room = room
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        yield Static("", id="players-title")
        yield self.LINES()
        yield ListStatus("", id="players-status")
        yield KeysLine()

    def on_mount(self) -> None:
        self.fill()
        self.query_one(LobbyList).move(0)  # (the cursor on the first line it can be on)

    def fill(self) -> None:
        """Read what the screen shows and draw it."""

    def show(self, title: str, entries: list[Entry], status: str) -> None:
        self.query_one("#players-title", Static).update(Text(title, style="bold"))
        lobby = self.query_one(LobbyList)
        lobby.set_entries(entries)
        lobby.move(0)
        self.say(status)

    def say(self, message: str, error: bool = False) -> None:
        self.query_one(ListStatus).say(message, error)

    def action_turn(self, step: int) -> None:
        """The next (1) or previous (-1) page of the same kind."""

    def action_back(self) -> None:
        self.app.pop_screen()


class PlayerScreen(ListScreen):
    """A player's page: per game played, won and the rating; recent tables."""

    LINES = PageLines
    BINDINGS = [Binding("r", "leaderboard", "Leaderboard", show=False), *LAST_KEYS]

    def __init__(self, room: Any, viewer: str, names: list[str], first: int = 0) -> None:
        super().__init__(room, viewer)
        self.names = names  # the players ←→ go through (a table's)
        self.at = first

    @property
    def name_shown(self) -> str:
        name = self.names[self.at]
        owner = storage.owner(self.room.store, name)
        return owner[0] if owner is not None else name

    def fill(self) -> None:
        name = self.name_shown
        more = (
            f" ({self.at + 1} of {len(self.names)}: ←→ the others)" if len(self.names) > 1 else ""
        )
        you = " (you)" if same_name(name, self.viewer) else ""
        title = f"Player: {name}{you}{more}"
        if not keyed(self.room, name):
            self.show(
                title,
                [("head", "", f"  {name} plays as a guest: guests are never rated.")],
                "Guests keep no record: a player with a key keeps their name and rating.",
            )
            return
        records = ratings.table_records(self.room.store, name)
        rated = ratings.ratings_of(self.room.store, name)
        entries = [("head", "", f"  {'Game':<18} {'Played':>6} {'Won':>5}  Rating")]
        for info in registry.GAMES.values():
            record, rating = records.get(info.id), rated.get(info.id)
            if record is None and rating is None:
                continue
            played, won = (record.played, record.won) if record else (0, 0)
            shown = f"{rating.shown} ({rating.games} rated)" if rating else "none yet"
            entries.append(("game", info.id, f"{info.name:<18} {played:>6} {won:>5}  {shown}"))
        if len(entries) == 1:
            entries.append(("head", "", "  (no finished table yet)"))
        done = [  # (a private table only for its members: serve/access.py)
            t
            for t in self.room.tables.values()
            if t.over and t.played_by(name) is not None and may_see(t, self.viewer)
        ][-RECENT:]
        if done:
            flags = ratings.rated_flags(self.room.store, [t.writer.id for t in done if t.writer])
            entries.append(("head", "", "Recent tables (Enter: replay)"))
            for table in reversed(done):
                rated_text = (
                    "rated" if flags.get(table.writer.id if table.writer else "") else "unrated"
                )
                entries.append(
                    (
                        "done",
                        table.id,
                        f"{table.id}  {table.info.name}: {table.result()} ({rated_text})",
                    )
                )
        self.show(title, entries, "Enter: a game's leaderboard, or replay a table; q back.")

    def action_turn(self, step: int) -> None:
        if len(self.names) > 1:
            self.at = (self.at + step) % len(self.names)
            self.fill()

    def on_lobby_list_chosen(self, event: LobbyList.Chosen) -> None:
        kind, key, _text = event.entry
        if kind == "game":
            self.app.push_screen(LeaderboardScreen(self.room, self.viewer, key))
            return
        table = self.room.tables.get(key)
        if kind == "done" and table is not None and table.over and may_see(table, self.viewer):
            from tideboard.ui.saved_games import open_replay

            open_replay(self.app, table.match, {}, finished=True, **table.replay_names())

    def action_leaderboard(self) -> None:
        entry = self.query_one(LobbyList).current()
        table = self.room.tables.get(entry[1]) if entry is not None else None
        game = entry[1] if entry is not None and entry[0] == "game" else None
        self.app.push_screen(
            LeaderboardScreen(self.room, self.viewer, game or (table.game_id if table else None))
        )

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("A player's page", PAGE_KEYS_HELP, RATINGS_HELP))


class LeaderboardScreen(ListScreen):
    """A game's best ratings; ←→ another game."""

    LINES = BoardLines
    BINDINGS = [*LAST_KEYS]

    def __init__(self, room: Any, viewer: str, game: str | None = None) -> None:
        super().__init__(room, viewer)
        self.games = [info.id for info in rated_games()]
        self.at = self.games.index(game) if game in self.games else 0

    def fill(self) -> None:
        if not self.games:
            self.show(
                "Leaderboards", [("head", "", "  (no game here is for two players or more)")], ""
            )
            return
        game = self.games[self.at]
        info = registry.get_info(game)
        board = ratings.leaderboard(self.room.store, game)
        title = f"Leaderboard: {info.name} (←→ another game)"
        entries = [("head", "", f"  {'#':>3}  {'Player':<24} {'Rating':>6} {'Games':>6}")]
        for place, rating in enumerate(board, 1):
            you = " (you)" if same_name(rating.name, self.viewer) else ""
            entries.append(
                (
                    "player",
                    rating.name,
                    f"{place:>3}  {rating.name + you:<24} {rating.shown:>6} {rating.games:>6}",
                )
            )
        if not board:
            entries.append(("head", "", f"  (no rated {info.name} table has finished yet)"))
        mine = ratings.ratings_of(self.room.store, self.viewer).get(game)
        status = (
            f"You: rating {mine.shown} after {plural(mine.games, 'rated game')}."
            if mine is not None
            else "Enter: a player's page. A table of players with keys, no bots and no hints is rated."
        )
        self.show(title, entries, status)

    def action_turn(self, step: int) -> None:
        if self.games:
            self.at = (self.at + step) % len(self.games)
            self.fill()

    def on_lobby_list_chosen(self, event: LobbyList.Chosen) -> None:
        kind, key, _text = event.entry
        if kind == "player":
            self.app.push_screen(PlayerScreen(self.room, self.viewer, [key]))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("A leaderboard", BOARD_KEYS_HELP, RATINGS_HELP))


# -- from the lobby -----------------------------------------------------------------
def player_page(room: Any, viewer: str, entry: Entry | None) -> PlayerScreen:
    """``p`` in the lobby on ``entry``: a table's players (the first other than
    the viewer first), else the viewer's own page."""
    table = room.tables.get(entry[1]) if entry is not None and entry[0] != "game" else None
    names = [s.player for s in table.seats if s.player is not None] if table is not None else []
    if not names:
        return PlayerScreen(room, viewer, [viewer])
    others = [n for n, name in enumerate(names) if not same_name(name, viewer)]
    return PlayerScreen(room, viewer, names, others[0] if others else 0)


def leaderboard(room: Any, viewer: str, entry: Entry | None) -> LeaderboardScreen:
    """``r`` in the lobby on ``entry``: the leaderboard of its game (a table's or
    a game line's), else of the first game."""
    game = None
    if entry is not None:
        table = room.tables.get(entry[1]) if entry[0] != "game" else None
        game = entry[1] if entry[0] == "game" else table.game_id if table is not None else None
    return LeaderboardScreen(room, viewer, game)
