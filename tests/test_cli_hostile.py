"""The installed ``tideboard`` command under hostile input (issue 7, items 4, 7, 8).

Each case runs the real command in a subprocess: no traceback, a clear
message and the documented exit status.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tideboard.cli import main

BIN = Path(sys.executable).with_name("tideboard")
pytestmark = pytest.mark.skipif(not BIN.exists(), reason="the tideboard script is not installed")
HUGE = "1" * 5000


def _default_signals() -> None:
    """In the child before it runs: Ctrl-C does what it does in a terminal, even
    when this test run ignores SIGINT (started with nohup or in the background:
    Python then leaves it ignored in every child, and a sim never stops)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(argv: list[str], **kw) -> subprocess.Popen:
    """``argv`` in its own process group with SIGINT as a terminal has it."""
    return subprocess.Popen(argv, preexec_fn=_default_signals, start_new_session=True, **kw)


def finish(process: subprocess.Popen, data: bytes | None = None, timeout: float = 60):
    """``process``'s output once it ends; on a timeout (or any failure) it and
    every process it started are killed, so no test leaves work behind."""
    try:
        out, err = process.communicate(data, timeout=timeout)
    finally:
        try:  # it, if still running, and what it started and left running ('yes')
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def tideboard(*args: str, stdin: bytes | str | None = None, timeout: float = 60, **kw):
    data = stdin.encode() if isinstance(stdin, str) else stdin
    process = start(
        [str(BIN), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, COLUMNS="100"),
        **kw,
    )
    return finish(process, data, timeout)


def shell(command: str, timeout: float = 60):
    process = start(
        ["sh", "-c", command],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, COLUMNS="100", TB=str(BIN)),
    )
    return finish(process, None, timeout)


def assert_clean_error(done, status: int, *words: str) -> str:
    err = done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == status, (done.returncode, err[-2000:])
    assert "Traceback" not in err and "Traceback" not in out, err[-2000:]
    assert err.startswith(("Error:", "Usage:")), err[:500]
    assert len(err) < 1000, "the message repeats thousands of characters back"
    for word in words:
        assert word in err, (word, err)
    return err


# -- seeds, seats and players on the command line -------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "shifting-stones", "--bot", "²=greedy"], ["SEAT=LEVEL"]),
        (["play", "shifting-stones", "--bot", f"{HUGE}=greedy"], ["not at the table"]),
        (["play", "shifting-stones", "--bot", f"2={HUGE}"], ["unknown bot level"]),
        (["play", "shifting-stones", "--theme", HUGE], ["--theme", "unknown theme"]),
        (["script", "shifting-stones", "--seed", HUGE], ["--seed", "too large"]),
        (["script", "shifting-stones", "--seed", str(2**64)], ["--seed", "out of range"]),
        (["script", "shifting-stones", "--seed", "-1"], ["--seed"]),
        (["script", "shifting-stones", "--seed", "٣"], ["--seed", "whole number"]),
        (["script", "shifting-stones", "--players", HUGE], ["--players", "too large"]),
        (["sim", "shifting-stones", "--games", HUGE], ["--games", "too large"]),
    ],
)
def test_huge_or_strange_numbers_on_the_command_line_exit_2(args, words):
    assert_clean_error(tideboard(*args), 2, *words)


