"""Hints (issue #21): the expert's top three moves for the seat to move, from its
view only, each worded as the log words it and with why."""

from __future__ import annotations

import asyncio
import importlib
import random
import re

import attrs
import pytest

from tideboard.engine.core import GameConfig
from tideboard.engine.hints import hints, move_words, why
from tideboard.engine.registry import load
from tideboard.engine.search import Budget, Ranked, search
from tideboard.engine.thinking import rank
from tideboard.games.moonlighter.content import greens_for_boss

from .test_sampling import CASES, positions

BUDGET = Budget(iterations=40)


def _position(game, config, wanted=4):
    for state, seat in positions(game, config, games=1, every=7, limit=120):
        if len(game.legal_for(state, seat)) >= wanted:
            return state, seat
    raise AssertionError("no position with a choice")


def _rank(game, view, seat, legal, seed=5):
    return asyncio.run(rank(game, view, seat, legal, BUDGET, seed))


def test_the_search_reports_points_and_wins_per_root_move():
    """Playouts to the end: each root move's mean points, finished playouts and win
    rate are those of its playouts."""
    game = load("shifting-stones")
    state = game.setup(GameConfig(players=2, seed=8))
    from tideboard.engine.bots import make_bot

    bots = [make_bot(game, "greedy", seat) for seat in range(2)]
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        legal = game.legal_for(state, seat)
        if sum(game.scores(state)) >= 8 and len(legal) >= 3:
            break
        state = game.apply(state, bots[seat].choose(game, state, seat, legal))
    seat = game.to_move(state)[0]
    view = game.view(state, seat)
    # (every playout to the end; the search, not the turn's plan that decides at a table)
    spec = attrs.evolve(_spec(game), horizon=10_000, decide=None)
    result = search(game, view, seat, game.legal_for(state, seat), spec, random.Random(2), BUDGET)
    tried = [m for m in result.moves if m.visits]
    assert sum(m.visits for m in tried) == result.iterations
    for m in tried:
        assert m.finished == m.visits
        assert 0.0 <= m.wins <= 1.0
        assert m.points >= game.scores(view)[seat]  # (points are never lost)
    assert any(0.0 < m.wins for m in tried)


def _spec(game):
    package = game.info.id.replace("-", "_")
    return importlib.import_module(f"tideboard.games.{package}.bots").EXPERT


@pytest.mark.parametrize(("game_id", "config"), CASES, ids=lambda c: str(c))
def test_three_hints_legal_distinct_best_first(game_id, config):
    game = load(game_id)
    state, seat = _position(game, config)
    legal = game.legal_for(state, seat)
    view = game.view(state, seat)
    result = _rank(game, view, seat, legal)
    shown = hints(game, view, seat, result)
    # fewer than three only where the moves past the last line read like it (past
    # the dozen a hint looks at: Moonshell's plan reaches one end of the turn by many
    # orders of its actions) or were not tried (Shifting Stones solo: its plan ranks a dozen)
    assert 1 <= len(shown) <= 3
    ranked = [m.action for m in result.moves]
    if len(shown) < 3:
        past = result.moves[ranked.index(shown[-1].action) + 1 :]
        assert all(not m.visits for m in past) or " (just as good: " in shown[-1].words, shown
    assert all(h.why != "not looked at" for h in shown[1:])
    actions = [h.action for h in shown]
    assert all(a in legal for a in actions) and len(set(actions)) == len(shown)
    # the search's best first, in its order (moves between two hints with the first's
    # figures are named in it as just as good)
    places = [ranked.index(a) for a in actions]
    assert places[0] == 0 and places == sorted(places)
    for hint, place, after in zip(shown, places[:-1], places[1:], strict=False):
        assert (" (just as good: " in hint.words) == (after - place > 1), hint.words
    visits = [result.moves[n].visits for n in places]
    assert visits == sorted(visits, reverse=True) and visits[0] > 0
    assert all(a.why != b.why for a, b in zip(shown, shown[1:]))
    assert len({h.words for h in shown}) == len(shown) and all(h.why for h in shown)


