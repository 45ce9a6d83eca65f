"""A table's clocks (issue #22): pure, game-independent, no asyncio, no Textual.

A :class:`ClockSpec` says how a table is timed:

- **real-time**: each seat has a bank (``bank`` seconds) that runs while the
  game waits for that seat, and gets ``increment`` seconds each time its move
  is done (its clock stops); a seat whose bank runs out has lost on time;
- **turn-based**: each seat has ``bank`` seconds (a day) for each move, from
  the moment the game waits for it; its deadline is wall-clock time.

:class:`Clocks` is the state: each seat's time left (as of ``since`` for the
running seats), which seats run, and which have flagged (run out).  Every
function takes the time ``now`` (seconds, the same base throughout) and returns
a new state.

A "move" here is a seat's clock stopping: the game no longer waits for it
(``Game.to_move``).  A turn of several actions (Shifting Stones' swaps and
flips before "end the turn") is one move; a simultaneous choice (Mermaid
Rain's melds) runs every waiting seat's clock at once, and each seat's stops
when it has chosen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

REAL_TIME = "real-time"
TURN_BASED = "turn-based"


@attrs.frozen
class ClockSpec:
    kind: str  # REAL_TIME or TURN_BASED
    bank: float  # seconds: a seat's bank (real-time) or the time for a move (turn-based)
    increment: float = 0.0  # seconds added to a seat's bank when its move is done (real-time)

    @property
    def real_time(self) -> bool:
        return self.kind == REAL_TIME

    def key(self) -> str:
        """The text a table stores: "rt:300+20", "tb:86400"."""
        if self.real_time:
            return f"rt:{self.bank:g}+{self.increment:g}"
        return f"tb:{self.bank:g}"

    @classmethod
    def parse(cls, key: str) -> ClockSpec:
        """The spec of ``key`` (:meth:`key`); ValueError for anything else."""
        kind, _, rest = key.partition(":")
        if kind == "rt":
            bank, _, increment = rest.partition("+")
            spec = cls(REAL_TIME, float(bank), float(increment or 0))
        elif kind == "tb":
            spec = cls(TURN_BASED, float(rest))
        else:
            raise ValueError(f"not a clock: {key!r}")
        if not (spec.bank > 0 and spec.increment >= 0):  # (NaN too)
            raise ValueError(f"not a clock: {key!r}")
        return spec

    def words(self) -> str:
        """ "5 min + 20 s", "1 day a move"."""
        if self.real_time:
            return f"{duration(self.bank)} + {duration(self.increment)}"
        return f"{duration(self.bank)} a move"


# The new-table dialog's choices: (the spec's key or None, what it is)
PRESETS: tuple[tuple[str | None, str], ...] = (
    (None, "none: nobody is timed"),
    ("rt:180+10", "3 min + 10 s a move: a quick real-time game"),
    ("rt:300+20", "5 min + 20 s a move: real-time"),
    ("rt:900+30", "15 min + 30 s a move: a long real-time game"),
    ("tb:86400", "1 day a move: turn-based, come back later"),
)


def duration(seconds: float) -> str:
    """ "5 min", "20 s", "1 day", "2 h", "1 min 30 s"."""
    seconds = round(seconds)
    if seconds and seconds % 86400 == 0:
        days = seconds // 86400
        return f"{days} day{'s' if days > 1 else ''}"
    if seconds and seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds >= 60:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    return f"{seconds} s"


def shown(seconds: float) -> str:
    """Time left on a clock face: "4:32", "0:07", "1:02:00", "23 h", "1 d 0 h".

    Rounded up at the unit shown, so a clock reads its full time when it starts
    (a day a move: "1 d 0 h", not "23 h" a second later) and "0:00" only once
    run out.  Above four hours the whole hours, in days and hours from a day;
    below, hours, minutes and seconds (a real-time bank: "4:59").
    """
    whole = max(0, math.ceil(seconds - 0.001))  # (a thousandth's grace: 4:32.0005 is 4:32)
    if whole > 4 * 3600:
        hours = math.ceil(whole / 3600)
        return f"{hours // 24} d {hours % 24} h" if hours >= 24 else f"{hours} h"
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@attrs.frozen
class Clocks:
    spec: ClockSpec
    remaining: tuple[float, ...]  # per seat; a running seat's as of ``since``
    running: frozenset[int] = frozenset()  # the seats whose clock runs
    since: float | None = None  # when the running seats' times were last charged (None: paused)
    flagged: frozenset[int] = frozenset()  # the seats that ran out of time

    @property
    def paused(self) -> bool:
        return self.since is None


def start(spec: ClockSpec, seats: int, waiting: Iterable[int], now: float) -> Clocks:
    """A new game's clocks: every seat has its bank, the ``waiting`` seats' run."""
    return moved(Clocks(spec, (float(spec.bank),) * seats, since=now), waiting, now)


def charged(clocks: Clocks, now: float) -> Clocks:
    """The running seats charged with the time since ``since`` (never below 0)."""
    if clocks.since is None or not clocks.running:
        return clocks if clocks.since is None else attrs.evolve(clocks, since=now)
    spent = max(0.0, now - clocks.since)
    remaining = tuple(
        max(0.0, left - spent) if seat in clocks.running else left
        for seat, left in enumerate(clocks.remaining)
    )
    return attrs.evolve(clocks, remaining=remaining, since=now)


def moved(clocks: Clocks, waiting: Iterable[int], now: float) -> Clocks:
    """After a move (or at the start): the game now waits for ``waiting``.

    The running seats are charged; a seat whose clock stops (it no longer
    waits) gets the increment (real-time; once, however many actions its turn
    had); a seat that starts to wait starts its clock (turn-based: with a whole
    move's time).  A real-time seat that flagged never runs again (a bot plays
    it); a turn-based one that flagged and then moved is no longer flagged."""
    spec = clocks.spec
    waiting = frozenset(waiting) - (clocks.flagged if spec.real_time else frozenset())
    was_paused = clocks.since is None
    clocks = charged(clocks, now)
    remaining, flagged = list(clocks.remaining), clocks.flagged
    for seat in clocks.running - waiting:  # done: its clock stops
        if spec.real_time:
            remaining[seat] += spec.increment
        else:
            flagged -= {seat}
    for seat in waiting - clocks.running:  # its turn begins
        if not spec.real_time:
            remaining[seat] = float(spec.bank)
    return attrs.evolve(
        clocks,
        remaining=tuple(remaining),
        running=waiting,
        since=None if was_paused and spec.real_time else now,
        flagged=flagged,
    )


def remaining(clocks: Clocks, seat: int, now: float) -> float:
    """The seat's time left at ``now`` (0 once run out, never below)."""
    left, since = clocks.remaining[seat], clocks.since
    if seat in clocks.running and since is not None:
        if since + left <= now:  # (as flag_time and out_of_time sum it: 0 exactly then)
            return 0.0
        left -= max(0.0, now - since)
    return max(0.0, left)


