"""The side panels of Moonlighter, drawn from the state: your counters, the hints, the
end table (the dice are ``dice.py``'s :class:`DiceBox`)."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.style import Style
from rich.table import Table
from rich.text import Text

from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import (
    BLUE,
    DIRECTION_NAMES,
    DUNGEONS,
    ENEMY_HEARTS,
    LIVES,
    PAWN_TEXT,
    PAWN_WHITE,
    ROLL_LIMIT,
    TILE_NAME,
    boss_hearts,
    greens_for_boss,
    pool_size,
)
from tideboard.games.moonlighter.rules import boss_ready, can_flee, green_rooms, open_sides
from tideboard.games.moonlighter.state import EXPLORE, FIGHT, LOOT, PLACE, Room, State
from tideboard.ui.moonlighter.dungeon_map import (
    ARROWS,
    PAWN_SHORT,
    ROOM_WORDS,
    hearts,
    neighbour,
    power,
    room_colours,
    room_locked,
    step_between,
)

WIDE = 110  # from this terminal width the side panel is wider and says more
HUGE = 160  # ... and wider again (the rooms grow with the map's room: dungeon_map.py)
WIDE_TEXT = 42  # the width of the wide side panel's wrapped lines


def stats_text(app: Any, s: State, score: int, wide: bool = False) -> Text:
    """Your counters: dungeon, run and lives, health, pawn, pool, rolls, green rooms, the
    foes in a fight (``score``: the game's; shown when ``wide``)."""
    colours = room_colours(app)
    heart = Style(color=colours["heart"], bold=True)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"Dungeon {s.dungeon}/{DUNGEONS}", "bold")
    out.append(f"  run {s.run}  lives {s.lives}/{LIVES}\n")
    out.append("Health ", "bold").append(hearts(s.health, s.max_health), heart)
    out.append(f" {s.health}/{s.max_health}\n")
    out.append("Pawn ", "bold").append(s.pawn, Style(color=colours[f"pawn-{s.pawn}"], bold=True))
    if wide:  # the power in full, on lines of its own
        out.append("\n")
        for line in textwrap.wrap(PAWN_TEXT[s.pawn], WIDE_TEXT):
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
            f"{score} (best run: {plural(s.best, 'dungeon')} cleared)"
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


def hint(s: State, target: str | None, chosen: bool) -> str:
    """What the player can do now (``target``: the side picked, ``chosen``: by them)."""
    if s.pending == PLACE:
        assert s.tile is not None  # (rolled: the tile waits for its side)
        sides = ", ".join(DIRECTION_NAMES[d] for d in open_sides(s))
        where = DIRECTION_NAMES[target] if target else "?"
        again = f" (or {ARROWS[target]} again)" if chosen and target else ""
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
        assert s.room.pawn is not None  # (the chest's pawn, to switch to or leave)
        return (
            f"The chest holds the {s.room.pawn} pawn ({power(s.room.pawn)}): "
            f"s switches to it, p keeps your {s.pawn} pawn."
        )
    room = s.room_at(neighbour(s.pos, target)) if target else None
    if target and room is not None:  # a room picked to walk into: what waits there
        again = f" (or {ARROWS[target]} again)" if chosen else ""
        return (
            f"Enter{again} walks {DIRECTION_NAMES[target]} into the "
            f"{ROOM_WORDS[room.colour]} room{inside(s, room)}. Esc drops the pick."
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


def inside(s: State, room: Room) -> str:
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


def end_table(s: State, player: str, score: int) -> Table:
    """The campaign's results (``player``: the name on the table)."""
    table = Table(box=None, padding=(0, 1))
    table.add_column("Campaign", no_wrap=True)
    table.add_column("", justify="right")
    table.add_row("Player", player)
    table.add_row("Result", "[b]won[/b]" if s.won else "lost")
    table.add_row("Dungeons cleared (best run)", f"{s.best} of {DUNGEONS}")
    table.add_row("Runs", str(s.run))
    table.add_row("Deaths", f"{LIVES - s.lives} of {LIVES}")
    table.add_row("Tile rolls used", f"{s.rolls} of {ROLL_LIMIT}")
    table.add_row("Rooms on the last map", str(len(s.rooms)))
    table.add_row("[b]Score[/b]", f"[b]{score}[/b]")
    return table


def flee_question(s: State) -> str | None:
    """The question before a flight: where back to, and the damage dealt it throws
    away; None where none was dealt (a fresh fight fled loses nothing: walking back in
    meets the same two enemies, as greedy flees most orange rooms it meets)."""
    dealt = sum(ENEMY_HEARTS - h for h in s.enemies)
    if not dealt:
        return None
    back = step_between(s.pos, s.came_from)
    where = f" {DIRECTION_NAMES[back]}" if back else ""
    return (
        f"Flee back{where} the way you came? The enemies heal to full behind you. "
        f"You lose the {plural(dealt, 'heart')} of damage you dealt."
    )


def switch_question(s: State) -> str | None:
    """The question before a pawn is switched for the one lying in the chest room, what
    each does and the pink pawn's hearts; None where the switch is a plain gain (the
    white pawn for any but the pink) or not possible (the engine says why)."""
    room = s.room
    if (
        room.pawn is None
        or s.pending not in (EXPLORE, LOOT)
        or s.pawn == PAWN_WHITE
        and room.pawn != "pink"
    ):
        return None
    health = ""
    if s.pawn == "pink":
        health = " Dropping the pink pawn takes 2 hearts and 2 maximum health."
    elif room.pawn == "pink":
        health = " The pink pawn gives 2 hearts and 2 maximum health."
    return (
        f"Switch to the {room.pawn} pawn ({power(room.pawn)})? Your "
        f"{s.pawn} pawn ({power(s.pawn)}) stays in this chest room.{health}"
    )
