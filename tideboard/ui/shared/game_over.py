"""Game over: the results window, the final board studied after it, and its keys.

A mixin of :class:`~tideboard.ui.shared.game_screen.GameScreen` (which holds
the key bindings and decides when they apply).
"""

from __future__ import annotations

from typing import Any

from tideboard.engine.match import Match
from tideboard.engine.seeds import new_seed


class GameOver:
    """What a game screen does once the game is over (``self.ended``)."""

    match: Any
    game: Any
    state: Any
    ended: bool

    def _open_results(self) -> None:
        self.sync_bindings()
        self.show_results(f"{self.game.info.name}: game over", self.end_table(),
                          self.game.result_text(self.state), self.match.config.seed,
                          self._end_choice)

    def _study_board(self) -> None:
        """The results closed: the final board and the log stay, with the game-over keys."""
        self.sync_bindings()
        self.say(f"Game over. {self.game.result_text(self.state)}  r: results, a: play "
                 "again, p: picker, q: quit.")

    def action_results(self) -> None:
        if self.ended and self.is_active:
            self._open_results()

    def action_again(self) -> None:
        self._end_choice("again")

    def action_picker(self) -> None:
        self._end_choice("picker")

    def action_quit_app(self) -> None:
        self._end_choice("quit")

    def end_table(self) -> Any:
        """The final score table for the end screen; subclasses may override."""
        from rich.table import Table

        table = Table(box=None)
        table.add_column("Player")
        table.add_column("Score", justify="right")
        winners = set(self.game.winners(self.state))
        for seat, score in enumerate(self.game.scores(self.state)):
            mark = " *" if seat in winners else ""
            table.add_row(self.player_name(seat) + mark, str(score))
        return table

    def player_name(self, seat: int) -> str:
        """``seat_name``, with " (you)" on the one human's row among bots (for tables)."""
        humans = self.human_seats
        you = bool(self.bots) and humans == [seat] and self.seat_name(seat) != "You"
        return self.seat_name(seat) + (" (you)" if you else "")

    def _end_choice(self, choice: str | None) -> None:
        if choice == "board":
            self._study_board()
        elif choice == "again":
            config = self.match.config.evolve(seed=new_seed())
            new = Match.start(self.game, config)  # a new record: the finished one stays
            self.app.switch_screen(type(self)(new, self.bot_levels, self.bot_delay))
        elif choice == "quit":
            self.app.exit()
        else:
            self.app.show_picker()
