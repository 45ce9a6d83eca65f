"""Your turn on the Moonshell screen: the input mode, its cursors, and what each key means.

``Turn.mode`` is None (nothing picked), "pull" (a column's pull previewed), "rock" (pick
the rock to collect from), "chest" (pick the chest column the tile drops into) or "aim"
(a mermaid power aimed on the table: ``aim_mode.py``).  The arrows, the number keys,
Enter and Esc mean what the mode says; the screen's key actions and clicks hand over
here, and the table is drawn from these fields (``panels.py``).
"""

from __future__ import annotations

from tideboard.engine.core import IllegalAction
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CENTRE, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.game import Moonshell
from tideboard.games.moonshell.reef import STILL_WATER
from tideboard.games.moonshell.state import (
    EVENT,
    KEEP,
    MERMAID,
    MOON,
    PLAY,
    Action,
    Collect,
    Keep,
    Pass,
    Pull,
    Rotate,
    State,
)
from tideboard.ui.moonshell.aim_mode import AimMode, open_power_window
from tideboard.ui.moonshell.mermaids import mermaid_moves, no_power_reason
from tideboard.ui.moonshell.moves import collect, confirm_pull, enter_chest, start_pull
from tideboard.ui.moonshell.previews import (
    collect_words,
    one_rock_pull,
    pull_action,
    pull_words,
    rock_choice_words,
    source_tile,
)
from tideboard.ui.moonshell.table import MoonshellTable
from tideboard.ui.moonshell.targets import Targets
from tideboard.ui.moonshell.tiles import card_summary, tile_label
from tideboard.ui.shared.control import TurnEnd
from tideboard.ui.shared.on_position import OnPosition, moved_on