def test_the_words_are_the_logs():
    """Shifting Stones words a move as its log does, without the player's name (and
    the cards its turn's plan goes on to score: "..., to score card 53"), and why by
    the points the plan's turn scores."""
    game = load("shifting-stones")
    state, seat = _position(game, GameConfig(players=3))
    view = game.view(state, seat)
    for hint in hints(game, view, seat, _rank(game, view, seat, game.legal_for(state, seat))):
        line = game.describe(state, hint.action, game.apply(state, hint.action))
        words, _, aim = hint.words.partition(", to score card")
        assert line == f"Player {seat + 1}: {words}"
        assert re.fullmatch(r"scores \w+ this turn(, [0-9.]+ worse)?", hint.why), hint.why


def test_words_that_depend_on_chance_are_the_notation():
    """Moonlighter's roll is logged with the die it rolls: a hint names the move only."""
    game = load("moonlighter")
    state = game.setup(GameConfig(players=1, seed=3))
    roll = next(a for a in game.legal_for(state, 0) if game.format_action(a) == "roll")
    assert move_words(game, game.view(state, 0), 0, roll) == "roll"


@pytest.mark.parametrize(("game_id", "config"), CASES[:5], ids=lambda c: str(c))
def test_hints_read_only_the_view(game_id, config):
    """Two real states with the same view for the seat: the same hints."""
    game = load(game_id)
    sampling = importlib.import_module(f"tideboard.games.{game_id.replace('-', '_')}.sampling")
    state, seat = _position(game, config)
    view = game.view(state, seat)
    other = sampling.determinize(view, seat, random.Random(9))
    assert game.view(other, seat) == view
    if game.info.hidden_information:
        assert other != state
    shown = []
    for real in (state, other):
        seen = game.view(real, seat)
        shown.append(hints(game, seen, seat, _rank(game, seen, seat, game.legal_for(real, seat))))
    assert shown[0] == shown[1]


def test_why_in_words():
    move = Ranked("m", visits=10, value=0.6, points=67.4, finished=5, wins=0.64)
    # (5 of its 10 playouts finished: the points are a few turns on)
    assert why(move, 62, solo=False) == "score 62 now: +5 a few turns on, wins 64%"
    assert why(move, 62, solo=True) == "near 67 a few turns on, wins 64%"
    unfinished = Ranked("m", visits=10, value=0.6, points=9.0)
    assert why(unfinished, 12, solo=False) == "score 12 now: -3 a few turns on, wins ~60%"
    assert why(unfinished, 12, solo=True) == "near 9 a few turns on"
    assert why(unfinished, None, solo=False) == "about 9 points a few turns on, wins ~60%"
    every = Ranked("m", visits=10, value=0.6, points=67.4, finished=10, wins=0.5)
    assert why(every, 62, solo=False) == "score 62 now: +5 by the end, wins 50%"
    assert why(Ranked("m", 0, 0.0), 12, solo=False) == "not looked at"
    # (a game that counts its points now otherwise than its score: the change from that)
    assert (
        why(unfinished, 12, solo=False, base=-8.4) == "score 12 now: +17 a few turns on, wins ~60%"
    )
    assert why(every, 62, solo=False, base=60.0) == "score 62 now: +7 by the end, wins 50%"


def test_mermaid_rains_hints_count_the_points_now_as_the_playouts_do():
    """Early in Mermaid Rain, with every tribute still to pay, the points where a
    playout was cut count the tribute and the majorities and the score (the track)
    does not: a hint's change a few turns on is from the points counted now, and the
    move's line gains (it read "score 0 now: -4 a few turns on")."""
    from tideboard.games.mermaid_rain.bots import EXPERT, evaluate

    game = load("mermaid-rain")
    state = game.setup(GameConfig(players=3, seed=2))
    seat = game.to_move(state)[0]
    view = game.view(state, seat)
    legal = game.legal_for(state, seat)
    result = search(game, view, seat, legal, EXPERT, random.Random(5), Budget(iterations=60))
    score, counted = game.scores(view)[seat], evaluate(game, view)[seat]
    assert counted < score - 10  # (the tributes to pay)
    shown = hints(game, view, seat, result)
    for hint, move in zip(shown, result.moves, strict=False):
        change = round(move.points - counted)
        assert hint.why.startswith(f"score {score} now: {change:+d} a few turns on, wins ~")
        assert change > 0


