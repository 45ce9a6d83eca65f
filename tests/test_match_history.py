"""Match history: play and undo share it instead of copying it (issue 7,
item 10), states/actions/log still read like the tuples they were, and only
checkpoints and recent states are kept, older ones replayed (issue 8)."""

from __future__ import annotations

import random
import tracemalloc
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tideboard.engine import match as match_module
from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.moonlighter.game import GAME as LIGHTER
from tideboard.games.shifting_stones.game import GAME as STONES
from tideboard.games.shifting_stones.state import Score

CONFIG = GameConfig(players=2, seed=11)


def endless(match: Match, count: int, rnd: random.Random) -> Match:
    """``count`` random moves that never score, so the game never ends."""
    for _ in range(count):
        legal = [a for a in STONES.legal_actions(match.state) if not isinstance(a, Score)]
        match = match.play(rnd.choice(legal))
    return match


def test_a_move_costs_the_same_memory_however_long_the_game():
    """The old Match copied states, actions and log at each move: a move in a
    game of 20,000 moves allocated three 20,000-item tuples (~480 KB)."""
    rnd = random.Random(3)
    match = endless(Match.start(STONES, CONFIG), 20_000, rnd)
    legal = [a for a in STONES.legal_actions(match.state) if not isinstance(a, Score)]
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        after_move = match.play(legal[0]).undo().play(legal[-1])
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    assert len(after_move.actions) == 20_001
    assert grown < 40_000, f"one move allocated {grown} bytes"


