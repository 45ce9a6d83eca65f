"""Mermaid Rain's words for a player: tiles by symbol and shape (no internal numbers),
the cards a move costs by name, and a round's end in correct English."""

from __future__ import annotations

import re

from tests.mermaid_rain.mr_helpers import cell, fresh, riding
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import TILE_DARK, TILES
from tideboard.games.mermaid_rain.game import GAME
from tideboard.games.mermaid_rain.logline import pay_words, tile_text
from tideboard.games.mermaid_rain.rendering import render_text, tile_label, tile_with_id
from tideboard.games.mermaid_rain.state import HIDDEN, Move, Pick

D, G, T = 0, 1, 2


def test_a_tile_label_names_symbol_and_shape_without_its_number():
    for tile in range(TILES):
        for text in (tile_label(tile), tile_text(tile)):
            assert not re.search(r"\d", text), text
            assert ("dark" in text) == TILE_DARK[tile]
    assert tile_label(HIDDEN) == "face-down tile"


def test_the_script_text_keeps_the_number_the_notation_needs():
    state = evolve(fresh(3), phase="pick", offer=(12,))
    assert tile_with_id(12) == f"{tile_label(12)} [12]"
    assert f"Face-up surf tiles: {tile_label(12)} [12]" in render_text(state)


def test_pay_words_name_the_cards():
    assert pay_words((T,)) == "a Sea Turtle"
    assert pay_words((G, G)) == "two Seagulls (a pair as a wild)"
    assert pay_words((D, T)) == "a Dolphin and a Sea Turtle (a pair as a wild)"


def test_the_log_names_tiles_and_payments_in_words():
    state = evolve(fresh(3), phase="pick", offer=(12, 20), order=(0, 1, 2), turn=0)
    line = GAME.describe(state, Pick(0, 12), GAME.apply(state, Pick(0, 12)))
    assert line == f"Player 1 picks {tile_text(12)}." and "12" not in line
    ride = riding(3, at="d1", cards=(2, 2, 2))
    move = next(a for a in GAME.legal_for(ride, 0) if isinstance(a, Move) and len(a.cards) == 2)
    line = GAME.describe(ride, move, GAME.apply(ride, move))
    assert "(a pair as a wild)" in line and re.search(r"paying (a|two) [A-Z]", line)


def test_one_dark_tile_leaving_is_one_tile_that_leaves():
    from tideboard.games.mermaid_rain.logline import _round_end_text

    before = evolve(riding(3), tile_cells=((cell("c1"), cell("c2")),) + ((),) * (TILES - 1))
    after = evolve(before, phase="home", tile_cells=((),) * TILES)
    assert _round_end_text(before, after).endswith(": a dark surf tile leaves the board.")
    before2 = evolve(before, tile_cells=((cell("c1"),), (cell("c3"),)) + ((),) * (TILES - 2))
    assert _round_end_text(before2, after).endswith(": 2 dark surf tiles leave the board.")
