"""The game-independent contract every tideboard game fulfils.

A game is a set of pure functions over an immutable state (an ``attrs.frozen``
class holding tuples and frozensets).  They are grouped on a :class:`Game`
object only so that the CLI, the bots and the app can pass one thing around;
a game object holds no mutable data of its own.

Seats are numbered from 0 inside the engine and shown from 1 to players
(:func:`seat_label`).  Every place a user sees a seat number goes through it.

The records here (:class:`GameConfig`, :class:`GameOption`, :class:`GameInfo`)
are frozen dataclasses, not attrs classes like the games' states: the picker
needs them before any game is loaded, and so starts without importing attrs
(a measurable share of its first frame: benchmarks/README.md).
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

S = TypeVar("S")  # a game's state class
A = TypeVar("A")  # a game's action class


class TideboardError(Exception):
    """Base class for errors that carry a message meant for the player."""


class IllegalAction(TideboardError):
    """Raised by ``apply`` for an action the rules do not allow right now.

    The message says why, in words a player understands.  The state the
    action was applied to is untouched (states are immutable).
    """


class NotationError(TideboardError):
    """Raised by ``parse_action`` for text that is not an action."""


class ConfigError(TideboardError):
    """Raised for a game configuration the game cannot be set up with."""


def seat_label(seat: int) -> str:
    """How a seat (0-based in the engine) is shown to a person."""
    return f"Player {seat + 1}"


def _option_pairs(options: Any) -> tuple[tuple[str, str], ...]:
    """Options as sorted (name, value) pairs; a mapping or pairs are accepted."""
    if isinstance(options, dict):
        options = options.items()
    return tuple(sorted((str(name), str(value)) for name, value in options))


@dataclasses.dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything ``setup`` needs: the table, the seed and the rules options.

    ``variant`` names a preset of option values (``GameInfo.presets``);
    ``options`` holds the values chosen on top of it, as sorted (name, value)
    pairs (an empty tuple: the variant as it is).  ``GameInfo.option_values``
    gives the whole set a game is set up with.
    """

    players: int
    variant: str = "standard"
    solo: bool = False
    seed: int = 0
    options: tuple[tuple[str, str], ...] = ()  # a mapping or pairs are accepted too

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", _option_pairs(self.options))

    def evolve(self, **changes: Any) -> GameConfig:
        """A copy with ``changes`` (``seed=...``, ``players=...``)."""
        return dataclasses.replace(self, **changes)

    @property
    def option_dict(self) -> dict[str, str]:
        return dict(self.options)


@dataclasses.dataclass(frozen=True, slots=True)
class GameOption:
    """One typed rules option of a game: a name, its choices and its default.

    Plain data, declared in the game's ``info.py``, so ``tideboard list``, the
    picker and flag checks need no rules.  ``seat`` (1-based) marks an option that belongs
    to one seat (shown only when that seat is at the table); ``unless`` names
    another option and a value with which this one does not apply.
    """

    name: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""
    seat: int = 0
    unless: tuple[str, str] | None = None

    def check(self, value: str, game: str) -> str:
        if value not in self.choices:
            raise ConfigError(
                f"{game} option {self.name} cannot be {value!r}; "
                f"choose from: {', '.join(self.choices)}."
            )
        return value


