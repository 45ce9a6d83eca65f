"""Mermaid Rain for a new player: the keys refuse clearly, the hint line says
why a space is no move, the table shows everyone's treasures at 80 columns."""

from __future__ import annotations

from tests.ui.helpers import app_with_match, settle
from tests.ui.test_mermaid_rain_ui import GAME, cell, panel, riding_match, screen_of, status
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain.content import TREASURE_LETTERS, distance
from tideboard.games.mermaid_rain.state import DISCARD, HOME, MELD, Keep, Show
from tideboard.ui.shared.modals import EndScreen, HelpScreen

BOTS = {1: "greedy", 2: "greedy"}


def table_match(phase: str, hands, **changes) -> Match:
    config = GameConfig(players=3, seed=2)
    state = GAME.setup(config)
    state = evolve(state, phase=phase, hands=tuple((*h, 0) for h in hands), **changes)
    return Match(GAME, config, (state,))


async def test_a_third_card_key_is_refused_and_the_two_picked_stay():
    """Melding: players choose two cards first; a third key does not start over."""
    match = table_match(MELD, [(3, 2, 2), (2, 2, 3), (2, 3, 2)], chosen=(None, (1, 1), (2, 2)))
    app = app_with_match(match, bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("d", "g", "d")
        assert screen.picks.cards == [0, 1]
        assert "picked two cards (D G)" in status(screen) and "Backspace" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[0] == Show(0, (0, 1))


async def test_one_card_at_a_time_a_new_key_picks_another():
    """After the first two, one card at a time: the key pressed last is the card."""
    match = table_match(MELD, [(3, 2, 2), (2, 2, 3), (2, 3, 2)], melds=((1, 1, 0),) * 3)
    app = app_with_match(match, bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("d", "t")
        assert screen.picks.cards == [2]
        await pilot.press("m", "g")
        assert screen.picks.cards == [1]


async def test_keeping_two_refuses_a_third_and_names_the_cards_discarded():
    """End of round: discard down to two; the hint says what goes before Enter."""
    match = table_match(DISCARD, [(2, 1, 1), (1, 1, 0), (0, 1, 1)], round=1)
    app = app_with_match(match, bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert "keep two cards" in status(screen)
        await pilot.press("d", "g")
        assert "Enter keeps D G and discards D T" in status(screen)
        await pilot.press("t")
        assert screen.picks.cards == [0, 1] and "Enter keeps them" in status(screen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.match.actions[0] == Keep(0, (0, 1))


async def test_the_hint_says_why_the_cursor_space_is_no_move():
    """Movement: never onto empty sea or rocks, only to a neighbouring space, paid by a card."""
    app = app_with_match(riding_match(seat_cards=(0, 0, 1)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("up")  # c1: sea
        assert "c1 is empty sea" in status(screen)
        await pilot.press("right", "right", "right")  # c4: a rock
        assert "c4 is a rock" in status(screen)
        await pilot.press("down", "right")  # d5: a Seagull island, two spaces off
        assert "d5 is not next to you" in status(screen)
        await pilot.press("left", "left", "left")  # d2: a Sea Turtle, paid with the one card
        assert "paying a Sea Turtle" in status(screen)
        await pilot.press("enter", "left")  # now on d2 with no cards: back to d1
        assert "No move left" in status(screen)


async def test_the_hint_offers_the_mermaid_rain_teleport_first():
    """Mermaid Rain's bonus: start the move by teleporting anywhere."""
    app = app_with_match(riding_match(teleport=(True, False, False)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert "teleport to any highlighted space first" in status(screen)
        assert "You are here." in status(screen)  # why the cursor's space is none
        await pilot.press("up")  # c1: empty sea
        assert "c1 is empty sea" in status(screen)


async def test_a_stranded_mermaid_is_told_why_it_goes_home():
    """End of round: a mermaid on a removed dark tile goes to a free start space."""
    match = riding_match(at="c1")
    state = evolve(match.state, phase=HOME, stranded=(0,))
    app = app_with_match(Match(GAME, match.config, (state,)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert "dark surf tile left the board" in status(screen)
        assert "Enter: go back to" in status(screen)


async def test_a_tile_to_lay_is_first_shown_beside_the_mermaid():
    app = app_with_match(riding_match(at="i10", held=((9,), (), ())), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        here = cell("i10")

        def off(place):
            return min(distance(c, here) for c in place.cells)

        spots = [a for a in screen.picks.legal_now() if hasattr(a, "cells")]
        assert off(screen.picks.planned()) == min(off(a) for a in spots) < off(spots[0])
        assert tuple(screen.query_one("HexBoard").preview) == screen.picks.planned().cells


def _owned(state, seat_count: int):
    """Seat 1 owns two face-up treasures of one kind and one face-down one."""
    up = [t for t in state.face_up if t < len(state.kinds)]
    kind = state.kinds[up[0]]
    same = [t for t in up if state.kinds[t] == kind][:2]
    down = next(t for t in range(len(state.kinds)) if t not in state.face_up)
    owned = [()] * seat_count
    owned[1] = (*same, down)
    return tuple(owned), TREASURE_LETTERS[kind].upper()


async def test_the_side_table_shows_each_players_treasures_at_80_columns():
    match = riding_match()
    owned, letter = _owned(match.state, 3)
    state = evolve(match.state, owned=owned)
    app = app_with_match(Match(GAME, match.config, (state,)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        side = panel(screen, "side").splitlines()
        assert f"${letter}2?" in side[4]  # Player 2's second line; the face-down one unseen
        assert side[2].rstrip().endswith("$-")  # Player 1 has none


async def test_six_players_one_line_each_show_the_treasures_while_riding():
    config = GameConfig(players=6, seed=2)
    state = GAME.setup(config)
    owned, letter = _owned(state, 6)
    state = evolve(
        state,
        phase="ride",
        order=tuple(range(6)),
        turn=0,
        offer=(),
        hands=((1, 1, 1, 0),) + state.hands[1:],
        at=(cell("d1"),) + (-1,) * 5,
        owned=owned,
    )
    app = app_with_match(Match(GAME, config, (state,)), bots={s: "greedy" for s in range(1, 6)})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        side = panel(screen, "side").splitlines()
        assert f"${letter}2?" in side[2]
        # one line a seat; below them the sea's legend (mermaids, treasures)
        assert [line[1:3] for line in side[1:7]] == [f"P{n}" for n in range(1, 7)]
        assert not any(line[1:2] == "P" for line in side[7:])


async def test_end_results_explain_their_columns():
    from tideboard.games.mermaid_rain.state import OVER

    match = riding_match()
    state = evolve(match.state, phase=OVER)
    app = app_with_match(Match(GAME, match.config, (state,)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 5)
        assert isinstance(app.screen, EndScreen)
        assert "Z Dragon Scale" in str(screen.end_table().caption)
        assert "Track: points scored in play" in str(screen.end_table().caption)


async def test_help_explains_the_side_table():
    app = app_with_match(riding_match(), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        table = dict(screen.KEYS_HELP)["the table"]
        assert "$ the treasures" in table and "(A2C?)" in table


async def test_face_up_tiles_are_named_by_symbol_and_shape_not_by_number():
    from tideboard.games.mermaid_rain.state import PICK

    state = table_match(
        PICK, [(3, 3, 3)] * 3, order=(0, 1, 2), turn=0, ranks=(7, 8, 8), offer=(12, 20)
    ).state
    app = app_with_match(Match(GAME, GameConfig(players=3, seed=2), (state,)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        hand = panel(screen, "hand")
        assert "1) Dolphin bar" in hand and "2) Sea Turtle arc (dark)" in hand
        assert "12" not in hand and "20" not in hand
        assert "Enter takes the Dolphin bar (3 in a line)" in status(screen)
        await pilot.press("right")
        assert "the Sea Turtle arc (3 in a bend, dark: it leaves" in status(screen)


def footer_keys(screen) -> set[str]:
    from tideboard.ui.keys_line import KeysLine

    return {key for key, _words, _on in screen.query_one(KeysLine).entries()}


async def test_the_footer_offers_go_and_undo_only_when_they_act():
    app = app_with_match(table_match(MELD, [(3, 3, 3)] * 3), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot, 6)
        keys = footer_keys(screen)
        assert "u" not in keys and "⏎" not in keys  # a meld: nothing to take back or show
        await pilot.press("enter")  # not offered, yet it says what to do
        assert screen.query_one("#mr-status").shown == (screen.picks.hint(screen.shown), True)
        await pilot.press("d", "g")
        await pilot.pause()
        assert "⏎" in footer_keys(screen) and "u" not in footer_keys(screen)
    app = app_with_match(riding_match(seat_cards=(1, 1, 1)), bots=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(pilot)
        await settle(pilot)
        assert "u" not in footer_keys(screen) and "⏎" not in footer_keys(screen)  # you are here
        await pilot.press("right")  # d2: a move Enter takes
        await pilot.pause()
        assert "⏎" in footer_keys(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert "u" in footer_keys(screen)  # the move may be taken back
        await pilot.press("u")
        await pilot.pause()
        assert "u" not in footer_keys(screen) and screen.state.at[0] == cell("d1")


async def test_a_big_terminal_lists_the_melds_below_the_seats():
    for size, shown in (((120, 40), True), ((80, 24), False)):
        app = app_with_match(riding_match(), bots=BOTS)
        async with app.run_test(size=size) as pilot:
            screen = await screen_of(pilot)
            await settle(pilot)
            side = panel(screen, "side")
            assert ("Melds, best first" in side) == shown, size
            if shown:
                assert "3 March   full house (3 + 2) pool treasure" in side
