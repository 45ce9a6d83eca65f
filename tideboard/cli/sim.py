"""``sim``: bot-against-bot games headless, with progress on standard error
when it is a terminal."""

from __future__ import annotations

import json
import sys

import click

from tideboard.cli.io import (
    EXIT_INTERRUPTED,
    WholeNumber,
    fail,
    flush_stdout,
    shorten,
    sim_progress,
)
from tideboard.cli.options import (
    game_argument,
    load_game,
    make_config,
    think_budget,
    with_game_options,
    with_think_options,
)
from tideboard.engine.plurals import plural


@click.command()
@game_argument
@with_game_options
@click.option("--solo", is_flag=True, help="Simulate the solo variant.")
@click.option(
    "--games",
    "count",
    type=WholeNumber(1, 10**12, 13),
    default=10,
    show_default=True,
    help="How many games to play.",
)
@click.option(
    "--bot",
    "levels",
    multiple=True,
    metavar="LEVEL",
    help="Bot level per seat in order (repeatable; the last one fills the rest).",
)
@with_think_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def sim(
    game, players, variant, options, seed, solo, count, levels, think, think_iterations, as_json
) -> None:
    """Play bot-against-bot games of GAME headless and report the results.

    Progress goes to standard error when it is a terminal; Ctrl-C stops and
    prints the results of the games finished so far (exit status 130).
    """
    from tideboard.engine.simulate import simulate

    g = load_game(game)
    config = make_config(g, players, variant, solo, seed, options)
    known = tuple(g.bot_factories())
    for level in levels:
        if level not in known:
            fail(f"unknown bot level {shorten(level)!r}; choose from: {', '.join(known)}.")
    seat_levels = list(levels) or ["greedy" if "greedy" in known else known[0]]
    seat_levels += [seat_levels[-1]] * (config.players - len(seat_levels))
    with sim_progress(g.info.name, count) as progress:
        report = simulate(
            g,
            config,
            seat_levels[: config.players],
            count,
            progress=progress,
            budget=think_budget(think, think_iterations),
        )
    if as_json:
        click.echo(json.dumps(report, indent=1))
    else:
        click.echo(
            f"{g.info.name}: {plural(report['games'], 'game')}, "
            f"{'solo' if config.solo else plural(config.players, 'player')}, "
            f"seed {config.seed}, {plural(report['actions'], 'action')}"
        )
        for row in report["seats"]:
            click.echo(
                f"  Player {row['seat']} ({row['bot']}): {plural(row['wins'], 'win')}, "
                f"mean score {row['mean_score']:.2f}"
            )
        if report["unfinished"]:
            click.echo(
                f"  {plural(report['unfinished'], 'game')} stopped unfinished at the action limit"
            )
        if report["interrupted"]:
            click.echo(f"  interrupted after {report['games']} of {count} games")
    if report["interrupted"]:
        flush_stdout()
        sys.exit(EXIT_INTERRUPTED)
