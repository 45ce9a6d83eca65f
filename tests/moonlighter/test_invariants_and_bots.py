"""Invariants under random legal play, and the bots."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.simulate import play_out, simulate
from tideboard.games.moonlighter.content import (
    DUNGEONS,
    LIVES,
    LOOT_PAWNS,
    PAWN_WHITE,
    ROLL_LIMIT,
    STEP,
    SUPPLY,
)
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.rules import count_tiles, pool_size, supply_left
from tideboard.games.moonlighter.state import EXPLORE, FIGHT, LOOT, PLACE


def check_invariants(s):
    # tiles never exceed the supply, and rooms never overlap
    for tile, total in SUPPLY.items():
        assert 0 <= supply_left(s, tile) <= total, tile
    assert len(set(s.cells)) == len(s.cells) == len(s.rooms)
    assert s.cells == tuple(r.pos for r in s.rooms)
    assert count_tiles(s, "blue") <= 1 and count_tiles(s, "red") <= 1
    assert count_tiles(s, "yellow") <= 4
    # the map is connected, and the player is on it
    assert s.pos in s.cells
    seen, todo = {s.cells[0]}, [s.cells[0]]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEP.values():
            n = (x + dx, y + dy)
            if n in s.cells and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(s.cells)
    # health and counters within bounds
    assert 0 <= s.health <= s.max_health
    assert s.health > 0 or s.over
    assert s.max_health == 5 + s.dungeon - 1 + (2 if s.pawn == "pink" else 0)
    assert 0 <= s.pool <= pool_size(s.dungeon)
    assert all(0 <= e <= 2 for e in s.enemies)
    assert 1 <= s.dungeon <= DUNGEONS and 0 <= s.cleared <= s.best <= DUNGEONS
    assert 0 <= s.lives <= LIVES and 0 <= s.rolls <= ROLL_LIMIT
    # pawns are unique pieces
    lying = [r.pawn for r in s.rooms if r.pawn is not None]
    assert s.pawn in (PAWN_WHITE,) + LOOT_PAWNS and len(set(lying + [s.pawn])) == len(lying) + 1
    assert all(r.tile == "yellow" for r in s.rooms if r.pawn is not None)
    # the pending choice matches the room
    if not s.over:
        assert GAME.legal_actions(s)
        if s.pending == PLACE:
            assert s.tile in SUPPLY
        elif s.pending == FIGHT:
            assert s.room.hostile or s.room.tile == "red"
        elif s.pending == LOOT:
            assert s.room.tile == "yellow" and s.room.pawn is not None
        else:
            assert s.pending == EXPLORE and not s.room.hostile and s.tile is None


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_invariants_hold_under_random_legal_play(seed, choice_seed):
    rnd = random.Random(choice_seed)
    state = GAME.setup(GameConfig(players=1, seed=seed))
    check_invariants(state)
    for _ in range(400):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
        check_invariants(state)


def test_random_play_always_ends_well_before_the_action_limit():
    for seed in range(30):
        state, actions = play_out(
            GAME, GAME.setup(GameConfig(players=1, seed=seed)), [make_bot(GAME, "random", seed)]
        )
        assert GAME.is_over(state) and actions < 5000


def test_bot_levels_are_random_easy_greedy_and_expert():
    assert set(GAME.bot_factories()) == {"random", "easy", "greedy", "expert"}


def test_greedy_clearly_beats_random():
    config = GameConfig(players=1, seed=100)
    greedy = simulate(GAME, config, ["greedy"], 12)
    rand = simulate(GAME, config, ["random"], 12)
    assert greedy["unfinished"] == 0 and rand["unfinished"] == 0
    assert greedy["seats"][0]["mean_score"] >= 500 + rand["seats"][0]["mean_score"]


def test_greedy_flees_a_hopeless_fight_and_heals_when_low():
    from tests.moonlighter.ml_helpers import build

    bot = make_bot(GAME, "greedy", 1)
    s = build(
        rooms=[(1, 0, "orange"), (-1, 0, "blue")],
        pos=(1, 0),
        came_from=(0, 0),
        pending="fight",
        enemies=(2, 2),
        health=1,
    )
    assert GAME.format_action(bot.choose(GAME, s, 0, GAME.legal_actions(s))) == "flee"
    s = build(rooms=[(-1, 0, "blue")], health=1)
    assert GAME.format_action(bot.choose(GAME, s, 0, GAME.legal_actions(s))) == "move w"
    s = build(rooms=[(-1, 0, "blue")], health=5)
    assert GAME.format_action(bot.choose(GAME, s, 0, GAME.legal_actions(s))) == "roll"


def test_greedy_fetches_the_red_pawn_before_the_boss():
    from tests.moonlighter.ml_helpers import build, greens

    bot = make_bot(GAME, "greedy", 1)
    s = build(rooms=greens(10) + [(-1, 0, "yellow", False, "red")])
    assert GAME.format_action(bot.choose(GAME, s, 0, GAME.legal_actions(s))) == "move w"


def test_invariants_hold_through_long_greedy_campaigns():
    deepest = 1
    for seed in (1, 2, 3):
        bot = make_bot(GAME, "greedy", seed)
        state = GAME.setup(GameConfig(players=1, seed=seed))
        while not GAME.is_over(state):
            state = GAME.apply(
                state, bot.choose(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state))
            )
            check_invariants(state)
            deepest = max(deepest, state.dungeon)
    assert deepest >= 2  # later dungeons (bigger health, pool and boss) were checked too
