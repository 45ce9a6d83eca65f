"""Moonshell's :class:`Game` object, ``GAME``: the contract forwarded to the rules modules."""

from __future__ import annotations

from typing import Any

from tideboard.engine.core import ModularGame, seat_label
from tideboard.games.moonshell import bots, logline, notation, powers, rules, scoring
from tideboard.games.moonshell.content import (
    BUOY,
    CARDS,
    DECK_TITLES,
    EMPTY,
    HIDDEN,
    ROCK_SIDES,
    SIDE_NAMES,
    SOLO_BY_ID,
    PatternCard,
    card_label,
    tile_code,
    tile_json,
)
from tideboard.games.moonshell.info import INFO
from tideboard.games.moonshell.reef import EVENTS, MERMAIDS
from tideboard.games.moonshell.state import (
    BUOY_SPACE,
    CHEST,
    CORNER,
    KEEP,
    ROCK,
    TILE,
    Action,
    Collect,
    Pass,
    Rotate,
    State,
)

# where a mermeeple is (state.HOME...), and the board's corners (corner k: the left end
# of side k as its player sees it)
PLACE_NAMES = ("home", "ocean", "tile", "rock", "corner", "chest", "buoy space")
CORNER_NAMES = ("south-west", "north-west", "north-east", "south-east")


def card_json(card_id: str) -> Any:
    if not card_id:
        return None
    if card_id == HIDDEN:
        return "hidden"
    card = CARDS[card_id]
    data: dict[str, Any] = {
        "id": card.id,
        "deck": DECK_TITLES[card.deck],
        "name": card.name,
        "text": card.text,
    }
    if isinstance(card, PatternCard):
        data["pattern"] = list(card.rows)
        data["points"] = card.points
        if card.deck == "secret":
            data["seahorses"] = card.seahorses
    return data


def event_json(card_id: str) -> Any:
    if not card_id:
        return None
    card = EVENTS[card_id]
    return {"id": card.id, "name": card.name, "kind": card.kind, "text": card.text}


def mermaid_json(state: State, seat: int) -> Any:
    """A seat's mermaid board and power (all open: chosen at the table)."""
    if seat >= len(state.mermaids) or not state.mermaids[seat]:
        return None
    card = MERMAIDS[state.mermaids[seat]]
    return {
        "id": card.id,
        "name": card.name,
        "colour": card.colour,
        "power": card.passive if state.powers == "passive" else card.active,
    }


