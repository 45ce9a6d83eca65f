"""Your turn on the Animal Splash screen: where the cursor is, what is previewed, and what
each key does with them.

The cursor is in one ``zone``: the grid (a diver ``spot``, or the ``cell`` of a card
your diver faces) or your tableau (the card at ``pos``, its animal or plants
``area``).  A paid action or a taken card is first previewed (``mode`` and
``pending``: the action Enter carries out) and the arrows change it.  The screen's
keys and clicks hand over here; the table is drawn from these fields (``panels.py``).
"""

from __future__ import annotations

from tideboard.games.animal_splash.content import LINES, MISSIONS
from tideboard.games.animal_splash.logline import mission_words
from tideboard.games.animal_splash.moves import dive_oxygen, dive_steps
from tideboard.games.animal_splash.state import (
    ACT,
    END,
    MOVE,
    TAKE,
    Action,
    Dive,
    End,
    MovePearl,
    Score,
    Slide,
    State,
    Swap,
    Take,
)
from tideboard.games.animal_splash.tableau import scorable
from tideboard.ui.animal_splash.info import areas_words
from tideboard.ui.shared import GameScreen
from tideboard.ui.shared.on_position import OnPosition, moved_on

GRID, TABLEAU = "grid", "tableau"  # the zones
PLACE, SLIDE, PEARL, SWAP = "place", "slide", "pearl", "swap"  # the modes
STEP = {"up": -1, "left": -1, "down": 1, "right": 1}


