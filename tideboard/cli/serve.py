"""``tideboard serve``: play together over SSH (see docs/serving.md).

Only click here: asyncssh, Textual and the server are imported when the
server starts, so ``tideboard serve --help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from tideboard.cli.io import WholeNumber, fail


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 for every network (players on other machines).",
)
@click.option(
    "--port",
    type=WholeNumber(0, 65535, 5),
    default=2222,
    show_default=True,
    help="TCP port to listen on (0: any free port, printed when ready).",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the host key and the game store (default: the user data folder, "
    "or $TIDEBOARD_DATA_DIR).",
)
@click.option(
    "--max-sessions",
    type=WholeNumber(1, 10000, 5),
    default=100,
    show_default=True,
    help="Most sessions connected at once; more are told the server is full.",
)
@click.option(
    "--per-name",
    type=WholeNumber(1, 10000, 5),
    default=3,
    show_default=True,
    help="Most sessions one player (name) may have at once.",
)
@click.option(
    "--per-address",
    type=WholeNumber(1, 10000, 5),
    default=10,
    show_default=True,
    help="Most sessions from one address (an IPv6 /64) at once.",
)
@click.option(
    "--max-open-tables",
    type=WholeNumber(1, 1000, 4),
    default=3,
    show_default=True,
    help="Most tables one player may have opened that wait for players.",
)
@click.option(
    "--per-minute",
    type=WholeNumber(1, 10000, 5),
    default=20,
    show_default=True,
    help="New connections allowed from one address each minute.",
)
@click.option(
    "--lobby-idle",
    type=WholeNumber(10, 86400, 5),
    default=900,
    show_default=True,
    help="Seconds a session may stay idle in the lobby before it is closed.",
)
@click.option(
    "--idle",
    type=WholeNumber(10, 86400, 5),
    default=300,
    show_default=True,
    help="Seconds a player at an untimed table may press nothing on their turn before a bot "
    "plays for them (until they press a key).",
)
@click.option(
    "--grace",
    type=WholeNumber(0, 86400, 5),
    default=120,
    show_default=True,
    help="Seconds a dropped player keeps their seat before a bot plays it (until they return).",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=0.6,
    show_default=True,
    help="Seconds a bot waits before each move.",
)
@click.option(
    "--web",
    "web_port",
    type=WholeNumber(0, 65535, 5),
    help="Also serve browsers on this TCP port (HTTP and WebSocket; 0: any free port). "
    "Put a reverse proxy with TLS in front for other machines (docs/serving.md).",
)
@click.option(
    "--web-host",
    default="127.0.0.1",
    show_default=True,
    help="Address the browsers' port listens on.",
)
@click.option(
    "--web-origin",
    "web_origins",
    multiple=True,
    metavar="ORIGIN",
    callback=lambda ctx, param, values: tuple(_origin(value) for value in values),
    help="Another origin whose pages may open a session (e.g. https://games.example.org, "
    "when a proxy changes the Host); the page's own is always allowed. Repeatable.",
)
@click.option(
    "--web-proxied",
    is_flag=True,
    help="The browsers' port is reached through a reverse proxy: count each browser by the "
    "address the proxy adds to X-Forwarded-For (not the proxy's own), and take the page's "
    "host from X-Forwarded-Host when the proxy sends one.",
)
def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    max_sessions: int,
    per_name: int,
    per_address: int,
    max_open_tables: int,
    per_minute: int,
    lobby_idle: int,
    idle: int,
    grace: int,
    bot_delay: float,
    web_port: int | None,
    web_host: str,
    web_origins: tuple[str, ...],
    web_proxied: bool,
) -> None:
    """Serve tideboard over SSH: players connect with 'ssh -p PORT NAME@HOST'.

    With --web PORT, browsers play too (the same lobby and tables): as
    guests, or under a player's name once linked to it (b in the lobby, over
    SSH).

    The SSH user name is the player's name, and it belongs to the first public
    key used with it (Ana is ana); a client without a key plays as a guest
    under a name the server gives.  No passwords.  Prints a
    line with "listening" when ready; Ctrl-C, SIGTERM or SIGHUP stops it once
    every move's write is done (exit 1 if a table could not be saved).
    """
    try:
        import asyncssh  # noqa: F401
    except ImportError:
        fail("tideboard serve needs the asyncssh package: pip install asyncssh", 1)
    from tideboard.files import paths
    from tideboard.serve.run import WebOptions, run_server
    from tideboard.serve.server import Limits

    folder = data_dir if data_dir is not None else paths.data_dir()
    limits = Limits(
        max_sessions=max_sessions,
        per_minute=per_minute,
        lobby_idle=float(lobby_idle),
        idle=float(idle),
        per_name=per_name,
        per_address=per_address,
        max_open_tables=max_open_tables,
    )
    args = (host, port, folder, limits, float(grace), bot_delay)
    if web_port is None:
        raise SystemExit(run_server(*args))
    raise SystemExit(
        run_server(*args, web=WebOptions(web_host, web_port, web_origins, web_proxied))
    )


def _origin(value: str) -> str:
    """An origin as a browser sends it: scheme://host[:port], nothing after."""
    from urllib.parse import urlsplit

    parts = urlsplit(value.strip().rstrip("/"))
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path or parts.query:
        raise click.BadParameter(
            f"{value!r} is not an origin: write it as https://host or https://host:port"
        )
    return f"{parts.scheme}://{parts.netloc}".lower()