def mermeeple_json(state: State, seat: int) -> Any:
    """Where a seat's mermeeple is (open: it stands on the table) and whether its power
    may be used now."""
    if seat >= len(state.mermaids) or not state.mermaids[seat]:
        return None
    kind, place = state.meeples[seat]
    data: dict[str, Any] = {"place": PLACE_NAMES[kind]}
    if kind == TILE:  # (rows and columns as in "ocean": row 1 the north edge)
        data["ocean"] = {"row": place // 5 + 1, "column": place % 5 + 1}
    elif kind == ROCK:
        data["rock"] = {"side": SIDE_NAMES[place // 2], "rock": ROCK_SIDES[place % 2]}
    elif kind == CORNER:
        data["corner"] = CORNER_NAMES[place]
    elif kind == CHEST:
        data["chest"] = {"column": place % 4 + 1, "row": place // 4 + 1}
    elif kind == BUOY_SPACE:
        row = state.chests[seat][place].index(BUOY)
        data["chest"] = {"column": place + 1, "row": row + 1}
    data["text"] = powers.meeple_text(state, seat)
    data["power_usable"] = powers.can_use(state, seat, state.mermaids[seat], state.powers)
    return data


class Moonshell(ModularGame[State, Action]):
    info = INFO
    rules, scoring, notation, logline, bots = rules, scoring, notation, logline, bots
    # the rules' own function, one call fewer per playout step than forwarding it
    legal_actions = staticmethod(rules.legal_actions)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.over else (state.current,)

    def is_over(self, state: State) -> bool:
        return state.over

    def undoable(self, before: State, action: Action, after: State) -> bool:
        # Rotating, collecting and passing reveal nothing; a pull draws from the bag.
        return (
            isinstance(action, (Rotate, Collect, Pass))
            and before.phase != KEEP
            and after.turn == before.turn
            and not after.over
        )

    def render_text(self, state: State) -> str:
        """The ocean from Player 1's side (south at the bottom), rocks, chests, cards."""
        from tideboard.games.moonshell.content import COLOUR_LETTERS, SHAPE_LETTERS

        def rocks(seat: int) -> str:
            left, right = rules.seat_rocks(state, seat)
            return f"rocks L {tile_code(left)} R {tile_code(right)}"

        lines = [
            f"Round {state.round}, {rules.who(state, state.current)} to play, "
            f"{state.actions_left} action(s) left; tides turn {state.direction}",
            "Ocean (north at the top; columns 1-5 from the south player's left):",
        ]
        for row in rules.ocean_rows(state, 0):
            lines.append("   " + " ".join(tile_code(t) for t in row))
        for seat in range(state.players):
            chest = rules.chest_rows(state.chests[seat])
            secret = state.secrets[seat]
            shown = "hidden" if secret == HIDDEN else card_label(secret) if secret else "-"
            lines.append(
                f"{rules.who(state, seat)} ({SIDE_NAMES[state.sides[seat]]}): "
                f"{rocks(seat)}; moonshell {'in reserve' if state.moonshells[seat] else 'used'}; "
                f"secret {shown}"
            )
            offers = [c for c in state.offers[seat] if c and c != HIDDEN]
            if offers:
                lines.append(
                    "   secret offers to keep one of: " + ", ".join(card_label(c) for c in offers)
                )
            lines.extend("   chest " + " ".join(tile_code(t) for t in row) for row in chest)
        lines.append("Open objectives: " + ", ".join(card_label(c) for c in state.open_cards))
        lines.append(f"Bag {len(state.bag)} tiles, {state.urchins_aside} urchins aside")
        lines.append(
            f"Tiles: colour {'/'.join(COLOUR_LETTERS)} then shape {'/'.join(SHAPE_LETTERS)}"
            "; UR urchin, MS moonshell, .. empty"
        )
        return "\n".join(lines)

    def end_reason(self, state: State) -> str:
        """Why the game ended ("" if it has not, or was set up ended): a chest filled."""
        seat = state.end_trigger
        if not state.over or seat < 0:
            return ""
        if state.solo:
            who = "You filled your chest" if seat == 0 else "The automaton filled its chest"
            return f"{who}, which ends the game."
        return (
            f"{seat_label(seat)} filled their chest first, and the round was played out "
            "so that everyone had as many turns."
        )

    def result_text(self, state: State) -> str:
        why = self.end_reason(state)
        return f"{why} {self._result_line(state)}" if why else self._result_line(state)

    def _result_line(self, state: State) -> str:
        totals = [scoring.breakdown(state, s)["total"] for s in range(state.players)]
        if state.solo:
            mine, auto = totals
            verdict = (
                "beating"
                if scoring.winners(state) == (0,)
                else "sharing first place with"
                if 0 in scoring.winners(state)
                else "behind"
            )
            return (
                f"You score {mine} points: {scoring.solo_title(mine)} "
                f"(0-24 Nymph, 25-34 Kelpie, 35-44 Siren, 45+ Merqueen), "
                f"{verdict} the automaton's {auto}."
            )
        order = sorted(range(state.players), key=lambda s: -totals[s])
        table = ", ".join(f"{seat_label(s)} {totals[s]}" for s in order)
        return f"{super().result_text(state)} ({table})"

    def to_json(self, state: State) -> dict[str, Any]:
        rocks_by_side = {}
        for side in range(4):
            rocks_by_side[SIDE_NAMES[side]] = {
                ROCK_SIDES[k]: tile_code(state.rocks[side * 2 + k]) for k in (0, 1)
            }
        seats = []
        for seat in range(state.players):
            auto = state.solo and seat == 1
            score = scoring.breakdown(state, seat, secret=state.over or not auto)
            seats.append(
                {
                    "seat": seat + 1,
                    "name": "automaton" if auto else seat_label(seat),
                    "side": SIDE_NAMES[state.sides[seat]],
                    "rocks": [tile_json(t) for t in rules.seat_rocks(state, seat)],
                    "chest": [
                        " ".join(tile_code(t) for t in row)
                        for row in rules.chest_rows(state.chests[seat])
                    ],
                    "tiles": rules.chest_count(state.chests[seat]),
                    "moonshell": (
                        "none"
                        if auto
                        else "in reserve"
                        if state.moonshells[seat]
                        else "in the chest"
                    ),
                    "secret": card_json(state.secrets[seat]),
                    "offers": [card_json(c) for c in state.offers[seat]],
                    "score": score,
                }
            )
            if state.powers:
                seats[-1]["mermaid"] = mermaid_json(state, seat)
                seats[-1]["mermeeple"] = mermeeple_json(state, seat)
                saved = state.saved[seat] if seat < len(state.saved) else EMPTY
                seats[-1]["saved_tile"] = tile_json(saved)  # (the passive Buoy's)
        data: dict[str, Any] = {
            "phase": "over" if state.over else state.phase,
            "round": state.round,
            "turn": state.turn,
            "current": state.current + 1,
            "actions_left": state.actions_left,
            "tides": {
                "side": "odd" if state.tides_odd else "even",
                "direction": state.direction,
                "mermeeples_in_play": state.in_play,
            },
            "powers": state.powers or "none",
            "event": event_json(state.event),
            "ocean": [
                " ".join(tile_code(t) for t in state.ocean[r * 5 : r * 5 + 5]) for r in range(5)
            ],
            "ocean_note": "row 1 is the north edge; Player 1 sits south (bottom)",
            "rocks": rocks_by_side,
            "bag": len(state.bag),
            "urchins_aside": state.urchins_aside,
            "open_objectives": [card_json(c) for c in state.open_cards],
            "seats": seats,
            "end_triggered_by": None if state.end_trigger < 0 else state.end_trigger + 1,
        }
        if state.events_on:  # (the deck's order is hidden: only how many cards are left)
            data["event_deck"] = {
                "left": len(state.event_deck),
                "used": [event_json(card) for card in state.event_discard],
            }
        if state.solo:
            data["solo"] = {
                "deck": len(state.solo_deck),
                "discard": [f"{c} ({SOLO_BY_ID[c].text})" for c in state.solo_discard],
                "rotated": state.auto_rotated,
                "last_turn": list(state.auto_log),
            }
        return data


GAME = Moonshell()
