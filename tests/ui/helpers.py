"""Helpers for driving the app with Textual's Pilot."""

from __future__ import annotations

from typing import Any

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.ui.app import TideboardApp

SS = "shifting-stones"


def app_for(players=2, solo=False, seed=5, bots=None, theme=None, game_id=SS) -> TideboardApp:
    """An app that opens straight into a new game of ``game_id``."""
    config = GameConfig(players=players, solo=solo, seed=seed)
    return TideboardApp(theme=theme, game_id=game_id, config=config, bots=bots or {}, bot_delay=0)


def app_with_match(match: Match, bots=None, theme=None, via_picker=False) -> TideboardApp:
    """An app whose game starts from ``match`` (built by a test): its first
    screen, as ``tideboard play`` opens one (leaving it ends the app), or with
    ``via_picker`` pushed over the picker (leaving it goes back there)."""
    if not via_picker:
        return TideboardApp(theme=theme, bot_delay=0, start=match, bots=bots or {})
    app = TideboardApp(theme=theme, bot_delay=0)
    app.call_after_refresh(lambda: app.start_match(match, bots or {}))
    return app


def app_with_state(
    state, config: GameConfig, bots=None, game_id: str = SS, theme=None, via_picker=False
) -> TideboardApp:
    """An app whose game starts from ``state`` (built by a test)."""
    match = Match(registry.load(game_id), config, (state,))
    return app_with_match(match, bots, theme, via_picker)


async def settle(pilot, times: int = 3) -> None:
    """Let the app process what the last key started (timers, screens, and the
    saves running on the store's writer thread)."""
    for _ in range(times):
        await pilot.pause()
    await saves_done(pilot)


async def saves_done(pilot, seconds: float = 10.0) -> None:
    """Until every game screen's saves are done and handed back to the app
    (they run on the store's writer thread: ui/shared/saving.py)."""
    for _ in range(int(seconds / 0.01)):
        if not any(
            getattr(getattr(screen, "control", None), "saves_pending", 0)
            for screen in pilot.app.screen_stack
        ):
            return
        await pilot.pause(0.01)


async def wait_for(pilot, condition, seconds: float = 20.0) -> None:
    """Until ``condition()`` holds, for at most ``seconds`` (a deadline, not a number
    of pauses: on a busy machine a pause takes longer), then assert it."""
    import time

    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.01)
    assert condition()


async def hinted(pilot, screen, seconds: float = 20.0) -> None:
    """Until ``screen``'s hint search (``h``) has answered, then settle."""
    import time

    deadline = time.monotonic() + seconds
    await pilot.pause(0.01)
    while screen.hints.thinking and time.monotonic() < deadline:
        await pilot.pause(0.01)
    await settle(pilot)


async def settle_keys(pilot, times: int = 40) -> None:
    """Until every queued key was handled (at most ``times`` pauses), then settle."""
    app = pilot.app
    for _ in range(times):
        await pilot.pause()
        if not getattr(app, "input_pending", False):
            break
    await settle(pilot)


def notices(app) -> list[str]:
    """The notices on ``app``'s screen now, oldest first."""
    from tideboard.ui.textual_compat import notices_shown

    return notices_shown(app)


def screen_bindings(node) -> list[Any]:
    """The key bindings ``node``'s class declares with its bases (``BINDINGS``), as
    Textual merges them: a class's bindings of a key replace its bases' ones."""
    from textual.binding import BindingsMap

    keys: dict[str, list[Any]] = {}
    for cls in reversed(type(node).__mro__):
        keys.update(BindingsMap(cls.__dict__.get("BINDINGS", [])).key_to_bindings)
    return [binding for bindings in keys.values() for binding in bindings]


async def burst(pilot, *keys: str, settle_times: int = 5) -> None:
    """Send ``keys`` in one burst, as a fast typist or a paste does: every key
    is queued before the app handles the first (``pilot.press`` waits for each)."""
    from textual import events

    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)  # (queued as the terminal driver queues it)
    await settle(pilot, settle_times)


async def end_guard(pilot) -> None:
    """Let the top window's guard time (``Window.GUARD``) be over now, as if the
    player had waited it out (tests that test the guard set a long one)."""
    import time

    screen = pilot.app.screen
    for _ in range(100):
        if screen.ready_at != float("inf"):
            break
        await pilot.pause(0.01)
    screen.ready_at = min(screen.ready_at, time.monotonic())


async def hand_over(pilot) -> None:
    """Pass the hot-seat hand-over screen as the next player does: wait out its
    guard time, then press their seat number."""
    from tideboard.ui.shared.modals import PrivacyScreen

    screen = pilot.app.screen
    assert isinstance(screen, PrivacyScreen), f"no hand-over screen but {screen!r}"
    await end_guard(pilot)
    await pilot.press(screen.key)
    await settle(pilot)
