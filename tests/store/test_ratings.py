"""Issue 22: players' ratings in the store (openskill's Plackett-Luce, one update a
rated table's game, in the transaction that records its end), the records behind
a player's page and ``tideboard stats``."""

from __future__ import annotations

import json
import sqlite3

import attrs
import pytest
from openskill.models import PlackettLuce

from tideboard.engine.core import GameConfig
from tideboard.serve import storage
from tideboard.serve.storage import TableRow
from tideboard.store import ratings
from tideboard.store.games import SCHEMA_VERSION, Store, StoreError
from tideboard.store.records import Result, Seat

GAME = "shifting-stones"


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "games.db", import_autosaves=False) as opened:
        yield opened


def table_game(store, players, bots=None, claimed=True, game=GAME, table_id=None) -> str:
    """A started server table of ``players`` (names; a bot's seat: None and its
    level in ``bots``) and its game's id; the names are claimed with keys."""
    bots = bots or {}
    seats = tuple((name, bots.get(n)) for n, name in enumerate(players))
    gid = store.create(
        game,
        GameConfig(players=len(players)),
        [Seat(name or f"Player {n + 1}", bots.get(n)) for n, name in enumerate(players)],
    )
    for name in players:
        if name is not None and claimed:
            storage.claim(store, name, f"SHA256:{name.lower()}")
    row = TableRow(
        table_id or gid[:4], game, players[0], len(players), "standard", seats, gid, "2026"
    )
    storage.save_table(store, row)
    return gid


def end(store, gid, winners, scores) -> None:
    store.finish(gid, Result(tuple(winners), tuple(scores), "over"))


def stored(store, name, game=GAME):
    return ratings.ratings_of(store, name).get(game)


def rated_row(store, gid):
    rows = store.db.read("SELECT rated, reason FROM rated_games WHERE game_id = ?", (gid,))
    return tuple(rows[0]) if rows else None


