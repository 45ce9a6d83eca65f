"""Mermaid Rain at 80x24 reads whole (issue #20): the treasures never end in an
ellipsis, a crowded space shows its face-up kind, the hand names only the cards held."""

from __future__ import annotations

from tests.ui.helpers import app_with_match
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import CELL_BY_NAME, TREASURE_KINDS
from tideboard.games.mermaid_rain.state import RIDE
from tideboard.ui.mermaid_rain import HexBoard, MermaidRainScreen
from tideboard.ui.mermaid_rain.panels import hand_text, treasure_lines

GAME = registry.load("mermaid-rain")
CONFIG = GameConfig(players=3, seed=2)


def test_the_hand_leaves_out_the_kinds_you_hold_none_of():
    assert hand_text((2, 0, 1, 0)) == "D Dolphin x2  T Sea Turtle x1"
    assert "x0" not in hand_text((0, 3, 0, 0))
    assert hand_text((0, 0, 0, 0)) == "no cards"


def test_treasure_lines_break_between_treasures_only():
    words = ["Abalone", "Coral", "Abalone", "Crystal", "Pearl (face down)", "Dragon Scale"]
    lines = treasure_lines(words, 30)
    assert all(len(line) <= 30 for line in lines), lines
    items = [i.strip() for i in " ".join(lines).removeprefix("Treasures:").split(",")]
    assert items == ["2 Abalone", "Coral", "Crystal", "Pearl (face down)", "Dragon Scale"]


def test_a_crowded_space_at_80x24_shows_its_face_up_kind_and_the_count():
    state = GAME.setup(CONFIG)
    crowded = next(c for c, ids in enumerate(state.spaces) if len(ids) == 2)
    first, second = state.spaces[crowded]
    state = evolve(state, face_up=(state.face_up - {second}) | {first})
    board = HexBoard()
    assert (board.cell_w, board.row_h) == (4, 1)  # the 80x24 sea
    top, _, _, _ = board._cell(state, crowded, {}, 4)
    shown = "".join(part for part, _ in top)
    kind_letter = shown[1]
    assert kind_letter.isupper(), shown  # the face-up kind, not a blank
    assert shown.endswith("²"), shown


async def test_the_treasures_at_80x24_are_never_cut():
    setup = GAME.setup(CONFIG)
    owned = tuple(sorted(setup.face_up))  # eight face-up treasures of every kind
    state = evolve(
        setup,
        phase=RIDE,
        order=(0, 1, 2),
        turn=0,
        offer=(),
        hands=((3, 0, 2, 0),) + setup.hands[1:],
        at=(CELL_BY_NAME["d1"], -1, -1),
        owned=(owned, (), ()),
    )
    app = app_with_match(Match(GAME, CONFIG, (state,)), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            if isinstance(app.screen, MermaidRainScreen):
                break
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MermaidRainScreen)
        await pilot.pause()
        hand = screen.query_one("#mr-hand")
        text = str(hand.render())
        width = hand.content_size.width
        # the panel does not wrap: a longer line would end in an ellipsis
        assert all(len(line) <= width for line in text.splitlines()), (width, text)
        assert "x0" not in text, text
        for kind in {state.kinds[t] for t in owned}:
            assert TREASURE_KINDS[kind] in text, (TREASURE_KINDS[kind], text)
