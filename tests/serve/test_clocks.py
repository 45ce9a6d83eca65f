"""The clock model (tideboard/serve/clocks.py): pure functions of the time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tideboard.serve import clocks as c
from tideboard.serve.clocks import REAL_TIME, TURN_BASED, ClockSpec

RT = ClockSpec(REAL_TIME, 300, 20)
TB = ClockSpec(TURN_BASED, 86400)


def test_a_running_seat_is_charged_and_the_increment_comes_when_its_move_is_done() -> None:
    clocks = c.start(RT, 2, [0], now=1000.0)
    assert c.remaining(clocks, 0, 1010.0) == 290
    assert c.remaining(clocks, 1, 1010.0) == 300  # (not running)
    clocks = c.moved(clocks, [0], 1010.0)  # a swap: still seat 1's turn, no increment
    clocks = c.moved(clocks, [1], 1030.0)  # seat 1 ends its turn
    assert c.remaining(clocks, 0, 1100.0) == 300 - 30 + 20
    assert c.remaining(clocks, 1, 1100.0) == 300 - 70
    assert c.flag_time(clocks) == 1030.0 + 300


def test_simultaneous_choices_run_every_waiting_seat() -> None:
    clocks = c.start(RT, 3, [0, 1, 2], now=0.0)
    clocks = c.moved(clocks, [1, 2], 10.0)  # seat 1 chose
    clocks = c.moved(clocks, [2], 25.0)  # seat 2 chose
    assert [c.remaining(clocks, s, 40.0) for s in range(3)] == [310, 295, 260]
    assert c.flag_time(clocks) == 25.0 + 275


def test_a_real_time_clock_runs_out_and_never_runs_again() -> None:
    clocks = c.start(ClockSpec(REAL_TIME, 1), 2, [0], now=0.0)
    assert c.flag_time(clocks) == 1.0
    assert c.out_of_time(clocks, 0.5) == []
    assert c.out_of_time(clocks, 1.0) == [0]
    clocks = c.flag(clocks, 0, 1.2)
    assert c.remaining(clocks, 0, 5.0) == 0
    assert c.flag_time(clocks) is None
    clocks = c.moved(clocks, [0, 1], 3.0)  # (its bot's seat waits again: no clock)
    assert clocks.running == {1}


def test_a_turn_based_clock_has_a_whole_move_each_turn_and_a_late_move_clears_the_flag() -> None:
    clocks = c.start(TB, 2, [0], now=0.0)
    clocks = c.moved(clocks, [1], 3600.0)
    assert c.remaining(clocks, 1, 3600.0) == 86400
    assert c.flag_time(clocks) == 3600.0 + 86400
    clocks = c.flag(clocks, 1, 3600.0 + 86400)
    assert clocks.flagged == {1} and clocks.running == {1}  # it may still move
    assert c.flag_time(clocks) is None
    clocks = c.moved(clocks, [0], 100000.0)
    assert clocks.flagged == frozenset()
    assert c.remaining(clocks, 0, 100000.0) == 86400


def test_a_real_time_clock_pauses_while_the_server_is_down_and_a_deadline_does_not() -> None:
    clocks = c.paused(c.start(RT, 2, [0], now=0.0), 100.0)
    assert clocks.paused and c.flag_time(clocks) is None
    assert c.remaining(clocks, 0, 5000.0) == 200
    clocks = c.resumed(clocks, 5000.0)
    assert c.remaining(clocks, 0, 5010.0) == 190
    deadline = c.paused(c.start(TB, 2, [0], now=0.0), 100.0)
    assert c.remaining(deadline, 0, 86000.0) == 400


@pytest.mark.parametrize(
    ("key", "words"),
    [("rt:180+10", "3 min + 10 s"), ("rt:300+20", "5 min + 20 s"), ("tb:86400", "1 day a move")],
)
def test_specs_round_trip_and_say_what_they_are(key: str, words: str) -> None:
    spec = ClockSpec.parse(key)
    assert spec.key() == key and spec.words() == words


@pytest.mark.parametrize("key", ["", "rt:", "rt:-5+1", "tb:0", "xx:5", "rt:nan+1", "rt:5+-1"])
def test_a_damaged_spec_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        ClockSpec.parse(key)


DAY, HOUR, MINUTE = 86400.0, 3600.0, 60.0


@pytest.mark.parametrize(
    ("spec", "elapsed", "face"),
    [
        # a day a move: the full day at the start, whole hours (rounded up) down to 4 h
        (TB, 0.0, "1 d 0 h"),
        (TB, 1.0, "1 d 0 h"),
        (TB, HOUR - 1, "1 d 0 h"),
        (TB, HOUR, "23 h"),
        (TB, HOUR + 1, "23 h"),
        (TB, DAY - 4 * HOUR - 1, "5 h"),
        (TB, DAY - 4 * HOUR, "4:00:00"),
        (TB, DAY - HOUR, "1:00:00"),
        (TB, DAY - HOUR + 1, "59:59"),
        (TB, DAY - MINUTE + 1, "0:59"),
        (TB, DAY - 0.2, "0:01"),
        (TB, DAY, "0:00"),
        (TB, DAY + 5, "0:00"),
        (ClockSpec(TURN_BASED, 3 * DAY), 1.0, "3 d 0 h"),
        (ClockSpec(TURN_BASED, 3 * DAY), DAY + HOUR, "1 d 23 h"),
        # a real-time bank: minutes and seconds, rounded up
        (RT, 0.0, "5:00"),
        (RT, 0.5, "5:00"),
        (RT, 1.0, "4:59"),
        (RT, 300 - 59.5, "1:00"),
        (RT, 300 - 59, "0:59"),
        (RT, 299.8, "0:01"),
        (RT, 300.0, "0:00"),
        (ClockSpec(REAL_TIME, HOUR + 120), 0.0, "1:02:00"),
        (ClockSpec(REAL_TIME, HOUR), 1.0, "59:59"),
    ],
)
def test_a_clock_face_reads_its_full_time_at_the_start_and_counts_down(
    spec: ClockSpec, elapsed: float, face: str
) -> None:
    clocks = c.start(spec, 2, [0], now=1000.0)
    assert c.shown(c.remaining(clocks, 0, 1000.0 + elapsed)) == face


# a game: each step, how long it took and the seats the game waits for next
steps = st.lists(
    st.tuples(
        st.floats(min_value=0, max_value=50, allow_nan=False),
        st.sets(st.integers(0, 3), min_size=1),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(
    bank=st.floats(min_value=1, max_value=200),
    increment=st.floats(min_value=0, max_value=30),
    first=st.sets(st.integers(0, 3), min_size=1),
    game=steps,
)
def test_real_time_clocks_charge_every_running_seat_and_add_the_increment_once_a_move(
    bank: float, increment: float, first: set[int], game: list[tuple[float, set[int]]]
) -> None:
    spec = ClockSpec(REAL_TIME, bank, increment)
    now = 0.0
    clocks = c.start(spec, 4, first, now)
    expected = [bank] * 4
    for spent, waiting in game:
        flag = c.flag_time(clocks)
        now += spent
        if flag is not None and flag <= now:  # run out before this move: flag them all
            for seat in c.out_of_time(clocks, now):
                assert c.remaining(clocks, seat, now) == 0
                clocks = c.flag(clocks, seat, now)
                expected[seat] = 0.0
        for seat in range(4):
            left = c.remaining(clocks, seat, now)
            assert left >= 0
            if seat in clocks.running:
                assert left == pytest.approx(max(0.0, expected[seat] - spent), abs=1e-6)
        before = clocks.running
        clocks = c.moved(clocks, waiting, now)
        for seat in range(4):
            if seat in before:
                expected[seat] = max(0.0, expected[seat] - spent)
            if seat in before and seat not in clocks.running and seat not in clocks.flagged:
                expected[seat] += increment  # once, when the seat's clock stops
            assert clocks.remaining[seat] == pytest.approx(expected[seat], abs=1e-6)
        assert clocks.running == frozenset(waiting) - clocks.flagged


@settings(max_examples=100, deadline=None)
@given(
    bank=st.floats(min_value=1, max_value=100),
    first=st.sets(st.integers(0, 3), min_size=1),
    game=steps,
)
def test_a_clock_is_never_negative_before_its_flag(
    bank: float, first: set[int], game: list[tuple[float, set[int]]]
) -> None:
    now = 0.0
    clocks = c.start(ClockSpec(REAL_TIME, bank, 0), 4, first, now)
    for spent, waiting in game:
        flag = c.flag_time(clocks)
        if flag is not None and now + spent > flag:
            assert all(c.remaining(clocks, s, flag) >= 0 for s in range(4))
            assert c.out_of_time(clocks, flag)  # the first flag is when one runs out
            break
        now += spent
        assert all(c.remaining(clocks, s, now) >= 0 for s in range(4))
        clocks = c.moved(clocks, waiting, now)
