"""``h`` in every game screen (issue #21): the expert's three best moves for the
person to move, from their seat's view; keys keep working while it thinks."""

from __future__ import annotations

import asyncio

import pytest

from tideboard.engine import registry, thinking
from tideboard.engine.bots import set_default_budget
from tideboard.engine.search import Budget
from tideboard.games.animal_splash.state import Dive
from tideboard.games.moonlighter.state import Place
from tideboard.games.moonshell.state import Keep, Pull
from tideboard.games.shifting_stones.state import Shift
from tideboard.ui.screens import screen_class
from tideboard.ui.shared.game_screen import SHARED_KEYS_HELP
from tideboard.ui.shared.log import GameLog
from tideboard.ui.shared.overviews import BlocksScreen
from tideboard.ui.shared.status import StatusLine

from .fit import cuts
from .helpers import app_for, app_with_state, hand_over, hinted, screen_bindings, settle
from .test_shifting_stones_screen import game_screen

GAMES = ["shifting-stones", "moonshell", "moonlighter", "mermaid-rain", "animal-splash"]


@pytest.fixture(autouse=True)
def quick_budget():
    set_default_budget(Budget(iterations=30))  # (fast and repeatable)
    yield
    set_default_budget(None)


def status(screen) -> str:
    return screen.query_one(StatusLine).shown[0]


def log_lines(screen) -> list[str]:
    return list(screen.query_one(GameLog).entries)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_binds_h_to_hints_and_its_help_says_so(game_id):
    cls = screen_class(game_id)
    actions = {b.action for b in screen_bindings(cls.__new__(cls)) if "h" in b.key.split(",")}
    assert actions == {"hint", "hint(1)"}
    assert any(key == "h" for key, _ in SHARED_KEYS_HELP)


async def test_h_shows_three_hints_highlights_the_first_and_logs_it():
    app = app_for(bots={1: "greedy"}, seed=2)  # (its first hint: a shift)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("h")
        await hinted(pilot, screen)
        shown = screen.hints.last
        legal = screen.game.legal_for(screen.state, 0)
        assert len(shown) == 3 and all(h.action in legal for h in shown)
        window = app.screen
        assert isinstance(window, BlocksScreen)
        assert not cuts(app)  # the three fit at 80x24
        first = shown[0]
        assert f"Hint for Player 1: {first.words}" in log_lines(screen)
        await pilot.press("h")  # (closes the window)
        await settle(pilot)
        assert app.screen is screen
        turn = screen.turn  # the first hinted move is on the board: its card picked...
        assert isinstance(first.action, Shift)
        assert turn.hand[turn.selected] == first.action.card
        assert turn.pending == first.action  # ...and previewed: Enter makes it
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[-1] == first.action


