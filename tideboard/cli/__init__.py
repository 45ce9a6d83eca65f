"""The ``tideboard`` command.

Only click is imported at module level so that ``tideboard --help`` starts
fast; the engine, the games and Textual are imported by the commands that
need them.  Every error meant for the user is printed as one message with an
exit status (2: bad flags, 3: a move that is illegal or does not parse) and
never as a traceback.
"""

from __future__ import annotations

import errno
import sys

import click

from tideboard.cli.catalog import list_games, rules
from tideboard.cli.io import (
    EXIT_INTERRUPTED,
    Theme,
    exit_after_app,
    fail,
    flush_stdout,
    forget_unsaved,
    output_failed,
)
from tideboard.cli.play import play, script
from tideboard.cli.serve import serve
from tideboard.cli.sim import sim
from tideboard.cli.store import STORE_COMMANDS
from tideboard.cli.web import web


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--theme", type=Theme(), help="Colour theme: tide-dark, tide-light or tide-contrast.")
@click.version_option(package_name="tideboard")
@click.pass_context
def main(ctx: click.Context, theme: str | None) -> None:
    """Play Moonshell, Shifting Stones, Mermaid Rain, Animal Splash and
    Moonlighter in the terminal.

    With no command, opens the game picker.
    """
    if ctx.invoked_subcommand is None:
        from tideboard.ui.startup import pause_gc

        pause_gc()  # until the first frame (tideboard/ui/startup.py)
        from tideboard.ui.app import run_app

        forget_unsaved()
        exit_after_app(run_app(theme=theme))


def run() -> None:
    """Entry point: the CLI with every expected error turned into a message.

    Exit statuses: 0 done, 1 the app crashed or the output could not be
    written, 2 bad flags or input, 3 an illegal move, 130 Ctrl-C.
    """
    try:
        try:
            status = main(standalone_mode=False)
        except click.exceptions.Abort:  # click turns Ctrl-C (and EOF at a prompt) into Abort
            raise KeyboardInterrupt from None
        except click.ClickException as error:
            error.show()
            status = error.exit_code
        flush_stdout()
    except KeyboardInterrupt:
        try:
            flush_stdout()
            click.echo("Interrupted.", err=True)
        except OSError:
            pass
        sys.exit(EXIT_INTERRUPTED)
    except OSError as error:
        if error.errno in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EDQUOT) or isinstance(
            error, BrokenPipeError
        ):
            output_failed(error)
        raise
    except Exception as error:  # only the engine's own errors become messages
        from tideboard.engine.core import TideboardError

        if isinstance(error, TideboardError):
            fail(str(error))
        raise
    sys.exit(status if isinstance(status, int) else 0)


for _command in (play, list_games, rules, sim, script, *STORE_COMMANDS, serve, web):
    main.add_command(_command)


if __name__ == "__main__":
    run()
