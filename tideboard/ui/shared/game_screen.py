"""The part of a game screen that is the same for every game.

It owns the :class:`Match` (the model), runs the bots, puts up the privacy
screen between hot-seat players, keeps the log, writes every move to the
game store and shows the end screen.  A game's screen subclasses it and only draws the
table from ``self.shown`` (the state as the current viewer may see it) and
turns keys into actions passed to :meth:`dispatch`.
"""

from __future__ import annotations

import functools
from typing import Any

from textual import events
from textual.binding import Binding
from textual.screen import Screen

from tideboard.docs_data import rules_markdown
from tideboard.engine.bots import make_bot
from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.match import Match
from tideboard.ui.shared.game_over import GameOver
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.log_keeping import LogKeeping
from tideboard.ui.shared.saving import last_save, save_match
from tideboard.ui.shared.status import StatusLine
from tideboard.ui.shared.windows import Windows
from tideboard.ui.shared.words import SeatNames

__all__ = ["GameLog", "GameScreen"]


# the keys every game screen has, after the game's own KEYS_HELP on the help screen
SHARED_KEYS_HELP = [
    ("u", "undo your last move this turn (when nothing new was revealed)"),
    ("PgUp / PgDn", "scroll the log a page back / forward"),
    ("Home / End", "the log's first / newest lines"),
    ("?", "this help"), ("F2", "next colour theme"),
    ("F3", "bot speed: instant, normal, slow (remembered)"),
    ("q", "leave the game (it is saved; resume it from the picker)"),
    ("at game over", ("Esc closes the results to study the board and the log; "
                      "r shows them again, a plays again, p opens the picker, q quits")),
]


def _keys(binding: Binding) -> set[str]:
    return {key.strip() for key in binding.key.split(",")}



