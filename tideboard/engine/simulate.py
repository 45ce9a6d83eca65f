"""Headless bot-against-bot simulation (used by ``tideboard sim``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig

MAX_ACTIONS = 20_000  # per game: a safety stop for bots that never finish


def play_out(game: Any, state: Any, bots: Sequence[Any]) -> tuple[Any, int]:
    """Let ``bots`` (one per seat) play ``state`` to the end; (final state, actions)."""
    actions = 0
    while not game.is_over(state) and actions < MAX_ACTIONS:
        # several seats may be choosing at once: the first chooses, hidden from the others
        seat = game.to_move(state)[0]
        action = bots[seat].choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
        state = game.apply(state, action)
        actions += 1
    return state, actions


def simulate(
    game: Any,
    config: GameConfig,
    levels: Sequence[str],
    count: int,
    progress: Callable[[int], None] | None = None,
    budget: Any = None,
) -> dict[str, Any]:
    """Play ``count`` games (seeds seed, seed+1, ...) and sum up the results.

    ``progress(finished)`` is called after each game.  Ctrl-C (KeyboardInterrupt)
    stops early: the report then covers the games finished so far, with
    ``interrupted`` true and ``games`` the number finished.  ``budget`` (a
    :class:`~tideboard.engine.search.Budget`) is how long ``expert`` bots think.
    """
    wins = [0] * config.players
    totals = [0] * config.players
    unfinished = 0
    actions = 0
    played = 0
    interrupted = False
    try:
        for number in range(count):
            seed = config.seed + number
            bots = [
                make_bot(game, level, seed * 31 + seat, budget) for seat, level in enumerate(levels)
            ]
            state, n = play_out(game, game.setup(config.evolve(seed=seed)), bots)
            # Count the game only once it is played out: an interrupt in the
            # middle of the bookkeeping below would otherwise count it half.
            over = game.is_over(state)
            scores = game.scores(state)[: config.players] if over else ()
            winners = game.winners(state) if over else ()
            actions += n
            played += 1
            if not over:
                unfinished += 1
            else:
                # Only seats played by bots count (a solo game's automated opponent
                # may hold a seat of its own in the state).
                for seat, score in enumerate(scores):
                    totals[seat] += score
                for seat in winners:
                    if seat < config.players:
                        wins[seat] += 1
            if progress is not None:
                progress(played)
    except KeyboardInterrupt:
        interrupted = True
    finished = max(1, played - unfinished)
    return {
        "game": game.info.id,
        "players": config.players,
        "variant": config.variant,
        "options": config.option_dict,
        "solo": config.solo,
        "seed": config.seed,
        "games": played,
        "requested": count,
        "interrupted": interrupted,
        "unfinished": unfinished,
        "actions": actions,
        "seats": [
            {
                "seat": seat + 1,
                "bot": levels[seat],
                "wins": wins[seat],
                "mean_score": totals[seat] / finished,
            }
            for seat in range(config.players)
        ],
    }
