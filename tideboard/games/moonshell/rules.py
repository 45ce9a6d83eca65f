"""Moonshell rules: setup, legal actions, the reducer and the solo automaton.

Hooks for the advanced rules (mermaid powers, Lunar Reef events) are the
three functions every change of turn and every action goes through:
:func:`_do_action` (one action of the player to move), :func:`_end_turn`
(closing a turn, where an event card of a new round would be revealed) and
:func:`flip_tides` (a mermeeple coming onto or leaving the field).
"""

from __future__ import annotations

from tideboard.engine.core import ConfigError, GameConfig, IllegalAction, seat_label
from tideboard.engine.rng import Rng
from tideboard.games.moonshell.content import (
    ACTIONS_PER_TURN, CARDS, CCW_ROCK_SOURCE, CCW_SOURCE, CENTRE, CHEST_COLUMNS, CHEST_ROWS,
    CHEST_SIZE, COLUMNS, CW_ROCK_SOURCE, CW_SOURCE, DECK_IDS, DECKS, EMPTY, HIDDEN, MASK,
    MOONSHELL, ALL_SHELLS, ROCK_SIDES, SEAT_SIDES, SOLO_BY_ID, SOLO_CARDS, TWO_PLAYER_URCHINS,
    URCHIN, URCHINS, far_rock, tile_name)
from tideboard.games.moonshell.state import (KEEP, MOON, PASS, PLAY, ROTATE, Action, Collect,
                                             Keep, Pass, Pull, Rotate, State, evolve)

# Action objects are made once and shared, which keeps move generation cheap.
PULLS: tuple[tuple[Pull, ...], ...] = tuple(
    (Pull(j, 0), Pull(j, 1)) if j == CENTRE else (Pull(j),) for j in range(5))
COLLECTS: tuple[tuple[Collect, ...], ...] = tuple(
    tuple(Collect(source, column) for column in range(CHEST_COLUMNS)) for source in range(3))
SOURCE_NAMES = ("left rock", "right rock", "moonshell")


def humans(state: State) -> int:
    """Seats played by people (the solo automaton's seat is not one)."""
    return 1 if state.solo else state.players


def who(state: State, seat: int) -> str:
    if state.solo and seat == 1:
        return "The automaton"
    return seat_label(seat)


# -- setup --------------------------------------------------------------------
def setup(config: GameConfig) -> State:
    rng = Rng.from_seed(config.seed)
    seats = 2 if config.solo else config.players
    if not 2 <= seats <= 4:
        raise ConfigError(f"Moonshell is for 2-4 players (or --solo); got {config.players}.")
    tiles = ALL_SHELLS
    aside = URCHINS
    if seats == 2:  # the two-player note (and the solo game, set up as for two)
        tiles = tiles + (URCHIN,) * TWO_PLAYER_URCHINS
        aside -= TWO_PLAYER_URCHINS
    tiles, rng = rng.shuffle(tiles)
    ocean, bag = tiles[:25], tiles[25:]
    open_cards = []
    for deck in DECKS:
        card, rng = rng.choice(DECK_IDS[deck])
        open_cards.append(card)
    secret_deck, rng = rng.shuffle(DECK_IDS["secret"])
    n_humans = 1 if config.solo else seats
    offers = tuple(tuple(secret_deck[2 * s:2 * s + 2]) if s < n_humans else ()
                   for s in range(seats))
    solo_deck: tuple[str, ...] = ()
    if config.solo:
        solo_deck, rng = rng.shuffle([card.id for card in SOLO_CARDS])
    return State(players=seats, solo=config.solo, sides=SEAT_SIDES[seats], ocean=ocean,
                 rocks=(EMPTY,) * 8, bag=bag, urchins_aside=aside,
                 chests=(((), (), (), ()),) * seats,
                 moonshells=tuple(s < n_humans for s in range(seats)),
                 open_cards=tuple(open_cards), secrets=("",) * seats, offers=offers,
                 phase=KEEP, solo_deck=solo_deck, rng=rng)


