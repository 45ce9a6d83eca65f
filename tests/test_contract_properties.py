"""The game contract, checked for every game over positions reached in play.

* apply accepts exactly what legal_actions lists: every listed action survives
  format -> parse and applies; every other action (parsed from perturbed
  notation, or built directly, out-of-range fields included) is refused with
  IllegalAction, never anything else.  "Listed" means the same values of the same
  types: ``Dive(True) == Dive(1)`` in Python, but True is no whole number, and apply
  refuses it.
* view(state, seat) hides every other seat's secrets and the generator: two
  states that differ only in what the seat may not see give the same view.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tideboard.engine.core import GameConfig, IllegalAction, NotationError
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.animal_splash import state as asp
from tideboard.games.animal_splash.game import GAME as SPLASH
from tideboard.games.mermaid_rain import state as mr
from tideboard.games.mermaid_rain.game import GAME as RAIN
from tideboard.games.moonlighter import state as ml
from tideboard.games.moonlighter.game import GAME as LIGHTER
from tideboard.games.moonshell import state as ms
from tideboard.games.moonshell.content import DECK_IDS
from tideboard.games.moonshell.game import GAME as SHELL
from tideboard.games.shifting_stones import state as ss
from tideboard.games.shifting_stones.content import CARDS
from tideboard.games.shifting_stones.game import GAME as STONES

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TABLES = {
    "shifting-stones": (
        STONES,
        [GameConfig(players=p) for p in (2, 3, 4, 5)] + [GameConfig(players=1, solo=True)],
    ),
    "moonshell": (
        SHELL,
        [GameConfig(players=p) for p in (2, 3, 4)]
        + [GameConfig(players=1, solo=True)]
        # every mode, both power sides, and solo with modes
        + [
            GameConfig(players=p, variant=v, options=o)
            for p, v, o in (
                (2, "wade", {}),
                (3, "submerge", {}),
                (4, "dive", {}),
                (2, "dive", {"powers": "active"}),
                (3, "tsunami", {"powers": "active"}),
                (4, "tsunami", {}),
            )
        ]
        + [
            GameConfig(players=1, solo=True, variant="tsunami", options=o)
            for o in ({}, {"powers": "active"})
        ],
    ),
    "moonlighter": (LIGHTER, [GameConfig(players=1)]),
    "mermaid-rain": (RAIN, [GameConfig(players=p) for p in (3, 4, 5, 6)]),
    "animal-splash": (SPLASH, [GameConfig(players=p) for p in (2, 3, 4, 5)]),
}


def positions(game, config, seed: int, steps: int):
    """The states of one game played with random legal moves (the start included)."""
    rng = random.Random(seed)
    state = game.setup(config.evolve(seed=seed))
    yield state
    for _ in range(steps):
        if game.is_over(state):
            return
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        yield state


def sample(states, rng: random.Random, count: int):
    states = list(states)
    return [states[0], states[-1]] + rng.sample(states, min(count, len(states)))


# -- candidate actions built directly (the whole action space and beyond) ---------


def stones_candidates(state):
    cards = [0, 73, -1] + [c.id for c in CARDS]
    for card in cards:
        for a in range(-1, 10):
            for b in range(-1, 10):
                yield ss.Shift(card, a, b)
            yield ss.Flip(card, a)
        yield ss.Score(card)
    yield ss.END_TURN
    yield ss.SKIP


def shell_candidates(state):
    for card in [*DECK_IDS["secret"], "S0", "", "?", "P1"]:
        yield ms.Keep(card)
    yield ms.ROTATE
    yield ms.PASS
    for column in range(-1, 7):
        for first in (None, 0, 1, 2, -1):
            yield ms.Pull(column, first)
    for source in (-1, 0, 1, ms.MOON, 3, 4):
        for column in range(-1, 7):
            yield ms.Collect(source, column)
            for saved in (-1, 0, 3, 4):
                yield ms.Collect(source, column, saved, True)
                yield ms.Collect(source, column, saved, False)
    yield ms.ROTATE_TWICE
    yield ms.DECLINE
    for mermaid in ("tide-pool", "inlet", "rising-moon", "slide", "swap", "buoy", "x"):
        yield ms.Choose(mermaid)
        for a in range(-1, 13):
            for b in (-1, 0, 1, 2, 4, 11, 12):
                yield ms.Power(mermaid, a, b)
                yield ms.Power(mermaid, a, b, b % 4)
    for column in range(-1, 6):
        for power in ("inlet", "slide", "tide-pool", "x"):
            for first in (None, 0, 1):
                yield ms.Pull(column, first, power)
    for rock in range(-1, 9):
        for mine in (-1, 0, 1, 2):
            for column in (-1, 0, 3, 4):
                yield ms.SwapTake(rock, mine, column)


def lighter_candidates(state):
    yield from (ml.ROLL, ml.ATTACK, ml.FLEE, ml.SWITCH, ml.KEEP)
    for side in ("n", "e", "s", "w", "x", "", "north"):
        yield ml.Place(side)
        yield ml.Move(side)


def rain_candidates(state):
    seats = (-1, 0, 1, 2, 5, 6)
    cells = (-1, 0, 1, 12, 44, 54, 98, 99)
    for seat in seats:
        for cards in ((), (0,), (3,), (0, 0), (0, 1), (1, 0), (2, 2), (0, 3), (4,), (0, 1, 2)):
            yield mr.Show(seat, cards)
            yield mr.Keep(seat, cards)
            yield mr.Move(seat, state.at[seat] if 0 <= seat < state.players else 0, cards)
        for tile in (-1, 0, 9, 35, 36, *state.offer):
            yield mr.Pick(seat, tile)
            yield mr.Drop(seat, tile)
            yield mr.Place(seat, tile, (22, 23))
            yield mr.Place(seat, tile, (23, 22))
        for shape in (-1, 0, 3, 4):
            yield mr.Draw(seat, shape)
        for cell in cells:
            yield mr.Enter(seat, cell)
            yield mr.Home(seat, cell)
            yield mr.Teleport(seat, cell)
            for cards in ((0,), (1,), (2,), (0, 1)):
                yield mr.Move(seat, cell, cards)
        for index in (-1, 0, 1, 2, 5):
            yield mr.Take(seat, index)
        yield mr.End(seat)


def splash_candidates(state):
    values = (-1, 0, 1, 2, 9, 15, 16, True, None)
    for spot in (-1, 0, 5, 11, 12, True):
        yield asp.Dive(spot)
    for cell in (-1, 0, 4, 8, 9):
        for right in (False, True, 1):
            yield asp.Take(cell, right)
    for a in values:
        for b in (-1, 0, 1, 3, 8, 16):
            yield asp.Slide(a, b)
            yield asp.Swap(a, b)
        for area in (-1, 0, 1, 2):
            yield asp.Score(a, area)
            for to in (-1, 0, 1, 2, 3):
                for to_area in (0, 1, 2):
                    yield asp.MovePearl(a, area, to, to_area)
    for mission in (0, -1, 1, 5, 9, 13, 18, 19, None):
        yield asp.End(mission)


CANDIDATES = {
    "shifting-stones": stones_candidates,
    "moonshell": shell_candidates,
    "moonlighter": lighter_candidates,
    "mermaid-rain": rain_candidates,
    "animal-splash": splash_candidates,
}


def perturbed(text: str, rng: random.Random) -> list[str]:
    words = text.split()
    out = [
        " ".join(reversed(words)),
        text.upper(),
        text + " 1",
        text.replace("1", "²"),
        text.replace("2", "٢"),
        " ".join(words[:1] + list(reversed(words[1:]))),
        " ".join(words[:-1]),
        text + "9" * 40,
    ]
    for _ in range(4):
        chars = list(text)
        if chars:
            chars[rng.randrange(len(chars))] = rng.choice("0123456789abcdelnrsw#²- ")
        out.append("".join(chars))
    return out


def check_apply_agrees_with_legal(game, state, candidates, rng):
    legal = list(game.legal_actions(state))
    listed = {repr(action) for action in legal}  # (repr tells True from 1)
    for action in legal:
        text = game.format_action(action)
        again = game.parse_action(state, text)
        assert again == action, (text, again, action)
        game.apply(state, again)  # must not raise
    texts = [t for a in legal for t in perturbed(game.format_action(a), rng)]
    parsed = []
    for text in texts:
        try:
            parsed.append(game.parse_action(state, text))
        except NotationError as error:
            assert str(error)
    for action in [*parsed, *candidates(state)]:
        try:
            game.apply(state, action)
            accepted = True
        except IllegalAction as error:
            assert str(error)
            accepted = False
        assert accepted == (repr(action) in listed), (
            action,
            accepted,
            game.format_action(action) if accepted else None,
        )


@SETTINGS
@given(
    game_id=st.sampled_from(sorted(TABLES)),
    table=st.integers(0, 4),
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 400),
)
def test_apply_accepts_exactly_the_legal_actions(game_id, table, seed, steps):
    game, configs = TABLES[game_id]
    config = configs[table % len(configs)]
    rng = random.Random(seed)
    for state in sample(positions(game, config, seed, steps), rng, 2):
        check_apply_agrees_with_legal(game, state, CANDIDATES[game_id], rng)


# -- views: what a seat may not see does not change what it sees ------------------


def scramble_stones(state, seat, rng):
    pool = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.deck)
    rng.shuffle(pool)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(pool[: len(hand)]))
            pool = pool[len(hand) :]
    return evolve(state, hands=tuple(hands), deck=tuple(pool), rng=Rng(rng.getrandbits(64)))


def scramble_shell(state, seat, rng):
    cards = list(DECK_IDS["secret"])
    secrets = (
        state.secrets
        if state.over
        else tuple(
            card if s == seat or not card else rng.choice(cards)
            for s, card in enumerate(state.secrets)
        )
    )
    offers = tuple(
        o if s == seat else tuple(rng.sample(cards, len(o))) for s, o in enumerate(state.offers)
    )
    bag, deck = list(state.bag), list(state.solo_deck)
    rng.shuffle(bag)
    rng.shuffle(deck)
    return evolve(
        state,
        secrets=secrets,
        offers=offers,
        bag=tuple(bag),
        solo_deck=tuple(deck),
        rng=Rng(rng.getrandbits(64)),
    )


def scramble_lighter(state, seat, rng):
    return evolve(state, rng=Rng(rng.getrandbits(64)))


def scramble_rain(state, seat, rng):
    """Deal the cards the seat cannot see afresh, reorder every hidden pile, change the
    others' meld choices and peeks, and swap the kinds of the treasures it has not seen."""
    pool = [
        k for s, h in enumerate(state.hands) if s != seat for k in range(3) for _ in range(h[k])
    ] + list(state.deck)
    rng.shuffle(pool)
    hands = []
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
            continue
        taken, pool = pool[: sum(h)], pool[sum(h) :]
        hands.append((taken.count(0), taken.count(1), taken.count(2), 0))
    chosen = tuple(
        c if s == seat or c is None else (rng.randrange(4),) for s, c in enumerate(state.chosen)
    )
    mixed = lambda seq: tuple(rng.sample(list(seq), len(seq)))  # noqa: E731
    kinds = list(state.kinds)
    if not state.over:
        mine = state.known[seat] if seat is not None else frozenset()
        hidden = [t for t in range(len(kinds)) if t not in state.face_up and t not in mine]
        values = [kinds[t] for t in hidden]
        rng.shuffle(values)
        for t, v in zip(hidden, values):
            kinds[t] = v
    known = tuple(
        k if s == seat else frozenset(rng.sample(range(len(kinds)), 2))
        for s, k in enumerate(state.known)
    )
    return evolve(
        state,
        hands=tuple(hands),
        deck=tuple(pool),
        chosen=chosen,
        discard=mixed(state.discard),
        piles=tuple(mixed(p) for p in state.piles),
        tile_discards=tuple(mixed(p) for p in state.tile_discards),
        undercurrents=mixed(state.undercurrents),
        kinds=tuple(kinds),
        known=known,
        rng=Rng(rng.getrandbits(64)),
    )


