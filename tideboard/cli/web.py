"""``tideboard web``: the game picker in this machine's browser.

Only click here: aiohttp, Textual and the app are imported when it starts.
"""

from __future__ import annotations

import click

from tideboard.cli.io import Theme, WholeNumber, fail


@click.command()
@click.option(
    "--port",
    type=WholeNumber(0, 65535, 5),
    default=0,
    show_default=True,
    help="TCP port on 127.0.0.1 (0: any free port).",
)
@click.option("--no-browser", is_flag=True, help="Print the address only; open no browser.")
@click.option("--theme", type=Theme(), help="Colour theme: tide-dark, tide-light or tide-contrast.")
def web(port: int, no_browser: bool, theme: str | None) -> None:
    """Play in your browser: the game picker, as 'tideboard' opens it.

    For you on this machine only: it listens on 127.0.0.1, and the address it
    prints (and opens) holds a random token that every request must carry.
    One browser tab at a time (a new one ends the one before).  Ctrl-C stops it.
    """
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        fail("tideboard web needs the aiohttp package: pip install aiohttp", 1)
    from tideboard.serve.local_run import run_local

    raise SystemExit(run_local(port, not no_browser, theme))
