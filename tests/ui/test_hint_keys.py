"""The key a hint names makes the hinted move (issue #21): in every game, at the
player's positions of greedy games, each kind of legal move handed to the screen as
the first hint answers the key that makes it ("Enter" where the screen picked or
previewed it, else the move's own key), and that key (a confirmation answered yes
where one is asked) makes exactly that move, never another.  Playing Animal Splash
against the expert, a hinted swap was not picked and Enter did nothing; in Mermaid
Rain, Enter after a hinted tile laid a different tile."""

from __future__ import annotations

import collections

import pytest

from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.ui.shared.modals import ConfirmScreen

from .helpers import app_with_state, settle

CASES = [
    ("shifting-stones", {"players": 2}),
    ("shifting-stones", {"players": 1, "solo": True}),
    ("moonshell", {"players": 2}),
    ("moonshell", {"players": 1, "solo": True}),
    ("moonlighter", {"players": 1}),
    ("mermaid-rain", {"players": 4}),
    ("animal-splash", {"players": 2}),
]
# the moves no key makes from a hint (the player picks them their own way)
UNKEYED = {"Choose", "SwapTake", "Power", "Decline"}


def _positions(game_id, options):
    """Seat 0's positions with a choice in greedy games, one for each kind of legal
    move (the last of that kind); the games stop once two in a row find no kind more."""
    game = registry.load(game_id)
    found = collections.defaultdict(list)
    counts = [-2, -1]  # the kinds found before each game
    for seed in range(1, 7):
        if len(found) == counts[-2]:  # (the last two games found no kind more)
            break
        counts.append(len(found))
        config = GameConfig(seed=seed, **options)
        state = game.setup(config)
        bots = [make_bot(game, "greedy", seat) for seat in range(config.players)]
        for _ in range(300):
            if game.is_over(state):
                break
            seat = game.to_move(state)[0]
            legal = game.legal_for(state, seat)
            if seat == 0 and len(legal) > 1:
                by_kind = collections.defaultdict(list)
                for action in legal:
                    by_kind[type(action).__name__].append(action)
                for kind, actions in by_kind.items():
                    if not found[kind]:
                        found[kind].append((state, config, actions[-1]))
            state = game.apply(state, bots[seat].choose(game, state, seat, legal))
    return found


async def _bots_done(pilot, screen) -> None:
    """Until no bot is still to move (Mermaid Rain's bots choose their melds beside
    the player, on timers of their own): a bot's move landing after the count of the
    moves made would be taken for the key's (at most 5 s, then the test goes on)."""
    for _ in range(500):
        if set(screen.game.to_move(screen.match.state)) <= {0}:
            return
        await pilot.pause(0.01)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=lambda c: str(c))
async def test_the_key_a_hint_names_makes_the_hinted_move(game_id, options):
    made_by = collections.Counter()
    for kind, cases in _positions(game_id, options).items():
        for state, config, action in cases:
            bots = {seat: "greedy" for seat in range(1, config.players)}
            app = app_with_state(state, config, bots=bots, game_id=game_id)
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(pilot)
                screen = app.screen
                await _bots_done(pilot, screen)
                before = len(screen.match.actions)
                key = screen.highlight_hint(action)
                await settle(pilot)
                if key is None:
                    # (a collect whose tile a Buoy saves, or into the save: picked by hand)
                    saved = kind == "Collect" and (action.saved != -1 or action.column >= 4)
                    assert kind in UNKEYED or saved, (kind, action)
                    continue
                await pilot.press(key.lower())
                await settle(pilot)
                if isinstance(app.screen, ConfirmScreen):  # (e.g. "end your turn anyway?")
                    await pilot.press("y")
                    await settle(pilot)
                made = list(screen.match.actions[before:])
                held = screen.control.held  # (a turn's end held until Enter hands over)
                made = made or ([held.action] if held is not None else [])
                assert made[:1] == [action], (kind, key, action, made)
                made_by[key == "Enter"] += 1
    assert made_by[True] and made_by[False]  # (moves picked on the board, and keyed)
