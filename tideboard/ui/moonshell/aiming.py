"""The aim mode of the Moonshell screen: a mermaid power (or Moonrise's offer) chosen on the
table itself.  ``w`` lights the places the power may act on; the arrows move the cursor
among them (each previewed as the cursor comes to it: the board as it would be, what
lands where, what it does in words), Enter or a second click on the same place uses it
(or goes on to the next place a two-step power needs), Esc steps back, and ``w`` again
lists every move of the power in a window instead (``aim.py`` has the picks).
"""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell import powers, rules
from tideboard.games.moonshell.state import DECLINE, EVENT, Pull, Rotate, State
from tideboard.ui.moonshell.aim import (
    Aim,
    Pick,
    done_words,
    move_words,
    pick_words,
    step,
    step_prompt,
)
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


class AimKeys:
    """Mixin for the Moonshell screen: the ``aim`` mode (``self.aim`` holds the picks)."""

    aim: Aim | None = None

    def start_aim(self: Any, moves: list[Any]) -> bool:
        """Light the power's places on the table; False if none of ``moves`` has one."""
        aim = Aim.of(self.state, self.state.current, moves)
        if not aim.aimable:
            return False
        self.aim, self.mode = aim, "aim"
        self._refresh_mode()
        return True

    def aim_arrow(self: Any, key: str) -> None:
        dx, dy = ARROWS[key]
        aim: Aim = self.aim
        aim.cursor = step(aim.options(), aim.cursor, dx, dy, self.state.sides[self.state.current])
        self._refresh_mode()

    def aim_enter(self: Any) -> None:
        aim: Aim = self.aim
        move = aim.candidate()
        if move is not None:
            self._play(move, note=done_words(move))
            return
        if aim.cursor is None:
            self.say("Move the cursor to one of the lit places first (arrows).", error=True)
            return
        aim.pick()
        self._refresh_mode()

    def aim_back(self: Any) -> None:
        if not self.aim.back():
            self.mode = self.aim = self.power_target = None
            self.note = "Cancelled: your mermaid power was not used."
            self.refresh_table()
            return
        self._refresh_mode()

    def aim_click(self: Any, picks: list[Pick]) -> None:
        """A click on the table: the first of ``picks`` (what the click could mean) that
        is lit; on the cursor's own place it does what Enter does."""
        aim: Aim = self.aim
        options = aim.options()
        pick = next((p for p in picks if p in options), None)
        if pick is None:
            self.say(
                "That is not one of the lit places for your power; click a lit one, "
                "or Esc to step back.",
                error=True,
            )
            return
        if pick == aim.cursor:
            self.aim_enter()
            return
        aim.cursor = pick
        self._refresh_mode()

    def decline_offer(self: Any) -> None:
        """x in Moonrise: keep the moonshell in reserve (asked first: Enter says no)."""
        self.ask(
            "Moonrise: let the offer go and keep your moonshell in reserve "
            "(it may still be placed later, as an action)?",
            "Decline",
            "Not yet",
            lambda yes: yes and self._play(DECLINE, note="You keep your moonshell."),
        )

    # -- drawing ------------------------------------------------------------------------
    def aim_board(self: Any, board: Any) -> None:
        """Light the options on the ocean, mark the picks made and preview the move."""
        aim: Aim = self.aim
        state: State = self.state
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
        self.power_target = power_targets(state, seat, move) if move is not None else None
        after = preview_after(state, seat, move) if move is not None else None
        if after is not None:  # the board as the move leaves it (a pull's refills ??)
            board.ocean, board.rocks = after.ocean, after.rocks
            if isinstance(move, Pull):
                self.power_target = Targets(
                    cells=frozenset(i for i in range(25) if after.ocean[i] != state.ocean[i]),
                    rocks=frozenset(r for r in range(8) if after.rocks[r] != state.rocks[r]),
                )

    def aim_chest(self: Any, chest: Any) -> None:
        """Light the chest columns and spaces the next pick may be."""
        aim: Aim = self.aim
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
                chest.chosen, chest.landing = index, self._aim_landing()
        chest.legal = lit_columns
        chest.lit = frozenset(lit_slots - marked)
        chest.marks = frozenset(marked)

    def _aim_landing(self: Any) -> int | None:
        """The tile a half-made collect (the Swap's, the saved tile's) is carrying."""
        state: State = self.state
        rocks = [index for kind, index in self.aim.prefix if kind == "rock"]
        if rocks:
            return state.rocks[rocks[0]]
        return None

    def aim_hint(self: Any) -> None:
        aim: Aim = self.aim
        state: State = self.state
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
        for cut in (listing, arrows):
            if not self._fits_status(message) and cut:
                message = message.replace(cut, "")
        self.say(message)
