"""``list`` (the games, their variants, options and bot levels) and ``rules``
(a game's rules page).  They read the registry only, never a game's rules."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from tideboard.cli.io import fail
from tideboard.cli.options import game_argument


@click.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_games(as_json: bool) -> None:
    """List the games, their player counts, variants and bot levels."""
    # Registry data only: importing every game's rules here made `list` slow.
    from tideboard.engine import registry

    rows: list[dict[str, Any]] = []
    for info in registry.GAMES.values():
        available = registry.is_available(info.id)
        rows.append(
            {
                "id": info.id,
                "name": info.name,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "solo": info.solo,
                "variants": list(info.variants),
                "options": [
                    {
                        "name": o.name,
                        "choices": list(o.choices),
                        "default": o.default,
                        "help": o.help,
                    }
                    for o in info.options
                ],
                "presets": {variant: dict(info.preset(variant)) for variant in info.variants}
                if info.options
                else {},
                "bot_levels": list(info.bot_levels) if available else [],
                "available": available,
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=1))
        return
    for row in rows:
        players = (
            f"{row['min_players']}-{row['max_players']}"
            if row["min_players"] != row["max_players"]
            else str(row["min_players"])
        )
        extra = ", solo" if row["solo"] else ""
        status = "" if row["available"] else "  (coming)"
        click.echo(f"{row['id']:<16} {row['name']:<16} players {players}{extra}{status}")
        if row["available"]:
            click.echo(
                f"{'':<16} variants: {', '.join(row['variants'])}; "
                f"bots: {', '.join(row['bot_levels'])}"
            )
            for option in row["options"]:
                choices = "|".join(option["choices"])
                click.echo(
                    f"{'':<16} --option {option['name']}={choices} (default {option['default']})"
                )
            _list_presets(row)


def _list_presets(row: dict[str, Any]) -> None:
    """Each variant's option values that differ from the defaults."""
    defaults = {o["name"]: o["default"] for o in row["options"]}
    for variant, values in row["presets"].items():
        changed = [f"{n}={v}" for n, v in values.items() if defaults.get(n) != v]
        if changed:
            click.echo(f"{'':<16} --variant {variant}: {' '.join(changed)}")


@click.command()
@game_argument
def rules(game: str) -> None:
    """Show GAME's rules page."""
    from tideboard.engine import registry
    from tideboard.files.rules_pages import rules_markdown

    info = registry.GAMES[game]

    text = rules_markdown(info.id)
    if text is None:
        fail(f"{info.name} has no rules page yet.")
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
    # color=None: click starts less with -R when $LESS is not set (and keeps the
    # colours), and strips them for a $LESS without -R or another pager, which
    # would show the escape codes raw
    click.echo_via_pager(page.get(), color=None)
