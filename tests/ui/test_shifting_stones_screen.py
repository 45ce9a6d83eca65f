"""The Shifting Stones screen: what a key redraws, the footer, the end, wide terminals,
the scored view, fragment cards and the wording (issue 8)."""

from __future__ import annotations

import math

from textual.widgets import Static

from tests.ui.helpers import SS, app_for, app_with_match, app_with_state, settle
from tideboard.engine import registry
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.plurals import plural
from tideboard.engine.states import evolve
from tideboard.games.shifting_stones.content import CARD_BY_ID, CARDS
from tideboard.games.shifting_stones.game import GAME as STONES
from tideboard.ui.shared import BlocksScreen, EndScreen
from tideboard.ui.shifting_stones import HandStrip, ShiftingStonesScreen, StoneGrid
from tideboard.ui.shifting_stones.hand import ANYWHERE, HUGE, LARGE, SMALL, Look, card_block
from tideboard.ui.shifting_stones.panels import row_name

GAME = registry.load(SS)


def played(seed: int, until, players: int = 2) -> Match:
    match = Match.start(GAME, GameConfig(players=players, seed=seed))
    bots = [make_bot(GAME, "greedy", seed=seat) for seat in range(players)]
    while not until(match.state):
        state = match.state
        seat = GAME.to_move(state)[0]
        match = match.play(
            bots[seat].choose(GAME, GAME.view(state, seat), seat, GAME.legal_actions(state))
        )
    return match


def footer_keys(screen) -> set[str]:
    return {key for key, active in screen.active_bindings.items() if active.binding.show}


