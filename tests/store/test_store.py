"""The game store: records, appends, undo, finishing, concurrency, damage, import."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading

import pytest

from tideboard.engine.core import GameConfig
from tideboard.store import records
from tideboard.store.games import SCHEMA_VERSION, StaleError, Store, StoreError
from tideboard.store.records import RecordError, Result, Seat

sys.path.insert(0, os.path.dirname(__file__))
from helpers import finished, played, store_at_once, v1_save  # noqa: E402


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "games.db") as opened:
        yield opened


def notation(match) -> list[str]:
    return [match.game.format_action(a) for a in match.actions]


def store_match(store, match, seats=None) -> str:
    gid = store.create(match.game.info.id, match.config, seats)
    for count, text in enumerate(notation(match)):
        store.append(gid, text, count)
    return gid


def test_pragmas(store):
    db = store.db.connection
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] > 0
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_game_round_trips(store):
    match = played("moonshell", moves=9, seed=12)
    seats = (Seat("Ann", None), Seat("Bob", "greedy"))
    gid = store_match(store, match, seats)
    loaded, bots = store.load_match(gid)
    assert loaded.state == match.state
    assert bots == {1: "greedy"}
    record = store.get(gid)
    assert record.seats == seats and record.actions == tuple(notation(match))
    assert record.config == match.config and record.id == gid
    summary = store.summary(gid.upper())  # ids are typed in any case
    assert summary.moves == 9 and not summary.finished


def test_ids_are_short_and_distinct(store):
    ids = {store.create("moonlighter", GameConfig(players=1, seed=s)) for s in range(200)}
    assert len(ids) == 200
    assert all(len(i) == 6 and i.isalnum() and i == i.lower() for i in ids)


def test_every_new_game_is_a_new_record(store):
    """Starting a game never replaces another, even of the same kind and seed."""
    first = store_match(store, played(moves=4))
    second = store.create("shifting-stones", GameConfig(players=2, seed=4))
    assert first != second
    assert len(store.get(first).actions) == 4
    assert {s.id for s in store.list()} == {first, second}


def test_append_refuses_a_stale_count(store):
    match = played(moves=3)
    gid = store_match(store, match)
    with pytest.raises(StaleError):
        store.append(gid, "end", 2)
    with pytest.raises(StaleError):
        store.append(gid, "end", 4)
    assert store.get(gid).actions == tuple(notation(match))


def test_truncate_is_undo(store):
    match = played(moves=6)
    gid = store_match(store, match)
    store.truncate(gid, 4, expected_count=6)
    loaded, _ = store.load_match(gid)
    assert loaded.state == match.undo(2).state
    with pytest.raises(StaleError):
        store.truncate(gid, 2, expected_count=6)
    with pytest.raises(StoreError):
        store.truncate(gid, 9)
    assert store.append(gid, notation(match)[4], 4) == 5


def test_finish_records_the_result_and_freezes_the_game(store):
    match = finished(seed=3)
    gid = store_at_once(store, match)  # its moves in one transaction
    result = Result.of(match.game, match.state)
    store.finish(gid, result, expected_count=len(match.actions))
    summary = store.summary(gid)
    assert summary.finished and summary.result == result
    assert store.list() == []
    assert [s.id for s in store.list(unfinished_only=False)] == [gid]
    with pytest.raises(StoreError, match="finished"):
        store.append(gid, "end", len(match.actions))
    with pytest.raises(StoreError, match="finished"):
        store.truncate(gid, 0)
    record = store.get(gid)
    assert records.replay(records.parse(records.to_json(record))).state == match.state


def test_a_finished_animal_splash_game_round_trips(store):
    match = finished("animal-splash", seed=5, players=3)
    gid = store_match(store, match)
    result = Result.of(match.game, match.state)
    store.finish(gid, result, expected_count=len(match.actions))
    loaded, _ = store.load_match(gid)
    assert loaded.state == match.state and store.summary(gid).result == result


def test_list_is_newest_first(store):
    a = store.create("moonlighter", GameConfig(players=1))
    b = store.create("moonlighter", GameConfig(players=1))
    match = played("moonlighter", moves=1, players=1)
    store.append(a, notation(match)[0], 0)
    assert [s.id for s in store.list()] == [a, b]
    assert store.newest_unfinished().id == a


@pytest.mark.parametrize("bad", ["", "zzzzzz", "../etc", "a" * 500, "\x00", "²", "Robert'); DROP"])
def test_unknown_or_weird_ids(store, bad):
    with pytest.raises(StoreError, match="no game with id"):
        store.get(bad)
    assert not store.exists(bad)


def test_bad_notation_is_refused(store):
    gid = store.create("moonlighter", GameConfig(players=1))
    for bad in ("", "x" * 1000):
        with pytest.raises(StoreError):
            store.append(gid, bad, 0)


def test_moves_that_no_longer_replay_are_a_record_error(store):
    gid = store.create("shifting-stones", GameConfig(players=2, seed=1))
    store.append(gid, "flip 99 z9", 0)
    with pytest.raises(RecordError, match=f"game {gid}: move 1"):
        store.load_match(gid)


# -- concurrency -----------------------------------------------------------------
def test_two_connections_cannot_interleave_one_game(tmp_path):
    path = tmp_path / "games.db"
    with Store.open(path) as one, Store.open(path) as two:
        match = played(moves=2)
        gid = store_match(one, match)
        texts = notation(played(moves=4))
        two.append(gid, texts[2], 2)
        with pytest.raises(StaleError):
            one.append(gid, texts[2], 2)
        assert one.get(gid).actions == tuple(texts[:3])


def test_many_writers_many_games(tmp_path):
    path = tmp_path / "games.db"
    match = played("moonlighter", moves=30, players=1, seed=8)
    texts = notation(match)
    errors = []

    def writer():
        try:
            # what is tested is that nothing is lost or mixed up, not how long a writer
            # may wait: on a loaded two-core machine six writers, each fsyncing every
            # move, can keep one waiting past the default 10 s (seen once in CI)
            with Store.open(path, timeout=120) as own:
                gid = own.create("moonlighter", match.config)
                for count, text in enumerate(texts):
                    own.append(gid, text, count)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=writer) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with Store.open(path) as check:
        games = check.list()
        assert len(games) == 6
        for summary in games:
            assert check.load_match(summary.id)[0].state == match.state


# -- damaged or unusable stores ---------------------------------------------------
def test_garbage_file_is_a_store_error_and_is_kept(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a tideboard game store"):
        Store.open(path)
    assert path.read_bytes() == b"this is not sqlite at all" * 100


def test_someone_elses_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (x)")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not a tideboard game store"):
        Store.open(path)


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "games.db"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer tideboard"):
        Store.open(path)


def test_locked_store_is_a_clear_error(tmp_path):
    path = tmp_path / "games.db"
    with Store.open(path) as first:
        gid = first.create("moonlighter", GameConfig(players=1))
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        with Store.open(path, timeout=0.2) as waiting:
            with pytest.raises(StoreError, match="busy"):
                waiting.append(gid, "x", 0)
    except StoreError as error:  # the lock may already stop the open
        assert "busy" in str(error)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()


def test_path_that_is_a_folder(tmp_path):
    (tmp_path / "games.db").mkdir()
    with pytest.raises(StoreError, match="not a file"):
        Store.open(tmp_path / "games.db")


def test_folder_that_cannot_be_created(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="cannot create the folder"):
        Store.open(tmp_path / "file" / "sub" / "games.db")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_read_only_folder(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(StoreError):
            Store.open(folder / "games.db")
    finally:
        folder.chmod(0o700)


def test_damaged_row_is_a_store_error(store):
    gid = store.create("moonlighter", GameConfig(players=1))
    store.db.connection.execute("UPDATE games SET seats = 'garbage' WHERE id = ?", (gid,))
    with pytest.raises(StoreError, match="damaged"):
        store.list()


# -- importing the old autosave files ------------------------------------------
def write(path, data) -> None:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


def test_autosaves_are_imported_once_and_kept(isolated_saves):
    folder = isolated_saves
    folder.mkdir(parents=True)
    match = played("moonshell", moves=5, seed=6)
    good = folder / "autosave-moonshell.json"
    write(good, v1_save(match, {"2": "greedy"}))
    wrong = folder / "autosave-moonlighter.json"  # holds another game (defect 5)
    write(wrong, v1_save(played("shifting-stones", moves=1)))
    broken = folder / "autosave-shifting-stones.json"
    write(broken, "[" * 100_000)
    originals = {p: p.read_bytes() for p in (good, wrong, broken)}

    with Store.open() as store:
        notes = {os.path.basename(n.path): n for n in store.import_notes}
        assert notes["autosave-moonshell.json"].error is None
        assert "not moonlighter" in notes["autosave-moonlighter.json"].error
        assert notes["autosave-shifting-stones.json"].game_id is None
        gid = notes["autosave-moonshell.json"].game_id
        loaded, bots = store.load_match(gid)
        assert loaded.state == match.state and bots == {1: "greedy"}
    with Store.open() as again:
        assert again.import_notes == []  # each file once, skipped ones too
        assert len(again.list()) == 1
    assert {p: p.read_bytes() for p in originals} == originals


def test_a_changed_autosave_of_another_game_is_a_new_game(isolated_saves):
    isolated_saves.mkdir(parents=True)
    path = isolated_saves / "autosave-moonlighter.json"
    write(path, v1_save(played("moonlighter", moves=2, players=1)))
    with Store.open() as store:
        first = store.import_notes[0].game_id
    write(path, v1_save(played("moonlighter", moves=0, players=1, seed=99)))
    os.utime(path, ns=(1, 1))
    with Store.open() as store:
        second = store.import_notes[0].game_id
        assert second != first
        assert store.summary(first).moves == 2 and store.summary(second).moves == 0


def test_an_autosave_the_app_kept_writing_continues_its_game(isolated_saves):
    """While the app still writes autosaves, a later import adds the new moves
    to the game imported before instead of storing a second copy."""
    isolated_saves.mkdir(parents=True)
    path = isolated_saves / "autosave-moonshell.json"
    match = played("moonshell", moves=8, seed=31)
    write(path, v1_save(match.undo(5)))
    with Store.open() as store:
        first = store.import_notes[0].game_id
    write(path, v1_save(match))
    os.utime(path, ns=(2, 2))
    with Store.open() as store:
        note = store.import_notes[0]
        assert note.game_id == first and note.continued
        assert [s.id for s in store.list()] == [first]
        assert store.load_match(first)[0].state == match.state
        # undone moves in the file do not fit: that is a new game
        store.append(first, "rotate", 8)
    os.utime(path, ns=(3, 3))
    with Store.open() as store:
        assert store.import_notes[0].game_id != first
        assert len(store.list()) == 2


def test_a_finished_autosave_imports_as_finished(isolated_saves):
    isolated_saves.mkdir(parents=True)
    match = finished(seed=5)
    write(isolated_saves / "autosave-shifting-stones.json", v1_save(match))
    with Store.open() as store:
        summary = store.summary(store.import_notes[0].game_id)
        assert summary.finished and summary.result.text == match.game.result_text(match.state)


def test_explicit_path_does_not_import_unless_asked(isolated_saves, tmp_path):
    isolated_saves.mkdir(parents=True)
    write(
        isolated_saves / "autosave-moonlighter.json",
        v1_save(played("moonlighter", moves=1, players=1)),
    )
    with Store.open(tmp_path / "x.db") as store:
        assert store.import_notes == [] and store.list() == []


# -- the app's writer ------------------------------------------------------------
def test_game_writer_follows_moves_undo_and_the_end(store):
    from tideboard.store.writer import GameWriter

    match = finished(seed=21)
    start = match.undo(len(match.actions))
    writer = GameWriter.new(store, start, (Seat("Ann"), Seat("Bot", "greedy")))
    shown = start
    for action in match.actions[:6]:
        shown = shown.play(action)
        assert writer.sync(shown) is None
    assert store.get(writer.id).actions == tuple(notation(shown))
    names = {0: "Ann", 1: "Bot"}
    to_move = shown.game.to_move(shown.state)
    assert store.summary(writer.id).turn == f"{names[to_move[0]]} to move"
    shown = shown.undo(2)
    assert writer.sync(shown) is None
    assert store.summary(writer.id).moves == 4
    for action in match.actions[4:]:
        shown = shown.play(action)
    assert writer.sync(shown) is None  # several moves at once, and the end
    summary = store.summary(writer.id)
    assert summary.finished and summary.moves == len(match.actions) and summary.turn is None
    assert summary.result == Result.of(match.game, match.state)
    again, resumed, bots = GameWriter.resume(store, writer.id)
    assert resumed.state == match.state and bots == {1: "greedy"} and again.finished


def test_game_writer_reports_instead_of_raising_and_retries(store):
    from tideboard.store.writer import GameWriter

    match = played(moves=3)
    other = notation(played(moves=1, rng_seed=1))[0]
    assert other != notation(match)[0]
    writer = GameWriter.new(store, match.undo(3))
    store.append(writer.id, other, 0)  # someone else played another move meanwhile
    message = writer.sync(match)
    assert message and "played elsewhere" in message
    assert store.get(writer.id).actions == (other,)
    store.truncate(writer.id, 0)
    assert writer.sync(match) is None  # the next sync catches up
    assert store.get(writer.id).actions == tuple(notation(match))
    # the same move written meanwhile (e.g. a save reported as failed that did
    # reach the disk) is this game's own: the writer carries on from it
    longer = played(moves=5)
    store.append(writer.id, notation(longer)[3], 3)
    assert writer.sync(longer) is None
    assert store.get(writer.id).actions == tuple(notation(longer))
