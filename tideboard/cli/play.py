"""``play`` (a game in the app) and ``script`` (a game headless from moves in
notation).  Only click at module level, like the rest of the CLI."""

from __future__ import annotations

import json
from typing import Any

import click

from tideboard.cli.io import (
    EXIT_ILLEGAL,
    Theme,
    exit_after_app,
    fail,
    forget_unsaved,
    read_moves,
    shorten,
)
from tideboard.cli.options import (
    SeatLevel,
    game_argument,
    load_game,
    make_config,
    seat_bots,
    think_budget,
    with_game_options,
    with_think_options,
)
from tideboard.engine.plurals import plural


@click.command()
@game_argument
@with_game_options
@click.option("--solo", is_flag=True, help="Play the game's solo variant.")
@click.option(
    "--bot",
    "bots",
    type=SeatLevel(),
    multiple=True,
    help="A seat's player: a computer of LEVEL, e.g. --bot 2=random (repeatable).",
)
@click.option(
    "--hot-seat",
    is_flag=True,
    help="Every seat without --bot is a person at this keyboard, passing it on in turn.",
)
@with_think_options
@click.option("--theme", type=Theme(), help="Colour theme.")
def play(
    game: str,
    players,
    variant,
    options,
    seed,
    solo: bool,
    bots,
    hot_seat,
    think,
    think_iterations,
    theme,
) -> None:
    """Start GAME in the terminal app.

    You play seat 1 and computers (greedy bots) the others, as in the picker;
    --bot SEAT=LEVEL picks a seat's bot, --hot-seat seats people instead."""
    from tideboard.engine.bots import default_bots, set_default_budget

    g = load_game(game)
    set_default_budget(think_budget(think, think_iterations))  # (the app makes the bots)
    config = make_config(g, players, variant, solo, seed, options)
    bot_seats = {} if hot_seat else default_bots(g, config.players)
    bot_seats.update(seat_bots(g, config, bots))
    from tideboard.ui.startup import pause_gc

    pause_gc()  # until the first frame (tideboard/ui/startup.py)
    from tideboard.ui.app import has_screen, run_app

    if not has_screen(g.info.id):
        fail(
            f"{g.info.name} cannot be played in the app yet; play it headless with "
            f"'tideboard script {g.info.id}' or watch bots with 'tideboard sim {g.info.id}'."
        )
    forget_unsaved()
    exit_after_app(run_app(theme=theme, game_id=game, config=config, bots=bot_seats))


@click.command()
@game_argument
@with_game_options
@click.option("--solo", is_flag=True, help="Play the solo variant.")
@click.option("--moves", metavar="FILE|-", help="Moves, one a line ('#' starts a comment).")
@click.option("--legal", "show_legal", is_flag=True, help="List the legal moves at the end.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option(
    "--reveal",
    is_flag=True,
    help="Developer tool: show the whole state, every seat's secrets and the seed.",
)
def script(game, players, variant, options, seed, solo, moves, show_legal, as_json, reveal) -> None:
    """Play GAME headless from moves in notation and print where it stands.

    The seed is printed only once the game is over (or with --reveal).
    """
    from tideboard.engine.core import IllegalAction, NotationError
    from tideboard.engine.match import Match

    g = load_game(game)
    config = make_config(g, players, variant, solo, seed, options)
    match = Match.start(g, config)
    for number, text in read_moves(moves) if moves else []:
        try:
            match = match.play_text(text)
        except (IllegalAction, NotationError) as error:
            where = f"line {number}" if moves != "-" else f"line {number} of stdin"
            fail(f"{where}: {shorten(text, 80)!r}: {error}", EXIT_ILLEGAL)
    report = script_report(match, reveal)
    if as_json:
        click.echo(json.dumps(report, indent=1))
        return
    seed_text = (
        f"seed {config.seed}"
        if report["seed"] is not None
        else "seed kept secret until the game ends"
    )
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
        click.echo(
            "To move: "
            + " and ".join(f"Player {s}" for s in report["waiting"])
            + (" (choosing at once)" if len(report["waiting"]) > 1 else "")
        )
    click.echo(
        "Scores: " + ", ".join(f"Player {i + 1} {s}" for i, s in enumerate(report["scores"]))
    )
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
