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

from tideboard.cli_io import (EXIT_USAGE, Progress, WholeNumber, check_theme,
                              exit_after_app, fail, flush_stdout, forget_unsaved, output_failed,
                              read_moves, shorten)
from tideboard.engine.text import plural

EXIT_ILLEGAL = 3
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT

SEED_LIMIT = 1 << 64  # seeds are 0 <= seed < 2**64 (tideboard.engine.seeds checks the same)


def _fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    fail(message, status)


def _load(game_id: str):
    from tideboard.engine import registry
    from tideboard.engine.core import ConfigError

    try:
        return registry.load(game_id)
    except ConfigError as error:
        _fail(str(error))


def _config(game, players: int | None, variant: str | None, solo: bool, seed: int | None,
            options: tuple[str, ...] = ()):
    from tideboard.engine.core import ConfigError, GameConfig
    from tideboard.engine.seeds import new_seed

    info = game.info
    if players is None:
        players = 1 if solo else info.min_players
    variant = variant or info.variants[0]
    try:
        chosen: dict[str, str] = {}
        for text in options:
            name, value = info.parse_option(text)
            chosen[name] = value
        config = GameConfig(players=players, variant=variant, solo=solo,
                            seed=new_seed() if seed is None else seed,
                            options=info.changed_options(variant, chosen))
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
    check_theme(theme)


game_options = [
    click.option("--players", "-p", type=WholeNumber(0, 999, 3), help="Number of players."),
    click.option("--variant", help="Rules variant, a preset of options (see 'tideboard list')."),
    click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
                 help="A rules option, e.g. --option powers=active (repeatable; it changes "
                      "the variant's value; see 'tideboard list')."),
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
        from tideboard.startup import pause_gc

        pause_gc()  # until the first frame (tideboard/startup.py)
        from tideboard.ui.app import run_app

        forget_unsaved()
        _exit_if_crashed(run_app(theme=theme))


@main.command()
@click.argument("game")
@with_game_options
@click.option("--solo", is_flag=True, help="Play the game's solo variant.")
@click.option("--bot", "bots", multiple=True, metavar="SEAT=LEVEL",
              help="Let a computer play a seat, e.g. --bot 2=greedy (repeatable).")
@click.option("--theme", help="Colour theme.")
def play(game: str, players, variant, options, seed, solo: bool, bots, theme) -> None:
    """Start GAME in the terminal app.

    GAME is one of: shifting-stones, moonshell, moonlighter, mermaid-rain,
    animal-splash.
    """
    g = _load(game)
    config = _config(g, players, variant, solo, seed, options)
    seat_bots = _seat_bots(g, config, bots)
    _check_theme(theme)
    from tideboard.startup import pause_gc

    pause_gc()  # until the first frame (tideboard/startup.py)
    from tideboard.ui.app import has_screen, run_app

    if not has_screen(g.info.id):
        _fail(f"{g.info.name} cannot be played in the app yet; play it headless with "
              f"'tideboard script {g.info.id}' or watch bots with 'tideboard sim {g.info.id}'.")
    forget_unsaved()
    _exit_if_crashed(run_app(theme=theme, game_id=game, config=config, bots=seat_bots))


