"""Notation, the engine contract (view, determinism, JSON, log lines) and the CLI."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.moonlighter.ml_helpers import build, fresh, play
from tests.round_trip import through_a_record
from tideboard.cli import main
from tideboard.engine.core import GameConfig, IllegalAction, NotationError
from tideboard.engine.match import Match
from tideboard.engine.rng import Rng
from tideboard.files.rules_pages import rules_markdown
from tideboard.games.moonlighter.game import GAME
from tideboard.games.moonlighter.state import Move, Place

ALL = [
    "roll",
    "place n",
    "place e",
    "place s",
    "place w",
    "move n",
    "move e",
    "move s",
    "move w",
    "attack",
    "flee",
    "switch",
    "keep",
]


@pytest.mark.parametrize("text", ALL)
def test_notation_round_trips(text):
    assert GAME.format_action(GAME.parse_action(fresh(), text)) == text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("ROLL", "roll"),
        ("r", "roll"),
        ("a", "attack"),
        (" Move  North ", "move n"),
        ("go w", "move w"),
        ("place south", "place s"),
    ],
)
def test_notation_accepts_short_and_long_forms(text, canonical):
    assert GAME.format_action(GAME.parse_action(fresh(), text)) == canonical


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty move"),
        ("dance", "unknown move"),
        ("move", "takes one side"),
        ("move up", "not a side"),
        ("roll 3", "takes no argument"),
        ("place n e", "one side"),
    ],
)
def test_notation_errors_say_what_is_expected(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(fresh(), text)


@settings(max_examples=30, deadline=None)
@given(st.text(max_size=12), st.integers(0, 40))
def test_arbitrary_text_gives_only_notation_or_illegal_errors(text, steps):
    state = _random_state(steps)
    legal = set(GAME.legal_actions(state))
    applied = 0
    for candidate in (text, "move " + text, "place " + text, *ALL):
        try:
            action = GAME.parse_action(state, candidate)
        except NotationError as error:
            assert str(error)
            continue
        try:
            after = GAME.apply(state, action)
        except IllegalAction as error:
            assert str(error)  # a reason for the player
            assert action not in legal, f"{candidate!r} is listed but refused: {error}"
        else:
            assert action in legal, f"{candidate!r} applies but is not a listed move"
            assert after != state
            assert GAME.parse_action(state, GAME.format_action(action)) == action
            applied += 1
    # every listed move is among ALL's words: each one of them applied
    assert GAME.is_over(state) or applied >= len(legal)


def test_bad_sides_built_by_hand_are_illegal_not_crashes():
    with pytest.raises(IllegalAction, match="not a side"):
        GAME.apply(build(), Move("x"))
    s = play(build(dice=("tile", 1)), "roll")
    with pytest.raises(IllegalAction, match="not a side"):
        GAME.apply(s, Place("up"))
    with pytest.raises(IllegalAction, match="not a Moonlighter move"):
        GAME.apply(build(), "roll")


def _random_state(steps: int, seed: int = 5):
    rnd = random.Random(seed)
    state = GAME.setup(GameConfig(players=1, seed=seed))
    for _ in range(steps):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, rnd.choice(GAME.legal_actions(state)))
    return state


def test_every_legal_action_applies_and_illegal_ones_raise():
    state = _random_state(25, seed=11)
    legal = set(GAME.legal_notation(state))
    for text in ALL:
        action = GAME.parse_action(state, text)
        if text in legal:
            GAME.apply(state, action)
        else:
            with pytest.raises(IllegalAction):
                GAME.apply(state, action)


def test_same_seed_same_actions_same_game():
    a, b = _random_state(60, seed=3), _random_state(60, seed=3)
    assert a == b
    assert _random_state(60, seed=3) != _random_state(60, seed=4)


def test_view_hides_only_the_generator():
    state = _random_state(30)
    seen = GAME.view(state, 0)
    assert seen.rng == Rng(0) and seen.rooms == state.rooms and seen.health == state.health


def test_player_is_seat_0():
    assert GAME.to_move(fresh()) == (0,)


def test_to_json_is_json_ready_and_readable():
    state = _random_state(40, seed=2)
    data = GAME.to_json(state)
    json.dumps(data)
    assert {"campaign", "player", "dungeon", "rooms", "pending", "last_rolls"} <= set(data)
    assert data["player"]["health"] == state.health
    assert len(data["rooms"]) == len(state.rooms)


def test_describe_says_what_was_rolled_and_what_it_meant():
    s0 = build(dice=("tile", 4, "attack", 5))
    s1 = play(s0, "roll")
    line = GAME.describe(s0, GAME.parse_action(s0, "roll"), s1)
    assert line.startswith("roll:") and "Tile die 4" in line and "orange" in line
    s2 = play(s1, "place n")
    s3 = play(s2, "attack")
    line = GAME.describe(s2, GAME.parse_action(s2, "attack"), s3)
    assert "Attack die 5" in line and "hits you" in line and "4 of 5" in line


def test_undoable_only_when_no_die_was_rolled():
    s0 = build(rooms=[(1, 0, "white")], dice=("tile", 1))
    s1 = play(s0, "move e")
    assert GAME.undoable(s0, GAME.parse_action(s0, "move e"), s1)
    s2 = play(s0, "roll")
    assert not GAME.undoable(s0, GAME.parse_action(s0, "roll"), s2)


def test_match_record_replays():
    match = Match.start(GAME, GameConfig(players=1, seed=9))
    rnd = random.Random(1)
    for _ in range(40):
        if GAME.is_over(match.state):
            break
        match = match.play(rnd.choice(GAME.legal_actions(match.state)))
    again = through_a_record(match)
    assert again.state == match.state


def test_cli_script_json_and_bad_move_exits_3(tmp_path):
    runner = CliRunner()
    moves = tmp_path / "moves.txt"
    moves.write_text("roll\n")
    result = runner.invoke(
        main, ["script", "moonlighter", "--seed", "3", "--moves", str(moves), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["view"]["pending"] == "place" and data["moves"] == 1
    moves.write_text("roll\nattack\n")
    result = runner.invoke(main, ["script", "moonlighter", "--seed", "3", "--moves", str(moves)])
    assert result.exit_code == 3 and "line 2" in result.output
    moves.write_text("roll\njump\n")
    result = runner.invoke(main, ["script", "moonlighter", "--seed", "3", "--moves", str(moves)])
    assert result.exit_code == 3 and "unknown move" in result.output


def test_rules_page_exists_and_lists_interpretations():
    text = rules_markdown("moonlighter")
    assert text is not None
    assert "Interpretations" in text and "orange pawn" in text.lower()
