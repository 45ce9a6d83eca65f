"""The game screen every game shares: it shows a match and asks its controller what a
request does.

A game's screen subclasses :class:`GameScreen` for its widgets (``compose``), its
drawing (``refresh_table``, from ``self.shown``: the state as the person at the
screen may see it) and its keys (``offers`` says which apply now).  What a move, an
undo or leaving does, and whose secrets are shown, is the controller's
(``self.control``, ``control.py``): a match on this machine (``LocalGame``, the
default), a replay (``Replay``) or a seat at a server table (``RemoteTable``).  The
screen keeps the log, the status line and the footer's keys; its end (the results
window, the game-over keys) is ``self.end`` (``game_end.py``).
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType
from textual.screen import Screen

from tideboard.engine.match import Match
from tideboard.files.rules_pages import rules_markdown
from tideboard.ui.shared.control import Control, TurnEnd
from tideboard.ui.shared.game_end import GameEnd, score_table
from tideboard.ui.shared.hints import Hints
from tideboard.ui.shared.local_game import LocalGame
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.status import StatusLine
from tideboard.ui.shared.windows import Windows

__all__ = ["GameLog", "GameScreen"]


# the keys every game screen has, after the game's own KEYS_HELP on the help screen
SHARED_KEYS_HELP = [
    ("h", "a hint: the expert's three best moves for you, the first highlighted"),
    ("u", "undo your last move this turn (when nothing new was revealed)"),
    ("PgUp / PgDn", "scroll the log a page back / forward"),
    ("Home / End", "the log's first / newest lines"),
    ("?", "this help"),
    ("F2", "next colour theme"),
    ("F3", "bot speed: instant, normal, slow (remembered)"),
    ("q", "leave the game (it is saved; resume it from the picker)"),
    (
        "at game over",
        (
            "Esc closes the results to study the board and the log; "
            "r shows them again, a plays again, p opens the picker, q quits"
        ),
    ),
]


# h: a hint on your turn; else the same key says why there is none (ui/shared/hints.py);
# a game screen gets them after its own keys (``with_shared_bindings``), so that a
# narrow footer drops "h Hint" before the game's keys
HINT_BINDINGS = [Binding("h", "hint", "Hint"), Binding("h", "hint(1)", show=False)]


def _keys(binding: BindingType) -> set[str]:
    key = binding.key if isinstance(binding, Binding) else binding[0]
    return {k.strip() for k in key.split(",")}


class GameScreen(Windows, Screen):
    """A match on screen: its log, status line, footer keys and end; a controller's requests.

    Which keys apply (``check_action``): first the controller's say (a replay offers
    only its own keys and those that look), then at game over only
    ``GAME_OVER_BINDINGS`` and ``ANY_TIME_ACTIONS``, else the game's ``offers``.
    A subclass's ``BINDINGS`` get the shared ones back (``with_shared_bindings``).
    """

    GAME_OVER_BINDINGS = [
        Binding("r", "results", "Results"),
        Binding("a", "again", "Play again"),
        Binding("p", "picker", "Picker"),
        Binding("p", "lobby", "Lobby"),  # (at a server table: ``Control.home_word``)
        Binding("q", "quit_app", "Quit"),
        Binding("q", "lobby", "Lobby", show=False),  # (a table's q goes to the lobby)
    ]
    GAME_OVER_ACTIONS = frozenset({"results", "again", "picker", "lobby", "quit_app"})
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
    # the keys of a replay and of a server table (``Control.allows`` offers them)
    CONTROL_BINDINGS = [
        Binding("right,n", "replay_step(1)", "Next", priority=True),
        Binding("left,p", "replay_step(-1)", "Back", priority=True),
        Binding("home", "replay_to('start')", "Start", priority=True),
        Binding("end", "replay_to('end')", "End", priority=True),
        Binding("colon", "chat", "Chat"),
        Binding("R", "resign", "Resign"),
        Binding("X", "expel", "Expel"),  # (a turn-based table's player out of time)
        # a turn's end waiting for Enter (``Control.held``): ahead of the game's keys
        Binding("enter", "hand_over", "Hand over", priority=True),
        Binding("u", "take_back", "Take back", priority=True),
        Binding("escape", "take_back", "Take back", show=False, priority=True),
    ]
    KEYS_HELP: list[tuple[str, str]] = []  # (key, what it does) for the help screen
    SECRETS = "what only you may see"  # named on the hand-over screen: "your hand", ...

    def __init__(
        self,
        match: Match | None = None,
        bots: dict[int, str] | None = None,
        bot_delay: float = 0.6,
        writer: Any = None,
        *,
        control: Control | None = None,
    ) -> None:
        """``control`` decides what the screen's requests do; without it, ``match``
        is played here (a :class:`LocalGame` with ``bots``, ``bot_delay`` and the
        store's ``writer``)."""
        super().__init__()
        if control is None:
            assert match is not None, "a game screen needs a match or a controller"
            control = LocalGame(match, bots or {}, bot_delay, writer)
        self.control = control
        control.screen = self
        self.logged = 0  # the match's log lines in the log
        self.ended = False
        self._footer_state: frozenset[tuple[str, str, bool]] | None = None
        self._status: StatusLine | None = None  # found on the first say()
        self.hints = Hints(self)  # h (ui/shared/hints.py)
        self.end = GameEnd(self)  # the results and the game-over keys (game_end.py)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        own = cls.__dict__.get("BINDINGS")
        if own is not None:
            cls.BINDINGS = with_shared_bindings(own)
        super().__init_subclass__(**kwargs)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The controller's say, then the game over's, then the game's (``offers``)."""
        verdict = self.control.allows(action)
        if verdict is not None:
            return verdict
        if action in self.GAME_OVER_ACTIONS:
            return self.ended and self.end.offers(action)
        if self.ended:
            return action in self.ANY_TIME_ACTIONS
        if action == "hint":  # (listed when a hint may be given; else h says why not)
            return self.hints.offered() != bool(parameters)
        return self.offers(action, parameters)

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether the game's ``action`` applies now (as ``check_action`` does); games override."""
        return True

    # -- what subclasses use ----------------------------------------------
    @property
    def match(self) -> Match:
        return self.control.match

    @property
    def game(self) -> Any:
        return self.control.match.game

    @property
    def state(self) -> Any:
        """The state on the table: the match's, or the board after a move that ended
        the turn while it waits for Enter (``Control.table_state``)."""
        return self.control.table_state

    @property
    def shown(self) -> Any:
        """The state as the person at the screen may see it."""
        return self.control.shown()

    @property
    def viewer(self) -> int | None:
        """Whose secrets are on screen (None: nobody's)."""
        return self.control.viewer

    @property
    def bot_levels(self) -> dict[int, str]:
        return self.control.bot_levels

    @property
    def bot_delay(self) -> float:
        return self.control.bot_delay

    @bot_delay.setter
    def bot_delay(self, delay: float) -> None:  # (F3: the app's new bot speed)
        self.control.bot_delay = delay

    @property
    def human_seats(self) -> list[int]:
        return self.control.human_seats

    def human_to_move(self) -> int | None:
        """The seat the person at the screen may move now (None also while Enter is awaited)."""
        return None if self.control.held is not None else self.control.human_to_move()

    def turn_end(self, before: Any, action: Any, after: Any) -> TurnEnd | None:
        """Whether the move ``action`` of the person at the screen (``before`` ->
        ``after``) ends their turn and waits for Enter before the turn passes, and
        what the table shows meanwhile; None (the default): the turn passes at once."""
        return None

    def needs_privacy(self, seat: int) -> bool:
        """False for a decision all may watch: made at the spectator's view, no hand-over."""
        return True

    def turn_or_wait(self, wait: str = "Wait: it is not your turn.") -> int | None:
        """The human seat to move and looking; else None, after saying ``wait`` as an error."""
        seat = self.human_to_move()
        if seat is None:
            self.say(self.control.waiting(wait), error=True)
        return seat

    def dispatch(self, action: Any) -> bool:
        """Play ``action`` for the person at the screen; False (and a reason) if not."""
        return self.control.play(action)

    def refresh_table(self) -> None:
        """Redraw everything from ``self.shown``; subclasses override."""

    def sync_bindings(self) -> None:
        """Refresh the footer only when the keys it shows change (Textual's
        ``active_bindings``: what ``check_action`` says of each key now); screens call
        it on every redraw, which ``refresh_bindings`` would make dearer."""
        offered = frozenset(
            (key, active.binding.action, active.enabled)
            for key, active in self.active_bindings.items()
        )
        if offered != self._footer_state:
            self._footer_state = offered
            self.refresh_bindings()

    def say(self, message: str, error: bool = False) -> None:
        """Show a prompt, or an error (with a bell), in the screen's StatusLine."""
        line = self.status_line()
        if line is not None:
            line.show(message, error)
        elif error:
            self.notify(message, severity="error")
        if error:
            self.app.bell()

    def status_line(self) -> StatusLine | None:
        if self._status is None or not self._status.is_attached:
            lines = self.query(StatusLine)
            self._status = lines.first() if lines else None
        return self._status

    # -- names --------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """ "You" for the solo player, "Player 2 (medium)" for a bot, else "Player 2"
        (at a server table the players' names)."""
        return self.control.seat_name(seat)

    def seat_does(self, seat: int, verb: str, you_verb: str, name: str | None = None) -> str:
        """``seat`` (or ``name``) with the verb that agrees: "Player 2 is" / "You are"."""
        name = name or self.seat_name(seat)
        return f"{name} {you_verb if name == 'You' else verb}"

    def to_play(self, seat: int, name: str | None = None) -> str:
        """ "Your turn" for you, else "Player 2 to play" (``name`` overrides the name)."""
        name = name or self.seat_name(seat)
        return "Your turn" if name == "You" else f"{name} to play"

    def player_name(self, seat: int) -> str:
        """``seat_name``, with " (you)" on the one human's row among bots (for tables)."""
        you = bool(self.bot_levels) and self.human_seats == [seat] and self.seat_name(seat) != "You"
        return self.seat_name(seat) + (" (you)" if you else "")

    # -- the log --------------------------------------------------------------
    def write_log(self) -> None:
        """Bring the log up to the match (the controller's way: a replay shows it all)."""
        self.control.write_log()

    def follow_log(self) -> None:
        """Make the log show the match's log (after the heading): new lines are
        added; after an undo the undone lines go.  A game may keep it its own way."""
        log = self.query_one(GameLog)
        lines, worded = self.match.log, self.control.move_line
        if len(lines) < self.logged:
            log.show([*log.entries[:1], *(worded(i, line) for i, line in enumerate(lines))])
        else:
            for i, line in enumerate(lines[self.logged :], self.logged):
                log.add(worded(i, line))
        self.logged = len(lines)

    def action_log_scroll(self, direction: int) -> None:
        self.query_one(GameLog).page(direction)

    def action_log_edge(self, end: int) -> None:
        self.query_one(GameLog).edge(bool(end))

    # -- the screen's life ---------------------------------------------------
    def on_mount(self) -> None:
        if not self.query(GameLog):  # mounted empty: the app quits under the same burst
            return
        self.app.sub_title = ""
        self.control.start()

    def on_unmount(self) -> None:
        self.control.stop()

    def show_end(self) -> None:
        """The game is over: record the result, show the results window."""
        self.end.show()

    def end_table(self) -> Any:
        """The final score table for the results window; games may override."""
        return score_table(self)

    # -- actions ----------------------------------------------------------
    def action_results(self) -> None:
        if self.ended and self.is_active:
            self.end.open_results()

    def action_again(self) -> None:
        self.end.choose("again")

    def action_picker(self) -> None:
        self.end.choose("picker")

    def action_lobby(self) -> None:
        self.end.choose("picker")

    def action_quit_app(self) -> None:
        self.end.choose("quit")

    def action_help(self) -> None:
        if not self.is_active:
            return
        control = self.control
        shared = SHARED_KEYS_HELP
        if not control.quits:  # (a server table: its own q, and p and q at game over)
            over = (
                "Esc closes the results to study the board and the log; r shows them "
                f"again, a plays again, p or q goes back to the {control.home_word.lower()}"
            )
            shared = [(k, over if k == "at game over" else w) for k, w in shared if k != "q"]
        keys = control.keys_help(list(self.KEYS_HELP)) + shared
        self.show_help(f"{self.game.info.name}: help", keys, rules_markdown(self.game.info.id))

    def action_undo(self) -> None:
        self.control.undo()

    def action_hint(self, refused: int = 0) -> None:
        self.hints.ask()  # (when no hint may be given, it says why)

    def action_hand_over(self) -> None:
        self.control.hand_over()

    def action_take_back(self) -> None:
        self.control.take_back()

    def action_leave(self) -> None:
        self.control.leave()

    def action_replay_step(self, moves: int) -> None:
        self.control.step(moves)

    def action_replay_to(self, where: str) -> None:
        self.control.go_to_end(where == "end")

    def action_chat(self) -> None:
        self.control.chat()

    def action_resign(self) -> None:
        self.control.resign()

    def action_expel(self) -> None:
        self.control.expel()


def with_shared_bindings(own: list[BindingType]) -> list[BindingType]:
    """A game screen class's ``own`` bindings, with the shared ones Textual would
    otherwise drop (a class's binding of a key replaces its bases' of that key):
    ahead, the game-over bindings of the keys they use or a controller uses; after,
    the controllers' bindings, and the log's of the keys only a controller uses
    (Home, End: a replay's, and the log's when not replaying)."""
    taken = set().union(*(_keys(b) for b in own))
    controls = set().union(*(_keys(b) for b in GameScreen.CONTROL_BINDINGS))
    ahead = [b for b in GameScreen.GAME_OVER_BINDINGS if _keys(b) & (taken | controls)]
    kept = [
        b
        for b in GameScreen.BINDINGS
        if b not in GameScreen.GAME_OVER_BINDINGS and _keys(b) & (controls - taken)
    ]
    return [*ahead, *own, *kept, *HINT_BINDINGS, *GameScreen.CONTROL_BINDINGS]
