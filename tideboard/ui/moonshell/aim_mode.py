"""The ``w`` key of the Moonshell screen: a mermaid power (or Moonrise's offer) aimed on the
table itself (:class:`AimMode`), or chosen from a window listing its moves.  ``w`` lights the places the power may act on; the arrows move the cursor
among them (each previewed as the cursor comes to it: the board as it would be, what
lands where, what it does in words), Enter or a second click on the same place uses it
(or goes on to the next place a two-step power needs), Esc steps back, and ``w`` again
lists every move of the power in a window instead (``picks.py`` has the picks).
The turn's ``use_power`` (``modes.py``) starts either; they name the turn by the
``MoonshellTurn`` Protocol (``table.py``), as ``modes.py`` imports them.
"""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell import powers, rules
from tideboard.games.moonshell.state import EVENT, MERMAID, Pull, Rotate, State
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.mermaids import preview_line, window_title
from tideboard.ui.moonshell.ocean import OceanBoard
from tideboard.ui.moonshell.picks import (
    Aim,
    Pick,
    done_words,
    move_words,
    pick_words,
    step,
    step_prompt,
)
from tideboard.ui.moonshell.previews import fits_status
from tideboard.ui.moonshell.table import MoonshellTurn
from tideboard.ui.moonshell.targets import Targets, power_targets
from tideboard.ui.moonshell.tiles import UNKNOWN

ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def preview_after(state: State, seat: int, move: Any) -> State | None:
    """The table after ``move`` as far as anyone may know it: tiles a pull would draw from
    the bag are UNKNOWN.  None for a move that changes nothing on the ocean."""
    try:
        if isinstance(move, Rotate):
            return rules.rotate(rules.rotate(state))
        if isinstance(move, Pull):
            masked = evolve(state, bag=(UNKNOWN,) * len(state.bag))
            return powers.power_pull(masked, seat, move)
    except IllegalAction:
        return None
    return None


def open_power_window(turn: MoonshellTurn, moves: list[Any]) -> None:
    """The window listing ``moves``, each with what it would do; the move under its
    cursor is lit on the board beside it."""
    screen = turn.screen
    state: State = turn.state
    seat = state.current
    screen.refresh_table()
    lines = [preview_line(screen.game, state, screen.shown, action) for action in moves]
    title, note = window_title(state, seat)

    def highlight(index: int) -> None:  # the move's target, lit on the table
        turn.power_target = power_targets(state, seat, moves[index])
        screen.refresh_table()

    def answer(index: int | None) -> None:
        turn.power_target = None
        if index is None or not turn.play(moves[index]):
            screen.refresh_table()

    beside = None
    if state.phase != MERMAID:  # the board shows what the cursor's move acts on
        beside = max(30, screen.app.size.width - screen.board_width() - 1)
    from tideboard.ui.moonshell.choice import ChoiceWindow  # loaded when first opened

    screen.app.push_screen(ChoiceWindow(title, lines, note, highlight, beside), answer)


