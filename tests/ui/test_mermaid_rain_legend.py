"""Mermaid Rain's sea for a new player: a legend on screen at 80x24 names every mark the sea
shows, and your own mermaid is marked as yours, in your colour (issue #20)."""

from __future__ import annotations

import re

import pytest
from rich.style import Style

from tests.ui.helpers import app_with_match, settle
from tests.ui.test_mermaid_rain_ui import GAME, cell, panel, screen_of
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import TILE_DARK, TILE_SHAPE
from tideboard.games.mermaid_rain.state import RIDE
from tideboard.ui.mermaid_rain import HexBoard
from tideboard.ui.mermaid_rain.legend import colour_word
from tideboard.ui.shared import game_colours

# a mark on the sea and the words that name it in the legend (short or terse)
NAMES = {
    "D": ("Dolphin",),
    "G": ("Seagull",),
    "T": ("Sea Turtle", "Turtle"),
    "M": ("mermaid symbol",),
    "S": ("start",),
    "~": ("sea",),
    "^": ("rock",),
    "A": ("Abalone",),
    "C": ("Coral",),
    "Y": ("Crystal",),
    "P": ("Pearl",),
    "Z": ("Dragon Scale",),
    "?": ("face down", "hidden"),
    "@": ("you",),
    "+": ("several",),
    "▪": ("dark",),
}
RAISED = "²³⁴⁵⁶⁷⁸⁹"


def sea_match(players: int, others: tuple[str, ...]) -> Match:
    """Player 1 riding from e4, the others where ``others`` says, a dark duo on c5 c6."""
    config = GameConfig(players=players, seed=3)
    state = GAME.setup(config)
    tile = next(t for t in range(len(TILE_DARK)) if TILE_DARK[t] and TILE_SHAPE[t] == 0)
    spots = (cell("c5"), cell("c6"))
    cover = tuple(tile if c in spots else t for c, t in enumerate(state.cover))
    tile_cells = tuple(spots if t == tile else cs for t, cs in enumerate(state.tile_cells))
    state = evolve(
        state,
        phase=RIDE,
        order=tuple(range(players)),
        turn=0,
        offer=(),
        hands=((2, 2, 1, 0),) + state.hands[1:],
        at=(cell("e4"), *(cell(name) for name in others)),
        cover=cover,
        covered=state.covered | sum(1 << c for c in spots),
        tile_cells=tile_cells,
    )
    return Match(GAME, config, (state,))


@pytest.mark.parametrize(
    "players, others",
    [(3, ("a2", "i10")), (4, ("a2", "a2", "i10"))],  # four: two share a2 ("+")
)
async def test_the_legend_at_80x24_names_every_mark_on_the_sea(players, others):
    bots = {seat: "greedy" for seat in range(1, players)}
    app = app_with_match(sea_match(players, others), bots=bots)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        sea = "".join(line[3:] for line in board.as_text().plain.splitlines()[1:])
        legend = panel(screen, "legend") + "\n" + panel(screen, "side")
        shown = set(sea) - {" "}
        assert {"@", "▪", "?", "D", "~"} <= shown  # (what the state puts there)
        for mark in shown:
            if mark in NAMES:
                assert any(f"{mark} {word}" in legend for word in NAMES[mark]), (mark, legend)
            elif mark in "123456":  # another seat's mermaid
                assert re.search(rf"(\d )*{mark}( \d)* mermaids", legend), (mark, legend)
            elif mark.islower():  # a surf tile's symbol
                assert re.search(rf"[dgtm]*{mark}[dgtm]* (surf )?tile", legend), (mark, legend)
            else:
                assert mark in RAISED and ("how many" in legend or "count" in legend), mark
        # the legend sits on screen: under the sea and in the side panel, in 80x24
        region = screen.query_one("#mr-legend").region
        assert region.bottom <= 24 - 10 and region.height == 2


async def test_your_own_mermaid_is_marked_as_yours_in_your_colour():
    app = app_with_match(sea_match(3, ("a2", "i10")), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        colours = game_colours(app, "mermaid-rain")
        text = board.as_text()
        lines = text.split("\n")
        row = lines[1 + 4]  # e4: row e (the fifth), after the column numbers
        at = row.plain.index("@")
        style = row.get_style_at_offset(app.console, at)
        assert style.bgcolor and style.bgcolor.name == colours["seat-1"]
        assert "@" not in text.plain.replace(row.plain, "")  # nobody else's
        assert "2" in lines[1].plain[3:] and "3" in lines[9].plain[3:]  # a2, i10
        # the legend says whose it is; the side table's row is in the same colour
        assert "@ you" in panel(screen, "legend") + panel(screen, "side")
        side = screen.query_one("#mr-side").content
        first = side.plain.index("Player 1")
        spans = [s for s in side.spans if s.start <= first < s.end]
        assert any(
            isinstance(s.style, Style) and s.style.color and s.style.color.name == colours["seat-1"]
            for s in spans
        )


def test_colour_words_name_the_palette_plainly():
    assert colour_word("#2f6fb3") == "blue"
    assert colour_word("#2d8a4e") == "green"
    assert colour_word("#4a4a4a") == "grey"
    assert colour_word("#0b2740") == "dark blue"
    assert colour_word("#ff6b6b") == "red"
    assert colour_word("#000000") == "black" and colour_word("#ffffff") == "white"


async def test_the_full_legend_on_a_big_terminal_names_the_colours():
    app = app_with_match(sea_match(3, ("a2", "i10")), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        legend = panel(screen, "legend")
        colours = game_colours(app, "mermaid-rain")
        assert f"D Dolphin ({colour_word(colours['dolphin'])})" in legend
        assert f"@ your mermaid (Player 1, {colour_word(colours['seat-1'])})" in legend
        assert "2 Player 2's mermaid" in legend and "leaves at the round's end" in legend
        assert "surf tile (lower case)" in legend
