"""Issue 20 (found playing over SSH): the lobby's table lines fit 80 columns (a
finished table says its result in a few words, "ana won 36-14", not the game's
whole sentence; bots and free seats are named short), and a table's footer at
80 columns cuts no key."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tests.serve.lobby_helpers import busy_room, lobby_app, play_out
from tests.ui.helpers import settle
from tideboard.serve.lobby import LobbyList
from tideboard.ui.keys_line import KeysLine


async def test_every_table_line_of_the_lobby_fits_80_columns(tmp_path, monkeypatch):
    room = busy_room(tmp_path, monkeypatch)
    shells = room.create("ana", "moonshell", 2)
    room.join(shells.id, "bob")
    play_out(room, shells)
    crowded = room.create("bob", "shifting-stones", 4, bots={2: "greedy", 3: "greedy"})
    room.join(crowded.id, "ana")
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen.query_one(LobbyList)
        room_for = lobby.content_size.width - 2  # ("▶ " before the cursor's line)
        lines = {key: line for kind, key, line in lobby.entries if kind in ("mine", "open", "done")}
        assert lines[shells.id].startswith(f"{shells.id}  Moonshell: finished: ")
        scores = sorted(shells.match.game.scores(shells.match.state), reverse=True)
        assert lines[shells.id].endswith(f" {scores[0]}-{scores[1]}")
        assert lines[crowded.id].endswith(": playing: bob (away), ana (away), 2 medium bots")
        too_long = {key: line for key, line in lines.items() if len(line) > room_for}
        assert not too_long


class KeysScreen(Screen):
    """A table screen's footer in a busy moment: more keys than 80 columns hold,
    the table's chat key last (as Moonshell's over SSH: "t Chests  : Ch")."""

    BINDINGS = [
        Binding("question_mark", "noop('question_mark')", "Help"),
        Binding("q", "noop('q')", "Quit"),
        Binding("r", "noop('r')", "Rotate"),
        Binding("p", "noop('p')", "Pull"),
        Binding("c", "noop('c')", "Collect"),
        Binding("u", "noop('u')", "Undo"),
        Binding("o", "noop('o')", "Objectives"),
        Binding("t", "noop('t')", "Chests"),
        Binding("colon", "chat", "Chat"),
    ]

    def compose(self):
        yield KeysLine()

    def action_noop(self, key: str) -> None:
        pass

    def action_chat(self) -> None:
        pass


async def test_a_footer_too_long_for_80_columns_cuts_no_key():
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(KeysScreen())
        await settle(pilot)
        keys = app.screen.query_one(KeysLine)
        entries = keys.entries()
        assert len("".join(f" {key} {what} " for key, what, _ in entries)) > 80  # too many
        shown = keys.render().plain
        assert len(shown) <= 80
        whole = [f" {key} {what} " for key, what, _ in entries if f" {key} " in shown]
        assert shown == "".join(whole)  # each key listed with its whole word, none cut
        assert " t Chests " in shown and ":" not in shown  # the last (chat) goes


async def test_a_lost_solo_table_says_lost_and_its_score(tmp_path):
    """A Moonlighter campaign lost read "finished: nobody won, 3000" in the lobby."""
    from tideboard.engine.bots import make_bot
    from tideboard.serve.tables import Room
    from tideboard.store.games import Store

    room = Room(Store.open(tmp_path / "t.db", import_autosaves=False), bot_delay=0)
    table = room.create("ana", "moonlighter", 1)
    game = table.match.game
    bot = make_bot(game, "random", seed=3)
    while not table.over:
        state = table.match.state
        room.act(
            table.id, "ana", bot.choose(game, game.view(state, 0), 0, game.legal_for(state, 0))
        )
    assert not table.match.game.winners(table.match.state)  # (random never clears it)
    score = table.match.game.scores(table.match.state)[0]
    assert table.result() == f"ana lost, score {score}"
