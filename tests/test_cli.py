"""The ``tideboard`` command line: list, script, sim, rules and the flag errors.

Nothing here opens the terminal app: ``play`` is only called with flags that
are refused before the app would start.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.games.shifting_stones.game import GAME as STONES

BIN = Path(sys.executable).with_name("tideboard")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def stones_json(*args: str, input: str | None = None) -> dict:
    result = run("script", "shifting-stones", "--json", *args, input=input)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def finished_game_moves(players: int, seed: int, solo: bool = False) -> list[str]:
    """The moves of a whole game played by greedy bots, in notation."""
    match = Match.start(STONES, GameConfig(players=players, solo=solo, seed=seed))
    bots = [make_bot(STONES, "greedy", seat) for seat in range(players)]
    while not STONES.is_over(match.state):
        seat = STONES.to_move(match.state)[0]
        action = bots[seat].choose(
            STONES, STONES.view(match.state, seat), seat, STONES.legal_actions(match.state)
        )
        match = match.play(action)
    return [STONES.format_action(a) for a in match.actions]


def hand_of(seat: int, seed: int, players: int = 2) -> tuple[int, ...]:
    return STONES.setup(GameConfig(players=players, seed=seed)).hands[seat]


# -- list ------------------------------------------------------------------------


def test_list_shows_every_game_with_players_and_status():
    result = run("list")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    for info in registry.GAMES.values():
        line = next(line for line in lines if line.startswith(info.id + " "))
        assert info.name in line and f"players {info.player_range()}" in line
        assert ("(coming)" in line) == (not registry.is_available(info.id))
        assert (", solo" in line) == info.solo
    assert "variants: standard; bots: random, easy, greedy" in result.output


def test_list_json():
    result = run("list", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [row["id"] for row in rows] == list(registry.GAMES)
    stones = rows[0]
    assert stones == {
        "id": "shifting-stones",
        "name": "Shifting Stones",
        "min_players": 2,
        "max_players": 5,
        "solo": True,
        "variants": ["standard"],
        "bot_levels": ["random", "easy", "greedy", "expert"],
        "available": True,
        "options": [],
        "presets": {},
    }
    for row in rows:
        assert row["available"] == registry.is_available(row["id"])
        assert bool(row["bot_levels"]) == row["available"]


def test_list_imports_no_game_and_no_textual():
    # `list` answers from each game's info.py (speed: issue 8), so no game's rules load.
    code = (
        "import sys\nfrom tideboard.cli import main\n"
        "try:\n    main(['list'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('tideboard.games.', 'textual'))"
        " and not m.endswith('.info') and m.count('.') != 2))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Shifting Stones" in out.stdout
    assert out.stdout.splitlines()[-1] == "[]"


# -- script ----------------------------------------------------------------------


def test_script_json_fields_at_the_start():
    report = stones_json("--seed", "5")
    # The seed would tell every hand and the deck order: not shown while the game runs.
    assert report["game"] == "shifting-stones" and report["seed"] is None
    assert report["players"] == 2 and report["variant"] == "standard" and not report["solo"]
    assert report["over"] is False and report["to_move"] == 1 and report["moves"] == 0
    assert report["scores"] == [0, 0] and report["winners"] == [] and report["result"] is None
    assert "end" in report["legal"] and "skip" in report["legal"]
    assert report["legal"] == STONES.legal_notation(STONES.setup(GameConfig(players=2, seed=5)))
    assert "state" not in report
    view = report["view"]
    assert view["deck"] == 64 and view["current"] == 1
    assert [c["id"] for c in view["hands"][0]] == list(hand_of(0, 5))
    assert view["hands"][1] == [None] * 4  # another seat's hand stays hidden


def test_script_reveal_shows_the_whole_state():
    report = stones_json("--seed", "5", "--reveal")
    assert "view" not in report
    hands = report["state"]["hands"]
    assert [c["id"] for c in hands[1]] == list(hand_of(1, 5))
    assert all(c["points"] in (1, 2, 3, 5) and c["pattern"] for c in hands[1])


def test_script_to_move_is_one_based_and_view_follows_the_seat(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("end\n")
    report = stones_json("--seed", "5", "-p", "3", "--moves", str(moves))
    assert report["to_move"] == 2 and report["moves"] == 1
    assert report["view"]["hands"][0] == [None] * 4
    assert [c["id"] for c in report["view"]["hands"][1]] == list(hand_of(1, 5, players=3))
    assert report["log"] == ["Player 1: end the turn, draw 0"]


def test_script_moves_from_a_file_with_comments_and_blank_lines(tmp_path):
    card = hand_of(0, 8)[0]
    moves = tmp_path / "moves.txt"
    moves.write_text(
        f"# an opening\n\nflip {card} b2   # turn the centre over\n"
        "   # an indented comment\n\nend\n\n"
    )
    report = stones_json("--seed", "8", "--moves", str(moves))
    assert report["moves"] == 2 and report["to_move"] == 2
    assert report["log"][0].startswith("Player 1: ") and "flip b2" in report["log"][0]
    assert str(card) in report["log"][0]
    assert [c["id"] for c in report["view"]["discard"]] == [card]


def test_script_moves_from_stdin():
    report = stones_json("--seed", "8", "--moves", "-", input="skip\n# seat 2\nend\nend\n")
    assert report["moves"] == 3 and report["to_move"] == 2
    assert len(report["view"]["hands"][1]) == 4


def test_script_text_output(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("skip\n")
    result = run("script", "shifting-stones", "--seed", "2", "--moves", str(moves), "--legal")
    assert result.exit_code == 0
    out = result.output
    assert "Shifting Stones, seed kept secret until the game ends, 1 move played" in out
    assert "seed 2" not in out
    assert "Player 1: skip the turn and draw 2" in out
    assert "To move: Player 2" in out and "Scores: Player 1 0, Player 2 0" in out
    assert "Legal moves: " in out and "; end; skip" in out


def test_script_plays_a_whole_game_to_the_end(tmp_path):
    moves = finished_game_moves(3, seed=11)
    path = tmp_path / "game.txt"
    path.write_text("\n".join(moves) + "\n")
    report = stones_json("--seed", "11", "-p", "3", "--moves", str(path))
    match = Match.start(STONES, GameConfig(players=3, seed=11))
    for text in moves:
        match = match.play_text(text)
    assert report["over"] is True and report["to_move"] is None and report["legal"] == []
    assert report["scores"] == list(STONES.scores(match.state))
    assert report["winners"] == [seat + 1 for seat in STONES.winners(match.state)]
    assert report["winners"] and report["result"].endswith(("wins.", "share the victory."))
    text = run("script", "shifting-stones", "--seed", "11", "-p", "3", "--moves", str(path))
    assert "Game over." in text.output and "To move" not in text.output


def test_script_solo_loss_by_strikes():
    report = stones_json("--solo", "--seed", "4", "--moves", "-", input="end\nend\nend\nend\n")
    assert report["solo"] is True and report["players"] == 1
    assert report["over"] is True and report["to_move"] is None
    assert report["winners"] == [] and report["result"].startswith("You lose")
    assert report["view"]["strikes"] == 4


def test_script_illegal_move_exits_3_naming_line_move_and_reason(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("# first\nskip\n\nend\nskip\n")  # Player 1 skips twice running
    result = run("script", "shifting-stones", "--seed", "1", "--moves", str(moves))
    assert result.exit_code == 3
    assert "line 5" in result.stderr and "'skip'" in result.stderr
    assert "twice in a row" in result.stderr
    diagonal = run(
        "script",
        "shifting-stones",
        "--seed",
        "1",
        "--moves",
        "-",
        input=f"shift {hand_of(0, 1)[0]} a1 b2\n",
    )
    assert diagonal.exit_code == 3
    assert "line 1 of stdin" in diagonal.stderr and "diagonal" in diagonal.stderr


def test_script_unparsable_move_exits_3(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("end\ndance a1\n")
    result = run("script", "shifting-stones", "--seed", "1", "--moves", str(moves))
    assert result.exit_code == 3
    assert "line 2: 'dance a1': unknown move 'dance'" in result.stderr
    assert "shift CARD CELL CELL" in result.stderr  # and how to write a move
    for text, reason in [
        ("flip 3 z9", "'z9' is not a cell"),
        ("score ²", "not a card number"),
        ("score", "takes 1 argument"),
    ]:
        result = run("script", "shifting-stones", "--moves", "-", input=text + "\n")
        assert result.exit_code == 3 and reason in result.stderr, text


def test_script_move_after_the_end_exits_3():
    result = run(
        "script", "shifting-stones", "--solo", "--moves", "-", input="end\nend\nend\nend\nend\n"
    )
    assert result.exit_code == 3 and "line 5" in result.stderr and "over" in result.stderr


def test_script_missing_moves_file_exits_2(tmp_path, monkeypatch):
    # a short path: click shortens a long one in its message (an xdist worker's
    # temporary folder is longer than a plain run's)
    monkeypatch.chdir(tmp_path)
    missing = "nowhere.txt"
    result = run("script", "shifting-stones", "--moves", str(missing))
    assert result.exit_code == 2
    assert f"cannot read moves from '{missing}'" in result.stderr
    assert "No such file" in result.stderr


def test_script_moves_file_that_is_not_text_exits_2(tmp_path):
    binary = tmp_path / "moves.bin"
    binary.write_bytes(b"\xff\xfe\x00end")
    result = run("script", "shifting-stones", "--moves", str(binary))
    assert result.exit_code == 2 and "not a UTF-8 text file" in result.stderr


def test_script_seed_makes_the_game_repeatable():
    first = stones_json("--seed", "77")
    assert first == stones_json("--seed", "77")
    assert first != stones_json("--seed", "78")
    # recorded once: seed 77 always deals this table (a constant game would fail)
    assert first["view"]["grid"] == ["EBT", "TMH", "HBH"]
    assert [card["id"] for card in first["view"]["hands"][0]] == [10, 47, 21, 55]
    # A seed left out is drawn from the system's entropy (64 bits): --reveal shows it,
    # and the same seed given back replays the same game.
    first, second = stones_json("--reveal"), stones_json("--reveal")
    assert first["seed"] != second["seed"]
    assert all(0 <= r["seed"] < 2**64 for r in (first, second))
    assert max(first["seed"], second["seed"]) >= 2**20  # not from a small range (p ~ 2**-43)
    again = stones_json("--reveal", "--seed", str(first["seed"]))
    assert again["state"] == first["state"]


def test_script_card_written_with_hash_in_a_moves_file(tmp_path):
    card = hand_of(0, 8)[0]
    moves = tmp_path / "moves.txt"
    moves.write_text(f"flip #{card} a1  # the notation allows #12\n")
    result = run("script", "shifting-stones", "--seed", "8", "--moves", str(moves))
    assert result.exit_code == 0, result.output


# -- bad flags -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (
            ["script", "chess"],
            [
                "Invalid value for 'GAME': unknown game 'chess'; choose from: "
                "shifting-stones, moonshell, moonlighter, mermaid-rain, "
                "animal-splash."
            ],
        ),
        (["sim", "chess"], ["unknown game 'chess'"]),
        (["rules", "chess"], ["unknown game 'chess'"]),
        (["script", "x" * 500], ["unknown game 'xxxxxxxxxxxxxxxxxxxxxxxx...'"]),
        (["script", "shifting-stones", "-p", "6"], ["is for 2-5 players", "got 6"]),
        (["script", "shifting-stones", "-p", "1"], ["is for 2-5 players (or --solo)"]),
        (
            ["script", "shifting-stones", "--variant", "turbo"],
            ["no variant 'turbo'", "choose from: standard"],
        ),
        (["script", "shifting-stones", "--solo", "-p", "2"], ["--solo is a one-player game"]),
        (
            ["sim", "shifting-stones", "--bot", "genius"],
            ["unknown bot level 'genius'", "choose from: random, easy, greedy"],
        ),
        (["play", "shifting-stones", "--bot", "greedy"], ["SEAT=LEVEL", "got 'greedy'"]),
        (["play", "shifting-stones", "--bot", "x=greedy"], ["SEAT=LEVEL"]),
        (
            ["play", "shifting-stones", "--bot", "3=greedy"],
            ["seat 3 is not at the table", "seats are 1-2"],
        ),
        (
            ["play", "shifting-stones", "--bot", "2=genius"],
            ["unknown bot level 'genius'", "choose from: random, easy, greedy"],
        ),
        (["play", "chess"], ["unknown game 'chess'"]),
        (
            ["play", "shifting-stones", "--theme", "neon"],
            ["--theme", "unknown theme 'neon'", "choose from: tide-dark"],
        ),
        (["resume", "--theme", "neon"], ["unknown theme 'neon'", "choose from: tide-dark"]),
        # the group's --theme is checked before any command runs, not only the picker's
        (["--theme", "neon", "list"], ["unknown theme 'neon'", "choose from: tide-dark"]),
    ],
)
def test_bad_flags_exit_2_and_list_the_choices(args, words):
    result = run(*args)
    assert result.exit_code == 2, result.output
    for word in words:
        assert word in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["play", "script", "sim", "rules"])
def test_every_game_command_lists_the_games_in_its_help_and_completes_them(command):
    result = CliRunner().invoke(main, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0
    usage = result.output.splitlines()[0]
    assert usage.endswith(" {" + "|".join(registry.GAMES) + "}")
    completing = CliRunner().invoke(
        main,
        [],
        prog_name="tideboard",
        env={
            "_TIDEBOARD_COMPLETE": "bash_complete",
            "COMP_WORDS": f"tideboard {command} moon",
            "COMP_CWORD": "2",
        },
    )
    assert completing.output.split() == ["plain,moonshell", "plain,moonlighter"]


def test_help_reads_no_game_info():
    """The GAME choices are read when a command needs them: ``--help`` loads no game."""
    code = (
        "import sys\nfrom tideboard.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('tideboard.games')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "Commands:" in out.stdout and out.stdout.splitlines()[-1] == "[]"


def test_solo_for_a_game_without_solo_exits_2():
    result = run("script", "moonlighter", "--solo")
    assert result.exit_code == 2
    message = result.stderr.lower()
    if registry.is_available("moonlighter"):
        assert "one-player game" in message and "leave out --solo" in message
    else:
        assert "coming" in message and "shifting-stones" in message


def test_solo_error_for_a_one_player_game_reads_well():
    if not registry.is_available("moonlighter"):
        pytest.skip("Moonlighter is not built yet")
    result = run("script", "moonlighter", "--solo")
    assert "1 players" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["script", "shifting-stones", "-p", "many"],
        ["sim", "shifting-stones", "--games", "0"],
        ["script", "shifting-stones", "--colour", "red"],
        ["nonsense"],
    ],
)
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2 and "Usage:" in result.output


# -- sim -------------------------------------------------------------------------


def test_sim_text_reports_each_seat():
    result = run("sim", "shifting-stones", "--seed", "3", "--games", "3", "-p", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("Shifting Stones: 3 games, 3 players, seed 3, ")
    for seat in (1, 2, 3):
        assert any(
            line.startswith(f"  Player {seat} (greedy): ") and ", mean score " in line
            for line in lines
        ), seat
    wins = [int(line.split(": ")[1].split()[0]) for line in lines[1:4]]
    for line, count in zip(lines[1:4], wins):
        assert f": {count} {'win' if count == 1 else 'wins'}, " in line  # "1 win", "0 wins"


def test_sim_text_of_one_solo_game_says_solo_and_one_game():
    result = run("sim", "moonshell", "--solo", "--seed", "3", "--games", "1")
    assert result.exit_code == 0
    first = result.output.splitlines()[0]
    assert first.startswith("Moonshell: 1 game, solo, seed 3, ") and "(s)" not in result.output


def test_sim_json_per_seat_wins_and_mean_scores():
    result = run(
        "sim",
        "shifting-stones",
        "--seed",
        "3",
        "--games",
        "4",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--json",
    )
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["game"] == "shifting-stones" and report["games"] == 4
    assert report["players"] == 2 and report["seed"] == 3 and report["unfinished"] == 0
    seats = report["seats"]
    assert [(s["seat"], s["bot"]) for s in seats] == [(1, "greedy"), (2, "random")]
    assert sum(s["wins"] for s in seats) >= 4
    assert seats[0]["wins"] > seats[1]["wins"]
    assert seats[0]["mean_score"] > seats[1]["mean_score"] >= 0
    # the same seed gives the same report
    again = run(
        "sim",
        "shifting-stones",
        "--seed",
        "3",
        "--games",
        "4",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--json",
    )
    assert json.loads(again.stdout) == report


def test_sim_last_bot_fills_the_remaining_seats():
    result = run(
        "sim",
        "shifting-stones",
        "--seed",
        "1",
        "--games",
        "1",
        "-p",
        "4",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--json",
    )
    report = json.loads(result.stdout)
    assert [s["bot"] for s in report["seats"]] == ["random", "greedy", "greedy", "greedy"]


def test_sim_solo():
    result = run("sim", "shifting-stones", "--solo", "--seed", "2", "--games", "3", "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["solo"] is True and report["players"] == 1 and len(report["seats"]) == 1
    # The wins are the games the same bots win when each game is played here.
    won = 0
    for seed in (2, 3, 4):
        state = STONES.setup(GameConfig(players=1, solo=True, seed=seed))
        bot = make_bot(STONES, "greedy", seed * 31)
        while not STONES.is_over(state):
            state = STONES.apply(
                state, bot.choose(STONES, STONES.view(state, 0), 0, STONES.legal_actions(state))
            )
        won += 0 in STONES.winners(state)
    assert report["seats"][0]["wins"] == won
    assert report["games"] == 3 and report["interrupted"] is False and report["actions"] > 0


# -- rules -----------------------------------------------------------------------


def test_rules_prints_the_shifting_stones_page():
    result = run("rules", "shifting-stones")
    assert result.exit_code == 0
    out = result.output
    for heading in (
        "Shifting Stones",
        "Setup",
        "Your turn",
        "End of the game",
        "Solo game",
        "Notation",
        "The deck",
        "Interpretations",
    ):
        assert heading in out
    assert "shift CARD CELL CELL" in out and "#" * 2 not in out  # rendered, not raw Markdown


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_every_game_has_its_rules_page_in_its_package(game_id):
    from tideboard.files.rules_pages import rules_markdown

    page = rules_markdown(game_id)
    assert page is not None and page.startswith(f"# {registry.GAMES[game_id].name}")
    assert "## Interpretations" in page or "## How tideboard reads the rules" in page
    assert rules_markdown("chess") is None


# -- the installed command --------------------------------------------------------


def test_help_does_not_import_textual():
    code = (
        "import sys\n"
        "from tideboard.cli import main\n"
        "try:\n"
        "    main(['--help'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "print('IMPORTED', bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "Usage:" in out and "IMPORTED []" in out
    timing = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "tideboard", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert timing.returncode == 0 and "Commands:" in timing.stdout
    assert "tideboard.cli" in timing.stderr and "textual" not in timing.stderr


@pytest.mark.skipif(not BIN.exists(), reason="the tideboard script is not installed here")
@pytest.mark.parametrize(
    "args, stdin, status",
    [
        (["list"], None, 0),
        (["script", "shifting-stones", "--seed", "1", "--moves", "-"], "end\n", 0),
        (["script", "shifting-stones", "--moves", "-"], "dance\n", 3),
        (["script", "shifting-stones", "--moves", "-"], "score ²\n", 3),
        (["script", "shifting-stones", "--moves", "-"], "skip\nend\nskip\nend\nskip\n", 3),
        (["script", "chess"], None, 2),
        (["script", "shifting-stones", "-p", "9"], None, 2),
        (["script", "moonlighter", "--solo"], None, 2),
        (["script", "shifting-stones", "--moves", "/no/such/file"], None, 2),
        (["play", "shifting-stones", "--bot", "7=greedy"], None, 2),
        (["bogus"], None, 2),
    ],
)
def test_installed_command_exit_codes_without_tracebacks(args, stdin, status):
    env = dict(os.environ, COLUMNS="100")
    done = subprocess.run(
        [str(BIN), *args], input=stdin, capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    if status:
        assert done.stderr.startswith(("Error:", "Usage:"))


def test_script_text_output_draws_the_grid_and_only_the_movers_hand():
    result = run("script", "shifting-stones", "--seed", "4")
    assert result.exit_code == 0
    out = result.stdout
    assert "     a      b      c" in out and "\n1  " in out and "\n3  " in out
    # Player 1 is to move: their hand is shown, Player 2's is hidden
    lines = {line.split(":")[0]: line for line in out.splitlines() if line.startswith("Player ")}
    assert "??" not in lines["Player 1"] and "??, ??, ??, ??" in lines["Player 2"]


def test_play_for_a_game_without_a_screen_points_to_headless_play(monkeypatch):
    import tideboard.ui.app as app_module

    monkeypatch.setattr(app_module, "has_screen", lambda game_id: False)
    result = run("play", "shifting-stones", "--seed", "1")
    assert result.exit_code == 2
    assert "tideboard script shifting-stones" in result.stderr


def test_script_text_output_for_moonshell_draws_ocean_and_hides_others_offers():
    if not registry.is_available("moonshell"):
        pytest.skip("Moonshell is not built")
    result = run("script", "moonshell", "--players", "2", "--seed", "5")
    assert result.exit_code == 0
    out = result.stdout
    assert "Ocean (north at the top" in out
    lines = [line for line in out.splitlines() if "secret offers" in line]
    assert len(lines) == 1, "only the seat to move sees its offers"


def test_a_chosen_seed_comes_from_new_seed_and_shows_only_when_over(monkeypatch):
    from tideboard.engine import seeds

    monkeypatch.setattr(seeds, "new_seed", lambda: 2**64 - 1)
    assert stones_json()["seed"] is None
    assert stones_json("--reveal")["seed"] == 2**64 - 1
    result = run("script", "shifting-stones")
    assert result.exit_code == 0 and str(2**64 - 1) not in result.output


def test_script_shows_the_seed_of_a_finished_game():
    moves = "\n".join(finished_game_moves(2, seed=6)) + "\n"
    report = stones_json("--seed", "6", "--moves", "-", input=moves)
    assert report["over"] is True and report["seed"] == 6
    result = run("script", "shifting-stones", "--seed", "6", "--moves", "-", input=moves)
    assert "Shifting Stones, seed 6, " in result.output
