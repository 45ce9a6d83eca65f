"""Input modes of the Mermaid Rain screen: what the keys pick, and the action it makes.

The mode follows the phase and the player's seat: ``cards`` (meld and
discard: d g t m pick cards), ``offer`` (pick a face-up tile), ``shape``
(the Waltz tile's shape), ``enter`` / ``home`` (a start space on the board),
``place`` (lay a held tile: cursor, r turns it), ``move`` (the cursor picks a
space, c the way to pay), or ``wait``.  :meth:`Picks.planned` is the action Enter
would take now; the hint line says it before it is taken.
"""

from __future__ import annotations

from tideboard.games.mermaid_rain import spaces as rules_board
from tideboard.games.mermaid_rain.content import (
    BASE,
    CELL_NAMES,
    COLS,
    ROCK,
    SHAPES,
    STARTS,
    TILE_DARK,
    TILE_SHAPE,
    TREASURE_KINDS,
    WATER,
    distance,
)
from tideboard.games.mermaid_rain.logline import pay_words
from tideboard.games.mermaid_rain.rendering import SHAPE_WORDS, tile_label
from tideboard.games.mermaid_rain.state import (
    DISCARD,
    HOME,
    MELD,
    PICK,
    RIDE,
    Action,
    Draw,
    Enter,
    Home,
    Keep,
    Move,
    Pick,
    Place,
    Show,
    State,
    Take,
    Teleport,
)
from tideboard.ui.shared import GameScreen


def treasure_word(shown: State, tid: int) -> str:
    """A treasure as this seat knows it: "Pearl", "Pearl (face down)" (one you looked
    at), "a face-down treasure" (one you have not)."""
    kind = shown.kinds[tid]
    if kind < 0:
        return "a face-down treasure"
    name = TREASURE_KINDS[kind]
    return name if tid in shown.face_up else f"{name} (face down)"


