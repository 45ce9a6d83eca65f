"""The table's bot level (issue #21): the new-table dialog's "Bots play at" row
sets the level a stand-in plays an away player's seat at, and the seats a start
fills; it is stored with the table.  The dialog offers ``expert`` where the game
does."""

from __future__ import annotations

import asyncio

import pytest

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room, play_out
from tests.ui.helpers import settle
from tideboard.serve.new_table import NewTableScreen
from tideboard.serve.tables import Room, TableError


async def _until(test, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("waited too long")


async def test_an_away_players_stand_in_plays_at_the_tables_level(tmp_path):
    room = new_room(tmp_path)
    room.grace = 0.01
    table = room.create("ana", "shifting-stones", 2, level="random")
    room.join(table.id, "bob")  # it starts; nobody has it open: both away
    room.attach(table, "bob", lambda table, what: None)
    await _until(lambda: 0 in table.bots)  # ana's grace is over: a bot plays her seat
    assert table.seats[0].standin and table.bots[0].level == "random"
    again = Room(room.store)
    again.load()
    assert again.tables[table.id].level == "random"  # stored with the table
    assert again.tables[table.id].standin_level == "random"


async def test_without_a_level_the_stand_in_is_the_default(tmp_path):
    room = new_room(tmp_path)
    room.grace = 0.01
    table = room.create("ana", "shifting-stones", 2)
    room.join(table.id, "bob")
    await _until(lambda: 0 in table.bots)
    assert table.level is None and table.bots[0].level == "greedy"


def test_a_start_fills_the_empty_seats_at_the_level_and_other_levels_are_refused(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "moonshell", 3, bots={1: "greedy"}, level="expert")
    room.start(table.id, "ana")
    assert [s.bot for s in table.seats] == [None, "greedy", "expert"]
    with pytest.raises(TableError, match="level"):
        room.create("bob", "shifting-stones", 2, level="genius")
    # every game offers every level (issue #21): Moonlighter's expert too
    assert room.create("cleo", "moonlighter", 1, level="expert").level == "expert"


def test_a_rematch_keeps_the_tables_level(tmp_path):
    room = new_room(tmp_path)
    table = room.create("ana", "shifting-stones", 2, level="random")
    room.join(table.id, "bob")
    play_out(room, table)
    assert room.rematch(table.id, "bob").level == "random"


async def test_the_dialog_offers_expert_and_sets_the_tables_level(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    app = lobby_app(room)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("j", "enter")  # Moonshell, 2 players
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewTableScreen) and dialog.info.id == "moonshell"
        assert "expert" in dialog.choices()
        labels = [row[2] for row in dialog.rows()]
        assert labels[-5:] == ["Seat 2", "Bots play at", "Hints", "Who may sit", "Clock"]
        assert dialog.rows()[-4][3] == "medium"  # the default (greedy)
        await pilot.press("k", "k", "k", "k")  # (up from the first row: the last, then up three)
        assert "the bot that plays for a player who is away" in str(
            dialog.query_one("#row-help").render()
        )
        await pilot.press("left")  # greedy <- expert (the last)
        await pilot.press("k", "left")  # seat 2: a player <- expert
        assert [row[3] for row in dialog.rows()[-5:-3]] == ["expert", "expert"]
        await pilot.press("enter")
        await settle(pilot)
    (table,) = room.tables.values()
    assert table.level == "expert" and table.seats[1].bot == "expert"