def test_a_rated_game_moves_both_ratings_to_what_openskill_gives(store):
    gid = table_game(store, ["ana", "bob"])
    end(store, gid, winners=[1], scores=[10, 14])  # bob won
    model = PlackettLuce()
    [[ana], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    got_ana, got_bob = stored(store, "ana"), stored(store, "Bob")
    assert (got_ana.mu, got_ana.sigma, got_ana.games) == (ana.mu, ana.sigma, 1)
    assert (got_bob.mu, got_bob.sigma, got_bob.games) == (bob.mu, bob.sigma, 1)
    assert got_bob.shown == round(bob.ordinal()) > got_ana.shown == round(ana.ordinal())
    assert rated_row(store, gid) == (1, None)
    # a second game starts from the stored ratings
    again = table_game(store, ["bob", "ana"], table_id="zz01")
    end(store, again, winners=[1], scores=[3, 9])  # ana won
    [[bob2], [ana2]] = model.rate([[bob], [ana]], ranks=[2, 1])
    assert (stored(store, "ana").mu, stored(store, "ana").games) == (ana2.mu, 2)
    assert stored(store, "bob").sigma == bob2.sigma


def test_a_player_who_resigned_is_rated_last_and_the_table_stays_rated(store):
    """A resignation is a loss: the bot that plays the seat out (of the table's
    level) does not make the table unrated, and the player who resigned comes last
    even when that bot wins; two who resigned: the first to resign is last."""
    gid = table_game(store, ["ana", "bob", "carol"])
    for name in ("carol", "bob"):
        storage.claim(store, name, f"SHA256:{name}")
    row = TableRow(
        gid[:4],
        GAME,
        "ana",
        3,
        "standard",
        (("ana", None), (None, "greedy"), (None, "greedy")),
        gid,
        "2026",
        resigned=((1, "bob", "2026-11-27T10:00:00Z", 9), (2, "carol", "2026-11-27T09:00:00Z", 4)),
    )
    storage.save_table(store, row)
    end(store, gid, winners=[2], scores=[8, 9, 15])  # carol's bot won
    assert rated_row(store, gid) == (1, None)
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    [[ana], [bob], [carol]] = model.rate(fresh, ranks=[1, 2, 3])
    assert stored(store, "ana").mu == ana.mu
    assert stored(store, "bob").mu == bob.mu
    assert stored(store, "carol").mu == carol.mu < bob.mu < ana.mu
    assert ratings.places(Result((2,), (8, 9, 15), ""), [None, 9, 4]) == [1, 2, 3]


def test_a_player_who_left_the_game_is_rated_as_one_who_resigned_then(store):
    """A seat a bot played for its away player from its first move for them to
    the end (``left_move``) is a loss, as a resignation at that move: the table
    stays rated, that player last even when the bot won; one who resigned later
    comes before them."""
    gid = table_game(store, ["ana", "bob", "carol"])
    row = TableRow(
        gid[:4],
        GAME,
        "ana",
        3,
        "standard",
        (("ana", None), (None, "greedy"), ("carol", None)),
        gid,
        "2026",
        resigned=((1, "bob", "2026-11-27T10:00:00Z", 9),),
        left=((2, 4),),
    )
    storage.save_table(store, row)
    assert storage.load_tables(store)[0].left == ((2, 4),)  # (kept in the seat's JSON)
    end(store, gid, winners=[2], scores=[8, 9, 15])  # carol's bot won
    assert rated_row(store, gid) == (1, None)
    model = PlackettLuce()
    [[ana], [bob], [carol]] = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    assert [stored(store, name).mu for name in ("ana", "bob", "carol")] == [
        ana.mu,
        bob.mu,
        carol.mu,
    ]


def test_a_player_out_of_time_is_rated_last(store):
    """A timed table whose player ran out of time (or was expelled), as the clock's
    stored state says: rated, that player last, whatever the bot made of the seat."""
    gid = table_game(store, ["ana", "bob"])
    table_id = gid[:4]
    state = {"remaining": [0, 30], "running": [], "since": 0, "flagged": [0], "out": {"0": "x"}}
    with store.db.write() as db:
        db.execute(
            "INSERT OR REPLACE INTO table_clocks (table_id, spec, state) VALUES (?, ?, ?)",
            (table_id, "rt:60+0", json.dumps(state)),
        )
    end(store, gid, winners=[0], scores=[20, 5])  # ana's bot won
    assert rated_row(store, gid) == (1, None)
    model = PlackettLuce()
    [[ana], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[2, 1])
    assert stored(store, "ana").mu == ana.mu < stored(store, "bob").mu == bob.mu


def test_places_put_the_winners_first_then_points_and_equal_places_tie(store):
    assert ratings.places(Result((2,), (9, 5, 12, 9), "")) == [2, 3, 1, 2]
    assert ratings.places(Result((0, 1), (7, 7, 1), "")) == [1, 1, 2]
    assert ratings.places(Result((), (4, 6), "")) == [2, 1]  # nobody won: by points
    gid = table_game(store, ["ana", "bob", "carol"])
    end(store, gid, winners=[0, 2], scores=[8, 3, 8])  # ana and carol tie for first
    model = PlackettLuce()
    fresh = [[model.rating()] for _ in range(3)]
    expected = model.rate(fresh, ranks=[1, 2, 1])
    for name, [rating] in zip(["ana", "bob", "carol"], expected):
        assert stored(store, name).mu == rating.mu
    assert stored(store, "ana").mu == stored(store, "carol").mu > stored(store, "bob").mu


def test_a_game_is_rated_once_whatever_calls_come_after_its_end(store):
    gid = table_game(store, ["ana", "bob"])
    end(store, gid, winners=[0], scores=[5, 1])
    before = ratings.ratings_of(store, "ana")
    with pytest.raises(StoreError):
        end(store, gid, winners=[0], scores=[5, 1])  # (the store refuses a second end)
    with store.db.write() as db:  # and a second rating of it changes nothing
        ratings.rate_finished(db, gid, Result((0,), (5, 1), "over"))
    assert ratings.ratings_of(store, "ana") == before and before[GAME].games == 1


@pytest.mark.parametrize(
    "players, bots, claimed, mark, reason",
    [
        (["ana", None], {1: "greedy"}, True, None, "a bot played a seat"),
        (["ana", "guest-4821"], {}, False, None, "played as a guest"),
        (["ana", "bob"], {}, True, "ana used a hint", "ana used a hint"),
        (["ana", "bob"], {}, True, "a bot played for bob", "a bot played for bob"),
        (["ana"], {}, True, None, "one player"),
    ],
)
def test_an_unrated_game_leaves_every_rating_as_it_was(store, players, bots, claimed, mark, reason):
    earlier = table_game(store, ["ana", "bob"], table_id="old1")
    end(store, earlier, winners=[0], scores=[5, 1])
    before = {n: ratings.ratings_of(store, n) for n in ("ana", "bob", "guest-4821")}
    gid = table_game(store, players, bots, claimed=claimed)
    if not claimed:  # ana has her key; the guest has none
        storage.claim(store, "ana", "SHA256:ana")
    if mark:
        assert ratings.mark_unrated(store, gid, mark) is None
        assert ratings.mark_unrated(store, gid, "another reason") is None  # the first stays
    end(store, gid, winners=[0], scores=[9] + [1] * (len(players) - 1))
    assert {n: ratings.ratings_of(store, n) for n in before} == before
    assert rated_row(store, gid)[0] == 0 and reason in rated_row(store, gid)[1]


def test_a_local_game_is_never_rated_and_gets_no_rated_row(store):
    gid = store.create(GAME, GameConfig(players=2), [Seat("ana"), Seat("bob")])
    end(store, gid, winners=[0], scores=[5, 1])
    assert ratings.ratings_of(store, "ana") == {} and rated_row(store, gid) is None


def test_a_failed_end_rates_nothing(store, monkeypatch):
    """The rating is in the end's transaction: if the rating's write fails, the
    end is not recorded either (and the writer tries both again)."""
    gid = table_game(store, ["ana", "bob"])

    def broken(db, game, names, ranks):
        db.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(ratings, "_rate", broken)
    with pytest.raises(StoreError):
        end(store, gid, winners=[0], scores=[5, 1])
    assert not store.summary(gid).finished and rated_row(store, gid) is None
    monkeypatch.undo()
    end(store, gid, winners=[0], scores=[5, 1])
    assert store.summary(gid).finished and stored(store, "ana").games == 1


def test_the_leaderboard_lists_the_best_shown_ratings_first_with_names_as_spelled(store):
    storage.claim(store, "Ana", "SHA256:ana")  # first spelled "Ana"
    results = [("Ana", "bob", 0), ("Ana", "carol", 0), ("bob", "carol", 0), ("dave", "carol", 0)]
    for n, (one, other, winner) in enumerate(results):
        gid = table_game(store, [one, other], table_id=f"t{n:03}")
        end(store, gid, winners=[winner], scores=[9, 2])
    board = ratings.leaderboard(store, GAME)
    shown = [r.shown for r in board]
    assert shown == sorted(shown, reverse=True) and len(board) == 4
    assert board[0].name == "Ana" and board[0].games == 2 and board[-1].name == "carol"
    assert ratings.leaderboard(store, GAME, limit=2) == board[:2]
    assert ratings.leaderboard(store, "moonshell") == []
    assert ratings.ratings_of(store, "ANA")[GAME] == board[0]


def test_table_records_count_played_and_won_per_game_rated_or_not(store):
    won = table_game(store, ["ana", "bob"], table_id="t001")
    end(store, won, winners=[0], scores=[9, 2])
    lost = table_game(store, ["bob", "ana"], table_id="t002")
    end(store, lost, winners=[0], scores=[9, 2])
    with_bot = table_game(store, ["Ana", None], bots={1: "easy"}, table_id="t003")
    end(store, with_bot, winners=[0], scores=[9, 2])
    table_game(store, ["ana", "bob"], table_id="t004")  # not finished
    other = table_game(store, ["ana", "bob"], game="moonshell", table_id="t005")
    end(store, other, winners=[1], scores=[1, 2])
    records = ratings.table_records(store, "ANA")
    assert {g: (r.played, r.won) for g, r in records.items()} == {GAME: (3, 2), "moonshell": (1, 0)}
    assert ratings.table_records(store, "nobody") == {}


def test_a_table_given_up_counts_as_played_not_won_whatever_its_bot_made_of_it(store):
    """The records follow the ratings' rule (``ratings.gave_up``): a seat whose
    player left the game (its bot played on and won) or ran out of time (the
    clock's "out") is a game played and not won; a damaged clock state counts for
    nothing."""
    left = table_game(store, ["ana", "bob"], table_id="t001")
    storage.save_table(store, attrs.evolve(storage.load_tables(store)[0], left=((0, 6),)))
    end(store, left, winners=[0], scores=[9, 2])  # ana's bot won
    timed = table_game(store, ["ana", "bob"], table_id="t002")
    damaged = table_game(store, ["ana", "bob"], table_id="t003")
    for table_id, state in (("t002", json.dumps({"out": {"0": "ran out of time"}})), ("t003", "{")):
        with store.db.write() as db:
            db.execute(
                "INSERT INTO table_clocks (table_id, spec, state) VALUES (?, ?, ?)",
                (table_id, "rt:60+0", state),
            )
    end(store, timed, winners=[0], scores=[9, 2])
    end(store, damaged, winners=[0], scores=[9, 2])
    assert ratings.table_records(store, "ana")[GAME][2:] == (3, 1)
    assert ratings.table_records(store, "bob")[GAME][2:] == (3, 0)


def test_gave_up_says_how_and_when_a_resignation_first():
    assert ratings.gave_up({"player": "ana"}) is None
    assert ratings.gave_up({"resigned": "ana", "resigned_move": 4, "left_move": 2}, "x") == (
        4,
        "resigned",
    )
    assert ratings.gave_up({"player": "ana", "left_move": 2}, "expelled by bob") == (
        2,
        "left the game",
    )
    assert ratings.gave_up({"player": "ana"}, "was expelled by bob") == (-1, "expelled")
    assert ratings.gave_up({"player": "ana"}, "ran out of time") == (-1, "out of time")
    assert ratings.gave_up("damaged", "ran out of time") is None


def test_local_records_count_the_names_at_the_keyboard_not_bots_nor_tables(store):
    def local(seats, winners, game=GAME):
        gid = store.create(game, GameConfig(players=len(seats)), seats)
        end(store, gid, winners=winners, scores=[1] * len(seats))

    local([Seat("Player 1"), Seat("Player 2", "greedy")], [0])
    local([Seat("player 1"), Seat("Player 2", "greedy")], [1])
    local([Seat("Player 1"), Seat("Player 2")], [1])
    local([Seat("Player 1"), Seat("Player 2")], [0], game="moonshell")
    store.create(GAME, GameConfig(players=2), [Seat("Player 1"), Seat("Player 2")])  # unfinished
    served = table_game(store, ["Player 1", "bob"])  # a server's table: not local play
    end(store, served, winners=[0], scores=[2, 1])
    rows = [tuple(r) for r in ratings.local_records(store)]
    assert rows == [
        ("Player 1", "moonshell", 1, 1),
        ("Player 1", GAME, 3, 1),
        ("Player 2", "moonshell", 1, 0),
        ("Player 2", GAME, 1, 1),
    ]
    assert [tuple(r) for r in ratings.local_records(store, name="player 2", game=GAME)] == [
        ("Player 2", GAME, 1, 1)
    ]


def test_damaged_rows_are_skipped_by_the_records_and_make_a_game_unrated(store):
    gid = table_game(store, ["ana", "bob"])
    store.db.connection.execute("UPDATE tables SET seats = '[1, \"x\"' WHERE game_id = ?", (gid,))
    end(store, gid, winners=[0], scores=[5, 1])  # recorded all the same
    assert store.summary(gid).finished and rated_row(store, gid)[0] == 0
    assert ratings.table_records(store, "ana") == {}
    bad = store.create(GAME, GameConfig(players=2), [Seat("ana"), Seat("bob")])
    end(store, bad, winners=[0], scores=[5, 1])
    store.db.connection.execute("UPDATE games SET seats = '[\"x\", 2]' WHERE id = ?", (bad,))
    assert ratings.local_records(store) == []


def test_an_older_store_gets_the_ratings_tables(tmp_path):
    path = tmp_path / "old.db"
    with Store.open(path, import_autosaves=False) as store:
        gid = table_game(store, ["ana", "bob"])
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TABLE ratings; DROP TABLE rated_games; ALTER TABLE tables DROP COLUMN access;"
        " PRAGMA user_version = 5;"
    )
    db.close()
    with Store.open(path, import_autosaves=False) as store:
        version = store.db.read("PRAGMA user_version")[0][0]
        assert version == SCHEMA_VERSION
        end(store, gid, winners=[0], scores=[5, 1])
        assert stored(store, "ana").games == 1
        assert json.loads(store.db.read("SELECT result FROM games")[0][0])["winners"] == [1]