def spy(monkeypatch, widget, name: str) -> list:
    """Record the calls of ``widget.name`` (still calling it)."""
    calls = []
    original = getattr(widget, name)

    def wrapper(*args, **kwargs):
        calls.append((args, kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(widget, name, wrapper)
    return calls


async def game_screen(pilot) -> ShiftingStonesScreen:
    for _ in range(30):
        for screen in pilot.app.screen_stack:
            if isinstance(screen, ShiftingStonesScreen):
                await settle(pilot)
                return screen
        await pilot.pause()
    raise AssertionError("no Shifting Stones screen")


# -- what a key redraws -------------------------------------------------------------
async def test_a_cursor_move_repaints_two_stones_and_nothing_else(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        grid, hand = screen.query_one(StoneGrid), screen.query_one(HandStrip)
        table = screen.query_one("#ss-table", Static)
        grid_calls = spy(monkeypatch, grid, "refresh")
        hand_calls = spy(monkeypatch, hand, "refresh")
        table_calls = spy(monkeypatch, table, "update")
        await pilot.press("right")
        await pilot.pause()
        assert screen.turn.cursor == 5
        regions = [region for args, _ in grid_calls for region in args]
        assert all(args for args, _ in grid_calls), "no repaint of the whole grid"
        assert sorted(regions) == sorted([grid.cell_region(4), grid.cell_region(5)])
        assert hand_calls == [] and table_calls == []


async def test_picking_a_card_repaints_two_cards_and_nothing_else(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        grid, hand = screen.query_one(StoneGrid), screen.query_one(HandStrip)
        table = screen.query_one("#ss-table", Static)
        grid_calls = spy(monkeypatch, grid, "refresh")
        hand_calls = spy(monkeypatch, hand, "refresh")
        table_calls = spy(monkeypatch, table, "update")
        await pilot.press("3")
        await pilot.pause()
        assert screen.turn.selected == 2
        regions = [region for args, _ in hand_calls for region in args]
        assert all(args for args, _ in hand_calls), "no repaint of the whole hand"
        assert sorted(regions) == sorted([hand.card_region(0), hand.card_region(2)])
        assert grid_calls == [] and table_calls == []


async def test_picking_cards_and_moving_never_rebuild_the_footer(monkeypatch):
    app = app_for(bots={1: "greedy"})  # seed 5: cards 68 and 42 match, 59 and 71 do not
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        calls = spy(monkeypatch, screen, "refresh_bindings")
        await pilot.press("2", "1", "3", "4", "right", "down", "left", "up")
        await pilot.pause()
        assert calls == []
        await pilot.press("f")  # a preview: now Enter and Esc apply
        assert len(calls) == 1


async def test_the_same_hint_is_not_drawn_twice(monkeypatch):
    app = app_for(bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        status = screen.query_one("#ss-status")
        calls = spy(monkeypatch, status, "update")
        await pilot.press("right", "left")
        await pilot.press("left")  # a1... the hint names the stone under the cursor
        await pilot.pause()
        assert len(calls) == 3
        assert all(kwargs.get("layout") is False for _, kwargs in calls)
        calls.clear()
        screen.refresh_table()  # nothing changed
        assert calls == []


# -- the footer ----------------------------------------------------------------------
async def test_footer_lists_only_the_keys_that_apply():
    def first_card_matches(seed: int) -> bool:
        state = GAME.setup(GameConfig(players=2, seed=seed))
        return CARD_BY_ID[state.hands[0][0]].matches(state.grid)

    seed = next(s for s in range(200) if not first_card_matches(s))
    app = app_for(seed=seed, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        keys = footer_keys(screen)
        assert {"s", "f", "c", "e", "x", "t", "question_mark", "q"} <= keys
        assert not {"enter", "escape"} & keys, "nothing to confirm or drop"
        assert "u" not in keys, "nothing to undo yet"
        await pilot.press("f")
        assert {"enter", "escape"} <= footer_keys(screen)
        await pilot.press("enter")
        assert "x" not in footer_keys(screen), "no skip after acting"
        assert "u" in footer_keys(screen)


async def test_footer_while_a_bot_plays_offers_no_move_keys():
    from tideboard.ui.app import TideboardApp

    match = Match.start(GAME, GameConfig(players=2, seed=5)).play(
        STONES.parse_action(GAME.setup(GameConfig(players=2, seed=5)), "end")
    )
    assert match.state.current == 1
    app = TideboardApp(
        bot_delay=600, start=match, bots={1: "greedy"}
    )  # the bot thinks for ten minutes
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert footer_keys(screen) == {"question_mark", "q", "t"}
        await pilot.press("s")
        assert "not your turn" in str(screen.query_one("#ss-status").render())


async def test_footer_at_game_over_offers_no_move_keys():
    final = played(5, lambda s: s.over)
    app = app_with_match(final, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert footer_keys(screen) == {"question_mark", "q", "t", "r", "a", "p"}
        assert isinstance(pilot.app.screen, EndScreen)
        pilot.app.pop_screen()  # as if the result box were closed to study the board
        await pilot.pause()
        await pilot.press("s")
        assert "Game over" in str(screen.query_one("#ss-status").render())


# -- the end -------------------------------------------------------------------------
async def test_game_over_table_adds_the_bonus_as_the_result_does():
    final = played(5, lambda s: s.over)
    state = final.state
    totals = GAME.scores(state)
    assert any(
        t != sum(CARD_BY_ID[c].points for c in state.scored[seat]) for seat, t in enumerate(totals)
    ), "a game where the bonus counts"
    app = app_with_match(final, bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert isinstance(pilot.app.screen, EndScreen)
        table = screen.query_one("#ss-table", Static)
        rows = ["".join(seg.text for seg in table.render_line(y)) for y in range(table.size.height)]
        assert "Bonus" in rows[0] and "Total" in rows[0]
        for seat, total in enumerate(totals):
            row = next(r for r in rows if f"Player {seat + 1}" in r)
            assert row.split()[-1] == str(total)
        assert "Player 1 (you)" in "\n".join(rows)
        end = screen.end_table()
        assert [c.header for c in end.columns][-2:] == ["Bonus", "Total"]
        assert list(end.columns[-1].cells) == [str(t) for t in totals]
        assert "Player 1 (you)" in list(end.columns[0].cells)[0]


async def test_you_marks_the_human_only_when_bots_play():
    app = app_for(players=2)  # hot seat: nobody is "you"
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert row_name(screen, 0) == "Player 1"
    app = app_for(players=1, solo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert row_name(screen, 0) == "You"
        assert screen.title == "Shifting Stones - Your turn"


async def test_a_bot_playing_solo_is_not_called_you():
    app = app_for(players=1, solo=True, bots={0: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot)
        assert screen.seat_name(0) == "Player 1 (medium)"
        assert "You" not in screen.title


# -- wide terminals --------------------------------------------------------------------
def measured(screen) -> tuple:
    """The stones' cell size, the hand's card size, the log's height, the table's head."""
    grid, hand = screen.query_one(StoneGrid), screen.query_one(HandStrip)
    table = screen.query_one("#ss-table", Static)
    head = "".join(seg.text for seg in table.render_line(0))
    return (grid.cell_size(), hand.size_now(), screen.query_one("#ss-log").size.height, head)


async def test_120x40_grows_the_stones_the_cards_and_the_log():
    """A game started at 120x40 against one started at 80x24; the 80x24 game's app
    then runs test_resizing_to_120x40_and_back_redraws_at_the_new_size (two tests,
    one app for 80x24: the first frame is measured before the resizes)."""
    sizes = {}
    for size in ((80, 24), (120, 40)):
        app = app_for(bots={1: "greedy"})
        async with app.run_test(size=size) as pilot:
            screen = await game_screen(pilot)
            sizes[size] = measured(screen)
            if size == (80, 24):
                await resizing_to_120x40_and_back_redraws_at_the_new_size(pilot, screen)
    small, large = sizes[(80, 24)], sizes[(120, 40)]
    assert small[:2] == ((10, 4), SMALL)
    assert large[0][0] > 10 and large[0][1] > 4 and large[1] == LARGE
    assert large[2] >= small[2] + 8
    assert "Bonus now" in large[3] and "Bonus now" not in small[3]


# -- the scored view -------------------------------------------------------------------
async def test_scored_view_wraps_whole_cards_at_80_columns():
    state = GAME.setup(GameConfig(players=2, seed=5))
    scored = tuple(c.id for c in CARDS[:13])
    state = evolve(state, scored=(scored, ()))
    app = app_with_state(state, GameConfig(players=2, seed=5), bots={1: "greedy"})
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(pilot.app.screen, BlocksScreen)
        body = pilot.app.screen.query(Static)[1]
        width = body.content_size.width
        per_row = (width + 1) // (SMALL.width + 1)
        assert 1 <= per_row < 13
        assert body.size.height == SMALL.height * math.ceil(13 / per_row), "no wrapped lines"
        lines = [
            "".join(seg.text for seg in body.render_line(y)).rstrip()
            for y in range(body.size.height)
        ]
        assert lines[0].count("╭") == per_row


# -- fragment cards --------------------------------------------------------------------
def test_fragments_are_boxed_in_the_middle_and_say_anywhere():
    class Stub:
        theme = "tide-dark"
        theme_variables: dict = {}

    app = Stub()
    for card in CARDS:
        for size in (SMALL, LARGE, HUGE):
            lines = [line.plain for line in card_block(app, Look(card.id), size)]
            body = "\n".join(lines[1:-1])
            assert all(len(line) == size.width for line in lines), (card.id, lines)
            if (card.height, card.width) == (3, 3):
                assert ANYWHERE not in body
                continue
            assert ANYWHERE in body, card.id
            boxed = [
                line
                for line in lines[1:-1]
                if any(ch in line for ch in "[╭│╰") and ANYWHERE not in line
            ]
            inner = [line[1:-1] for line in boxed]
            left = min(len(x) - len(x.lstrip()) for x in inner)
            right = min(len(x) - len(x.rstrip()) for x in inner)
            assert abs(left - right) <= 1, (card.id, lines)  # centred, not in a corner


def test_plural_wording():
    assert plural(1, "point") == "1 point" and plural(0, "strike") == "0 strikes"
    state = STONES.setup(GameConfig(players=1, solo=True, seed=3))
    lost = evolve(state, over=True, strikes=4)
    assert "4 strikes" in STONES.result_text(lost)
    won = evolve(state, over=True, strikes=1, hands=((),), deck=(), discard=())
    assert STONES.result_text(won) == "You win: all 16 cards scored with 1 strike."
    assert "strike(s)" not in STONES.result_text(evolve(won, strikes=0))


async def resizing_to_120x40_and_back_redraws_at_the_new_size(pilot, screen) -> None:
    """(A test of its own before; run in test_120x40_grows_the_stones_the_cards_and_the_log's
    80x24 app, from its first frame.)"""
    grid, hand = screen.query_one(StoneGrid), screen.query_one(HandStrip)
    await pilot.resize_terminal(120, 40)
    await settle(pilot)
    assert grid.cell_size() == (16, 8) and hand.size_now() == LARGE
    line = "".join(seg.text for seg in hand.render_line(0))
    assert line.count("╮") + line.count("┓") == 4 and "·" in line  # four large cards
    await pilot.resize_terminal(80, 24)
    await settle(pilot)
    assert grid.cell_size() == (10, 4) and hand.size_now() == SMALL
    assert len("".join(seg.text for seg in grid.render_line(1)).rstrip()) <= 33


def test_scored_view_card_size_follows_the_terminal_not_the_width_given():
    """A scrollbar takes two columns: were the card size chosen by width, the view
    would lose its scrollbar with smaller cards, get it back with larger ones..."""
    from tideboard.ui.shifting_stones import CardRows

    class Stub:
        theme = "tide-dark"
        theme_variables: dict = {}
        size = (120, 40)

    cards = tuple(c.id for c in CARDS[:13])
    heights = {
        width: CardRows(Stub(), cards).text(width).plain.count("\n") + 1 for width in (100, 102)
    }
    assert heights[100] % LARGE.height == 0 and heights[102] % LARGE.height == 0
    Stub.size = (80, 24)
    assert (CardRows(Stub(), cards).text(64).plain.count("\n") + 1) % SMALL.height == 0


def test_the_one_point_bonus_line_names_the_players_as_the_table_does():
    """At a server table the side table's "+3 bonus for most 1s now" names the
    players ("ana"), not the seats ("Player 1"); a local one still says "Player 1"."""
    from tideboard.ui.shifting_stones.table import side_table

    one = next(c.id for c in CARDS if c.points == 1)
    state = STONES.setup(GameConfig(players=2, seed=3))
    state = evolve(state, scored=((one,), ()))
    for names, shown in (
        (("ana", "You"), "now: ana"),
        (("Player 1 (you)", "Player 2"), "now: Player 1"),
    ):
        group = side_table(state, lambda s, names=names: names[s], (0,), (0, 0), 44, set())
        text = "".join(t.plain for t in group.renderables if hasattr(t, "plain"))
        assert f"+3 bonus for most 1s {shown}" in text, text


async def test_a_preview_left_from_before_the_turn_changed_is_dropped_not_drawn():
    # A burst: a flip previewed while the skip question opened, then Yes: the skip ends
    # the turn and the preview's card is in no hand of the next player's; drawing it
    # raised IllegalAction out of the screen (found by the monkey test).
    from tideboard.games.shifting_stones.state import SKIP, Flip
    from tideboard.ui.shifting_stones.screen import ShiftingStonesScreen as Screen

    app = app_for(players=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, Screen))
        card = screen.state.hands[screen.state.current][0]
        screen.turn.preview(Flip(card, 0))
        assert screen.dispatch(SKIP)
        screen.refresh_table()
        await settle(pilot)
        assert screen.turn.pending is None and screen.turn.shift_from is None
        assert card not in screen.state.hands[screen.state.current]
