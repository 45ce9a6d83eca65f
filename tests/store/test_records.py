"""Record files: writing, strict reading, the version-1 upgrade, damaged files."""

from __future__ import annotations

import json
import os
import stat
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tideboard.store import records
from tideboard.store.records import Record, RecordError, Result, Seat

sys.path.insert(0, os.path.dirname(__file__))
from helpers import finished, played, v1_save  # noqa: E402


def record_of(match, finished_game: bool = False, bots=None) -> Record:
    result = Result.of(match.game, match.state) if finished_game else None
    return Record(
        match.game.info.id,
        match.config,
        records.default_seats(match.config.players, bots or {}),
        tuple(match.game.format_action(a) for a in match.actions),
        "2026-01-01T10:00:00+00:00",
        "2026-01-01T10:05:00+00:00",
        finished_game,
        result,
        "abc234",
    )


def good_v2() -> dict:
    return records.to_json(record_of(played(moves=5), bots={1: "greedy"}))


def load(data) -> Record:
    return records.parse(data, "test.json")


# -- round trip ----------------------------------------------------------------
@pytest.mark.parametrize(
    "game_id,players",
    [("shifting-stones", 3), ("moonshell", 2), ("moonlighter", 1), ("animal-splash", 3)],
)
def test_export_then_read_gives_the_same_game(tmp_path, game_id, players):
    match = played(game_id, moves=12, players=players, seed=11)
    record = record_of(match, bots={0: "random"})
    path = tmp_path / "game.json"
    records.write_atomic(path, records.dumps(record))
    back, replayed = records.read(path)
    assert back == record
    assert replayed.state == match.state
    assert back.bots == {0: "random"}


def test_finished_record_keeps_result_and_seed():
    match = finished(seed=9)
    data = records.to_json(record_of(match, finished_game=True))
    assert data["config"]["seed"] == 9
    assert data["finished"] is True
    assert data["result"]["text"] == match.game.result_text(match.state)
    assert records.replay(load(data)).state == match.state


def test_big_seed_round_trips():
    data = good_v2()
    data["config"]["seed"] = 2**64 + 12345
    data["actions"] = []
    assert load(data).config.seed == 2**64 + 12345


# -- version 1 upgrade -----------------------------------------------------------
def test_version_1_autosave_upgrades():
    match = played("moonshell", moves=7, seed=3)
    record = load(v1_save(match, {"2": "greedy"}))
    assert record.seats == (Seat("Player 1", None), Seat("Player 2", "greedy"))
    assert record.finished is False and record.result is None
    assert records.replay(record).state == match.state
    # and it writes back as the current version
    assert records.to_json(record)["version"] == records.VERSION


def test_version_1_without_bots_field():
    data = v1_save(played(moves=2))
    del data["bots"]
    assert load(data).bots == {}


