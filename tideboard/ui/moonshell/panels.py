"""The Moonshell table: what refresh_table draws, the log in the reader's frame, the hint line."""

from __future__ import annotations

from textual.widgets import Static

from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CENTRE, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.reef import EVENTS, FREE_FLOW, STILL_WATER
from tideboard.games.moonshell.state import EVENT, KEEP, MERMAID, MOON, Rotate, State
from tideboard.ui.moonshell.board import LARGE, SMALL, OceanBoard
from tideboard.ui.moonshell.cards import OfferStrip
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.fitting import Fit
from tideboard.ui.moonshell.journal import entry_for
from tideboard.ui.moonshell.mermaids import meeple_marks
from tideboard.ui.moonshell.sidebar import MoonshellSidebar
from tideboard.ui.moonshell.tiles import UNKNOWN, tile_label
from tideboard.ui.shared import GameLog
from tideboard.ui.shared.lines import set_static

HINT_TAIL = " · o objectives · ? help"  # the end of the hints, dropped when space is short


class MoonshellTable(MoonshellSidebar):
    """What the Moonshell screen draws from ``self.shown``: the ocean, your chest, the offers,
    the table, the objectives, the other chests and the hint line.  The attributes it reads
    (``mode``, ``column``, ``rock``...) are set in ``MoonshellScreen.__init__``.
    """

    def _large(self) -> bool:
        """Large ocean cells when the terminal has room for them (about 120x40)."""
        size = self.app.size
        return size.width >= 110 and size.height >= 36

    # -- the log, in the reader's frame ----------------------------------------------
    def log_header(self) -> str:
        """The log's first line (the shared heading: no seed while the game runs)."""
        return self.control.log_heading()

    def follow_log(self) -> None:
        """Write the new log entries; rewrite them all when the reader's frame (the side
        drawn at the bottom) changed, or the history got shorter (undo)."""
        log = self.query_one(GameLog)
        frame = self.state.sides[self.home_seat()]
        lines = self.match.log
        count = len(lines)
        rewrite = frame != getattr(self, "_log_frame", None) or count < self.logged
        start = 0 if rewrite else self.logged
        self._log_frame = frame
        entries = []
        if start < count:
            states, actions = self.match.states, self.match.actions
            entries = [
                entry_for(lines[i], states[i], actions[i], frame) for i in range(start, count)
            ]
        if rewrite:
            log.show([self.log_header(), *entries])
        else:
            for entry in entries:
                log.add(entry)
        self.logged = count

    def rewrite_log(self) -> None:
        """Rewrite the whole log from the match (after an undo)."""
        self._log_frame = None
        self.write_log()

    # -- drawing --------------------------------------------------------------------
    def refresh_table(self) -> None:
        state: State = self.state
        shown: State = self.shown
        me = self.home_seat()
        my_turn = self.human_to_move() is not None
        if not my_turn:
            self.mode = None
        if self.mode != "aim" and getattr(self, "aim", None) is not None:
            self.aim = self.power_target = None  # the aimed power was used or dropped
        board = self.query_one(OceanBoard)
        board.side = shown.sides[me]
        board.labels = {shown.sides[s]: self.short(s) for s in range(shown.players)}
        board.ocean, board.rocks = shown.ocean, shown.rocks
        board.tides = shown.direction
        fit = self._fit_side(shown, me)
        board.tides_why = (
            f"{shown.in_play} mermeeple{'s' if shown.in_play != 1 else ''} out"
            if shown.powers and fit.short
            else ""
        )
        board.pulling, board.pull_arrow, board.column_marks = False, "", set()
        board.rock_marks = {}
        board.legal_columns = set()
        board.lit_cells, board.lit_corners = set(), set()
        board.meeples = meeple_marks(shown, board.side) if shown.powers else {}
        board.cursor = self.column if my_turn and shown.phase != KEEP else None
        base = rules.seat_rocks(state, me)
        my_rocks = (shown.sides[me] * 2, shown.sides[me] * 2 + 1)
        if self.mode is None and self._baseline is not None:
            ocean0, rocks0 = self._baseline
            board.flash_cells = {i for i in range(25) if ocean0[i] != state.ocean[i]}
            board.flash_rocks = {i for i in range(8) if rocks0[i] != state.rocks[i]}
        else:
            board.flash_cells, board.flash_rocks = set(), set()
        board.rotated = bool(
            board.flash_cells and self.match.actions and isinstance(self.match.actions[-1], Rotate)
        )
        if my_turn and shown.phase != KEEP:
            if self.mode == "pull":
                preview = self._pull_preview()
                if preview is not None:
                    after, unknown, moved = preview
                    board.ocean = tuple(
                        UNKNOWN if i in unknown else t for i, t in enumerate(after.ocean)
                    )
                    board.rocks = after.rocks
                    board.column_marks = moved
                    board.rock_marks = {r: "selected" for r in my_rocks if after.rocks[r] != EMPTY}
                board.pulling = True
                if self.column == CENTRE:
                    board.pull_arrow = "◀" if self.first == 0 else "▶"
            elif self.mode == "rock":
                board.rock_marks = {
                    my_rocks[k]: ("selected" if k == self.rock else "legal")
                    for k in (0, 1)
                    if base[k] != EMPTY
                }
            elif self.mode == "chest" and self.source != MOON:
                board.rock_marks = {my_rocks[self.source]: "selected"}
            elif self.mode == "aim":
                self.aim_board(board)
            else:
                if base == (EMPTY, EMPTY):
                    board.legal_columns = {c for c in range(5) if rules.column_tiles(state, me, c)}
                else:
                    board.rock_marks = {my_rocks[k]: "legal" for k in (0, 1) if base[k] != EMPTY}
        target = self.power_target if my_turn else None
        board.target_cells = set(target.cells) if target else set()
        board.corner = target.corner if target else None
        if target:
            board.rock_marks = {**board.rock_marks, **dict.fromkeys(target.rocks, "selected")}
        self._drawn_size = self.app.size
        board.geo = LARGE if self._large() else SMALL
        board.redraw()
        if board.side != getattr(self, "_log_frame", board.side):
            self.write_log()  # the reader changed: the log follows the board
        self._draw_side(shown, me, my_turn, fit)
        seat = self.game.to_move(state)
        if seat:
            phase = "choosing secrets" if shown.phase == KEEP else f"round {shown.round}"
            if shown.event and shown.phase != KEEP and fit.short:
                phase += f" · event: {EVENTS[shown.event].name}"  # (else its line at the side)
            self.title = f"Moonshell - {self.to_play(seat[0], self.who(seat[0]))} ({phase})"
        else:
            self.title = "Moonshell - game over"
        self.app.title = self.title
        if my_turn and self.mode is None:
            hint = self._hint()
            if state.solo and state.auto_turns > self._auto_seen:
                self._auto_seen = state.auto_turns
                self.note = "The automaton played its turn (the log has every step; o lists them)."
            message = f"{self.note} {hint}".strip() if self.note else hint
            # the status line has two lines: drop the reminder of o and ? before
            # the keys of the next action fall off the end
            if not self._fits_status(message):
                message = message.replace(HINT_TAIL, "")
            if not self._fits_status(message) and self.note:  # what to do now comes
                message = hint.replace(HINT_TAIL, "")  # first (the log has the note)
            self.say(message)
            self.note = ""
        self.sync_bindings()

    def _draw_side(self, shown: State, me: int, my_turn: bool, fit: Fit) -> None:
        keep = shown.phase == KEEP and not shown.over
        offers = self.query_one(OfferStrip)
        offers.display = keep
        self.query_one("#ms-chestrow").display = not keep
        if keep:
            seat = self.game.to_move(self.state)[0]
            if self.viewer is not None and seat == self.viewer:
                offers.offers, offers.note = shown.offers[seat], ""
                offers.selected = self.offer
            elif self.viewer is None:
                offers.offers, offers.note = (
                    (),
                    self.control.secrets_note(
                        "Secret objectives stay hidden until the next player is ready.",
                        "secret objectives",
                    ),
                )
            else:
                offers.offers = ()
                offers.note = f"{self.who(seat)} is choosing a secret objective..."
            offers.redraw()
        chest = self.query_one(ChestView)
        chest.chest = shown.chests[me]
        chest.chosen = chest.landing = None
        chest.legal = set()
        if my_turn and self.mode == "chest":
            chest.chosen = self.chest_column
            chest.landing = self._source_tile()
        if my_turn and self.mode in ("chest", "rock"):
            chest.legal = {c for c in range(CHEST_COLUMNS) if len(shown.chests[me][c]) < CHEST_ROWS}
        target = self.power_target if my_turn else None
        chest.marks = target.chest_cells if target else frozenset()
        if target and target.column is not None:
            chest.chosen, chest.landing = target.column, target.landing
        chest.lit = frozenset()
        if my_turn and self.mode == "aim":
            self.aim_chest(chest)
        chest.redraw()
        set_static(self.query_one("#ms-info", Static), self._info(shown, me))
        set_static(self.query_one("#ms-table", Static), self._score_table(shown, me, fit.words))
        objectives = self.query_one("#ms-objectives", Static)
        objectives.display = fit.detail is not None
        if fit.detail is not None:
            set_static(objectives, self._objective_lines(shown, me, fit.detail))
        set_static(self.query_one("#ms-others", Static), self._others(shown, me))
        if hasattr(self, "draw_mermaids"):
            self.draw_mermaids(shown, fit.short)

    def _hint(self) -> str:
        state: State = self.state
        seat = self.human_to_move()
        if seat is None:
            return ""
        if state.phase == KEEP:
            return (
                "Choose your secret objective: ←/→ or 1/2 pick, k or Enter keeps it "
                "(the other is discarded)."
            )
        if state.phase == MERMAID:
            return "Choose your mermaid: press w or Enter (each shows its power)."
        if state.phase == EVENT:
            return (
                "Moonrise: w or Enter lights your chest columns to place your moonshell "
                "for free; x declines."
            )
        left, right = rules.seat_rocks(state, seat)
        n = state.actions_left
        acts = f"{n} action{'s' if n != 1 else ''} left"
        moon = " · m moonshell" if state.moonshells[seat] else ""
        if state.powers and hasattr(self, "mermaid_moves") and self.mermaid_moves():
            moon += " · w power"
        turn = " r rotate" if state.event != STILL_WATER else " (Still Water: no rotating)"
        if state.event == FREE_FLOW and not state.free_rotation:
            turn += " (free this turn)"
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            return f"Your chest is full ({acts}):{turn} · p pull · x pass."
        if left == EMPTY and right == EMPTY:
            return f"{acts}: p or 1-5 pull a column (←/→ cursor) ·{turn}{moon}{HINT_TAIL}"
        tiles = ", ".join(
            f"{'LR'[k]} {tile_label(t).strip()}" for k, t in enumerate((left, right)) if t != EMPTY
        )
        spring = " · p pull one tile (Spring Tide)" if self._one_rock_pull() else ""
        return f"{acts}: c collect ({tiles}){spring} ·{turn}{moon}{HINT_TAIL}"