@functools.cache
def split_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``"pick(1)"`` -> ``("pick", (1,))``: a binding's action name and arguments,
    as Textual reads them.  Our bindings' arguments are whole numbers and quoted
    words, read here directly; anything else goes to Textual's own parser (which
    compiles each one: about 0.1 ms apiece, ~40 of them before the first frame)."""
    name, bracket, rest = action.partition("(")
    if not bracket:
        return action.rpartition(".")[2], ()
    args: list[object] = []
    for part in filter(None, (p.strip() for p in rest.removesuffix(")").split(","))):
        if part.lstrip("-").isdigit():
            args.append(int(part))
        elif len(part) >= 2 and part[0] == part[-1] and part[0] in "'\"" and part[0] not in part[1:-1]:
            args.append(part[1:-1])
        elif part in ("True", "False", "None"):
            args.append({"True": True, "False": False, "None": None}[part])
        else:
            from textual.actions import parse

            _namespace, textual_name, textual_args = parse(action)
            return textual_name, textual_args
    return name.rpartition(".")[2], tuple(args)

class GameScreen(GameOver, LogKeeping, SeatNames, Windows, Screen):
    """The match, bots, hand-over screen, log, undo and game over for every game.

    At game over the table's own keys stand down (``check_action``; a screen
    that overrides it returns ``super().check_action(...)`` for the actions it
    does not decide) and ``GAME_OVER_BINDINGS`` take their keys: a subclass
    whose ``BINDINGS`` use one of those keys (``r``, ``a``, ``p``) gets the
    game-over binding put ahead of its own, tried first and passed over while
    the game runs.
    """

    GAME_OVER_BINDINGS = [
        Binding("r", "results", "Results"),
        Binding("a", "again", "Play again"),
        Binding("p", "picker", "Picker"),
        Binding("q", "quit_app", "Quit"),
    ]
    GAME_OVER_ACTIONS = frozenset({"results", "again", "picker", "quit_app"})
    ANY_TIME_ACTIONS = frozenset({"help", "log_scroll", "log_edge"})  # also at game over
    BINDINGS = [
        Binding("question_mark", "help", "Help"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Quit"),
        Binding("pageup", "log_scroll(-1)", "Log up", show=False),
        Binding("pagedown", "log_scroll(1)", "Log down", show=False),
        Binding("home", "log_edge(0)", "Log start", show=False),
        Binding("end", "log_edge(1)", "Log end", show=False),
        *GAME_OVER_BINDINGS,
    ]
    KEYS_HELP: list[tuple[str, str]] = []  # (key, what it does) for the help screen
    SECRETS = "what only you may see"  # named on the hand-over screen: "your hand", ...

    def __init__(self, match: Match, bots: dict[int, str], bot_delay: float = 0.6,
                 writer: Any = None) -> None:
        super().__init__()
        # the game's record in the store (a GameWriter); None until the first save
        # creates it (see ``save``)
        self.writer = writer
        self.save_error: str | None = None  # the last failed save, until one succeeds
        self.match = match
        self.bot_levels = dict(bots)
        self.bots = {seat: make_bot(match.game, level, seed=match.config.seed * 97 + seat)
                     for seat, level in bots.items()}
        self.bot_delay = bot_delay
        self.viewer: int | None = None  # whose secrets are on screen
        self.logged = 0
        self.ended = False
        self._footer_state: frozenset[tuple[str, bool | None]] | None = None
        self._status: StatusLine | None = None  # found on the first say()
        self._resumed = False  # (see on_screen_resume)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        own = cls.__dict__.get("BINDINGS")
        if own:
            taken = set().union(*(_keys(b) for b in own))
            ahead = [b for b in GameScreen.GAME_OVER_BINDINGS if _keys(b) & taken]
            if ahead:
                cls.BINDINGS = [*ahead, *own]
        super().__init_subclass__(**kwargs)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The screen's first resume comes just after its widgets mounted, each styled as it
        mounted with the sheets of now: Textual's restyle of the whole screen here would
        only do that again (about 2% of a first frame; nothing changes, a test checks).
        Later resumes (back from a window, perhaps after a theme change) restyle as usual.
        (This runs before ``Screen``'s own handler, which reads ``refresh_styles``.)"""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game-over keys only at game over; then only they (and help, the log) work."""
        if action in self.GAME_OVER_ACTIONS:
            return self.ended
        return not self.ended or action in self.ANY_TIME_ACTIONS

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

    def next_seat(self, state: Any = None) -> int | None:
        """The seat to act next: of several choosing at once, bots first, then the viewer."""
        seats = self.game.to_move(self.state if state is None else state)
        ahead = [s for s in seats if s in self.bots] or [s for s in seats if s == self.viewer]
        return (ahead or seats or (None,))[0]

    def human_to_move(self) -> int | None:
        """The human seat to move and looking (for a public decision, at the spectator's view)."""
        seat = self.next_seat()
        public = seat is not None and self.viewer is None and not self.needs_privacy(seat)
        return seat if seat not in self.bots and (seat == self.viewer or public) else None

    def needs_privacy(self, seat: int) -> bool:
        """False for a decision all may watch: made at the spectator's view, no hand-over."""
        return True

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
            name, parameters = split_action(binding.action)
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
        line = self._status_line()
        if line is not None:
            line.show(message, error)
        elif error:
            self.notify(message, severity="error")
        if error:
            self.app.bell()

    def _status_line(self) -> StatusLine | None:
        if self._status is None or not self._status.is_attached:
            lines = self.query(StatusLine)
            self._status = lines.first() if lines else None
        return self._status

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
        if not self.query(GameLog):  # mounted empty: the app quits under the same burst
            return
        self.app.sub_title = ""
        self.query_one(GameLog).add(self.log_heading())
        self._write_log()
        self.call_after_refresh(self.save)  # the record once the first frame is up
        self._advance()

    def _after_change(self) -> None:
        self._write_log()
        self.save()
        self._advance()

    def save(self) -> bool:
        """The game's record brought up to the match on screen (ui/shared/saving.py)."""
        return save_match(self)

    def on_unmount(self) -> None:
        last_save(self)  # a game not saved (a full disk) gets a last try

    def _advance(self) -> None:
        state = self.state
        if self.game.is_over(state):
            self.refresh_table()
            self.say(f"Game over. {self.game.result_text(state)}")
            self._show_end()
            return
        seat = self.next_seat(state)
        if seat in self.bots:
            self.refresh_table()
            self.say(f"{self.seat_does(seat, 'is', 'are')} playing...")
            self.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        if (seat != self.viewer and len(self.human_seats) > 1
                and self.game.info.hidden_information):
            self.viewer = None
            self.refresh_table()
            if self.needs_privacy(seat):  # (else a public decision, at the spectator's view)
                self.show_privacy(seat, seat_label(seat), self.SECRETS,
                                  lambda show: self._hand_over(seat, show))
            return
        self._reveal(seat)

    def _hand_over(self, seat: int, show: bool | None) -> None:
        """The hand-over screen's answer: show ``seat``'s secrets, or leave the game."""
        if show:
            self._reveal(seat)
        else:
            self.app.show_picker()

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.refresh_table()

    def _bot_step(self) -> None:
        if not self.is_current or self.game.is_over(self.state):
            if not self.game.is_over(self.state):  # wait under a modal, try again
                self.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        seat = self.next_seat()
        bot = self.bots.get(seat)
        if bot is None:  # a human's choice now (a second timer, or the seats changed)
            self._advance()
            return
        action = bot.choose(self.game, self.game.view(self.state, seat), seat,
                            self.game.legal_for(self.state, seat))
        self.match = self.match.play(action)
        self._after_change()

    def _show_end(self) -> None:
        if self.ended:
            return
        self.ended = True
        self.save()  # records the result (and the record shows the seed from now on)
        self._open_results()

    # -- actions ----------------------------------------------------------
    def action_help(self) -> None:
        if not self.is_active:
            return
        self.show_help(f"{self.game.info.name}: help", self.KEYS_HELP + SHARED_KEYS_HELP,
                       rules_markdown(self.game.info.id))

    def action_undo(self) -> None:
        if self.human_to_move() is None:
            self.say("Wait: it is not your turn.", error=True)
            return
        if not self.match.actions:
            self.say("Nothing to undo yet.", error=True)
            return
        before, after = self.match.states[-2], self.match.states[-1]
        action = self.match.actions[-1]
        if self.game.seat_of(before, action) != self.human_to_move():
            self.say("Nothing to undo this turn: the last move was another player's.",
                     error=True)
            return
        if not self.game.undoable(before, action, after):
            reason = self.game.undo_refusal(before, action, after)
            self.say(f"That move cannot be taken back: {reason}.", error=True)
            return
        self.match = self.match.undo()
        self._write_log()  # the undone lines leave the log
        self.save()
        self.notify("Move taken back.", timeout=2)
        self.refresh_table()  # redraws, and the status line shows what to do next

    def action_leave(self) -> None:
        if not self.is_active:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.show_picker()

        self.ask("Leave this game? It is saved: resume it from the picker.", "Leave", "Stay",
                 answer)
