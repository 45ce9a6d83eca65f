"""The ``tideboard`` commands that work on the game store: ``games``,
``export``, ``resume``, ``replay`` and ``stats`` (registered on the main group by
``tideboard.cli``).  Like the rest of the CLI, they import only click at
module level."""

from __future__ import annotations

import json
from typing import NoReturn

import click

from tideboard.cli.io import EXIT_USAGE, Theme, exit_after_app, fail, forget_unsaved, shorten
from tideboard.cli.options import GameChoice
from tideboard.engine.plurals import plural


def _fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    fail(message, status)


# -- the game store: games, export, resume, replay -----------------------------
def _store_call(func, *args, **kwargs):
    """Run a store or record function; its errors become 'Error: ...', exit 2."""
    from tideboard.engine.core import TideboardError

    try:
        return func(*args, **kwargs)
    except TideboardError as error:
        _fail(str(error))


def _open_store():
    from tideboard.store.games import Store

    store = _store_call(Store.open)
    for warning in store.warnings:
        click.echo(f"Warning: {warning}.", err=True)
    for note in store.import_notes:
        if note.error:
            click.echo(f"Note: skipped a damaged save, left as it is: {note.error}", err=True)
        elif note.continued:
            click.echo(
                f"Note: added the new moves in {note.path} to game {note.game_id}.", err=True
            )
        else:
            click.echo(f"Note: imported {note.path} as game {note.game_id}.", err=True)
    return store


def _seed_is_secret(summary_or_record) -> bool:
    """True while a game is unfinished: its seed (with the moves) tells every
    card, tile and die still to come, in every game (a hand, the deck order, the
    next refill of the grid, the next roll), so it is shown only once the game
    is over (records.seed_is_secret)."""
    from tideboard.store.records import seed_is_secret

    return seed_is_secret(summary_or_record.finished)


def _seat_text(seat) -> str:
    return f"{seat.name} ({seat.bot} bot)" if seat.bot else seat.name


def _when(stamp: str) -> str:
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return stamp


@click.command("games")
@click.option("--all", "show_all", is_flag=True, help="Include finished games and results.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--delete", "delete_id", metavar="ID", help="Delete game ID (asks first).")
@click.option("--yes", "-y", is_flag=True, help="With --delete: do not ask.")
def games_command(show_all: bool, as_json: bool, delete_id: str | None, yes: bool) -> None:
    """List the games in the store, most recently played first.

    Without --all only unfinished games are listed; 'tideboard resume ID'
    continues one, 'tideboard games --delete ID' deletes one.
    """
    from tideboard.engine import registry
    from tideboard.store.games import DamagedGame

    if delete_id is not None:
        _delete(delete_id, yes)
        return
    if yes:
        _fail("--yes goes with --delete ID.")
    store = _open_store()
    with store:
        entries = _store_call(store.entries, unfinished_only=not show_all)
    summaries = [e for e in entries if not isinstance(e, DamagedGame)]
    damaged = [e for e in entries if isinstance(e, DamagedGame)]
    rows = []
    for s in summaries:
        row = {
            "id": s.id,
            "game": s.game,
            "name": registry.GAMES[s.game].name if s.game in registry.GAMES else s.game,
            "players": [{"name": seat.name, "bot": seat.bot} for seat in s.seats],
            "variant": s.config.variant,
            "solo": s.config.solo,
            "moves": s.moves,
            "turn": s.turn,
            "created": s.created,
            "updated": s.updated,
            "finished": s.finished,
            "result": s.result.to_json() if s.result else None,
        }
        if not _seed_is_secret(s):
            row["seed"] = s.config.seed
        rows.append(row)
    for bad in damaged:  # listed, never loaded: the rest of the list still shows
        click.echo(f"Warning: {bad.error}; it is left as it is.", err=True)
        rows.append(
            {
                "id": bad.id,
                "game": bad.game,
                "damaged": True,
                "error": bad.error,
                "finished": bad.finished,
                "updated": bad.updated,
                "players": [],
            }
        )
    if as_json:
        _echo(json.dumps(rows, indent=1))
        return
    if not rows:
        _echo(
            "No unfinished games. Start one with 'tideboard play GAME'"
            + ("." if show_all else "; 'tideboard games --all' lists finished ones too.")
        )
        return
    for s, row in zip(summaries, rows):
        if s.finished and s.result:
            state = f"finished: {s.result.text}"
        else:
            state = plural(s.moves, "move") + (f", {s.turn}" if s.turn else "")
        _echo(f"{s.id:<8} {row['name']:<16} {_when(s.updated):<17} {state}")
        seed = f"; seed {row['seed']}" if s.finished and "seed" in row else ""
        who = "solo" if s.config.solo else ", ".join(_seat_text(seat) for seat in s.seats)
        _echo(f"{'':<8} {who}{seed}")
    for bad in damaged:
        _echo(f"{bad.id:<8} {bad.game:<16} {_when(bad.updated):<17} damaged: cannot be loaded")


