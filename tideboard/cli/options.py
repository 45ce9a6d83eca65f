"""What the game commands (``play``, ``script``, ``sim``) share: the game
argument, the table and rules options, and the ``--bot SEAT=LEVEL`` flags,
each checked into a clear message (click only at module level)."""

from __future__ import annotations

from typing import Any

import click

from tideboard.cli.io import WholeNumber, fail, shorten

SEED_LIMIT = 1 << 64  # seeds are 0 <= seed < 2**64 (tideboard.engine.seeds checks the same)


class GameChoice(click.Choice):
    """The GAME argument: a choice of the registry's games, so the help's usage line
    and shell completion list them.  The registry is read on first use, not when
    the CLI is imported, so ``tideboard --help`` imports no game's info."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=True)

    @property
    def choices(self) -> tuple[str, ...]:
        from tideboard.engine import registry

        return tuple(registry.GAMES)

    @choices.setter
    def choices(self, _ignored: object) -> None:
        """``click.Choice.__init__`` sets the choices; the registry's stand instead."""

    def get_invalid_choice_message(self, value: object, ctx: click.Context | None) -> str:
        return f"unknown game {shorten(str(value))!r}; choose from: {', '.join(self.choices)}."

    def fail(
        self, message: str, param: click.Parameter | None = None, ctx: click.Context | None = None
    ):
        # named GAME: the usage line's {shifting-stones|...} once is enough (an
        # option, such as stats' --game, is named by click as usual)
        hint = None if isinstance(param, click.Option) else ["GAME"]
        raise click.BadParameter(message, ctx=ctx, param=param, param_hint=hint)


game_argument = click.argument("game", type=GameChoice())


def load_game(game_id: str):
    from tideboard.engine import registry
    from tideboard.engine.core import ConfigError

    try:
        return registry.load(game_id)
    except ConfigError as error:
        fail(str(error))


def make_config(
    game,
    players: int | None,
    variant: str | None,
    solo: bool,
    seed: int | None,
    options: tuple[str, ...] = (),
):
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
        config = GameConfig(
            players=players,
            variant=variant,
            solo=solo,
            seed=new_seed() if seed is None else seed,
            options=info.changed_options(variant, chosen),
        )
        info.check_config(config)
    except ConfigError as error:
        fail(str(error))
    return config


class SeatLevel(click.ParamType):
    """``--bot SEAT=LEVEL``: (seat number from 1, bot level); whether the seat
    is at the table and the level is the game's is :func:`seat_bots`'s to say."""

    name = "SEAT=LEVEL"
    MAX_DIGITS = 3  # --players is at most 999

    def convert(self, value: Any, param: Any, ctx: Any) -> tuple[int, str]:
        if isinstance(value, tuple):
            return value
        seat, sep, level = str(value).partition("=")
        seat = seat.strip()
        if not sep or not (seat.isascii() and seat.isdigit()):
            self.fail(
                f"expected SEAT=LEVEL, e.g. --bot 2=greedy; got {shorten(str(value))!r}.",
                param,
                ctx,
            )
        if len(seat) > self.MAX_DIGITS:
            self.fail(f"seat {shorten(seat)} is not at the table.", param, ctx)
        return int(seat), level


def seat_bots(game, config, flags: tuple[tuple[int, str], ...]) -> dict[int, str]:
    """The ``--bot`` flags as {0-based seat: level}, each checked against the table."""
    levels = tuple(game.bot_factories())
    bots: dict[int, str] = {}
    for seat, level in flags:
        if not 1 <= seat <= config.players:
            fail(f"--bot seat {seat} is not at the table; seats are 1-{config.players}.")
        if level not in levels:
            fail(f"unknown bot level {shorten(level)!r}; choose from: {', '.join(levels)}.")
        bots[seat - 1] = level
    return bots


game_options = [
    click.option("--players", "-p", type=WholeNumber(0, 999, 3), help="Number of players."),
    click.option("--variant", help="Rules variant, a preset of options (see 'tideboard list')."),
    click.option(
        "--option",
        "options",
        multiple=True,
        metavar="NAME=VALUE",
        help="A rules option, e.g. --option powers=active (repeatable; it changes "
        "the variant's value; see 'tideboard list').",
    ),
    click.option(
        "--seed",
        type=WholeNumber(0, SEED_LIMIT - 1, 20),
        help="Seed for the shuffle and dice, 0 to 2**64-1 (left out: a random one "
        "from the system's entropy, kept secret until the game ends).",
    ),
]


def with_game_options(func):
    for option in reversed(game_options):
        func = option(func)
    return func


class Seconds(click.ParamType):
    """A thinking time in seconds: a plain decimal number from 0.01 to 600."""

    name = "seconds"
    low, high = 0.01, 600.0

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        if isinstance(value, float):
            return value
        text = str(value).strip()
        digits = text.replace(".", "", 1)
        if not (text.isascii() and digits.isdigit() and len(text) <= 12):
            self.fail(f"{shorten(text)!r} is not a number of seconds, e.g. 0.5 or 2.", param, ctx)
        seconds = float(text)
        if not self.low <= seconds <= self.high:
            self.fail(f"{text} is out of range; think from 0.01 to 600 seconds.", param, ctx)
        return seconds


think_options = [
    click.option(
        "--think",
        type=Seconds(),
        default=1.0,
        show_default=True,
        metavar="SECONDS",
        help="How long an expert bot thinks about a move.",
    ),
    click.option(
        "--think-iterations",
        type=WholeNumber(1, 10**7, 8),
        metavar="N",
        help="Instead of a time, N search iterations a move (repeatable with --seed).",
    ),
]


def with_think_options(func):
    for option in reversed(think_options):
        func = option(func)
    return func


def think_budget(think: float, iterations: int | None):
    """The expert bots' budget the --think options ask for."""
    from tideboard.engine.search import Budget

    return Budget(think, iterations)