def test_the_largest_seed_is_accepted_and_shown_once_over():
    done = tideboard("script", "moonlighter", "--seed", str(2**64 - 1), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["seed"] is None  # the campaign is not over


# -- reading moves -----------------------------------------------------------------------


def test_moves_from_a_closed_stdin_exit_2():
    done = shell('exec "$TB" script shifting-stones --moves - <&-')
    assert_clean_error(done, 2, "standard input is closed")


def test_moves_from_dev_zero_exit_2_quickly():
    assert_clean_error(
        tideboard("script", "shifting-stones", "--moves", "/dev/zero", timeout=30), 2, "longer than"
    )


@pytest.mark.parametrize("line", ["", "#"])
def test_moves_from_an_endless_pipe_stop_at_the_line_limit(line):
    done = shell(f"yes '{line}' | \"$TB\" script shifting-stones --moves -", timeout=120)
    assert_clean_error(done, 2, "more than")


def test_a_moves_file_with_a_byte_order_mark_is_read(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_bytes("\ufeffskip\nend\n".encode("utf-8"))
    for args, stdin in ((["--moves", str(moves)], None), (["--moves", "-"], moves.read_bytes())):
        done = tideboard("script", "shifting-stones", "--seed", "3", "--json", *args, stdin=stdin)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["moves"] == 2


def test_invalid_utf8_exits_2_from_a_file_and_from_stdin(tmp_path):
    bad = tmp_path / "moves.txt"
    bad.write_bytes(b"skip\n\xff\xfeend\n")
    from_file = tideboard("script", "shifting-stones", "--moves", str(bad))
    from_stdin = tideboard("script", "shifting-stones", "--moves", "-", stdin=bad.read_bytes())
    assert_clean_error(from_file, 2, "UTF-8")
    assert_clean_error(from_stdin, 2, "UTF-8")


def test_a_move_with_a_huge_number_exits_3():
    assert_clean_error(
        tideboard("script", "moonshell", "--moves", "-", stdin=f"pull {'9' * 5000}\n"), 3, "column"
    )
    assert_clean_error(tideboard("script", "moonshell", "--moves", "-", stdin="m ²\n"), 3)


# -- output that cannot be written --------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "args",
    [
        "list",
        "list --json",
        "script shifting-stones --seed 2",
        "script moonshell --json",
        "sim moonlighter --games 2",
    ],
)
def test_output_to_a_full_disk_exits_1_with_a_message(args):
    done = shell(f'"$TB" {args} > /dev/full')
    assert_clean_error(done, 1, "could not write the output")


def test_output_to_a_closed_pipe_exits_1_without_a_traceback():
    process = start(
        [str(BIN), "script", "moonshell", "--json", "--legal"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # the reader is gone before anything is written
    try:
        err = process.stderr.read().decode()
        assert process.wait(timeout=60) == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    # Quiet (click's own handling, as 'yes | head' is) or a one-line message.
    assert "Traceback" not in err and (not err or "broken pipe" in err)


# -- exit statuses -----------------------------------------------------------------------


def _interrupt(args: list[str], wait: float, stdin=None):
    process = start([str(BIN), *args], stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(wait)  # let it get going (not an assertion)
        process.send_signal(signal.SIGINT)  # Ctrl-C, as a terminal sends it
    finally:
        done = finish(process, None, 60)  # killed if SIGINT did not end it in time
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_a_child_gets_sigint_as_a_terminal_has_it_even_when_the_tests_ignore_it():
    """The children of these tests run with SIGINT at its default even when the
    test run ignores it (nohup, a background job), and one that outlives its
    timeout is killed: no sim is left running."""
    probe = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        done = finish(
            start([sys.executable, "-c", probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE),
            timeout=30,
        )
        assert done.stdout.decode().strip() == "True", done.stderr.decode()
        process = start([sys.executable, "-c", "import time; time.sleep(600)"])
        with pytest.raises(subprocess.TimeoutExpired):
            finish(process, timeout=0.5)
        assert process.poll() is not None  # killed, not left behind
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_a_long_sim_prints_the_results_so_far_and_exits_130():
    status, out, err = _interrupt(
        ["sim", "moonlighter", "--games", "1000000000", "--seed", "1"], wait=3
    )
    assert status == 130, err
    assert "Traceback" not in err and "Aborted!" not in err
    assert "Moonlighter:" in out and "interrupted after" in out and "of 1000000000 games" in out


def test_ctrl_c_in_sim_json_gives_the_partial_report():
    status, out, err = _interrupt(["sim", "moonlighter", "--games", "1000000000", "--json"], wait=3)
    assert status == 130, err
    report = json.loads(out)
    assert report["interrupted"] is True and report["requested"] == 1000000000
    assert 0 < report["games"] < 1000000000


def test_ctrl_c_in_script_waiting_for_moves_exits_130():
    status, out, err = _interrupt(
        ["script", "shifting-stones", "--moves", "-"], wait=2, stdin=subprocess.PIPE
    )
    assert status == 130, err
    assert "Traceback" not in err and "Aborted!" not in err


@pytest.mark.parametrize("code, status", [(1, 1), (None, 0), (0, 0)])
def test_the_app_return_code_becomes_the_exit_status(monkeypatch, code, status):
    import tideboard.ui.app as app_module

    calls = []
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw) or code)
    for args in (["play", "shifting-stones", "--seed", "1"], []):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == status, result.output
    assert len(calls) == 2


def test_sim_writes_no_progress_to_a_pipe_however_long_it_runs(monkeypatch):
    """Progress is for a person at a terminal: standard error that is a pipe
    or a file gets nothing, even for a sim that runs for minutes."""
    import time

    clock = [1000.0]

    def slow_clock():  # every look at the clock: a minute later
        clock[0] += 60.0
        return clock[0]

    monkeypatch.setattr(time, "monotonic", slow_clock)
    result = CliRunner().invoke(main, ["sim", "shifting-stones", "--games", "4", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and "shifting" in result.stdout.lower()


def _sim_on_a_terminal(args: list[str], interrupt_after: float | None = None):
    """``tideboard sim ARGS`` with standard error on a pseudo-terminal and
    standard output on a pipe: (status, output, what the terminal got)."""
    import pty
    import select

    master, slave = pty.openpty()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="24")
    process = start([str(BIN), "sim", *args], stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    seen, started = b"", time.monotonic()
    try:
        while True:
            if interrupt_after is not None and time.monotonic() - started > interrupt_after:
                process.send_signal(signal.SIGINT)
                interrupt_after = None
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the child closed the terminal
                    break
                if not data:
                    break
                seen += data
            elif process.poll() is not None:
                break
        done = finish(process, None, 60)
    finally:
        os.close(master)
    return done.returncode, done.stdout.decode(), seen.decode("utf-8", "replace")


def test_sim_progress_on_a_terminal_is_a_bar_with_the_games_played_erased_at_the_end():
    status, out, terminal = _sim_on_a_terminal(["moonlighter", "--games", "6", "--seed", "1"])
    assert status == 0, terminal
    assert "Moonlighter" in terminal and "/6" in terminal and "games" in terminal
    assert "\x1b[" in terminal  # drawn and erased in place
    assert "Moonlighter: 6 games" in out and "\x1b" not in out  # the results are plain


def test_ctrl_c_with_the_progress_bar_shown_prints_the_results_so_far_and_exits_130():
    status, out, terminal = _sim_on_a_terminal(
        ["moonlighter", "--games", "1000000000", "--seed", "1"], interrupt_after=4
    )
    assert status == 130, terminal
    assert "/1000000000" in terminal
    assert "Traceback" not in terminal and "Aborted!" not in terminal
    assert "interrupted after" in out and "of 1000000000 games" in out


@pytest.mark.parametrize(
    "args, bots",
    [
        ([], {1: "greedy", 2: "greedy"}),  # the picker's table: seat 1 yours, bots the rest
        (["--bot", "3=random"], {1: "greedy", 2: "random"}),
        (["--hot-seat"], {}),
        (["--hot-seat", "--bot", "2=random"], {1: "random"}),
    ],
)
def test_play_seats_you_against_bots_unless_hot_seat_is_asked_for(monkeypatch, args, bots):
    """`tideboard play GAME` gives the lone player the table the picker gives
    (issue #20): seat 1 a person, greedy bots the others; --hot-seat seats people."""
    import tideboard.ui.app as app_module

    calls = []
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw) or 0)
    result = CliRunner().invoke(main, ["play", "shifting-stones", "-p", "3", *args])
    assert result.exit_code == 0, result.output
    assert calls[0]["bots"] == bots


def test_play_solo_has_no_bots(monkeypatch):
    import tideboard.ui.app as app_module

    calls = []
    monkeypatch.setattr(app_module, "run_app", lambda **kw: calls.append(kw) or 0)
    result = CliRunner().invoke(main, ["play", "moonshell", "--solo"])
    assert result.exit_code == 0, result.output
    assert calls[0]["bots"] == {}
