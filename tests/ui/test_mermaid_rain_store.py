"""Mermaid Rain in the game store: saved move by move, continued, replayed."""

from __future__ import annotations

from tests.ui.helpers import app_for, settle
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.store.games import Store
from tideboard.ui.app import TideboardApp
from tideboard.ui.mermaid_rain import MermaidRainScreen
from tideboard.ui.shared.replay import Replay

GAME = registry.load("mermaid-rain")


def bot_match(moves: int, seed: int = 5, players: int = 3) -> Match:
    match = Match.start(GAME, GameConfig(players=players, seed=seed))
    bots = [make_bot(GAME, "greedy", seed=s) for s in range(players)]
    for _ in range(moves):
        if GAME.is_over(match.state):
            break
        seat = GAME.to_move(match.state)[0]
        match = match.play(
            bots[seat].choose(
                GAME, GAME.view(match.state, seat), seat, GAME.legal_for(match.state, seat)
            )
        )
    return match


async def test_every_move_of_a_bot_game_lands_in_the_store():
    app = app_for(
        players=3, seed=2, bots={0: "greedy", 1: "random", 2: "greedy"}, game_id="mermaid-rain"
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, MermaidRainScreen))
        with Store.open() as store:
            (record,) = store.list(unfinished_only=False)  # the bots may have finished
            match, bots = store.load_match(record.id)
        assert match.actions == screen.match.actions[: len(match.actions)]
        assert len(match.actions) > 0 and bots == {0: "greedy", 1: "random", 2: "greedy"}


async def test_a_replay_steps_through_melds_and_rides_showing_no_secrets_while_unfinished():
    match = bot_match(40)
    app = TideboardApp(bot_delay=0, match=match, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen.control, Replay)
        for position in range(len(match.actions)):
            assert screen.state == match.states[position]
            assert screen.shown == GAME.view(screen.state, None)
            await pilot.press("right")
        assert screen.state == match.state
