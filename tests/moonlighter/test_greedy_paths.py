"""Greedy's path searches over the map's sets (``bots._map_sets``): the walkable
rooms and the cells found once a map and shared by the searches on it, the same
answers as the state's own rooms give."""

from __future__ import annotations

from tests.moonlighter.ml_helpers import build
from tideboard.games.moonlighter import bots
from tideboard.games.moonlighter.queries import open_sides


def _plain_walkable(state) -> frozenset:
    return frozenset(r.pos for r in state.rooms if not r.hostile and r.tile != "red")


def test_the_map_sets_answer_each_states_own_map():
    """Two maps read in turn (two playouts on one thread): each time its own sets."""
    one = build(rooms=[(1, 0, "white"), (2, 0, "orange"), (0, 1, "blue")])
    two = build(rooms=[(0, 1, "white"), (0, 2, "black"), (1, 1, "red")])
    for state in (one, two, one, two, one):
        cells, walk = bots._map_sets(state)
        assert cells == frozenset(state.cells)
        assert walk == _plain_walkable(state)


def test_a_path_goes_round_hostile_rooms():
    """From (0, 0) east through the orange room is shorter, but hostile: the path
    goes by the south."""
    state = build(
        rooms=[(1, 0, "orange"), (0, 1, "white"), (1, 1, "white"), (2, 1, "white"), (2, 0, "blue")]
    )
    assert bots._path_step(state, lambda p: p == (2, 0)) == "s"
    cells = frozenset(state.cells)
    assert bots._has_open_side(cells, (0, 0)) == bool(open_sides(state, (0, 0)))
