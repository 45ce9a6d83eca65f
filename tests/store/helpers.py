"""Shared helpers for the store tests: games played by bots, record dicts."""

from __future__ import annotations

import random
from functools import cache

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match


@cache
def played(
    game_id: str = "shifting-stones",
    moves: int = 6,
    seed: int = 4,
    players: int = 2,
    solo: bool = False,
    rng_seed: int = 0,
) -> Match:
    """A match with up to ``moves`` random legal moves played.  Played once a worker
    (and ``finished`` with it): a ``Match`` is immutable, a move or an undo is a new
    one, and a finished game is up to 5,000 moves (0.1-0.2 s each time)."""
    game = registry.load(game_id)
    match = Match.start(game, GameConfig(players=players, solo=solo, seed=seed))
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if game.is_over(match.state):
            break
        match = match.play(rng.choice(list(game.legal_actions(match.state))))
    return match


@cache
def finished(game_id: str = "shifting-stones", seed: int = 4, players: int = 2) -> Match:
    match = played(game_id, moves=100_000, seed=seed, players=players)
    assert match.game.is_over(match.state)
    return match


def v1_save(match: Match, bots: dict | None = None) -> dict:
    """The app's old autosave file (version 1) of ``match``, as it wrote them."""
    config = match.config
    return {
        "format": "tideboard-save",
        "version": 1,
        "game": match.game.info.id,
        "config": {
            "players": config.players,
            "variant": config.variant,
            "solo": config.solo,
            "seed": config.seed,
            "options": config.option_dict,
        },
        "actions": [match.game.format_action(a) for a in match.actions],
        "bots": bots if bots is not None else {},
    }


def store_at_once(store, match: Match, seats=None, finish: bool = False) -> str:
    """``match`` stored as a new game in ONE transaction (``Store.create`` with
    its moves), for tests whose subject is not the move-by-move append: a
    finished random game has 4,000-8,000 moves, each append its own fsynced
    transaction (half a minute or more).  ``finish``: with its result."""
    from tideboard.store.records import Result

    notation = [match.game.format_action(action) for action in match.actions]
    result = Result.of(match.game, match.state) if finish else None
    return store.create(
        match.game.info.id, match.config, seats, notation, finished=finish, result=result
    )
