"""Keys (and pastes) of one burst handled one after another, in order.

Textual decides where a key goes (the focused widget, else the screen) as it
takes it from the terminal, and runs the screen's bindings only when it comes
back up, so the keys of one write (``Down Down Down``, ``e y``, a paste after
Tab) would all go where the first one went, before it moved the focus or
opened a window.  :class:`KeysInOrder`, mixed into the app before ``App``,
sends each key on only once the one before it came back (a marker message
follows it through the same widgets).
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message

if TYPE_CHECKING:  # the type checker sees the App this is mixed into
    from textual.app import App

    _AppBase = App
else:
    _AppBase = object


class KeysInOrder(_AppBase):
    """An ``App`` mixin: see the module's text.  ``input_pending`` says whether
    keys are still on their way (tests wait for it)."""

    IN_FLIGHT_LIMIT = 2.0  # seconds a key may hold back the next (a lost marker)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # keys of a burst waiting for the one before them to be handled
        self._held_input: deque[events.Key | events.Paste] = deque()
        self._in_flight: tuple[int, Any, float] | None = None  # (number, sent to, when)
        self._input_number = 0
        self._in_flight_timer: Any = None

    class InputHandled(Message):
        """Follows a key (or a paste) through the widgets it was sent to: back at
        the app, every one of them has handled it (or stopped it)."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    async def on_event(self, event: events.Event) -> None:
        """Keys and pastes one at a time, each sent on only once the one before
        it has been handled everywhere it went (the module's text says why)."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._held_input.append(event)
            if self._in_flight is None:
                await self._send_held_input()
            else:
                self._check_in_flight()
            return
        await super().on_event(event)

    @property
    def input_pending(self) -> bool:
        """Whether keys (or a paste) are still on their way or waiting their turn."""
        return bool(self._held_input) or self._in_flight is not None

    async def _send_held_input(self) -> None:
        while self._held_input and self._in_flight is None:
            event = self._held_input.popleft()
            target = self.focused or self.screen  # where Textual sends it (App.on_event)
            await super().on_event(event)
            if not event.is_forwarded:
                continue  # handled here (a priority binding), or dropped
            self._input_number += 1
            if target.post_message(self.InputHandled(self._input_number)):
                self._in_flight = (self._input_number, target, time.monotonic())
                if self._in_flight_timer is None:  # one at a time, however many keys
                    self._in_flight_timer = self.set_timer(
                        self.IN_FLIGHT_LIMIT, self._in_flight_timeout
                    )

    def on_keys_in_order_input_handled(self, message: InputHandled) -> None:
        if self._in_flight is not None and self._in_flight[0] == message.number:
            # after what that key left in the app's queue (a focus change, a callback)
            self.call_later(self._release_input, message.number)

    async def _release_input(self, number: int) -> None:
        if self._in_flight is not None and self._in_flight[0] == number:
            self._in_flight = None
            await self._send_held_input()

    def _in_flight_timeout(self) -> None:
        self._in_flight_timer = None
        self._check_in_flight()
        if self._in_flight is not None:
            self._in_flight_timer = self.set_timer(
                self.IN_FLIGHT_LIMIT / 4, self._in_flight_timeout
            )

    def _check_in_flight(self) -> None:
        """A key whose marker cannot come back (its widget was removed on the
        way) holds back the next ones no longer than ``IN_FLIGHT_LIMIT``."""
        if self._in_flight is None:
            return
        number, target, since = self._in_flight
        if not target.is_attached or time.monotonic() - since >= self.IN_FLIGHT_LIMIT:
            self.call_later(self._release_input, number)
