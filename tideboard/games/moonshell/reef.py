"""Moonshell's advanced components as data: the six mermaid boards (both sides)
and the Lunar Reef event deck, read from ``reef.json`` beside this module."""

from __future__ import annotations

from typing import NamedTuple

from tideboard.engine.package_files import package_json

_RAW = package_json(__file__, "reef.json")


class Mermaid(NamedTuple):  # (named tuples: cheaper to define than attrs classes)
    id: str
    name: str
    colour: str
    passive: str  # the light side: changes one of the three actions
    active: str  # the dark side: a free action


class EventCard(NamedTuple):
    id: str
    name: str
    kind: str  # "now": once, when revealed; "round": until the round ends
    text: str


MERMAIDS: dict[str, Mermaid] = {raw["id"]: Mermaid(**raw) for raw in _RAW["mermaids"]}
MERMAID_IDS: tuple[str, ...] = tuple(MERMAIDS)
EVENTS: dict[str, EventCard] = {raw["id"]: EventCard(**raw) for raw in _RAW["events"]}
EVENT_IDS: tuple[str, ...] = tuple(EVENTS)

# the event cards by what they do (ids in reef.json)
MOONRISE, UNDERTOW, WHIRLPOOL, LOW_TIDE, HOMECOMING, SHELL_SHOWER, URCHIN_SWARM = (
    f"E{n}" for n in range(1, 8)
)
(
    STILL_WATER,
    SPRING_TIDE,
    HEAVY_SEAS,
    FAIR_WINDS,
    REVERSE_CURRENT,
    MOON_SHADOW,
    BECALMED,
    FREE_FLOW,
) = (f"E{n}" for n in range(8, 16))
SWARM_SIZE = 4  # Urchin Swarm: sea urchins from the side into the bag
