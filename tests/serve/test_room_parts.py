"""Issue 19 (one idiom, one clear house): the SSH server's room and session app
hold their parts instead of inheriting them from mixin bases.

``Room`` (serve/tables.py) is a plain class holding its private tables
(``private``), who is at each table (``presence``), the bots' moves (``bots``),
its clocks, idle watch and saves; ``ServeApp`` (serve/app.py) is the tideboard
app with ``N`` as its own action.  The behaviour is the other tests'
(test_tables.py, test_private_tables.py, test_resign.py, test_your_move_ssh.py...);
these check the shape, and that the calls the parts now make to each other
explicitly (no ``super()`` across bases) still happen."""

from __future__ import annotations

import ast
import inspect

import pytest

from tideboard.serve import app as app_module
from tideboard.serve import bot_moves, presence, private
from tideboard.serve.tables import Room, TableError
from tideboard.store.games import Store
from tideboard.ui.app import TideboardApp


def test_room_inherits_nothing_and_serve_app_only_the_tideboard_app():
    assert Room.__bases__ == (object,)
    assert app_module.ServeApp.__bases__ == (TideboardApp,)


@pytest.mark.parametrize(
    "part", [presence.Presence, bot_moves.BotMoves, private.Private], ids=lambda c: c.__name__
)
def test_the_rooms_parts_are_plain_classes_given_the_room(part):
    """Each part is a class of its own (no base, no ``super()``), made with the
    room it belongs to."""
    assert part.__bases__ == (object,)
    assert list(inspect.signature(part).parameters) == ["room"]
    tree = ast.parse(inspect.getsource(inspect.getmodule(part)))
    assert not any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
        for node in ast.walk(tree)
    )


def noop(table, what):
    pass


def test_the_room_holds_its_parts_and_passes_the_sessions_calls_on(tmp_path):
    room = Room(Store.open(tmp_path / "t.db", import_autosaves=False), bot_delay=0)
    try:
        assert isinstance(room.private, private.Private) and room.private.room is room
        assert isinstance(room.presence, presence.Presence) and room.presence.room is room
        assert isinstance(room.bots, bot_moves.BotMoves) and room.bots.room is room
        table = room.create("ana", "shifting-stones", 2, who="invited", names=["bob"])
        assert room.listed_for("eve") == [] and room.listed_for("bob") == [table]
        with pytest.raises(TableError):  # (a private table: attach asks first)
            room.attach(table, "eve", noop)
        assert not table.listeners and not table.watchers
        assert room.attach(table, "ana", noop) == 0 and table.is_present("ana")
        room.join(table.id, "bob")  # (started: every seat taken)
        room.resign(table.id, "bob")
        assert table.seats[1].resigned == "bob" and table.seats[1].bot is not None
        room.detach(table, "ana", noop)
        assert not table.is_present("ana") and table.seats[0].away_since is not None
    finally:
        room.shutdown()
        room.store.close()


def test_a_bots_move_for_a_player_who_resigned_is_logged_as_theirs(tmp_path):
    """The bots' move (serve/bot_moves.py) marks a resigned seat's moves as a
    stand-in's ("Bot for bob"), which ``Private`` did by overriding the bots' hook."""
    room = Room(Store.open(tmp_path / "t.db", import_autosaves=False), bot_delay=0)
    try:
        table = room.create("ana", "shifting-stones", 2)
        room.join(table.id, "bob")
        match = table.match
        assert match is not None
        mover = match.game.to_move(match.state)[0]
        resigner = ["ana", "bob"][mover]
        room.resign(table.id, resigner)
        action = match.game.legal_for(match.state, mover)[0]
        room.bots.moved(table, mover, action)
        assert table.standin_moves == {0: mover}
        assert len(table.match.actions) == 1
    finally:
        room.shutdown()
        room.store.close()