def flag_time(clocks: Clocks) -> float | None:
    """When the first running seat runs out (None: no clock runs)."""
    if clocks.since is None:
        return None
    times = [clocks.since + clocks.remaining[seat] for seat in clocks.running - clocks.flagged]
    return min(times) if times else None


def out_of_time(clocks: Clocks, now: float) -> list[int]:
    """The running seats whose time is up at ``now`` and not yet flagged."""
    if clocks.since is None:
        return []
    since = clocks.since  # (the sum flag_time makes: a timer set for it finds the seat)
    return sorted(
        seat for seat in clocks.running - clocks.flagged if since + clocks.remaining[seat] <= now
    )


def flag(clocks: Clocks, seat: int, now: float) -> Clocks:
    """``seat`` ran out: real-time, its clock stops for good at 0; turn-based,
    it stays at 0 and waits (the others may expel the player; a move made
    first is still made)."""
    clocks = charged(clocks, now)
    remaining = tuple(0.0 if n == seat else left for n, left in enumerate(clocks.remaining))
    running = clocks.running - {seat} if clocks.spec.real_time else clocks.running
    return attrs.evolve(
        clocks, remaining=remaining, running=running, flagged=clocks.flagged | {seat}
    )


def paused(clocks: Clocks, now: float) -> Clocks:
    """The server stops: a real-time clock keeps what remained and stops; a
    turn-based deadline is wall-clock and keeps running."""
    if not clocks.spec.real_time or clocks.since is None:
        return clocks
    return attrs.evolve(charged(clocks, now), since=None)


def resumed(clocks: Clocks, now: float) -> Clocks:
    """The table plays on (after a restart): a paused real-time clock counts
    again from ``now``."""
    if clocks.since is not None:
        return clocks
    return attrs.evolve(clocks, since=now)
