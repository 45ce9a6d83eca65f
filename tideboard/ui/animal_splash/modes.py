"""The Animal Splash screen's actions on your tableau: scoring, the three paid actions
(each previewed, then Enter) and ending the turn (with a mission).

``SplashModes`` is the link between the drawing (:class:`SplashTable`) and the keys
(:class:`~tideboard.ui.animal_splash.screen.AnimalSplashScreen`).
"""

from __future__ import annotations

from tideboard.games.animal_splash.content import MISSIONS
from tideboard.games.animal_splash.logline import mission_words
from tideboard.games.animal_splash.state import ACT, END, End, MovePearl, Score, Slide, Swap, Take
from tideboard.games.animal_splash.tableau import scorable
from tideboard.ui.animal_splash.info import areas_words
from tideboard.ui.animal_splash.panels import PEARL, PLACE, SLIDE, SWAP, TABLEAU, SplashTable


class SplashModes(SplashTable):
    """Scoring, the paid actions' previews and the end of the turn."""

    def _mine(self) -> bool:
        return self.turn_or_wait() is not None

    def _mode_arrow(self, direction: str, step: int) -> None:
        action = self.pending
        count = len(self.state.tableaus[self.state.current])
        if self.mode == PLACE and isinstance(action, Take) and direction in ("left", "right"):
            self.pending = Take(action.cell, direction == "right")
        elif self.mode == SLIDE and isinstance(action, Slide) and direction in ("left", "right"):
            to = action.to + step
            if to == action.frm:
                to += step
            if 0 <= to < count:
                self.pending = Slide(action.frm, to)
        elif self.mode == PEARL:
            if direction in ("up", "down"):
                target = (self.pos, 1 - self.area)
            else:
                target = (self.pos + step, self.area)
            move = MovePearl(self.pos, self.area, *target)
            if move in self.game.legal_actions(self.state):
                self.pending = move
            else:
                self.say(
                    "The pearl cannot go there (off the tableau, or that area has a "
                    "pearl). Try another arrow; Esc drops it.",
                    error=True,
                )
        elif self.mode == SWAP:
            row, col = divmod(self.cell, 3)
            if direction in ("left", "right"):
                col = (col + step) % 3
            else:
                row = (row + step) % 3
            self.cell = row * 3 + col
            swap = Swap(self.pos, self.cell)
            # (a card taken this turn leaves its cell empty: no swap there, and the
            # hint says why)
            self.pending = swap if swap in self.game.legal_actions(self.state) else None

    def _at_cursor(self) -> bool:
        if self.zone != TABLEAU:
            self.say("Tab to your tableau first.", error=True)
            return False
        count = len(self.state.tableaus[self.state.current])
        self.pos = min(self.pos, count - 1)
        return True

    def action_score(self) -> None:
        if not self._mine() or not self._at_cursor():
            return
        state = self.state
        if (self.pos, self.area) not in scorable(
            state.tableaus[state.current], state.pearls[state.current]
        ):
            spots = scorable(state.tableaus[state.current], state.pearls[state.current])
            where = f" ◆ marks those that would: {areas_words(spots)}." if spots else ""
            self.say("This area is in no group of three that could score." + where, error=True)
            return
        self.dispatch(Score(self.pos, self.area))

    def action_slide(self) -> None:
        if not self._mine() or not self._at_cursor():
            return
        count = len(self.state.tableaus[self.state.current])
        if self.state.oxygen[self.state.current] < 1 or count < 2:
            self.say("Moving a card costs 1 oxygen and needs two cards.", error=True)
            return
        to = self.pos + 1 if self.pos + 1 < count else self.pos - 1
        self.mode, self.pending = SLIDE, Slide(self.pos, to)
        self.refresh_table()

    def action_pearl(self) -> None:
        if not self._mine() or not self._at_cursor():
            return
        state = self.state
        cid = state.tableaus[state.current][self.pos]
        if cid * 2 + self.area not in state.pearls[state.current]:
            self.say("No pearl here: put the cursor on a pearl (●) first.", error=True)
            return
        if state.oxygen[state.current] < 2:
            self.say("Moving a pearl costs 2 oxygen.", error=True)
            return
        self.mode, self.pending = PEARL, None
        self.refresh_table()

    def action_swap(self) -> None:
        if not self._mine() or not self._at_cursor():
            return
        state = self.state
        if state.oxygen[state.current] < 3:
            self.say("Swapping with the grid costs 3 oxygen.", error=True)
            return
        self.cell = next(c for c in (4, 0, 1, 2, 3, 5, 6, 7, 8) if state.grid[c] >= 0)
        self.mode, self.pending = SWAP, Swap(self.pos, self.cell)
        self.refresh_table()

    def _warnings(self) -> list[str]:
        state = self.state
        seat = state.current
        notes = []
        if scorable(state.tableaus[seat], state.pearls[seat]):
            notes.append("A group would still score (◆; s scores it).")
        return notes

    def action_end_turn(self) -> None:
        if not self._mine():
            return
        if self.state.phase != ACT:
            self.say("Dive and take a card first.", error=True)
            return
        takeable = [
            a.mission
            for a in self.game.legal_actions(self.state)
            if isinstance(a, End) and a.mission
        ]
        notes = self._warnings()
        if takeable:
            keys = [str(self.state.open_missions.index(m) + 1) for m in takeable]
            notes.append(f"You may take mission {' or '.join(keys)} (key {'/'.join(keys)}).")
        if notes:
            self.ask(
                " ".join(notes) + " End your turn anyway?",
                "End turn",
                "Keep playing",
                lambda yes: yes and self.dispatch(END),
            )
            return
        self.dispatch(END)

    def action_mission(self, index: int) -> None:
        if not self._mine():
            return
        state = self.state
        if state.phase != ACT:
            self.say("Missions are taken at the end of your turn, after taking a card.", error=True)
            return
        if index >= len(state.open_missions):
            self.say("There is no such mission.", error=True)
            return
        mission = state.open_missions[index]
        card = MISSIONS[mission]
        if End(mission) not in self.game.legal_actions(state):
            held = [m for m in state.held[state.current] if MISSIONS[m].group == card.group]
            why = (
                f"you hold a {card.group_name()} mission already"
                if held
                else f"it needs {card.text}"
            )
            self.say(f"Mission {index + 1} cannot be taken: {why}.", error=True)
            return
        question = " ".join(
            self._warnings() + [f"Take {mission_words(mission)} and end your turn?"]
        )
        self.ask(question, "Take it", "Not yet", lambda yes: yes and self.dispatch(End(mission)))
