"""The ``tideboard`` command.

Only click is imported at module level so that ``tideboard --help`` starts
fast; the engine, the games and Textual are imported by the commands that
need them.  Every error meant for the user is printed as one message with an
exit status (2: bad flags, 3: a move that is illegal or does not parse) and
never as a traceback.
"""

from __future__ import annotations

import errno
import json
import sys
from typing import Any, NoReturn

import click

from tideboard.cli_io import (EXIT_FAILED, EXIT_USAGE, Progress, WholeNumber, fail,
                              flush_stdout, output_failed, read_moves, shorten)

EXIT_ILLEGAL = 3
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT

SEED_LIMIT = 1 << 64  # seeds are 0 <= seed < 2**64 (tideboard.engine.seeds checks the same)
GAME_HELP = "GAME is one of: shifting-stones, moonshell, moonlighter, mermaid-rain, animal-splash."


def _fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    fail(message, status)


def _load(game_id: str):
    from tideboard.engine import registry
    from tideboard.engine.core import ConfigError

    try:
        return registry.load(game_id)
    except ConfigError as error:
        _fail(str(error))


def _config(game, players: int | None, variant: str | None, solo: bool, seed: int | None):
    from tideboard.engine.core import ConfigError, GameConfig
    from tideboard.engine.seeds import new_seed

    info = game.info
    if players is None:
        players = 1 if solo else info.min_players
    config = GameConfig(players=players, variant=variant or info.variants[0], solo=solo,
                        seed=new_seed() if seed is None else seed)
    try:
        info.check_config(config)
    except ConfigError as error:
        _fail(str(error))
    return config


def _seat_bots(game, config, specs: tuple[str, ...]) -> dict[int, str]:
    """Parse ``SEAT=LEVEL`` flags into {0-based seat: level}."""
    levels = tuple(game.bot_factories())
    bots: dict[int, str] = {}
    for spec in specs:
        seat_text, sep, level = spec.partition("=")
        seat_text = seat_text.strip()
        if not sep or not (seat_text.isascii() and seat_text.isdigit()):
            _fail(f"--bot takes SEAT=LEVEL, e.g. --bot 2=greedy; got {shorten(spec)!r}.")
        seat = int(seat_text) if len(seat_text) <= 6 else 0
        if not 1 <= seat <= config.players:
            _fail(f"--bot seat {shorten(seat_text)} is not at the table; "
                  f"seats are 1-{config.players}.")
        if level not in levels:
            _fail(f"unknown bot level {shorten(level)!r}; choose from: {', '.join(levels)}.")
        bots[seat - 1] = level
    return bots


def _check_theme(theme: str | None) -> None:
    if theme is None:
        return
    from tideboard.themes_data import theme_names

    names = theme_names()
    if theme not in names:
        _fail(f"unknown theme {theme!r}; choose from: {', '.join(names)}.")


game_options = [
    click.option("--players", "-p", type=WholeNumber(0, 999, 3), help="Number of players."),
    click.option("--variant", help="Rules variant (see 'tideboard list')."),
    click.option("--seed", type=WholeNumber(0, SEED_LIMIT - 1, 20),
                 help="Seed for the shuffle and dice, 0 to 2**64-1 (left out: a random one "
                      "from the system's entropy, kept secret until the game ends)."),
]


def with_game_options(func):
    for option in reversed(game_options):
        func = option(func)
    return func


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--theme", help="Colour theme: tide-dark, tide-light or tide-contrast.")
@click.version_option(package_name="tideboard")
@click.pass_context
def main(ctx: click.Context, theme: str | None) -> None:
    """Play Moonshell, Shifting Stones, Mermaid Rain, Animal Splash and
    Moonlighter in the terminal.

    With no command, opens the game picker.
    """
    if ctx.invoked_subcommand is None:
        _check_theme(theme)
        from tideboard.ui.app import run_app

        _exit_if_crashed(run_app(theme=theme))


@main.command()
@click.argument("game")
@with_game_options
@click.option("--solo", is_flag=True, help="Play the game's solo variant.")
@click.option("--bot", "bots", multiple=True, metavar="SEAT=LEVEL",
              help="Let a computer play a seat, e.g. --bot 2=greedy (repeatable).")
@click.option("--theme", help="Colour theme.")
def play(game: str, players, variant, seed, solo: bool, bots, theme) -> None:
    """Start GAME in the terminal app.

    GAME is one of: shifting-stones, moonshell, moonlighter, mermaid-rain,
    animal-splash.
    """
    g = _load(game)
    config = _config(g, players, variant, solo, seed)
    seat_bots = _seat_bots(g, config, bots)
    _check_theme(theme)
    from tideboard.ui.app import has_screen, run_app

    if not has_screen(g.info.id):
        _fail(f"{g.info.name} cannot be played in the app yet; play it headless with "
              f"'tideboard script {g.info.id}' or watch bots with 'tideboard sim {g.info.id}'.")
    _exit_if_crashed(run_app(theme=theme, game_id=game, config=config, bots=seat_bots))