def _delete(game_id: str, yes: bool) -> None:
    """Delete a stored game, after a question on a terminal (the safe answer is No)."""
    from tideboard.store.games import normalize_id

    store = _open_store()
    with store:
        key = normalize_id(game_id)
        if key is None or not _store_call(store.exists, key):
            _fail(
                f"no game with id {shorten(game_id)!r} in the store "
                "('tideboard games --all' lists the stored games)."
            )
        summary = _store_call(store.summary, key)
        what = f"{summary.id} ({_game_name(summary.game)}, " + (
            "finished)" if summary.finished else f"{plural(summary.moves, 'move')}, unfinished)"
        )
        if not yes:
            if not _interactive():
                _fail(f"deleting game {what} needs a yes: add --yes.")
            if not click.confirm(f"Delete game {what}? It cannot be undone", default=False):
                _echo("Nothing deleted.")
                return
        _store_call(store.delete, key)
    _echo(f"Deleted game {what}.")


def _interactive() -> bool:
    """Whether a person can answer a question (standard input is a terminal)."""
    import sys

    return sys.stdin.isatty()


def _game_name(game_id: str) -> str:
    from tideboard.engine import registry

    info = registry.GAMES.get(game_id)
    return info.name if info is not None else game_id


def _echo(text: str) -> None:
    try:
        click.echo(text)
    except OSError as error:
        _fail(f"cannot write the output: {error.strerror or error}.")


def _target(store, text: str) -> tuple[str, str]:
    """('id', stored id) or ('file', path) for a resume/replay argument."""
    import os

    from tideboard.store.games import normalize_id

    key = normalize_id(text)
    if key is not None and _store_call(store.exists, key):
        return "id", key
    try:
        exists = os.path.lexists(text)
    except (ValueError, OSError):
        exists = False
    if exists or key is None:
        return "file", text
    _fail(
        f"no game with id {text!r} in the store and no file of that name "
        "('tideboard games --all' lists the stored games)."
    )


def _load_target(store, text: str):
    """(store id or None, record, match) for an ID or a record FILE."""
    from tideboard.store import records

    kind, where = _target(store, text)
    if kind == "file":
        record, match = _store_call(records.read, where)
        return None, record, match
    record = _store_call(store.get, where)
    match = _store_call(records.replay, record, f"game {where}")
    return where, record, match


@click.command("export")
@click.argument("game_id", metavar="ID")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of the screen.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.option(
    "--with-secrets",
    is_flag=True,
    help="Allow exporting an unfinished game (the record holds its seed, "
    "which reveals every hand and what is drawn or rolled next).",
)
def export_command(game_id: str, output: str | None, force: bool, with_secrets: bool) -> None:
    """Write the record of game ID as JSON (see docs/saves.md)."""
    import os

    from tideboard.store import records

    if output is not None:
        try:
            if os.path.lexists(output) and not force:
                _fail(f"{output} exists; choose another file or add --force to replace it.")
            if os.path.lexists(output) and not os.path.isfile(output):
                _fail(f"cannot write {output}: it is not a regular file.")
        except (OSError, ValueError) as error:
            _fail(f"cannot write {output}: {getattr(error, 'strerror', None) or error}.")
    store = _open_store()
    with store:
        record = _store_call(store.get, game_id)
    if _seed_is_secret(record):
        if not with_secrets:
            _fail(
                f"game {record.id} is unfinished: its record holds the seed, which "
                "reveals every hand, the order of the deck and what is drawn or rolled "
                "next. Finish it first, or export with --with-secrets and keep the file "
                "to yourself."
            )
        click.echo(
            f"Warning: this record of unfinished game {record.id} holds its seed, "
            "which reveals every hand and what comes next; do not show it to the "
            "other players.",
            err=True,
        )
    text = records.dumps(record)
    if output is None:
        _echo(text.rstrip("\n"))
        return
    try:
        records.write_atomic(output, text)
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or error
        _fail(f"cannot write {output}: {reason}.")
    click.echo(f"Wrote game {record.id} to {output}.", err=True)


