"""Helpers for the Shifting Stones tests: exact grids and hand-built states.

Grids are written as three rows of face letters separated by '/', row 1 (the
deck's side) first: S Sun, M Moon, F Fish, B Bird, H Horse, O Boat, E Seed,
T Tree.  ``grid`` refuses a layout the nine stones of the box cannot make,
so a test never passes on an impossible table.
"""

from __future__ import annotations

from collections import Counter

from tideboard.engine.core import GameConfig
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS, LETTERS
from tideboard.games.shifting_stones.game import GAME
from tideboard.games.shifting_stones.state import State

BOX = {0: 1, 1: 2, 2: 3, 3: 3}  # stone pair (face // 2) -> stones in the box
ALL_IDS = frozenset(card.id for card in CARDS)


def grid(text: str) -> tuple[int, ...]:
    rows = text.split("/")
    assert len(rows) == 3 and all(len(r) == 3 for r in rows), text
    faces = tuple(LETTERS.index(ch) for ch in "".join(rows))
    assert Counter(f // 2 for f in faces) == BOX, f"{text} is not a layout of the nine stones"
    return faces


def grid_text(faces: tuple[int, ...]) -> str:
    letters = "".join(LETTERS[f] for f in faces)
    return "/".join(letters[i : i + 3] for i in (0, 3, 6))


def cards_worth(points: int, count: int, exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``count`` card ids worth ``points`` each, skipping ``exclude``."""
    ids = [c.id for c in CARDS if c.points == points and c.id not in exclude]
    assert len(ids) >= count
    return tuple(ids[:count])


def filler(count: int, exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``count`` distinct card ids not in ``exclude`` (any value)."""
    ids = [c.id for c in CARDS if c.id not in exclude]
    return tuple(ids[:count])


def make_state(
    grid_text_: str,
    hands,
    *,
    players: int | None = None,
    deck=(),
    discard=(),
    scored=None,
    current: int = 0,
    solo: bool = False,
    **fields,
) -> State:
    """A state with exactly the given table; other fields keep their defaults."""
    hands = tuple(tuple(h) for h in hands)
    players = players if players is not None else len(hands)
    assert len(hands) == players
    return State(
        players=players,
        solo=solo,
        grid=grid(grid_text_),
        deck=tuple(deck),
        discard=tuple(discard),
        hands=hands,
        scored=tuple(tuple(s) for s in scored) if scored else ((),) * players,
        skipped_last=fields.pop("skipped_last", (False,) * players),
        current=current,
        **fields,
    )


def new_game(players: int = 2, seed: int = 0, solo: bool = False) -> State:
    return GAME.setup(GameConfig(players=1 if solo else players, solo=solo, seed=seed))


def all_card_ids(state: State) -> list[int]:
    """Every card id in the deck, the discard pile, the hands and the scored piles."""
    ids = list(state.deck) + list(state.discard)
    for hand in state.hands:
        ids += hand
    for cards in state.scored:
        ids += cards
    return ids


def points(ids) -> int:
    return sum(CARD_BY_ID[c].points for c in ids)


def brute_matches(rows: tuple[str, ...], faces: tuple[int, ...]) -> bool:
    """An independent reading of 'the card matches the grid': the card, never
    turned, laid over the 3x3 grid at some offset where it fits; every letter
    equals the stone under it and every grey square lies on a stone."""
    height, width = len(rows), len(rows[0])
    for top in range(3 - height + 1):
        for left in range(3 - width + 1):
            if all(
                ch == "*" or faces[(top + r) * 3 + left + c] == LETTERS.index(ch)
                for r, row in enumerate(rows)
                for c, ch in enumerate(row)
            ):
                return True
    return False