# -- damaged records (defect 5) -------------------------------------------------
def damaged_texts():
    """(name, text of a record file) for every damage defect 5 lists, and more."""
    base = json.dumps(good_v2())
    v1 = v1_save(played(moves=3))
    cases = {}
    for field in ("players", "seed"):
        for bad in (
            "Infinity",
            "-Infinity",
            "NaN",
            "1e400",
            "1" + "0" * 5000,
            "2.5",
            "true",
            '"3"',
            "-1",
        ):
            data = json.loads(base)
            text = json.dumps(data).replace(
                f'"{field}": {data["config"][field]}', f'"{field}": {bad}', 1
            )
            assert text != json.dumps(data)
            cases[f"{field}={bad[:12]}"] = text
    cases["seed 2**300"] = base.replace('"seed": 4', f'"seed": {2**300}')
    cases["players 99"] = base.replace('"players": 2', '"players": 99')
    for move in ("pull \u00b2", "1" * 5000, "", "x" * 1000, "a\nb", 5, None, ["end"]):
        data = json.loads(base)
        data["actions"].append(move)
        cases[f"move {str(move)[:10]!r}"] = json.dumps(data)
    for bots in (
        {"1": []},
        {"\u00b2": "greedy"},
        {"9": "greedy"},
        {"0": "greedy"},
        {"1": "genius"},
        [],
        "greedy",
    ):
        data = dict(v1)
        data["bots"] = bots
        cases[f"v1 bots {bots!r}"] = json.dumps(data)
    cases["v1 version 99"] = json.dumps({**v1, "version": 99})
    cases["v1 config empty"] = json.dumps({**v1, "config": {}})
    cases["v1 move that does not replay"] = json.dumps({**v1, "actions": ["fly away"]})
    for move in ("pull \u00b2", "m \u00b2", "pull " + "9" * 5000):
        data = v1_save(played("moonshell", moves=2, seed=5))
        data["actions"].append(move)
        cases[f"moonshell move {move[:8]!r}"] = json.dumps(data)
    data = json.loads(base)
    data["seats"][1]["bot"] = "genius"
    cases["unknown bot level"] = json.dumps(data)
    cases["solo string"] = base.replace('"solo": false', '"solo": "false"')
    cases["solo 0"] = base.replace('"solo": false', '"solo": 0')
    cases["nested deep"] = "[" * 100_000 + "]" * 100_000
    cases["nested deep object"] = '{"a":' * 100_000 + "1" + "}" * 100_000
    cases["truncated"] = base[: len(base) // 2]
    cases["empty"] = ""
    cases["not an object"] = "[1, 2]"
    now = f'"version": {records.VERSION}'
    cases["newer version"] = base.replace(now, f'"version": {records.VERSION + 1}')
    cases["version as text"] = base.replace(now, f'"version": "{records.VERSION}"')
    cases["version 1 as v2 format"] = base.replace(now, '"version": 1')
    cases["version 0"] = base.replace(now, '"version": 0')
    cases["other format"] = base.replace("tideboard-record", "something-else")
    cases["unknown game"] = base.replace('"shifting-stones"', '"chess"')
    cases["game not built"] = base.replace('"shifting-stones"', '"mermaid-rain"')
    cases["unknown field"] = base[:-1] + ', "extra": 1}'
    cases["missing field"] = json.dumps({k: v for k, v in json.loads(base).items() if k != "seats"})
    cases["finished without result"] = base.replace('"finished": false', '"finished": true')
    cases["finished but moves do not end it"] = base.replace(
        '"finished": false', '"finished": true'
    ).replace('"result": null', '"result": {"winners": [1], "scores": [3, 1], "text": "P1 wins."}')
    cases["bad time"] = base.replace('"2026-01-01T10:00:00+00:00"', '"yesterday"')
    cases["seat count"] = json.dumps({**json.loads(base), "seats": [{"name": "A", "bot": None}]})
    cases["seat name control chars"] = base.replace('"Player 1"', '"\\u001b[31mP"')
    cases["variant unknown"] = base.replace('"standard"', '"expert"')
    cases["solo for a 2-player config"] = base.replace('"solo": false', '"solo": true')
    data = json.loads(base)
    data["actions"].insert(0, "flip 99 z9")
    cases["illegal first move"] = json.dumps(data)
    return cases


DAMAGED = damaged_texts()


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_damaged_record_is_a_record_error_naming_the_file(tmp_path, name):
    path = tmp_path / "damaged.json"
    path.write_text(DAMAGED[name], encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        records.read(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before  # left untouched


def test_newer_version_says_update():
    with pytest.raises(RecordError, match="newer tideboard"):
        records.loads(DAMAGED["newer version"], "f.json")


def test_illegal_move_names_its_number():
    with pytest.raises(RecordError, match=r"move 1 \('flip 99 z9'\)"):
        records.replay(records.loads(DAMAGED["illegal first move"], "f.json"), "f.json")


def test_file_holding_another_game_is_refused(tmp_path):
    path = tmp_path / "autosave-moonshell.json"
    path.write_text(json.dumps(v1_save(played("shifting-stones", moves=2))), encoding="utf-8")
    with pytest.raises(RecordError, match="not moonshell"):
        records.read(path, expected_game="moonshell")


def test_move_after_the_end_is_refused():
    match = finished(seed=2)
    data = records.to_json(record_of(match, finished_game=True))
    data["actions"].append(data["actions"][-1])
    with pytest.raises(RecordError, match="after the game ended"):
        records.replay(load(data))


def test_moves_that_end_the_game_in_an_unfinished_record_load_as_finished():
    """A kill between the last move and marking the game finished."""
    match = finished(seed=2)
    data = records.to_json(record_of(match))
    replayed = records.replay(load(data))
    assert replayed.game.is_over(replayed.state)


def test_a_broken_rule_raising_anything_is_a_record_error(monkeypatch):
    record = load(good_v2())
    from tideboard.engine import registry

    game = registry.load(record.game)
    monkeypatch.setattr(
        type(game), "parse_action", lambda self, state, text: int(text)
    )  # ValueError
    with pytest.raises(RecordError, match="does not replay"):
        records.replay(record, "x.json")


# -- files that are not regular -------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "autosave-moonshell.json"
    os.mkfifo(fifo)
    outcome = []

    def attempt():
        try:
            records.read(fifo)
        except RecordError as error:
            outcome.append(str(error))

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading a FIFO hung"
    assert outcome and "not a regular file" in outcome[0]


def test_folder_and_missing_file_are_refused(tmp_path):
    with pytest.raises(RecordError, match="not a regular file"):
        records.read(tmp_path)
    with pytest.raises(RecordError, match="cannot read"):
        records.read(tmp_path / "nope.json")


def test_oversized_file_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2000)
    with pytest.raises(RecordError, match="too large"):
        records.read_text(path, max_bytes=1000)


def test_invalid_utf8_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(RecordError, match="UTF-8"):
        records.read(path)


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good_v2()).encode())
    assert records.read(path)[0].game == "shifting-stones"