def test_play_keeps_the_match_it_came_from_unchanged():
    start = Match.start(STONES, CONFIG)
    first = start.play_text("end")
    second = first.play_text("skip")
    assert len(start.actions) == 0 and len(first.actions) == 1 and len(second.actions) == 2
    assert second.states[-2] is first.state and second.states[0] is start.state
    assert second.undo() == first and second.undo(2) == start and second.undo(9) == start
    assert first.undo(0) is first
    other = first.play_text("end")  # a branch from the same match
    assert second.actions[-1] != other.actions[-1] and first.log == tuple(first.log)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.one_of(st.integers(1, 30), st.integers(-6, -1)), max_size=12), st.integers(0, 2**32)
)
def test_history_reads_like_the_tuples_it_replaced(steps, seed):
    """A model: tuples built the old way, against the shared history."""
    rnd = random.Random(seed)
    match = Match.start(LIGHTER, GameConfig(players=1, seed=seed))
    states, actions, log = [match.state], [], []
    for step in steps:
        if step > 0:
            for _ in range(step):
                if LIGHTER.is_over(match.state):
                    break
                action = rnd.choice(LIGHTER.legal_actions(match.state))
                match = match.play(action)
                states.append(match.state)
                actions.append(action)
                log.append(match.log[-1])
        else:
            match = match.undo(-step)
            cut = min(-step, len(actions))
            if cut:
                del states[-cut:], actions[-cut:], log[-cut:]
        for seq, model in ((match.states, states), (match.actions, actions), (match.log, log)):
            model = tuple(model)
            assert len(seq) == len(model) and tuple(seq) == model and seq == model
            assert list(reversed(seq)) == list(reversed(model))
            n = len(model)
            for index in {0, n - 1, -1, -2, n // 2, -n}:
                if -n <= index < n:
                    assert seq[index] == model[index]
            for piece in (
                slice(n // 2, None),
                slice(-2, None),
                slice(1, -1),
                slice(None, 3),
                slice(n + 5, None),
                slice(None, None, 2),
                slice(3, 1),
            ):
                assert seq[piece] == model[piece], piece
            with pytest.raises(IndexError):
                seq[n]
        assert match.state == states[-1]


# -- old states: checkpoints and replays (issue 8, memory flat over a game) ----------

PLAYABLE = [gid for gid in registry.GAMES if registry.is_available(gid)]


def start_of(game_id: str, seed: int) -> Match:
    info = registry.get_info(game_id)
    return Match.start(
        registry.load(game_id),
        GameConfig(players=info.min_players, solo=info.min_players == 1 and info.solo, seed=seed),
    )


def replayed(match: Match, moves: int):
    """The state ``moves`` actions into ``match``, rebuilt from its first state."""
    state = match.states[0]
    for action in match.actions[:moves]:
        state = match.game.apply(state, action)
    return state


class Counting:
    """A game that counts the states it computes (``apply`` calls)."""

    def __init__(self, game) -> None:
        self.game, self.applied = game, 0

    def __getattr__(self, name):
        return getattr(self.game, name)

    def apply(self, state, action):
        self.applied += 1
        return self.game.apply(state, action)


def test_the_games_are_all_checked():
    assert {"shifting-stones", "moonshell", "moonlighter"} <= set(PLAYABLE)


@pytest.mark.parametrize("game_id", PLAYABLE)
@settings(max_examples=15, deadline=None)
@given(
    st.integers(2, 6),
    st.lists(
        st.one_of(st.integers(1, 40), st.integers(-25, -1), st.just(0)), min_size=1, max_size=10
    ),
    st.integers(0, 2**32),
    st.lists(st.integers(0, 10**6), min_size=3, max_size=6),
)
def test_every_state_is_the_state_its_moves_reach(game_id, every, steps, seed, picks):
    """After any play/undo/branch sequence, with checkpoints a few moves apart so
    that most states are dropped, states[i] is the state i actions reach."""
    rnd = random.Random(seed)
    with mock.patch.object(match_module, "CHECKPOINT_EVERY", every):
        match = start_of(game_id, seed)
    game, branches = match.game, [match]
    for step in steps:
        if step > 0:
            for _ in range(step):
                if game.is_over(match.state):
                    break
                match = match.play(rnd.choice(list(game.legal_actions(match.state))))
        elif step < 0:
            match = match.undo(-step)
        else:  # go back to an earlier match and branch from it
            match = rnd.choice(branches)
        branches.append(match)
    for other in (match, *rnd.sample(branches, min(3, len(branches)))):
        n = len(other.states)
        for pick in picks:
            i = pick % n
            assert other.states[i] == replayed(other, i), (i, n)
        assert other.state == replayed(other, n - 1) and other.states[-1] is other.state
        assert other.undo(picks[0] % n).state == replayed(other, n - 1 - picks[0] % n)
        every_state = tuple(other.states)
        assert len(every_state) == n
        assert every_state == tuple(reversed(list(reversed(other.states))))
        lo = picks[1] % n
        assert other.states[lo:] == every_state[lo:] and other.states[:lo] == every_state[:lo]
        assert all(every_state[i] == replayed(other, i) for i in range(0, n, max(1, n // 7)))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_long_game_keeps_checkpoints_and_recent_states_only(game_id):
    """The memory bound, counted in states: one per interval, the last one or
    two intervals, and at most one interval replayed lately (a few moves apart:
    a game of Moonshell is about 40 moves)."""
    every = 4
    rnd = random.Random(5)
    with mock.patch.object(match_module, "CHECKPOINT_EVERY", every):
        match = start_of(game_id, 5)
    game = match.game
    played = 0
    while played < 12 * every:
        if game.is_over(match.state):
            match = match.undo(rnd.randint(1, every))  # keep going: a different branch
        else:
            match = match.play(rnd.choice(list(game.legal_actions(match.state))))
            played += 1
    n = len(match.states)
    bound = n // every + 1 + 2 * every
    assert n > 3 * every and match.kept_states() <= bound
    for i in random.Random(1).sample(range(n), 20):  # replays, cached one interval at most
        match.states[i]
    assert match.kept_states() <= bound + every
    assert match.kept_states() < n // 2


def test_a_whole_moonlighter_campaign_keeps_few_states():
    from tideboard.engine.bots import make_bot

    match = Match.start(LIGHTER, GameConfig(players=1, seed=1))
    bot = make_bot(LIGHTER, "greedy", seed=97)
    while not LIGHTER.is_over(match.state):
        match = match.play(
            bot.choose(LIGHTER, LIGHTER.view(match.state, 0), 0, LIGHTER.legal_actions(match.state))
        )
    n, every = len(match.states), match_module.CHECKPOINT_EVERY
    assert n > 1000
    assert match.kept_states() <= n // every + 1 + 2 * every


def test_undo_across_a_checkpoint():
    every = match_module.CHECKPOINT_EVERY
    start = Match.start(STONES, CONFIG)
    match = endless(start, 3 * every + 5, random.Random(8))
    states = []
    state = start.state
    for action in match.actions:
        states.append(state)
        state = STONES.apply(state, action)
    states.append(state)
    for count in (1, 5, 6, 7, every, every + 6, 2 * every + 5, 2 * every + 6, 3 * every + 5):
        back = match.undo(count)
        assert back.state == states[-1 - count] and len(back.states) == len(states) - count
        assert back.states[-2:] == tuple(states[-2 - count : -count]) or len(back.states) < 2
    # across the checkpoint from the side after it, one move at a time
    back = match.undo(5)  # the checkpoint at 3 * every
    assert back.state is back.undo(0).state and back.state == states[3 * every]
    before = back.undo()
    assert before.state == states[3 * every - 1]
    assert before.play(match.actions[3 * every - 1]).state == back.state
    # an old match still reads its own states after a branch cleared shared ones
    old = match.undo(every + 6)
    branch = old.undo(3)
    for _ in range(3 * every):
        branch = branch.play(rnd_move(branch))
    assert old.states == tuple(states[: len(old.states)]) and old.state == states[2 * every - 1]


def rnd_move(match: Match, rnd=random.Random(4)):
    legal = [a for a in STONES.legal_actions(match.state) if not isinstance(a, Score)]
    return rnd.choice(legal)


def test_recent_states_and_undo_replay_nothing():
    """Undo within the recent moves and the last states read what is kept."""
    counting = Counting(STONES)
    match = endless(
        Match.start(counting, CONFIG), 5 * match_module.CHECKPOINT_EVERY + 3, random.Random(2)
    )
    counting.applied = 0
    for count in range(match_module.CHECKPOINT_EVERY):
        back = match.undo(count)
        back.states[-1], back.states[-2:], list(back.log[-3:])
    assert counting.applied == 0


def test_stepping_through_old_states_replays_one_move_per_step():
    """The replay screen steps through states[i] one by one, either way: each
    step replays at most one move (the last replayed segment is kept)."""
    every = match_module.CHECKPOINT_EVERY
    counting = Counting(STONES)
    match = endless(Match.start(counting, CONFIG), 4 * every, random.Random(6))
    total = len(match.actions)
    counting.applied = 0
    for position in range(total, -1, -1):  # backwards
        match.undo(total - position).state
    assert counting.applied <= total + every
    counting.applied = 0
    for position in range(total + 1):  # forwards
        match.undo(total - position).state
    assert counting.applied <= total + every
    counting.applied = 0
    for position in (every + 3, every + 2, every + 3, every + 4, every + 3):  # to and fro
        match.states[position]
    assert counting.applied <= every


def test_an_old_state_replays_at_most_one_interval():
    every = match_module.CHECKPOINT_EVERY
    counting = Counting(STONES)
    match = endless(Match.start(counting, CONFIG), 8 * every, random.Random(7))
    for position in (3 * every - 1, every + 1, 5 * every + every // 2, 2 * every - 1, 1):
        counting.applied = 0
        assert match.states[position] == replayed(match, position)
        assert counting.applied - position <= every - 1  # replayed() applied ``position``


@pytest.mark.parametrize("game_id", PLAYABLE)
@settings(max_examples=10, deadline=None)
@given(
    st.integers(2, 6),
    st.lists(
        st.one_of(st.integers(1, 40), st.integers(-25, -1), st.just(0)), min_size=1, max_size=10
    ),
    st.integers(0, 2**32),
)
def test_old_log_lines_read_back_as_they_were_written(game_id, every, steps, seed):
    """Old moves' lines are kept compressed a run at a time: after any play/undo/branch
    sequence every match reads its own lines, whole, sliced, by index and reversed."""
    rnd = random.Random(seed)
    with mock.patch.object(match_module, "CHECKPOINT_EVERY", every):
        match = start_of(game_id, seed)
    game, branches = match.game, [match]
    written = {id(match): (match, ())}  # match -> its lines as read when each was new
    for step in steps:
        if step > 0:
            for _ in range(step):
                if game.is_over(match.state):
                    break
                lines = written[id(match)][1] if id(match) in written else tuple(match.log)
                match = match.play(rnd.choice(list(game.legal_actions(match.state))))
                written[id(match)] = (match, (*lines, match.log[-1]))
        elif step < 0:
            match = match.undo(-step)
        else:
            match = rnd.choice(branches)
        branches.append(match)
    for other in branches:
        n = len(other.actions)
        model = tuple(
            game.describe(other.states[i], other.actions[i], other.states[i + 1]) for i in range(n)
        )
        assert other.log == model and tuple(reversed(other.log)) == model[::-1]
        assert all(other.log[i] == model[i] for i in range(0, n, max(1, n // 5)))
        assert other.log[n // 3 :] == model[n // 3 :]
        assert other.log == written.get(id(other), (other, model))[1]


def test_a_campaign_keeps_equal_actions_once_and_old_lines_packed():
    from tideboard.engine.bots import make_bot

    match = Match.start(LIGHTER, GameConfig(players=1, seed=1))
    bot = make_bot(LIGHTER, "greedy", seed=97)
    while not LIGHTER.is_over(match.state):
        match = match.play(
            bot.choose(LIGHTER, LIGHTER.view(match.state, 0), 0, LIGHTER.legal_actions(match.state))
        )
    actions = list(match.actions)
    assert len({id(action) for action in actions}) == len(set(actions)) < 50
    step, plain = match._tip, 0
    while step is not None:
        plain += isinstance(step.line, str)
        step = step.before
    assert (
        plain <= len(actions) // match_module.CHECKPOINT_EVERY + 2 * match_module.CHECKPOINT_EVERY
    )
