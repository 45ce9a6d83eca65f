"""A new table: players, variant, rules options, which seats are bots (you
take seat 1), the level bots play at for away players ("Bots play at"), hints,
and who may sit ("Who may sit": open, invitation only, unlisted with a code;
an invitation-only table's "Invite" row asks for the players' names).

Up/down move between the rows, left/right (or Space) change a row, Enter
opens the table, Esc cancels; a line under the rows explains the row with the
cursor (a rules option's help text from its game's ``info.py``, as the local
picker's), and ``?`` lists every row's.  The rows follow the game: a game with a solo
mode offers 1 player (solo), a variant sets its options to its preset, and
only the options that apply to the table are shown (a seat's option with that
seat at the table, a mermaid with powers in play).  The answer is a
:class:`TableChoice` or None.
"""

from __future__ import annotations

from typing import Any

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region, Spacing
from textual.widgets import Input, Static

from tideboard.engine import registry
from tideboard.engine.bots import DEFAULT_LEVEL, level_name
from tideboard.engine.core import GameOption
from tideboard.files.rules_pages import rules_markdown
from tideboard.serve.access import INVITED, OPEN, WHO, WHO_WORDS, split_names
from tideboard.serve.clocks import PRESETS, ClockSpec
from tideboard.ui.shared.modals import HelpScreen, Window

PLAYER = "a player (joins from the lobby)"


@attrs.frozen
class TableChoice:
    game_id: str
    players: int
    variant: str
    bots: dict[int, str]
    options: tuple[tuple[str, str], ...] = ()  # those that differ from the variant's preset
    level: str | None = None  # "Bots play at": for away players and the seats s fills
    hints: bool = False  # whether the players may ask for hints (h)
    who: str = OPEN  # who may sit: serve/access.py's OPEN, INVITED or UNLISTED
    names: tuple[str, ...] = ()  # an invitation-only table's players, as typed
    clock: str | None = None  # a clock's spec (serve/clocks.py PRESETS); None: untimed


