"""The Moonlighter screen: the dungeon map, your hearts and counters, the dice, the log.

Keys: ``r`` rolls the tile die; after a roll the open sides of your room are
highlighted and arrows/hjkl pick one (Enter, space or the same arrow again
places the room there).  Between rolls an arrow picks a neighbouring room and
Enter (or the same arrow again) walks into it.  In a fight ``a`` attacks and
``f`` flees (asked first); on a chest ``s`` switches pawns (asked first when
you would drop a pawn with a power) and ``k`` keeps yours.  The mouse works
too: click a highlighted open side to place the room there, a neighbouring
room to walk into it, and the footer's keys.

The map keeps the player's room in view: a dungeon that fits is drawn
centred, a larger one scrolls so that your room and its neighbours stay on
screen (arrows in the map's top line show where more rooms are).
"""

from __future__ import annotations

import random
from typing import Any

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from tideboard.games.moonlighter import MAP_LETTERS
from tideboard.games.moonlighter.content import (
    BLACK,
    BLUE,
    DIRECTION_NAMES,
    DUNGEONS,
    ENEMY_HEARTS,
    GREEN,
    LIVES,
    ORANGE,
    PAWN_TEXT,
    PAWN_WHITE,
    RED,
    ROLL_LIMIT,
    STEP,
    TILE_NAME,
    WHITE,
    YELLOW,
    boss_hearts,
    greens_for_boss,
    pool_size,
)
from tideboard.games.moonlighter.rules import (
    boss_ready,
    can_flee,
    green_rooms,
    open_sides,
)
from tideboard.games.moonlighter.state import (
    ATTACK,
    EXPLORE,
    FIGHT,
    FLEE,
    KEEP,
    LOOT,
    PLACE,
    ROLL,
    SWITCH,
    Move,
    Place,
    Roll,
    State,
)
from tideboard.ui.shared.game_screen import GameLog, GameScreen
from tideboard.ui.shared.modals import ConfirmScreen
from tideboard.ui.shared import BlocksScreen, StatusLine, game_colours, ink_for, luminance

# -- how rooms look ------------------------------------------------------------
CELL_W, CELL_H = 8, 3           # one room on the map, borders included
GLYPHS = {WHITE: "·", ORANGE: "⚔", BLACK: "⊠", GREEN: "✓", YELLOW: "$", BLUE: "≈", RED: "☠"}
LETTERS = MAP_LETTERS           # W O K G Y B R, as in the text map
ROOM_WORDS = {WHITE: "white", ORANGE: "orange", BLACK: "black", GREEN: "cleared",
              YELLOW: "chest", BLUE: "pool", RED: "boss"}
PAWN_ABBR = {"white": "wht", "red": "red", "orange": "org", "yellow": "yel", "green": "grn",
             "blue": "blu", "purple": "pur", "pink": "pnk", "black": "blk"}
PAWN_SHORT = {  # fits the side panel after "Pawn purple: "
    "white": "no power",
    "red": "2x hits on boss",
    "orange": "a 1 also hits",
    "yellow": "4 chest rooms",
    "green": "kill clears room",
    "blue": "2x dmg both ways",
    "purple": "a 3 = chest room",
    "pink": "+2 max health",
    "black": "never locked in",
}
ARROWS = {"n": "↑", "e": "→", "s": "↓", "w": "←"}
DIE_SIDES = {"tile": (0, 9), "attack": (1, 6), "loot": (1, 8)}
DIE_NAMES = {"tile": "Tile die d10", "attack": "Attack die d6", "loot": "Loot die d8"}

BOXES = {  # tl, hz, tr, vt, bl, br
    "you": "╔═╗║╚╝",
    "picked": "┏━┓┃┗┛",
    "room": "╭─╮│╰╯",
    "open": "┌╌┐╎└┘",
}


def room_colours(app: Any) -> dict[str, str]:
    return game_colours(app, "moonlighter")