class Turn:
    """The input of the person at the Moonshell screen (``screen``) on their turn."""

    # None, "pull", "rock", "chest" or "aim": what the keys pick, on the position on
    # the table when it was picked (``follow`` drops it once the game moves on)
    mode: OnPosition[str | None] = OnPosition(None)

    def __init__(self, screen: MoonshellTable) -> None:
        self.screen = screen
        self.column = CENTRE  # ocean column cursor (viewer's 0-4)
        self.first = 0  # centre column pull: rock of the nearest tile
        self.rock = 0  # rock picked to collect from
        self.source = 0  # Collect.source of the pending collect
        self.chest_column = 0
        self.offer = 0  # the secret objective chosen in the keep phase
        self.note = ""  # what just happened, shown before the hint
        self.note_moves = 0  # the match's length when it was said (stale once others move)
        self.aim: AimMode | None = None  # the power aimed on the table
        self.power_target: Targets | None = None  # of the move the w window's cursor is on
        # the ocean and rocks before the last move: what changed is highlighted
        self.baseline: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    @property
    def state(self) -> State:
        return self.screen.state

    def follow(self) -> bool:
        """A mode belongs to the position it was picked on: once the game has moved
        on under it (a server's update of a move sent before it was picked, say), it
        goes, never drawn or made on the new position.  True if it went."""
        if not moved_on(self, "mode"):
            return False
        self.drop_aim()
        return True

    # -- helpers ---------------------------------------------------------------------
    def pending_tile(self) -> int:
        """The tile being collected (chosen rock or chest column), else EMPTY."""
        if self.screen.human_to_move() is None:
            return EMPTY
        if self.mode == "chest":
            return source_tile(self.state, self.source)
        if self.mode == "rock":
            return rules.seat_rocks(self.state, self.state.current)[self.rock]
        return EMPTY

    def touch(self) -> None:
        """A key or click on your turn: what changed before it no longer needs
        highlighting (a key pressed while the others play keeps their moves lit)."""
        if self.screen.human_to_move() is not None:
            self.baseline = (self.state.ocean, self.state.rocks)

    def mine(self) -> int | None:
        """Your seat if it is your turn, else None (and the status line says wait)."""
        return self.screen.turn_or_wait()

    def illegal(self, action: Action) -> bool:
        """True (and the engine's reason said) if ``action`` cannot be taken now.
        Only used for actions whose check never ends a turn."""
        try:
            self.screen.game.apply(self.state, action)
        except IllegalAction as error:
            self.screen.say(str(error), error=True)
            return True
        return False

    def play(self, action: Action, note: str = "") -> bool:
        """Make ``action``; ``note`` says what happened before the next hint."""
        before: State = self.state
        self.mode = None
        self.baseline = (before.ocean, before.rocks)
        self.note = note
        # the match with this move (a server table's comes back later)
        self.note_moves = len(self.screen.match.actions) + 1
        ok = self.screen.dispatch(action)
        if ok and (
            self.screen.control.held is not None  # (the turn's end waits for Enter)
            or self.state.turn != before.turn
            or self.state.current != before.current
        ):
            self.note = ""
        return ok

    def tell(self, note: str) -> None:
        """Say ``note`` before the next hint (unless other moves come first)."""
        self.note, self.note_moves = note, len(self.screen.match.actions)

    def refresh(self) -> None:
        """Redraw, and say what the mode is about to do."""
        screen, state = self.screen, self.state
        screen.refresh_table()
        message, error = "", False
        if (aim := self.aimed()) is not None:
            message = aim.hint()
        elif self.mode == "pull":
            message, error = pull_words(screen.app, screen.game, state, self.pulling())
        elif self.mode == "chest":
            message, error = collect_words(screen.app, state, self.source, self.chest_column)
        elif self.mode == "rock":
            message = rock_choice_words(screen.app, state)
        if message:
            screen.say(message, error=error)

    def in_keep(self) -> bool:
        return self.state.phase == KEEP

    def answering(self) -> bool:
        """True in the mermaid choice and an event's question (Moonrise), where only
        ``w`` (or Enter) answers; the table's keys say so (as an error) and do nothing."""
        phase = self.state.phase
        if phase not in (MERMAID, EVENT):
            return False
        if self.mode != "aim":
            self.mode = None
        if phase == MERMAID:
            self.screen.say(
                "First choose your mermaid: press w (or Enter) to see them.", error=True
            )
        else:
            self.screen.say(
                "First answer the event: Moonrise lets you place your moonshell "
                "for free (w or Enter shows where), or x declines.",
                error=True,
            )
        return True

    def applies(self, action: str) -> bool:
        """Whether a turn key (r p c m k x u Esc, Moonrise's x and w) does something now."""
        seat = self.screen.human_to_move()
        if seat is None:
            return False
        state: State = self.state
        if action == "keep":
            return self.in_keep()
        if action in ("decline", "moonrise"):  # Moonrise's own words for x and w
            return state.phase == EVENT
        if action == "cancel" and state.phase in (EVENT, PLAY):
            return self.mode is not None
        if state.phase != PLAY:  # keeping a secret, choosing a mermaid, answering an event
            return False
        if action == "undo":
            return can_undo(self.screen.match)
        rocks = rules.seat_rocks(state, seat)
        full = rules.chest_count(state.chests[seat]) >= CHEST_SIZE
        if action == "rotate":
            return state.event != STILL_WATER
        if action == "pull":
            return rocks == (EMPTY, EMPTY) or one_rock_pull(state)
        if action == "collect":
            return rocks != (EMPTY, EMPTY) and not full
        if action == "moonshell":
            return bool(state.moonshells[seat]) and not full
        return full if action == "pass_turn" else True

    def pulling(self) -> Pull:
        """The pull the cursor shows."""
        return pull_action(self.state, self.column, self.first)

    def aimed(self) -> AimMode | None:
        """The power being aimed on the table (the mode "aim"), else None."""
        return self.aim if self.mode == "aim" else None

    def aiming(self) -> AimMode | None:
        """The power being aimed, when it is your turn; else None."""
        return self.aimed() if self.screen.human_to_move() is not None else None

    def drop_aim(self) -> None:
        """No power aimed, none lit on the table."""
        self.mode = self.aim = self.power_target = None

    # -- the keys ----------------------------------------------------------------------
    def move(self, step: int) -> None:
        """← or →: the offer, the rock, the chest column or the ocean column."""
        self.touch()
        if (aim := self.aiming()) is not None:
            aim.arrow("right" if step > 0 else "left")
            return
        if self.screen.human_to_move() is None or self.answering():
            return
        if self.in_keep():
            offers = self.state.offers[self.state.current]
            self.offer = max(0, min(len(offers) - 1, self.offer + step))
            self.screen.refresh_table()
            self.screen.say(
                f"Secret {offers[self.offer]} chosen: k or Enter asks to keep it, then y keeps it."
            )
            return
        if self.mode == "rock":
            self.rock = 1 if step > 0 else 0
        elif self.mode == "chest":
            self.chest_column = max(0, min(CHEST_COLUMNS - 1, self.chest_column + step))
        else:
            self.column = max(0, min(4, self.column + step))
        self.refresh()

    def toggle_rock(self, step: int = 1) -> None:
        """↑ or ↓: the rock of the centre column's pull, or the rock to collect from."""
        self.touch()
        if (aim := self.aiming()) is not None:
            aim.arrow("down" if step > 0 else "up")
            return
        if self.screen.human_to_move() is None or self.answering():
            return
        if self.mode == "pull" and self.column == CENTRE:
            self.first = 1 - self.first
            self.refresh()
        elif self.mode == "rock":
            self.rock = 1 - self.rock
            self.refresh()
        elif self.mode == "pull":
            self.screen.say(
                "Only the centre column (3) lets you choose the rock; the nearest "
                "tile of another column goes to the rock farther from it.",
                error=True,
            )

    def number(self, n: int) -> None:
        """1-5: a secret offer, a chest column or an ocean column (its pull previewed)."""
        self.touch()
        if (aim := self.aiming()) is not None:
            aim.click([("chest", n - 1), ("col", n - 1)])
            return
        if self.mine() is None or self.answering():
            return
        if self.in_keep():
            offers = self.state.offers[self.state.current]
            if n > len(offers):
                self.screen.say(
                    f"You have {len(offers)} secret objectives to choose from: 1 or 2.", error=True
                )
                return
            self.offer = n - 1
            self.screen.refresh_table()
            self.screen.say(
                f"Secret {offers[self.offer]} chosen: k or Enter asks to keep it, then y keeps it."
            )
            return
        if self.mode in ("chest", "rock"):
            if n > CHEST_COLUMNS:
                self.screen.say("Your treasure chest has columns 1-4.", error=True)
                return
            if self.mode == "rock":
                self.source = self.rock
            self.mode, self.chest_column = "chest", n - 1
            self.refresh()
            return
        self.column = n - 1
        start_pull(self)

    def use_power(self) -> None:
        """w: aim your mermaid power on the table (``aim_mode.py``) or, when it is aimed
        already (or has no place to aim at), list its moves in a window."""
        self.touch()
        seat = self.mine()
        if seat is None:
            return
        state = self.state
        moves = mermaid_moves(self.screen.game, state)
        if not moves:
            self.screen.say(no_power_reason(state, seat), error=True)
            return
        if state.phase != MERMAID and self.mode != "aim":
            aim = AimMode.start(self, moves)
            if aim is not None:  # its places lit on the table; w again lists the moves
                self.aim, self.mode = aim, "aim"
                self.refresh()
                return
        self.drop_aim()
        open_power_window(self, moves)

    def keep(self) -> None:
        """k: keep the chosen secret objective (asked first)."""
        self.touch()
        seat = self.mine()
        if seat is None:
            return
        if not self.in_keep():
            self.illegal(Keep("S1"))
            return
        offers = self.state.offers[seat]
        card = offers[self.offer]
        other = [c for c in offers if c != card]
        question = f"Keep secret objective {card} ({card_summary(card)})?" + (
            f" {other[0]} is discarded unseen." if other else ""
        )

        def answer(yes: bool | None) -> None:
            if yes:
                self.keep_card(card)

        self.screen.ask(question, "Keep it", "Not yet", answer)

    def keep_card(self, card: str) -> None:
        self.offer = 0
        self.play(Keep(card), note=f"You keep {card}.")

    def confirm(self) -> None:
        """Enter: carry out what the mode previews (or start what the turn needs next)."""
        self.touch()
        seat = self.mine()
        if seat is None:
            return
        if self.follow():  # (what was picked before the game moved on: dropped)
            self.screen.refresh_table()
        elif (aim := self.aimed()) is not None:
            aim.enter()
        elif self.state.phase != PLAY and not self.in_keep():
            self.use_power()  # the mermaid choice, the event's question: their window
        elif self.in_keep():
            self.keep()
        elif self.mode == "pull":
            confirm_pull(self)
        elif self.mode == "rock":
            self.source = self.rock
            enter_chest(self)
        elif self.mode == "chest":
            self.drop(seat)
        elif rules.seat_rocks(self.state, seat) == (EMPTY, EMPTY):
            start_pull(self)
        else:
            collect(self)

    def drop(self, seat: int) -> None:
        """The collect into the chosen chest column."""
        column = self.state.chests[seat][self.chest_column]
        if len(column) >= CHEST_ROWS:
            self.screen.say(
                f"Column {self.chest_column + 1} of your treasure chest is full; "
                "choose another column.",
                error=True,
            )
            return
        action = Collect(self.source, self.chest_column)
        what = (
            "the moonshell"
            if self.source == MOON
            else tile_label(source_tile(self.state, self.source)).strip()
        )
        self.play(action, note=f"{what} went into chest column {self.chest_column + 1}.")

    def cancel(self) -> None:
        """Esc: step back in the aim, or drop the mode."""
        self.touch()
        if (aim := self.aimed()) is not None:
            aim.back()
        elif self.mode is not None:
            self.mode = None
            self.tell("Cancelled.")
            self.screen.refresh_table()