async def test_keys_work_while_it_thinks_and_a_second_h_does_nothing(monkeypatch):
    release = asyncio.Event()
    calls = []
    real_rank = thinking.rank

    async def slow_rank(game, view, seat, legal, budget, seed):
        calls.append((view, seat))
        await release.wait()
        return await real_rank(game, view, seat, legal, budget, seed)

    monkeypatch.setattr(thinking, "rank", slow_rank)
    app = app_for(bots={1: "greedy"}, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        cursor = screen.turn.cursor
        await pilot.press("h")
        await pilot.press("right")  # keys keep working
        assert screen.turn.cursor == cursor + 1
        await pilot.press("h")
        assert status(screen).startswith("Thinking") and len(calls) == 1
        assert calls[0] == (screen.game.view(screen.state, 0), 0)  # the seat's view only
        release.set()
        await hinted(pilot, screen)
        assert len(calls) == 1 and isinstance(app.screen, BlocksScreen)


async def test_no_hint_on_a_bots_turn(monkeypatch):
    calls = []
    monkeypatch.setattr(thinking, "rank", lambda *a: calls.append(a))
    app = app_for(bots={0: "greedy"}, seed=5)
    app.bot_delay = 30  # (the bot in seat 1 waits: its turn)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        await pilot.press("h")
        await settle(pilot)
        assert status(screen).startswith("A hint is for your turn") and not calls


async def test_hot_seat_hints_come_after_the_hand_over_and_the_log_keeps_them_secret():
    app = app_for(players=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await hand_over(pilot)  # Player 1's hand shown
        screen = await game_screen(pilot)
        await pilot.press("h")
        await hinted(pilot, screen)
        assert len(screen.hints.last) == 3
        lines = log_lines(screen)
        assert "Player 1 used a hint." in lines
        assert not any(h.words in line for h in screen.hints.last for line in lines)


async def test_animal_splash_puts_its_cursor_on_the_hinted_dive():
    app = app_for(bots={1: "greedy"}, seed=4, game_id="animal-splash")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("right", "right")  # (the cursor somewhere else first)
        moved_to = screen.turn.spot
        await pilot.press("h")
        await hinted(pilot, screen)
        first = screen.hints.last[0].action
        assert isinstance(first, Dive) and first.spot != moved_to
        await pilot.press("escape")  # (closes the window)
        await settle(pilot)
        assert screen.turn.spot == first.spot
        made = len(screen.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[made] == first


async def test_moonlighter_picks_the_hinted_side():
    app = app_for(players=1, seed=3, game_id="moonlighter")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("r")  # a room rolled: which side to place it on
        await settle(pilot)
        before = screen.target
        await pilot.press("h")
        await hinted(pilot, screen)
        first = screen.hints.last[0].action
        assert isinstance(first, Place) and first.direction != before
        await pilot.press("escape")
        await settle(pilot)
        assert screen.target == first.direction and screen.chosen
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[-1] == first


async def test_a_short_hint_window_is_as_tall_as_its_hints_in_a_large_terminal():
    """Moonlighter's first move has one hint (roll): at 200x50 its window was 90% of
    the screen, a line of text in an empty box; now it fits what it holds, and its
    lines are at most 120 columns long."""
    app = app_for(players=1, seed=3, game_id="moonlighter")
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("h")
        await hinted(pilot, screen)
        assert len(screen.hints.last) == 1
        box = app.screen.query_one(".blocks")
        assert isinstance(app.screen, BlocksScreen) and 6 <= box.outer_size.height <= 15
        assert box.outer_size.width == 120


async def test_moonshell_chooses_the_hinted_secret_objective():
    app = app_for(bots={1: "greedy"}, seed=1, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.turn.offer == 0
        await pilot.press("h")
        await hinted(pilot, screen)
        first = screen.hints.last[0].action
        offers = screen.state.offers[0]
        assert isinstance(first, Keep) and first.card == offers[1]
        await pilot.press("escape")
        await settle(pilot)
        assert screen.turn.offer == 1


async def test_mermaid_rain_picks_the_hinted_meld_cards():
    app = app_for(players=3, bots={1: "greedy", 2: "greedy"}, seed=4, game_id="mermaid-rain")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("h")
        await hinted(pilot, screen)
        first = screen.hints.last[0].action
        await pilot.press("escape")
        await settle(pilot)
        assert screen.picks.planned() == first  # Enter shows these cards
        await pilot.press("enter")
        await settle(pilot)
        assert first in screen.match.actions


async def test_moonshell_previews_a_hinted_pull():
    from tideboard.engine.core import GameConfig

    game = registry.load("moonshell")
    config = GameConfig(players=2, seed=1)
    state = game.setup(config)
    while game.to_move(state) and isinstance(
        game.legal_for(state, game.to_move(state)[0])[0], Keep
    ):
        state = game.apply(state, game.legal_for(state, game.to_move(state)[0])[0])
    assert list(game.to_move(state)) == [0]
    pull = next(a for a in game.legal_for(state, 0) if isinstance(a, Pull) and a.column == 1)
    app = app_with_state(state, config, bots={1: "greedy"}, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.turn.column != 1
        screen.highlight_hint(pull)
        await settle(pilot)
        assert screen.turn.mode == "pull" and screen.turn.pulling() == pull
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[-1] == pull


def test_a_replay_offers_no_hint_and_h_does_nothing_there():
    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match
    from tideboard.ui.shared.replay import replay_screen

    game = registry.load("shifting-stones")
    match = Match.start(game, GameConfig(players=2, seed=3))
    replay = replay_screen(match, {}, finished=False)
    assert replay.check_action("hint", ()) is False
    assert replay.check_action("hint", (1,)) is False
    local = screen_class("shifting-stones")(match, {1: "greedy"}, 0)
    local.control.viewer = 0  # (its first player looking: a hint is offered)
    assert local.check_action("hint", ()) is True
    assert local.check_action("hint", (1,)) is False


async def test_moonshell_at_a_table_hints_the_rest_of_the_planned_turn():
    """Four players: the first hint's window lines also say the rest of the turn the
    expert's plan plays after it ("then pulls column 1: ...; then collects ...")."""
    from tideboard.engine.core import GameConfig

    game = registry.load("moonshell")
    config = GameConfig(players=4, seed=9)
    state = game.setup(config)
    while isinstance(game.legal_for(state, game.to_move(state)[0])[0], Keep):
        state = game.apply(state, game.legal_for(state, game.to_move(state)[0])[0])
    assert list(game.to_move(state)) == [0]
    app = app_with_state(state, config, bots={s: "greedy" for s in (1, 2, 3)}, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("h")
        await hinted(pilot, screen)
        first, *others = screen.hints.last
        assert first.then and not any(hint.then for hint in others)
        window = app.screen
        assert isinstance(window, BlocksScreen)
        body = str(window.parts[0][1])
        assert f"\n   then {'; then '.join(first.then)}" in body


async def test_moonshell_previews_a_hinted_collect_in_its_chest_column():
    """A hinted collect (or the moonshell) is previewed where the hint drops it: the
    rock's tile over the hinted chest column; Enter drops it there."""
    from tideboard.engine.core import GameConfig
    from tideboard.games.moonshell.state import Collect

    game = registry.load("moonshell")
    config = GameConfig(players=2, seed=1)
    state = game.setup(config)
    while isinstance(game.legal_for(state, game.to_move(state)[0])[0], Keep):
        state = game.apply(state, game.legal_for(state, game.to_move(state)[0])[0])
    pull = next(a for a in game.legal_for(state, 0) if isinstance(a, Pull) and a.column == 1)
    state = game.apply(state, pull)
    hinted_collect = Collect(1, 2)
    assert hinted_collect in game.legal_for(state, 0)
    app = app_with_state(state, config, bots={1: "greedy"}, game_id="moonshell")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.highlight_hint(hinted_collect)
        await settle(pilot)
        turn = screen.turn
        assert (turn.mode, turn.source, turn.chest_column) == ("chest", 1, 2)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[-1] == hinted_collect


def _animal_splash_turns(kind):
    """Positions of greedy games where seat 0 is to act and may make a ``kind`` move."""
    from tideboard.engine.bots import make_bot
    from tideboard.engine.core import GameConfig
    from tideboard.games.animal_splash.state import ACT

    game = registry.load("animal-splash")
    for seed in range(1, 40):
        config = GameConfig(players=2, seed=seed)
        state = game.setup(config)
        bots = [make_bot(game, "greedy", seat) for seat in range(2)]
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_for(state, seat)
            moves = [a for a in legal if isinstance(a, kind)]
            if seat == 0 and state.phase == ACT and moves:
                yield state, config, moves[-1]
                break
            state = game.apply(state, bots[seat].choose(game, state, seat, legal))


@pytest.mark.parametrize("kind", ["Swap", "Slide", "MovePearl", "Score"])
async def test_animal_splash_previews_a_hinted_move_on_the_tableau(kind):
    """A hinted swap, card moved or pearl moved is previewed, and a group to score
    has the cursor on its area: Enter makes it (the hint named a swap, and Enter did
    nothing: found playing against the expert)."""
    from tideboard.games.animal_splash import state as as_state

    state, config, move = next(_animal_splash_turns(getattr(as_state, kind)))
    app = app_with_state(state, config, bots={1: "greedy"}, game_id="animal-splash")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.highlight_hint(move)
        await settle(pilot)
        made = len(screen.match.actions)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[made] == move
