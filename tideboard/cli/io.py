"""Input and output helpers for the ``tideboard`` command (click only, so that
``tideboard --help`` stays fast): bounded whole numbers on the command line,
moves files read as a stream with limits, ``sim`` progress (``rich.progress``,
loaded only when shown), and output that cannot be written."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, NoReturn

import click

EXIT_FAILED = 1  # the app crashed, or the output could not be written
EXIT_USAGE = 2
EXIT_ILLEGAL = 3  # a move that is illegal or does not parse
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT
MAX_LINE = 10_000  # characters in one line of a moves file
MAX_LINES = 1_000_000  # lines in a moves file (blank and comment lines included)


def fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(status)


class WholeNumber(click.ParamType):
    """A whole number typed on the command line: ASCII digits, bounded length.

    click's own int type echoes the whole text back (5000 digits) and accepts
    what Python's int() does ('1_000', ' 7', '٣')."""

    name = "integer"

    def __init__(self, low: int, high: int, digits: int) -> None:
        self.low, self.high, self.digits = low, high, digits

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not (text.isascii() and text.isdigit()):
                self.fail(
                    f"{shorten(text)!r} is not a whole number from {self.low} to {self.high}.",
                    param,
                    ctx,
                )
            if len(text) > self.digits:
                self.fail(
                    f"{shorten(text)!r} is too large; it must be from {self.low} to {self.high}.",
                    param,
                    ctx,
                )
            number = int(text)
        if not self.low <= number <= self.high:
            self.fail(
                f"{number} is out of range; it must be from {self.low} to {self.high}.", param, ctx
            )
        return number


def shorten(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


@contextlib.contextmanager
def sim_progress(name: str, total: int) -> Iterator[Callable[[int], None] | None]:
    """``sim``'s progress: a ``rich.progress`` bar on standard error while the
    games are played, erased at the end, only when standard error is a
    terminal; None (nothing is written) on a pipe or a file."""
    if not isatty(sys.stderr):
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ) as bar:
        task = bar.add_task(name, total=total)
        yield lambda finished: bar.update(task, completed=finished)


def isatty(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (OSError, ValueError):
        return False


def _open_moves(source: str):
    """The moves as a binary stream (standard input for '-')."""
    if source == "-":
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            fail(
                "--moves - reads standard input, but standard input is closed; "
                "give a moves file or pipe the moves in."
            )
        return stream
    try:
        if os.path.isdir(source):
            raise IsADirectoryError(errno.EISDIR, "it is a folder")
        return open(source, "rb")
    except OSError as error:
        fail(f"cannot read moves from {shorten(source, 80)!r}: {error.strerror}.")


def read_moves(source: str):
    """Yield (line number, move text) from a moves file, read as a stream.

    A line is at most MAX_LINE characters and a file at most MAX_LINES lines,
    so '/dev/zero' or an endless pipe gives an error, not a frozen machine.  A
    UTF-8 byte-order mark at the start is skipped; text that is not UTF-8 is an
    error (exit 2) wherever it comes from.
    """
    where = "standard input" if source == "-" else repr(shorten(source, 80))
    stream = _open_moves(source)
    try:
        number = 0
        while True:
            try:
                raw = stream.readline(MAX_LINE * 4 + 2)  # UTF-8: up to 4 bytes a character
            except OSError as error:
                fail(f"cannot read moves from {where}: {error.strerror}.")
            if not raw:
                return
            number += 1
            if number > MAX_LINES:
                fail(
                    f"{where} has more than {MAX_LINES} lines; that is more moves than "
                    "any game has."
                )
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                fail(f"{where} is not a UTF-8 text file of moves (line {number} is not UTF-8).")
            if number == 1:
                line = line.removeprefix("\ufeff")
            line = line.rstrip("\r\n")
            if len(line) > MAX_LINE:
                fail(
                    f"line {number} of {where} is longer than {MAX_LINE} characters; "
                    "a move is one short line."
                )
            line = _COMMENT.split(line, 1)[0].strip()
            if line:
                yield number, line
    finally:
        if source != "-":
            stream.close()


# A comment starts at a '#' at the start of a line or after a space, unless a
# digit follows it: '#12' is how the notation may write card 12.
_COMMENT = re.compile(r"(?:^|(?<=\s))#(?!\d)")


def flush_stdout() -> None:
    """Flush standard output now, so that a full disk or a closed pipe is
    reported here (and not as a traceback when Python exits)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def output_failed(error: OSError) -> NoReturn:
    # Whatever is still buffered cannot be written either: point standard
    # output at the null device so that Python's exit does not try again.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    if isinstance(error, BrokenPipeError):
        reason = "the program reading it stopped (broken pipe)"
    else:
        reason = error.strerror or str(error)
    try:
        click.echo(f"Error: could not write the output: {reason}.", err=True)
    except (OSError, ValueError):
        pass
    os._exit(EXIT_FAILED)


def forget_unsaved() -> None:
    """Before the app runs: what an earlier app in this process left not saved
    is not this run's (tests and the SSH server run many apps in one process)."""
    saving = sys.modules.get("tideboard.ui.shared.saving")
    if saving is not None:
        saving.UNSAVED.clear()


def exit_after_app(code: Any) -> None:
    """After the app ends: its return code passed on (a crash must not exit 0),
    and a game it could not save completely (a full disk) reported, exit 2."""
    if code:
        sys.exit(code if isinstance(code, int) else EXIT_FAILED)
    saving = sys.modules.get("tideboard.ui.shared.saving")  # loaded if a game was shown
    unsaved = list(saving.UNSAVED.values()) if saving is not None else []
    if unsaved:
        for text in unsaved:
            click.echo(f"Error: {text}.", err=True)
        click.echo(
            "The moves saved before are kept: once there is space again, "
            "'tideboard resume' continues from the last saved move.",
            err=True,
        )
        sys.exit(EXIT_USAGE)


class Theme(click.ParamType):
    """A colour theme's name, checked against the themes installed when the
    flag is read (not when the command is defined: ``--help`` reads no theme)."""

    name = "theme"

    def convert(self, value: Any, param: Any, ctx: Any) -> str:
        from tideboard.files.themes import theme_names

        names = theme_names()
        if value not in names:
            self.fail(
                f"unknown theme {shorten(str(value))!r}; choose from: {', '.join(names)}.",
                param,
                ctx,
            )
        return value
