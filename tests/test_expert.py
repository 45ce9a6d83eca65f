"""The ``expert`` level (issue #21): a search from the seat's view only, within a
time or iteration budget."""

from __future__ import annotations

import importlib
import random
import time

import attrs
import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.registry import load
from tideboard.engine.search import PLAN_SHARE, Asked, Budget, ExpertBot, Paced, Spec, search
from tideboard.engine.simulate import simulate
from tideboard.games.moonshell import bots as moonshell_bots
from tideboard.games.moonshell import table
from tideboard.games.shifting_stones import duel

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


@pytest.mark.parametrize(("game_id", "config"), CASES, ids=lambda c: str(c))
def test_with_one_iteration_every_expert_plays_greedys_move(game_id, config):
    """Each game's expert has greedy's move as its favourite (``Spec.prior``): with
    the fewest iterations it plays as greedy does (where greedy's choice does not
    depend on its seed); Moonshell at three or four players its turn plan's move,
    Shifting Stones at a table its turn plan's (``duel.ranked``)."""
    game = load(game_id)
    checked = 0
    for state, seat in positions(game, config, games=2, every=11, limit=300):
        legal = game.legal_for(state, seat)
        if len(legal) < 2:
            continue
        view = game.view(state, seat)
        greedy = {
            make_bot(game, "greedy", seed).choose(game, view, seat, legal) for seed in range(4)
        }
        if len(greedy) > 1:
            continue
        expert = make_bot(game, "expert", 3, Budget(iterations=1))
        if game_id == "moonshell" and table.plans_turn(view, seat):
            # (at three or four players its own turn plan decides, not the search:
            # test_moonshell_table.py; its generator is the expert's, Random(3))
            planned = moonshell_bots.plan(game, view, seat, legal, Asked(rng=random.Random(3)))
            assert planned is not None
            greedy = {planned[0][0]}
        if game_id == "shifting-stones" and not view.solo:
            # (at a table the turn's plan decides: tests/shifting_stones/test_duel.py)
            greedy = {duel.ranked(view, seat, legal)[0].action}
        assert expert.choose(game, view, seat, legal) in greedy
        checked += 1
        if checked == 4:
            break
    assert checked


def test_a_cut_mermaid_rain_playout_counts_the_majorities_and_the_cards_in_hand():
    """Most Mermaid Rain points come at the end (the tribute, the majorities): the
    expert's evaluation counts them as if the game ended now, and the cards in hand
    (else the search pays pairs and long melds as if cards were free)."""
    from tideboard.games.mermaid_rain.bots import EXPERT

    game = load("mermaid-rain")
    state = game.setup(GameConfig(players=3, seed=1))
    kind = {}
    for treasure, k in enumerate(state.kinds):
        kind.setdefault(k, []).append(treasure)
    two = tuple(kind[0][:2])  # two of a kind: one for the tribute, one a monopoly
    holding = attrs.evolve(state, owned=(two, (), ()))
    before, after = EXPERT.evaluate(game, state), EXPERT.evaluate(game, holding)
    assert after[0] - before[0] == 5 + 15 and after[1:] == before[1:]
    hand = state.hands[0]
    fewer = attrs.evolve(state, hands=((hand[0] - 1, *hand[1:]), *state.hands[1:]))
    assert EXPERT.evaluate(game, fewer)[0] < before[0]


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
    assert time.monotonic() - start < 0.2 + 0.25  # (a meld: its plan, mermaid_rain/meld_plan.py)
    assert bot.last.iterations >= 1
    while game.to_move(state) and state.phase != "ride":  # the tree search's move
        seat = game.to_move(state)[0]
        legal = game.legal_for(state, seat)
        state = game.apply(state, legal[0])
    seat = game.to_move(state)[0]
    start = time.monotonic()
    bot.choose(game, game.view(state, seat), seat, game.legal_for(state, seat))
    assert time.monotonic() - start < 0.2 + 0.25
    assert bot.last.iterations >= 1


def test_a_plan_is_due_before_the_budget_ends():
    """A game's own plan (``Spec.decide``) is given ``PLAN_SHARE`` of a time budget:
    the rest is for what runs after its last look at the clock (a move later than
    its budget is a bug), and an iteration budget gives it no deadline."""
    given = []

    def decide(game, view, seat, legal, asked):
        given.append(asked)
        return [(action, 0.0) for action in legal]

    game = load("shifting-stones")
    state = game.setup(GameConfig(players=2, seed=1))
    seat = game.to_move(state)[0]
    view, legal = game.view(state, seat), game.legal_for(state, seat)
    spec = attrs.evolve(moonshell_bots.EXPERT, decide=decide)
    before = time.monotonic()
    rng = random.Random(1)
    search(game, view, seat, legal, spec, rng, Budget(think=1.0))
    assert before < given[0].deadline <= time.monotonic() + PLAN_SHARE
    assert PLAN_SHARE < 1
    # (and with the deadline the budget, the search's generator and its own Spec)
    assert given[0].budget == Budget(think=1.0) and given[0].rng is rng
    assert given[0].spec is spec
    search(game, view, seat, legal, spec, random.Random(1), Budget(iterations=5))
    assert given[1].deadline is None and given[1].budget == Budget(iterations=5)


