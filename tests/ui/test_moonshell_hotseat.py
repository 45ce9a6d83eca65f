"""Moonshell in hot-seat with mermaid powers, and the keys of the answering phases.

The issue: each player chooses a mermaid "in hot-seat behind the hand-over screen
only if the choice is secret, which it is not".  So the mermaid choices go without
the hand-over screen (``GameScreen.needs_privacy``), at the spectator's view, and
everything secret (keeping an objective, the turns, Moonrise) stays behind it.
During the mermaid choice and Moonrise only ``w``/Enter answer: the footer lists
no table keys (r, p, c, m, x, k, u) and those keys say what to do instead.
"""

from __future__ import annotations

import pytest

from tests.ui.helpers import hand_over, settle, wait_for
from tests.ui.test_moonshell_screen import footer_actions
from tests.ui.test_moonshell_ui import status
from tideboard.engine.core import GameConfig
from tideboard.games.moonshell.state import EVENT, KEEP, MERMAID, PLAY
from tideboard.ui.app import TideboardApp
from tideboard.ui.keys_line import KeysLine
from tideboard.ui.moonshell import OfferStrip
from tideboard.ui.moonshell.choice import ChoiceWindow
from tideboard.ui.shared.modals import PrivacyScreen

TABLE_KEYS = {"rotate", "pull", "collect", "moonshell", "pass_turn", "keep", "undo", "cancel"}


@pytest.fixture(autouse=True)
def short_guard(monkeypatch):
    monkeypatch.setattr(PrivacyScreen, "GUARD", 0.0)


def hot_seat_app(players=3, variant="dive", seed=2, bots=None) -> TideboardApp:
    config = GameConfig(players=players, variant=variant, seed=seed)
    return TideboardApp(game_id="moonshell", config=config, bots=bots or {}, bot_delay=0)


async def choose_mermaid(pilot, key: str = "w") -> None:
    """Open the mermaid window (w or Enter) and take the highlighted mermaid."""
    screen = pilot.app.screen_stack[0]
    before = len(screen.match.actions)
    await pilot.press(key)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ChoiceWindow))
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(screen.match.actions) > before)
    await settle(pilot)


async def test_hot_seat_mermaid_choices_go_without_the_hand_over_screen_secrets_behind_it():
    """Rule (setup, mermaid powers): mermaids are chosen in turn order, openly."""
    app = hot_seat_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await settle(pilot)
        for seat in range(3):
            assert game.state.phase == MERMAID and game.state.current == seat
            assert not isinstance(app.screen, PrivacyScreen), seat
            # the spectator's view: nobody's secrets on screen, the chooser may act
            assert game.viewer is None and game.human_to_move() == seat
            assert not game.query_one(OfferStrip).display
            assert "Choose your mermaid" in status(game)
            await choose_mermaid(pilot, "w" if seat != 1 else "enter")
        assert all(game.state.mermaids) and len(set(game.state.mermaids)) == 3
        # keeping a secret objective is private: the hand-over screen comes first
        assert game.state.phase == KEEP
        assert isinstance(app.screen, PrivacyScreen) and app.screen.seat == 0
        assert game.viewer is None and game.human_to_move() is None
        await hand_over(pilot)
        assert game.viewer == 0 and game.query_one(OfferStrip).offers == game.state.offers[0]
        assert "keep" in footer_actions(game) and "power" not in footer_actions(game)
        await pilot.press("k", "y")
        await settle(pilot)
        assert isinstance(app.screen, PrivacyScreen) and app.screen.seat == 1
        assert game.query_one(OfferStrip).offers == ()


async def test_a_single_human_against_bots_chooses_as_before():
    app = hot_seat_app(players=3, bots={1: "greedy", 2: "random"})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await settle(pilot)
        assert game.viewer == 0 and game.human_to_move() == 0
        await choose_mermaid(pilot)
        await wait_for(pilot, lambda: game.state.phase == KEEP)
        assert not isinstance(app.screen, PrivacyScreen) and game.viewer == 0


