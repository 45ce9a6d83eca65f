"""Typed game options: declared in each game's info.py, validated with the valid
choices listed, carried by GameConfig, records and the store, offered by the
CLI (--option, --variant presets) and listed by 'tideboard list'."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner

from tideboard.cli import main
from tideboard.engine import registry
from tideboard.engine.core import ConfigError, GameConfig
from tideboard.engine.match import Match
from tideboard.store import records
from tideboard.store.games import Store
from tideboard.store.records import Record, default_seats
from tideboard.store.schema import MIGRATIONS, statements

MOON = registry.GAMES["moonshell"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_options_are_plain_data_with_defaults_and_choices():
    names = [o.name for o in MOON.options]
    assert names[:6] == ["moonshell", "decks", "powers", "urchins", "reef", "events"]
    for option in MOON.options:
        assert option.default in option.choices and option.help
    # a game declared without options has none (other games' entries need no change)
    assert registry.GAMES["shifting-stones"].options == ()


def test_a_config_without_options_plays_the_variant_as_it_is():
    assert MOON.option_values(GameConfig(players=2)) == MOON.preset("standard")
    assert MOON.preset("standard")["moonshell"] == "on"


def test_the_four_modes_are_presets_with_exactly_their_setup_notes():
    wade, submerge, dive, tsunami = (
        MOON.preset(v) for v in ("wade", "submerge", "dive", "tsunami")
    )
    assert (wade["urchins"], wade["powers"], wade["decks"], wade["moonshell"]) == (
        "none",
        "none",
        "base",
        "on",
    )
    assert (submerge["urchins"], submerge["powers"]) == ("none", "passive")
    assert (dive["urchins"], dive["reef"], dive["events"]) == ("8", "3", "off")
    assert (tsunami["decks"], tsunami["events"], tsunami["reef"], tsunami["urchins"]) == (
        "mixed",
        "on",
        "3",
        "8",
    )


def test_a_player_starts_from_a_mode_and_changes_one_option():
    config = GameConfig(players=3, variant="dive", options={"powers": "active"})
    values = MOON.option_values(config)
    assert values["powers"] == "active" and values["reef"] == "3"


def test_a_bad_value_lists_the_valid_choices():
    with pytest.raises(ConfigError, match="choose from: none, passive, active"):
        MOON.check_config(GameConfig(players=2, options={"powers": "dark"}))


def test_an_unknown_name_lists_the_options():
    with pytest.raises(ConfigError, match="choose from: moonshell, decks, powers"):
        MOON.parse_option("power=active")
    with pytest.raises(ConfigError, match="has no options"):
        registry.GAMES["moonlighter"].parse_option("a=b")


def test_a_seats_option_needs_that_seat_at_the_table():
    with pytest.raises(ConfigError, match="Player 3"):
        MOON.check_config(GameConfig(players=2, options={"mermaid-3": "swap"}))


def test_options_are_kept_sorted_so_equal_configs_compare_equal():
    a = GameConfig(players=2, options={"reef": "3", "events": "on"})
    b = GameConfig(players=2, options=(("events", "on"), ("reef", "3")))
    assert a == b and a.options == (("events", "on"), ("reef", "3"))


def test_cli_option_and_variant_reach_the_game():
    result = run(
        "script",
        "moonshell",
        "--variant",
        "dive",
        "--option",
        "powers=active",
        "--option",
        "events=on",
        "--seed",
        "4",
        "--json",
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["variant"] == "dive"
    assert report["options"] == {"events": "on", "powers": "active"}


def test_cli_bad_option_is_a_usage_error_listing_choices():
    result = run("sim", "moonshell", "--games", "1", "--option", "reef=lots")
    assert result.exit_code == 2
    assert "choose from: none, players+1, 3" in result.output
    result = run("play", "moonshell", "--option", "powers")
    assert result.exit_code == 2 and "NAME=VALUE" in result.output


def test_sim_reports_its_options():
    result = run(
        "sim",
        "moonshell",
        "--games",
        "1",
        "--bot",
        "random",
        "--seed",
        "2",
        "--variant",
        "wade",
        "--option",
        "moonshell=off",
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"] == {"moonshell": "off"}


def test_list_shows_options_and_presets_without_importing_rules():
    code = (
        "import sys; from tideboard.cli import main; "
        "main(['list'], standalone_mode=False); "
        "print('RULES' if 'tideboard.games.moonshell.rules' in sys.modules else 'CLEAN')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "--option powers=none|passive|active (default none)" in out
    assert "--variant tsunami: decks=mixed" in out
    assert out.strip().endswith("CLEAN")


def _record(config: GameConfig, actions=()) -> Record:
    return Record("moonshell", config, default_seats(config.players), tuple(actions))


def test_record_files_carry_options_and_replay_the_same_game():
    config = GameConfig(players=2, variant="tsunami", seed=9, options={"powers": "active"})
    match = Match.start(registry.load("moonshell"), config)
    text = records.dumps(_record(config))
    assert json.loads(text)["config"]["options"] == {"powers": "active"}
    again = records.replay(records.loads(text))
    assert again.config == config and again.state == match.state


def test_old_records_without_options_still_load():
    data = json.loads(records.dumps(_record(GameConfig(players=2, seed=3))))
    assert "options" not in data["config"]
    assert records.parse(data).config.options == ()


def test_store_keeps_options(tmp_path):
    config = GameConfig(players=3, variant="dive", seed=5, options={"reef": "players+1"})
    with Store.open(tmp_path / "games.db") as store:
        gid = store.create("moonshell", config)
        assert store.summary(gid).config == config
        match, _ = store.load_match(gid)
        assert match.config == config


def test_a_version_1_store_gains_the_options_column(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for statement in statements(MIGRATIONS[0]):
        db.execute(statement)
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO games (id, game, players, variant, solo, seed, seats, created,"
        " updated) VALUES ('abc', 'moonshell', 2, 'standard', 0, '7', "
        '\'[{"name": "A", "bot": null}, {"name": "B", "bot": null}]\', \'x\', \'x\')'
    )
    db.commit()
    db.close()
    with Store.open(path) as store:
        summary = store.summary("abc")
        assert summary.config == GameConfig(players=2, seed=7)


def test_a_version_4_store_keeps_the_first_ruleset_for_its_changed_games(tmp_path):
    """Issue #20: Mermaid Rain's and Animal Splash's games stored before their rules
    changed get the "ruleset" option 1 (so they replay as played); other games, and
    games stored after, are untouched."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    for script in MIGRATIONS[:4]:
        for statement in statements(script):
            db.execute(statement)
    db.execute("PRAGMA user_version = 4")
    seats = '[{"name": "A", "bot": null}, {"name": "B", "bot": null}, {"name": "C", "bot": null}]'
    for gid, game in (("mr", "mermaid-rain"), ("as", "animal-splash"), ("ms", "moonshell")):
        db.execute(
            "INSERT INTO games (id, game, players, variant, solo, seed, seats, created,"
            f" updated) VALUES ('{gid}', '{game}', 3, 'standard', 0, '7', '{seats}', 'x', 'x')"
        )
    db.commit()
    db.close()
    with Store.open(path) as store:
        assert store.summary("mr").config == GameConfig(3, seed=7, options={"ruleset": "1"})
        assert store.summary("as").config == GameConfig(3, seed=7, options={"ruleset": "1"})
        assert store.summary("ms").config == GameConfig(3, seed=7)
        new = store.create("mermaid-rain", GameConfig(players=3, seed=8))
        assert store.summary(new).config.options == ()