def test_a_paced_clock_reads_ahead_by_the_longest_stretch_between_its_readings():
    readings = iter([0.0, 0.01, 0.06, 0.07, 0.5])
    paced = Paced(lambda: next(readings))
    assert [paced() for _ in range(5)] == pytest.approx([0.0, 0.02, 0.11, 0.12, 0.93])


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


def test_sim_takes_the_expert_and_its_budget():
    runner = CliRunner()
    args = ["sim", "animal-splash", "--games", "1", "--bot", "expert", "--bot", "greedy"]
    result = runner.invoke(main, args + ["--think-iterations", "3", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert '"bot": "expert"' in result.output
    for bad in (["--think", "soon"], ["--think", "0"], ["--think-iterations", "0"]):
        result = runner.invoke(main, args + bad)
        assert result.exit_code == 2 and "Invalid value" in result.output


class _Race:
    """A toy game: seat 0 picks a number of points 0-4, then seat 1 passes; the points
    are only counted when the game ends (many moves later), so a playout cut at its
    horizon sees nothing without an evaluation."""

    def __init__(self, length: int = 50) -> None:
        self.length = length

    def is_over(self, state):
        return state[1] >= self.length

    def to_move(self, state):
        return (state[1] % 2,)

    def legal_for(self, state, seat):
        return [0, 1, 2, 3, 4] if state[1] == 0 else ["pass"]

    def apply(self, state, action):
        return (state[0] if action == "pass" else action, state[1] + 1)

    def scores(self, state):
        points = state[0] if self.is_over(state) else 0
        return (points, 2)

    def winners(self, state):
        scores = self.scores(state)
        return tuple(s for s, v in enumerate(scores) if v == max(scores))


def _same(view, seat, rng):
    return view


def test_a_cut_playout_is_judged_by_the_games_evaluation():
    game = _Race()
    plain = Spec(_same, horizon=3, scale=2.0)
    judged = attrs.evolve(plain, evaluate=lambda game, state: (state[0], 2))
    budget = Budget(iterations=60)
    assert search(game, (0, 0), 0, [0, 1, 2, 3, 4], judged, random.Random(1), budget).best == 4
    # without it every move looks alike (a drawn-out margin of 0 - 2)
    values = {
        r.value
        for r in search(game, (0, 0), 0, [0, 1, 2, 3, 4], plain, random.Random(1), budget).moves
    }
    assert len(values) == 1


def test_few_iterations_play_the_favourite_unless_the_search_finds_better():
    game = _Race(length=4)
    favourite = Spec(_same, prior=lambda game, view, seat, legal, rng: 3, bias=1.0)
    for iterations in (1, 3, 8):
        result = search(
            game,
            (0, 0),
            0,
            [0, 1, 2, 3, 4],
            favourite,
            random.Random(2),
            Budget(iterations=iterations),
        )
        assert result.best == 3
    result = search(
        game, (0, 0), 0, [0, 1, 2, 3, 4], favourite, random.Random(2), Budget(iterations=300)
    )
    assert result.best == 4  # the win the search finds outweighs the bias


def test_the_favourite_is_kept_unless_another_move_is_better_by_the_margin():
    """``Spec.keep``: the favourite 3 stays the choice when the 4 the search prefers is
    worth less than the margin more (both win; the point more is about 0.012 of
    reward at a scale of 10), and the 4 is chosen when the margin is smaller."""
    game = _Race(length=4)
    base = Spec(_same, prior=lambda game, view, seat, legal, rng: 3, bias=1.0)
    for keep, best in ((0.05, 3), (0.001, 4)):
        spec = attrs.evolve(base, keep=keep)
        result = search(
            game, (0, 0), 0, [0, 1, 2, 3, 4], spec, random.Random(2), Budget(iterations=300)
        )
        assert result.best == best, keep


def test_a_routine_move_is_played_without_a_search_and_hints_search_it():
    """``Spec.routine``: a bot's move (``play``) is the routine's answer, unsearched; a
    tuple narrows the search to its moves, a hint's (no ``play``) too; where it answers
    one move, a hint searches them all."""
    game = _Race(length=4)
    answers = [1, (2, 4), (2, 4), 1]
    calls = []

    def routine(game, view, seat, legal, rng):
        calls.append(view)
        return answers[len(calls) - 1]

    spec = Spec(_same, routine=routine)
    budget = Budget(iterations=40)
    legal = [0, 1, 2, 3, 4]
    played = search(game, (0, 0), 0, legal, spec, random.Random(1), budget, play=True)
    assert played.best == 1 and played.iterations == 0
    narrowed = search(game, (0, 0), 0, legal, spec, random.Random(1), budget, play=True)
    assert narrowed.best == 4 and narrowed.iterations == 40
    assert {r.action for r in narrowed.moves} == {2, 4}
    hinted = search(game, (0, 0), 0, legal, spec, random.Random(1), budget)
    assert hinted.iterations == 40 and hinted.best == 4
    assert {r.action for r in hinted.moves} == {2, 4}
    every = search(game, (0, 0), 0, legal, spec, random.Random(1), budget)
    assert every.iterations == 40 and {r.action for r in every.moves} == set(legal)
    assert len(calls) == 4
