"""What a game screen's keys do to the match it shows: the screen's controller.

A :class:`~tideboard.ui.shared.game_screen.GameScreen` draws a match and turns keys
into requests ("play this move", "undo", "leave"); its controller decides what they
do.  :class:`Control` is the base with the parts every controller shares (whose
turn it is, seat names, the log); the three controllers are

- :class:`~tideboard.ui.shared.local_game.LocalGame`: a match on this machine, with
  bots, the hot-seat hand-over screen and every move saved in the game store;
- :class:`~tideboard.ui.shared.replay.Replay`: stepping through a stored game,
  read-only;
- :class:`~tideboard.serve.table_screen.RemoteTable`: one seat of a server table
  (moves go to the room, which tells the screen of each change).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tideboard.engine.bots import level_name
from tideboard.engine.core import seat_label
from tideboard.engine.match import Match
from tideboard.ui.shared.log import GameLog

# actions that only one kind of controller offers (a replay's steps, a table's chat)
REPLAY_ACTIONS = frozenset({"replay_step", "replay_to"})
TABLE_ACTIONS = frozenset({"chat", "resign", "expel"})
# the keys of a turn's end waiting for Enter (``Control.held``)
HAND_OVER_ACTIONS = frozenset({"hand_over", "take_back"})


# (named tuples, not attrs classes: the picker's first frame imports this module
# and no game, so it must not pay for attrs; tests/test_engine_imports.py)
class TurnEnd(NamedTuple):
    """What a game screen says of a move that ends its player's turn
    (``GameScreen.turn_end``): the turn passes only on Enter.

    ``preview`` is the state on the table meanwhile: the board after the move, the
    turn not passed yet (what the next turn reveals, a drawn card or an event, not
    shown).  ``what`` names the move for "u takes back the rotation".  ``final``
    says why the move cannot be taken back when it revealed something (a tile drawn
    from the bag): it is then made at once and only the hand-over waits; "" when
    it can be taken back.
    """

    preview: Any
    what: str
    final: str = ""


class Held(NamedTuple):
    """A move that ended the turn of the person at the screen, waiting for Enter.

    ``base`` is the match it was made on; ``made`` the match with the move
    (a local game's, ready to keep on Enter; None at a server table, where the
    room makes it); ``after`` the state after it, the turn passed."""

    action: Any
    end: TurnEnd
    base: Match
    after: Any
    made: Match | None = None


class Control:
    """The match on a game screen and what the screen's requests do to it.

    ``screen`` is set by the screen that holds the controller (one screen each).
    """

    bot_delay = 0.0  # seconds a bot waits before it moves (a local game's bots only)
    # where p goes at game over (and leaving does): the picker here, a server's lobby
    # at a table; ``quits``: whether q at game over ends the app (at a server table
    # it goes to the lobby: only the lobby's q leaves the server)
    home_word = "Picker"
    quits = True

    def __init__(self, match: Match, bot_levels: dict[int, str]) -> None:
        self.match = match
        self.bot_levels = dict(bot_levels)  # seat -> bot level, for the seats bots play
        self.viewer: int | None = None  # whose secrets are on screen
        self.screen: Any = None
        self._view: tuple[Any, int | None, Any] | None = None  # (state, viewer, its view)
        # the move that ended the turn of the person at the screen, until Enter
        # hands the turn over (u takes it back if it revealed nothing)
        self.held: Held | None = None

    # -- what the screen shows ----------------------------------------------------
    def shown(self) -> Any:
        """The state as the person at the screen may see it."""
        return self.view_for(self.viewer)

    @property
    def table_state(self) -> Any:
        """The state on the table: the match's, or while a turn's end waits for
        Enter, the board after the move (``TurnEnd.preview``)."""
        held = self.held
        return self.match.state if held is None else held.end.preview

    def view_for(self, viewer: int | None) -> Any:
        """The state on the table as ``viewer`` sees it, worked out once per state and
        viewer (the screen asks on every redraw and key)."""
        state = self.table_state
        cached = self._view
        if cached is None or cached[0] is not state or cached[1] != viewer:
            cached = self._view = (state, viewer, self.match.game.view(state, viewer))
        return cached[2]

    @property
    def human_seats(self) -> list[int]:
        config = self.match.config
        seats = 1 if config.solo else config.players
        return [s for s in range(seats) if s not in self.bot_levels]

    def next_seat(self, state: Any = None) -> int | None:
        """The seat to act next: of several choosing at once, bots first, then the viewer."""
        seats = self.match.game.to_move(self.match.state if state is None else state)
        ahead = [s for s in seats if s in self.bot_levels] or [s for s in seats if s == self.viewer]
        return (ahead or seats or (None,))[0]

    def human_to_move(self) -> int | None:
        """The seat whose move the person at the screen may make now, or None."""
        return None

    def waiting(self, wait: str) -> str:
        """What a key says when it is not the screen's turn (``wait``: the game's
        words); while a turn's end waits for Enter, what Enter and u do."""
        return wait if self.held is None else self.held_line()

    # -- the end of a turn, held until Enter --------------------------------------------
    def hold(self, action: Any, after: Any, made: Match | None = None) -> bool:
        """Hold ``action`` (``after``: the state it makes) if the screen says it ends the
        turn of the person at the screen (``GameScreen.turn_end``); True if held."""
        end = self.screen.turn_end(self.match.state, action, after)
        if end is None:
            return False
        self.held = Held(action, end, self.match, after, made)
        return True

    def held_line(self) -> str:
        """The status line while a turn's end waits: what Enter and u do."""
        held = self.held
        if held is None:
            return ""
        game = self.match.game
        over = game.is_over(held.after)
        enter = "Enter shows the results" if over else "Enter hands over"
        if not over:
            mover = game.seat_of(held.base.state, held.action)
            following = game.to_move(held.after)[:1]
            if following and following[0] != mover:
                enter += f" to {self.seat_name(following[0])}"
        start = "That ends the game" if over else "End of your turn"
        if held.end.final:
            what, why = held.end.what, held.end.final
            return f"{start}: {what} cannot be taken back ({why}). {enter}."
        return f"{start}: {enter}, u takes back {held.end.what}."

    def show_held(self) -> None:
        """Draw the board after the held move and say what Enter and u do."""
        self.screen.refresh_table()
        self.screen.say(self.held_line())

    def hand_over(self) -> None:
        """Enter while a turn's end waits: the turn passes (the controller's way)."""

    def take_back(self) -> None:
        """u or Esc while a turn's end waits: the move is taken back, if it may be."""
        held = self.held
        if held is None:
            return
        screen = self.screen
        if held.end.final:
            screen.say(
                f"{held.end.what.capitalize()} cannot be taken back: {held.end.final}.", error=True
            )
            return
        self.held = None
        screen.notify("Move taken back.", timeout=2)
        screen.refresh_table()  # redraws, and the status line shows what to do next

    # -- requests -------------------------------------------------------------------
    def start(self) -> None:
        """The screen is mounted: its log from the heading on, what comes next."""
        screen = self.screen
        screen.query_one(GameLog).add(self.log_heading())
        screen.write_log()
        self.advance()

    def stop(self) -> None:
        """The screen is unmounted."""

    def advance(self) -> None:
        """After a change: redraw, and say what comes next."""
        self.screen.refresh_table()

    def play(self, action: Any) -> bool:
        """Make ``action`` for the person at the screen; False (and why, said) if not."""
        return False

    def undo(self) -> None:
        """Take back the person's last move, if it may be."""

    def save(self) -> None:
        """Bring the game's record up to the match (a local game's only)."""

    def leave(self) -> None:
        """Leave the screen (``q``)."""
        self.screen.app.show_picker()

    def play_again(self) -> None:
        """ "Play again" at game over."""
        self.screen.app.show_picker()

    def step(self, moves: int) -> None:
        """A replay's next or previous move (only a replay offers the keys)."""

    def go_to_end(self, end: bool) -> None:
        """A replay's first or last position (only a replay offers the keys)."""

    def chat(self) -> None:
        """Say something to the table (only a table offers the key)."""

    def resign(self) -> None:
        """Give up the seat to a bot (only a table offers the key)."""

    def expel(self) -> None:
        """Expel a player out of time (a turn-based table's key: X)."""

    def hint_refusal(self) -> str | None:
        """Why ``h`` gives no hint here, or None if it may (a local game's may)."""
        return "No hints here."

    def note_hint(self, seat: int, hint: Any) -> None:
        """The log notes the hint ``seat`` used: what it said ("Hint: ..."), or in
        hot-seat, where the next player reads the log, only that it was used."""
        name = self.seat_name(seat)
        game = self.match.game
        if len(self.human_seats) > 1 and game.info.hidden_information:
            line = f"{name} used a hint."
        else:
            line = f"Hint: {hint.words}" if name == "You" else f"Hint for {name}: {hint.words}"
        self.screen.query_one(GameLog).add(line)

    def allows(self, action: str) -> bool | None:
        """Whether the screen's ``action`` applies now, if the controller decides it
        (a replay allows only its keys and those that look); None: the screen decides.
        Enter and u of a turn's end waiting (``held``) apply only then."""
        if action in HAND_OVER_ACTIONS:
            held = self.held
            return held is not None and (action == "hand_over" or not held.end.final)
        return False if action in REPLAY_ACTIONS or action in TABLE_ACTIONS else None

    # -- words -----------------------------------------------------------------------
    def keys_help(self, keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The help screen's keys: the game's ``keys``, and the controller's own."""
        return keys

    def named(self, text: str) -> str:
        """``text`` (a log line, a result) as this screen names the players: a
        served table puts its players' names for "Player N"; here it is as it is."""
        return text

    def seat_name(self, seat: int) -> str:
        """ "You" for the solo player, "Player 2 (medium)" for a bot (the level as
        players know it), else "Player 2"."""
        level = self.bot_levels.get(seat)
        if level:
            return f"{seat_label(seat)} ({level_name(level)})"
        return "You" if self.match.config.solo and seat == 0 else seat_label(seat)

    def secrets_note(self, hot_seat: str, what: str) -> str:
        """What a screen showing no seat's secrets says where they would be:
        ``hot_seat`` here (between two players at one keyboard); a spectator
        at a server table is told the players' ``what`` are theirs alone."""
        return hot_seat

    def log_heading(self) -> str:
        """The log's first line; the seed only once the game is over (before that it
        gives away hidden cards or dice to come, as ``tideboard script`` knows)."""
        game = self.match.game
        info = game.info
        if not game.is_over(self.match.state):
            return f"{info.name}, {'game resumed' if self.match.actions else 'new game'}."
        return f"{info.name}, seed {self.match.config.seed}."

    def write_log(self) -> None:
        """Make the screen's log show the match's (the game's own way of keeping it)."""
        self.screen.follow_log()

    def move_line(self, index: int, line: str) -> str:
        """The log line of the match's move ``index`` as this screen words it (a
        server table names a bot playing for an away player)."""
        return line
