"""The Moonlighter screen: the dungeon map, your hearts and counters, the dice, the log.

Keys: ``r`` rolls the tile die; after a roll the open sides of your room are
highlighted and arrows (j k l; h is a hint) pick one (Enter, space or the same arrow again
places the room there).  Between rolls an arrow picks a neighbouring room and
Enter (or the same arrow again) walks into it.  In a fight ``a`` attacks and
``f`` flees (asked first once an enemy is hurt); on a chest ``s`` switches
pawns (asked first when you would drop a pawn with a power) and ``p`` keeps yours (``k`` is only ever up).  The mouse works
too: click a highlighted open side to place the room there, a neighbouring
room to walk into it, and the footer's keys.

The map keeps the player's room in view: a dungeon that fits is drawn
centred, a larger one scrolls so that your room and its neighbours stay on
screen (arrows in the map's top line show where more rooms are).
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import DIRECTION_NAMES, DUNGEONS, TILE_NAME
from tideboard.games.moonlighter.rules import can_flee, open_sides
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
    State,
)
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.moonlighter.dice import DiceBox
from tideboard.ui.moonlighter.dungeon_map import DungeonMap, neighbour, step_between, whole_map
from tideboard.ui.moonlighter.log import MoonlighterLog
from tideboard.ui.moonlighter.moments import TOAST_NEWS, MomentScreen, moment_for
from tideboard.ui.moonlighter.panels import (
    HUGE,
    WIDE,
    end_table,
    flee_question,
    hint,
    stats_text,
    switch_question,
)
from tideboard.ui.shared import CellClicked, GameScreen, StatusLine
from tideboard.ui.shared.cell_grid import set_static
from tideboard.ui.shared.on_position import OnPosition, moved_on
from tideboard.ui.title_line import TitleLine

# the moves made by a key of their own (a hint names it)
HINT_KEYS = {
    type(ROLL): "r",
    type(ATTACK): "a",
    type(FLEE): "f",
    type(SWITCH): "s",
    type(KEEP): "p",
}

# the keys help lists for the table (``GameScreen.KEYS_HELP``)
KEYS_HELP = [
    ("m", "the whole dungeon map at once, when it is bigger than the view"),
    ("r", "roll the tile die for the next room"),
    (
        "arrows / j k l",
        (
            "pick a side: an open side to place the rolled room on, "
            "or a neighbouring room to walk into"
        ),
    ),
    ("Enter / space", "place the room there / walk in (or press the same arrow again)"),
    ("Esc", "drop the picked side"),
    ("a", "attack: roll the attack die"),
    ("f", "flee an orange room the way you came (asks first if an enemy is hurt: it heals)"),
    ("s", "switch your pawn for the one lying in this chest room"),
    ("p", "keep your pawn after a loot roll (the looted one stays in the chest room)"),
    (
        "mouse",
        (
            "click an open side to place the room, a neighbouring room to walk in, "
            "a key in the footer to use it"
        ),
    ),
]


class MoonlighterScreen(GameScreen):
    """The Moonlighter table: the map, your counters (``panels.py``), the dice
    (:class:`DiceBox`), the log, and the keys; ``target`` is the side picked with the
    arrows (to place the rolled room on, or to walk to)."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide"), (HUGE, "-huge")]
    # the overview window helps to study the final board too
    ANY_TIME_ACTIONS = GameScreen.ANY_TIME_ACTIONS | {"whole_map"}
    BINDINGS = [
        Binding("up,k", "direction('n')", "North", show=False),
        Binding("down,j", "direction('s')", "South", show=False),
        Binding("left", "direction('w')", "West", show=False),
        Binding("right,l", "direction('e')", "East", show=False),
        Binding("enter,space", "confirm", "Go", show=False),
        Binding("escape", "cancel", "Cancel", show=False),
        # the footer shows only the keys that do something now (``check_action``);
        # the same keys at other times fall through to the hidden bindings below,
        # which say why they do nothing
        Binding("r", "roll", "Roll"),
        Binding("a", "attack", "Attack"),
        Binding("f", "flee", "Flee"),
        Binding("s", "switch", "Switch"),
        Binding("p", "keep", "Keep pawn"),
        Binding("m", "whole_map", "Map"),
        Binding("r", "anyway('roll')", show=False),
        Binding("a", "anyway('attack')", show=False),
        Binding("f", "anyway('flee')", show=False),
        Binding("s", "anyway('switch')", show=False),
        Binding("p", "anyway('keep')", show=False),
    ]
    OFFERED = ("roll", "attack", "flee", "switch", "keep")  # keys shown only when they apply
    KEYS_HELP = KEYS_HELP
    # ``target`` picked by the player (not the default), on the position on the table
    # then (``follow`` drops it once the game moves on)
    chosen: OnPosition[bool] = OnPosition(False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.target: str | None = None  # the picked side (place or move)
        self.last_dir = "e"
        self.announced = len(self.match.states)  # the states whose news were told
        self._wide = False  # the side panel says more (from WIDE columns)

    def compose(self) -> ComposeResult:
        yield TitleLine()
        with Horizontal(id="ml-top"):
            yield DungeonMap(id="ml-map")
            with Vertical(id="ml-side"):
                yield Static(id="ml-stats")
                yield DiceBox(len(self.match.states), id="ml-dice")
                yield MoonlighterLog(id="ml-log")
        yield StatusLine(id="ml-status")
        yield KeysLine()

    def on_mount(self) -> None:
        # the windows' stylesheets a second after the first frame (Windows.prepare_windows)
        self.call_after_refresh(self.set_timer, 1.0, self.prepare_windows)

    # -- drawing ----------------------------------------------------------
    # A redraw touches only what changed: ``refresh_table`` after a move (the
    # state changed), ``redraw_cursor`` when only the picked side moved.  Panels
    # keep what they show and skip an identical update.
    def refresh_table(self) -> None:
        self.follow()
        shown: State = self.shown
        pending = shown.pending
        opens = open_sides(shown) if pending == PLACE else []
        if pending == PLACE:
            if self.target not in opens:
                self.target = (
                    self.last_dir if self.last_dir in opens else (opens[0] if opens else None)
                )
                self.chosen = False
        elif pending == EXPLORE:
            if self.target and shown.room_at(neighbour(shown.pos, self.target)) is None:
                self.target, self.chosen = None, False
        else:
            self.target, self.chosen = None, False
        self.query_one(DungeonMap).show(
            shown,
            {neighbour(shown.pos, d): d for d in opens},
            neighbour(shown.pos, self.target) if self.target else None,
        )
        self._update_stats()
        self._announce()
        self.query_one(DiceBox).follow(self.match.states)
        self.title = (
            f"Moonlighter - dungeon {shown.dungeon} of {DUNGEONS}"
            if not shown.over
            else "Moonlighter - campaign over"
        )
        if self.app.title != self.title:
            self.app.title = self.title
        self.sync_bindings()  # the footer shows the keys that apply now
        if self.human_to_move() is not None:
            self.say(hint(self.state, self.target, self.chosen))

    def redraw_cursor(self) -> None:
        """Only the picked side changed: move the map's cursor and say what Enter does now."""
        shown: State = self.shown
        self.query_one(DungeonMap).move_cursor(
            neighbour(shown.pos, self.target) if self.target else None
        )
        if self.human_to_move() is not None:
            self.say(hint(self.state, self.target, self.chosen))

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        if wide != self._wide:  # (the breakpoints set the classes the stylesheet reads)
            self._wide = wide
            if self.is_mounted:
                self._update_stats()

    def _update_stats(self) -> None:
        shown: State = self.shown
        score = self.game.scores(shown)[0]
        set_static(
            self.query_one("#ml-stats", Static), stats_text(self.app, shown, score, self._wide)
        )

    def _announce(self) -> None:
        """What deserves more than a log line: a moment (a panel that waits for a key) for
        death, a beaten boss and the next dungeon; a toast for the rest and whenever a bot
        plays (it must never wait behind a panel)."""
        steps = len(self.match.states)
        if steps <= self.announced:
            self.announced = steps
            return
        self.announced = steps
        state = self.state
        before = self.match.states[-2] if steps > 1 else state
        news = moment_for(before, state)
        if news is not None and not state.over:
            if 0 in self.bot_levels:
                self.notify(
                    news.toast, severity="warning" if news.bad else "information", timeout=5
                )
            else:
                self.app.push_screen(MomentScreen(news))
        for event in state.events:
            if event.startswith(TOAST_NEWS):
                self.notify(event, timeout=5)

    def end_table(self) -> Table:
        s: State = self.state
        player = self.seat_name(0) + ("" if 0 in self.bot_levels else " (you)")
        return end_table(s, player, self.game.scores(s)[0])

    # -- input --------------------------------------------------------------
    def action_whole_map(self) -> None:
        self.show_blocks(
            [
                (
                    f"Dungeon {self.state.dungeon}: {plural(len(self.state.rooms), 'room')}, north up",
                    whole_map(self.app, self.state),
                ),
                (
                    "Key",
                    Text(
                        "W white  O orange  K black (locked until cleared)  G cleared  "
                        "Y chest  B pool  R boss;  @ you,  * a pawn lies there"
                    ),
                ),
            ],
            key="m",
        )

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.OFFERED:
            return self._offered(action)
        if action == "undo":  # nothing to take back at the campaign's end or in a bot's game
            return self.human_to_move() is not None
        return super().offers(action, parameters)

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

    def _place_first(self) -> bool:
        """With a rolled room waiting, any other key says which keys place it (and keeps the
        picked side, so Enter still places it there); False when no room waits."""
        message = place_first(self.state, self.target)
        if message:
            self.say(message, error=True)
        return message is not None

    def pick(self, d: str) -> None:
        """The player picks side ``d`` (Enter, or the same arrow again, goes)."""
        self.target, self.chosen = d, True

    def follow(self) -> bool:
        """A side picked belongs to the position it was picked on: once the game has
        moved on under it (an undo), it goes, so that the next arrow picks again
        rather than walks.  True if it went."""
        if not moved_on(self, "chosen"):
            return False
        self.target, self.chosen = None, False
        return True

    def _my_turn(self) -> bool:
        wait = "The campaign is over." if self.state.over else "Wait."
        return self.turn_or_wait(wait) is not None

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
        if self.target == d and self.chosen and not self.follow():
            self._go()
            return
        self.pick(d)
        self.redraw_cursor()

    def action_confirm(self) -> None:
        if not self._my_turn():
            return
        if self.follow():  # (picked before the game moved on: dropped, not made)
            self.refresh_table()
            return
        if self.target is None:
            self.say(nothing_picked(self.state), error=True)
            return
        self._go()

    def highlight_hint(self, action: Any) -> str | None:
        """A hinted side to place the room on, or room to walk into: picked (Enter goes);
        a roll, a blow, a flight, a pawn switched or kept: its own key.  The key that
        makes the hinted move."""
        if isinstance(action, (Place, Move)):
            self.pick(action.direction)
            self.redraw_cursor()
            return "Enter"
        return HINT_KEYS.get(type(action))

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
            self.redraw_cursor()

    def action_roll(self) -> None:
        if self._my_turn() and not self._place_first():
            self.target, self.chosen = None, False
            self.dispatch(ROLL)

    def action_attack(self) -> None:
        if self._my_turn() and not self._place_first():
            self.dispatch(ATTACK)

    def action_flee(self) -> None:
        if not self._my_turn() or self._place_first():
            return
        question = flee_question(self.state) if can_flee(self.state) else None
        if question is None:
            self.dispatch(FLEE)  # not possible (the engine says why), or nothing lost
            return
        self.ask(question, "Flee", "Fight on", lambda yes: yes and self.dispatch(FLEE))

    def action_switch(self) -> None:
        if not self._my_turn() or self._place_first():
            return
        question = switch_question(self.state)
        if question is None:
            self.dispatch(SWITCH)  # a plain gain (or impossible: the engine says why)
            return
        self.ask(question, "Switch", "Keep mine", lambda yes: yes and self.dispatch(SWITCH))

    def action_keep(self) -> None:
        if self._my_turn() and not self._place_first():
            self.dispatch(KEEP)

    @on(CellClicked, "DungeonMap")
    def map_clicked(self, message: CellClicked) -> None:
        pos = message.key
        if not self._my_turn():
            return
        s: State = self.state
        d = step_between(s.pos, pos)
        if pos == s.pos:
            self.say(hint(self.state, self.target, self.chosen))
            return
        if d is None:
            self.say(
                "Click a room next to yours (or a highlighted open side after a roll).", error=True
            )
            return
        placing = s.pending == PLACE and pos not in s.cells
        walking = s.pending == EXPLORE and pos in s.cells
        if placing or walking:
            self.target = d
        else:  # not possible now: the engine says why
            self.dispatch(Place(d) if s.pending == PLACE else Move(d))
            return
        self._go()


def place_first(s: State, target: str | None) -> str | None:
    """With a rolled room waiting to be placed, what places it (``target``: the side
    picked, kept); None when no room waits."""
    if s.pending != PLACE or s.tile is None:
        return None
    where = f" {DIRECTION_NAMES[target]}" if target else ""
    return f"First place {TILE_NAME[s.tile]}: arrows pick a side, Enter places it{where}."


def nothing_picked(s: State) -> str:
    """Why Enter with no side picked does nothing, in keys."""
    if s.pending == FIGHT:
        return "Nothing to walk to in a fight: a attacks" + (", f flees." if can_flee(s) else ".")
    if s.pending == LOOT:
        return "Decide on the pawn first: s switches, p keeps yours."
    if (placing := place_first(s, None)) is not None:
        return placing
    if s.pending == EXPLORE and not open_sides(s):
        return "Pick a room to walk into with the arrows first (no open side here to roll from)."
    return "Pick a room to walk into with the arrows first, or r to roll for a new room."
