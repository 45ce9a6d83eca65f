"""A match played on this machine: the controller of a game screen opened from the
picker or by ``tideboard play``/``resume``.

It runs the bots (one move per ``bot_delay``), puts up the hand-over screen between
hot-seat players so that each sees only their own secrets, and saves every move in
the game store (``saving.py``: a failed save is shown and retried, never lost).

A move that ends its player's turn, in a game whose screen asks for it
(``GameScreen.turn_end``), waits for Enter (``Control.held``): the bots and the
next hot-seat player's hand-over screen come only then.  A move that revealed
nothing is not made until Enter (u takes it back); one that revealed something
is made and saved at once, and only the hand-over waits.  Leaving the game (or
the app closing) hands the turn over.

A bot thinks outside the event loop (``engine/thinking.py``: an ``expert`` in the
process pool, a ``greedy`` or ``easy`` one in a thread; a ``random`` one and a
forced move answer at once), awaited by a worker the screen owns: keys are
handled meanwhile (help, the log, a cursor), and leaving the game cancels it.  Its answer is played only on the match it was
thought for (an undo or a new game meanwhile drops it) and, like every bot's
move, only while the game's screen is in front (under a window it waits).
"""

from __future__ import annotations

from typing import Any

from tideboard.engine import thinking
from tideboard.engine.bots import make_bot
from tideboard.engine.core import IllegalAction, seat_label
from tideboard.engine.match import Match
from tideboard.engine.seeds import new_seed
from tideboard.ui.shared.control import Control
from tideboard.ui.shared.saving import SaveState, last_save, save_match


