"""Animal Splash from the command line: play (the app is started with the table asked
for), script (moves in notation, JSON) and sim (bots in any seat)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.animal_splash.game import GAME


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_play_starts_the_app_with_three_players_and_the_bots(monkeypatch):
    import tideboard.ui.app as app_module

    seen = {}

    def fake_run_app(**kwargs):
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(app_module, "run_app", fake_run_app)
    result = run("play", "animal-splash", "--players", "3", "--bot", "2=random", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert seen["game_id"] == "animal-splash" and seen["config"].players == 3
    assert seen["bots"] == {1: "random", 2: "greedy"}  # seat 3: the default bot


def test_script_plays_moves_and_prints_json():
    result = run(
        "script",
        "animal-splash",
        "-p",
        "3",
        "--seed",
        "4",
        "--json",
        "--moves",
        "-",
        input="dive nb\ntake b2 left\nend\n",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "animal-splash"
    view = data["view"]
    assert data["moves"] == 3 and view["draw_pile"] == 62 and view["round"] == 1
    assert sorted(len(p["tableau"]) for p in view["players"]) == [1, 1, 2]
    assert "dive nb" not in data["legal"]  # the first diver is on nb


def test_script_refuses_an_illegal_move_with_the_reason():
    result = run(
        "script", "animal-splash", "-p", "2", "--seed", "4", "--moves", "-", input="take b2 left\n"
    )
    assert result.exit_code != 0
    assert "Move your diver first" in result.output + result.stderr


def test_script_plays_a_whole_bot_game_to_the_end(tmp_path):
    match = Match.start(GAME, GameConfig(players=2, seed=9))
    bots = [make_bot(GAME, "greedy", seat) for seat in range(2)]
    while not GAME.is_over(match.state):
        seat = GAME.to_move(match.state)[0]
        match = match.play(
            bots[seat].choose(
                GAME, GAME.view(match.state, seat), seat, GAME.legal_actions(match.state)
            )
        )
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(GAME.format_action(a) for a in match.actions) + "\n")
    result = run("script", "animal-splash", "-p", "2", "--seed", "9", "--moves", str(moves))
    assert result.exit_code == 0, result.output
    assert GAME.result_text(match.state) in result.stdout


def test_sim_with_bots_in_every_seat():
    result = run(
        "sim",
        "animal-splash",
        "-p",
        "4",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--games",
        "3",
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert "3 games" in result.stdout and "Player 4 (random)" in result.stdout
