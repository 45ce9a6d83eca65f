"""Determinization (issue #21): each game's ``sampling.determinize(view, seat, rng)``
gives a full state the seat cannot tell from the real one."""

from __future__ import annotations

import importlib
import random

import pytest

from tideboard.engine.bots import RandomBot
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load

CASES = [
    ("shifting-stones", GameConfig(players=3)),
    ("shifting-stones", GameConfig(players=1, solo=True)),
    ("moonshell", GameConfig(players=3)),
    ("moonshell", GameConfig(players=1, solo=True)),
    ("moonshell", GameConfig(players=2, variant="tsunami")),
    ("moonlighter", GameConfig(players=1)),
    ("mermaid-rain", GameConfig(players=4)),
    ("mermaid-rain", GameConfig(players=6, options=(("ruleset", "1"),))),
    ("animal-splash", GameConfig(players=3)),
    ("animal-splash", GameConfig(players=2, options=(("ruleset", "1"),))),
]


def positions(game, config, games=6, every=5, limit=600):
    """States met in seeded random play, with each seat the game waits for."""
    for number in range(games):
        state = game.setup(config.evolve(seed=1000 + number))
        bot = RandomBot(number)
        for step in range(limit):
            if game.is_over(state):
                break
            seats = game.to_move(state)
            if step % every == 0:
                for seat in seats:
                    yield state, seat
            seat = seats[0]
            state = game.apply(state, bot.choose(game, state, seat, game.legal_for(state, seat)))


@pytest.mark.parametrize(("game_id", "config"), CASES, ids=lambda c: str(c))
def test_a_sampled_state_looks_the_same_to_its_seat(game_id, config):
    game = load(game_id)
    sampling = importlib.import_module(f"tideboard.games.{game_id.replace('-', '_')}.sampling")
    rng = random.Random(5)
    varied = checked = 0
    for real, seat in positions(game, config):
        seen = game.view(real, seat)
        first = sampling.determinize(seen, seat, rng)
        assert game.view(first, seat) == seen
        assert list(game.legal_for(first, seat)) == list(game.legal_for(real, seat))
        assert game.to_move(first) == game.to_move(real)
        second = sampling.determinize(seen, seat, rng)
        assert game.view(second, seat) == seen
        assert first.rng != second.rng  # the chance to come is drawn anew
        varied += first != second
        checked += 1
        # the sampled state plays on like a real one
        legal = game.legal_for(first, seat)
        game.apply(first, legal[0])
    assert checked >= 5
    assert varied == checked
