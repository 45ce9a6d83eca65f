"""A server table's clock as the room keeps it and the store holds it
(``table_clocks``: its spec and its state, JSON); the model is ``clocks.py``,
the room's part ``clock_room.py``."""

from __future__ import annotations

import asyncio
import json

from tideboard.serve.clocks import Clocks, ClockSpec
from tideboard.store.games import Store


class TableClock:
    """One timed table's clocks and its flag timer."""

    __slots__ = ("spec", "clocks", "timer", "out")

    def __init__(self, spec: ClockSpec) -> None:
        self.spec = spec
        self.clocks: Clocks | None = None  # once the table has started
        self.timer: asyncio.TimerHandle | None = None
        self.out: dict[int, str] = {}  # seats a bot plays for good: seat -> why

    def stop_timer(self) -> None:
        """The flag timer cancelled (none set)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def state_json(self) -> str | None:
        clocks = self.clocks
        if clocks is None:
            return None
        return json.dumps(
            {
                "remaining": list(clocks.remaining),
                "running": sorted(clocks.running),
                "since": clocks.since,
                "flagged": sorted(clocks.flagged),
                "out": {str(seat): why for seat, why in self.out.items()},
            }
        )

    def load_state(self, text: str | None, seats: int) -> None:
        """The stored state (a damaged one: the clocks start again at the next move)."""
        if not text:
            return
        try:
            data = json.loads(text)
            remaining = tuple(float(left) for left in data["remaining"])
            since = data["since"]
            clocks = Clocks(
                self.spec,
                remaining,
                frozenset(int(s) for s in data["running"]),
                None if since is None else float(since),
                frozenset(int(s) for s in data["flagged"]),
            )
            out = {int(seat): str(why) for seat, why in data.get("out", {}).items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            return
        if len(remaining) == seats and all(0 <= s < seats for s in (*clocks.running, *out)):
            self.clocks, self.out = clocks, out


def save_clock(store: Store, table_id: str, spec: str, state: str | None) -> None:
    """Store a table's clock: its spec's key and its state (``TableClock.state_json``,
    taken on the loop: the write may run later, on the store's writer thread)."""
    with store.db.write() as db:
        db.execute(
            "INSERT OR REPLACE INTO table_clocks (table_id, spec, state) VALUES (?,?,?)",
            (table_id, spec, state),
        )


def load_clock(store: Store, table_id: str, seats: int) -> TableClock | None:
    rows = store.db.read("SELECT spec, state FROM table_clocks WHERE table_id = ?", (table_id,))
    if not rows:
        return None
    try:
        timing = TableClock(ClockSpec.parse(rows[0][0]))
    except ValueError:
        return None
    timing.load_state(rows[0][1], seats)
    return timing
