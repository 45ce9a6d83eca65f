"""Random legal play never breaks what must always hold (issue 10: 72 cards conserved,
never two pearls on an area, oxygen never negative), and the bots."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.animal_splash.as_helpers import all_main_cards
from tests.round_trip import through_a_record
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.simulate import simulate
from tideboard.games.animal_splash.content import MAIN, MISSIONS
from tideboard.games.animal_splash.game import GAME
from tideboard.games.animal_splash.scoring import mission_points
from tideboard.games.animal_splash.state import EMPTY, End


def check(state, start_cards: set[int]) -> None:
    # the 72 main cards, each exactly once, in the grid, the pile and the tableaus
    ids = all_main_cards(state)
    assert Counter(ids) == Counter(c.id for c in MAIN)
    # the start cards dealt stay in play (in a tableau or, swapped, in the grid)
    in_play = {cid for t in state.tableaus for cid in t} | set(state.grid)
    assert start_cards <= in_play
    assert list(state.grid).count(EMPTY) <= 1
    # never two pearls on one area: each area is in exactly one holder's set, and
    # every pearl lies on a card its holder has
    flat = [p for held in state.pearls for p in held]
    assert len(flat) == len(set(flat))
    for seat in range(state.players):
        assert {p // 2 for p in state.pearls[seat]} <= set(state.tableaus[seat])
    assert {p // 2 for p in state.pearls[state.players]} <= set(state.grid)
    # oxygen never negative
    assert min(state.oxygen) >= 0
    # scores: pearls and missions (and the end card once over)
    if not state.over:
        assert GAME.scores(state) == tuple(
            len(state.pearls[s]) + mission_points(state, s) for s in range(state.players)
        )
    # one mission per colour group
    for held in state.held:
        groups = [MISSIONS[m].group for m in held]
        assert len(groups) == len(set(groups))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**64 - 1), eager=st.floats(0, 1))
def test_random_play_keeps_cards_pearls_and_oxygen_sound(players, seed, eager):
    rnd = random.Random(seed)
    state = GAME.setup(GameConfig(players=players, seed=seed))
    start_cards = {t[0] for t in state.tableaus}
    for _ in range(2000):
        check(state, start_cards)
        if state.over:
            break
        legal = GAME.legal_actions(state)
        assert legal and len(legal) == len(set(legal))
        ends = [a for a in legal if isinstance(a, End)]
        action = rnd.choice(ends) if ends and rnd.random() < eager else rnd.choice(legal)
        state = GAME.apply(state, action)
    assert state.over


def test_a_seed_and_the_moves_rebuild_the_game():
    match = Match.start(GAME, GameConfig(players=3, seed=12))
    rnd = random.Random(2)
    for _ in range(60):
        match = match.play(rnd.choice(GAME.legal_actions(match.state)))
    again = through_a_record(match)
    assert again.state == match.state and again.log == match.log


def test_log_lines_for_every_kind_of_action():
    rnd = random.Random(5)
    state = GAME.setup(GameConfig(players=2, seed=5))
    seen = {}
    while not state.over:
        action = rnd.choice(GAME.legal_actions(state))
        after = GAME.apply(state, action)
        seen.setdefault(type(action).__name__, GAME.describe(state, action, after))
        state = after
    assert {"Dive", "Take", "End"} <= set(seen)
    assert seen["Take"].startswith("Player ") and " to the " in seen["Take"]


def test_bots_play_whole_games_with_legal_moves_in_any_seat():
    for players in (2, 5):
        for levels in (["greedy"] * players, ["random", "greedy"] * 3):
            report = simulate(GAME, GameConfig(players=players, seed=3), levels[:players], 2)
            assert report["games"] == 2 and report["unfinished"] == 0


def test_greedy_beats_random_most_of_the_time():
    report = simulate(GAME, GameConfig(players=2, seed=100), ["greedy", "random"], 20)
    greedy, random_ = report["seats"]
    assert greedy["wins"] >= 15 and greedy["mean_score"] > 2 * random_["mean_score"], report


def test_greedy_scores_a_group_when_it_can():
    from tests.animal_splash.as_helpers import make_state, row

    fish = row("red fish, anchor, kelp; yellow fish, anchor, grass; blue fish, reef, lettuce")
    state = make_state([fish, row("red crab, reef, moss")])
    bot = make_bot(GAME, "greedy", 1)
    action = bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state))
    assert type(action).__name__ == "Score"
