"""The game picker: choose a game, the table (players, variant, solo, who
plays each seat, seed), the bot speed, and start; or continue a game from the
store (the "Continue" part of the list: every unfinished game, with its own
settings) or replay a finished one.

Keys: up/down (or Tab) move between the rows, left/right change a row, Esc goes
back to the list of games, ``?`` explains it all.  Each game keeps its own
table settings while the picker is open (a bot chosen for a seat of one game
never shows up in another); the bot speed is the player's setting and is
remembered in the settings file.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tideboard.engine import registry
from tideboard.engine.bots import DEFAULT_LEVEL, level_name, level_of
from tideboard.engine.core import ConfigError, GameConfig
from tideboard.engine.match import Match
from tideboard.engine.seeds import SEED_RANGE_TEXT, SeedError, new_seed, parse_seed
from tideboard.files.settings import BOT_SPEEDS
from tideboard.ui import saved_games
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.picker_options import MAX_OPTIONS, OptionRows
from tideboard.ui.picker_widgets import (
    SEED_MAX_DIGITS,
    Choice,
    GameAbout,
    SeedInput,
    StartButton,
    fit_list,
)
from tideboard.ui.saved_games import REPLAY_PREFIX, RESUME_PREFIX
from tideboard.ui.screens import has_screen
from tideboard.ui.shared.cell_grid import set_static


class _MatchStarter(Protocol):  # the app (ui/app.py, not imported: it imports this)
    def start_match(self, match: Match, bots: dict[int, str]) -> None: ...


MAX_SEATS = 6
SEED_HELP = f"A seed is a whole number from {SEED_RANGE_TEXT}; leave it empty for a random one."
TABLE_ROWS = (
    ("players", "variant", "solo")
    + tuple(f"seat-{n}" for n in range(MAX_SEATS))
    + tuple(f"opt-{n}" for n in range(MAX_OPTIONS))
)

HELP_KEYS = [
    ("↑ ↓ or Tab", "move between the rows (in the list of games: choose a game)"),
    ("← → or Space", "change the row's value (a click on ◀ or ▶ too)"),
    ("→ or Enter", "in the list of games: go to the game's settings"),
    ("Esc", "back to the list of games"),
    ("Ctrl+S", "start the game (Enter does too on the Seed and Start rows)"),
    ("F2", "next colour theme (remembered)"),
    ("F3", "next bot speed (remembered; works in a game too)"),
    ("?", "this help"),
    ("q", "quit"),
]
HELP_ROWS = f"""## The rows

- **Players**: how many sit at the table.
- **Variant**: the rule variant, for games that have more than one. In a game with
  rules options a variant (a mode) is a preset of them: choosing it sets the option
  rows below, and you may then change any of them.
- **Options** (the rows after the players, for games that have them): each rules option with
  its choices; the line under the rows says what the one with the cursor does, and the
  game's rules page (`tideboard rules GAME`) says more. **Ruleset** (Mermaid Rain, Animal
  Splash): leave it at 2, today's rules; 1 keeps games saved before ruleset 2 as they were.
- **Solo**: the game's solo mode, against the game itself (only for games that have one).
- **Player 1, 2, ...**: who plays each seat: a human (hot-seat: players take turns at
  this terminal, with a hand-over screen between them in games with secrets) or a bot:
  `easy` a beginner who now and then misses the best move, `medium` the best move it
  sees now (`greedy` in scripts and `--bot`), `expert` searches for the best within its
  thinking time (in Moonlighter, a game of dice, it wins about as often as medium),
  `random` plays any legal move. At a table of two or more at least one
  seat is human; in a one-player game a bot plays the seat for you to watch. Each game
  keeps its own choices.
- **Bot speed**: how long a bot waits before each of its moves so you can follow it:
  instant, normal or slow. Remembered for next time; F3 changes it during a game.
- **Seed**: decides every shuffle and die roll. {SEED_HELP}
  The same seed and the same moves give the same game.
