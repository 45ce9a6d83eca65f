"""No command, file or screen shows the seed or the generator of an unfinished
game (issue #18, point 11): with the seed an Animal Splash refill was
predicted exactly.  Every command that prints a game is run for an unfinished
game of every game, and neither the seed nor the generator's position appears
in its output or in any file it writes.  (``export --with-secrets`` and
``script --reveal`` are the two ways to ask for them, and say so.)"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.cli import store as cli_store
from tideboard.engine import registry
from tideboard.engine.rng import Rng
from tideboard.store import records
from tideboard.store.games import Store
from tideboard.store.records import Result, Seat

sys.path.insert(0, os.path.dirname(__file__))
from helpers import played  # noqa: E402

SEED = 14_695_981_039_346_656_037  # 20 digits: it cannot appear by chance
GAMES = list(registry.GAMES)


def generators(state) -> list[int]:
    """The positions of every generator held in ``state``."""
    try:
        fields = attrs.asdict(state, recurse=False)
    except attrs.exceptions.NotAnAttrsClassError:
        fields = dict(vars(state))
    return [value.position for value in fields.values() if isinstance(value, Rng)]


def secrets_of(match) -> list[str]:
    found = [str(SEED)] + [str(p) for s in match.states for p in generators(s) if p > 10**6]
    assert len(found) > 1, "the game's state holds a generator"
    return found


def unfinished(game_id: str):
    info = registry.GAMES[game_id]
    players = 1 if info.max_players == 1 else max(info.min_players, 2)
    match = played(game_id, moves=6, seed=SEED, players=players)
    assert not match.game.is_over(match.state) and len(match.actions) == 6
    return match


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def launched(monkeypatch):
    calls = []
    monkeypatch.setattr(
        cli_store, "_app_launcher", lambda: lambda **kwargs: calls.append(kwargs) or 0
    )
    return calls


def files_under(*folders: Path) -> dict[Path, bytes]:
    """Every file in ``folders`` but the store itself (which must hold the seed
    and is kept private: see test_store_files.py)."""
    out = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and not path.name.startswith("tideboard.db"):
                out[path] = path.read_bytes()
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_no_command_shows_the_seed_of_an_unfinished_game(
    game_id, tmp_path, isolated_saves, launched
):
    match = unfinished(game_id)
    game = match.game
    moves = [game.format_action(a) for a in match.actions]
    with Store.open() as store:
        gid = store.create(
            game_id, match.config, [Seat(f"P{n + 1}") for n in range(match.config.players)], moves
        )
        done = played(game_id, moves=10**5, seed=3, players=match.config.players)
        store.create(
            game_id,
            done.config,
            None,
            [game.format_action(a) for a in done.actions],
            finished=True,
            result=Result.of(done.game, done.state),
        )
    secrets = secrets_of(match)
    moves_file = tmp_path / "moves.txt"
    moves_file.write_text("\n".join(moves) + "\n")
    out = tmp_path / "out"
    out.mkdir()
    record_file = out / "record.json"
    # a record file of the game, as --with-secrets writes it (to resume from)
    secret_file = tmp_path / "secret.json"
    assert run("export", gid, "--with-secrets", "-o", str(secret_file)).exit_code == 0
    table = ["--players", str(match.config.players)]
    if match.config.solo:
        table = ["--solo"]
    commands = [
        ["games"],
        ["games", "--json"],
        ["games", "--all"],
        ["games", "--all", "--json"],
        ["export", gid],
        ["export", gid, "-o", str(record_file)],
        ["export", gid.upper(), "-o", str(record_file), "--force"],
        ["resume"],
        ["resume", gid],
        ["resume", str(secret_file)],
        ["replay", gid],
        ["script", game_id, *table, "--seed", str(SEED), "--moves", str(moves_file)],
        ["script", game_id, *table, "--seed", str(SEED), "--moves", str(moves_file), "--json"],
        ["script", game_id, *table, "--seed", str(SEED), "--moves", str(moves_file), "--legal"],
        [
            "script",
            game_id,
            *table,
            "--seed",
            str(SEED),
            "--moves",
            str(moves_file),
            "--json",
            "--legal",
        ],
    ]
    before = files_under(isolated_saves)
    for args in commands:
        result = run(*args)
        assert "Traceback" not in result.output
        for secret in secrets:
            assert secret not in result.output, f"{' '.join(args)} shows {secret}"
    assert not record_file.exists(), "export wrote the record of an unfinished game"
    written = {p: b for p, b in files_under(isolated_saves, out).items() if before.get(p) != b}
    for path, data in written.items():
        for secret in secrets:
            assert secret.encode() not in data, f"{path} holds {secret}"
    # the app was opened on the game (resume, replay) without anything printed
    assert len(launched) == 4
    # a finished game shows its seed, so it can be replayed
    rows = json.loads(run("games", "--all", "--json").stdout)
    assert [r.get("seed") for r in rows if r["finished"]] == [3]
    assert not any("seed" in r for r in rows if not r["finished"])


def test_export_with_secrets_says_what_it_gives_away(isolated_saves):
    match = unfinished("animal-splash")
    with Store.open() as store:
        gid = store.create(
            "animal-splash",
            match.config,
            None,
            [match.game.format_action(a) for a in match.actions],
        )
    refused = run("export", gid)
    assert refused.exit_code == 2 and "--with-secrets" in refused.stderr
    given = run("export", gid, "--with-secrets")
    assert given.exit_code == 0 and "Warning" in given.stderr
    assert records.loads(given.stdout).config.seed == SEED
