"""Moonshell input modes: pulling, collecting, placing the moonshell, keeping an objective."""

from __future__ import annotations

from tideboard.engine.core import IllegalAction
from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CENTRE, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.reef import STILL_WATER
from tideboard.games.moonshell.state import EVENT, MOON, PLAY, Collect, Keep, Pull, State
from tideboard.ui.moonshell.previews import MoonshellPreviews
from tideboard.ui.moonshell.tiles import card_summary, tile_label


class MoonshellModes(MoonshellPreviews):
    """The input modes: ``mode`` is None, "pull", "rock" (pick a rock) or "chest" (pick a
    chest column); arrows, numbers, Enter and Esc mean what the mode says.
    """

    # -- which keys apply now ---------------------------------------------------------
    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in (
            "rotate",
            "pull",
            "collect",
            "moonshell",
            "keep",
            "pass_turn",
            "cancel",
            "undo",
            "decline",
            "moonrise",
        ):
            return super().offers(action, parameters)
        seat = self.human_to_move()
        if seat is None:
            return False
        state: State = self.state
        if action == "keep":
            return self._in_keep()
        if action in ("decline", "moonrise"):  # Moonrise's own words for x and w
            return state.phase == EVENT
        if state.phase == EVENT and action == "cancel":
            return self.mode is not None
        if state.phase != PLAY:  # keeping a secret, choosing a mermaid, answering an event
            return False
        if action == "undo":
            return self._can_undo()
        if action == "cancel":
            return self.mode is not None
        rocks = rules.seat_rocks(state, seat)
        full = rules.chest_count(state.chests[seat]) >= CHEST_SIZE
        if action == "rotate":
            return state.event != STILL_WATER
        if action == "pull":
            return rocks == (EMPTY, EMPTY) or self._one_rock_pull()
        if action == "collect":
            return rocks != (EMPTY, EMPTY) and not full
        if action == "moonshell":
            return bool(state.moonshells[seat]) and not full
        if action == "pass_turn":
            return full
        return True

    def _can_undo(self) -> bool:
        """Something of yours this turn that undo may take back (not a pull)."""
        actions = self.match.actions
        if not actions or len(self.match.states) < 2:
            return False
        before, after = self.match.states[-2], self.match.states[-1]
        if after.turn != before.turn or after.current != before.current:
            return False
        return not isinstance(actions[-1], Pull)

    def action_why_not(self, name: str) -> None:
        """A key that does not apply now: its action says why (the footer hides it)."""
        getattr(self, f"action_{name}")()

    # -- actions --------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        self._touch()
        if self.mode == "aim" and self.human_to_move() is not None:
            self.aim_arrow("right" if step > 0 else "left")
            return
        if self.human_to_move() is None or self._answering():
            return
        if self._in_keep():
            offers = self.state.offers[self.state.current]
            self.offer = max(0, min(len(offers) - 1, self.offer + step))
            self.refresh_table()
            self.say(f"Secret {offers[self.offer]} chosen: k or Enter keeps it.")
            return
        if self.mode == "rock":
            self.rock = 1 if step > 0 else 0
        elif self.mode == "chest":
            self.chest_column = max(0, min(CHEST_COLUMNS - 1, self.chest_column + step))
        else:
            self.column = max(0, min(4, self.column + step))
        self._refresh_mode()

    def action_toggle_rock(self, step: int = 1) -> None:
        self._touch()
        if self.mode == "aim" and self.human_to_move() is not None:
            self.aim_arrow("down" if step > 0 else "up")
            return
        if self.human_to_move() is None or self._answering():
            return
        if self.mode == "pull" and self.column == CENTRE:
            self.first = 1 - self.first
            self._refresh_mode()
        elif self.mode == "rock":
            self.rock = 1 - self.rock
            self._refresh_mode()
        elif self.mode == "pull":
            self.say(
                "Only the centre column (3) lets you choose the rock; the nearest tile "
                "of another column goes to the rock farther from it.",
                error=True,
            )

    def action_number(self, n: int) -> None:
        self._touch()
        if self.mode == "aim" and self.human_to_move() is not None:
            self.aim_click([("chest", n - 1), ("col", n - 1)])
            return
        if self._my_turn() is None or self._answering():
            return
        if self._in_keep():
            offers = self.state.offers[self.state.current]
            if n > len(offers):
                self.say(
                    f"You have {len(offers)} secret objectives to choose from: 1 or 2.", error=True
                )
                return
            self.offer = n - 1
            self.refresh_table()
            self.say(f"Secret {offers[self.offer]} chosen: k or Enter keeps it.")
            return
        if self.mode in ("chest", "rock"):
            if n > CHEST_COLUMNS:
                self.say("Your treasure chest has columns 1-4.", error=True)
                return
            if self.mode == "rock":
                self.source = self.rock
            self.mode, self.chest_column = "chest", n - 1
            self._refresh_mode()
            return
        self.column = n - 1
        self._start_pull()

    def action_pull(self) -> None:
        self._touch()
        if self._my_turn() is None or self._answering():
            return
        if self.mode == "pull":
            self._confirm_pull()
            return
        self._start_pull()

    def _start_pull(self) -> None:
        if self._in_keep():
            self._illegal(self._pull_action())
            return
        state: State = self.state
        if rules.seat_rocks(state, state.current) != (EMPTY, EMPTY) and not self._one_rock_pull():
            try:
                rules.pull(state, state.current, self.column, self._pull_action().first)
            except IllegalAction as error:
                self.mode = None
                self.refresh_table()
                self.say(f"{error} Collect them first (c).", error=True)
                return
        self.mode = "pull"
        self._refresh_mode()

    def _confirm_pull(self) -> None:
        action = self._pull_action()
        try:
            self._pulled(action)
        except IllegalAction as error:
            self.say(str(error), error=True)
            return
        self._play(action, note=f"Pulled column {action.column + 1}.")

    def action_collect(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None or self._answering():
            return
        state: State = self.state
        if self._in_keep():
            self._illegal(Collect(0, 0))
            return
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            self.say("Your treasure chest is full: you may rotate, pull or pass (x).", error=True)
            return
        rocks = rules.seat_rocks(state, seat)
        present = [k for k in (0, 1) if rocks[k] != EMPTY]
        if not present:
            self.mode = None
            self.refresh_table()
            self.say(
                "There is no tile on your rocks to collect: pull a column first (p).", error=True
            )
            return
        if len(present) == 2 and self.mode != "rock":
            self.mode = "rock"
            self.rock = self.rock if self.rock in present else 0
        else:
            self.source = self.rock if self.mode == "rock" else present[0]
            self._enter_chest()
            return
        self._refresh_mode()

    def _enter_chest(self) -> None:
        chest = self.state.chests[self.state.current]
        if len(chest[self.chest_column]) >= CHEST_ROWS or self.mode != "chest":
            open_columns = [c for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
            if self.chest_column not in open_columns and open_columns:
                self.chest_column = open_columns[0]
        self.mode = "chest"
        self._refresh_mode()

    def action_keep(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        state: State = self.state
        if not self._in_keep():
            self._illegal(Keep("S1"))
            return
        offers = state.offers[seat]
        card = offers[self.offer]
        other = [c for c in offers if c != card]
        question = f"Keep secret objective {card} ({card_summary(card)})?" + (
            f" {other[0]} is discarded unseen." if other else ""
        )
        self.ask(question, "Keep it", "Not yet", lambda yes: yes and self._keep(card))

    def _keep(self, card: str) -> None:
        self.offer = 0
        self._play(Keep(card), note=f"You keep {card}.")

    def action_confirm(self) -> None:
        self._touch()
        seat = self._my_turn()
        if seat is None:
            return
        if self.mode == "aim":
            self.aim_enter()
        elif self.state.phase != PLAY and not self._in_keep():
            self.action_power()  # the mermaid choice, the event's question: their window
        elif self._in_keep():
            self.action_keep()
        elif self.mode == "pull":
            self._confirm_pull()
        elif self.mode == "rock":
            self.source = self.rock
            self._enter_chest()
        elif self.mode == "chest":
            column = self.state.chests[seat][self.chest_column]
            if len(column) >= CHEST_ROWS:
                self.say(
                    f"Column {self.chest_column + 1} of your treasure chest is full; "
                    "choose another column.",
                    error=True,
                )
                return
            action = Collect(self.source, self.chest_column)
            what = (
                "the moonshell" if self.source == MOON else tile_label(self._source_tile()).strip()
            )
            self._play(action, note=f"{what} went into chest column {self.chest_column + 1}.")
        elif rules.seat_rocks(self.state, seat) == (EMPTY, EMPTY):
            self._start_pull()
        else:
            self.action_collect()

    def action_cancel(self) -> None:
        self._touch()
        if self.mode == "aim":
            self.aim_back()
        elif self.mode is not None:
            self.mode = None
            self.note = "Cancelled."
            self.refresh_table()