# -- writing --------------------------------------------------------------------
def test_write_atomic_replaces_and_fsyncs(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(
        os, "fsync", lambda fd: (synced.append(stat.S_IFMT(os.fstat(fd).st_mode)), real_fsync(fd))
    )
    path = tmp_path / "out.json"
    path.write_text("old")
    records.write_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IFREG in synced and stat.S_IFDIR in synced
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "out.json"
    path.write_text("old")

    def broken(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        records.write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


# -- fuzz: only RecordError, ever -------------------------------------------------
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(
        [
            "shifting-stones",
            "moonshell",
            "moonlighter",
            "animal-splash",
            "tideboard-record",
            "tideboard-save",
            "greedy",
            "standard",
            "end",
            "pull 2",
        ]
    ),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def recordish(draw):
    """A valid record with some fields replaced by random JSON."""
    data = draw(st.sampled_from([good_v2, lambda: v1_save(played(moves=3), {"2": "greedy"})]))()
    for key in draw(
        st.lists(
            st.sampled_from(
                sorted(data) + ["config.players", "config.seed", "config.solo", "extra"]
            ),
            max_size=3,
        )
    ):
        value = draw(json_value)
        if key.startswith("config."):
            if isinstance(data.get("config"), dict):
                data["config"][key[7:]] = value
        else:
            data[key] = value
    if draw(st.booleans()) and isinstance(data.get("actions"), list):
        data["actions"] = data["actions"] + draw(
            st.lists(
                st.one_of(st.text(max_size=8), st.sampled_from(["end", "pull 2", "flip 52 b2"])),
                max_size=3,
            )
        )
    return data


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(recordish())
def test_random_records_raise_only_record_error(data):
    try:
        text = json.dumps(data)
    except ValueError:
        return
    try:
        records.replay(records.loads(text, "fuzz.json"), "fuzz.json")
    except RecordError as error:
        assert str(error).startswith("fuzz.json")


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.binary(max_size=300),
        st.builds(
            lambda d, cut: json.dumps(d).encode()[:cut],
            st.just(None).map(lambda _: good_v2()),
            st.integers(0, 2000),
        ),
    )
)
def test_random_bytes_raise_only_record_error(tmp_path, blob):
    path = tmp_path / "fuzz.json"
    path.write_bytes(blob)
    try:
        records.read(path)
    except RecordError as error:
        assert str(error).startswith(str(path)) or str(error).startswith("cannot read")


# -- rulesets (issue #20) ---------------------------------------------------------
OLD_RECORDS = os.path.join(os.path.dirname(__file__), "ruleset1_records.json")


@pytest.mark.parametrize("game_id", ["mermaid-rain", "animal-splash"])
def test_records_written_before_the_new_rulesets_replay_as_they_were_played(game_id):
    """Issue #20 changed Mermaid Rain's treasure spots and surf tiles and Animal
    Splash's missions (their "ruleset" option, "2" now). A version-2 record (written
    by the tideboard before, with its greedy bots) names no ruleset: it is read with
    ruleset 1 and its moves replay to the same result; written again it names it."""
    with open(OLD_RECORDS, encoding="utf-8") as f:
        data = json.load(f)[game_id]
    assert data["version"] == 2 and "options" not in data["config"]
    record = load(data)
    assert record.config.option_dict == {"ruleset": "1"}
    match = records.replay(record)
    assert match.game.is_over(match.state)
    assert list(match.game.scores(match.state)) == data["result"]["scores"]
    again = records.to_json(record)
    assert again["version"] == records.VERSION
    assert again["config"]["options"] == {"ruleset": "1"}
    # a current record without options is the current ruleset
    assert load({**data, "version": records.VERSION}).config.options == ()


def test_an_old_record_of_another_game_gains_no_ruleset():
    data = good_v2()
    data["version"] = 2
    assert load(data).config.options == ()