def _exit_if_crashed(code: Any) -> None:
    """``run_app`` returns the app's return code: a crash must not exit 0."""
    if code:
        sys.exit(code if isinstance(code, int) else EXIT_FAILED)


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_games(as_json: bool) -> None:
    """List the games, their player counts, variants and bot levels."""
    from tideboard.engine import registry

    rows = []
    for info in registry.GAMES.values():
        available = registry.is_available(info.id)
        rows.append({
            "id": info.id, "name": info.name, "min_players": info.min_players,
            "max_players": info.max_players, "solo": info.solo,
            "variants": list(info.variants),
            "bot_levels": list(registry.load(info.id).bot_factories()) if available else [],
            "available": available,
        })
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    for row in rows:
        players = (f"{row['min_players']}-{row['max_players']}"
                   if row["min_players"] != row["max_players"] else str(row["min_players"]))
        extra = ", solo" if row["solo"] else ""
        status = "" if row["available"] else "  (coming)"
        click.echo(f"{row['id']:<16} {row['name']:<16} players {players}{extra}{status}")
        if row["available"]:
            click.echo(f"{'':<16} variants: {', '.join(row['variants'])}; "
                       f"bots: {', '.join(row['bot_levels'])}")


@main.command()
@click.argument("game")
def rules(game: str) -> None:
    """Show GAME's rules page."""
    from tideboard.engine import registry
    from tideboard.engine.core import ConfigError

    try:
        info = registry.get_info(game)
    except ConfigError as error:
        _fail(str(error))
    from tideboard.docs_data import rules_markdown

    text = rules_markdown(info.id)
    if text is None:
        _fail(f"{info.name} has no rules page yet.")
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))


@main.command()
@click.argument("game")
@with_game_options
@click.option("--solo", is_flag=True, help="Simulate the solo variant.")
@click.option("--games", "count", type=WholeNumber(1, 10**12, 13), default=10, show_default=True,
              help="How many games to play.")
