"""Playing Mermaid Rain through the app: melds at once, tiles, riding, hot-seat secrecy."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, app_with_match, hand_over, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import CELL_BY_NAME, STARTS
from tideboard.games.mermaid_rain.state import MELD, PICK, RIDE, End, Enter, Pick
from tideboard.ui.mermaid_rain import HexBoard, MermaidRainScreen
from tideboard.ui.shared import BlocksScreen
from tideboard.ui.shared.modals import ConfirmScreen, EndScreen, HelpScreen, PrivacyScreen

MR = "mermaid-rain"
GAME = registry.load(MR)


def cell(name: str) -> int:
    return CELL_BY_NAME[name]


async def screen_of(pilot) -> MermaidRainScreen:
    for _ in range(30):
        for screen in pilot.app.screen_stack:
            if isinstance(screen, MermaidRainScreen):
                return screen
        await pilot.pause()
    raise AssertionError("the Mermaid Rain screen never came up")


def status(screen) -> str:
    return str(screen.query_one("#mr-status").render())


def panel(screen, name: str) -> str:
    return str(screen.query_one(f"#mr-{name}").render())


def riding_match(seat_cards=(3, 3, 3), at="d1", **changes) -> Match:
    """Player 1 (seat 0) riding first this round, the others bots."""
    config = GameConfig(players=3, seed=2)
    state = GAME.setup(config)
    state = evolve(
        state,
        phase=RIDE,
        order=(0, 1, 2),
        turn=0,
        offer=(),
        hands=((*seat_cards, 0),) + state.hands[1:],
        at=(cell(at) if at else -1, -1, -1),
        **changes,
    )
    return Match(GAME, config, (state,))


async def test_meld_keys_pick_cards_and_enter_shows_them_with_bots_first():
    app = app_for(players=3, seed=4, bots={1: "greedy", 2: "random"}, game_id=MR)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 6)
        state = screen.state
        assert state.phase == MELD and GAME.to_move(state) == (0,)  # the bots chose first
        hand = state.hands[0]
        kind = max(range(3), key=lambda k: hand[k])
        letter = "dgt"[kind]
        await pilot.press(letter)
        assert screen.picks.cards == [kind] and screen.state is state  # picking changes nothing
        assert "picked" in panel(screen, "hand")
        await pilot.press(letter, "enter")
        await settle(pilot, 6)
        after = screen.state
        assert after is not state and after.melds[0][kind] == 2  # revealed together
        assert "Revealed" in " ".join(screen.match.log)


async def test_mermaid_key_is_refused_for_the_first_two_cards():
    app = app_for(players=3, seed=4, bots={1: "greedy", 2: "random"}, game_id=MR)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 6)
        await pilot.press("m")
        assert screen.picks.cards == [] and "adventure cards" in status(screen)


async def test_hot_seat_meld_each_player_chooses_behind_the_hand_over_screen():
    app = app_for(players=3, seed=4, bots={2: "greedy"}, game_id=MR)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 6)
        assert isinstance(app.screen, PrivacyScreen)
        await hand_over(pilot)
        assert screen.viewer == 0
        first = GAME.legal_for(screen.state, 0)[0]
        screen.dispatch(first)
        await settle(pilot, 4)
        assert isinstance(app.screen, PrivacyScreen)  # Player 2 next, Player 1's cards hidden
        assert screen.viewer is None
        assert "Your hand" not in panel(screen, "hand")
        await hand_over(pilot)
        assert screen.viewer == 1
        assert "chosen" in panel(screen, "side")
        assert screen.shown.chosen[0] == (-1,)  # Player 2 sees only that Player 1 chose


async def test_pick_a_tile_with_arrows_and_enter():
    config = GameConfig(players=3, seed=2)
    state = GAME.setup(config)
    state = evolve(state, phase=PICK, order=(0, 1, 2), turn=0, ranks=(7, 8, 8))
    app = app_with_match(Match(GAME, config, (state,)), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert "Face-up tiles" in panel(screen, "hand")
        await pilot.press("right", "enter")
        await settle(pilot, 4)
        assert screen.match.actions[0] == Pick(0, state.offer[1])


async def test_first_turn_enter_a_start_space_with_the_cursor():
    app = app_with_match(riding_match(at=None), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        assert board.targets == frozenset(STARTS) and screen.picks.cursor in STARTS
        start = screen.picks.cursor
        await pilot.press("enter")
        assert screen.match.actions[-1] == Enter(0, start)


async def test_move_preview_names_the_cost_and_c_pays_another_way():
    app = app_with_match(riding_match(seat_cards=(1, 1, 1)), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert screen.picks.cursor == cell("d1")
        await pilot.press("right")  # d2: a Sea Turtle island
        assert "paying a Sea Turtle" in status(screen) and screen.state.at[0] == cell("d1")
        await pilot.press("c")
        assert "pair as a wild" in status(screen)
        await pilot.press("c", "c", "c")  # four ways: T, or a pair DG, DT, GT
        assert "paying a Sea Turtle" in status(screen)
        await pilot.press("enter")
        assert screen.state.at[0] == cell("d2") and screen.state.hands[0][:3] == (1, 1, 0)


async def test_clicking_a_space_moves_the_cursor_and_a_second_click_moves_there():
    app = app_with_match(riding_match(seat_cards=(0, 0, 2)), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        x, y = next(
            (x, y) for y in range(12) for x in range(50) if board.cell_at(x, y) == cell("d2")
        )
        await pilot.click(HexBoard, offset=(x, y))
        assert screen.picks.cursor == cell("d2") and screen.state.at[0] == cell("d1")
        await pilot.click(HexBoard, offset=(x, y))
        assert screen.state.at[0] == cell("d2")


async def test_ending_the_turn_asks_first_and_enter_keeps_riding():
    app = app_with_match(riding_match(), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")
        assert not screen.match.actions
        await pilot.press("e")
        await pilot.press("y")
        await settle(pilot)
        assert screen.match.actions[0] == End(0)


async def test_laying_a_tile_previews_it_and_r_turns_it():
    tile = 9  # a bar
    app = app_with_match(riding_match(held=((tile,), (), ())), bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        board = screen.query_one(HexBoard)
        first = board.preview
        assert len(first) == 3 and "lays the tile" in status(screen)
        await pilot.press("r")
        second = board.preview
        await pilot.press("enter")
        placed = screen.state.tile_cells[tile]
        assert placed == second and (second != first or len(placed) == 3)
        assert all(screen.state.cover[c] == tile for c in placed)


async def test_taking_a_treasure_by_number_and_the_peek_shown_only_to_you():
    app = app_with_match(
        riding_match(seat_cards=(0, 1, 0), at="e4"), bots={1: "greedy", 2: "greedy"}
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("right", "enter")  # e5, one face-up and one face-down treasure
        assert screen.state.at[0] == cell("e5")
        assert "to take: 1)" in status(screen) and "face down" in status(screen)
        await pilot.press("2")
        assert screen.state.points[0] == 2 and len(screen.state.owned[0]) == 1


async def test_help_and_meld_table_open():
    app = app_for(players=3, seed=4, bots={1: "greedy", 2: "random"}, game_id=MR)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(pilot)
        await settle(pilot, 6)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, BlocksScreen)
        await pilot.press("escape", "question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.slow
async def test_bots_play_a_whole_game_on_screen():
    """One game drawn at 80x24 and 120x40 in turn, the size changed every 30 moves
    (the same seeded game, drawn at each size in turn).  The size changed at every
    pause before: on a busy machine the pauses came between fewer moves, so the
    redraws grew with the load (one CI run outlasted its 5 minutes)."""
    import time

    app = app_for(
        players=4, seed=6, bots={0: "greedy", 1: "random", 2: "greedy", 3: "random"}, game_id=MR
    )
    sizes = [(80, 24), (120, 40)]
    async with app.run_test(size=sizes[0]) as pilot:
        screen = await screen_of(pilot)
        resizes, every = 0, 30
        next_resize = every
        deadline = time.monotonic() + 240
        while not screen.ended and time.monotonic() < deadline:
            await pilot.pause(0.01)
            if len(screen.match.actions) >= next_resize and not screen.ended:
                sizes.reverse()
                await pilot.resize_terminal(*sizes[0])
                resizes += 1
                next_resize = len(screen.match.actions) + every
        assert resizes >= 2, resizes  # both sizes drew the game under way
        assert screen.ended and GAME.is_over(screen.state)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        table = screen.end_table()
        assert [c.header for c in table.columns][:3] == ["Player", "Track", "Trib"]
        assert table.row_count == 4


async def test_no_hidden_information_reaches_the_screen():
    """Face-down treasures show as '?', other hands only as a count, the seed nowhere."""
    app = app_for(players=3, seed=4, bots={1: "greedy", 2: "random"}, game_id=MR)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 6)
        board = "".join(
            line[3:] for line in screen.query_one(HexBoard).as_text().plain.splitlines()[1:]
        )
        assert not set("acypz") & set(board)  # no face-down kind is known yet
        assert "?" in board
        side = panel(screen, "side")
        for seat in (1, 2):
            h = screen.state.hands[seat]
            assert f"{sum(h):>2}c" in side
        assert "Dolphin x" not in side
        assert "seed" not in " ".join(screen.query_one("#mr-log").entries).lower()
