"""What the Mermaid Rain screen draws, and when: the sea, the table, your hand, the hints.

:meth:`TableDrawing.draw` runs after the state changed and redraws every widget
from the screen's ``shown`` (each widget skips an identical update);
:meth:`TableDrawing.redraw_marks` runs after a cursor move or a new selection and
touches only the board, the hand and the hint line.  What the keys have picked
(cursor, cards, tile, payment) is the screen's :class:`~.modes.Picks`.
"""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from tideboard.games.mermaid_rain.content import (
    KINDS,
    MELD_BONUS,
    MELD_NAMES,
    MELD_RULES,
    ROUNDS,
    TREASURE_LETTERS,
)
from tideboard.games.mermaid_rain.melds import meld_rank
from tideboard.games.mermaid_rain.rendering import tile_label
from tideboard.games.mermaid_rain.scoring import breakdown
from tideboard.games.mermaid_rain.state import CHOSEN, MELD, PICK, State
from tideboard.ui.mermaid_rain.legend import FULL, SHORT, TERSE, legend_entries, legend_lines
from tideboard.ui.mermaid_rain.modes import Picks, treasure_word
from tideboard.ui.mermaid_rain.sea import HexBoard, treasure_mark
from tideboard.ui.shared import GameScreen, game_colours
from tideboard.ui.shared.cell_grid import set_static

WIDE, TALL = 110, 36  # from here the side panel and the board have more room
HUGE, BIG = 160, 45  # and from here more again (the screen's breakpoints)
SEA_W = {4: 50, 6: 74, 8: 96}  # the sea's width (screen.tcss #mr-board) by a space's width
SIDE_LINES = 10  # the side panel's height when not tall (#mr-side)
BIG_SIDE_LINES = 28  # ... when huge (as tall as the sea)

PHASE_WORDS = {
    "meld": "melds",
    "pick": "surf tiles",
    "ride": "surf riding",
    "home": "back to the start spaces",
    "discard": "keep two cards",
    "over": "game over",
}


# the seat's meld state in the one-line-a-seat table (5 and 6 players at 80x24):
# the turn order number for a ranked meld
COMPACT = {"chosen": "ok", "choosing": "..", "stopped": "stop", "": ""}


def short_meld(rank: int) -> str:
    """The meld's name in one word (Rain, Squall, March, Splash, Waltz, Mist, Drop, Octopus)."""
    return MELD_NAMES[rank].split()[-1]


def treasures_text(s: State, seat: int) -> str:
    """A seat's treasures in a few letters: each kind's letter and how many
    (upper case face up, lower case a face-down one this viewer knows, ``?``
    one it does not), e.g. ``A2Cp?3``."""
    marks = [treasure_mark(s, t) for t in s.owned[seat]]
    order = [m for m in TREASURE_LETTERS.upper() + TREASURE_LETTERS + "?" if m in marks]
    return "".join(m + (str(marks.count(m)) if marks.count(m) > 1 else "") for m in order)


def meld_text(meld: tuple[int, ...]) -> str:
    return " ".join("DGT"[k] for k in range(3) for _ in range(meld[k])) or "-"


def hand_text(hand: tuple[int, ...]) -> str:
    """A hand's cards, e.g. ``D Dolphin x2  T Turtle x1`` (a kind held none of is left
    out; ``no cards`` when empty)."""
    if hand[3]:
        return f"{hand[3]} cards"
    held = [f"{'DGT'[k]} {KINDS[k]} x{hand[k]}" for k in range(3) if hand[k]]
    return "  ".join(held) or "no cards"


