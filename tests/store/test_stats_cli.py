"""Issue 22: ``tideboard stats``, the games played and won at this keyboard per
name and game (click's CliRunner on the user's store of the test's own folder)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine.core import GameConfig
from tideboard.serve import storage
from tideboard.serve.storage import TableRow
from tideboard.store.games import Store
from tideboard.store.records import Result, Seat


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    return result


def game(store, seats, winners, game_id="shifting-stones", finish=True) -> str:
    gid = store.create(game_id, GameConfig(players=len(seats)), seats)
    if finish:
        store.finish(gid, Result(tuple(winners), (1,) * len(seats), "over"))
    return gid


def some_games() -> None:
    with Store.open() as store:
        game(store, [Seat("Player 1"), Seat("Player 2", "greedy")], [0])
        game(store, [Seat("Player 1"), Seat("Player 2", "expert")], [1])
        game(store, [Seat("Player 1"), Seat("Player 2")], [1])
        game(store, [Seat("Player 1"), Seat("Player 2")], [0], "moonshell")
        game(store, [Seat("Player 1"), Seat("Player 2")], [0], finish=False)
        served = game(store, [Seat("ana"), Seat("bob")], [0], finish=False)
        row = TableRow(
            "t001", "shifting-stones", "ana", 2, "standard", (("ana", None),) * 2, served, ""
        )
        storage.save_table(store, row)
        store.finish(served, Result((0,), (2, 1), "over"))


def test_stats_counts_played_and_won_per_name_and_game_without_bots_or_served_tables():
    some_games()
    result = run("stats")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["Name", "Game", "Played", "Won"]
    rows = [[part.strip() for part in (line[:14], line[14:30], line[30:])] for line in lines[1:]]
    assert rows == [
        ["Player 1", "Moonshell", "1     1"],
        ["Player 1", "Shifting Stones", "3     1"],
        ["Player 2", "Moonshell", "1     0"],
        ["Player 2", "Shifting Stones", "1     1"],
    ]
    assert "ana" not in result.output  # (a server's table: its players see it there)


def test_stats_for_a_name_and_a_game_and_as_json():
    some_games()
    result = run("stats", "--name", "player 1", "--game", "shifting-stones", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [
        {"name": "Player 1", "game": "shifting-stones", "played": 3, "won": 1}
    ]
    empty = run("stats", "--name", "Nobody", "--game", "moonshell")
    assert empty.exit_code == 0
    assert empty.output == "No finished games of Moonshell for 'Nobody' in the store yet.\n"


def test_stats_refuses_an_unknown_game_with_a_message():
    result = run("stats", "--game", "chess")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "Invalid value for '--game': unknown game 'chess'" in result.stderr