class Picks:
    """What the keys have picked on the Mermaid Rain ``screen`` (the cursor, the cards,
    the tile, its turn, the payment, the face-up tile) and what they add up to."""

    BOARD_MODES = ("enter", "home", "place", "move")

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.cursor = COLS + 1  # the cell under the board's cursor
        self.cards: list[int] = []  # the cards picked for a meld or to keep
        self.tile_index = 0  # which held tile is laid
        self.turn_index = 0  # which of its placements at the cursor
        self.cost_index = 0  # which way to pay for the move
        self.offer_index = 0  # the face-up tile picked
        self.last_mode = ""  # the mode of the last redraw: a new mode places the cursor

    def mode(self, shown: State) -> str:
        seat = self.screen.human_to_move()
        if seat is None:
            return "wait"
        phase = shown.phase
        if phase in (MELD, DISCARD):
            return "cards"
        if phase == PICK:
            return "offer" if not shown.held[seat] and shown.offer else "shape"
        if phase == HOME:
            return "home"
        if phase == RIDE:
            if shown.at[seat] < 0:
                return "enter"
            return "place" if shown.held[seat] else "move"
        return "wait"

    def legal_now(self) -> list[Action]:
        seat = self.screen.human_to_move()
        return [] if seat is None else list(self.screen.game.legal_for(self.screen.state, seat))

    def can_undo(self) -> bool:
        """Whether ``u`` would take something back: the last move is the looking
        seat's and revealed nothing (a tile laid, a move, a treasure taken)."""
        seat = self.screen.human_to_move()
        if seat is None or len(self.screen.match.states) < 2:
            return False
        before, after = self.screen.match.states[-2], self.screen.match.states[-1]
        action = self.screen.match.actions[-1]
        return self.screen.game.seat_of(before, action) == seat and self.screen.game.undoable(
            before, action, after
        )

    def picked_cards(self) -> list[int]:
        return list(self.cards)

    def fit_marks(self, shown: State) -> None:
        """After a state change: keep the picks that still make sense."""
        mode = self.mode(shown)
        if mode != "cards":
            self.cards = []
        seat = self.screen.human_to_move()
        if seat is None:  # (the mode is "wait")
            pass
        elif mode in ("enter", "home") and self.cursor not in STARTS:
            free = rules_board.free_starts(shown, seat)
            self.cursor = free[0] if free else self.cursor
        elif mode == "move" and self.last_mode != "move":
            self.cursor = shown.at[seat]
        elif mode == "place" and self.last_mode != "place":
            self.tile_index = self.turn_index = 0
            spots = self._placements(shown)
            if spots:  # start beside the mermaid: that is where a tile helps
                here = shown.at[seat]
                near = min(spots, key=lambda a: min(distance(c, here) for c in a.cells))
                self.cursor = near.cells[0]
                self.turn_index = [a for a in spots if self.cursor in a.cells].index(near)
        self.last_mode = mode
        self.offer_index = min(self.offer_index, max(0, len(shown.offer) - 1))

    # -- the board's marks ------------------------------------------------------------
    def _placements(self, shown: State) -> list[Place]:
        seat = self.screen.human_to_move()
        if seat is None or not shown.held[seat]:
            return []
        tile = shown.held[seat][self.tile_index % len(shown.held[seat])]
        return [a for a in self.legal_now() if isinstance(a, Place) and a.tile == tile]

    def board_marks(self, shown: State) -> tuple[frozenset[int], tuple[int, ...]]:
        mode = self.mode(shown)
        legal = self.legal_now()
        if mode in ("enter", "home"):
            return frozenset(a.cell for a in legal if isinstance(a, (Enter, Home))), ()
        if mode == "place":
            spots = self._placements(shown)
            cells = frozenset(c for a in spots for c in a.cells)
            chosen = self.planned()
            return cells, chosen.cells if isinstance(chosen, Place) else ()
        if mode == "move":
            spaces = {a.to for a in legal if isinstance(a, (Move, Teleport))}
            cells = frozenset(c for sp in spaces for c in rules_board.cells_of(shown, sp))
            return cells, ()
        return frozenset(), ()

    def pick_hint(self, action: Action) -> bool:
        """A hinted tile laid, move or jump picked as ``planned`` would make it (the
        tile, the cursor, the placement at it, the payment); False: not one of these,
        or not to be made by Enter now."""
        shown, seat = self.screen.shown, self.screen.human_to_move()
        if seat is None:
            return False
        mode = self.mode(shown)
        if isinstance(action, Place) and mode == "place" and action.tile in shown.held[seat]:
            self.tile_index = shown.held[seat].index(action.tile)
            self.cursor = action.cells[0]
            spots = [a for a in self._placements(shown) if self.cursor in a.cells]
            self.turn_index = spots.index(action) if action in spots else 0
        elif isinstance(action, (Move, Teleport)) and mode == "move":
            self.cursor = rules_board.cells_of(shown, action.to)[0]
            moves = self._moves_to(shown, seat, action.to)
            self.cost_index = moves.index(action) if action in moves else 0
        else:
            return False
        return self.planned() == action

    # -- what Enter does -------------------------------------------------------------------
    def planned(self) -> Action | None:
        """The action Enter takes now, or None (the hint says why)."""
        shown = self.screen.shown
        mode = self.mode(shown)
        legal = self.legal_now()
        seat = self.screen.human_to_move()
        if seat is None:  # (the mode is "wait")
            return None
        if mode == "cards":
            cards = tuple(sorted(self.cards))
            wanted = Show(seat, cards) if shown.phase == MELD else Keep(seat, cards)
            return wanted if wanted in legal else None
        if mode == "offer":
            return Pick(seat, shown.offer[self.offer_index]) if shown.offer else None
        if mode in ("enter", "home"):
            start = (Enter if mode == "enter" else Home)(seat, self.cursor)
            return start if start in legal else None
        if mode == "place":
            spots = [a for a in self._placements(shown) if self.cursor in a.cells]
            return spots[self.turn_index % len(spots)] if spots else None
        if mode == "move":
            space = rules_board.space_of(shown, self.cursor)
            jump = Teleport(seat, space)
            if jump in legal:
                return jump
            moves = self._moves_to(shown, seat, space)
            return moves[self.cost_index % len(moves)] if moves else None
        return None

    def _moves_to(self, shown: State, seat: int, space: int) -> list[Move]:
        """The moves to ``space`` in the order ``c`` cycles the payments: the fewest
        cards first, then the most plentiful."""
        moves = [a for a in self.legal_now() if isinstance(a, Move) and a.to == space]
        return sorted(moves, key=lambda a: (len(a.cards), -shown.hands[seat][a.cards[0]]))

    def hint(self, shown: State) -> str:
        mode = self.mode(shown)
        action = self.planned()
        seat = self.screen.human_to_move()
        if seat is None:  # (the mode is "wait")
            return ""
        if mode == "cards":
            if shown.phase == DISCARD:
                if not isinstance(action, Keep):
                    return (
                        "Round over: keep two cards (the rest are discarded). "
                        "Press d, g or t for each, then Enter."
                    )
                gone = list(shown.hands[seat][:3])
                for k in action.cards:
                    gone[k] -= 1
                lost = " ".join("DGT"[k] * n for k, n in enumerate(gone) if n)
                return (
                    f"Enter keeps {' '.join('DGT'[k] for k in action.cards)} and discards "
                    f"{lost or 'nothing'}. Backspace clears."
                )
            first = not any(shown.melds[seat])
            if first:
                text = "Meld: pick two cards (d Dolphin, g Seagull, t Sea Turtle)"
            else:
                text = "Meld: add one card (d, g, t) or m for your Mermaid card to stop"
            if action:
                return text + "; Enter shows them (hidden until all have chosen). Backspace clears."
            return text + ", then Enter. Backspace clears."
        if mode == "offer":
            tile = shown.offer[self.offer_index]
            size = SHAPE_WORDS.get(SHAPES[TILE_SHAPE[tile]], "")
            dark = ", dark: it leaves the board at the round's end" if TILE_DARK[tile] else ""
            return (
                f"Pick a surf tile: Left/Right or 1-{len(shown.offer)}; Enter takes the "
                f"{tile_label(tile).removesuffix(' (dark)')} ({size}{dark})."
            )
        if mode == "shape":
            return (
                "Aquamarine Waltz: take a face-down tile; 1 duo, 2 bar, 3 arc, 4 tri "
                "(you see its symbol after)."
            )
        if mode in ("enter", "home"):
            where = CELL_NAMES[self.cursor]
            why = (
                "First turn: put your mermaid on a free oyster-shell start space (free). "
                if mode == "enter"
                else "Your dark surf tile left the board: go back to a free start space. "
            )
            verb = "start at" if mode == "enter" else "go back to"
            return why + (
                f"Enter: {verb} {where}." if action else "Move the cursor to a highlighted S."
            )
        if mode == "place":
            other = ", Tab your other tile" if len(shown.held[seat]) > 1 else ""
            if not isinstance(action, Place):
                return (
                    "Lay your tile on empty sea (highlighted): arrows move, r turns it"
                    f"{other}, x discards it."
                )
            cells = " ".join(CELL_NAMES[c] for c in action.cells)
            return f"Enter lays the tile on {cells}; r turns it, arrows move{other}, x discards it."
        if mode == "move":
            legal = self.legal_now()
            takes = [a for a in legal if isinstance(a, Take)]
            lying = shown.spaces[shown.at[seat]]
            tail = ""
            if takes:
                keys = "1" if len(lying) == 1 else f"1-{len(lying)}"
                tail = (
                    f" Press {keys} to take: "
                    + ", ".join(f"{i + 1}) {treasure_word(shown, t)}" for i, t in enumerate(lying))
                    + "."
                )
            tail += " e ends your turn."
            if isinstance(action, Teleport):
                return f"Enter teleports to {CELL_NAMES[action.to]} (Mermaid Rain).{tail}"
            if isinstance(action, Move):
                more = " c: pay another way." if self._cost_choices(action.to) > 1 else ""
                return (
                    f"Enter moves to {CELL_NAMES[action.to]} paying "
                    f"{pay_words(action.cards)}.{more}{tail}"
                )
            if not any(isinstance(a, (Move, Teleport)) for a in legal):
                return f"No move left: your cards pay for no space next to you.{tail}"
            if any(isinstance(a, Teleport) for a in legal):
                here = self._not_here(shown, seat)  # why not the cursor's space
                plain = not takes and (
                    "empty sea" in here or "a rock" in here or here.startswith("You are")
                )
                why = f" {here}" if plain else ""  # (two lines hold it beside no treasure)
                return (
                    "Mermaid Rain: you may teleport to any highlighted space first "
                    f"(free).{why} Arrows pick it.{tail}"
                )
            return f"{self._not_here(shown, seat)} Arrows pick a highlighted space.{tail}"
        return ""

    def _not_here(self, shown: State, seat: int) -> str:
        """Why the cursor's space is no move (the hint line says it)."""
        cell = self.cursor
        name = CELL_NAMES[cell]
        space = rules_board.space_of(shown, cell)
        if space == shown.at[seat]:
            return "You are here."
        if shown.cover[cell] < 0 and BASE[cell] in (WATER, ROCK):
            return f"{name} is {'a rock' if BASE[cell] == ROCK else 'empty sea'}: no way on."
        if space not in rules_board.neighbour_spaces(shown, shown.at[seat]):
            return f"{name} is not next to you."
        return f"No card of yours pays for {name}."

    def _cost_choices(self, space: int) -> int:
        return sum(1 for a in self.legal_now() if isinstance(a, Move) and a.to == space)

    def shape_action(self, number: int) -> Draw | None:
        seat = self.screen.human_to_move()
        if seat is None or not 1 <= number <= len(SHAPES):
            return None
        return Draw(seat, number - 1)

    def take_action(self, number: int) -> Take | None:
        seat = self.screen.human_to_move()
        return None if seat is None else Take(seat, number - 1)
