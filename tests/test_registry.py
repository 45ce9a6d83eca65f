"""The registry finds the games by their packages: a sixth game is a package under
``tideboard/games/`` (its ``info.py`` and ``game.py``) and nothing else."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tideboard.engine import registry
from tideboard.engine.core import ConfigError

TOY_INFO = """
from tideboard.engine.core import GameInfo

INFO = GameInfo(id="{id}", name="{name}", min_players=2, max_players=3,
                summary="Step 1 or 2; the first to 3 wins.", bot_levels=("random",))
"""

TOY_GAME = """
from tideboard.engine.core import Game, IllegalAction, NotationError
from tideboard.games.toy_race.info import INFO


class Race(Game):
    info = INFO

    def setup(self, config):
        return (0, (0,) * config.players)

    def to_move(self, state):
        return () if self.is_over(state) else (state[0],)

    def legal_actions(self, state):
        return [1, 2]

    def apply(self, state, action):
        if action not in (1, 2):
            raise IllegalAction("step 1 or 2")
        seat, at = state
        at = at[:seat] + (at[seat] + action,) + at[seat + 1:]
        return ((seat + 1) % len(at), at)

    def is_over(self, state):
        return max(state[1]) >= 3

    def view(self, state, seat):
        return state

    def scores(self, state):
        return state[1]

    def format_action(self, action):
        return f"step {action}"

    def parse_action(self, state, text):
        if text not in ("step 1", "step 2"):
            raise NotationError("step 1 or step 2")
        return int(text[-1])

    def to_json(self, state):
        return {"at": list(state[1])}


GAME = Race()
"""


def tideboard_with(games_folder, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``tideboard ARGS`` with the packages in ``games_folder`` added to ``tideboard.games``
    (as if they were copied there)."""
    code = (
        f"import sys, tideboard.games\ntideboard.games.__path__.append({str(games_folder)!r})\n"
        f"from tideboard.cli import run\nsys.argv = ['tideboard', *{list(args)!r}]\nrun()\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, COLUMNS="200"),
    )


@pytest.fixture
def toy_games(tmp_path):
    """A playable toy game package and an announced one (its info.py, no game.py yet)."""
    race = tmp_path / "toy_race"
    race.mkdir()
    (race / "__init__.py").write_text('"""A toy race."""\n')
    (race / "info.py").write_text(TOY_INFO.format(id="toy-race", name="Toy Race"))
    (race / "game.py").write_text(TOY_GAME)
    soon = tmp_path / "toy_soon"
    soon.mkdir()
    (soon / "__init__.py").write_text("")
    (soon / "info.py").write_text(TOY_INFO.format(id="toy-soon", name="Toy Soon"))
    return tmp_path


def test_a_new_game_package_is_listed_and_played(toy_games):
    listed = tideboard_with(toy_games, "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    race = next(line for line in lines if line.startswith("toy-race "))
    assert "Toy Race" in race and "players 2-3" in race and "(coming)" not in race
    soon = next(line for line in lines if line.startswith("toy-soon "))
    assert "(coming)" in soon
    assert lines[0].startswith("shifting-stones ")  # the games keep their order
    assert "|animal-splash|toy-race|toy-soon}" in tideboard_with(toy_games, "sim", "-h").stdout
    played = tideboard_with(
        toy_games, "script", "toy-race", "--moves", "-", stdin="step 2\nstep 1\nstep 1\n"
    )
    assert played.returncode == 0, played.stderr
    assert "Game over. Player 1 wins." in played.stdout
    # no screen in tideboard/ui/toy_race/: the app says so, and how to play it instead
    app = tideboard_with(toy_games, "play", "toy-race")
    assert app.returncode == 2 and "tideboard script toy-race" in app.stderr
    coming = tideboard_with(toy_games, "script", "toy-soon")
    assert coming.returncode == 2 and "Toy Soon is coming soon" in coming.stderr


def test_every_game_package_is_found_in_its_order():
    assert list(registry.GAMES) == [
        "shifting-stones",
        "moonshell",
        "moonlighter",
        "mermaid-rain",
        "animal-splash",
    ]
    assert all(
        registry.PACKAGES[game_id] == "tideboard.games." + game_id.replace("-", "_")
        for game_id in registry.GAMES
    )
    with pytest.raises(ConfigError, match="Unknown game 'chess'; choose from: shifting-stones"):
        registry.get_info("chess")


def test_moonshell_info_names_every_mermaid_of_the_cards():
    """The mermaid options are listed in info.py (no rules loaded): they must be the cards'."""
    from tideboard.games.moonshell.info import MERMAIDS
    from tideboard.games.moonshell.reef import MERMAID_IDS

    assert MERMAIDS == MERMAID_IDS


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_writes_its_log_lines_in_logline_py(game_id):
    """``describe`` has one home, the same in every game package."""
    import importlib

    from tideboard.engine.core import GameConfig
    from tideboard.engine.match import Match

    logline = importlib.import_module(registry.PACKAGES[game_id] + ".logline")
    game = registry.load(game_id)
    assert game.logline is logline
    match = Match.start(game, GameConfig(players=game.info.min_players, seed=1))
    match = match.play(game.legal_for(match.state, game.to_move(match.state)[0])[0])
    assert match.log[-1] == logline.describe(match.states[-2], match.actions[-1], match.state)
