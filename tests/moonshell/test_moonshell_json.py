"""Moonshell's JSON (``script --json``, issue #20): the event card, the mermaids, where
the mermeeples stand and the passive Buoy's saved tile are in it, and the JSON of a
seat's view shows nothing that seat may not see."""

from __future__ import annotations

import json

import pytest

from tests.moonshell.ms_helpers import play
from tests.moonshell.test_moonshell_powers import with_powers
from tideboard.engine.core import GameConfig
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonshell.content import EMPTY, HIDDEN, tile_from_code
from tideboard.games.moonshell.game import GAME
from tideboard.games.moonshell.reef import MOON_SHADOW, STILL_WATER
from tideboard.games.moonshell.state import AT_HOME, BUOY_SPACE, CHEST, CORNER, OCEAN, ROCK, TILE

T = tile_from_code


def test_json_shows_the_event_card_and_the_used_cards_never_the_deck_order():
    state = with_powers(
        "active",
        "inlet",
        events_on=True,
        event=STILL_WATER,
        event_deck=("E1", "E5", "E2"),
        event_discard=(STILL_WATER,),
    )
    data = GAME.to_json(state)
    assert data["event"] == {
        "id": STILL_WATER,
        "name": "Still Water",
        "kind": "round",
        "text": "No one may rotate the ocean this round.",
    }
    assert data["event_deck"]["left"] == 3
    assert [card["id"] for card in data["event_deck"]["used"]] == [STILL_WATER]
    assert "E5" not in json.dumps(data)  # (the deck's cards are not named)
    plain = GAME.to_json(GAME.setup(GameConfig(players=2, seed=1)))
    assert plain["event"] is None and "event_deck" not in plain and plain["powers"] == "none"
    assert "mermaid" not in plain["seats"][0]


def test_json_shows_each_seats_mermaid_and_the_side_played():
    data = GAME.to_json(with_powers("active", "rising-moon", other="buoy"))
    assert data["powers"] == "active"
    first, second = (seat["mermaid"] for seat in data["seats"])
    assert first["id"] == "rising-moon" and first["name"] == "Rising Moon"
    assert first["power"].startswith("Put your mermeeple on a board corner")
    passive = GAME.to_json(with_powers("passive", "rising-moon"))["seats"][0]["mermaid"]
    assert passive["power"] == "Rotate the ocean twice as one action."
    assert second["id"] == "buoy" and second["colour"] == "green"


@pytest.mark.parametrize(
    "where, expected",
    [
        (AT_HOME, {"place": "home"}),
        ((OCEAN, 0), {"place": "ocean"}),
        ((TILE, 7), {"place": "tile", "ocean": {"row": 2, "column": 3}}),
        ((ROCK, 5), {"place": "rock", "rock": {"side": "north", "rock": "right"}}),
        ((CORNER, 2), {"place": "corner", "corner": "north-east"}),
        ((CHEST, 5), {"place": "chest", "chest": {"column": 2, "row": 2}}),
        ((BUOY_SPACE, 1), {"place": "buoy space", "chest": {"column": 2, "row": 2}}),
    ],
)
def test_json_shows_where_each_mermeeple_stands(where, expected):
    state = with_powers(
        "active",
        "buoy",
        meeples=(where, AT_HOME),
        meeple_round=(1, 0),
        round=2,
        chests={0: ".. .. .. .. / .. MM .. .. / wC pD .. .."},
    )
    meeple = GAME.to_json(state)["seats"][0]["mermeeple"]
    assert {k: v for k, v in meeple.items() if k not in ("text", "power_usable")} == expected
    assert meeple["power_usable"] == (where == AT_HOME)
    assert meeple["text"]


def test_json_says_whether_a_power_may_be_used_now():
    state = with_powers("active", "rising-moon")
    assert GAME.to_json(state)["seats"][0]["mermeeple"]["power_usable"]
    shadow = evolve(state, event=MOON_SHADOW, events_on=True)
    assert not GAME.to_json(shadow)["seats"][0]["mermeeple"]["power_usable"]
    rests = evolve(state, meeple_back=(state.turn, 0))  # came home this turn
    meeple = GAME.to_json(rests)["seats"][0]["mermeeple"]
    assert not meeple["power_usable"] and meeple["text"] != "ready"


def test_json_shows_the_passive_buoys_saved_tile():
    state = with_powers("passive", "buoy", rocks={0: "wC pD"})
    assert GAME.to_json(state)["seats"][0]["saved_tile"] is None
    state = play(state, "save left")
    data = GAME.to_json(GAME.view(state, 1))  # on the mermaid board: every seat sees it
    assert data["seats"][0]["saved_tile"]["code"] == "wC"
    assert data["seats"][1]["saved_tile"] is None and state.saved[1] == EMPTY


def tsunami(players: int = 3, seed: int = 4):
    config = GameConfig(players=players, variant="tsunami", seed=seed, options={"powers": "active"})
    state = GAME.setup(config)
    for seat, mermaid in enumerate(("swap", "buoy", "inlet", "slide")[:players]):
        assert state.phase == "mermaid" and state.current == seat
        state = play(state, f"mermaid {mermaid}")
    return state


def test_view_hides_other_seats_secrets_the_deck_orders_and_the_generator():
    state = tsunami()
    view = GAME.view(state, 1)
    assert view.offers[1] == state.offers[1]
    assert view.offers[0] == (HIDDEN, HIDDEN) and view.offers[2] == (HIDDEN, HIDDEN)
    assert view.rng == Rng(0)
    for name in ("bag", "event_deck"):
        assert list(getattr(view, name)) == sorted(getattr(state, name))
    for seat in range(3):
        state = play(state, f"keep {state.offers[seat][0]}")
    view = GAME.view(state, 1)
    assert view.secrets[1] == state.secrets[1]
    assert view.secrets[0] == HIDDEN and view.secrets[2] == HIDDEN
    # what stands on the table stays in the view: the mermaids, the mermeeples, the event
    assert (view.mermaids, view.meeples, view.saved, view.event) == (
        state.mermaids,
        state.meeples,
        state.saved,
        state.event,
    )


def test_json_of_a_view_shows_only_what_the_seat_may_see():
    state = tsunami()
    offered = {seat: state.offers[seat] for seat in range(3)}
    text = json.dumps(GAME.to_json(GAME.view(state, 1)))
    for seat in (0, 2):  # the others' offered secret cards are not named
        for card in offered[seat]:
            assert f'"id": "{card}"' not in text
    assert all(f'"id": "{card}"' in text for card in offered[1])
    for seat in range(3):
        state = play(state, f"keep {state.offers[seat][0]}")
    data = GAME.to_json(GAME.view(state, 1))
    text = json.dumps(data)
    assert [seat["secret"] == "hidden" for seat in data["seats"]] == [True, False, True]
    for seat in (0, 2):
        assert f'"id": "{state.secrets[seat]}"' not in text
    assert isinstance(data["bag"], int) and set(data["event_deck"]) == {"left", "used"}
    assert all(seat["mermaid"] and seat["mermeeple"] for seat in data["seats"])
    # the same view, whatever the hidden parts: another deck order gives the same JSON
    shuffled = evolve(state, event_deck=state.event_deck[::-1], bag=state.bag[::-1], rng=Rng(9))
    assert GAME.to_json(GAME.view(shuffled, 1)) == data