def test_a_log_line_that_names_the_player_without_a_colon_loses_the_name():
    """Moonshell logs "Player 2 pulls column 4: ...": the hint says "pulls column 4: ..."."""
    game = load("moonshell")
    state, seat = _position(game, GameConfig(players=2))
    view = game.view(state, seat)
    for action in game.legal_for(state, seat)[:10]:
        words = move_words(game, view, seat, action)
        assert not words.startswith(("Player", "You ")), words


def test_one_legal_move_is_the_only_move():
    game = load("shifting-stones")
    state, seat = _position(game, GameConfig(players=2))
    only = game.legal_for(state, seat)[:1]
    result = _rank(game, game.view(state, seat), seat, only)
    (hint,) = hints(game, game.view(state, seat), seat, result)
    assert hint.action == only[0] and hint.why == "the only move"


def test_moves_the_log_hides_are_named_by_their_notation_or_the_games_words():
    """Moonshell's log hides which objective was kept: its hints name it by the
    notation (without the seat).  Mermaid Rain's hides which cards were shown, and its
    hints say them in words ("start your meld with two Dolphins", not "show dd")."""
    from tideboard.games.mermaid_rain.content import MELD_NAMES
    from tideboard.games.mermaid_rain.logline import own_choice_words

    for game_id, config in (
        ("moonshell", GameConfig(players=2, seed=4)),
        ("mermaid-rain", GameConfig(players=3, seed=4)),
    ):
        game = load(game_id)
        state = game.setup(config)
        seat = game.to_move(state)[0]
        view = game.view(state, seat)
        shown = hints(game, view, seat, _rank(game, view, seat, game.legal_for(state, seat)))
        for hint in shown:
            if game_id == "moonshell":
                assert hint.words == game.format_action(hint.action).removeprefix(f"p{seat + 1} ")
            else:  # (and the meld the plan aims at: "..., aiming at a Mermaid Squall")
                words, aim = hint.words.split(", aiming at ")
                assert words == own_choice_words(hint.action)
                assert words.startswith("start your meld with ")
                assert aim.split(" ", 1)[1] in MELD_NAMES, aim
        assert len({h.words for h in shown}) == len(shown) >= 2


def test_mermaid_rains_own_hidden_choices_in_words():
    from tideboard.games.mermaid_rain.logline import own_choice_words
    from tideboard.games.mermaid_rain.state import Keep, Show

    assert own_choice_words(Show(0, (0, 0))) == "start your meld with two Dolphins"
    assert own_choice_words(Show(1, (1, 2))) == "start your meld with a Seagull and a Sea Turtle"
    assert own_choice_words(Show(0, (2,))) == "add a Sea Turtle to your meld"
    assert own_choice_words(Show(0, (3,))) == "stop your meld (the Mermaid card)"
    assert own_choice_words(Keep(2, (0, 1))) == "keep a Dolphin and a Seagull"


def test_moonlighters_hints_read_as_the_dungeons_progress():
    """Moonlighter's search judges a cut playout on a scale of its own (the lives and
    health weighed in): a hint tells how far the dungeon is done now and the change,
    in a dungeon's share, not "near 1451" with the score at 0."""
    game = load("moonlighter")
    bots = importlib.import_module("tideboard.games.moonlighter.bots")
    state = game.setup(GameConfig(players=1, seed=4))
    greedy = bots.GreedyBot(4)
    while len(game.legal_for(state, 0)) < 2 or not any(r.cleared for r in state.rooms):
        state = game.apply(state, greedy.choose(game, state, 0, game.legal_for(state, 0)))
    view = game.view(state, 0)
    legal = game.legal_for(state, 0)
    result = search(game, view, 0, legal, bots.EXPERT, random.Random(3), Budget(iterations=12))
    shown = hints(game, view, 0, result)
    greens = sum(1 for room in view.rooms if room.cleared)
    done = round(100 * 0.5 * greens / greens_for_boss(1))
    assert 0 < done < 50  # (a green room or more, short of the boss)
    for hint in shown:
        found = re.fullmatch(
            r"dungeon 1 (\d+)% done now: ([+-]\d+)% of a dungeon a few turns on", hint.why
        )
        assert found, hint.why
        assert int(found[1]) == done
        assert -100 <= int(found[2]) <= 200  # (a death restarts the run; a boss is a dungeon)


