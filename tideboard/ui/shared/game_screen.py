"""The part of a game screen that is the same for every game.

It owns the :class:`Match` (the model), runs the bots, puts up the privacy
screen between hot-seat players, keeps the log, autosaves after every move
and shows the end screen.  A game's screen subclasses it and only draws the
table from ``self.shown`` (the state as the current viewer may see it) and
turns keys into actions passed to :meth:`dispatch`.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from textual.actions import parse as parse_action
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import RichLog

from tideboard.docs_data import rules_markdown
from tideboard.engine.bots import make_bot
from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.match import Match
from tideboard.ui import saves
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, HelpScreen, PrivacyScreen
from tideboard.ui.shared.status import StatusLine

__all__ = ["GameLog", "GameScreen"]


class GameScreen(Screen):
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Quit"),
    ]
    KEYS_HELP: list[tuple[str, str]] = []  # (key, what it does) for the help screen

    def __init__(self, match: Match, bots: dict[int, str], bot_delay: float = 0.6) -> None:
        super().__init__()
        self.match = match
        self.bot_levels = dict(bots)
        self.bots = {seat: make_bot(match.game, level, seed=match.config.seed * 97 + seat)
                     for seat, level in bots.items()}
        self.bot_delay = bot_delay
        self.viewer: int | None = None  # whose secrets are on screen
        self.logged = 0
        self.ended = False
        self._bot_timer = None
        self._footer_state: frozenset[tuple[str, bool | None]] | None = None

    # -- what subclasses use ----------------------------------------------
    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def shown(self) -> Any:
        """The state as the person at the screen may see it."""
        return self.game.view(self.state, self.viewer)

    @property
    def human_seats(self) -> list[int]:
        seats = 1 if self.match.config.solo else self.match.config.players
        return [s for s in range(seats) if s not in self.bots]

    def seat_name(self, seat: int) -> str:
        if self.match.config.solo and seat == 0:
            return "You"
        level = self.bot_levels.get(seat)
        return f"{seat_label(seat)} ({level})" if level else seat_label(seat)

    def human_to_move(self) -> int | None:
        """The human seat whose turn it is and who is looking, else None."""
        seats = self.game.to_move(self.state)
        if seats and seats[0] not in self.bots and seats[0] == self.viewer:
            return seats[0]
        return None

    def turn_or_wait(self, wait: str = "Wait: it is not your turn.") -> int | None:
        """The human seat to move and looking; else None, after saying ``wait`` as an error."""
        seat = self.human_to_move()
        if seat is None:
            self.say(wait, error=True)
        return seat

    def refresh_table(self) -> None:
        """Redraw everything from ``self.shown``; subclasses override."""

    def offered_actions(self) -> frozenset[tuple[str, bool | None]]:
        """Each binding's action with what ``check_action`` says of it now
        (True: shown, None: shown disabled, False: hidden)."""
        offered = set()
        for _key, binding in self._bindings:
            _namespace, name, parameters = parse_action(binding.action)
            offered.add((binding.action, self.check_action(name, parameters)))
        return frozenset(offered)

    def sync_bindings(self) -> None:
        """Refresh the footer only when the set of keys that apply has changed.

        ``refresh_bindings`` recomposes the Footer (a widget per key); doing it on
        every redraw costs time and memory, so screens call this instead.
        """
        offered = self.offered_actions()
        if offered != self._footer_state:
            self._footer_state = offered
            self.refresh_bindings()

    def say(self, message: str, error: bool = False) -> None:
        """Show a prompt, or an error (with a bell), in the screen's StatusLine."""
        lines = self.query(StatusLine)
        if lines:
            lines.first().show(message, error)
        elif error:
            self.notify(message, severity="error")
        if error:
            self.app.bell()

    def dispatch(self, action: Any) -> bool:
        """Apply ``action`` for the human at the screen; False (and a reason) if illegal."""
        try:
            self.match = self.match.play(action)
        except IllegalAction as error:
            self.say(str(error), error=True)
            return False
        self._after_change()
        return True

    # -- the loop ---------------------------------------------------------
    def on_mount(self) -> None:
        self.app.sub_title = ""
        self.query_one(RichLog).write(f"{self.game.info.name}, seed {self.match.config.seed}.")
        self._write_log()
        self._advance()

    def _write_log(self) -> None:
        log = self.query_one(RichLog)
        for line in self.match.log[self.logged:]:
            log.write(line)
        self.logged = len(self.match.log)

    def _after_change(self) -> None:
        self._write_log()
        error = saves.write_autosave(self.match, self.bot_levels)
        if error:
            self.notify(error, severity="warning")
        self._advance()

    def _advance(self) -> None:
        state = self.state
        if self.game.is_over(state):
            self.refresh_table()
            self.say(f"Game over. {self.game.result_text(state)}")
            self._show_end()
            return
        seat = self.game.to_move(state)[0]
        if seat in self.bots:
            self.refresh_table()
            self.say(f"{self.seat_name(seat)} is playing...")
            self._bot_timer = self.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        if (seat != self.viewer and len(self.human_seats) > 1
                and self.game.info.hidden_information):
            self.viewer = None
            self.refresh_table()
            self.app.push_screen(PrivacyScreen(seat_label(seat)), lambda _: self._reveal(seat))
            return
        self._reveal(seat)

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.refresh_table()

    def _bot_step(self) -> None:
        self._bot_timer = None
        if not self.is_current or self.game.is_over(self.state):
            if not self.game.is_over(self.state):  # wait under a modal, try again
                self._bot_timer = self.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        seat = self.game.to_move(self.state)[0]
        bot = self.bots[seat]
        action = bot.choose(self.game, self.game.view(self.state, seat), seat,
                            self.game.legal_actions(self.state))
        self.match = self.match.play(action)
        self._after_change()

    def _show_end(self) -> None:
        if self.ended:
            return
        self.ended = True
        saves.clear_autosave(self.game.info.id)
        self.app.push_screen(EndScreen(f"{self.game.info.name}: game over", self.end_table(),
                                       self.game.result_text(self.state)), self._end_choice)

    def end_table(self) -> Any:
        """The final score table for the end screen; subclasses may override."""
        from rich.table import Table

        table = Table(box=None)
        table.add_column("Player")
        table.add_column("Score", justify="right")
        winners = set(self.game.winners(self.state))
        for seat, score in enumerate(self.game.scores(self.state)):
            mark = " *" if seat in winners else ""
            table.add_row(self.seat_name(seat) + mark, str(score))
        return table

    def _end_choice(self, choice: str | None) -> None:
        if choice == "again":
            config = attrs.evolve(self.match.config, seed=random.randrange(1_000_000))
            new = Match.start(self.game, config)
            self.app.switch_screen(type(self)(new, self.bot_levels, self.bot_delay))
        elif choice == "quit":
            self.app.exit()
        else:
            self.app.show_picker()

    # -- actions ----------------------------------------------------------
    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(f"{self.game.info.name}: help", self.KEYS_HELP + [
            ("u", "undo your last move this turn (when nothing new was revealed)"),
            ("?", "this help"), ("F2", "next colour theme"),
            ("F3", "bot speed: instant, normal, slow (remembered)"),
            ("q", "leave the game (it is saved; resume it from the picker)")],
            rules_markdown(self.game.info.id)))

    def action_undo(self) -> None:
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return
        if not self.match.actions:
            self.say("Nothing to undo yet.", error=True)
            return
        before, after = self.match.states[-2], self.match.states[-1]
        action = self.match.actions[-1]
        if self.game.to_move(before)[:1] != (self.human_to_move(),):
            self.say("Nothing to undo this turn: the last move was another player's.",
                     error=True)
            return
        if not self.game.undoable(before, action, after):
            reason = self.game.undo_refusal(before, action, after)
            self.say(f"That move cannot be taken back: {reason}.", error=True)
            return
        self.match = self.match.undo()
        self.query_one(RichLog).write("(undone)")
        self.logged = len(self.match.log)
        saves.write_autosave(self.match, self.bot_levels)
        self.notify("Move taken back.", timeout=2)
        self.refresh_table()  # redraws, and the status line shows what to do next

    def action_leave(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.app.show_picker()

        self.app.push_screen(ConfirmScreen("Leave this game? It is saved: resume it from "
                                           "the picker.", "Leave", "Stay"), answer)