@dataclasses.dataclass(frozen=True, slots=True)
class GameInfo:
    """What the picker, ``tideboard list`` and flag checks need to know: each game
    package declares one in its ``info.py`` (see :mod:`tideboard.engine.registry`)."""

    id: str
    name: str
    min_players: int
    max_players: int
    variants: tuple[str, ...] = ("standard",)
    solo: bool = False  # has a solo mode (played with --solo)
    bot_levels: tuple[str, ...] = ("random", "greedy")
    summary: str = ""
    hidden_information: bool = True  # hot-seat needs a privacy screen
    options: tuple[GameOption, ...] = ()  # typed rules options (none: the game has none)
    # variant name -> option values it sets (variants without an entry set none)
    presets: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    order: int = 99  # place in the lists of games (tideboard list, the picker, the lobby)

    def player_range(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def check_config(self, config: GameConfig) -> None:
        """Raise :class:`ConfigError` (listing the valid choices) if unusable."""
        if config.solo:
            if self.max_players == 1:
                raise ConfigError(f"{self.name} is a one-player game already; leave out --solo.")
            if not self.solo:
                raise ConfigError(
                    f"{self.name} has no solo mode; play it with {self.player_range()} players."
                )
            if config.players != 1:
                raise ConfigError(
                    "--solo is a one-player game; leave out --players or use --players 1."
                )
        elif not self.min_players <= config.players <= self.max_players:
            hint = " (or --solo)" if self.solo and self.min_players > 1 else ""
            table = (
                "a one-player game"
                if self.max_players == 1
                else f"for {self.player_range()} players"
            )
            raise ConfigError(f"{self.name} is {table}{hint}; got {config.players}.")
        seed = config.seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ConfigError(
                "The seed must be a whole number from 0 to 2**64-1 (18446744073709551615)."
            )
        if config.variant not in self.variants:
            raise ConfigError(
                f"{self.name} has no variant {config.variant!r}; "
                f"choose from: {', '.join(self.variants)}."
            )
        self.option_values(config)

    # -- options ----------------------------------------------------------
    def option(self, name: str) -> GameOption:
        """The option called ``name``; ConfigError listing the game's options."""
        for option in self.options:
            if option.name == name:
                return option
        if not self.options:
            raise ConfigError(f"{self.name} has no options.")
        raise ConfigError(
            f"{self.name} has no option {name!r}; choose from: "
            f"{', '.join(o.name for o in self.options)}."
        )

    def preset(self, variant: str) -> dict[str, str]:
        """Every option's value in ``variant`` (defaults where it sets none)."""
        values = {option.name: option.default for option in self.options}
        values.update(dict(self.presets).get(variant, ()))
        return values

    def option_values(self, config: GameConfig) -> dict[str, str]:
        """The options ``config`` plays with: its variant's preset, then its own
        choices.  ConfigError (listing the valid names or values) for a bad one,
        or for a seat's option when that seat is not at the table."""
        values = self.preset(config.variant)
        for name, value in config.options:
            option = self.option(name)
            values[name] = option.check(value, self.name)
            if option.seat and option.seat > config.players:
                raise ConfigError(
                    f"{self.name} option {name} is for Player {option.seat}, "
                    f"but {config.players} play."
                )
        return values

    def parse_option(self, text: str) -> tuple[str, str]:
        """``NAME=VALUE`` (as ``--option`` takes it) checked against the options."""
        name, sep, value = text.partition("=")
        name, value = name.strip().lower(), value.strip().lower()
        if not sep or not name:
            raise ConfigError(
                f"--option takes NAME=VALUE, e.g. {self._example()}; got {text[:40]!r}."
            )
        return name, self.option(name).check(value, self.name)

    def _example(self) -> str:
        if self.options:
            return f"{self.options[0].name}={self.options[0].choices[-1]}"
        return "name=value"

    def changed_options(self, variant: str, values: dict[str, str]) -> tuple[tuple[str, str], ...]:
        """The (name, value) pairs of ``values`` that differ from ``variant``'s preset."""
        preset = self.preset(variant)
        return tuple(sorted((n, v) for n, v in values.items() if preset.get(n) != v))


class Game(Generic[S, A]):
    """The functions a game provides.  Subclasses override the stubs.

    All methods are pure: they never change their arguments and the result
    depends only on them.
    """

    info: GameInfo

    # -- life cycle -------------------------------------------------------
    def setup(self, config: GameConfig) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> tuple[int, ...]:
        """The seats whose decision the game waits for (empty when over)."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action allowed now: for a simultaneous choice, every waiting
        seat's choices (each action then says whose it is)."""
        raise NotImplementedError

    def legal_for(self, state: S, seat: int) -> Sequence[A]:
        """The actions ``seat`` may take now; empty when the game does not wait
        for it.  Bots, the CLI and the app ask per seat.  A game where several
        seats choose at once overrides it (the default suits one seat at a time)."""
        return self.legal_actions(state) if seat in self.to_move(state) else []

    def seat_of(self, state: S, action: A) -> int | None:
        """The seat taking ``action`` in ``state`` (the first seat to move, unless a
        game with simultaneous choices says otherwise)."""
        seats = self.to_move(state)
        return seats[0] if seats else None

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises :class:`IllegalAction`."""
        raise NotImplementedError

    def is_over(self, state: S) -> bool:
        raise NotImplementedError

    # -- information ------------------------------------------------------
    def view(self, state: S, seat: int | None) -> S:
        """``state`` with what ``seat`` may not see hidden (None: a spectator)."""
        raise NotImplementedError

    def scores(self, state: S) -> tuple[int, ...]:
        raise NotImplementedError

    def winners(self, state: S) -> tuple[int, ...]:
        """Seats that win (several on a shared victory); empty if nobody does."""
        scores = self.scores(state)
        best = max(scores)
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    # -- notation ---------------------------------------------------------
    def format_action(self, action: A) -> str:
        raise NotImplementedError

    def parse_action(self, state: S, text: str) -> A:
        """Read ``text``; raises :class:`NotationError` saying what is wrong."""
        raise NotImplementedError

    def describe(self, before: S, action: A, after: S) -> str:
        """A log entry for ``action`` (seen by every seat, so no secrets); it
        may hold several lines, e.g. an automated opponent's steps."""
        return self.format_action(action)

    def to_json(self, state: S) -> dict[str, Any]:
        """A JSON-ready description of a (possibly viewed) state."""
        raise NotImplementedError

    def render_text(self, state: S) -> str:
        """A plain-text picture of a (possibly viewed) state for the CLI."""
        import json

        return json.dumps(self.to_json(state), indent=1)

    def result_text(self, state: S) -> str:
        """One line summing up a finished game."""
        winners = self.winners(state)
        if not winners:
            return "Nobody wins."
        names = " and ".join(seat_label(s) for s in winners)
        return f"{names} {'share the victory' if len(winners) > 1 else 'wins'}."

    def undoable(self, before: S, action: A, after: S) -> bool:
        """May a player take ``action`` back?  Only when it revealed nothing
        new (no card drawn, no die rolled) and the turn has not passed."""
        return False

    def undo_refusal(self, before: S, action: A, after: S) -> str:
        """Why ``action`` cannot be taken back, in the game's own words."""
        return "it showed something new or ended the turn"

    def bot_factories(self) -> dict[str, Any]:
        """Bot level name -> ``factory(seed) -> Bot``."""
        from tideboard.engine.bots import RandomBot

        return {"random": RandomBot}

    # -- convenience ------------------------------------------------------
    def legal_notation(self, state: S) -> list[str]:
        return [self.format_action(a) for a in self.legal_actions(state)]


class ModularGame(Game[S, A]):
    """A :class:`Game` whose functions live in the game package's modules.

    A game package has the same modules everywhere (``rules``, ``scoring``,
    ``notation``, ``logline``, ``bots``); this class forwards the contract to
    them so a game's ``game.py`` only names its modules and adds what is its own:

    - ``rules``: ``setup(config)``, ``legal_actions(state)``,
      ``apply(state, action)``, ``view(state, seat)``
    - ``logline``: ``describe(before, action, after)``
    - ``scoring``: ``scores(state)``, ``winners(state)``
    - ``notation``: ``format_action(action)``, ``parse_action(text)``
    - ``bots``: ``bot_factories()``

    ``apply`` checks an action before the rules see it: an object that is not one of
    the game's action classes (the ``A`` it is declared with: ``ModularGame[State,
    Action]``), or one with a field not of its declared type, is refused with
    :class:`IllegalAction`.  Building such an action is no error (actions are plain
    values); applying it is.
    """

    rules: Any
    scoring: Any
    notation: Any
    logline: Any
    bots: Any
    _checks: dict[type, Callable[[Any], str]]  # action class -> its check (see apply)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._checks = {}

    def setup(self, config: GameConfig) -> S:
        return self.rules.setup(config)

    def legal_actions(self, state: S) -> Sequence[A]:
        return self.rules.legal_actions(state)

    def apply(self, state: S, action: A) -> S:
        try:
            check = self._checks[action.__class__]
        except KeyError:
            check = self._checks[action.__class__] = self._check_for(action.__class__)
        wrong = check(action)
        if wrong:
            name = self.info.name
            raise IllegalAction(
                f"That is not {'an' if name[0] in 'AEIOU' else 'a'} {name} move: {wrong}."
            )
        return self.rules.apply(state, action)

    def _check_for(self, cls: type) -> Callable[[Any], str]:
        from tideboard.engine.states import action_check

        return action_check(cls, self.action_classes())

    @classmethod
    def action_classes(cls) -> tuple[type, ...]:
        """The game's action classes: the members of the action type it is declared
        with (``ModularGame[State, Action]``, ``Action`` a union of classes)."""
        for base in getattr(cls, "__orig_bases__", ()):
            if typing.get_origin(base) is ModularGame:
                action = typing.get_args(base)[1]
                return typing.get_args(action) or (action,)
        raise TypeError(f"{cls.__name__} is not declared as ModularGame[State, Action]")

    def view(self, state: S, seat: int | None) -> S:
        return self.rules.view(state, seat)

    def describe(self, before: S, action: A, after: S) -> str:
        return self.logline.describe(before, action, after)

    def scores(self, state: S) -> tuple[int, ...]:
        return self.scoring.scores(state)

    def winners(self, state: S) -> tuple[int, ...]:
        return self.scoring.winners(state)

    def format_action(self, action: A) -> str:
        return self.notation.format_action(action)

    def parse_action(self, state: S, text: str) -> A:
        return self.notation.parse_action(text)

    def bot_factories(self) -> dict[str, Any]:
        return self.bots.bot_factories()
