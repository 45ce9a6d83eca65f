"""The one place tideboard reaches into Textual's private names.

Each name here is tested in ``tests/ui/test_textual_compat.py``, so a Textual
upgrade that moves or changes one fails there, loudly, not in a session.
Everything else uses Textual's public API; a private name is kept here only
where no public way does the job, or where it buys at least 3% of a measured
figure (the figures are in docs/architecture.md, "Textual's private names").

- ``XTermParser``: Textual's own parser of terminal input (its drivers use it);
  the SSH driver feeds it the bytes a client sends.
- ``SYNC_START`` / ``SYNC_END``: the synchronized-update brackets Textual writes
  around a frame; the SSH driver drops whole frames for a client that does not
  read, and must write an end only after its start.
- :func:`parser_waits` (the parser's ``_timeout_time``): whether the parser
  holds a lone Esc (or another unfinished sequence) that only its ``tick``
  turns into a key; the SSH driver then schedules a tick.
- :class:`RulesHookStylesheet` (``Stylesheet._parse_rules``): the parse of one
  source, which ``tideboard serve`` shares between its sessions
  (ui/styles.py; about a quarter of an SSH session's memory).
- :func:`give_result_callback` (``Screen._result_callbacks`` and
  ``_push_result_callback``): the app's first screen is its own default screen
  (``get_default_screen``), not pushed over Textual's blank one (3% of the
  picker's first frame, 5% of a game's); Textual gives such a screen no result
  callback, and ``switch_screen`` pops one from the screen it replaces.
- :func:`screen_lines` (the screen's compositor and ``App._background_screens``):
  the characters on the terminal now, every screen that shows through; the
  monkey test reads them to check that no seat's secret is on screen.
- :func:`notices_shown` (``App._notifications``): the notices on screen now
  (Textual has no public list of them); tests read them.
- :func:`on_frame` (``App._display``): a callback as each frame is handed to
  the driver; the benchmarks time the first frame with it.
- :func:`skip_unseen_frames` (``Screen._compositor_refresh``, the screen's
  ``_compositor`` and its ``_dirty_regions``): for the tests only.  A headless
  app (``App.run_test``) draws every frame and its driver throws it away; the
  app tests skip drawing those (a third of their CPU), still laying out every
  frame, and draw what they read (:func:`screen_lines`, snapshots) and each
  app's last screen (tests/conftest.py).
- :func:`idle_wait_window` (``textual._wait``'s ``SLEEP_GRANULARITY`` and
  ``SLEEP_IDLE``): for the tests only.  After each key a pilot presses, Textual
  waits twice until the app is idle, in windows of 20 ms (the app is idle when
  it used under a twentieth of a window's time); that sleep was half of the
  app tests' time.  The tests wait in windows of 4 ms, by the same measure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual._ansi_sequences import SYNC_END, SYNC_START  # noqa: F401
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

if TYPE_CHECKING:
    from textual._xterm_parser import XTermParser

__all__ = [
    "SYNC_END",
    "SYNC_START",
    "RulesHookStylesheet",
    "XTermParser",
    "give_result_callback",
    "idle_wait_window",
    "notices_shown",
    "on_frame",
    "parser_waits",
    "screen_lines",
    "skip_unseen_frames",
]

# (css, read_from, is_default_rules, tie_breaker, scope): one source of a stylesheet
Source = tuple[str, Any, bool, int, str]


def __getattr__(name: str) -> Any:
    # XTermParser is imported when the SSH driver first asks for it: the app
    # imports this module too, and a headless app (tests, benchmarks) has no other use for it
    if name == "XTermParser":
        from textual._xterm_parser import XTermParser

        return XTermParser
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parser_waits(parser: XTermParser) -> bool:
    """``parser`` holds input that a later ``tick`` may turn into events."""
    return parser._timeout_time is not None


def give_result_callback(screen: Screen) -> None:
    """Give ``screen`` (the app's first, default screen) the empty result
    callback a pushed screen has, so that ``switch_screen`` can replace it
    (it pops one: without, an IndexError, the screen already off the stack)."""
    if not screen._result_callbacks:
        screen._push_result_callback(screen, None)


class RulesHookStylesheet(Stylesheet):
    """A :class:`Stylesheet` whose parse of each source (``parse`` asks for
    them one at a time, past the sheet's own small cache) goes through
    :meth:`rules_of`, which a subclass overrides.  Textual's ``reparse``
    parses into a new plain ``Stylesheet``, past this hook."""

    def rules_of(self, source: Source, parse: Callable[[], list[Any]]) -> list[Any]:
        """The rule sets of ``source``; ``parse()`` parses it (with this
        sheet's variables)."""
        return parse()

    def _parse_rules(
        self,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[Any]:
        source = (css, read_from, is_default_rules, tie_breaker, scope)
        parse = super()._parse_rules
        return self.rules_of(source, lambda: parse(*source))


def screen_lines(app: App[Any]) -> list[str]:
    """The characters on ``app``'s terminal now, line by line: the top screen
    and every screen under it that shows through (a window's backdrop)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False).replace("\xa0", " ").split("\n")


def notices_shown(app: App[Any]) -> list[str]:
    """The messages of the notices (``App.notify``) on ``app``'s screen now,
    oldest first."""
    return [str(notification.message) for notification in app._notifications]


def on_frame(app: App[Any], callback: Callable[[Screen, Any], None]) -> None:
    """Call ``callback(screen, update)`` as ``app`` hands each frame (or update,
    None when nothing changed) to its driver, before the driver writes it."""
    display = app._display

    def displayed(screen: Screen, renderable: Any) -> None:
        callback(screen, renderable)
        display(screen, renderable)

    app._display = displayed  # type: ignore[method-assign]


_skipping = False


def skip_unseen_frames(skip: bool) -> None:
    """For the tests: while ``skip``, a headless app lays out each frame as
    usual but does not draw it (its driver would throw the drawing away): the
    screen's pending update is dropped, and Textual's bookkeeping after a frame
    (the widgets marked clean, the mouse's hover) still runs.  What a test reads
    with :func:`screen_lines` or a snapshot is drawn in full, from the widgets,
    as ever.  An app with a terminal (the SSH and browser doors) draws every
    frame whatever this says."""
    global _skipping
    _skipping = skip
    if getattr(Screen._compositor_refresh, "_skips_unseen", False):
        return
    refresh = Screen._compositor_refresh

    def compositor_refresh(self: Screen) -> None:
        app = self.app
        if not (_skipping and app.is_headless and self is app.screen):
            refresh(self)
            return
        compositor = self._compositor

        def dropped(*args: Any, **kwargs: Any) -> None:
            compositor._dirty_regions.clear()  # what the partial update would draw

        compositor.render_update = dropped  # type: ignore[method-assign]
        try:
            refresh(self)  # hands None to the driver: nothing to write
        finally:
            del compositor.render_update

    compositor_refresh._skips_unseen = True  # type: ignore[attr-defined]
    Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]


def idle_wait_window(seconds: float) -> float:
    """For the tests: Textual's pilot waits for the app to be idle (after each
    key pressed, and in ``pause()``) by sleeping in windows of ``seconds``
    until a window in which the process used less than a twentieth of it.
    Returns the window it replaced."""
    from textual import _wait

    old = _wait.SLEEP_GRANULARITY
    _wait.SLEEP_GRANULARITY = seconds
    _wait.SLEEP_IDLE = seconds / 20
    return old