def fit_axis(lo: int, hi: int, size: int, player: int, origin: int | None) -> int:
    """The first map coordinate to show on one axis of the view.

    Content from ``lo`` to ``hi`` that fits in ``size`` cells is centred.
    Larger content scrolls: the old ``origin`` is kept while the player and a
    cell either side of it stay in view, otherwise the view recentres on the
    player; it never scrolls further than the content reaches.
    """
    span = hi - lo + 1
    if span <= size:
        return lo - (size - span) // 2
    margin = 1 if size >= 3 else 0
    if origin is None or not (origin + margin <= player <= origin + size - 1 - margin):
        origin = player - size // 2
    return max(lo, min(origin, hi - size + 1))


def hearts(full: int, total: int) -> str:
    return "♥" * full + "♡" * max(0, total - full)


def step_between(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The side of ``a`` that ``b`` lies on, if they are neighbours."""
    for d, (dx, dy) in STEP.items():
        if (a[0] + dx, a[1] + dy) == b:
            return d
    return None


def neighbour(pos: tuple[int, int], d: str) -> tuple[int, int]:
    dx, dy = STEP[d]
    return (pos[0] + dx, pos[1] + dy)


def power(pawn: str) -> str:
    """What a pawn does, without brackets of its own (so it can go inside some)."""
    return PAWN_TEXT[pawn].replace(" (", ", ").replace(")", "")


def room_locked(state: State, room: Any) -> bool:
    """A black room that still holds its enemies locks whoever walks in."""
    return room.tile == BLACK and not room.cleared and state.pawn != "black"


# -- the map ---------------------------------------------------------------------
class DungeonMap(Widget):
    """The placed rooms as coloured tiles around the player; click a room or an open side."""

    class Clicked(Message):
        def __init__(self, pos: tuple[int, int]) -> None:
            super().__init__()
            self.pos = pos

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.targets: dict[tuple[int, int], str] = {}   # open sides to place on -> side
        self.picked: tuple[int, int] | None = None       # the highlighted target
        self.origin: tuple[int, int] | None = None       # map coordinates of the top-left cell
        self.cols = self.rows = 1
        self.x_off = 0

    # the view -------------------------------------------------------------
    def layout_view(self) -> tuple[int, int]:
        """Work out how many rooms fit and which map cell is at the top left."""
        state = self.state
        assert state is not None
        width, height = max(self.size.width, CELL_W), max(self.size.height, CELL_H + 2)
        self.cols = max(1, width // CELL_W)
        self.rows = max(1, (height - 2) // CELL_H)
        self.x_off = (width - self.cols * CELL_W) // 2
        cells = list(state.cells) + list(self.targets)
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        old = self.origin or (None, None)
        x0 = fit_axis(min(xs), max(xs), self.cols, state.pos[0], old[0])
        y0 = fit_axis(min(ys), max(ys), self.rows, state.pos[1], old[1])
        self.origin = (x0, y0)
        return x0, y0

    def visible(self, pos: tuple[int, int]) -> bool:
        if self.origin is None:
            return False
        x0, y0 = self.origin
        return x0 <= pos[0] < x0 + self.cols and y0 <= pos[1] < y0 + self.rows

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text("")
        x0, y0 = self.layout_view()
        width = self.size.width
        colours = room_colours(self.app)
        theme = self.app.theme_variables
        accent = theme.get("accent", "#f4a261")
        warn = theme.get("warning", "#f4d35e")
        fg = theme.get("foreground", "#e6edf3")
        bg = theme.get("background", "#0b1a2a")
        # a room's outline is drawn in its colour, unless that colour would vanish
        # into the background (white rooms on the light theme, black on the dark)
        self._outline = {tile: Style(color=colour) if abs(luminance(colour) - luminance(bg)) > 60
                         else Style(color=fg, dim=True) for tile, colour in colours.items()
                         if not tile.startswith(("pawn-", "heart"))}
        self._label = Style(color=fg, bold=True)
        rooms = state.rooms_by_pos()

        out = Text(no_wrap=True, overflow="crop")
        # caption: where we are, and where more of the map is hidden
        xs = [x for x, _ in state.cells]
        ys = [y for _, y in state.cells]
        more = "".join(mark for mark, hidden in (
            ("◂", min(xs) < x0), ("▸", max(xs) >= x0 + self.cols),
            ("▴", min(ys) < y0), ("▾", max(ys) >= y0 + self.rows)) if hidden)
        caption = Text(f" Dungeon {state.dungeon} · {len(state.rooms)} room"
                       f"{'s' * (len(state.rooms) != 1)} · north ↑",
                       style="bold")
        if more:
            caption.append(f"  more {more}", style=Style(color=warn, bold=True))
        caption.truncate(width)
        out.append_text(caption)
        out.append("\n")

        for row in range(self.rows):
            for line in range(CELL_H):
                out.append(" " * self.x_off)
                for col in range(self.cols):
                    pos = (x0 + col, y0 + row)
                    self._cell(out, state, rooms.get(pos), pos, line, colours, accent, warn, fg)
                out.append("\n")

        legend = Text(" ")
        for tile in (WHITE, ORANGE, BLACK, GREEN, YELLOW, BLUE, RED):
            colour = colours[tile]
            legend.append(f"{GLYPHS[tile]}{LETTERS[tile]}",
                          Style(bgcolor=colour, color=ink_for(colour), bold=True))
            legend.append(" ")
        legend.append("@ you ♙ pawn", style="bold")
        legend.truncate(width)
        out.append_text(legend)
        return out

    def _cell(self, out: Text, state: State, room: Any, pos: tuple[int, int], line: int,
              colours: dict[str, str], accent: str, warn: str, fg: str) -> None:
        inner = CELL_W - 2
        picked = pos == self.picked
        if room is None:
            side = self.targets.get(pos)
            if side is None:
                out.append(" " * CELL_W)
                return
            tile = state.tile if picked else None
            box = BOXES["picked" if picked else "open"]
            edge = Style(color=accent if picked else warn, bold=True)
            if tile is not None:
                colour = colours[tile]
                fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
                middle = f" {GLYPHS[tile]}{LETTERS[tile]} {ARROWS[side]} "
            else:
                fill = Style(color=warn, bold=True)
                middle = f"{ARROWS[side] + side.upper():^{inner}}"
            self._box(out, box, edge, fill, line, middle, "", "")
            return
        colour = colours[room.colour]
        fill = Style(bgcolor=colour, color=ink_for(colour), bold=True)
        here = pos == state.pos
        if here:
            box, edge = BOXES["you"], Style(color=fg, bold=True)
        elif picked:
            box, edge = BOXES["picked"], Style(color=accent, bold=True)
        else:
            box, edge = BOXES["room"], self._outline[room.colour]
        middle = f" {GLYPHS[room.colour]}{LETTERS[room.colour]} {'@' if here else ' '} "
        top = "lock" if room_locked(state, room) else ""
        bottom = f"♙{PAWN_ABBR.get(room.pawn, room.pawn[:3])}" if room.pawn else ""
        self._box(out, box, edge, fill, line, middle, top, bottom, self._label)

    @staticmethod
    def _box(out: Text, box: str, edge: Style, fill: Style, line: int, middle: str,
             top: str, bottom: str, label_style: Style | None = None) -> None:
        tl, hz, tr, vt, bl, br = box
        inner = CELL_W - 2
        if line in (0, CELL_H - 1):
            left, right = (tl, tr) if line == 0 else (bl, br)
            label = top if line == 0 else bottom
            out.append(left + hz, edge)
            out.append(label, label_style)
            out.append(hz * (inner - 1 - len(label)) + right, edge)
        else:
            out.append(vt, edge)
            out.append(middle, fill)
            out.append(vt, edge)

    def on_click(self, event: events.Click) -> None:
        if self.origin is None:
            return
        x, y = event.x - self.x_off, event.y - 1
        if x < 0 or y < 0:
            return
        col, row = x // CELL_W, y // CELL_H
        if col < self.cols and row < self.rows:
            self.post_message(self.Clicked((self.origin[0] + col, self.origin[1] + row)))


# -- the dice panel ----------------------------------------------------------------
def die_face(value: int | str, style: Style) -> Text:
    face = Text(no_wrap=True)
    face.append("╭───╮\n", style)
    face.append(f"│{value!s:^3}│\n", style)
    face.append("╰───╯", style)
    return face


def dice_panel(roll: Roll | None, current: bool, tumbling: int | None = None) -> Any:
    """The die, its face and the outcome in words (``tumbling``: a face while it rolls)."""
    if roll is None:
        return Text("No dice rolled yet.\nr rolls the tile die.", style="italic")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=5, no_wrap=True)
    grid.add_column(ratio=1)
    name = Text(DIE_NAMES[roll.die] if current else f"Earlier: {roll.die} die",
                style="bold" if current else "dim")
    if tumbling is not None:
        grid.add_row(die_face(tumbling, Style(dim=True)), Group(name, Text("rolling...",
                                                                             style="italic")))
        return grid
    words = Text(roll.meaning, style="" if current else "dim")
    grid.add_row(die_face(roll.value, Style(bold=current, dim=not current)), Group(name, words))
    return grid


def whole_map(app: Any, state: State) -> Text:
    """Every room of the dungeon as a two-cell coloured tile: letter and mark."""
    colours = room_colours(app)
    rooms = state.rooms_by_pos()
    xs = [x for x, _ in rooms]
    ys = [y for _, y in rooms]
    out = Text()
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            room = rooms.get((x, y))
            if room is None:
                out.append(" · ", Style(dim=True))
                continue
            colour = colours[room.colour]
            mark = "@" if (x, y) == state.pos else "*" if room.pawn else " "
            out.append(f"{MAP_LETTERS[room.colour]}{mark} ",
                       Style(bgcolor=colour, color=ink_for(colour), bold=True))
        out.append("\n")
    return out


# -- the screen ----------------------------------------------------------------------
class MoonlighterScreen(GameScreen):
    BINDINGS = [
        Binding("up", "direction('n')", "North", show=False),
        Binding("down,j", "direction('s')", "South", show=False),
        Binding("left,h", "direction('w')", "West", show=False),
        Binding("right,l", "direction('e')", "East", show=False),
        Binding("enter,space", "confirm", "Go", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        # the footer shows only the keys that do something now (``check_action``);
        # the same keys at other times fall through to the hidden bindings below,
        # which say why they do nothing (and k is up outside a loot choice)
        Binding("r", "roll", "Roll"),
        Binding("a", "attack", "Attack"),
        Binding("f", "flee", "Flee"),
        Binding("s", "switch", "Switch"),
        Binding("k", "keep", "Keep"),
        Binding("m", "whole_map", "Map"),
        Binding("r", "anyway('roll')", show=False),
        Binding("a", "anyway('attack')", show=False),
        Binding("f", "anyway('flee')", show=False),
        Binding("s", "anyway('switch')", show=False),
        Binding("k", "k_key", show=False),
    ]
    OFFERED = ("roll", "attack", "flee", "switch", "keep")  # keys shown only when they apply
    KEYS_HELP = [
        ("m", "the whole dungeon map at once, when it is bigger than the view"),
        ("r", "roll the tile die for the next room"),
        ("arrows / h j k l", ("pick a side: an open side to place the rolled room on, "
                              "or a neighbouring room to walk into")),
        ("Enter / space", "place the room there / walk in (or press the same arrow again)"),
        ("Esc", "drop the picked side"),
        ("a", "attack: roll the attack die"),
        ("f", "flee an orange room the way you came (asks first: the enemies heal)"),
        ("s", "switch your pawn for the one lying in this chest room"),
        ("k", "keep your pawn after a loot roll (otherwise k is up)"),
        ("mouse", ("click an open side to place the room, a neighbouring room to walk in, "
                   "a key in the footer to use it")),
    ]
    ROLL_FRAMES = 4         # tumbling faces shown before a rolled die settles
    ROLL_FRAME_SECONDS = 0.07
    FLASH_SECONDS = 1.2     # how long a fresh result stays highlighted

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.target: str | None = None     # the picked side (place or move)
        self.chosen = False                # picked by the player (not the default)
        self.last_dir = "e"
        self.seen_steps = self.announced = len(self.match.states)
        self._tumble_left = 0
        self._tumble_timer: Any = None
        self._flash_timer: Any = None
        self.dice_shown = ""               # the dice panel in words (for tests and logs)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="ml-top"):
            yield DungeonMap(id="ml-map")
            with Vertical(id="ml-side"):
                yield Static(id="ml-stats")
                yield Static(id="ml-dice")
                yield GameLog(id="ml-log")
        yield StatusLine(id="ml-status")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ml-dice", Static).border_title = "Dice"

    # -- drawing ----------------------------------------------------------
    def refresh_table(self) -> None:
        shown: State = self.shown
        pending = shown.pending
        opens = open_sides(shown) if pending == PLACE else []
        if pending == PLACE:
            if self.target not in opens:
                self.target = self.last_dir if self.last_dir in opens else (
                    opens[0] if opens else None)
                self.chosen = False
        elif pending == EXPLORE:
            if self.target and shown.room_at(neighbour(shown.pos, self.target)) is None:
                self.target, self.chosen = None, False
        else:
            self.target, self.chosen = None, False
        dmap = self.query_one(DungeonMap)
        dmap.state = shown
        dmap.targets = {neighbour(shown.pos, d): d for d in opens}
        dmap.picked = neighbour(shown.pos, self.target) if self.target else None
        dmap.refresh()
        self.query_one("#ml-stats", Static).update(self._stats(shown))
        self._announce()
        self._update_dice()
        self.title = f"Moonlighter - dungeon {shown.dungeon} of {DUNGEONS}"
        if shown.over:
            self.title = "Moonlighter - campaign over"
        self.app.title = self.title
        self.refresh_bindings()  # the footer shows the keys that apply now
        if self.human_to_move() is not None:
            self.say(self._hint())

    # what deserves more than a log line: a toast as well
    BIG_NEWS = ("You die", "The boss falls", "The boss of dungeon", "The moon sets",
                "Enough green rooms")

    def _announce(self) -> None:
        steps = len(self.match.states)
        if steps <= self.announced:
            self.announced = steps
            return
        self.announced = steps
        for event in self.state.events:
            if event.startswith(self.BIG_NEWS):
                bad = event.startswith(("You die", "The moon sets"))
                self.notify(event, severity="warning" if bad else "information", timeout=5)

    def _stats(self, s: State) -> Text:
        colours = room_colours(self.app)
        heart = Style(color=colours["heart"], bold=True)
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"Dungeon {s.dungeon}/{DUNGEONS}", "bold")
        out.append(f"  run {s.run}  lives {s.lives}/{LIVES}\n")
        out.append("Health ", "bold").append(hearts(s.health, s.max_health), heart)
        out.append(f" {s.health}/{s.max_health}\n")
        out.append("Pawn ", "bold").append(s.pawn, Style(color=colours[f"pawn-{s.pawn}"],
                                                        bold=True))
        out.append(f": {PAWN_SHORT[s.pawn]}\n")
        out.append("Pool ", "bold").append(f"≈ {s.pool}/{pool_size(s.dungeon)}")
        out.append("  Rolls ", "bold").append(f"{s.rolls}/{ROLL_LIMIT}\n")
        need = greens_for_boss(s.dungeon)
        out.append("Green ", "bold").append(f"✓ {green_rooms(s)}/{need}")
        if s.fighting_boss:
            pass  # the boss line below says it all
        elif boss_ready(s):
            out.append("  boss on a 0 ☠", Style(color=colours["red"], bold=True))
        else:
            out.append(f"  boss ☠ {boss_hearts(s.dungeon)}♥")
        if s.pending == FIGHT:
            out.append("\n")
            if s.fighting_boss:
                out.append("Boss ☠ ", Style(color=colours["red"], bold=True))
                out.append(hearts(s.boss, boss_hearts(s.dungeon)), heart)
                out.append(f" {s.boss}")
            else:
                out.append("Foes ⚔ ", "bold")
                for i, h in enumerate(s.enemies):
                    out.append(hearts(h, ENEMY_HEARTS), heart if h else "dim")
                    out.append(" ")
                if room_locked(s, s.room):
                    out.append("LOCKED", "bold reverse")
        return out

    def _latest_roll(self) -> tuple[Roll | None, bool]:
        """The most recent die rolled, and whether the last action rolled it."""
        for age, state in enumerate(reversed(self.match.states)):
            if state.last_rolls:
                return state.last_rolls[-1], age == 0
        return None, False

    def _update_dice(self) -> None:
        panel = self.query_one("#ml-dice", Static)
        steps = len(self.match.states)
        changed = steps != self.seen_steps
        fresh = steps > self.seen_steps and bool(self.state.last_rolls)
        self.seen_steps = steps
        roll, current = self._latest_roll()
        if fresh and roll is not None:
            self._start_tumble(roll)
            return
        if changed:  # a move without dice: the old result is no longer news
            self._stop_timers()
            panel.remove_class("fresh")
        if self._tumble_timer is None:
            self._show_dice(roll, current)

    def _start_tumble(self, roll: Roll) -> None:
        panel = self.query_one("#ml-dice", Static)
        self._stop_timers()
        panel.remove_class("fresh")
        self._tumble_left = self.ROLL_FRAMES
        if self._tumble_left <= 0:
            self._settle()
            return
        self._tumble_tick(roll)
        self._tumble_timer = self.set_interval(self.ROLL_FRAME_SECONDS,
                                               lambda: self._tumble_tick(roll))

    def _tumble_tick(self, roll: Roll) -> None:
        self._tumble_left -= 1
        if self._tumble_left < 0:
            self._settle()
            return
        lo, hi = DIE_SIDES[roll.die]
        self.query_one("#ml-dice", Static).update(
            dice_panel(roll, True, tumbling=random.randint(lo, hi)))

    def _settle(self) -> None:
        if self._tumble_timer is not None:
            self._tumble_timer.stop()
            self._tumble_timer = None
        panel = self.query_one("#ml-dice", Static)
        roll, current = self._latest_roll()
        self._show_dice(roll, current)
        if current and self.FLASH_SECONDS > 0:
            panel.add_class("fresh")
            self._flash_timer = self.set_timer(self.FLASH_SECONDS, self._unflash)

    def _show_dice(self, roll: Roll | None, current: bool) -> None:
        self.query_one("#ml-dice", Static).update(dice_panel(roll, current))
        self.dice_shown = ("" if roll is None else
                           f"{DIE_NAMES[roll.die]}: {roll.value}, {roll.meaning}"
                           + ("" if current else " (earlier)"))

    def _unflash(self) -> None:
        self._flash_timer = None
        self.query_one("#ml-dice", Static).remove_class("fresh")

    def _stop_timers(self) -> None:
        for timer in (self._tumble_timer, self._flash_timer):
            if timer is not None:
                timer.stop()
        self._tumble_timer = self._flash_timer = None

    def _hint(self) -> str:
        s: State = self.state
        if s.pending == PLACE:
            sides = ", ".join(DIRECTION_NAMES[d] for d in open_sides(s))
            where = DIRECTION_NAMES[self.target] if self.target else "?"
            again = f" (or {ARROWS[self.target]} again)" if self.chosen and self.target else ""
            return (f"Place {TILE_NAME[s.tile]} ({sides}): arrows pick a side, "
                    f"Enter{again} places it {where}.")
        if s.pending == FIGHT:
            if s.fighting_boss:
                return (f"The boss has {s.boss} heart{'s' * (s.boss != 1)} and there is "
                        f"no way out: a attacks.")
            if can_flee(s):
                return "Fight! a attacks, f flees back the way you came (the enemies heal)."
            return "Locked in the black room: a attacks until both enemies are beaten."
        if s.pending == LOOT:
            return (f"The chest holds the {s.room.pawn} pawn ({power(s.room.pawn)}): "
                    f"s switches to it, k keeps your {s.pawn} pawn.")
        room = s.room_at(neighbour(s.pos, self.target)) if self.target else None
        if room is not None:  # a room picked to walk into: what waits there
            again = f" (or {ARROWS[self.target]} again)" if self.chosen else ""
            return (f"Enter{again} walks {DIRECTION_NAMES[self.target]} into the "
                    f"{ROOM_WORDS[room.colour]} room{self._inside(s, room)}. Esc drops the pick.")
        parts = []
        if not open_sides(s):
            parts.append("No open side here: walk (arrows) to a room with one to roll.")
        elif boss_ready(s):
            parts.append("r rolls for a new room (a 0 brings the boss now: no way out); "
                         "arrows pick a room to walk into.")
        else:
            parts.append("r rolls for a new room; arrows pick a room to walk into.")
        if s.room.pawn:
            parts.append(f"s takes the {s.room.pawn} pawn lying here.")
        return " ".join(parts)

    @staticmethod
    def _inside(s: State, room: Any) -> str:
        """What walking into ``room`` will do, as a clause for the hint."""
        if room.hostile:
            if room_locked(s, room):
                return ": a fight, and the door locks behind you"
            return ": its enemies are back at full health and fight you again"
        if room.tile == BLUE:
            if s.pool == 0:
                return ": the pool is dry"
            if s.health < s.max_health:
                heal = min(s.max_health - s.health, s.pool)
                return f": the pool heals you {heal} heart{'s' * (heal != 1)}"
            return ""
        if room.pawn:
            return f", where the {room.pawn} pawn lies"
        return ""

    # -- input --------------------------------------------------------------
    def action_whole_map(self) -> None:
        self.app.push_screen(BlocksScreen([
            (f"Dungeon {self.state.dungeon}: {len(self.state.rooms)} rooms, north up",
             whole_map(self.app, self.state)),
            ("Key", Text("W white  O orange  K black (locked until cleared)  G cleared  "
                         "Y chest  B pool  R boss;  @ you,  * a pawn lies there"))], key="m"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.OFFERED:
            return self._offered(action)
        return True

    def _offered(self, action: str) -> bool:
        """Whether the key for ``action`` does something now (and so is in the footer)."""
        if self.human_to_move() is None:
            return False
        s: State = self.state
        if action == "roll":
            return s.pending == EXPLORE and bool(open_sides(s))
        if action == "attack":
            return s.pending == FIGHT
        if action == "flee":
            return s.pending == FIGHT and can_flee(s)
        if action == "switch":
            return s.pending == LOOT or (s.pending == EXPLORE and s.room.pawn is not None)
        return s.pending == LOOT  # keep

    def action_anyway(self, action: str) -> None:
        """A key pressed when it does not apply: its action says why."""
        getattr(self, f"action_{action}")()

    def _my_turn(self) -> bool:
        if self.human_to_move() is None:
            self.say("The campaign is over." if self.state.over else "Wait.", error=True)
            return False
        return True

    def action_direction(self, d: str) -> None:
        if not self._my_turn():
            return
        s: State = self.state
        target = neighbour(s.pos, d)
        if s.pending == PLACE:
            if target in s.cells:  # the engine says why (and which sides are open)
                self.dispatch(Place(d))
                return
        elif s.pending == EXPLORE:
            if s.room_at(target) is None:
                self.dispatch(Move(d))
                return
        else:
            self.dispatch(Move(d))
            return
        if self.target == d and self.chosen:
            self._go()
            return
        self.target, self.chosen = d, True
        self.refresh_table()

    def action_confirm(self) -> None:
        if not self._my_turn():
            return
        if self.target is None:
            s = self.state
            if s.pending == FIGHT:
                self.say("Nothing to walk to in a fight: a attacks"
                         + (", f flees." if can_flee(s) else "."), error=True)
            elif s.pending == LOOT:
                self.say("Decide on the pawn first: s switches, k keeps yours.", error=True)
            elif s.pending == EXPLORE and not open_sides(s):
                self.say("Pick a room to walk into with the arrows first (no open side "
                         "here to roll from).", error=True)
            else:
                self.say("Pick a side with the arrows first (r rolls for a new room).",
                         error=True)
            return
        self._go()

    def _go(self) -> None:
        s: State = self.state
        d = self.target
        if d is None:
            return
        action = Place(d) if s.pending == PLACE else Move(d)
        self.target, self.chosen = None, False
        if self.dispatch(action):
            self.last_dir = d
        else:
            self.refresh_table()

    def action_cancel(self) -> None:
        if self.target is not None and self.state.pending == EXPLORE:
            self.target, self.chosen = None, False
            self.refresh_table()

    def action_roll(self) -> None:
        if self._my_turn():
            self.target, self.chosen = None, False
            self.dispatch(ROLL)

    def action_attack(self) -> None:
        if self._my_turn():
            self.dispatch(ATTACK)

    def action_flee(self) -> None:
        if not self._my_turn():
            return
        s: State = self.state
        if not can_flee(s):
            self.dispatch(FLEE)  # not possible: the engine says why
            return
        back = step_between(s.pos, s.came_from)
        where = f" {DIRECTION_NAMES[back]}" if back else ""
        dealt = sum(ENEMY_HEARTS - h for h in s.enemies)
        lost = f" You lose the {dealt} heart{'s' * (dealt != 1)} of damage you dealt." \
            if dealt else ""
        self.app.push_screen(
            ConfirmScreen(f"Flee back{where} the way you came? The enemies heal to full "
                          f"behind you.{lost}", "Flee", "Fight on"),
            lambda yes: yes and self.dispatch(FLEE))

    def action_switch(self) -> None:
        if not self._my_turn():
            return
        s: State = self.state
        room = s.room
        if room.pawn is None or s.pending not in (EXPLORE, LOOT) or s.pawn == PAWN_WHITE \
                and room.pawn != "pink":
            self.dispatch(SWITCH)  # a plain gain (or impossible: the engine says why)
            return
        health = ""
        if s.pawn == "pink":
            health = " Dropping the pink pawn takes 2 hearts and 2 maximum health."
        elif room.pawn == "pink":
            health = " The pink pawn gives 2 hearts and 2 maximum health."
        self.app.push_screen(
            ConfirmScreen(f"Switch to the {room.pawn} pawn ({power(room.pawn)})? Your "
                          f"{s.pawn} pawn ({power(s.pawn)}) stays in this chest room."
                          f"{health}", "Switch", "Keep mine"),
            lambda yes: yes and self.dispatch(SWITCH))

    def action_keep(self) -> None:
        if self._my_turn():
            self.dispatch(KEEP)

    def action_k_key(self) -> None:
        """k keeps your pawn while a loot roll waits; otherwise it is up (vi keys)."""
        if self._my_turn() and self.state.pending == LOOT:
            self.dispatch(KEEP)
        else:
            self.action_direction("n")

    def on_dungeon_map_clicked(self, message: DungeonMap.Clicked) -> None:
        if not self._my_turn():
            return
        s: State = self.state
        d = step_between(s.pos, message.pos)
        if message.pos == s.pos:
            self.say(self._hint())
            return
        if d is None:
            self.say("Click a room next to yours (or a highlighted open side after a roll).",
                     error=True)
            return
        placing = s.pending == PLACE and message.pos not in s.cells
        walking = s.pending == EXPLORE and message.pos in s.cells
        if placing or walking:
            self.target = d
        else:  # not possible now: the engine says why
            self.dispatch(Place(d) if s.pending == PLACE else Move(d))
            return
        self._go()

    # -- the end --------------------------------------------------------------
    def end_table(self) -> Table:
        s: State = self.state
        table = Table(box=None, padding=(0, 1))
        table.add_column("Campaign", no_wrap=True)
        table.add_column("", justify="right")
        table.add_row("Result", "[b]won[/b]" if s.won else "lost")
        table.add_row("Dungeons cleared (best run)", f"{s.best} of {DUNGEONS}")
        table.add_row("Runs", str(s.run))
        table.add_row("Deaths", f"{LIVES - s.lives} of {LIVES}")
        table.add_row("Tile rolls used", f"{s.rolls} of {ROLL_LIMIT}")
        table.add_row("Rooms on the last map", str(len(s.rooms)))
        table.add_row("[b]Score[/b]", f"[b]{self.game.scores(s)[0]}[/b]")
        return table


GAME_SCREEN = MoonlighterScreen
