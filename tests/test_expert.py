"""The ``expert`` level (issue #21): a search from the seat's view only, within a
time or iteration budget."""

from __future__ import annotations

import importlib
import random
import time

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import Budget, ExpertBot, Spec, search
from tideboard.engine.simulate import simulate

from .test_sampling import CASES, positions

TINY = Budget(iterations=6)


@pytest.mark.parametrize(("game_id", "config"), CASES, ids=lambda c: str(c))
def test_the_expert_reads_only_its_view(game_id, config):
    """Two real states with the same view for the seat: the same choice (same seed,
    same iterations), though what the seat cannot see differs."""
    game = load(game_id)
    sampling = importlib.import_module(f"tideboard.games.{game_id.replace('-', '_')}.sampling")
    rng = random.Random(3)
    checked = 0
    for real, seat in positions(game, config, games=2, every=23, limit=200):
        legal = game.legal_for(real, seat)
        if len(legal) < 2:
            continue
        other = sampling.determinize(game.view(real, seat), seat, rng)
        assert other != real and game.view(other, seat) == game.view(real, seat)
        choices = [
            make_bot(game, "expert", 11, TINY).choose(game, game.view(s, seat), seat, legal)
            for s in (real, other)
        ]
        assert choices[0] == choices[1] and choices[0] in legal
        checked += 1
        if checked == 3:
            break
    assert checked


def test_a_seed_and_iterations_repeat_a_game():
    game = load("shifting-stones")
    config = GameConfig(players=2, seed=4)
    runs = [simulate(game, config, ["expert", "greedy"], 1, budget=TINY) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_move_takes_no_longer_than_the_budget():
    game = load("mermaid-rain")  # the slowest playouts
    state = game.setup(GameConfig(players=6, seed=2))
    seat = game.to_move(state)[0]
    bot = make_bot(game, "expert", 1, Budget(think=0.2))
    start = time.monotonic()
    bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
    assert time.monotonic() - start < 0.2 + 0.25
    assert bot.last.iterations >= 1


def test_one_legal_move_is_answered_at_once():
    game = load("shifting-stones")

    def never(view, seat, rng):
        raise AssertionError("no search for a forced move")

    result = search(game, None, 0, ["only"], Spec(never), random.Random(1), Budget(think=5))
    assert result.best == "only" and result.iterations == 0


@pytest.mark.parametrize("bad", [{"think": 0}, {"think": -1}, {"iterations": 0}])
def test_a_budget_must_be_positive(bad):
    with pytest.raises(ValueError):
        Budget(**bad)


def test_every_game_has_an_expert():
    for game_id in ("shifting-stones", "moonshell", "moonlighter", "mermaid-rain", "animal-splash"):
        game = load(game_id)
        assert isinstance(make_bot(game, "expert", 1), ExpertBot)
        assert "expert" in game.info.bot_levels


def test_sim_takes_the_expert_and_its_budget():
    runner = CliRunner()
    args = ["sim", "animal-splash", "--games", "1", "--bot", "expert", "--bot", "greedy"]
    result = runner.invoke(main, args + ["--think-iterations", "3", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert '"bot": "expert"' in result.output
    for bad in (["--think", "soon"], ["--think", "0"], ["--think-iterations", "0"]):
        result = runner.invoke(main, args + bad)
        assert result.exit_code == 2 and "Invalid value" in result.output