def treasure_lines(words: list[str], width: int) -> list[str]:
    """``Treasures: ...`` on as many lines of ``width`` as it takes, never cutting a
    word: the same treasure twice is counted (``2 Abalone``), a break falls only
    between two treasures."""
    counted: dict[str, int] = {}
    for word in words:
        counted[word] = counted.get(word, 0) + 1
    items = []
    for word, n in counted.items():
        if n == 1:
            items.append(word)
        elif word == "a face-down treasure":
            items.append(f"{n} face-down treasures")
        else:
            items.append(f"{n} {word}")
    lines = ["Treasures:"]
    for n, item in enumerate(items or ["none yet"]):
        piece = item + ("," if n < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > width and lines[-1].strip():
            lines.append(" ")
        lines[-1] += " " + piece
    return lines


def ranking_table() -> Table:
    table = Table(box=None, padding=(0, 1))
    for title in ("#", "Meld", "Cards", "Bonus"):
        table.add_column(title, no_wrap=title != "Bonus")
    for rank in range(1, 9):
        table.add_row(str(rank), MELD_NAMES[rank], MELD_RULES[rank], MELD_BONUS[rank])
    return table


BONUS_WORDS = (
    "",
    "teleport",
    "7 points",
    "pool treasure",
    "6 points",
    "extra tile",
    "4 points",
    "1 point",
    "nothing",
)


def meld_list() -> Text:
    """The eight melds in a few words each, for the side panel of a big terminal."""
    out = Text(no_wrap=True)
    out.append("\nMelds, best first (o: in full)\n", "bold")
    for rank in range(1, 9):
        out.append(
            f"{rank} {short_meld(rank):<8}{MELD_RULES[rank]:<19}{BONUS_WORDS[rank]}\n", "dim"
        )
    return out


def huge(size: Size) -> bool:
    """160x45 and up: the sea's spaces 8x3, the legend in the side panel when it fits."""
    return size.width >= HUGE and size.height >= BIG


class TableDrawing:
    """Draws the Mermaid Rain ``screen``'s table from its state shown and its ``picks``."""

    def __init__(self, screen: GameScreen, picks: Picks) -> None:
        self.screen = screen
        self.picks = picks

    def resized(self, size: Size) -> None:
        """The terminal's ``size`` changed: the board's and the side panel's layout."""
        screen = self.screen
        wide, tall = size.width >= WIDE, size.height >= TALL
        screen.query_one(HexBoard).layout_for(wide, tall, huge(size))
        if screen.is_mounted:  # the side panel's and the legend's layout follow the size too
            self.draw_top(screen.shown)

    def draw(self) -> None:
        """After a change of state: the picks that still make sense, then everything."""
        screen = self.screen
        shown: State = screen.shown
        self.picks.fit_marks(shown)
        self.draw_top(shown)
        self.redraw_marks()
        title = (
            f"Mermaid Rain - round {shown.round} of {ROUNDS}, "
            f"{PHASE_WORDS.get(shown.phase, shown.phase)}"
        )
        if screen.app.title != title:
            screen.app.title = title
        screen.sync_bindings()

    def redraw_marks(self) -> None:
        """The cursor, the picked cards or tile changed: the board, the hand, the hint."""
        screen, picks = self.screen, self.picks
        shown: State = screen.shown
        targets, preview = picks.board_marks(shown)
        board_cursor = picks.cursor if picks.mode(shown) in picks.BOARD_MODES else None
        screen.query_one(HexBoard).show(shown, targets, preview, board_cursor, screen.viewer)
        self._update("mr-hand", self.hand_text(shown))
        if screen.human_to_move() is not None:
            screen.say(picks.hint(shown))
        screen.sync_bindings()  # Go comes and goes with what the cursor or the cards pick

    def _update(self, widget_id: str, content: Text) -> None:
        set_static(self.screen.query_one(f"#{widget_id}", Static), content)

    # -- the side panel and the sea's legend -------------------------------------------
    def draw_top(self, s: State) -> None:
        """The side panel (the seats, then the mermaids' and treasures' part of the sea's
        legend if it has room) and the legend under the sea and the side panel (the
        rest); on a tall terminal all of the legend there, in full words when it is wide
        too."""
        screen = self.screen
        wide, tall = screen.size.width >= WIDE, screen.size.height >= TALL
        board = screen.query_one(HexBoard)
        side = self.side_text(s)
        side.rstrip()
        width = screen.size.width
        details = (FULL,) if tall and wide else (SHORT,) if tall else (SHORT, TERSE)
        for detail in details:  # terse only when the short words do not fit
            groups = legend_entries(
                s, game_colours(screen.app, "mermaid-rain"), screen.viewer, board.badge_room, detail
            )
            lines = BIG_SIDE_LINES if huge(screen.size) else SIDE_LINES
            room = (lines - len(side.plain.split("\n")), width - SEA_W[board.cell_w] - 1)
            sep = " " if detail == TERSE else "  "
            under, beside, left = legend_lines(
                groups, width, None if tall and not huge(screen.size) else room, sep
            )
            if not left:
                break
        for line in beside:
            if line.plain:
                side.append("\n")
                side.append_text(line)
        self._update("mr-side", side)
        self._update("mr-legend", Text("\n").join(under))

    # -- the side panel: round, Prince, every seat ---------------------------------
    def side_text(self, s: State) -> Text:
        out = Text(no_wrap=True)
        out.append(
            f"Round {s.round}/{ROUNDS}  Prince P{s.prince + 1}  Pool {len(s.pool)}\n", "bold"
        )
        screen = self.screen
        compact = s.players > 4 and screen.size.height < TALL  # one line a seat
        colours = game_colours(screen.app, "mermaid-rain")  # each seat's name: its mermaid's
        waiting = set(screen.game.to_move(screen.state))
        for seat in range(s.players):
            mark = "▶" if seat in waiting else " "
            name = screen.seat_name(seat)
            if seat == screen.viewer:
                name += " *"
            colour = Style(color=colours.get(f"seat-{seat + 1}"), bold=True)
            meld = meld_text(s.melds[seat])
            state_word = ""
            if s.phase == MELD:
                if s.stopped[seat]:
                    state_word = "stopped"
                elif s.chosen[seat] is not None:
                    state_word = "chosen"
                elif seat in waiting:
                    state_word = "choosing"
            elif s.ranks[seat]:
                state_word = f"{s.order.index(seat) + 1}.{short_meld(s.ranks[seat])}"
            owned = treasures_text(s, seat)
            meld = meld.replace(" ", "")  # at most five letters
            if compact:
                short = (
                    f"P{seat + 1}"
                    + (" bot" if seat in screen.bot_levels else "")
                    + (" *" if seat == screen.viewer else "")
                )
                if s.phase == MELD:  # the meld matters now, the treasures later
                    tail = f"{meld[:5]:<5} {COMPACT.get(state_word, state_word[:2])}"
                else:
                    tail = f"{state_word[:1] or ' '} ${owned or '-'}"
                out.append(mark, "bold" if seat in waiting else "")
                out.append(f"{short:<8}", colour)
                out.append(
                    f"{s.points[seat]:>3}p{sum(s.hands[seat]):>3}c {tail}\n",
                    "bold" if seat in waiting else "",
                )
                continue
            out.append(mark, "bold" if seat in waiting else "")
            out.append(f"{name[:17]:<17}", colour)
            out.append(
                f"{s.points[seat]:>4}pt {sum(s.hands[seat]):>2}c\n",
                "bold" if seat in waiting else "",
            )
            out.append(f"  {meld:<5} {state_word[:9]:<9} ${owned or '-'}\n", "dim")
        roomy = screen.size.width >= WIDE and screen.size.height >= TALL
        if roomy and (s.players <= 4 or huge(screen.size)):
            out.append_text(meld_list())  # the room below the seats at 120x40
        return out

    # -- your hand, your choice, your tiles -------------------------------------------
    def hand_text(self, s: State) -> Text:
        screen, picks = self.screen, self.picks
        seat = screen.viewer
        out = Text(no_wrap=True)
        if seat is None:
            out.append(
                screen.control.secrets_note(
                    "Hands are hidden: waiting for the next player.", "hands"
                ),
                "dim",
            )
            return out
        hand = s.hands[seat]
        mermaid = "" if s.stopped[seat] else "  + Mermaid card"
        out.append(f"Your hand: {hand_text(hand)}{mermaid}\n", "bold")
        picked = picks.picked_cards()
        if s.phase == MELD:
            now = s.melds[seat]
            line = f"Meld: {meld_text(now)}"
            if sum(now) >= 2:
                line += f" = {MELD_NAMES[meld_rank(now)]}"
            hidden = s.chosen[seat]  # this seat's meld choice, until all have chosen
            if hidden is not None and hidden != CHOSEN:
                line += f"   chosen: {' '.join('DGTM'[k] for k in hidden)} (hidden)"
            elif picked:
                after = list(now)
                for k in picked:
                    if k < 3:
                        after[k] += 1
                line += f"   picked: {' '.join('DGTM'[k] for k in picked)}"
                if sum(after) >= 2 and 3 not in picked:
                    line += f" -> {MELD_NAMES[meld_rank(tuple(after))]}"
            out.append(line + "\n")
        elif picked:
            out.append(f"Keep: {' '.join('DGT'[k] for k in picked)}\n")
        if s.phase == PICK and s.offer:
            chosen = picks.offer_index % len(s.offer)
            out.append("Face-up tiles:")
            used = 14
            for i, t in enumerate(s.offer):
                label = f"{i + 1}) {tile_label(t)}"
                if used + len(label) + 2 > max(40, screen.size.width - 2):
                    out.append("\n ")  # the rest on a second line
                    used = 1
                out.append("  ")
                out.append(label, "reverse" if i == chosen else "")
                used += len(label) + 2
            out.append("\n")
        held = s.held[seat]
        if held:
            out.append(
                "Your tiles: "
                + ", ".join(
                    ("[" if i == picks.tile_index % len(held) else "")
                    + tile_label(t)
                    + ("]" if i == picks.tile_index % len(held) else "")
                    for i, t in enumerate(held)
                )
                + "\n"
            )
        panel = screen.query_one("#mr-hand")
        width = panel.content_size.width or screen.size.width - 2
        owned = [treasure_word(s, t) for t in s.owned[seat]]
        out.append("\n".join(treasure_lines(owned, max(width, 20))), "dim")
        return out


def end_table(screen: GameScreen) -> Table:
    """The results: each player's track points, tribute and majorities."""
    s: State = screen.state
    rows = breakdown(s)
    table = Table(
        box=None,
        padding=(0, 1),
        caption="Track: points scored in play. Trib: the tribute, -5 per "
        "kind missing. Majorities: A Abalone, C Coral, Y Crystal, "
        "P Pearl, Z Dragon Scale.",
        caption_justify="left",
    )
    table.add_column("Player", no_wrap=True)
    # short titles: the table fits 80 columns (A Abalone, C Coral, Y Crystal, P Pearl,
    # Z Dragon Scale: the majority points per kind)
    for title in ("Track", "Trib", *TREASURE_LETTERS.upper(), "Total"):
        table.add_column(title, justify="right")
    for seat, row in enumerate(rows):
        table.add_row(
            screen.player_name(seat),
            str(row["track"]),
            str(row["tribute"]),
            *map(str, row["majorities"]),
            f"[b]{row['total']}[/b]",
        )
    return table
