"""Wording in the shared screen code: names, verbs and plurals that agree."""

from __future__ import annotations

import pytest

from tests.ui.helpers import app_for, settle
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.files.rules_pages import rules_markdown
from tideboard.ui.shared import plural
from tideboard.ui.shared.game_screen import GameScreen


def _screen(players=2, solo=False, bots=None) -> GameScreen:
    match = Match.start(
        registry.load("shifting-stones"), GameConfig(players=players, solo=solo, seed=5)
    )
    return GameScreen(match, bots or {}, 0)


def test_plural_agrees_with_the_count():
    assert [plural(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"


def test_a_bot_in_the_first_seat_is_never_you():
    solo_bot = _screen(players=1, solo=True, bots={0: "greedy"})
    assert solo_bot.seat_name(0) == "Player 1 (medium)"
    assert solo_bot.seat_does(0, "is", "are") == "Player 1 (medium) is"
    you = _screen(players=1, solo=True)
    assert you.seat_name(0) == "You" and you.seat_does(0, "is", "are") == "You are"


def test_whose_turn_reads_well_for_you_and_for_others():
    assert _screen(players=1, solo=True).to_play(0) == "Your turn"
    assert _screen().to_play(1) == "Player 2 to play"
    assert _screen().to_play(1, "Automaton") == "Automaton to play"


async def test_a_bot_playing_in_the_first_seat_of_a_solo_game_is_not_you():
    app = app_for(players=1, solo=True, bots={0: "greedy"})
    app.bot_delay = 30
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = str(app.screen.query_one("#ss-status").render())
        assert status == "Player 1 (medium) is playing..."


async def test_the_solo_title_says_your_turn():
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.title == "Shifting Stones - Your turn"


@pytest.mark.parametrize(
    "game_id", ["shifting-stones", "moonshell", "moonlighter", "animal-splash"]
)
def test_the_help_names_no_move_box(game_id):
    assert "move box" not in (rules_markdown(game_id) or "")
