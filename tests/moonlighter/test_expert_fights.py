"""The expert at a critical fight (``fights.py``, its ``Spec.decide``): attack or
flee by paired playouts to the dungeon's end, greedy's move kept unless the other
is clearly better; read from the seat's view only, and answered in time."""

from __future__ import annotations

import random

from tests.moonlighter.ml_helpers import build
from tideboard.engine.rng import Rng
from tideboard.engine.search import Asked, Budget, ExpertBot
from tideboard.engine.states import evolve
from tideboard.games.moonlighter import bots, fights
from tideboard.games.moonlighter.content import ATTACK_DIE, DUNGEONS, LIVES, TILE_DIE
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.state import ATTACK, FIGHT, FLEE, State


def _fresh_fight() -> State:
    """An orange room entered at full health with the white pawn (94.7% to win):
    a critical fight (``bots.critical``)."""
    return build(
        rooms=[(1, 0, "orange")], pos=(1, 0), came_from=(0, 0), pending=FIGHT, enemies=(2, 2)
    )


def _choose(bot, state: State):
    return bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_for(state, 0))


def test_the_campaigns_value_counts_dungeons_and_lives():
    assert fights.campaign_value(DUNGEONS + 1, 1) == 1.0
    assert fights.campaign_value(1, 0) == 0.0
    for dungeon in range(1, DUNGEONS + 1):
        for lives in range(1, LIVES + 1):
            value = fights.campaign_value(dungeon, lives)
            assert 0.0 < value < 1.0
            assert value > fights.campaign_value(dungeon, lives - 1)
            assert value < fights.campaign_value(dungeon + 1, lives)


def test_a_samples_tile_die_is_the_same_whatever_the_attack_die_rolled():
    """Common dice: the rooms to come do not shift with the attack rolls a fight took."""
    quiet = fights.DiceStreams.seeded(5)
    busy = quiet
    for _ in range(7):
        _, busy = busy.roll(ATTACK_DIE)
    tiles = []
    for rng in (quiet, busy):
        faces = []
        for _ in range(20):
            face, rng = rng.roll(TILE_DIE)
            faces.append(face)
        tiles.append(faces)
    assert tiles[0] == tiles[1]
    assert len(set(tiles[0])) > 3


def test_a_critical_fight_is_judged_by_paired_playouts():
    """Each move played on the same samples to the end of the dungeon's attempt, its
    value greedy's chance to win the campaign from there (before: a search of cut
    playouts, its iterations the budget's)."""
    state = _fresh_fight()
    bot = ExpertBot(3, spec=bots.EXPERT, iterations=10 * fights.PAIR_COST)
    assert _choose(bot, state) in (ATTACK, FLEE)
    assert bot.last is not None
    assert [m.visits for m in bot.last.moves] == [10, 10]
    assert {m.action for m in bot.last.moves} == {ATTACK, FLEE}
    assert all(m.finished == 10 and 0.0 <= m.value <= 1.0 for m in bot.last.moves)


def test_greedys_move_is_left_only_when_clearly_beaten():
    def sample(gain: float) -> fights.Sample:
        return fights.Sample((0.3, 1.0), (0.3 + gain, 1.0))

    even = [sample(0.0)] * 20
    assert not fights.leaves(even)
    better = [sample(0.2), sample(0.0)] * 10  # mean 0.1, three standard errors
    assert fights.leaves(better)
    assert not fights.leaves(better[: fights.MIN_PAIRS - 1])  # too few to tell
    noisy = [sample(0.2), sample(-0.15)] * 10
    assert not fights.leaves(noisy)


def test_a_fight_kept_is_greedys_and_ranked_first():
    """Too few samples to tell (a tiny budget): greedy's move."""
    state = _fresh_fight()
    greedy = _choose(bots.GreedyBot(3), state)
    bot = ExpertBot(3, spec=bots.EXPERT, iterations=1)
    assert _choose(bot, state) == greedy
    assert bot.last is not None and bot.last.moves[0].visits == 1


def test_a_fight_reads_only_the_view():
    """Two states with the same view (their dice to come differ): the same choice and
    the same playouts, the same bot seed."""
    state = _fresh_fight()
    results = []
    for seed in (1, 99):
        bot = ExpertBot(7, spec=bots.EXPERT, iterations=8 * fights.PAIR_COST)
        move = _choose(bot, evolve(state, rng=Rng(seed)))
        assert bot.last is not None
        results.append((move, [(m.action, m.value) for m in bot.last.moves]))
    assert results[0] == results[1]


def test_a_fight_is_answered_by_its_deadline():
    """With a thinking time, the playouts stop by the deadline (a clock that moves a
    hundredth of a second each time it is read), a sample cut short left out."""
    ticks = [100.0]

    def clock() -> float:
        ticks[0] += 0.01
        return ticks[0]

    view = GAME.view(_fresh_fight(), 0)
    deadline = 100.5
    ranked = bots.EXPERT.decide(
        GAME,
        view,
        0,
        [ATTACK, FLEE],
        Asked(budget=Budget(think=0.5), deadline=deadline, rng=random.Random(2), clock=clock),
    )
    assert ranked is not None and {m.action for m in ranked} == {ATTACK, FLEE}
    assert ticks[0] <= deadline


def test_elsewhere_the_fight_judge_leaves_it_to_the_search():
    view = GAME.view(build(rooms=[(1, 0, "white")]), 0)
    legal = GAME.legal_for(view, 0)
    assert (
        bots.EXPERT.decide(
            GAME, view, 0, legal, Asked(budget=Budget(iterations=50), rng=random.Random(1))
        )
        is None
    )


def _gains(*gains: float) -> list[fights.Sample]:
    return [fights.Sample((0.3, 1.0), (0.3 + g, 1.0)) for g in gains]


def test_the_futility_bound_stops_only_where_the_other_move_is_hopeless():
    """A sequential test that only ever keeps greedy's move: not before
    ``FUTILE_FROM`` samples nor at the planned count, and not while the other move
    may still end ``LEAVE_Z`` standard errors up."""
    start = fights.FUTILE_FROM
    worse = _gains(*([-0.05, 0.0, -0.1] * 20))
    assert not fights.futile(worse[: start - 1], 60)
    assert fights.futile(worse[:start], 60)
    assert not fights.futile(worse[:60], 60)  # (all in: the full judge decides)
    even = _gains(*([0.0] * 30))
    assert fights.futile(even[:start], 60)  # no sample told the moves apart
    better = _gains(*([0.1, 0.0, -0.02] * 10))  # z 1.7 at a dozen
    assert not fights.futile(better[:start], 60)
    assert not fights.futile(better[:start], start + 4)  # close to the end, still open
    # never where the full judge would leave on these samples
    assert fights.leaves(better[:30]) and not fights.futile(better[:24], 30)


def test_the_judge_stops_early_when_the_moves_cannot_differ():
    """The same move twice: every gain 0, so the judge stops at ``FUTILE_FROM``
    samples of the 40 its budget would allow, and keeps the first move."""
    view = GAME.view(_fresh_fight(), 0)
    args = (view, (ATTACK, ATTACK), random.Random(4), bots.GreedyBot, bots.dungeons_done, 40)
    assert len(fights.paired(*args)) == 40
    stopped = fights.paired(*args, stop_futile=True)
    assert len(stopped) == fights.FUTILE_FROM
    assert not fights.leaves(stopped)