"""


class GameList(OptionList):
    """The list of games; its footer keys say how to choose and go on."""

    BINDINGS = [
        Binding("down", "cursor_down", "Game", key_display="↑↓"),
        Binding("right", "screen.setup", "Settings", key_display="→"),
        Binding("d,delete", "screen.delete_saved", "Delete", key_display="d"),
    ]


def _game_option(info: Any) -> Option:
    """A game's line in the picker's list (a game without a screen yet: dimmed)."""
    if not has_screen(info.id):
        return Option(Text(f"{info.name}  (coming)", style="dim"), id=info.id, disabled=True)
    label = Text(info.name, style="bold")
    label.append(f"  {info.player_range()}p" + (" +solo" if info.solo else ""), style="dim")
    return Option(label, id=info.id)


class PickerScreen(OptionRows, Screen):
    BINDINGS = [
        Binding("down", "row(1)", "Row", key_display="↑↓ Tab"),
        Binding("up", "row(-1)", "Row", show=False),
        Binding("escape", "back", "Games"),
        Binding("ctrl+s", "start", "Start"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]
    SHEETS = ("picker",)  # themes/picker.tcss, added when the picker is first shown

    def __init__(self) -> None:
        super().__init__()
        self.game_id = ""
        self._tables: dict[str, dict[str, str]] = {}  # game id -> its rows' values
        self.saved_entries: dict[str, Any] = {}  # the store's games, by id (see on_mount)
        self._resumed = False  # shown once already: a resume is a return from a game
        self._stored_shown = False  # the list has the store's games

    def compose(self) -> ComposeResult:
        # A one-line title, not Textual's Header (four widgets and their sheets)
        yield Static("tideboard — choose a game", id="picker-title")
        with Horizontal(id="picker"):
            with Vertical(id="picker-games"):
                yield Static("Choose a game", classes="heading")
                yield GameList(id="games")
            with Vertical(id="picker-setup"):
                yield GameAbout(id="game-about")
                yield Choice("Players", ["2"], id="players")
                yield Choice("Variant", ["standard"], id="variant")
                yield Choice("Solo", ["no"], id="solo")
                # a row per seat and per rules option, made when a game first needs it
                # (see _choice): most games show two seats and no options
                yield Vertical(id="seat-rows", classes="rows")
                yield Vertical(id="opt-rows", classes="rows")
                yield Choice("Bot speed", list(BOT_SPEEDS), id="bot-speed")
                with Horizontal(id="seed-row"):
                    yield Static("Seed      ", classes="label")
                    yield SeedInput(id="seed")
                yield StartButton(id="start")
                yield Static(id="picker-error")
                yield Static(id="row-help")
        yield KeysLine()

    def on_mount(self) -> None:
        if not self.is_attached:
            return  # the app quit (a q of the burst that showed the picker) before this ran
        speed = getattr(self.app, "settings", None)
        self.query_one("#bot-speed", Choice).set_values(
            list(BOT_SPEEDS), speed.bot_speed if speed is not None else None
        )
        self._fill_games(stored=False)
        # the store's games (Continue, Replay) once the first frame is painted:
        # opening the store is not needed to show the list of games
        self.call_after_refresh(self._fill_stored)

    def _fill_stored(self) -> None:  # unless shown again before this ran, or gone
        if self.is_attached and not self._stored_shown:
            self._fill_games()

    def on_screen_resume(self) -> None:
        """Back from a game: the list again (what can be resumed has changed)."""
        self.app.title = "tideboard"
        self.app.sub_title = "choose a game"
        if self._resumed and self.game_id:
            self._fill_games()
        self._resumed = True

    def _fill_games(self, stored: bool = True) -> None:
        options = self.query_one("#games", OptionList)
        # the game highlighted now: a key may have moved the highlight before
        # its message (which sets game_id) came through
        shown = options.highlighted_option
        keep = str(shown.id) if shown is not None else ""
        options.clear_options()
        self._stored_shown = stored
        for info in registry.GAMES.values():
            options.add_option(_game_option(info))
        if stored:
            self._add_continue_list(options)
        fit_list(self.query_one("#picker-games"), options)
        # the line highlighted before (a picker shown again, a question answered)
        # if it is still there, else the game shown before, else the first
        ids = {str(option.id) for option in options.options}
        keep = keep if keep in ids else self.game_id
        options.highlighted = options.get_option_index(keep) if keep in ids else 0
        saved = self._saved_highlighted()
        if saved is not None:
            self._show_saved(saved)
        else:
            self._show_saved(None)
            self._show_game(self._game_id())

    # -- the list of games -------------------------------------------------
    def _game_id(self) -> str:
        options = self.query_one("#games", OptionList)
        option = options.get_option_at_index(options.highlighted or 0)
        return str(option.id)

    # -- Continue: the unfinished games in the store --------------------------
    def _add_continue_list(self, options: OptionList) -> None:
        entries, finished, error = saved_games.stored_entries(self.app)
        self.saved_entries = {entry.id: entry for entry in entries + finished}
        if error:
            self._error(error)
        saved_games.add_options(options, entries, finished)

    def _show_saved(self, game_id: str | None) -> None:
        """Show a stored game's own settings instead of the new-game rows (or,
        with None, bring the new-game rows back)."""
        setup = self.query_one("#picker-setup")
        for widget in setup.children:
            if widget.id != "game-about":
                widget.display = game_id is None  # (Textual skips an unchanged display)
        if game_id is not None:
            about = saved_games.entry_about(self.saved_entries[game_id])
            self.query_one("#game-about", GameAbout).show(about, stored=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = str(event.option.id)
        self.refresh_bindings()  # Delete is offered for a stored game only
        if option_id.startswith((RESUME_PREFIX, REPLAY_PREFIX)):
            self._show_saved(option_id.partition(":")[2])
            return
        self._show_saved(None)
        self._show_game(option_id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        option_id = str(event.option.id)
        if option_id.startswith(RESUME_PREFIX):
            error = saved_games.continue_game(self.app, option_id.removeprefix(RESUME_PREFIX))
            if error:
                self._error(error)
            return
        if option_id.startswith(REPLAY_PREFIX):
            error = saved_games.replay_game(self.app, option_id.removeprefix(REPLAY_PREFIX))
            if error:
                self._error(error)
            return
        self.action_setup()

    def _show_game(self, game_id: str) -> None:
        """Show ``game_id``'s rows: as that game left them, else its defaults (the
        same game again: its rows as they are, every row's display set anew)."""
        if game_id != self.game_id:
            if self.game_id:
                self._tables[self.game_id] = self._table_values()
            remembered = self._tables.get(game_id, {})
        else:
            remembered = self._table_values()
        info = registry.GAMES[game_id]
        self.game_id = game_id
        about = Text(info.name + "\n", style="bold")
        about.append(info.summary, style="italic")
        self.query_one("#game-about", GameAbout).show(about)
        players = [str(n) for n in range(info.min_players, info.max_players + 1)]
        self.query_one("#players", Choice).set_values(players, remembered.get("players"))
        self.query_one("#variant", Choice).set_values(
            list(info.variants), remembered.get("variant")
        )
        solo = self.query_one("#solo", Choice)
        solo.set_values(["no", "yes"] if info.solo else ["no"], remembered.get("solo"))
        solo.display = info.solo  # no row for games without a solo mode
        self._fill_options(remembered)
        self._sync_seats(remembered)
        self._error("")

    def _table_values(self) -> dict[str, str]:
        """The current game's rows (players, variant, solo, seats) as shown."""
        rows = {row: self._made_choice(row) for row in TABLE_ROWS}
        return {row: choice.value for row, choice in rows.items() if choice is not None}

    def _levels(self) -> list[str]:
        # registry data: choosing a game imports none of its rules
        return list(registry.GAMES[self.game_id].bot_levels)

    def _player_count(self) -> int:
        if self.query_one("#solo", Choice).value == "yes":
            return 1
        return int(self.query_one("#players", Choice).value)

    def _sync_seats(self, remembered: dict[str, str] | None = None) -> None:
        """Show a row per seat.  ``remembered`` (a game's saved rows) sets them all;
        without it a seat keeps its value if it was shown and still applies."""
        solo = self.query_one("#solo", Choice).value == "yes"
        players = self._player_count()
        self.query_one("#players", Choice).display = not solo
        levels = ["human"] + [f"{level_name(level)} bot" for level in self._levels()]
        for seat in range(MAX_SEATS):
            choice = (
                self._choice(f"seat-{seat}")
                if seat < players
                else self._made_choice(f"seat-{seat}")
            )
            if choice is None:
                continue  # never needed yet
            shown = choice.display and len(choice.values) > 1
            bot = f"{level_name(DEFAULT_LEVEL)} bot"  # (the same table as 'tideboard play')
            default = "human" if seat == 0 else (bot if bot in levels else "human")
            if remembered is not None:
                value = remembered.get(f"seat-{seat}", default)
            else:
                value = choice.value if shown else default
            if value not in levels:
                value = default
            choice.display = seat < players
            choice.set_values(
                levels if seat < players else ["human"], value if seat < players else "human"
            )

    # -- the rows ----------------------------------------------------------
    def _rows(self) -> list[Widget]:
        """The focusable rows of the settings, top to bottom (shown ones only)."""
        setup = self.query_one("#picker-setup")
        return [w for w in self.focus_chain if setup in w.ancestors]

    def _in_games(self) -> bool:
        return self.focused is self.query_one("#games", OptionList)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("row", "back"):
            return not self._in_games()  # False: hidden from the footer
        if action == "delete_saved":
            return self._in_games() and self._saved_highlighted() is not None
        return True

    def _saved_highlighted(self) -> str | None:
        """The id of the stored game highlighted in the list, if one is."""
        option = self.query_one("#games", OptionList).highlighted_option
        option_id = "" if option is None else str(option.id)
        if option_id.startswith((RESUME_PREFIX, REPLAY_PREFIX)):
            return option_id.partition(":")[2]
        return None

    def action_delete_saved(self) -> None:
        """Delete the highlighted stored game, once the player says yes (No is the
        default answer, as Enter and Esc give)."""
        from tideboard.ui.shared.modals import ConfirmScreen

        game_id = self._saved_highlighted()
        if game_id is None:
            return
        entry = self.saved_entries.get(game_id)
        what = saved_games.game_name(entry.game) if entry is not None else "this game"
        moves = getattr(entry, "moves", None)
        if moves is not None:
            what += f" ({moves} move{'s' if moves != 1 else ''})"

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            error = saved_games.delete_game(self.app, game_id)
            if error:
                self._error(error)
                return
            self.app.notify(f"Deleted game {game_id}.", timeout=3)
            self._fill_games()

        self.app.push_screen(
            ConfirmScreen(f"Delete {what}, game {game_id}? It cannot be undone.", "Delete", "Keep"),
            answer,
        )

    def action_row(self, step: int) -> None:
        rows = self._rows()
        if not rows:
            return
        if self.focused in rows:
            index = max(0, min(len(rows) - 1, rows.index(self.focused) + step))
        else:
            index = 0
        rows[index].focus()

    def action_setup(self) -> None:
        rows = self._rows()
        if rows:
            rows[0].focus()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "variant":
            self._fill_options()
        elif event.choice.id in ("players", "solo"):
            self._sync_seats()
            self._show_options()
        elif str(event.choice.id).startswith("opt-"):
            self._show_options()
        elif event.choice.id == "bot-speed":
            set_speed = getattr(self.app, "set_bot_speed", None)
            if set_speed is not None:
                set_speed(event.choice.value)

    def on_start_button_pressed(self, event: StartButton.Pressed) -> None:
        self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_input_changed(self, event: Input.Changed) -> None:
        text = event.value.strip()
        if not text:
            self._error("")
            return
        try:
            parse_seed(text)
        except SeedError:
            self._error(SEED_HELP)
        else:
            self._error("")

    def on_seed_input_refused(self, event: SeedInput.Refused) -> None:
        self._error(f"Refused: {SEED_HELP} (digits only, at most {SEED_MAX_DIGITS})")

    def action_back(self) -> None:
        self.query_one("#games", OptionList).focus()

    def action_quit(self) -> None:
        self.app.exit()

    def action_help(self) -> None:
        from tideboard.ui.shared.modals import HelpScreen  # only when asked: it loads Markdown

        self.app.push_screen(HelpScreen("The game picker: help", HELP_KEYS, HELP_ROWS))

    # -- start -------------------------------------------------------------
    def action_start(self) -> None:
        solo = self.query_one("#solo", Choice).value == "yes"
        players = self._player_count()
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = parse_seed(seed_text) if seed_text else new_seed()
        except SeedError:
            self._error(SEED_HELP)
            return
        config = GameConfig(
            players=players,
            variant=self.query_one("#variant", Choice).value,
            solo=solo,
            seed=seed,
            options=self._chosen_options(),
        )
        bots = {}
        for seat in range(players):
            value = self._choice(f"seat-{seat}").value
            if value.endswith(" bot"):
                bots[seat] = level_of(value.removesuffix(" bot"))
        if bots and len(bots) == players > 1:  # (one seat: its bot plays it, to watch)
            self._error("At least one seat should be human (use 'tideboard sim' to watch bots).")
            return
        try:
            match = Match.start(registry.load(self.game_id), config)
        except ConfigError as error:
            self._error(str(error))
            return
        # a new game is a new record in the store: no saved game is replaced
        cast(_MatchStarter, self.app).start_match(match, bots)

    def _error(self, message: str) -> None:
        set_static(self.query_one("#picker-error", Static), Text(message, style="bold red"))
