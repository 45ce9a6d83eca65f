"""The game picker: choose a game, the table (players, variant, solo, who
plays each seat, seed) and start; or continue a game from the store (the
"Continue" part of the list: every unfinished game, with its own settings)."""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from tideboard.engine import registry
from tideboard.engine.core import ConfigError, GameConfig
from tideboard.engine.match import Match
from tideboard.ui import saved_games
from tideboard.ui.saved_games import REPLAY_PREFIX, RESUME_PREFIX
from tideboard.ui.screens import has_screen

MAX_SEATS = 6


class Choice(Widget, can_focus=True):
    """A one-line setting: Left/Right (or a click) steps through the values."""

    BINDINGS = [Binding("left,h", "step(-1)", "Previous", show=False),
                Binding("right,l,space", "step(1)", "Next", show=False)]

    class Changed(Message):
        def __init__(self, choice: "Choice") -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, label: str, values: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.values = values
        self.index = 0

    @property
    def value(self) -> str:
        return self.values[self.index]

    def set_values(self, values: list[str], keep: str | None = None) -> None:
        self.values = values
        self.index = values.index(keep) if keep in values else 0
        self.refresh()

    def render(self) -> Text:
        text = Text(f"{self.label:<10}", style="bold")
        arrows = len(self.values) > 1
        text.append("◀ " if arrows else "  ", style="dim")
        text.append(self.value, style="reverse" if self.has_focus else "")
        text.append(" ▶" if arrows else "", style="dim")
        return text

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)
        self.refresh()
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < 12 else 1)


class PickerScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Games"), Binding("q", "quit", "Quit"),
                Binding("ctrl+s", "start", "Start")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="picker"):
            with Vertical(id="picker-games"):
                yield Static("Choose a game", classes="heading")
                yield OptionList(id="games")
            with Vertical(id="picker-setup"):
                yield Static(id="game-about")
                yield Choice("Players", ["2"], id="players")
                yield Choice("Variant", ["standard"], id="variant")
                yield Choice("Solo", ["no"], id="solo")
                for seat in range(MAX_SEATS):
                    yield Choice(f"Player {seat + 1}", ["human"], id=f"seat-{seat}")
                with Horizontal(id="seed-row"):
                    yield Static("Seed      ", classes="label")
                    yield Input(placeholder="random", id="seed", type="integer")
                yield Button("Start", id="start", variant="primary")
                yield Static(id="picker-error")
        yield Footer()

    def on_mount(self) -> None:
        self.app.title = "tideboard"
        self.app.sub_title = "choose a game"
        options = self.query_one("#games", OptionList)
        for info in registry.GAMES.values():
            if has_screen(info.id):
                label = Text(info.name, style="bold")
                label.append(f"  {info.player_range()}p" + (" +solo" if info.solo else ""),
                             style="dim")
                options.add_option(Option(label, id=info.id))
            else:
                options.add_option(Option(Text(f"{info.name}  (coming)", style="dim"),
                                          id=info.id, disabled=True))
        self._add_continue_list(options)
        options.highlighted = 0
        options.focus()
        self._show_game(self._game_id())

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
        for heading, part, prefix in (("Continue a game", entries, RESUME_PREFIX),
                                      ("Replay a finished game", finished, REPLAY_PREFIX)):
            if part:
                options.add_option(Option(Text(heading, style="bold underline"),
                                          id=f"heading:{prefix}", disabled=True))
            for entry in part:
                options.add_option(Option(saved_games.entry_label(entry),
                                          id=f"{prefix}{entry.id}"))

    def _show_saved(self, game_id: str | None) -> None:
        """Show a stored game's own settings instead of the new-game rows (or,
        with None, bring the new-game rows back)."""
        setup = self.query_one("#picker-setup")
        for widget in setup.children:
            if widget.id != "game-about":
                widget.display = game_id is None
        about = self.query_one("#game-about", Static)
        about.styles.height = "auto" if game_id is not None else None  # None: as the CSS says
        if game_id is not None:
            about.update(saved_games.entry_about(self.saved_entries[game_id]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        option_id = str(event.option.id)
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
        self.query_one("#players", Choice).focus()

    def _show_game(self, game_id: str) -> None:
        info = registry.GAMES[game_id]
        self.game_id = game_id
        about = Text(info.name + "\n", style="bold")
        about.append(info.summary, style="italic")
        self.query_one("#game-about", Static).update(about)
        players = [str(n) for n in range(info.min_players, info.max_players + 1)]
        self.query_one("#players", Choice).set_values(players)
        self.query_one("#variant", Choice).set_values(list(info.variants))
        solo = self.query_one("#solo", Choice)
        solo.set_values(["no", "yes"] if info.solo else ["no"])
        solo.display = info.solo  # no row for games without a solo mode
        self._sync_seats()

    def _levels(self) -> list[str]:
        try:
            return list(registry.load(self.game_id).bot_factories())
        except ConfigError:
            return []

    def _sync_seats(self) -> None:
        solo = self.query_one("#solo", Choice).value == "yes"
        players = 1 if solo else int(self.query_one("#players", Choice).value)
        self.query_one("#players", Choice).display = not solo
        levels = ["human"] + [f"{level} bot" for level in self._levels()]
        for seat in range(MAX_SEATS):
            choice = self.query_one(f"#seat-{seat}", Choice)
            choice.display = seat < players
            keep = choice.value
            default = "human" if seat == 0 else ("greedy bot" if "greedy bot" in levels
                                                 else "human")
            choice.set_values(levels if seat < players else ["human"],
                              keep if keep in levels and choice.values != ["human"] else default)

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id in ("players", "solo"):
            self._sync_seats()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_back(self) -> None:
        self.query_one("#games", OptionList).focus()

    def action_quit(self) -> None:
        self.app.exit()

    def action_start(self) -> None:
        solo = self.query_one("#solo", Choice).value == "yes"
        players = 1 if solo else int(self.query_one("#players", Choice).value)
        seed_text = self.query_one("#seed", Input).value.strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            self._error("The seed must be a whole number (or empty for a random one).")
            return
        seed = int(seed_text) if seed_text else random.randrange(1_000_000)
        config = GameConfig(players=players, variant=self.query_one("#variant", Choice).value,
                            solo=solo, seed=seed)
        bots = {}
        for seat in range(players):
            value = self.query_one(f"#seat-{seat}", Choice).value
            if value.endswith(" bot"):
                bots[seat] = value.removesuffix(" bot")
        try:
            match = Match.start(registry.load(self.game_id), config)
        except ConfigError as error:
            self._error(str(error))
            return
        if bots and len(bots) == players and not solo:
            self._error("At least one seat should be human (use 'tideboard sim' to watch bots).")
            return
        # a new game is a new record in the store: no saved game is replaced
        self.app.start_match(match, bots)

    def _error(self, message: str) -> None:
        self.query_one("#picker-error", Static).update(Text(message, style="bold red"))