def test_moonlighters_why_in_words():
    bots = importlib.import_module("tideboard.games.moonlighter.bots")
    view = load("moonlighter").setup(GameConfig(players=1, seed=1))
    view = attrs.evolve(view, dungeon=2, cleared=1)
    now = bots.dungeons_done(None, view)[0]
    assert now == 1.0  # (dungeon 2 just begun: no green room yet)
    move = Ranked("m", visits=10, value=0.6, points=1.2, finished=2, wins=0.5)
    assert bots.hint_why(view, move) == (
        "dungeon 2 0% done now: +20% of a dungeon a few turns on, wins the campaign 50%"
    )
    lost = Ranked("m", visits=4, value=0.1, points=0.3)  # (deaths restart the run)
    assert bots.hint_why(view, lost) == "dungeon 2 0% done now: -70% of a dungeon a few turns on"
    assert bots.hint_why(view, Ranked("m", 0, 0.0)) == "not looked at"


def test_mermaid_rains_meld_hints_name_the_meld_the_plan_aims_at():
    from tideboard.games.mermaid_rain.meld_plan import aim
    from tideboard.games.mermaid_rain.state import Show

    assert aim(Show(0, (0, 0)), (4, 0, 0)) == "aiming at a Mermaid Squall"
    assert aim(Show(0, (1,)), (3, 2, 0)) == "aiming at an Ocean March"
    assert aim(Show(0, (0, 1)), (1, 1, 0)) == "aiming at an Octopus"
    assert aim(Show(0, (3,)), (2, 0, 0)) == ""  # (the Mermaid card stops the meld as it is)


def test_a_hint_that_reads_better_than_the_first_says_it_is_less_sure():
    """The first hint is the move the search tried most (the one it would play); a
    later one whose playouts read better, over fewer of them, says so, so that a
    player does not wonder why "wins ~60%" comes after "wins ~57%" (found playing
    Animal Splash against the expert)."""
    from tideboard.engine.search import Result

    game = load("animal-splash")
    state = game.setup(GameConfig(players=2, seed=21))
    seat = game.to_move(state)[0]
    view, legal = game.view(state, seat), game.legal_for(state, seat)
    assert len(legal) >= 3
    moves = (
        Ranked(legal[0], visits=380, value=0.57, points=8.0),
        Ranked(legal[1], visits=40, value=0.60, points=9.0),
        Ranked(legal[2], visits=30, value=0.55, points=7.0),
    )
    shown = hints(game, view, seat, Result(moves, 450, 1.0))
    assert [h.action for h in shown] == list(legal[:3])
    assert shown[1].why.endswith("wins ~60%; less sure: 40 tries to the first's 380")
    assert "less sure" not in shown[0].why and "less sure" not in shown[2].why
    # (a plan's moves, judged once each, are not compared so)
    planned = tuple(attrs.evolve(m, visits=1) for m in moves)
    assert not any("less sure" in h.why for h in hints(game, view, seat, Result(planned, 3, 0.0)))


def test_animal_splash_words_an_end_of_the_turn_as_the_log_does_not_its_notation():
    """An end of the turn's log line also names the card the refill draws, which the
    seat cannot know: its hint is the move's own words, not "mission 13" (found
    playing: the hint read "mission 13" where the panel numbers missions 1-3)."""
    from tideboard.engine.bots import make_bot
    from tideboard.engine.plurals import plural
    from tideboard.games.animal_splash.content import MISSIONS
    from tideboard.games.animal_splash.state import ACT, End

    game = load("animal-splash")
    for seed in range(1, 30):
        state = game.setup(GameConfig(players=2, seed=seed))
        bots = [make_bot(game, "greedy", seat) for seat in range(2)]
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_for(state, seat)
            taken = [a for a in legal if isinstance(a, End) and a.mission]
            if state.phase == ACT and taken:
                view = game.view(state, seat)
                assert move_words(game, view, seat, End(0)) == "end the turn"
                card = MISSIONS[taken[0].mission]
                assert move_words(game, view, seat, taken[0]) == (
                    f'take the mission "{card.text}" ({plural(card.points, "point")}) and end the turn'
                )
                return
            state = game.apply(state, bots[seat].choose(game, state, seat, legal))
    raise AssertionError("no mission to take")