@click.option("--bot", "levels", multiple=True, metavar="LEVEL",
              help="Bot level per seat in order (repeatable; the last one fills the rest).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def sim(game, players, variant, seed, solo, count, levels, as_json) -> None:
    """Play bot-against-bot games of GAME headless and report the results.

    Progress goes to standard error; Ctrl-C stops and prints the results of the
    games finished so far (exit status 130).
    """
    from tideboard.sim import simulate

    g = _load(game)
    config = _config(g, players, variant, solo, seed)
    known = tuple(g.bot_factories())
    for level in levels:
        if level not in known:
            _fail(f"unknown bot level {shorten(level)!r}; choose from: {', '.join(known)}.")
    seat_levels = list(levels) or ["greedy" if "greedy" in known else known[0]]
    seat_levels += [seat_levels[-1]] * (config.players - len(seat_levels))
    progress = Progress(g.info.name, count)
    report = simulate(g, config, seat_levels[:config.players], count, progress=progress)
    progress.done()
    if as_json:
        click.echo(json.dumps(report, indent=1))
    else:
        click.echo(f"{g.info.name}: {report['games']} games, {config.players} player(s), "
                   f"seed {config.seed}, {report['actions']} actions")
        for row in report["seats"]:
            click.echo(f"  Player {row['seat']} ({row['bot']}): {row['wins']} wins, "
                       f"mean score {row['mean_score']:.2f}")
        if report["unfinished"]:
            click.echo(f"  {report['unfinished']} game(s) stopped unfinished at the action limit")
        if report["interrupted"]:
            click.echo(f"  interrupted after {report['games']} of {count} games")
    if report["interrupted"]:
        flush_stdout()
        sys.exit(EXIT_INTERRUPTED)


@main.command()
@click.argument("game")
@with_game_options
@click.option("--solo", is_flag=True, help="Play the solo variant.")
@click.option("--moves", metavar="FILE|-", help="Moves, one a line ('#' starts a comment).")
@click.option("--legal", "show_legal", is_flag=True, help="List the legal moves at the end.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--reveal", is_flag=True,
              help="Developer tool: show the whole state, every seat's secrets and the seed.")
def script(game, players, variant, seed, solo, moves, show_legal, as_json, reveal) -> None:
    """Play GAME headless from moves in notation and print where it stands.

    The seed is printed only once the game is over (or with --reveal).
    """
    from tideboard.engine.core import IllegalAction, NotationError
    from tideboard.engine.match import Match

    g = _load(game)
    config = _config(g, players, variant, solo, seed)
    match = Match.start(g, config)
    for number, text in read_moves(moves) if moves else []:
        try:
            match = match.play_text(text)
        except (IllegalAction, NotationError) as error:
            where = f"line {number}" if moves != "-" else f"line {number} of stdin"
            _fail(f"{where}: {shorten(text, 80)!r}: {error}", EXIT_ILLEGAL)
    report = script_report(match, reveal)
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    seed_text = (f"seed {config.seed}" if report["seed"] is not None
                 else "seed kept secret until the game ends")
    click.echo(f"{g.info.name}, {seed_text}, {len(match.actions)} move(s) played")
    for entry in match.log:
        for line in entry.splitlines():
            click.echo(f"  {line}")
    to_move = g.to_move(match.state)
    shown = match.state if reveal else g.view(match.state, to_move[0] if to_move else None)
    click.echo(g.render_text(shown))
    if report["over"]:
        click.echo(f"Game over. {g.result_text(match.state)}")
    else:
        click.echo(f"To move: Player {report['to_move']}")
    click.echo("Scores: " + ", ".join(f"Player {i + 1} {s}" for i, s in enumerate(report["scores"])))
    if show_legal:
        click.echo("Legal moves: " + ("; ".join(report["legal"]) or "none"))


def script_report(match, reveal: bool) -> dict[str, Any]:
    """The JSON report of ``script``.  ``seed`` is null while the game runs
    (the seed would tell every hidden card and die), unless ``reveal``."""
    g, state = match.game, match.state
    to_move = g.to_move(state)
    seat = to_move[0] if to_move else None
    shown = state if reveal else g.view(state, seat)
    over = g.is_over(state)
    return {
        "game": g.info.id,
        "seed": match.config.seed if over or reveal else None,
        "players": match.config.players,
        "variant": match.config.variant,
        "solo": match.config.solo,
        "moves": len(match.actions),
        "over": over,
        "to_move": None if seat is None else seat + 1,
        "legal": g.legal_notation(state),
        "scores": list(g.scores(state)),
        "winners": [s + 1 for s in g.winners(state)] if over else [],
        "result": g.result_text(state) if over else None,
        "log": list(match.log),
        "state" if reveal else "view": g.to_json(shown),
    }


# -- the game store: games, export, resume, replay -----------------------------
def _store_call(func, *args, **kwargs):
    """Run a store or record function; its errors become 'Error: ...', exit 2."""
    from tideboard.engine.core import TideboardError

    try:
        return func(*args, **kwargs)
    except TideboardError as error:
        _fail(str(error))


def _open_store():
    from tideboard.store import Store

    store = _store_call(Store.open)
    for note in store.import_notes:
        if note.error:
            click.echo(f"Note: skipped a damaged save, left as it is: {note.error}", err=True)
        elif note.continued:
            click.echo(f"Note: added the new moves in {note.path} to game {note.game_id}.",
                       err=True)
        else:
            click.echo(f"Note: imported {note.path} as game {note.game_id}.", err=True)
    return store


def _seed_is_secret(summary_or_record) -> bool:
    """True while a game with hidden information is unfinished: its seed would
    reveal every hand and the deck order."""
    from tideboard.engine import registry

    info = registry.GAMES.get(summary_or_record.game)
    return not summary_or_record.finished and (info is None or info.hidden_information)


def _seat_text(seat) -> str:
    return f"{seat.name} ({seat.bot} bot)" if seat.bot else seat.name


def _when(stamp: str) -> str:
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return stamp


@main.command("games")
@click.option("--all", "show_all", is_flag=True, help="Include finished games and results.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def games_command(show_all: bool, as_json: bool) -> None:
    """List the games in the store, most recently played first.

    Without --all only unfinished games are listed; 'tideboard resume ID'
    continues one.
    """
    from tideboard.engine import registry

    store = _open_store()
    with store:
        summaries = _store_call(store.list, unfinished_only=not show_all)
    rows = []
    for s in summaries:
        row = {
            "id": s.id, "game": s.game,
            "name": registry.GAMES[s.game].name if s.game in registry.GAMES else s.game,
            "players": [{"name": seat.name, "bot": seat.bot} for seat in s.seats],
            "variant": s.config.variant, "solo": s.config.solo, "moves": s.moves,
            "turn": s.turn,
            "created": s.created, "updated": s.updated, "finished": s.finished,
            "result": s.result.to_json() if s.result else None,
        }
        if not _seed_is_secret(s):
            row["seed"] = s.config.seed
        rows.append(row)
    if as_json:
        _echo(json.dumps(rows, indent=1))
        return
    if not rows:
        _echo("No unfinished games. Start one with 'tideboard play GAME'"
              + ("." if show_all else "; 'tideboard games --all' lists finished ones too."))
        return
    for s, row in zip(summaries, rows):
        if s.finished and s.result:
            state = f"finished: {s.result.text}"
        else:
            state = f"{s.moves} move(s)" + (f", {s.turn}" if s.turn else "")
        _echo(f"{s.id:<8} {row['name']:<16} {_when(s.updated):<17} {state}")
        _echo(f"{'':<8} {', '.join(_seat_text(seat) for seat in s.seats)}")


def _echo(text: str) -> None:
    try:
        click.echo(text)
    except OSError as error:
        _fail(f"cannot write the output: {error.strerror or error}.")


def _target(store, text: str) -> tuple[str, str]:
    """('id', stored id) or ('file', path) for a resume/replay argument."""
    import os

    from tideboard.store import normalize_id

    key = normalize_id(text)
    if key is not None and _store_call(store.exists, key):
        return "id", key
    try:
        exists = os.path.lexists(text)
    except (ValueError, OSError):
        exists = False
    if exists or key is None:
        return "file", text
    _fail(f"no game with id {text!r} in the store and no file of that name "
          "('tideboard games --all' lists the stored games).")


def _load_target(store, text: str):
    """(store id or None, record, match) for an ID or a record FILE."""
    from tideboard import records

    kind, where = _target(store, text)
    if kind == "file":
        record, match = _store_call(records.read, where)
        return None, record, match
    record = _store_call(store.get, where)
    match = _store_call(records.replay, record, f"game {where}")
    return where, record, match


@main.command("export")
@click.argument("game_id", metavar="ID")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of the screen.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@click.option("--with-secrets", is_flag=True,
              help="Allow exporting an unfinished game with hidden information "
                   "(the record holds its seed, which reveals every hand).")
def export_command(game_id: str, output: str | None, force: bool, with_secrets: bool) -> None:
    """Write the record of game ID as JSON (see docs/saves.md)."""
    import os

    from tideboard import records

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
            _fail(f"game {record.id} is unfinished and hides information: its record holds "
                  "the seed, which reveals every hand and the order of the deck. Finish it "
                  "first, or export with --with-secrets and keep the file to yourself.")
        click.echo(f"Warning: this record of unfinished game {record.id} holds its seed, "
                   "which reveals every hand; do not show it to the other players.", err=True)
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


@main.command("resume")
@click.argument("target", required=False, metavar="[ID|FILE]")
@click.option("--theme", help="Colour theme.")
def resume_command(target: str | None, theme: str | None) -> None:
    """Continue a game: the newest unfinished one, game ID, or a record FILE
    (imported into the store as a new game)."""
    _check_theme(theme)
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
        launch = _app_launcher(replay=False, moves=len(match.actions))
        if stored_id is None:
            stored_id = _store_call(store.import_record, record, match)
            click.echo(f"Imported {target} as game {stored_id}.", err=True)
        path = store.path
    launch(theme=theme, match=match, bots=record.bots, store_id=stored_id, store_path=path,
           replay=False)


@main.command("replay")
@click.argument("target", metavar="ID|FILE")
@click.option("--theme", help="Colour theme.")
def replay_command(target: str, theme: str | None) -> None:
    """Step through game ID or a record FILE in the app."""
    _check_theme(theme)
    store = _open_store()
    with store:
        stored_id, record, match = _load_target(store, target)
        path = store.path
    launch = _app_launcher(replay=True, moves=len(match.actions))
    launch(theme=theme, match=match, bots=record.bots, store_id=stored_id, store_path=path,
           replay=True)


# ============================================================================
# APP LAUNCH FOR resume/replay: TO BE WIRED UP IN THE UI PHASE.
# The app is expected to grow ``run_app(theme=, match=, bots=, store_id=,
# store_path=, replay=)``: ``match`` is the loaded game, ``store_id`` the
# store record to keep appending to (None for a replay of a file).  Until
# run_app takes ``match``, resume and replay stop here with a message.
# ============================================================================
def _app_launcher(*, replay: bool, moves: int):
    """The function that opens a loaded game in the app (checked before
    anything is imported, so a failed launch leaves no new game behind)."""
    import inspect

    from tideboard.ui.app import run_app

    if "match" not in inspect.signature(run_app).parameters:
        what = "replaying" if replay else "resuming"
        _fail(f"the game loaded ({moves} moves), but {what} it in the app "
              "is not available in this version of tideboard yet.")
    return run_app


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
                error, BrokenPipeError):
            output_failed(error)
        raise
    except Exception as error:  # only the engine's own errors become messages
        from tideboard.engine.core import TideboardError

        if isinstance(error, TideboardError):
            _fail(str(error))
        raise
    sys.exit(status if isinstance(status, int) else 0)


if __name__ == "__main__":
    run()
