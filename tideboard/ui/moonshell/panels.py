"""The Moonshell table: what refresh_table draws, and the hint line."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import (
    CARDS,
    CENTRE,
    CHEST_COLUMNS,
    CHEST_ROWS,
    CHEST_SIZE,
    EMPTY,
    PatternCard,
)
from tideboard.games.moonshell.state import KEEP, MOON, Rotate, State
from tideboard.ui.moonshell.board import OceanBoard
from tideboard.ui.moonshell.cards import OfferStrip
from tideboard.ui.moonshell.chest import ChestView, mini_chest
from tideboard.ui.moonshell.tiles import (
    MOON_GLYPH,
    UNKNOWN,
    URCHIN_GLYPH,
    pattern_lines,
    shell_colours,
    tile_fits,
    tile_label,
    type_chip,
)
from tideboard.ui.shared import GameScreen, side_by_side, theme_colour


HINT_TAIL = " · o objectives · ? help"      # the end of the hints, dropped when space is short


class MoonshellTable(GameScreen):
    """What the Moonshell screen draws from ``self.shown``: the ocean, your chest, the offers,
    the table, the objectives, the other chests and the hint line.  The attributes it reads
    (``mode``, ``column``, ``rock``...) are set in ``MoonshellScreen.__init__``.
    """

    # -- whose view ----------------------------------------------------------------
    def home_seat(self) -> int:
        """The seat whose side is drawn at the bottom."""
        if self.viewer is not None:
            return self.viewer
        humans = self.human_seats
        seats = self.game.to_move(self.state)
        if seats and seats[0] in humans:
            return seats[0]
        return humans[0] if humans else 0

    def who(self, seat: int) -> str:
        if self.match.config.solo and seat == 1:
            return "Automaton"
        return self.seat_name(seat)

    def short(self, seat: int) -> str:
        if self.match.config.solo:
            return "You" if seat == 0 else "Auto"
        mark = " (you)" if seat == self.viewer else ""
        return f"P{seat + 1}{mark}"

    # -- drawing --------------------------------------------------------------------
    def refresh_table(self) -> None:
        state: State = self.state
        shown: State = self.shown
        me = self.home_seat()
        my_turn = self.human_to_move() is not None
        if not my_turn:
            self.mode = None
        board = self.query_one(OceanBoard)
        board.side = shown.sides[me]
        board.labels = {shown.sides[s]: self.short(s) for s in range(shown.players)}
        board.ocean, board.rocks = shown.ocean, shown.rocks
        board.tides = shown.direction
        board.pulling, board.pull_arrow, board.column_marks = False, "", set()
        board.rock_marks = {}
        board.legal_columns = set()
        board.cursor = self.column if my_turn and shown.phase != KEEP else None
        base = rules.seat_rocks(state, me)
        my_rocks = (shown.sides[me] * 2, shown.sides[me] * 2 + 1)
        if self.mode is None and self._baseline is not None:
            ocean0, rocks0 = self._baseline
            board.flash_cells = {i for i in range(25) if ocean0[i] != state.ocean[i]}
            board.flash_rocks = {i for i in range(8) if rocks0[i] != state.rocks[i]}
        else:
            board.flash_cells, board.flash_rocks = set(), set()
        board.rotated = bool(board.flash_cells and self.match.actions
                             and isinstance(self.match.actions[-1], Rotate))
        if my_turn and shown.phase != KEEP:
            if self.mode == "pull":
                preview = self._pull_preview()
                if preview is not None:
                    after, unknown, moved = preview
                    board.ocean = tuple(UNKNOWN if i in unknown else t
                                        for i, t in enumerate(after.ocean))
                    board.rocks = after.rocks
                    board.column_marks = moved
                    board.rock_marks = {r: "selected" for r in my_rocks
                                        if after.rocks[r] != EMPTY}
                board.pulling = True
                if self.column == CENTRE:
                    board.pull_arrow = "◀" if self.first == 0 else "▶"
            elif self.mode == "rock":
                board.rock_marks = {my_rocks[k]: ("selected" if k == self.rock else "legal")
                                    for k in (0, 1) if base[k] != EMPTY}
            elif self.mode == "chest" and self.source != MOON:
                board.rock_marks = {my_rocks[self.source]: "selected"}
            else:
                if base == (EMPTY, EMPTY):
                    board.legal_columns = {c for c in range(5)
                                           if rules.column_tiles(state, me, c)}
                else:
                    board.rock_marks = {my_rocks[k]: "legal" for k in (0, 1)
                                        if base[k] != EMPTY}
        board.refresh()
        self._draw_side(shown, me, my_turn)
        seat = self.game.to_move(state)
        if seat:
            phase = "choosing secrets" if shown.phase == KEEP else f"round {shown.round}"
            self.title = f"Moonshell - {self.to_play(seat[0], self.who(seat[0]))} ({phase})"
        else:
            self.title = "Moonshell - game over"
        self.app.title = self.title
        if my_turn and self.mode is None:
            hint = self._hint()
            if state.solo and state.auto_turns > self._auto_seen:
                self._auto_seen = state.auto_turns
                self.note = ("The automaton played its turn (the log has every step; "
                             "o lists them).")
            message = f"{self.note} {hint}".strip() if self.note else hint
            # the status line has two lines: drop the reminder of o and ? before
            # the keys of the next action fall off the end
            if not self._fits_status(message):
                message = message.replace(HINT_TAIL, "")
            self.say(message)
            self.note = ""

    def _draw_side(self, shown: State, me: int, my_turn: bool) -> None:
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
                offers.offers, offers.note = (), "Secret objectives stay hidden until the next player is ready."
            else:
                offers.offers = ()
                offers.note = f"{self.who(seat)} is choosing a secret objective..."
            offers.refresh()
        chest = self.query_one(ChestView)
        chest.chest = shown.chests[me]
        chest.chosen = chest.landing = None
        chest.legal = set()
        if my_turn and self.mode == "chest":
            chest.chosen = self.chest_column
            chest.landing = self._source_tile()
        if my_turn and self.mode in ("chest", "rock"):
            chest.legal = {c for c in range(CHEST_COLUMNS)
                           if len(shown.chests[me][c]) < CHEST_ROWS}
        chest.refresh()
        self.query_one("#ms-info", Static).update(self._info(shown, me))
        self.query_one("#ms-table", Static).update(self._score_table(shown, me))
        self.query_one("#ms-objectives", Static).update(self._objective_lines(shown, me))
        self.query_one("#ms-others", Static).update(self._others(shown, me))

    def _info(self, shown: State, me: int) -> Text:
        out = Text()
        solo_me = self.match.config.solo and me == 0
        out.append("Your chest\n" if (me == self.viewer or solo_me) else f"P{me + 1} chest\n",
                   style="bold")
        count = rules.chest_count(shown.chests[me])
        out.append(f"{count}/{CHEST_SIZE} tiles\n")
        seat = self.game.to_move(self.state)
        left = shown.actions_left if shown.phase != KEEP and not shown.over else 0
        if seat and seat[0] == me and shown.phase != KEEP:
            out.append("Actions ")
            out.append("●" * left, style=Style(color=theme_colour(self.app, "accent", "#f4a261"),
                                               bold=True))
            out.append("○" * (3 - left), style="dim")
            out.append(f"\n{left} left\n")
        else:
            out.append("Not your turn\n\n", style="dim")
        if shown.solo and me == 1:
            out.append("no moonshell\n", style="dim")
        elif shown.moonshells[me]:
            out.append(f"{MOON_GLYPH} in reserve\n")
        else:
            out.append(f"{MOON_GLYPH} placed\n", style="dim")
        bag = len(shown.bag)
        out.append(f"Bag {bag}")
        if shown.urchins_aside:
            out.append(f" +{shown.urchins_aside}{URCHIN_GLYPH}")
        out.append("\n")
        if shown.end_trigger >= 0 and not shown.over:
            out.append("Last round!", style="bold")
        return out

    def _score_table(self, shown: State, me: int) -> Text:
        """Per player, the public running score of each objective; then your secret."""
        cards = shown.open_cards
        heads = [c for c in cards] + [URCHIN_GLYPH, MOON_GLYPH, "Σ"]
        widths = [max(3, len(h) + 1) for h in cards] + [2, 2, 4]
        name_w = 10  # "▶P1 (you)" fits; the whole table stays within 35 columns
        out = Text(" " * name_w, style="bold")
        for head, width in zip(heads, widths):
            out.append(f"{head:>{width}}", style="bold")
        current = self.game.to_move(self.state)
        for seat in range(shown.players):
            score = scoring.breakdown(shown, seat, secret=False)
            values = [score[k] for k in ("composition", "array", "pair", "trove", "collector",
                                         "urchins")]
            moon = "·" if (shown.solo and seat == 1) else str(score["moonshell"])
            values += [moon, score["total"]]
            mark = "▶" if current and current[0] == seat else " "
            label = f"{mark}{self.short(seat)}"
            out.append("\n")
            out.append(f"{label[:name_w]:<{name_w}}",
                       style="bold" if seat == me else "")
            for value, width in zip(values, widths):
                out.append(f"{value:>{width}}", style="bold" if width == 4 else "")
        out.append("\n")
        secret = shown.secrets[me] if me < len(shown.secrets) else ""
        if self.viewer is None or (shown.solo and me == 1):
            out.append("Secret objectives hidden", style="dim italic")
        elif secret and secret in CARDS:
            points = scoring.breakdown(shown, me)["secret"]
            line = Text(f"Secret {secret} ", style="bold")
            line.append(f"{CARDS[secret].name}: ")
            line.append(f"{points} now", style="bold")
            tail = f"{CARDS[secret].name}: {points} now"
            if line.cell_len > 35:
                line = Text(f"Secret {secret} ", style="bold")
                line.append(f"{tail[:35 - line.cell_len - 1]}…")
            out.append_text(line)
        elif shown.phase == KEEP:
            out.append("Secret: choose one above (k)", style="italic")
        return out

    def _objective_lines(self, shown: State, me: int) -> Text:
        """One line per objective with its pattern (shown on wide screens)."""
        colours = shell_colours(self.app)
        accent = theme_colour(self.app, "accent", "#f4a261")
        out = Text()
        ids = list(shown.open_cards)
        secret = shown.secrets[me] if self.viewer is not None else ""
        if secret and secret in CARDS:
            ids.append(secret)
        score = scoring.breakdown(shown, me)
        short = {"composition": "Comp", "array": "Array", "pair": "Pair", "trove": "Trove",
                 "collector": "Coll", "secret": "Secret"}
        width = max(40, self.query_one("#ms-side").size.width)
        fits = set(tile_fits(self._pending_tile(), shown.open_cards))
        for i, card_id in enumerate(ids):
            card = CARDS[card_id]
            if card_id in fits:  # the tile being collected counts toward it
                line = Text("▶", style=Style(color=accent, bold=True))
                line.append(f"{card.id:<3}", style=Style(color=accent, bold=True, reverse=True))
            else:
                line = Text(f"{card.id:<4}", style="bold")
            line.append(f"{short[card.deck]:<7}", style="dim")
            if isinstance(card, PatternCard):
                for r, row in enumerate(pattern_lines(card, colours, accent)):
                    if r:
                        line.append("/", style="dim")
                    line.append_text(row)
                extra = f" {card.points}" + (f"x{card.seahorses}" if card.seahorses > 1 else "")
                line.append(extra, style="dim")
            else:
                for j, bit in enumerate(card.types):
                    if j:
                        line.append(" + ")
                    line.append_text(type_chip(bit, colours))
            tail = f" now {score[card.deck]}"
            line.truncate(width - len(tail) - 1, overflow="ellipsis")
            line.append(" " * (width - len(tail) - 1 - line.cell_len))
            line.append(tail, style="bold")
            if i:
                out.append("\n")
            out.append_text(line)
        return out

    def _others(self, shown: State, me: int) -> Text:
        blocks = []
        for seat in range(shown.players):
            if seat == me:
                continue
            total = scoring.breakdown(shown, seat, secret=False)["total"]
            head = Text(f"{self.short(seat)} {total}pt", style="bold")
            blocks.append([head] + mini_chest(self.app, shown.chests[seat]))
        if not blocks:
            return Text()
        return side_by_side(blocks, gap=2)

    def _hint(self) -> str:
        state: State = self.state
        seat = self.human_to_move()
        if seat is None:
            return ""
        if state.phase == KEEP:
            return ("Choose your secret objective: ←/→ or 1/2 pick, k or Enter keeps it "
                    "(the other is discarded).")
        left, right = rules.seat_rocks(state, seat)
        n = state.actions_left
        acts = f"{n} action{'s' if n != 1 else ''} left"
        moon = " · m moonshell" if state.moonshells[seat] else ""
        if rules.chest_count(state.chests[seat]) >= CHEST_SIZE:
            return f"Your chest is full ({acts}): r rotate · p pull · x pass."
        if left == EMPTY and right == EMPTY:
            return f"{acts}: p or 1-5 pull a column (←/→ cursor) · r rotate{moon}{HINT_TAIL}"
        tiles = ", ".join(f"{'LR'[k]} {tile_label(t).strip()}"
                         for k, t in enumerate((left, right)) if t != EMPTY)
        return f"{acts}: c collect ({tiles}) · r rotate{moon}{HINT_TAIL}"
