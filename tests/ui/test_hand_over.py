"""The hot-seat hand-over screen: no key of the last move shows the next player's secrets."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, burst, end_guard, hand_over, settle
from tideboard.games.moonshell.content import CARDS
from tideboard.games.shifting_stones.state import SKIP
from tideboard.ui.moonshell import OfferStrip
from tideboard.ui.shared.game_screen import GameScreen
from tideboard.ui.shared.modals import PrivacyScreen
from tideboard.ui.shifting_stones.hand import HandStrip


@pytest.fixture(autouse=True)
def long_guard(monkeypatch):
    """A guard far longer than any burst takes to arrive, however slow the machine:
    what the burst sends is always within it; tests end it with ``end_guard``."""
    monkeypatch.setattr(PrivacyScreen, "GUARD", 60.0)


# keys a player may hammer after their move: confirmations, Enter, the next seat's number
BURSTS = [
    ("enter", "enter"),
    ("y", "enter", "enter"),
    ("y", "2", "2", "space", "enter"),
    ("y", "enter", "2", "q", "1", "y", "enter", "2", "2", "2"),
]


def _ss_hand_shown(game: GameScreen) -> str:
    return str(game.query_one(HandStrip).render())


def _ms_secrets_shown(game: GameScreen) -> str:
    return "\n".join(
        str(game.query_one(selector).render())
        for selector in (OfferStrip, "#ms-table", "#ms-objectives")
    )


@pytest.mark.parametrize("keys", BURSTS, ids=[" ".join(k) for k in BURSTS])
async def test_shifting_stones_a_skip_and_a_burst_never_show_player_2s_hand(keys):
    app = app_for(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await hand_over(pilot)
        assert game.viewer == 0
        p2_hand = game.state.hands[1]
        await pilot.press("x")  # "Skip your turn and draw two cards?"; y says yes
        await burst(pilot, *keys)
        if "y" not in keys:  # Enter answers no (a second Enter is the table's own key)
            assert SKIP not in game.match.actions and game.viewer == 0
            assert not isinstance(app.screen, PrivacyScreen)
            return
        assert isinstance(app.screen, PrivacyScreen), app.screen
        assert game.viewer is None and game.query_one(HandStrip).cards == ()
        shown = _ss_hand_shown(game)
        assert "★" not in shown, shown  # no card drawn at all
        await hand_over(pilot)
        assert game.viewer == 1 and game.query_one(HandStrip).cards == game.state.hands[1]
        assert game.state.hands[1][: len(p2_hand)] == p2_hand


@pytest.mark.parametrize("keys", BURSTS, ids=[" ".join(k) for k in BURSTS])
async def test_moonshell_keeping_a_secret_and_a_burst_never_show_player_2s_offers(keys):
    app = app_for(players=2, seed=5, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen_stack[0]
        await hand_over(pilot)
        p2_offers = game.state.offers[1]
        await pilot.press("k")  # "Keep it?"; y says yes
        await burst(pilot, *keys)
        if "y" not in keys:  # Enter answers no (a second Enter asks again)
            assert not game.match.actions and game.viewer == 0
            assert not isinstance(app.screen, PrivacyScreen)
            return
        assert isinstance(app.screen, PrivacyScreen), app.screen
        assert game.viewer is None and game.query_one(OfferStrip).offers == ()
        shown = _ms_secrets_shown(game)
        for card in p2_offers:
            assert card not in shown and CARDS[card].name not in shown, shown
        await hand_over(pilot)
        assert game.viewer == 1 and game.query_one(OfferStrip).offers == p2_offers


async def test_the_hand_over_screen_ignores_keys_at_first_then_wants_the_seat_number():
    app = app_for(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        cover = app.screen
        game = app.screen_stack[0]
        assert isinstance(cover, PrivacyScreen) and cover.key == "1"
        assert "your hand" in str(cover.query_one("#privacy-text").render())
        await pilot.press("1")  # at once: too soon, even the right key
        assert app.screen is cover and game.viewer is None
        await end_guard(pilot)
        await pilot.press("enter", "space", "2", "y", "escape")
        assert app.screen is cover and game.viewer is None
        assert "Only 1 shows" in str(cover.query_one("#privacy-hint").render())
        await pilot.press("1")
        await settle(pilot)
        assert app.screen is game and game.viewer == 0


async def test_a_click_on_show_is_ignored_at_first_too():
    app = app_for(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        cover = app.screen
        await pilot.click("#ready")
        assert app.screen is cover
        await end_guard(pilot)
        await pilot.pause(0.3)  # a button takes no second click while it is lit (0.2 s)
        await pilot.click("#ready")
        await settle(pilot)
        assert app.screen_stack[0].viewer == 0


@pytest.mark.parametrize("how", ["q", "click"])
async def test_leaving_from_the_hand_over_screen_shows_nothing(how):
    app = app_for(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen_stack[0]
        await end_guard(pilot)
        if how == "q":
            await pilot.press("q")
        else:
            await pilot.click("#leave")
        await settle(pilot)
    # a game the command line started: out to the shell, no seat's secrets shown
    assert app.return_code == 0 and game.viewer is None


def test_each_hidden_information_game_names_its_secrets():
    from tideboard.ui.moonshell import MoonshellScreen
    from tideboard.ui.shifting_stones import ShiftingStonesScreen

    assert ShiftingStonesScreen.SECRETS == "your hand"
    assert "secret objective" in MoonshellScreen.SECRETS