def _exit_if_crashed(code: Any) -> None:
    """``run_app`` returns the app's return code: a crash must not exit 0, and
    a game left not saved exits 2 with a message (cli_io.exit_after_app)."""
    exit_after_app(code)


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_games(as_json: bool) -> None:
    """List the games, their player counts, variants and bot levels."""
    # Registry data only: importing every game's rules here made `list` slow.
    from tideboard.engine import registry

    rows = []
    for info in registry.GAMES.values():
        available = registry.is_available(info.id)
        rows.append({
            "id": info.id, "name": info.name, "min_players": info.min_players,
            "max_players": info.max_players, "solo": info.solo,
            "variants": list(info.variants),
            "options": [{"name": o.name, "choices": list(o.choices), "default": o.default,
                         "help": o.help} for o in info.options],
            "presets": {variant: dict(info.preset(variant)) for variant in info.variants}
            if info.options else {},
            "bot_levels": list(info.bot_levels) if available else [],
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
            for option in row["options"]:
                choices = "|".join(option["choices"])
                click.echo(f"{'':<16} --option {option['name']}={choices} "
                           f"(default {option['default']})")
            _list_presets(row)


def _list_presets(row: dict[str, Any]) -> None:
    """Each variant's option values that differ from the defaults."""
    defaults = {o["name"]: o["default"] for o in row["options"]}
    for variant, values in row["presets"].items():
        changed = [f"{n}={v}" for n, v in values.items() if defaults.get(n) != v]
        if changed:
            click.echo(f"{'':<16} --variant {variant}: {' '.join(changed)}")


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
    _show_page(text)


def _show_page(markdown: str) -> None:
    """A Markdown page: through the pager (``$PAGER``, else ``less``) when standard
    output is a terminal, printed plainly when it is a file or a pipe."""
    from rich.console import Console
    from rich.markdown import Markdown

    if not (sys.stdout.isatty() and sys.stdin.isatty()):
        Console().print(Markdown(markdown))
        return
    import shutil

    console = Console(force_terminal=True, width=shutil.get_terminal_size().columns)
    with console.capture() as page:
        console.print(Markdown(markdown))
    click.echo_via_pager(page.get(), color=True)


@main.command()
@click.argument("game")
@with_game_options
@click.option("--solo", is_flag=True, help="Simulate the solo variant.")
@click.option("--games", "count", type=WholeNumber(1, 10**12, 13), default=10, show_default=True,
              help="How many games to play.")
@click.option("--bot", "levels", multiple=True, metavar="LEVEL",
              help="Bot level per seat in order (repeatable; the last one fills the rest).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def sim(game, players, variant, options, seed, solo, count, levels, as_json) -> None:
    """Play bot-against-bot games of GAME headless and report the results.

    Progress goes to standard error; Ctrl-C stops and prints the results of the
    games finished so far (exit status 130).
    """
    from tideboard.sim import simulate

    g = _load(game)
    config = _config(g, players, variant, solo, seed, options)
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
        click.echo(f"{g.info.name}: {plural(report['games'], 'game')}, "
                   f"{'solo' if config.solo else plural(config.players, 'player')}, "
                   f"seed {config.seed}, {plural(report['actions'], 'action')}")
        for row in report["seats"]:
            click.echo(f"  Player {row['seat']} ({row['bot']}): {plural(row['wins'], 'win')}, "
                       f"mean score {row['mean_score']:.2f}")
        if report["unfinished"]:
            click.echo(f"  {plural(report['unfinished'], 'game')} stopped unfinished at the "
                       "action limit")
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
def script(game, players, variant, options, seed, solo, moves, show_legal, as_json,
           reveal) -> None:
    """Play GAME headless from moves in notation and print where it stands.

    The seed is printed only once the game is over (or with --reveal).
    """
    from tideboard.engine.core import IllegalAction, NotationError
    from tideboard.engine.match import Match

    g = _load(game)
    config = _config(g, players, variant, solo, seed, options)
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
    click.echo(f"{g.info.name}, {seed_text}, {plural(len(match.actions), 'move')} played")
    for entry in match.log:
        for line in entry.splitlines():
            click.echo(f"  {line}")
    to_move = g.to_move(match.state)
    shown = match.state if reveal else g.view(match.state, to_move[0] if to_move else None)
    click.echo(g.render_text(shown))
    if report["over"]:
        click.echo(f"Game over. {g.result_text(match.state)}")
    else:
        click.echo("To move: " + " and ".join(f"Player {s}" for s in report["waiting"])
                   + (" (choosing at once)" if len(report["waiting"]) > 1 else ""))
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
        "options": match.config.option_dict,
        "solo": match.config.solo,
        "moves": len(match.actions),
        "over": over,
        "to_move": None if seat is None else seat + 1,
        "waiting": [s + 1 for s in to_move],  # several seats when they choose at once
        "legal": g.legal_notation(state),
        "scores": list(g.scores(state)),
        "winners": [s + 1 for s in g.winners(state)] if over else [],
        "result": g.result_text(state) if over else None,
        "log": list(match.log),
        "state" if reveal else "view": g.to_json(shown),
    }


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


# The game store's commands live in their own module.
from tideboard.cli_store import STORE_COMMANDS  # noqa: E402

for _command in STORE_COMMANDS:
    main.add_command(_command)

from tideboard.cli_serve import serve  # noqa: E402  (play over SSH)

main.add_command(serve)


if __name__ == "__main__":
    run()