class NamesScreen(Window[str | None]):
    """The invited players' names, typed on one line (None: cancelled)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, names: str, seats: int) -> None:
        super().__init__()
        self.names, self.seats = names, seats

    def compose(self) -> ComposeResult:
        many = f"the {self.seats} players" if self.seats != 1 else "the player"
        with Vertical(classes="dialog"):
            yield Static(
                f"Invite {many} (their names, separated by spaces; Enter keeps them, Esc cancels):",
                classes="question",
            )
            yield Input(value=self.names, max_length=200, id="invite-names")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def applies(option: GameOption, values: dict[str, str], players: int) -> bool:
    """Whether ``option`` matters at a table of ``players`` with ``values``."""
    if option.seat and option.seat > players:
        return False
    return not (option.unless and values.get(option.unless[0]) == option.unless[1])


class RowsBox(VerticalScroll, can_focus=False):
    """The dialog's scrolling box: it takes no focus, so the arrows move the row
    cursor (the dialog's bindings) and never scroll the box instead; the box
    follows the cursor (``_cursor_in_view``) and the mouse wheel still scrolls it."""


class NewTableScreen(Window[Any]):
    DEFAULT_CSS = """
    #new-table-box { max-height: 90%; }
    #new-table-foot { dock: bottom; height: auto; }
    """
    BINDINGS = [
        Binding("up,k", "row(-1)", "Up", show=False),
        Binding("down,j,tab", "row(1)", "Down", show=False),
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l,space", "change(1)", "Change", show=False),
        Binding("enter", "create", "Open the table"),
        Binding("escape", "cancel", "Cancel"),
        Binding("question_mark", "help", "Help"),
    ]
    KEYS = [
        ("↑ ↓", "the row"),
        ("← → / Space", "change the row"),
        ("Enter", "open the table (you take seat 1; it waits in the lobby for the players)"),
        ("Esc", "cancel"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.info = registry.get_info(game_id)
        self.least = 1 if self.info.solo else self.info.min_players
        self.players = self.info.min_players
        self.variant = 0
        self.values = self.info.preset(self.info.variants[0])
        self.seats: dict[int, int] = {}  # seat -> index in choices (0: a player)
        self.level = 0  # "Bots play at": index in levels() (0: the default)
        self.row = 0
        self.hints = False
        self.who = 0  # "Who may sit": index in WHO
        self.names = ""  # an invitation-only table's players, as typed
        self.clock = 0  # index in clocks.PRESETS (0: none)

    def choices(self) -> list[str]:
        """A seat's choices in the order → steps through them: a player, then the
        default bot level (what ``s`` seats and ``tideboard play`` gives), then the rest."""
        return [PLAYER, *self.levels()]

    def levels(self) -> list[str]:
        """The bot levels, the default first (what a table gets when nobody says)."""
        return sorted(self.info.bot_levels, key=lambda level: level != DEFAULT_LEVEL)

    def shown_options(self) -> list[GameOption]:
        return [o for o in self.info.options if applies(o, self.values, self.players)]

    def rows(self) -> list[tuple[str, Any, str, str]]:
        """(kind, key, label, value) for each line of the dialog."""
        solo = self.players == 1 and self.info.max_players > 1
        rows: list[tuple[str, Any, str, str]] = [
            ("players", None, "Players", f"{self.players}{' (solo)' if solo else ''}")
        ]
        if len(self.info.variants) > 1:
            rows.append(("variant", None, "Variant", self.info.variants[self.variant]))
        rows += [("option", o, o.label, self.values[o.name]) for o in self.shown_options()]
        rows.append(("you", None, "Seat 1", "you"))
        rows += [
            ("seat", seat, f"Seat {seat + 1}", level_name(self.choices()[self.seats.get(seat, 0)]))
            for seat in range(1, self.players)
        ]
        if self.levels():
            rows.append(("level", None, "Bots play at", level_name(self.levels()[self.level])))
        rows.append(("hints", None, "Hints", "allowed" if self.hints else "off"))
        rows.append(("who", None, "Who may sit", WHO_WORDS[WHO[self.who]]))
        if WHO[self.who] == INVITED:
            rows.append(("names", None, "Invite", self.names.strip() or "(press → to name them)"))
        rows.append(("clock", None, "Clock", clock_words(PRESETS[self.clock][0])))
        return rows

    def invited_seats(self) -> int:
        """The seats an invitation names a player for: those that are not bots'."""
        return sum(1 for seat in range(1, self.players) if not self.seats.get(seat, 0))

    def compose(self) -> ComposeResult:
        # The row's help and the keys are docked at the foot, so they stay in sight
        # when the rows do not fit (Moonshell of four with powers at 80x24): the
        # rows scroll above them, the cursor's row kept in view (as the results do).
        with RowsBox(id="new-table-box", classes="dialog"):
            with Vertical(id="new-table-foot"):
                yield Static(self._row_help(), id="row-help", classes="hint")
                yield Static("↑↓ row, ←→ change, Enter opens, Esc cancels, ? help", classes="hint")
            yield Static(f"New table: {self.info.name}", classes="question")
            yield Static(self._render_rows(), id="new-table-rows")

    def explain(self, kind: str, key: Any) -> str:
        """What the row of ``kind`` (``key``: its option or seat) is for."""
        if kind == "players":
            solo = " (1: solo, against the game)" if self.least == 1 else ""
            return f"how many sit at the table{solo}"
        if kind == "variant":
            return "the rules to play; it sets the options below to its own"
        if kind == "option":
            return str(key.help)
        if kind == "seat":
            return "a player who joins from the lobby, or a bot of that level"
        if kind == "level":
            return (
                "the level of the bot that plays for a player who is away (after "
                "the grace), and in the seats still empty when you start (s)"
            )
        if kind == "hints":
            return "whether players may ask for hints (h: the best moves); the table sees who did"
        if kind == "who":
            return (
                "open: anyone sits or watches; invitation only: the players you name, "
                "nobody else sees it; unlisted: not in the lobby, joined with a code you get"
            )
        if kind == "names":
            return "the players you invite, one for each seat that is not a bot (→ types them)"
        if kind == "clock":
            return (
                "real-time: a time bank each, more after each move (out of time: a bot "
                "plays the seat); turn-based: a day a move (late: the others may expel)"
            )
        return "your seat"

    def _row_help(self) -> Text:
        kind, key, label, _value = self.rows()[self.row]
        text = Text(f"{label}: ", style="bold")
        text.append(self.explain(kind, key))
        return text

    def _render_rows(self) -> Text:
        text = Text()
        width = max(len(label) for _kind, _key, label, _value in self.rows())
        for number, (kind, _key, label, value) in enumerate(self.rows()):
            if number:
                text.append("\n")
            line = f"{label:{width}}   {value}" if kind == "you" else f"{label:{width}} ◀ {value} ▶"
            text.append(line, style="reverse" if number == self.row else "")
        return text

    def _redraw(self) -> None:
        self.row = min(self.row, len(self.rows()) - 1)
        self.query_one("#new-table-rows", Static).update(self._render_rows())
        self.query_one("#row-help", Static).update(self._row_help())
        self.call_after_refresh(self._cursor_in_view)

    def _cursor_in_view(self) -> None:
        rows = self.query_one("#new-table-rows", Static)
        box = self.query_one("#new-table-box", RowsBox)
        foot = self.query_one("#new-table-foot").outer_size.height  # (over the rows)
        line = Region(0, rows.virtual_region.y + self.row, 1, 1)
        box.scroll_to_region(line, spacing=Spacing(1, 0, foot + 1, 0), animate=False)

    def action_row(self, step: int) -> None:
        rows = self.rows()
        self.row = (self.row + step) % len(rows)
        if rows[self.row][0] == "you":  # your own seat: nothing to change
            self.row = (self.row + step) % len(rows)
        self._redraw()

    def action_change(self, step: int) -> None:
        kind, key, _label, _value = self.rows()[self.row]
        if kind == "players":
            low, high = self.least, self.info.max_players
            self.players = low + (self.players - low + step) % (high - low + 1)
            self.seats = {s: c for s, c in self.seats.items() if s < self.players}
        elif kind == "variant":
            self.variant = (self.variant + step) % len(self.info.variants)
            self.values = self.info.preset(self.info.variants[self.variant])
        elif kind == "option":
            choices = key.choices
            self.values[key.name] = choices[
                (choices.index(self.values[key.name]) + step) % len(choices)
            ]
        elif kind == "seat":
            self.seats[key] = (self.seats.get(key, 0) + step) % len(self.choices())
        elif kind == "level":
            self.level = (self.level + step) % len(self.levels())
        elif kind == "hints":
            self.hints = not self.hints
        elif kind == "who":
            self.who = (self.who + step) % len(WHO)
        elif kind == "names":
            self.ask_names()
            return
        elif kind == "clock":
            self.clock = (self.clock + step) % len(PRESETS)
        self._redraw()

    def ask_names(self) -> None:
        """The invited players' names, typed in a box over the dialog."""

        def typed(names: str | None) -> None:
            if names is not None:
                self.names = " ".join(split_names(names))
                self._redraw()

        self.app.push_screen(NamesScreen(self.names, self.invited_seats()), typed)

    def action_create(self) -> None:
        who = WHO[self.who]
        if who == INVITED and not self.names.strip() and self.invited_seats():
            self.ask_names()  # (an invitation names its players first)
            return
        bots = {
            seat: self.choices()[choice]
            for seat, choice in self.seats.items()
            if choice and seat < self.players
        }
        variant = self.info.variants[self.variant]
        shown = {o.name: self.values[o.name] for o in self.shown_options()}
        levels = self.levels()
        level = levels[self.level] if levels else None
        self.dismiss(
            TableChoice(
                self.info.id,
                self.players,
                variant,
                bots,
                self.info.changed_options(variant, shown),
                level,
                self.hints,
                who,
                tuple(split_names(self.names)) if who == INVITED else (),
                PRESETS[self.clock][0],
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        """Every row's explanation (all the game's options), the keys, the rules."""
        kinds: list[tuple[str, Any, str]] = [("players", None, "Players")]
        if len(self.info.variants) > 1:
            kinds.append(("variant", None, "Variant"))
        kinds += [("option", o, o.label) for o in self.info.options]
        kinds.append(("seat", None, "Seat 2..."))
        if self.levels():
            kinds.append(("level", None, "Bots play at"))
        kinds += [("hints", None, "Hints"), ("who", None, "Who may sit"), ("names", None, "Invite")]
        kinds.append(("clock", None, "Clock"))
        rows = [(label, self.explain(kind, key)) for kind, key, label in kinds]
        title = f"New table: {self.info.name}: help"
        self.app.push_screen(HelpScreen(title, [*self.KEYS, *rows], rules_markdown(self.info.id)))


def clock_words(key: str | None) -> str:
    """A clock row's value: "none", "5 min + 20 s", "1 day a move"."""
    return "none" if key is None else ClockSpec.parse(key).words()