class Turn:
    """The input of the person at the Animal Splash ``screen`` on their turn."""

    # None, PLACE, SLIDE, PEARL or SWAP: what is previewed (``pending``), picked on the
    # position on the table then (``follow`` drops it once the game moves on)
    mode: OnPosition[str | None] = OnPosition(None)

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.zone = GRID  # GRID or TABLEAU
        self.spot = 0  # the diver spot picked (the move phase)
        self.cell = 0  # the faced card (0-2, the take phase) or the grid cell (a swap)
        self.pos = 0  # the tableau card
        self.area = 0  # its animal (0) or plants (1)
        self.pending: Action | None = None  # the previewed action
        self.step: tuple[int, int, str, bool] | None = None  # whose turn and which phase

    @property
    def state(self) -> State:
        return self.screen.state

    def mine(self) -> bool:
        """The person at the screen is to move (else they are told to wait)."""
        return self.screen.turn_or_wait() is not None

    # -- the cursor follows the turn ----------------------------------------
    def follow(self) -> None:
        """A new turn or phase: no preview, and the cursor where the turn starts.  A
        preview belongs to the position it was picked on: once the game has moved on
        (a score made by ``s`` while a slide was previewed, an undo, a server's
        update), it goes, never drawn or made on the new position."""
        state = self.state
        if moved_on(self, "mode"):
            self.mode = self.pending = None
        step = (state.current, state.round, state.phase, state.over)
        if step == self.step:
            return
        self.step = step
        self.mode = self.pending = None
        if state.over:
            return
        if state.phase == MOVE:
            self.zone = GRID
            steps = dive_steps(state)
            if state.divers[state.current] < 0:
                self.spot = min(steps)
            else:  # the free two-step dive, else the nearest
                self.spot = min(steps, key=lambda s: (steps[s] != 2, steps[s]))
        elif state.phase == TAKE:
            self.zone, self.cell = GRID, 0
        else:
            self.zone = TABLEAU

    def dive_spots(self) -> list[int]:
        state = self.state
        oxygen = state.oxygen[state.current]
        return [s for s, k in dive_steps(state).items() if dive_oxygen(k) + oxygen >= 0]

    def tableau_key(self, action: str) -> bool:
        """Whether a tableau key does something at the cursor now (the footer shows it)."""
        state = self.state
        seat = state.current
        cards, oxygen = state.tableaus[seat], state.oxygen[seat]
        pos = min(self.pos, len(cards) - 1)
        if action in ("score", "confirm"):  # Enter on the tableau scores
            return (pos, self.area) in scorable(cards, state.pearls[seat])
        if action == "slide":
            return oxygen >= 1 and len(cards) >= 2
        if action == "pearl":
            return oxygen >= 2 and cards[pos] * 2 + self.area in state.pearls[seat]
        return oxygen >= 3  # swap

    # -- the arrows -----------------------------------------------------------
    def arrow(self, direction: str) -> None:
        if self.screen.human_to_move() is None:
            return
        step = STEP[direction]
        if self.mode is not None:
            self._mode_arrow(direction, step)
        elif self.zone == GRID and self.state.phase == MOVE:
            spots = self.dive_spots()
            ahead = [(self.spot + k * step) % 12 for k in range(1, 13)]
            self.spot = next((s for s in ahead if s in spots), self.spot)
        elif self.zone == GRID and self.state.phase == TAKE:
            self.cell = (self.cell + step) % 3
        elif self.zone == TABLEAU:
            if direction in ("left", "right"):
                count = len(self.state.tableaus[self.state.current])
                self.pos = max(0, min(count - 1, self.pos + step))
            else:
                self.area = 1 - self.area
        self.screen.refresh_table()

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
            if move in self.screen.game.legal_actions(self.state):
                self.pending = move
            else:
                self.screen.say(
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
            self.pending = swap if swap in self.screen.game.legal_actions(self.state) else None

    # -- Enter, Esc, Tab --------------------------------------------------------
    def confirm(self) -> None:
        if not self.mine():
            return
        screen, state = self.screen, self.state
        if moved_on(self, "mode"):
            screen.refresh_table()  # (a preview from before the game moved on: dropped)
            return
        if self.mode is not None:
            action = self.pending
            if action is None:
                screen.say("Pick where with an arrow first (Esc drops it).", error=True)
                return
            self.mode = self.pending = None
            if screen.dispatch(action):
                if isinstance(action, Take):
                    self.zone = TABLEAU
                    self.pos = len(self.state.tableaus[state.current]) - 1 if action.right else 0
                    self.area = 0
                elif isinstance(action, Slide):
                    self.pos = action.to
                elif isinstance(action, MovePearl):
                    self.pos, self.area = action.to, action.to_area
            screen.refresh_table()
            return
        if self.zone == GRID and state.phase == MOVE:
            screen.dispatch(Dive(self.spot))
        elif self.zone == GRID and state.phase == TAKE:
            self.mode = PLACE
            self.pending = Take(LINES[state.divers[state.current]][self.cell], True)
            screen.refresh_table()
        elif self.zone == TABLEAU:
            self.score()
        else:
            screen.say("Tab goes to your tableau; e ends the turn.", error=True)

    def cancel(self) -> None:
        if self.mode is not None:
            self.mode = self.pending = None
            self.screen.refresh_table()

    def switch_zone(self) -> None:
        """Tab: the cursor to the grid or to your tableau."""
        if not self.mine() or self.mode is not None:
            return
        if self.state.phase == ACT:
            self.screen.say(
                "Your card is taken: the grid is done for this turn (w swaps with it).", error=True
            )
            return
        self.zone = TABLEAU if self.zone == GRID else GRID
        self.screen.refresh_table()

    # -- the tableau's keys -------------------------------------------------------
    def _at_cursor(self) -> bool:
        if not self.mine():
            return False
        if self.zone != TABLEAU:
            self.screen.say("Tab to your tableau first.", error=True)
            return False
        count = len(self.state.tableaus[self.state.current])
        self.pos = min(self.pos, count - 1)
        return True

    def score(self) -> None:
        if not self._at_cursor():
            return
        state = self.state
        spots = scorable(state.tableaus[state.current], state.pearls[state.current])
        if (self.pos, self.area) not in spots:
            where = f" ◆ marks those that would: {areas_words(spots)}." if spots else ""
            self.screen.say(
                "This area is in no group of three that could score." + where, error=True
            )
            return
        self.screen.dispatch(Score(self.pos, self.area))

    def slide(self) -> None:
        if not self._at_cursor():
            return
        count = len(self.state.tableaus[self.state.current])
        if self.state.oxygen[self.state.current] < 1 or count < 2:
            self.screen.say("Moving a card costs 1 oxygen and needs two cards.", error=True)
            return
        to = self.pos + 1 if self.pos + 1 < count else self.pos - 1
        self.mode, self.pending = SLIDE, Slide(self.pos, to)
        self.screen.refresh_table()

    def pearl(self) -> None:
        if not self._at_cursor():
            return
        state = self.state
        cid = state.tableaus[state.current][self.pos]
        if cid * 2 + self.area not in state.pearls[state.current]:
            self.screen.say("No pearl here: put the cursor on a pearl (●) first.", error=True)
            return
        if state.oxygen[state.current] < 2:
            self.screen.say("Moving a pearl costs 2 oxygen.", error=True)
            return
        self.mode, self.pending = PEARL, None
        self.screen.refresh_table()

    def swap(self) -> None:
        if not self._at_cursor():
            return
        state = self.state
        if state.oxygen[state.current] < 3:
            self.screen.say("Swapping with the grid costs 3 oxygen.", error=True)
            return
        self.cell = next(c for c in (4, 0, 1, 2, 3, 5, 6, 7, 8) if state.grid[c] >= 0)
        self.mode, self.pending = SWAP, Swap(self.pos, self.cell)
        self.screen.refresh_table()

    # -- the end of the turn --------------------------------------------------------
    def _warnings(self) -> list[str]:
        state = self.state
        seat = state.current
        notes = []
        if scorable(state.tableaus[seat], state.pearls[seat]):
            notes.append("A group would still score (◆; s scores it).")
        return notes

    def end_turn(self) -> None:
        if not self.mine():
            return
        screen, state = self.screen, self.state
        if state.phase != ACT:
            screen.say("Dive and take a card first.", error=True)
            return
        takeable = [
            a.mission for a in screen.game.legal_actions(state) if isinstance(a, End) and a.mission
        ]
        notes = self._warnings()
        if takeable:
            keys = [str(state.open_missions.index(m) + 1) for m in takeable]
            notes.append(f"You may take mission {' or '.join(keys)} (key {'/'.join(keys)}).")
        if notes:
            screen.ask(
                " ".join(notes) + " End your turn anyway?",
                "End turn",
                "Keep playing",
                lambda yes: yes and screen.dispatch(END),
            )
            return
        screen.dispatch(END)

    def mission(self, index: int) -> None:
        if not self.mine():
            return
        screen, state = self.screen, self.state
        if state.phase != ACT:
            screen.say(
                "Missions are taken at the end of your turn, after taking a card.", error=True
            )
            return
        if index >= len(state.open_missions):
            screen.say("There is no such mission.", error=True)
            return
        mission = state.open_missions[index]
        card = MISSIONS[mission]
        if End(mission) not in screen.game.legal_actions(state):
            held = [m for m in state.held[state.current] if MISSIONS[m].group == card.group]
            why = (
                f"you hold a {card.group_name()} mission already"
                if held
                else f"it needs {card.text}"
            )
            screen.say(f"Mission {index + 1} cannot be taken: {why}.", error=True)
            return
        question = " ".join(
            self._warnings() + [f"Take {mission_words(mission)} and end your turn?"]
        )
        screen.ask(
            question, "Take it", "Not yet", lambda yes: yes and screen.dispatch(End(mission))
        )

    # -- the mouse ----------------------------------------------------------------
    def grid_clicked(self, kind: str, index: int) -> None:
        """A click on a diver spot or a grid card: the cursor goes there; on the same
        place again it acts as Enter."""
        if self.screen.human_to_move() is None:
            return
        state = self.state
        if kind == "spot" and state.phase == MOVE and self.mode is None:
            if index in self.dive_spots():
                again = self.zone == GRID and self.spot == index
                self.zone, self.spot = GRID, index
                self._click_done(again)
        elif kind == "cell" and self.mode == SWAP:
            if state.grid[index] >= 0:
                self.cell, self.pending = index, Swap(self.pos, index)
                self.screen.refresh_table()
        elif kind == "cell" and state.phase == TAKE and self.mode is None:
            line = LINES[state.divers[state.current]]
            if index in line:
                again = self.zone == GRID and line[self.cell] == index
                self.zone, self.cell = GRID, line.index(index)
                self._click_done(again)

    def _click_done(self, again: bool) -> None:
        if again:
            self.confirm()
        else:
            self.screen.refresh_table()

    def tableau_clicked(self, seat: int, pos: int, area: int) -> None:
        """A click on a tableau area: the cursor goes there (your own, on your turn)."""
        if self.screen.human_to_move() is None or seat != self.state.current:
            return
        if self.mode is None:
            self.zone, self.pos, self.area = TABLEAU, pos, area
            self.screen.refresh_table()