@click.command("resume")
@click.argument("target", required=False, metavar="[ID|FILE]")
@click.option("--theme", type=Theme(), help="Colour theme.")
def resume_command(target: str | None, theme: str | None) -> None:
    """Continue a game: the newest unfinished one, game ID, or a record FILE
    (imported into the store as a new game)."""
    store = _open_store()
    with store:
        if target is None:
            newest = _store_call(store.newest_unfinished)
            if newest is None:
                _fail("no unfinished game in the store; start one with 'tideboard play GAME'.")
            target = newest.id
        stored_id, record, match = _load_target(store, target)
        if record.finished or match.game.is_over(match.state):
            where = f"game {stored_id}" if stored_id else target
            _fail(f"{where} is finished; watch it with 'tideboard replay {target}'.")
        launch = _app_launcher()
        if stored_id is None:
            stored_id = _store_call(store.import_record, record, match)
            click.echo(f"Imported {target} as game {stored_id}.", err=True)
        path = store.path
    _exit_if_crashed(
        launch(
            theme=theme,
            match=match,
            bots=record.bots,
            store_id=stored_id,
            store_path=path,
            replay=False,
        )
    )


@click.command("replay")
@click.argument("target", metavar="ID|FILE")
@click.option("--theme", type=Theme(), help="Colour theme.")
def replay_command(target: str, theme: str | None) -> None:
    """Step through game ID or a record FILE in the app."""
    store = _open_store()
    with store:
        stored_id, record, match = _load_target(store, target)
        path = store.path
    launch = _app_launcher()
    _exit_if_crashed(
        launch(
            theme=theme,
            match=match,
            bots=record.bots,
            store_id=stored_id,
            store_path=path,
            replay=True,
        )
    )


def _app_launcher():
    """``run_app(theme=, match=, bots=, store_id=, store_path=, replay=)``, imported
    before anything is imported into the store, so a failed import of the app
    leaves no new game behind."""
    from tideboard.ui.startup import pause_gc

    pause_gc()  # until the first frame (tideboard/ui/startup.py)
    from tideboard.ui.app import run_app

    forget_unsaved()
    return run_app


def _exit_if_crashed(code) -> None:
    """``run_app`` returns the app's return code: a crash must not exit 0, and
    a game left not saved exits 2 with a message (cli_io.exit_after_app)."""
    exit_after_app(code)


# -- stats: games played and won at this keyboard ---------------------------------
@click.command("stats")
@click.option("--name", metavar="NAME", help="Only this name (any case), e.g. 'Player 1'.")
@click.option("--game", "game_id", type=GameChoice(), help="Only this game.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats_command(name: str | None, game_id: str | None, as_json: bool) -> None:
    """Games played and won at this keyboard, per name and game.

    Counts the finished games in the store under the names their people played
    as ('Player 1', ...); bots' seats are not counted, nor the games of
    'tideboard serve' tables (their players have pages and ratings in the
    server's lobby).
    """
    from tideboard.store.ratings import local_records

    store = _open_store()
    with store:
        records = _store_call(local_records, store, name, game_id)
    if as_json:
        rows = [{"name": r.name, "game": r.game, "played": r.played, "won": r.won} for r in records]
        _echo(json.dumps(rows, indent=1))
        return
    if not records:
        what = f" of {_game_name(game_id)}" if game_id else ""
        who = f" for {shorten(name)!r}" if name is not None else ""
        _echo(f"No finished games{what}{who} in the store yet.")
        return
    width = max(12, *(len(r.name) for r in records))
    _echo(f"{'Name':<{width}}  {'Game':<16} {'Played':>6} {'Won':>5}")
    for r in records:
        _echo(f"{r.name:<{width}}  {_game_name(r.game):<16} {r.played:>6} {r.won:>5}")


STORE_COMMANDS = [games_command, export_command, resume_command, replay_command, stats_command]