async def test_the_mermaid_choice_lists_no_table_keys_and_they_say_what_to_do():
    app = hot_seat_app(players=2, variant="tsunami", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await settle(pilot)
        offered = footer_actions(game)
        assert "pick_mermaid" in offered and "objectives" in offered
        assert "power" not in offered  # (in play the same key says "w Power")
        assert not TABLE_KEYS & offered, TABLE_KEYS & offered
        for key in ("r", "p", "c", "m", "x", "3", "left"):
            await pilot.press(key)
            await settle(pilot)
            assert not game.match.actions and game.turn.mode is None, key
            assert "First choose your mermaid" in status(game), key
        assert app.screen is game


async def test_moonrise_lists_no_table_keys_and_enter_opens_its_question():
    """Event E1 Moonrise (revealed before round 1 with seed 2) asks each player in turn."""
    app = hot_seat_app(players=2, variant="tsunami", bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await settle(pilot)
        await choose_mermaid(pilot)
        await wait_for(pilot, lambda: game.state.phase == KEEP and game.human_to_move() == 0)
        await pilot.press("k", "y")
        await wait_for(pilot, lambda: game.state.phase == EVENT and game.human_to_move() == 0)
        assert game.state.event == "E1"
        offered = footer_actions(game)
        # w (or Enter) answers, x declines; no other table key applies
        assert {"moonrise", "decline"} <= offered and not TABLE_KEYS & offered
        assert "power" not in offered
        # the footer says what the hint says: "x declines", "w ... place your moonshell"
        await settle(pilot)
        keys = {key: words for key, words, _on in game.query_one(KeysLine).entries()}
        assert keys["x"] == "Decline" and "x declines" in status(game)
        assert keys["w"] == "Place ☾" and "place your moonshell" in status(game)
        actions = len(game.match.actions)
        await pilot.press("p")
        await settle(pilot)
        assert game.turn.mode is None and "First answer the event" in status(game)
        await pilot.press("enter")  # the chest columns light up, the cursor on the first
        await wait_for(pilot, lambda: game.turn.mode == "aim")
        assert "Moonrise" in status(game) and "x declines" in status(game)
        await pilot.press("enter")  # the first answer: the moonshell into chest column 1
        await wait_for(pilot, lambda: game.state.phase == PLAY)
        assert game.match.actions[actions].column == 0 and not game.state.moonshells[0]
        assert {"rotate", "pull"} <= footer_actions(game)


# -- Lunar Reef: stacked anemone/clownfish pairs in the score and end tables -------------
def _reef_end_state():
    """A Dive game (3 anemones, 3 clownfish): Player 1 has two stacked pairs and one
    lone anemone, 11 tiles in all, and collects the 12th tile to end the game."""
    from tideboard.engine import registry
    from tideboard.engine.states import evolve
    from tideboard.games.moonshell.content import ANEMONE, REEF_PAIR, tile_from_code
    from tideboard.games.moonshell.state import Keep

    game = registry.load("moonshell")
    config = GameConfig(
        players=2, variant="dive", seed=5, options={"mermaid-1": "swap", "mermaid-2": "buoy"}
    )
    state = game.setup(config)
    state = game.apply(state, Keep(state.offers[0][0]))
    state = game.apply(state, Keep(state.offers[1][0]))
    codes = ["wC", "pC", "uC", "oS", "wD", "pD", "uD", "oD"]
    tiles = [tile_from_code(c) for c in codes]
    chest = (
        (REEF_PAIR, *tiles[0:2]),
        (REEF_PAIR, *tiles[2:4]),
        tuple(tiles[4:7]),
        (ANEMONE, tiles[7]),
    )
    rocks = list(state.rocks)
    rocks[0] = tile_from_code("oA")
    state = evolve(
        state,
        chests=(chest, ((), (), (), ())),
        rocks=tuple(rocks),
        actions_left=1,
        phase=PLAY,
        event="",
    )
    return game, state, config


async def test_stacked_reef_pairs_have_their_column_in_the_score_and_end_tables():
    """Lunar Reef: 3 points per stacked anemone/clownfish pair, a lone one scores nothing."""
    from rich.console import Console

    from tests.ui.test_moonshell_ui import ms_app_with_state, text_of
    from tideboard.games.moonshell import scoring
    from tideboard.ui.shared.modals import EndScreen

    game, state, config = _reef_end_state()
    assert scoring.breakdown(state, 0)["reef"] == 6
    app = ms_app_with_state(state, config, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        table = text_of(screen, "#ms-table").splitlines()
        heads = table[0].split()
        assert "✪" in heads
        mine = table[1].split()
        # the row's values line up with the heads (name, then one value per column)
        values = dict(zip(heads, mine[-len(heads) :]))
        assert values["✪"] == "6" and values["Σ"] == str(
            scoring.breakdown(state, 0, secret=False)["total"]
        )
        assert max(len(line) for line in table[:3]) <= 35
        await pilot.press("c")
        await pilot.press("enter", "enter")  # (the last Enter hands the turn over)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        console = Console(width=80, record=True)
        console.print(app.screen.table)
        rendered = console.export_text()
        assert "✪" in rendered and "stacked anemone/clownfish pairs" in rendered
        row = next(line for line in rendered.splitlines() if "Player 1" in line)
        assert " 6 " in row


async def test_a_game_without_the_reef_has_no_pair_column():
    from tests.ui.test_moonshell_ui import ms_app, text_of

    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "✪" not in text_of(app.screen, "#ms-table")


async def test_the_score_table_fits_the_side_panel_with_long_lunar_reef_codes():
    """Tsunami mixes the decks: codes such as LA6 and LK1 need the name column to shrink."""
    app = hot_seat_app(players=2, variant="tsunami", seed=11, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await settle(pilot)
        assert sum(len(c) == 3 for c in game.state.open_cards) >= 2
        from tests.ui.test_moonshell_ui import text_of

        lines = text_of(game, "#ms-table").splitlines()[:3]
        assert "✪" in lines[0] and "Σ" in lines[0]
        assert max(len(line) for line in lines) <= 35, lines
        # no room for "Player 1" beside eight columns at 80: the seat's number, not "Playe…"
        assert lines[1].startswith("▶P1 ") and lines[2].startswith(" P2 "), lines