def can_undo(match: Match) -> bool:
    """Something of the player's this turn that undo may take back (not a pull)."""
    if not match.actions or len(match.states) < 2:
        return False
    before, after = match.states[-2], match.states[-1]
    if after.turn != before.turn or after.current != before.current:
        return False
    return not isinstance(match.actions[-1], Pull)


def move_words(action: Action) -> str:
    """The move as "u takes back ..." names it."""
    if isinstance(action, Rotate):
        return "the rotation"
    if isinstance(action, Collect):
        return "the moonshell" if action.source == MOON else "the collect"
    if isinstance(action, Pull):
        return "the pull"
    return "the pass" if isinstance(action, Pass) else "the power's move"


def turn_end(game: Moonshell, before: State, action: Action, after: State) -> TurnEnd | None:
    """Whether ``action`` (``before`` -> ``after``) ends the mover's turn (their last
    action, or a pass): then the board after it is shown and the turn passes on Enter.

    The board shown is the action's own result, before the turn's end (the
    mermeeples' return, the automaton's turn, a new round's event card: what the
    next turn reveals stays unseen while the move may still be taken back).  It is
    the action made with one action more left, so that it does not end the turn.
    A rotation, a collect (the moonshell's too) and a pass reveal nothing and may be
    taken back; a pull draws from the bag and a mermaid power may too, so they stay
    (``TurnEnd.final``) and the board after the whole turn's end is shown.
    """
    if before.phase != PLAY or (after.turn == before.turn and not after.over):
        return None
    what = move_words(action)
    if isinstance(action, Pass):
        return TurnEnd(evolve(before, actions_left=0), what)
    probe = evolve(before, actions_left=before.actions_left + 1)
    try:
        mid = game.apply(probe, action)
    except IllegalAction:
        mid = None
    if mid is None or mid.turn != before.turn or not game.undoable(probe, action, mid):
        why = (
            "it drew new tiles from the bag"
            if isinstance(action, Pull)
            else "a mermaid power's move stays once made"
        )
        return TurnEnd(after, what, final=why)
    return TurnEnd(evolve(mid, actions_left=0), what)