# -- small helpers (also for screens and bots) -------------------------------
def seat_rocks(state: State, seat: int) -> tuple[int, int]:
    """(left rock, right rock) in front of ``seat``."""
    base = state.sides[seat] * 2
    return state.rocks[base], state.rocks[base + 1]


def ocean_rows(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """The ocean as ``seat`` sees it: far row first, each row left to right."""
    cols = COLUMNS[state.sides[seat]]
    return tuple(tuple(state.ocean[cols[j][d]] for j in range(5)) for d in range(4, -1, -1))


def chest_rows(chest: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """A chest top row first, each row left to right (EMPTY where empty)."""
    return tuple(tuple(col[row] if row < len(col) else EMPTY for col in chest)
                 for row in range(CHEST_ROWS - 1, -1, -1))


def chest_count(chest: tuple[tuple[int, ...], ...]) -> int:
    return len(chest[0]) + len(chest[1]) + len(chest[2]) + len(chest[3])


def column_tiles(state: State, seat: int, column: int) -> list[int]:
    return [state.ocean[i] for i in COLUMNS[state.sides[seat]][column] if state.ocean[i] != EMPTY]


def flip_tides(state: State) -> State:
    """Turn the tides token over (a mermeeple came onto or left the field)."""
    return evolve(state, tides_odd=not state.tides_odd)


def _replace(seq: tuple, index: int, value) -> tuple:
    return seq[:index] + (value,) + seq[index + 1:]


# -- legal actions --------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    if state.over:
        return []
    seat = state.current
    if state.phase == KEEP:
        return [Keep(card) for card in state.offers[seat]]
    base = state.sides[seat] * 2
    left, right = state.rocks[base], state.rocks[base + 1]
    actions: list[Action] = [ROTATE]
    if left == EMPTY and right == EMPTY:
        ocean = state.ocean
        for j, cells in enumerate(COLUMNS[state.sides[seat]]):
            for i in cells:
                if ocean[i] != EMPTY:
                    actions.extend(PULLS[j])
                    break
    chest = state.chests[seat]
    open_columns = [c for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
    if open_columns:
        moon = MOONSHELL if state.moonshells[seat] else EMPTY
        for source, tile in ((0, left), (1, right), (MOON, moon)):
            if tile != EMPTY:
                row = COLLECTS[source]
                actions.extend(row[c] for c in open_columns)
    else:
        actions.append(PASS)
    return actions


# -- the reducer -------------------------------------------------------------------
def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalAction("The game is over.")
    if state.phase == KEEP:
        return _keep(state, action)
    if isinstance(action, Keep):
        raise IllegalAction("Secret objectives have all been chosen; it is time to play "
                            "(rotate, pull or collect).")
    state = _do_action(state, state.current, action)
    if isinstance(action, Pass) or state.actions_left == 0:
        state = _end_turn(state)
    return state


def _keep(state: State, action: Action) -> State:
    seat = state.current
    if not isinstance(action, Keep):
        raise IllegalAction(f"{seat_label(seat)} first keeps one of their two secret objectives "
                            "(keep CARD).")
    offers = state.offers[seat]
    if action.card not in offers:
        raise IllegalAction(f"{action.card} is not one of your secret objectives; "
                            f"keep {' or '.join(offers)}.")
    state = evolve(state, secrets=_replace(state.secrets, seat, action.card),
                   offers=_replace(state.offers, seat, ()))
    if seat + 1 < humans(state):
        return evolve(state, current=seat + 1)
    return evolve(state, phase=PLAY, current=0, actions_left=ACTIONS_PER_TURN)


def _do_action(state: State, seat: int, action: Action) -> State:
    """One action by ``seat`` (the hook a mermaid power would wrap)."""
    if isinstance(action, Rotate):
        return rotate(state, actions_left=state.actions_left - 1)
    if isinstance(action, Pull):
        return pull(state, seat, action.column, action.first, actions_left=state.actions_left - 1)
    if isinstance(action, Collect):
        return collect(state, seat, action.source, action.column,
                       actions_left=state.actions_left - 1)
    if isinstance(action, Pass):
        if chest_count(state.chests[seat]) < CHEST_SIZE:
            raise IllegalAction("You may only pass once your treasure chest is full; "
                                "otherwise take all three actions.")
        return state
    raise IllegalAction(f"That is not a Moonshell move: {action!r}.")


def rotate(state: State, **extra) -> State:
    """The board turns a quarter in the tides token's direction, rocks and all."""
    source, rock_source = ((CW_SOURCE, CW_ROCK_SOURCE) if state.tides_odd
                           else (CCW_SOURCE, CCW_ROCK_SOURCE))
    ocean, rocks = state.ocean, state.rocks
    return evolve(state, ocean=tuple([ocean[i] for i in source]),
                  rocks=tuple([rocks[i] for i in rock_source]), **extra)


def pull(state: State, seat: int, column: int, first: int | None, **extra) -> State:
    if not isinstance(column, int) or not 0 <= column < 5:
        raise IllegalAction("There is no such column; pull from columns 1-5 (left to right "
                            "as you see the ocean).")
    base = state.sides[seat] * 2
    if state.rocks[base] != EMPTY or state.rocks[base + 1] != EMPTY:
        raise IllegalAction("You can only pull when both rock spaces in front of you are empty.")
    far = far_rock(column)
    if far is None:
        if first not in (0, 1):
            raise IllegalAction("Pulling the centre column, say which rock the nearest tile "
                                "slides onto: 'pull 3 left' or 'pull 3 right'.")
        far = first
    elif first is not None:
        raise IllegalAction(f"Only the centre column lets you choose the rock; pull column "
                            f"{column + 1} with 'pull {column + 1}' (its nearest tile goes to "
                            f"your {ROCK_SIDES[far]} rock).")
    cells = COLUMNS[state.sides[seat]][column]
    ocean = list(state.ocean)
    tiles = [ocean[i] for i in cells if ocean[i] != EMPTY]
    if not tiles:
        raise IllegalAction(f"Column {column + 1} is empty; there is nothing to pull.")
    rocks = list(state.rocks)
    rocks[base + far] = tiles[0]
    rocks[base + 1 - far] = tiles[1] if len(tiles) > 1 else EMPTY
    rest = tiles[2:]
    bag, aside = state.bag, state.urchins_aside
    for depth, cell in enumerate(cells):
        if depth < len(rest):
            ocean[cell] = rest[depth]
        elif bag:  # refill, starting with the space nearest the puller
            ocean[cell] = bag[-1]
            bag = bag[:-1]
            if not bag and aside:
                bag, aside = (URCHIN,) * aside, 0
        else:
            ocean[cell] = EMPTY
    return evolve(state, ocean=tuple(ocean), rocks=tuple(rocks), bag=bag,
                  urchins_aside=aside, **extra)


def collect(state: State, seat: int, source: int, column: int, **extra) -> State:
    if not isinstance(column, int) or not 0 <= column < CHEST_COLUMNS:
        raise IllegalAction("There is no such chest column; your chest has columns 1-4.")
    chest = state.chests[seat]
    if len(chest[column]) >= CHEST_ROWS:
        raise IllegalAction(f"Column {column + 1} of your treasure chest is full; choose "
                            "another column.")
    moonshells = state.moonshells
    rocks = state.rocks
    if source == MOON:
        if not moonshells[seat]:
            raise IllegalAction("Your moonshell is already in your treasure chest.")
        tile = MOONSHELL
        moonshells = _replace(moonshells, seat, False)
    elif source in (0, 1):
        rock = state.sides[seat] * 2 + source
        tile = rocks[rock]
        if tile == EMPTY:
            raise IllegalAction(f"There is no tile on your {ROCK_SIDES[source]} rock.")
        rocks = _replace(rocks, rock, EMPTY)
    else:
        raise IllegalAction("Collect from your left rock, your right rock or your moonshell.")
    chest = _replace(chest, column, chest[column] + (tile,))
    end_trigger = state.end_trigger
    if end_trigger < 0 and chest_count(chest) == CHEST_SIZE:
        end_trigger = seat
    return evolve(state, chests=_replace(state.chests, seat, chest), rocks=rocks,
                  moonshells=moonshells, end_trigger=end_trigger, **extra)


def _end_turn(state: State) -> State:
    """Close the current turn; in solo the automaton plays its turn here."""
    if state.solo:
        # the automaton's turn (turn + 1) is played at once; then Player 1 again
        return automaton_turn(state, close=True)
    following = state.current + 1
    if following < state.players:
        return evolve(state, current=following, actions_left=ACTIONS_PER_TURN,
                      turn=state.turn + 1)
    if state.end_trigger >= 0:  # the round is complete: everyone had equal turns
        return evolve(state, over=True, actions_left=0)
    return evolve(state, current=0, actions_left=ACTIONS_PER_TURN, turn=state.turn + 1,
                  round=state.round + 1)


# -- the solo automaton ------------------------------------------------------------
def automaton_choice(state: State, seat: int) -> tuple[int, str] | None:
    """(rock, reason) the automaton collects from, or None if its rocks are empty.

    Collector first, then Trove, then either Pair type, else the leftmost tile.
    """
    rocks = seat_rocks(state, seat)
    present = [k for k in (0, 1) if rocks[k] != EMPTY]
    if not present:
        return None
    if len(present) == 1:
        return present[0], ""
    collector = CARDS[state.open_cards[4]].types[0]
    trove = CARDS[state.open_cards[3]].types[0]
    pair_a, pair_b = CARDS[state.open_cards[2]].types
    for bits, reason in ((collector, "Collector"), (trove, "Trove"), (pair_a | pair_b, "Pair")):
        for k in present:
            if MASK[rocks[k]] & bits and rocks[k] != MOONSHELL:
                return k, reason
    return present[0], "leftmost"


def _draw_solo(state: State) -> tuple[str, State]:
    deck, discard, rng = state.solo_deck, state.solo_discard, state.rng
    if not deck:  # (only if a state was built without reshuffling)
        deck, rng = rng.shuffle(sorted(discard))
        discard = ()
    card = deck[-1]
    deck, discard = deck[:-1], discard + (card,)
    if not deck:  # every card discarded: shuffle the discard to make the new deck
        deck, rng = rng.shuffle(discard)
        discard = ()
    return card, evolve(state, solo_deck=deck, solo_discard=discard, rng=rng)


def automaton_turn(state: State, close: bool = False) -> State:
    """The automaton's three actions, in the solo rules' order.

    With ``close`` the turn is handed back to Player 1 afterwards (or the game
    ends if the end was triggered this round).
    """
    seat = 1
    events: list[str] = []
    done = 0
    if not state.auto_rotated:
        state = rotate(state, auto_rotated=True)
        events.append(f"rotates the ocean {state.direction} (its one rotation of the game)")
        done = 1
    while done < ACTIONS_PER_TURN:
        progressed = False
        left, right = seat_rocks(state, seat)
        if left == EMPTY and right == EMPTY:
            card_id, state = _draw_solo(state)
            card = SOLO_BY_ID[card_id]
            column = card.column
            if column_tiles(state, seat, column):
                first = card.first if column == CENTRE else None
                before = state
                state = pull(state, seat, column, first)
                l2, r2 = seat_rocks(state, seat)
                got = ", ".join(f"{tile_name(t)} to its {side} rock"
                                for t, side in ((l2, "left"), (r2, "right")) if t != EMPTY)
                events.append(f"draws solo card {card_id} and pulls its column {column + 1} "
                              f"(your column {5 - column}): {got}"
                              + _urchin_note(before, state))
                done += 1
                progressed = True
            else:
                events.append(f"draws solo card {card_id}, but its column {column + 1} is empty")
        for _ in range(2):
            if done >= ACTIONS_PER_TURN:
                break
            chest = state.chests[seat]
            open_columns = [c for c in range(CHEST_COLUMNS) if len(chest[c]) < CHEST_ROWS]
            choice = automaton_choice(state, seat)
            if choice is None or not open_columns:
                break
            rock, reason = choice
            tile = seat_rocks(state, seat)[rock]
            before_trigger = state.end_trigger
            state = collect(state, seat, rock, open_columns[0])
            why = f" (it matches the {reason} card)" if reason and reason != "leftmost" else ""
            if reason == "leftmost":
                why = " (the leftmost tile: neither matches Collector, Trove or Pair)"
            events.append(f"collects the {tile_name(tile)} from its {ROCK_SIDES[rock]} rock "
                          f"into chest column {open_columns[0] + 1}{why}")
            if before_trigger < 0 and state.end_trigger == seat:
                events.append("fills its treasure chest: the game ends after this round")
            done += 1
            progressed = True
        if not progressed:
            events.append("can do nothing more")
            break
    if not close:
        return evolve(state, auto_turns=state.auto_turns + 1, auto_log=tuple(events))
    over = state.end_trigger >= 0
    return evolve(state, auto_turns=state.auto_turns + 1, auto_log=tuple(events), current=0,
                  actions_left=ACTIONS_PER_TURN, over=over, turn=state.turn + (1 if over else 2),
                  round=state.round + (0 if over else 1))


def _urchin_note(before: State, after: State) -> str:
    if after.urchins_aside < before.urchins_aside:
        return " (the bag ran out: the sea urchins go into the bag)"
    return ""


# -- information ------------------------------------------------------------------
def view(state: State, seat: int | None) -> State:
    """What ``seat`` may see: others' secret cards and the bag and deck orders hidden."""
    if state.over:
        secrets = state.secrets
    else:
        secrets = tuple(card if s == seat or not card else HIDDEN
                        for s, card in enumerate(state.secrets))
    offers = tuple(cards if s == seat else (HIDDEN,) * len(cards)
                   for s, cards in enumerate(state.offers))
    return evolve(state, secrets=secrets, offers=offers, bag=tuple(sorted(state.bag)),
                  solo_deck=tuple(sorted(state.solo_deck)), rng=Rng(0))


_BASE_VERB = {"keeps": "keep", "rotates": "rotate", "pulls": "pull", "places": "place",
              "collects": "collect", "passes": "pass"}


def describe(before: State, action: Action, after: State) -> str:
    seat = before.current
    you = before.solo and seat == 0  # the solo player reads "You pull ...", like the screen

    def does(verb: str) -> str:
        return f"You {_BASE_VERB[verb]}" if you else f"{who(before, seat)} {verb}"

    if isinstance(action, Keep):
        chosen = sum(1 for c in after.secrets if c)
        line = f"{does('keeps')} a secret objective"
        if humans(before) > 1:  # (solo: there is no one else to wait for)
            line += f" ({chosen} of {humans(before)} chosen)"
        if after.phase == PLAY:
            line += "; you start" if before.solo else f"; {seat_label(0)} starts"
        return line
    if isinstance(action, Rotate):
        line = f"{does('rotates')} the ocean {before.direction}"
    elif isinstance(action, Pull):
        l2, r2 = seat_rocks(after, seat)
        got = ", ".join(f"{tile_name(t)} to the {side} rock"
                        for t, side in ((l2, "left"), (r2, "right")) if t != EMPTY)
        line = f"{does('pulls')} column {action.column + 1}: {got}"
        line += _urchin_note(before, after)
    elif isinstance(action, Collect):
        column = action.column + 1
        if action.source == MOON:
            line = f"{does('places')} the moonshell in chest column {column}"
        else:
            tile = seat_rocks(before, seat)[action.source]
            line = (f"{does('collects')} the {tile_name(tile)} from the "
                    f"{ROCK_SIDES[action.source]} rock into chest column {column}")
        if before.end_trigger < 0 and after.end_trigger == seat:
            line += " - the chest is full: the game ends when this round is complete"
    elif isinstance(action, Pass):
        line = does("passes")
    else:
        line = repr(action)
    # A log entry may hold several lines: the automaton's turn is one line
    # per step so the player can follow it.
    if after.auto_turns > before.auto_turns:
        line += "".join(f"\nThe automaton {event}" for event in after.auto_log)
    elif after.turn != before.turn and not after.over:
        line += f"\n{who(after, after.current)} to play"
    if after.over:
        line += " - game over"
    return line