class AimMode:
    """A power aimed on the table: the picks made so far (``picks``), lit on the board and
    the chest, the arrows and clicks moving among them (``turn``: the screen's Turn)."""

    def __init__(self, turn: MoonshellTurn, picks: Aim) -> None:
        self.turn = turn
        self.picks = picks

    @classmethod
    def start(cls, turn: MoonshellTurn, moves: list[Any]) -> AimMode | None:
        """The aim of ``moves``, or None if none of them has a place on the table."""
        state: State = turn.state
        picks = Aim.of(state, state.current, moves)
        return cls(turn, picks) if picks.aimable else None

    def arrow(self, key: str) -> None:
        dx, dy = ARROWS[key]
        aim, state = self.picks, self.turn.state
        aim.cursor = step(aim.options(), aim.cursor, dx, dy, state.sides[state.current])
        self.turn.refresh()

    def enter(self) -> None:
        aim = self.picks
        move = aim.candidate()
        if move is not None:
            self.turn.play(move, note=done_words(move))
            return
        if aim.cursor is None:
            self.turn.screen.say(
                "Move the cursor to one of the lit places first (arrows).", error=True
            )
            return
        aim.pick()
        self.turn.refresh()

    def back(self) -> None:
        turn = self.turn
        if not self.picks.back():
            turn.drop_aim()
            turn.tell("Cancelled: your mermaid power was not used.")
            turn.screen.refresh_table()
            return
        turn.refresh()

    def click(self, picks: list[Pick]) -> None:
        """A click on the table: the first of ``picks`` (what the click could mean) that
        is lit; on the cursor's own place it does what Enter does."""
        aim = self.picks
        options = aim.options()
        pick = next((p for p in picks if p in options), None)
        if pick is None:
            self.turn.screen.say(
                "That is not one of the lit places for your power; click a "
                "lit one, or Esc to step back.",
                error=True,
            )
            return
        if pick == aim.cursor:
            self.enter()
            return
        aim.cursor = pick
        self.turn.refresh()

    # -- drawing ------------------------------------------------------------------------
    def light_board(self, board: OceanBoard) -> None:
        """Light the options on the ocean, mark the picks made and preview the move."""
        aim = self.picks
        state: State = self.turn.state
        seat = state.current
        board.cursor = None
        board.legal_columns = set()
        board.rock_marks = {}
        board.lit_cells, board.lit_corners = set(), set()
        for kind, index in aim.options():
            if kind == "col":
                board.legal_columns.add(index)
            elif kind == "cell":
                board.lit_cells.add(index)
            elif kind == "rock":
                board.rock_marks[index] = "legal"
            elif kind == "corner":
                board.lit_corners.add(index)
        for kind, index in (*aim.prefix, aim.cursor or ("", 0)):
            if kind == "col":
                board.cursor = index
            elif kind == "rock":
                board.rock_marks[index] = "selected"
        move = aim.candidate()
        target = power_targets(state, seat, move) if move is not None else None
        after = preview_after(state, seat, move) if move is not None else None
        if after is not None:  # the board as the move leaves it (a pull's refills ??)
            board.ocean, board.rocks = after.ocean, after.rocks
            if isinstance(move, Pull):
                target = Targets(
                    cells=frozenset(i for i in range(25) if after.ocean[i] != state.ocean[i]),
                    rocks=frozenset(r for r in range(8) if after.rocks[r] != state.rocks[r]),
                )
        self.turn.power_target = target

    def light_chest(self, chest: ChestView) -> None:
        """Light the chest columns and spaces the next pick may be."""
        aim = self.picks
        lit_columns, lit_slots, marked = set(), set(), set(chest.marks)
        for kind, index in aim.options():
            if kind == "chest":
                lit_columns.add(index)
            elif kind == "slot":
                lit_slots.add(index)
        for kind, index in (*aim.prefix, aim.cursor or ("", 0)):
            if kind == "slot":
                marked.add(index)
            elif kind == "chest" and chest.chosen is None:
                chest.chosen, chest.landing = index, self._landing()
        chest.legal = lit_columns
        chest.lit = frozenset(lit_slots - marked)
        chest.marks = frozenset(marked)

    def _landing(self) -> int | None:
        """The tile a half-made collect (the Swap's, the saved tile's) is carrying."""
        state: State = self.turn.state
        rocks = [index for kind, index in self.picks.prefix if kind == "rock"]
        if rocks:
            return state.rocks[rocks[0]]
        return None

    def hint(self) -> str:
        """The status line while aiming: what the move under the cursor does, the keys."""
        aim = self.picks
        state: State = self.turn.state
        seat = state.current
        move = aim.candidate()
        event = state.phase == EVENT
        back = "Esc back" if aim.prefix else "Esc cancels"
        listing = "" if event else " · w list"
        arrows = " · arrows: another" if len(aim.options()) > 1 else ""
        if move is not None:
            enter = "Enter pulls (no undo)" if isinstance(move, Pull) else "Enter uses it"
            if event:
                enter = "Enter places it"
            message = f"{move_words(state, seat, move)}. {enter}{arrows} · {back}{listing}"
            if event:
                message += " · x declines"
        elif aim.cursor is not None:
            where = pick_words(state, seat, aim.cursor)
            head = step_prompt(state, seat, aim) if aim.prefix else "Choose where (lit)"
            message = f"{head}: {where}? Enter chooses it{arrows} · {back}{listing}"
        else:
            message = f"Nothing more to choose. {back}."
        app = self.turn.screen.app
        for cut in (listing, arrows):
            if not fits_status(app, message) and cut:
                message = message.replace(cut, "")
        return message
