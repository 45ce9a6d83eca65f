"""The side panels of Moonlighter: your counters, the dice (and their tumble), the hints,
the end table."""

from __future__ import annotations

import random
import textwrap
from typing import Any

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import (
    BLUE,
    DIRECTION_NAMES,
    DUNGEONS,
    ENEMY_HEARTS,
    LIVES,
    PAWN_TEXT,
    ROLL_LIMIT,
    TILE_NAME,
    boss_hearts,
    greens_for_boss,
    pool_size,
)
from tideboard.games.moonlighter.rules import boss_ready, can_flee, green_rooms, open_sides
from tideboard.games.moonlighter.state import EXPLORE, FIGHT, LOOT, PLACE, Roll, State
from tideboard.ui.moonlighter.dice import DIE_NAMES, DIE_SIDES, dice_panel
from tideboard.ui.moonlighter.dungeon_map import (
    ARROWS,
    PAWN_SHORT,
    ROOM_WORDS,
    DungeonMap,
    hearts,
    neighbour,
    power,
    room_colours,
    room_locked,
)
from tideboard.ui.moonlighter.moments import MomentScreen, moment_for
from tideboard.ui.shared import GameScreen


class MoonlighterTable(GameScreen):
    """What the Moonlighter screen draws: the map, your counters, the dice, the hints.

    Subclassed by :class:`~tideboard.ui.moonlighter.screen.MoonlighterScreen`,
    which adds the keys and sets the attributes read here in its ``__init__``.
    """

    # -- drawing ----------------------------------------------------------
    # A redraw touches only what changed: ``refresh_table`` after a move (the
    # state changed), ``redraw_cursor`` when only the picked side moved.  Panels
    # keep what they show and skip an identical update.
    WIDE = 110  # from this terminal width the side panel is wider and says more
    WIDE_TEXT = 42  # the width of the wide side panel's wrapped lines

    def refresh_table(self) -> None:
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
        self._update_dice()
        self.title = (
            f"Moonlighter - dungeon {shown.dungeon} of {DUNGEONS}"
            if not shown.over
            else "Moonlighter - campaign over"
        )
        if self.app.title != self.title:
            self.app.title = self.title
        self.sync_bindings()  # the footer shows the keys that apply now
        if self.human_to_move() is not None:
            self.say(self._hint())

    def redraw_cursor(self) -> None:
        """Only the picked side changed: move the map's cursor and say what Enter does now."""
        shown: State = self.shown
        self.query_one(DungeonMap).move_cursor(
            neighbour(shown.pos, self.target) if self.target else None
        )
        if self.human_to_move() is not None:
            self.say(self._hint())

    def _update_static(self, widget_id: str, content: Any, key: Any = None) -> None:
        """Update a panel unless it already shows ``key`` (by default the content itself)."""
        key = content if key is None else key
        if self._shown_in.get(widget_id) == key:
            return
        old = self._shown_in.get(widget_id)
        self._shown_in[widget_id] = key
        same_height = (
            isinstance(old, Text)
            and isinstance(key, Text)
            and len(old.plain.splitlines()) == len(key.plain.splitlines())
        )
        self.query_one(f"#{widget_id}", Static).update(content, layout=not same_height)

    def on_resize(self, event: Any) -> None:
        wide = event.size.width >= self.WIDE
        if wide != self.has_class("wide"):
            self.set_class(wide, "wide")
            if self.state is not None and self.is_mounted:
                self._update_stats()

    def _update_stats(self) -> None:
        self._update_static("ml-stats", self._stats(self.shown, self.has_class("wide")))

    # what deserves more than a log line: a moment (a panel that waits for a
    # key) for death, a beaten boss and the next dungeon; a toast for the rest
    # and whenever a bot plays (it must never wait behind a panel)
    TOAST_NEWS = ("Enough green rooms",)

    def _announce(self) -> None:
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
            if event.startswith(self.TOAST_NEWS):
                self.notify(event, timeout=5)

    def _stats(self, s: State, wide: bool = False) -> Text:
        colours = room_colours(self.app)
        heart = Style(color=colours["heart"], bold=True)
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f"Dungeon {s.dungeon}/{DUNGEONS}", "bold")
        out.append(f"  run {s.run}  lives {s.lives}/{LIVES}\n")
        out.append("Health ", "bold").append(hearts(s.health, s.max_health), heart)
        out.append(f" {s.health}/{s.max_health}\n")
        out.append("Pawn ", "bold").append(
            s.pawn, Style(color=colours[f"pawn-{s.pawn}"], bold=True)
        )
        if wide:  # the power in full, on lines of its own
            out.append("\n")
            for line in textwrap.wrap(PAWN_TEXT[s.pawn], self.WIDE_TEXT):
                out.append(f"  {line}\n", "italic")
        else:
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
        if wide:
            out.append("\nScore ", "bold").append(
                f"{self.game.scores(s)[0]} (best run: {plural(s.best, 'dungeon')} cleared)"
            )
        if s.pending == FIGHT:
            out.append("\n")
            if s.fighting_boss:
                out.append("Boss ☠ ", Style(color=colours["red"], bold=True))
                out.append(hearts(s.boss, boss_hearts(s.dungeon)), heart)
                out.append(f" {s.boss}")
            else:
                out.append("Foes ⚔ ", "bold")
                for h in s.enemies:
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
        self._tumble_timer = self.set_interval(
            self.ROLL_FRAME_SECONDS, lambda: self._tumble_tick(roll)
        )

    def _tumble_tick(self, roll: Roll) -> None:
        self._tumble_left -= 1
        if self._tumble_left < 0:
            self._settle()
            return
        lo, hi = DIE_SIDES[roll.die]
        face = random.randint(lo, hi)
        self._update_static(
            "ml-dice", dice_panel(roll, True, tumbling=face), key=("tumbling", roll, face)
        )

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
        self._update_static("ml-dice", dice_panel(roll, current), key=(roll, current))
        self.dice_shown = (
            ""
            if roll is None
            else f"{DIE_NAMES[roll.die]}: {roll.value}, {roll.meaning}"
            + ("" if current else " (earlier)")
        )

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
            return (
                f"Place {TILE_NAME[s.tile]} ({sides}): arrows pick a side, "
                f"Enter{again} places it {where}."
            )
        if s.pending == FIGHT:
            if s.fighting_boss:
                return f"The boss has {plural(s.boss, 'heart')} and there is no way out: a attacks."
            if can_flee(s):
                return "Fight! a attacks, f flees back the way you came (the enemies heal)."
            return "Locked in the black room: a attacks until both enemies are beaten."
        if s.pending == LOOT:
            return (
                f"The chest holds the {s.room.pawn} pawn ({power(s.room.pawn)}): "
                f"s switches to it, p keeps your {s.pawn} pawn."
            )
        room = s.room_at(neighbour(s.pos, self.target)) if self.target else None
        if room is not None:  # a room picked to walk into: what waits there
            again = f" (or {ARROWS[self.target]} again)" if self.chosen else ""
            return (
                f"Enter{again} walks {DIRECTION_NAMES[self.target]} into the "
                f"{ROOM_WORDS[room.colour]} room{self._inside(s, room)}. Esc drops the pick."
            )
        parts = []
        if not open_sides(s):
            parts.append("No open side here: walk (arrows) to a room with one to roll.")
        elif boss_ready(s):
            parts.append(
                "r rolls for a new room (a 0 brings the boss now: no way out); "
                "arrows pick a room to walk into."
            )
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
                return f": the pool heals you {plural(heal, 'heart')}"
            return ""
        if room.pawn:
            return f", where the {room.pawn} pawn lies"
        return ""

    # -- the end --------------------------------------------------------------
    def end_table(self) -> Table:
        s: State = self.state
        table = Table(box=None, padding=(0, 1))
        table.add_column("Campaign", no_wrap=True)
        table.add_column("", justify="right")
        table.add_row("Player", self.seat_name(0) + ("" if 0 in self.bot_levels else " (you)"))
        table.add_row("Result", "[b]won[/b]" if s.won else "lost")
        table.add_row("Dungeons cleared (best run)", f"{s.best} of {DUNGEONS}")
        table.add_row("Runs", str(s.run))
        table.add_row("Deaths", f"{LIVES - s.lives} of {LIVES}")
        table.add_row("Tile rolls used", f"{s.rolls} of {ROLL_LIMIT}")
        table.add_row("Rooms on the last map", str(len(s.rooms)))
        table.add_row("[b]Score[/b]", f"[b]{self.game.scores(s)[0]}[/b]")
        return table
