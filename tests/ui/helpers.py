"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

import attrs

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.ui.app import TideboardApp

SS = "shifting-stones"


def app_for(players=2, solo=False, seed=5, bots=None, theme=None) -> TideboardApp:
    config = GameConfig(players=players, solo=solo, seed=seed)
    return TideboardApp(theme=theme, game_id=SS, config=config, bots=bots or {}, bot_delay=0)


def app_with_state(state, config: GameConfig, bots=None, game_id: str = SS) -> TideboardApp:
    """An app whose game starts from ``state`` (built by a test)."""
    app = TideboardApp(bot_delay=0)
    game = registry.load(game_id)
    match = Match(game, config, (state,))

    def on_mount_start() -> None:
        app.start_match(match, bots or {})

    app.start_game = None
    app.call_after_refresh(on_mount_start)
    return app


def evolve(state, **changes):
    return attrs.evolve(state, **changes)
