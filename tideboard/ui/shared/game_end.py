"""A game screen's end: the result recorded, the results window, studying the
board after it, and the game-over keys (r results, a again, p picker or lobby, q
quit); the screen keeps ``ended`` and routes its game-over actions here
(``GameScreen.end``), as it routes ``h`` to its hints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tideboard.engine.match import Match
from tideboard.ui.shared.control import Control
from tideboard.ui.shared.status import StatusLine


def score_table(screen: Any) -> Any:
    """The plain results table: each player's score, the winners starred."""
    from rich.table import Table

    table = Table(box=None)
    table.add_column("Player")
    table.add_column("Score", justify="right")
    winners = set(screen.game.winners(screen.state))
    for seat, score in enumerate(screen.game.scores(screen.state)):
        mark = " *" if seat in winners else ""
        table.add_row(screen.player_name(seat) + mark, str(score))
    return table


class EndingScreen(Protocol):
    """The game screen as its end sees it (``GameScreen``, which imports this)."""

    ended: bool

    @property
    def app(self) -> Any: ...

    @property
    def control(self) -> Control: ...

    @property
    def game(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def match(self) -> Match: ...

    def sync_bindings(self) -> None: ...

    def end_table(self) -> Any: ...

    def status_line(self) -> StatusLine | None: ...

    def say(self, message: str, error: bool = False) -> None: ...

    def show_results(
        self,
        title: str,
        table: Any,
        result: str,
        seed: int | None,
        then: Callable[[str | None], Any],
        home: str = "Picker",
        quits: bool = True,
    ) -> None: ...


class GameEnd:
    """What a game screen does once its game is over."""

    def __init__(self, screen: EndingScreen) -> None:
        self.screen = screen

    def show(self) -> None:
        """The game is over: record the result, show the results window."""
        screen = self.screen
        if screen.ended:
            return
        screen.ended = True
        screen.control.save()  # records the result (and the record shows the seed from now on)
        self.open_results()

    def offers(self, action: str) -> bool:
        """Whether a game-over key applies: p's picker or lobby (``Control.home_word``);
        q quits or goes where p does."""
        control = self.screen.control
        lobby = control.home_word == "Lobby"
        if action == "picker":
            return not lobby
        if action == "lobby":
            return lobby or not control.quits
        return action != "quit_app" or control.quits

    def open_results(self) -> None:
        screen = self.screen
        screen.sync_bindings()
        screen.show_results(
            f"{screen.game.info.name}: game over",
            screen.end_table(),
            screen.control.named(screen.game.result_text(screen.state)),
            screen.match.config.seed,
            self.choose,
            home=screen.control.home_word,
            quits=screen.control.quits,
        )

    def study_board(self) -> None:
        """The results closed: the final board and the log stay, with the game-over keys."""
        screen = self.screen
        screen.sync_bindings()
        control = screen.control
        home = control.home_word.lower()
        keys = f"r: results, a: play again, p: {home}" + (", q: quit." if control.quits else ".")
        message = f"Game over. {control.named(screen.game.result_text(screen.state))}  {keys}"
        line = screen.status_line()
        if line is not None and not line.fits(message):  # (the result is in the results)
            message = f"Game over. {keys}"
        screen.say(message)

    def choose(self, choice: str | None) -> None:
        """What the results window (or a game-over key) chose."""
        screen = self.screen
        if choice == "board":
            self.study_board()
        elif choice == "again":
            screen.control.play_again()
        elif choice == "quit" and screen.control.quits:
            screen.app.exit()
        else:
            screen.app.show_picker()