def scramble_splash(state, seat, rng):
    piles = {}
    for name in ("deck", "mission_deck", "ending_pile", "start_pile"):
        pile = list(getattr(state, name))
        rng.shuffle(pile)
        piles[name] = tuple(pile)
    return evolve(state, rng=Rng(rng.getrandbits(64)), **piles)


SCRAMBLE = {
    "shifting-stones": scramble_stones,
    "moonshell": scramble_shell,
    "moonlighter": scramble_lighter,
    "mermaid-rain": scramble_rain,
    "animal-splash": scramble_splash,
}


@SETTINGS
@given(
    game_id=st.sampled_from(sorted(TABLES)),
    table=st.integers(0, 4),
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(1, 600),
)
def test_views_during_play_hide_other_seats_secrets_and_the_generator(game_id, table, seed, steps):
    game, configs = TABLES[game_id]
    config = configs[table % len(configs)]
    rng = random.Random(seed)
    checked = 0
    for state in sample(positions(game, config, seed, steps), rng, 6):
        seats = sorted({*range(config.players), *game.to_move(state)})
        for seat in [*seats, None]:
            seen = game.view(state, seat)
            other = SCRAMBLE[game_id](state, seat, rng)
            assert game.view(other, seat) == seen, (seat, state)
            assert game.to_json(game.view(other, seat)) == game.to_json(seen)
            checked += 1
    assert checked >= 2


def test_scrambling_changes_the_hidden_parts():
    """The view test only means something if the scrambles change the state."""
    rng = random.Random(1)
    for game_id, (game, configs) in TABLES.items():
        state = game.setup(configs[0].evolve(seed=3))
        assert SCRAMBLE[game_id](state, 0, rng) != state, game_id
