"""``h`` in every game screen: the expert's three best moves for the person at the
screen, from their seat's view only (``engine/hints.py`` words them and says why).

The search runs off the event loop (``engine.thinking.rank``), so keys keep working
while it thinks ("Thinking…" in the status line; another ``h`` meanwhile only says
so).  When it answers, if the position is still the one it was asked about, the
three moves open in a window (``h`` or Esc closes it), the first is highlighted on
the board where the game can (its screen's ``highlight_hint(action)``, which answers the
key that makes it: "Enter" where it is picked, else the move's own key, named in the
status line and the window: "Hint (x makes it): ...") and the log notes the
hint (``Control.note_hint``: at a server table the others read only that it was
used).  A hint is only for the seat to move and looking at its own secrets (in
hot-seat, after the hand-over screen), never for a bot's turn, and only where the
controller allows hints (``Control.hint_refusal``: a replay never, a server table
when its creator allowed them).
"""

from __future__ import annotations

import zlib
from typing import Any

from rich.text import Text

THINKING = "Thinking… (the expert looks for your best moves; keys still work)"
# under the hints: why the first is first even where a later one's figures read higher
HINTS_NOTE = (
    "(the expert's view, from what you can see: best first, the one it would play "
    "(its search's most tried move, or the best of its plan for the turn); its "
    "figures are estimates, and ~ marks one from playouts that did not reach the end)"
)


class Hints:
    """A game screen's hints: asked with ``h``, at most one search at a time."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.asked: tuple[Any, int] | None = None  # (the match, the seat) while thinking
        self.last: list[Any] = []  # the hints shown last (for tests)

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def offered(self) -> bool:
        """Whether a hint may be given now (the footer lists ``h``)."""
        screen = self.screen
        return screen.control.hint_refusal() is None and screen.human_to_move() is not None

    def ask(self) -> None:
        screen = self.screen
        control = screen.control
        if self.asked is not None:
            screen.say(THINKING)
            return
        refusal = control.hint_refusal()
        if refusal:
            screen.say(refusal, error=True)
            return
        seat = screen.human_to_move()
        if seat is None:
            screen.say(control.waiting("A hint is for your turn: it is not yours now."), True)
            return
        if control.viewer != seat:  # (a decision made at the spectator's view)
            screen.say("A hint comes only with your secrets on screen.", error=True)
            return
        from tideboard.engine.bots import default_budget

        match = control.match
        game, state = match.game, match.state
        view = game.view(state, seat)
        legal = list(game.legal_for(state, seat))
        self.asked = (match, seat)
        screen.say(THINKING)
        # the search's generator from what the seat sees (never the game's seed):
        # the same view asks the same search
        seed = zlib.crc32(repr(view).encode())
        screen.run_worker(
            self._think(game, view, seat, legal, default_budget(), seed),
            group="hints",
            exit_on_error=False,
        )

    async def _think(
        self, game: Any, view: Any, seat: int, legal: list[Any], budget: Any, seed: int
    ) -> None:
        from tideboard.engine.hints import hints
        from tideboard.engine.thinking import rank

        screen = self.screen
        asked = self.asked
        try:
            result = await rank(game, view, seat, legal, budget, seed)
            shown = hints(game, view, seat, result)
        except Exception:  # (never a traceback: the player is told)
            self.asked = None
            if screen.is_attached:
                screen.say("No hint this time: the search failed.", error=True)
            return
        self.asked = None
        control = screen.control
        if not screen.is_attached or asked is None:
            return
        if control.match is not asked[0] or screen.human_to_move() != seat:
            if screen.human_to_move() == seat:
                screen.say("The position changed while thinking: h asks again.")
            return
        self.show(seat, shown)

    def show(self, seat: int, shown: list[Any]) -> None:
        """The hints in a window, the first highlighted, the log told."""
        screen = self.screen
        self.last = shown
        screen.control.note_hint(seat, shown[0])
        highlight = getattr(screen, "highlight_hint", None)  # (the games that can)
        key = None if highlight is None else highlight(shown[0].action)
        makes = "" if key is None else f" ({key} makes it)"
        screen.say(f"Hint{makes}: {shown[0].text}")
        if not screen.is_current:  # (a window is open: the status line and the log say it)
            return
        body = Text()
        for number, hint in enumerate(shown, 1):
            if number > 1:
                body.append("\n")
            body.append(f"{number}. {hint.words}", style="bold")
            if number == 1 and makes:
                body.append(makes)
            body.append(f"\n   {hint.why}")
            if hint.then:  # (the first: the rest of the turn its plan plays)
                body.append("\n   then " + "; then ".join(hint.then))
        name = screen.control.seat_name(seat)
        title = "Hints: your best moves" if name == "You" else f"Hints for {name}: best moves"
        screen.show_blocks([(title, body), ("", HINTS_NOTE)], key="h")
