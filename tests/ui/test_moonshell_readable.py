"""Moonshell read by a new player (issue #20): the players' names on the scores, the board
and the other chests (point 21), a tile, an objective and an opponent's chest readable at
80x24 without the help (point 15), and the room of a wide terminal used (point 18)."""

from __future__ import annotations

import pytest
from rich.console import Console

from tests.ui.helpers import settle
from tests.ui.test_moonshell_ui import keep_first_secret, ms_app, text_of
from tideboard.ui.moonshell import OceanBoard

NAMES = ("You", "ana", "bartholomew the bold")


def board_text(screen) -> str:
    return screen.query_one(OceanBoard).draw().text().plain


def named_like_a_table(screen) -> None:
    """The names a served table gives its seats (``RemoteTable.seat_name`` / ``named``)."""
    screen.control.seat_name = lambda seat: NAMES[seat]
    screen.control.named = lambda text: text.replace("Player 1", "You").replace("Player 2", "ana")
    screen.refresh_table()


# -- point 21: the players' names ----------------------------------------------------------
async def test_the_scores_and_the_board_name_the_players_not_p1_p2():
    app = ms_app(players=3, bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await settle(pilot)
        table = text_of(screen, "#ms-table")
        for seat in (1, 2, 3):
            assert f"Player {seat}" in table, table
        assert "P2 " not in table and "P3 " not in table
        labels = screen.query_one(OceanBoard).labels
        assert sorted(labels.values()) == ["Player 1 (you)", "Player 2", "Player 3"]
        board = board_text(screen)
        assert "Player 1" in board and "Player 3" in board, board  # (at the bottom and top)
        assert board.count("Player") == 3  # Player 2's side: "Player" over "2"


async def test_a_served_tables_names_are_on_the_scores_the_board_and_the_chests():
    app = ms_app(players=3, bots={1: "greedy", 2: "greedy"})
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await settle(pilot)
        named_like_a_table(screen)
        await settle(pilot)
        for where in (text_of(screen, "#ms-table"), board_text(screen)):
            assert "ana" in where and "bartholomew" in where, where
        others = text_of(screen, "#ms-others")
        assert "ana" in others and "barthol" in others, others
        console = Console(width=80, record=True)
        console.print(screen.end_table())
        assert "ana" in console.export_text()
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        table = text_of(screen, "#ms-table")
        assert "ana" in table and "bartho" in table, table  # cut, with "…", never "P3"
        assert max(len(line) for line in table.splitlines()) <= 35


# -- point 15: a tile, an objective, the secret card in words at 80x24 ---------------------
def flat(text: str) -> str:
    return " ".join(text.split())


async def test_the_hint_names_the_tiles_on_your_rocks_in_full_at_80x24():
    """After the first secret is kept (one app for two tests): first, at 80x24 every
    objective is named with its deck and what it pays; then the hint names the tiles
    on your rocks in full."""
    from tideboard.games.moonshell import rules
    from tideboard.games.moonshell.content import tile_name

    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await keep_first_secret(pilot, screen)
        await settle(pilot)
        at_80x24_every_objective_is_named_with_its_deck_and_what_it_pays(screen)
        await pilot.press("2")
        said = flat(text_of(screen, "#ms-status"))
        assert "white starfish to your left rock" in said, said  # the pull's preview
        await pilot.press("enter")
        await settle(pilot)
        said = flat(text_of(screen, "#ms-status"))
        rocks = rules.seat_rocks(screen.state, 0)
        for rock in rocks:  # "white starfish ★ wS": the colour spelt out beside its letter
            assert tile_name(rock) in said, said


def at_80x24_every_objective_is_named_with_its_deck_and_what_it_pays(screen) -> None:
    """(A test of its own before; looked at in the first turn of
    test_the_hint_names_the_tiles_on_your_rocks_in_full_at_80x24, before its pull.)"""
    from tideboard.games.moonshell.content import CARDS, DECK_TITLES

    lines = text_of(screen, "#ms-table").splitlines()
    for card_id in screen.state.open_cards:
        title = DECK_TITLES[CARDS[card_id].deck]
        assert any(line.startswith(f"{card_id} {title}") for line in lines), lines
    assert max(len(line) for line in lines) <= 35


async def test_the_secret_card_chosen_is_spelt_out_while_choosing():
    from tideboard.ui.moonshell.tiles import card_in_full

    app = ms_app(bots={1: "greedy"})
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await settle(pilot)
        for key, index in (("right", 1), ("left", 0)):
            await pilot.press(key)
            card = screen.state.offers[0][index]
            assert flat(card_in_full(card)) in flat(text_of(screen, "#ms-table"))
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        strip = flat(str(screen.query_one("#ms-offers").render()))
        assert "pts x" not in strip and "turns" not in strip  # not "5 pts x2  turns"
        assert "X: one" in strip


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_at_80x24_t_shows_every_opponents_chest_readable(players):
    from tests.ui.helpers import app_with_match
    from tests.ui.test_moonshell_fit import mid_game
    from tests.ui.test_moonshell_screen import footer_actions
    from tideboard.ui.moonshell.tiles import tile_label

    match = mid_game(players, "standard", False, {}, steps=20, seed=4)
    app = app_with_match(match, bots={seat: "greedy" for seat in range(1, players)})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert "chests" in footer_actions(screen)  # listed in the footer
        await pilot.press("t")
        await settle(pilot)
        others = screen.query_one("#ms-others")
        assert others.display and not screen.query_one(OceanBoard).display
        assert others.region.bottom <= 22 and others.region.right <= 45  # all of it on screen
        assert screen.query_one("#ms-side").region.x == 45  # the side panel stays in place
        text = text_of(screen, "#ms-others")
        rows = text.splitlines()
        for seat in range(1, players):
            assert f"Player {seat + 1}" in text, text
            for column in screen.state.chests[seat]:
                for tile in column:  # each tile with its glyph and letters, as in yours
                    assert any(tile_label(tile) in row for row in rows), (tile, text)
        filled = sum(len(c) for s in range(1, players) for c in screen.state.chests[s])
        assert filled  # (the game has tiles in the others' chests to show)
        await pilot.press("t")
        await settle(pilot)
        assert screen.query_one(OceanBoard).display and not others.display


# -- point 18: the room of a wide terminal -----------------------------------------------
async def test_at_200x50_the_ocean_grows_values_sit_by_their_labels_every_chest_shows():
    from tests.ui.helpers import app_with_match
    from tests.ui.test_moonshell_fit import mid_game
    from tideboard.ui.moonshell.tiles import tile_label

    match = mid_game(4, "standard", False, {}, steps=20, seed=4)
    app = app_with_match(match, bots={seat: "greedy" for seat in (1, 2, 3)})
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(OceanBoard)
        at_120 = board.size
        await pilot.resize_terminal(200, 50)
        await settle(pilot, 5)
        assert screen.has_class("-vast") and screen.has_class("-deep")  # the breakpoints
        assert board.size.width > at_120.width and board.size.height > at_120.height
        assert board.region.bottom <= 46
        lines = text_of(screen, "#ms-objectives").splitlines()
        gaps = []
        for card_id in screen.state.open_cards:
            line = next(line for line in lines if line.startswith(card_id))
            gaps.append(line.index(" now ") - len(line.split(" now ")[0].rstrip()))
        # the values in a column two after the longest label (they were ~100 columns away)
        assert min(gaps) <= 3 and max(gaps) <= 30, (gaps, lines)
        others = screen.query_one("#ms-others")
        assert others.display and others.region.bottom <= 46
        text = text_of(screen, "#ms-others")
        rows = text.splitlines()
        for seat in (1, 2, 3):
            assert f"Player {seat + 1}" in text
            for column in screen.state.chests[seat]:
                for tile in column:  # full-size chests: each tile's glyph and letters
                    assert any(tile_label(tile) in row for row in rows), (tile, text)


def test_an_objective_line_says_the_patterns_shape_within_its_width():
    """A play-tester read "C4 Composition 10: 4 augers" and expected any 4 augers: the
    line says the shape ("in a row", or the card's name, "Orange vee"), and never
    needs more than the side panel's width (it was cut "4 augers in a r…")."""
    from tideboard.games.moonshell.content import CARDS
    from tideboard.ui.moonshell.tiles import card_line

    assert card_line("C4").endswith("4 augers in a row")
    assert card_line("LC1").endswith("3 dollars in a column")
    assert card_line("A4").endswith("Orange vee")
    for card_id, card in CARDS.items():
        if card.deck in ("composition", "array"):
            assert len(card_line(card_id, 32)) <= 32, card_line(card_id, 32)
