"""Issue #22, clocks: the new-table dialog's "Clock" row, the clocks in the
table screen's title line (updated each second, fitting 80x24) and in the
lobby's line (serve/clock_view.py)."""

from __future__ import annotations

import attrs

from tests.serve.lobby_helpers import at_table, fixed_ids, lobby_app, new_room
from tests.ui.fit import cuts
from tests.ui.helpers import settle, wait_for
from tideboard.serve.clock_view import title_clock
from tideboard.serve.new_table import NewTableScreen
from tideboard.ui.title_line import TitleLine


async def test_the_clock_row_opens_a_timed_table_and_the_lobby_says_its_clock(
    tmp_path, monkeypatch
):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first game's new table
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen)
        kinds = [row[0] for row in dialog.rows()]
        dialog.row = kinds.index("clock")
        assert dialog.rows()[dialog.row][3] == "none"
        await pilot.press("right", "right")  # none -> 3 min + 10 s -> 5 min + 20 s
        await settle(pilot)
        assert dialog.rows()[dialog.row][3] == "5 min + 20 s"
        assert str(dialog.query_one("#row-help").render()).startswith("Clock: real-time")
        await pilot.press("enter")
        await settle(pilot)
        table = next(iter(room.tables.values()))
        assert table.timing is not None and table.timing.spec.key() == "rt:300+20"
        lobby = app.screen_stack[0]
        assert any(
            "5 min + 20 s" in line for _k, _key, line in lobby.query_one("#lobby-list").entries
        )


async def test_the_title_line_shows_every_players_clock_and_fits_80x24(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "mermaid-rain", 3, clock="rt:300+20")
    room.join(table.id, "bob")
    room.join(table.id, "carolina-the-long-named")
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        assert screen.sub_title  # Mermaid Rain's melds: every seat's clock runs
        assert screen.sub_title.count("▸") == 3
        assert not [cut for cut in cuts(app) if "TitleLine" in cut], cuts(app)
        assert "▸" in str(screen.query_one(TitleLine).title_content())
        before = screen.sub_title
        clocks = table.timing.clocks
        table.timing.clocks = type(clocks)(
            clocks.spec, (100.0, 200.0, 65.0), clocks.running, clocks.since, clocks.flagged
        )  # (as if time had passed)
        await pilot.pause(1.3)  # the screen's timer redraws it within a second
        assert screen.sub_title != before and "5:00" not in screen.sub_title


def test_a_long_title_drops_the_names_then_the_seats_not_running(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "mermaid-rain", 6, clock="rt:900+30")
    for name in ("bob", "carol", "dave", "erin", "frank"):
        room.join(table.id, name)
    now = table.timing.clocks.since
    assert title_clock(table, "Short", now, width=120).startswith("▸ana 15:00 ▸bob 15:00")
    assert title_clock(table, "Short", now).startswith("▸1 15:00 ▸2 15:00")
    title = "Mermaid Rain - round 1 of 4, choosing melds"
    table.timing.clocks = attrs.evolve(table.timing.clocks, remaining=(9, 9, 5, 9, 9, 9))
    assert title_clock(table, title, now) == "▸3 0:05 least"
    table.timing.clocks = attrs.evolve(table.timing.clocks, running=frozenset({1, 4}))
    assert title_clock(table, title, now) == "▸2 0:09 ▸5 0:09"


def test_a_turn_based_table_shows_the_whole_day_when_the_move_starts(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, clock="tb:86400")
    room.join(table.id, "bob")
    now = table.timing.clocks.since
    assert title_clock(table, "Shifting Stones", now + 5) == "▸ana 1 d 0 h bob 1 d 0 h"
    assert title_clock(table, "Shifting Stones", now + 3600) == "▸ana 23 h bob 1 d 0 h"


async def test_a_tick_of_the_clock_redraws_the_title_line_alone(tmp_path, monkeypatch):
    """Each second at a timed table only the title line is drawn again (the whole
    screen was, on every screen of the table: most of the server's work between
    moves), and what the terminal shows is the new time, also under a window."""
    from tideboard.ui.textual_compat import screen_lines

    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, clock="rt:300+20")
    room.join(table.id, "bob")
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        repaints = []
        real = screen.refresh
        monkeypatch.setattr(screen, "refresh", lambda *a, **k: repaints.append(1) or real(*a, **k))
        for bobs, window in ((200.0, False), (150.0, True)):  # (bob's clock is not running)
            if window:
                await pilot.press("t")  # the scored cards, over the table
                await settle(pilot)
                assert app.screen is not screen
            repaints.clear()
            clocks = table.timing.clocks
            table.timing.clocks = type(clocks)(
                clocks.spec, (100.0, bobs), clocks.running, clocks.since, clocks.flagged
            )  # (as if time had passed)
            shown = f"bob {int(bobs) // 60}:{int(bobs) % 60:02}"
            await wait_for(pilot, lambda: shown in screen_lines(app)[0], seconds=3)
            assert not repaints, "a tick repainted the whole table screen"


async def test_a_player_out_of_time_watches_their_seat_played_by_the_bot(tmp_path, monkeypatch):
    """Real-time, out of time: a bot plays the seat for good, so its player's
    screen no longer says "Your turn" nor offers to resign, and leaving does not
    promise the seat back (found playing over OpenSSH: both did)."""
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, clock="rt:300+0")
    room.join(table.id, "bob")
    seat = table.seat_of("ana")
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        control = screen.control
        assert control.seat == seat
        clocks = table.timing.clocks
        remaining = tuple(0.0 if s == seat else 300.0 for s in range(2))  # (her time has run out)
        table.timing.clocks = attrs.evolve(clocks, remaining=remaining)
        room.clock_room.catch_up(table)  # the flag, as its timer runs it
        await wait_for(pilot, lambda: control.seat is None)
        assert table.seats[seat].standin
        await settle(pilot)
        assert "Your turn" not in str(screen.query_one(TitleLine).title_content())
        assert not control.allows("resign")
        await pilot.press("q")  # a watcher goes straight back: no seat is kept for them
        await settle(pilot)
        assert len(app.screen_stack) == 1
    # a session that opens the table afterwards watches it too
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_table(pilot, table)
        assert screen.control.seat is None
