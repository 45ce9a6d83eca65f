"""Issue 20 (found playing over SSH): at a server table the game-over keys go back
to the lobby, never end the session (only the lobby's q leaves the server), and
the results and the footer say "Lobby", not "Picker" (session apps driven by
Textual's Pilot, no SSH)."""

from __future__ import annotations

from tests.serve.lobby_helpers import fixed_ids, lobby_app, new_room, play_out
from tests.ui.helpers import settle, wait_for
from tideboard.serve.lobby import LobbyScreen
from tideboard.serve.table_screen import RemoteTable
from tideboard.ui.shared.modals import EndScreen, HelpScreen


def finished(tmp_path, monkeypatch):
    fixed_ids(monkeypatch)
    room = new_room(tmp_path)
    done = room.create("ana", "shifting-stones", 2)
    room.join(done.id, "bob")
    play_out(room, done)
    return room, done


def footer_keys(screen) -> dict[str, str]:
    return {
        key: active.binding.description
        for key, active in screen.active_bindings.items()
        if active.binding.show
    }


async def test_q_on_the_results_at_a_table_goes_to_the_lobby(tmp_path, monkeypatch):
    room, done = finished(tmp_path, monkeypatch)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        app.call_later(app.open_table, done)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        results = app.screen
        labels = [str(button.label) for button in results.query("Button")]
        assert "Lobby (p)" in labels and not any("Picker" in x or "Quit" in x for x in labels)
        assert footer_keys(results).get("p") == "Lobby" and "q" not in footer_keys(results)
        await pilot.pause(EndScreen.GUARD)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.is_running and app.return_code is None


async def test_q_at_a_finished_table_after_the_results_goes_to_the_lobby(tmp_path, monkeypatch):
    room, done = finished(tmp_path, monkeypatch)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        app.call_later(app.open_table, done)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause(EndScreen.GUARD)
        await pilot.press("escape")  # the final board and the log
        await wait_for(pilot, lambda: isinstance(getattr(app.screen, "control", None), RemoteTable))
        await settle(pilot)
        keys = footer_keys(app.screen)
        assert keys.get("p") == "Lobby" and "Quit" not in keys.values()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.is_running and app.return_code is None


async def test_help_at_a_table_says_q_and_p_go_to_the_lobby(tmp_path, monkeypatch):
    room, done = finished(tmp_path, monkeypatch)
    app = lobby_app(room, "ana")
    async with app.run_test(size=(80, 24)) as pilot:
        app.call_later(app.open_table, done)
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause(EndScreen.GUARD)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(getattr(app.screen, "control", None), RemoteTable))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = app.screen.keys
        said = dict(keys)
        assert "p or q goes back to the lobby" in said["at game over"]
        assert [what for key, what in keys if key == "q"] == [said["q"]]  # one q: the table's
        assert "lobby" in said["q"] and "picker" not in " ".join(what for _, what in keys)
