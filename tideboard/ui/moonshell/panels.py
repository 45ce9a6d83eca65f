"""The Moonshell table on screen: what ``refresh_table`` draws (the ocean, your chest, the
offers, the side panels, the title) and the hint line, from the state shown and the
turn's mode (``modes.py``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.geometry import Size
from textual.widgets import Static

from tideboard.games.moonshell import rules
from tideboard.games.moonshell.content import CENTRE, CHEST_COLUMNS, CHEST_ROWS, CHEST_SIZE, EMPTY
from tideboard.games.moonshell.reef import EVENTS, FREE_FLOW, STILL_WATER
from tideboard.games.moonshell.state import EVENT, KEEP, MERMAID, MOON, Rotate, State
from tideboard.ui.moonshell.cards import OfferStrip
from tideboard.ui.moonshell.chest import ChestView
from tideboard.ui.moonshell.fitting import Fit
from tideboard.ui.moonshell.mermaids import meeple_marks, mermaid_lines, mermaid_moves
from tideboard.ui.moonshell.modes import Turn
from tideboard.ui.moonshell.ocean import HUGE, LARGE, SMALL, Geometry, OceanBoard
from tideboard.ui.moonshell.previews import fits_status, one_rock_pull, pull_preview, source_tile
from tideboard.ui.moonshell.sidebar import (
    Side,
    fit_side,
    info_text,
    objective_lines,
    others_text,
    score_table,
)
from tideboard.ui.moonshell.table import MoonshellTable
from tideboard.ui.moonshell.tiles import UNKNOWN, tile_said
from tideboard.ui.shared.cell_grid import set_static

HINT_TAIL = " · o objectives · ? help"  # the end of the hints, dropped when space is short


def large(app: App[object]) -> bool:
    """Large ocean cells when the terminal has room for them (about 120x40)."""
    size = app.size
    return size.width >= 110 and size.height >= 36


def huge(app: App[object]) -> bool:
    """Huge ocean cells and full-size chests of the others from 160x45 (the screen's
    ``-vast``/``-deep`` breakpoints)."""
    size = app.size
    return size.width >= 160 and size.height >= 45


def geometry(app: App[object]) -> Geometry:
    """The ocean's cells for the terminal's size."""
    return HUGE if huge(app) else LARGE if large(app) else SMALL


class TableDrawing:
    """Draws the Moonshell ``screen``'s table from its state shown and its turn's mode."""

    def __init__(self, screen: MoonshellTable, turn: Turn) -> None:
        self.screen = screen
        self.turn = turn
        self.drawn_size: Size | None = None  # the terminal size of the last redraw
        self._fitted: tuple[tuple[object, ...], Fit] | None = None
        # automaton turns already pointed out: those before the screen opened are not news
        self.auto_seen = screen.state.auto_turns
        # key t: the other chests in the ocean's place (where they are not under it), until
        # t again, a move (anyone's: the board changed) or a mode of the turn
        self.chests_at: int | None = None  # the move count when they were opened

    def chests_offered(self) -> bool:
        """Key t applies: a game with others' chests, not drawn under the ocean already."""
        screen = self.screen
        return screen.state.players > 1 and (
            self.chests_at is not None or not screen.query_one("#ms-others").display
        )

    def toggle_chests(self) -> None:
        """Key t: the other players' chests in the ocean's place, or the ocean back."""
        screen = self.screen
        opening = self.chests_at is None
        self.chests_at = len(screen.match.actions) if opening else None
        self.draw()
        if opening:
            screen.say("The other players' chests; t again (or any move) shows the ocean.")

    def side(self, me: int) -> Side:
        """What the side panels depend on now, for ``me`` (the seat drawn at the bottom)."""
        screen = self.screen
        return Side(
            screen.app,
            screen.viewer,
            screen.match.config.solo,
            screen.game.to_move(screen.state),
            screen.reef_on(),
            self.side_width(),
            screen.short,
            self.turn.pending_tile(),
            self.offer(me),
        )

    def offer(self, me: int) -> str:
        """The secret objective chosen on the cards offered to ``me`` (keep phase), if shown."""
        shown: State = self.screen.shown
        if shown.phase != KEEP or shown.over or self.screen.viewer != me:
            return ""
        offers = shown.offers[me] if me < len(shown.offers) else ()
        return offers[self.turn.offer] if 0 <= self.turn.offer < len(offers) else ""

    def side_width(self) -> int:
        """The side panel's width: the terminal's less the ocean board's (and its margin),
        known before the layout is."""
        app = self.screen.app
        return app.size.width - geometry(app).width - 1

    def fit(self, side: Side, shown: State, me: int) -> Fit:
        """How much of the side panel to draw so that the log keeps its lines
        (``fitting.py``).  Worked out again only when something that changes the blocks'
        heights changed (the size, the mermaid lines, the cards, the phase)."""
        who = self.screen.who
        short, full = (mermaid_lines(shown, who, short=s) for s in (True, False))
        secret = shown.secrets[me] if me < len(shown.secrets) else ""
        key = (
            side.app.size,
            shown.players,
            shown.open_cards,
            secret,
            shown.phase == KEEP,
            side.offer,
            side.viewer is None,
            tuple(short),
            tuple(full),
        )
        if self._fitted is not None and self._fitted[0] == key:
            return self._fitted[1]
        fit = fit_side(side, shown, me, short, full, large(side.app))
        self._fitted = (key, fit)
        return fit

    # -- drawing --------------------------------------------------------------------
    def draw(self) -> None:
        screen, turn = self.screen, self.turn
        state: State = screen.state
        shown: State = screen.shown
        me = screen.home_seat()
        my_turn = screen.human_to_move() is not None
        turn.follow()  # (a mode picked on a position that is gone: dropped)
        if not my_turn:
            turn.mode = None
        if turn.mode != "aim" and turn.aim is not None:
            turn.aim = turn.power_target = None  # the aimed power was used or dropped
        if self.chests_at is not None and (
            turn.mode is not None or self.chests_at != len(screen.match.actions)
        ):
            self.chests_at = None
        screen.set_class(self.chests_at is not None, "-chests")
        side = self.side(me)
        fit = self.fit(side, shown, me)
        board = screen.query_one(OceanBoard)
        self._draw_board(board, state, shown, me, my_turn, fit)
        if board.side != screen.log_frame:
            screen.write_log()  # the reader changed: the log follows the board
        self._draw_side(side, shown, me, my_turn, fit)
        seat = screen.game.to_move(state)
        if seat:
            phase = "choosing secrets" if shown.phase == KEEP else f"round {shown.round}"
            playing = f"Moonshell - {screen.to_play(seat[0], screen.who(seat[0]))}"
            if shown.event and shown.phase != KEEP and fit.short:
                # (else its line at the side); the title line holds width - 18 cells
                name = EVENTS[shown.event].name
                room = screen.app.size.width - 18 - len(f"{playing} ({phase})")
                phase += next(
                    (e for e in (f" · event: {name}", f" · {name}") if len(e) <= room), ""
                )
            screen.title = f"{playing} ({phase})"
        else:
            screen.title = "Moonshell - game over"
        screen.app.title = screen.title
        if my_turn and turn.mode is None:
            self._say_hint(state)
        screen.sync_bindings()

    def _draw_board(
        self, board: OceanBoard, state: State, shown: State, me: int, my_turn: bool, fit: Fit
    ) -> None:
        screen, turn = self.screen, self.turn
        board.side = shown.sides[me]
        board.labels = {shown.sides[s]: screen.short(s) for s in range(shown.players)}
        board.ocean, board.rocks = shown.ocean, shown.rocks
        board.tides = shown.direction
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
        board.cursor = turn.column if my_turn and shown.phase != KEEP else None
        base = rules.seat_rocks(state, me)
        my_rocks = (shown.sides[me] * 2, shown.sides[me] * 2 + 1)
        if turn.mode is None and turn.baseline is not None:
            ocean0, rocks0 = turn.baseline
            board.flash_cells = {i for i in range(25) if ocean0[i] != state.ocean[i]}
            board.flash_rocks = {i for i in range(8) if rocks0[i] != state.rocks[i]}
        else:
            board.flash_cells, board.flash_rocks = set(), set()
        actions = screen.match.actions
        board.rotated = bool(board.flash_cells and actions and isinstance(actions[-1], Rotate))
        if my_turn and shown.phase != KEEP:
            if turn.mode == "pull":
                preview = pull_preview(screen.game, state, turn.pulling())
                if preview is not None:
                    after, unknown, moved = preview
                    board.ocean = tuple(
                        UNKNOWN if i in unknown else t for i, t in enumerate(after.ocean)
                    )
                    board.rocks = after.rocks
                    board.column_marks = moved
                    board.rock_marks = {r: "selected" for r in my_rocks if after.rocks[r] != EMPTY}
                board.pulling = True
                if turn.column == CENTRE:
                    board.pull_arrow = "◀" if turn.first == 0 else "▶"
            elif turn.mode == "rock":
                board.rock_marks = {
                    my_rocks[k]: ("selected" if k == turn.rock else "legal")
                    for k in (0, 1)
                    if base[k] != EMPTY
                }
            elif turn.mode == "chest" and turn.source != MOON:
                board.rock_marks = {my_rocks[turn.source]: "selected"}
            elif (aim := turn.aimed()) is not None:
                aim.light_board(board)
            elif base == (EMPTY, EMPTY):
                board.legal_columns = {c for c in range(5) if rules.column_tiles(state, me, c)}
            else:
                board.rock_marks = {my_rocks[k]: "legal" for k in (0, 1) if base[k] != EMPTY}
        target = turn.power_target if my_turn else None
        board.target_cells = set(target.cells) if target else set()
        board.corner = target.corner if target else None
        if target:
            board.rock_marks = {**board.rock_marks, **dict.fromkeys(target.rocks, "selected")}
        self.drawn_size = screen.app.size
        board.geo = geometry(screen.app)
        board.redraw()

    def _draw_side(self, side: Side, shown: State, me: int, my_turn: bool, fit: Fit) -> None:
        screen, turn = self.screen, self.turn
        keep = shown.phase == KEEP and not shown.over
        offers = screen.query_one(OfferStrip)
        offers.display = keep
        screen.query_one("#ms-chestrow").display = not keep
        if keep:
            seat = screen.game.to_move(screen.state)[0]
            if screen.viewer is not None and seat == screen.viewer:
                offers.offers, offers.note = shown.offers[seat], ""
                offers.selected = turn.offer
            elif screen.viewer is None:
                offers.offers, offers.note = (
                    (),
                    screen.control.secrets_note(
                        "Secret objectives stay hidden until the next player is ready.",
                        "secret objectives",
                    ),
                )
            else:
                offers.offers = ()
                offers.note = f"{screen.who(seat)} is choosing a secret objective..."
            offers.redraw()
        chest = screen.query_one(ChestView)
        chest.chest = shown.chests[me]
        chest.chosen = chest.landing = None
        chest.legal = set()
        if my_turn and turn.mode == "chest":
            chest.chosen = turn.chest_column
            chest.landing = source_tile(screen.state, turn.source)
        if my_turn and turn.mode in ("chest", "rock"):
            chest.legal = {c for c in range(CHEST_COLUMNS) if len(shown.chests[me][c]) < CHEST_ROWS}
        target = turn.power_target if my_turn else None
        chest.marks = target.chest_cells if target else frozenset()
        if target and target.column is not None:
            chest.chosen, chest.landing = target.column, target.landing
        chest.lit = frozenset()
        if my_turn and (aim := turn.aimed()) is not None:
            aim.light_chest(chest)
        chest.redraw()
        set_static(screen.query_one("#ms-info", Static), info_text(side, shown, me))
        set_static(screen.query_one("#ms-table", Static), score_table(side, shown, me, fit.words))
        objectives = screen.query_one("#ms-objectives", Static)
        objectives.display = fit.detail is not None
        if fit.detail is not None:
            set_static(objectives, objective_lines(side, shown, me, fit.detail))
        chests = self.chests_at is not None
        # (from 160x45 they are under the ocean drawn as yours is)
        width = geometry(screen.app).width if chests or huge(screen.app) else 0
        set_static(screen.query_one("#ms-others", Static), others_text(side, shown, me, width))
        self._draw_mermaids(shown, fit.short)

    def _draw_mermaids(self, shown: State, short: bool) -> None:
        """The mermaid line block under the scores (hidden in a plain game); ``short``: a
        few words each, the tides under the ocean and the event in the title (as at 80x24)."""
        widget = self.screen.query_one("#ms-mermaid", Static)
        lines = mermaid_lines(shown, self.screen.who, short=short)
        widget.display = bool(lines)
        # at 80x24 a line of the log is worth more than the rule above these lines
        widget.styles.border_top = ("none", "black") if short else None
        set_static(widget, Text("\n".join(lines), style="italic" if short else ""))

    # -- the hint line ----------------------------------------------------------------
    def _say_hint(self, state: State) -> None:
        screen, turn = self.screen, self.turn
        hint = self.hint()
        if state.solo and state.auto_turns > self.auto_seen:
            self.auto_seen = state.auto_turns
            turn.tell("The automaton played its turn (the log has every step; o lists them).")
        if turn.note and len(screen.match.actions) != turn.note_moves:
            turn.note = ""  # said before other players' moves: stale (the log has it)
        message = f"{turn.note} {hint}".strip() if turn.note else hint
        # the status line has two lines: drop the reminder of o and ? before
        # the keys of the next action fall off the end
        if not fits_status(screen.app, message):
            message = message.replace(HINT_TAIL, "")
        if not fits_status(screen.app, message) and turn.note:  # what to do now comes
            message = hint.replace(HINT_TAIL, "")  # first (the log has the note)
        screen.say(message)
        turn.note = ""

    def hint(self) -> str:
        """What the player to move may do now, in a line."""
        screen = self.screen
        state: State = screen.state
        seat = screen.human_to_move()
        if seat is None:
            return ""
        if state.phase == KEEP:
            return (
                "Choose your secret objective: ←/→ or 1/2 pick, k or Enter asks to keep "
                "it (y keeps it; the other is discarded)."
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
        if state.powers and mermaid_moves(screen.game, state):
            moon += " · w power"
        turn = " r rotate" if state.event != STILL_WATER else " (Still Water: no rotating)"
        if state.event == FREE_FLOW and not state.free_rotation:
            turn += " (free this turn)"
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            return f"Your chest is full ({acts}):{turn} · p pull · x pass."
        if left == EMPTY and right == EMPTY:
            return f"{acts}: p or 1-5 pull a column (←/→ cursor) ·{turn}{moon}{HINT_TAIL}"
        tiles = ", ".join(
            f"{'LR'[k]} {tile_said(t)}" for k, t in enumerate((left, right)) if t != EMPTY
        )
        spring = " · p pull one tile (Spring Tide)" if one_rock_pull(state) else ""
        return f"{acts}: c collect ({tiles}){spring} ·{turn}{moon}{HINT_TAIL}"
