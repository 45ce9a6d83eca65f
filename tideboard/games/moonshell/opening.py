"""Moonshell's setup: the table for a configuration and its rules options
(``rules.setup``).  A mode is a preset of options (info.py)."""

from __future__ import annotations

import functools
from typing import NamedTuple

from tideboard.engine.core import ConfigError, GameConfig
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import (
    ALL_SHELLS,
    ANEMONE,
    CLOWNFISH,
    DECK_IDS,
    DECKS,
    EMPTY,
    SEAT_SIDES,
    SOLO_CARDS,
    TWO_PLAYER_URCHINS,
    URCHIN,
    URCHINS,
)
from tideboard.games.moonshell.info import INFO
from tideboard.games.moonshell.reef import EVENT_IDS
from tideboard.games.moonshell.state import AT_HOME, KEEP, MERMAID, State


# -- setup --------------------------------------------------------------------
def setup(config: GameConfig) -> State:
    table = _table(config.players, config.solo, config.variant, config.options)
    rng = Rng.from_seed(config.seed)
    tiles, rng = rng.shuffle(table.tiles)
    ocean, bag = tiles[:25], tiles[25:]
    open_cards, rng = rng.choose_each(table.pools)
    secret_deck, rng = rng.shuffle(DECK_IDS["secret"])
    offers = tuple(
        tuple(secret_deck[2 * s : 2 * s + 2]) if s < table.humans else ()
        for s in range(table.seats)
    )
    solo_deck: tuple[str, ...] = ()
    if config.solo:
        solo_deck, rng = rng.shuffle(_SOLO_IDS)
    event_deck: tuple[str, ...] = ()
    if table.events_on:
        event_deck, rng = rng.shuffle(EVENT_IDS)
    state = evolve(
        table.state,
        ocean=ocean,
        bag=bag,
        open_cards=tuple(open_cards),
        offers=offers,
        solo_deck=solo_deck,
        rng=rng,
        event_deck=event_deck,
    )
    waiting = [s for s in range(table.humans) if table.state.powers and not table.mermaids[s]]
    if waiting:
        state = evolve(state, phase=MERMAID, current=waiting[0])
    return state


_SOLO_IDS = tuple(card.id for card in SOLO_CARDS)


class _Table(NamedTuple):
    """What a configuration sets up before the seed's shuffles: the tiles in the bag,
    the objective decks to draw from, and the state's other starting fields."""

    seats: int
    humans: int
    mermaids: tuple[str, ...]
    tiles: tuple[int, ...]
    pools: tuple[tuple[str, ...], ...]  # per open objective deck, the cards it is drawn from
    events_on: bool
    state: State  # the starting state but for the shuffled parts


@functools.lru_cache(maxsize=256)  # playouts set up thousands of games of one configuration
def _table(players: int, solo: bool, variant: str, options: tuple[tuple[str, str], ...]) -> _Table:
    config = GameConfig(players=players, solo=solo, variant=variant, options=options)
    values = INFO.option_values(config)
    seats = 2 if solo else players
    if not 2 <= seats <= 4:
        raise ConfigError(f"Moonshell is for 2-4 players (or --solo); got {players}.")
    n_humans = 1 if solo else seats
    mermaids = _mermaid_options(values, seats, n_humans)
    urchins = {"none": 0, "8": TWO_PLAYER_URCHINS}.get(
        values["urchins"], TWO_PLAYER_URCHINS if seats == 2 else 0
    )
    reef = {"none": 0, "3": 3}.get(values["reef"], seats + 1)
    tiles = ALL_SHELLS + (URCHIN,) * urchins + (ANEMONE, CLOWNFISH) * reef
    pools = tuple(
        {"base": DECK_IDS[deck], "lunar-reef": DECK_IDS["lunar-" + deck]}.get(
            values["decks"], DECK_IDS[deck] + DECK_IDS["lunar-" + deck]
        )
        for deck in DECKS
    )
    events_on = values["events"] == "on"
    moonshell_on = values["moonshell"] == "on"
    powers = "" if values["powers"] == "none" else values["powers"]
    state = State(
        players=seats,
        solo=solo,
        sides=SEAT_SIDES[seats],
        ocean=(),
        rocks=(EMPTY,) * 8,
        bag=(),
        urchins_aside=URCHINS - urchins,
        chests=(((), (), (), ()),) * seats,
        moonshells=tuple(moonshell_on and s < n_humans for s in range(seats)),
        open_cards=(),
        secrets=("",) * seats,
        offers=(),
        phase=KEEP,
        mode=variant,
        moonshell_on=moonshell_on,
        powers=powers,
        mermaids=mermaids if powers else (),
        meeples=(AT_HOME,) * seats if powers else (),
        meeple_round=(0,) * seats if powers else (),
        meeple_back=(0,) * seats if powers else (),
        saved=(EMPTY,) * seats if powers else (),
        events_on=events_on,
    )
    return _Table(seats, n_humans, mermaids, tiles, pools, events_on, state)


def _mermaid_options(options: dict[str, str], seats: int, n_humans: int) -> tuple[str, ...]:
    chosen = []
    for seat in range(seats):
        value = options.get(f"mermaid-{seat + 1}", "choose")
        if value != "choose":
            if options["powers"] == "none":
                raise ConfigError(
                    f"mermaid-{seat + 1} needs mermaid powers: add "
                    "--option powers=passive or powers=active."
                )
            if seat >= n_humans:
                raise ConfigError("The automaton has no mermaid; leave out mermaid-2.")
            if value in chosen:
                raise ConfigError(
                    f"Two players cannot both have the {value} mermaid; "
                    "each mermaid board is played once."
                )
        chosen.append("" if value == "choose" else value)
    return tuple(chosen)
