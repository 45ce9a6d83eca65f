"""What the game says reads right: no doubled phrases, singular for one (issue 8)."""

from __future__ import annotations

from tests.moonlighter.ml_helpers import build, play
from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import SUPPLY, WHITE
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.queries import supply_left, tile_for_face


def test_plural_counts():
    assert plural(1, "room") == "1 room"
    assert plural(0, "room") == "0 rooms"
    assert plural(2, "life", "lives") == "2 lives"
    assert plural(1, "life", "lives") == "1 life"


def test_no_white_tile_left_is_said_once():
    whites = [(x, 5, "white") for x in range(1, SUPPLY[WHITE])]
    state = build(rooms=whites)
    assert supply_left(state, WHITE) == 0
    tile, why = tile_for_face(state, 1)  # a white room, and none left
    assert tile is None
    assert why == "nothing: no white tile left in the box"
    tile, why = tile_for_face(state, 4)  # an orange room is still there
    assert tile == "orange"


def test_a_pool_with_one_heart_left_is_singular():
    state = build(rooms=[(1, 0, "blue")], pool=1, health=5, max_health=5)
    after = play(state, "move e")
    assert "(1 heart left in the pool)" in " ".join(after.events)


def test_the_text_view_counts_one_heart_singular():
    state = build(rooms=[(1, 0, "orange")], pos=(1, 0), pending="fight", enemies=(1, 2))
    text = GAME.render_text(state)
    assert "enemies 1 heart, 2 hearts" in text