class LocalGame(Control):
    """A match on this machine: its bots, its hot-seat players, its record in the store."""

    def __init__(
        self, match: Match, bots: dict[int, str], bot_delay: float = 0.6, writer: Any = None
    ) -> None:
        super().__init__(match, bots)
        self.bots = {
            seat: make_bot(match.game, level, seed=match.config.seed * 97 + seat)
            for seat, level in bots.items()
        }
        self.bot_delay = bot_delay
        # the game's record in the store (a GameWriter); None until the first save
        # creates it (see ``save``)
        self.writer = writer
        self.save_error: str | None = None  # the last failed save, until one succeeds
        self.saving = SaveState()
        self.thinking: Match | None = None  # the match a bot thinks on (off the loop)
        self.answer: tuple[Match, Any] | None = None  # its move, not played yet

    def human_to_move(self) -> int | None:
        """The human seat to move and looking (for a public decision, at the spectator's view)."""
        seat = self.next_seat()
        public = seat is not None and self.viewer is None and not self.screen.needs_privacy(seat)
        return seat if seat not in self.bots and (seat == self.viewer or public) else None

    # -- the loop -------------------------------------------------------------------
    def start(self) -> None:
        self.screen.call_after_refresh(self.save)  # the record once the first frame is up
        if any(bot.level == "expert" for bot in self.bots.values()):
            thinking.warm(self.match.game.info.id)  # (its first move need not wait)
        super().start()

    def stop(self) -> None:
        self._keep_held()  # leaving hands a waiting turn over (it is saved)
        last_save(self)  # a game not saved (a full disk) gets a last try

    def save(self) -> None:
        """The game's record brought up to the match on screen, off the event loop
        (ui/shared/saving.py)."""
        save_match(self)

    @property
    def saves_pending(self) -> int:
        """Saves asked and not yet handed back to the app (they run on the store's
        writer thread)."""
        return self.saving.pending

    def wait_for_saves(self) -> None:
        """Block until every save asked has run and its outcome is handed back
        (what a test checks the store against; the screen closing does the same)."""
        self.saving.wait()

    def play(self, action: Any) -> bool:
        try:
            made = self.match.play(action)
        except IllegalAction as error:
            self.screen.say(str(error), error=True)
            return False
        if self.held is None and self.hold(action, made.state, made):
            assert self.held is not None
            if self.held.end.final:  # it revealed something: made (and saved) now
                self.match = made
                self.screen.write_log()
                self.save()
            self.show_held()
            return True
        self.match = made
        self._after_change()
        return True

    def hand_over(self) -> None:
        """Enter: the held move is made (if it was not yet) and the turn passes."""
        if self.held is None:
            return
        self._keep_held()
        self._after_change()

    def _keep_held(self) -> None:
        """The held move into the match (saved), and nothing held any more."""
        held, self.held = self.held, None
        if held is not None and held.made is not None and self.match is held.base:
            self.match = held.made
            self.save()

    def _after_change(self) -> None:
        self.screen.write_log()
        self.save()
        self.advance()

    def advance(self) -> None:
        screen, game, state = self.screen, self.match.game, self.match.state
        if game.is_over(state):
            screen.refresh_table()
            screen.say(f"Game over. {game.result_text(state)}")
            screen.show_end()
            return
        seat = self.next_seat(state)
        assert seat is not None  # (the game is not over: someone is to move)
        if seat in self.bots:
            screen.refresh_table()
            screen.say(f"{screen.seat_does(seat, 'is', 'are')} playing...")
            screen.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        if seat != self.viewer and len(self.human_seats) > 1 and game.info.hidden_information:
            self.viewer = None
            screen.refresh_table()
            if screen.needs_privacy(seat):  # (else a public decision, at the spectator's view)
                screen.show_privacy(
                    seat, seat_label(seat), screen.SECRETS, lambda show: self._hand_over(seat, show)
                )
            return
        self._reveal(seat)

    def _hand_over(self, seat: int, show: bool | None) -> None:
        """The hand-over screen's answer: show ``seat``'s secrets, or leave the game."""
        if show:
            self._reveal(seat)
        else:
            self.screen.app.leave_game()

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.screen.refresh_table()

    def _bot_step(self) -> None:
        screen, game = self.screen, self.match.game
        if self.held is not None:  # (a turn's end waits for Enter: Enter advances)
            return
        if not screen.is_current or game.is_over(self.match.state):
            if not game.is_over(self.match.state):  # wait under a modal, try again
                screen.set_timer(max(self.bot_delay, 0.01), self._bot_step)
            return
        answer, self.answer = self.answer, None
        if answer is not None and answer[0] is self.match:  # a bot's move, thought
            self._bot_moved(answer[1])
            return
        if self.thinking is not None:  # (a bot is thinking: its answer comes, and one
            return  # thought on a match that is gone calls again: one move at a time)
        seat = self.next_seat()
        bot = None if seat is None else self.bots.get(seat)
        if (
            seat is None or bot is None
        ):  # a human's choice now (a second timer, or the seats changed)
            self.advance()
            return
        state = self.match.state
        view, legal = game.view(state, seat), game.legal_for(state, seat)
        if thinking.off_loop(bot, legal):  # it thinks off the loop (a pool, a thread)
            self.thinking = self.match
            screen.run_worker(
                self._think(self.match, bot, view, seat, legal),
                name="bot",
                group="bot",
                exit_on_error=False,
            )
            return
        self._bot_moved(bot.choose(game, view, seat, legal))

    async def _think(self, match: Match, bot: Any, view: Any, seat: int, legal: Any) -> None:
        """A bot's move, thought off the loop; played by :meth:`_bot_step` if the
        match is still the one it was thought for."""
        try:
            action = await thinking.choose(match.game, bot, view, seat, legal)
        except Exception:  # (never a traceback: the bot thinks here instead)
            action = bot.choose(match.game, view, seat, legal)
        finally:
            if self.thinking is match:
                self.thinking = None
        if self.match is match:
            self.answer = (match, action)
            self._bot_step()
        elif self.next_seat() in self.bots:  # the game moved on: the answer is dropped,
            self._bot_step()  # and the bot to move now thinks on the match as it is

    def _bot_moved(self, action: Any) -> None:
        self.match = self.match.play(action)
        self._after_change()

    # -- the screen's other requests -------------------------------------------------
    def hint_refusal(self) -> str | None:
        return None  # (ui/shared/hints.py: only for the person to move, never a bot)

    def undo(self) -> None:
        if self.held is not None:
            self.take_back()
            return
        screen, game, match = self.screen, self.match.game, self.match
        if self.human_to_move() is None:
            screen.say("Wait: it is not your turn.", error=True)
            return
        if not match.actions:
            screen.say("Nothing to undo yet.", error=True)
            return
        before, after = match.states[-2], match.states[-1]
        action = match.actions[-1]
        if game.seat_of(before, action) != self.human_to_move():
            screen.say("Nothing to undo this turn: the last move was another player's.", error=True)
            return
        if not game.undoable(before, action, after):
            reason = game.undo_refusal(before, action, after)
            screen.say(f"That move cannot be taken back: {reason}.", error=True)
            return
        self.match = match.undo()
        screen.write_log()  # the undone lines leave the log
        self.save()
        screen.notify("Move taken back.", timeout=2)
        screen.refresh_table()  # redraws, and the status line shows what to do next

    def leave(self) -> None:
        screen = self.screen
        if not screen.is_active:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                screen.app.leave_game()

        where = "from the picker" if screen.app.picker_used else "with 'tideboard resume'"
        handed = " Your turn is handed over and the game" if self.held is not None else " It"
        screen.ask(
            f"Leave this game?{handed} is saved: resume it {where}.", "Leave", "Stay", answer
        )

    def play_again(self) -> None:
        """A new match of the same game and seats (a new record: the finished one stays)."""
        config = self.match.config.evolve(seed=new_seed())
        new = Match.start(self.match.game, config)
        screen = self.screen
        screen.app.switch_screen(type(screen)(new, self.bot_levels, self.bot_delay))
