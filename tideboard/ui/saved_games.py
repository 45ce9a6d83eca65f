"""Stored games in the app: the picker's Continue list, continuing a stored
game, and opening a game loaded by ``tideboard resume`` / ``tideboard replay``.

Every game played in the app is a record in the game store
(:mod:`tideboard.store.games`); the game screen keeps it up to date move by move
(``LocalGame.save``).  Nothing here replaces a record; one is deleted only when
the player asks (:func:`delete_game`, after a question).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.text import Text
from textual.widgets.option_list import Option

from tideboard.engine import registry
from tideboard.engine.core import TideboardError

RESUME_PREFIX = "resume:"
REPLAY_PREFIX = "replay:"


def when(stamp: str) -> str:
    """An ISO time from the store as local "YYYY-MM-DD HH:MM"."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, TypeError, OverflowError, OSError):
        return str(stamp)


def game_name(game_id: str) -> str:
    info = registry.GAMES.get(game_id)
    return info.name if info is not None else game_id


def players_text(summary: Any) -> str:
    """ "Player 1, Player 2 (medium bot)": a level by the name players know it by."""
    from tideboard.engine.bots import level_name

    if summary.config.solo:
        return "solo"
    return ", ".join(
        f"{seat.name} ({level_name(seat.bot)} bot)" if seat.bot else seat.name
        for seat in summary.seats
    )


LINE = 28  # the widest line of a stored game in the picker's list (it is narrow)


def seats_lines(summary: Any, width: int = LINE) -> list[str]:
    """Who plays, in short (the one person "P1", a bot by its level: "P2 medium"),
    in lines of at most ``width`` cells, broken between seats, never in a name."""
    from tideboard.engine.bots import level_name

    if summary.config.solo:
        return ["solo"]
    seats = []
    for number, seat in enumerate(summary.seats, 1):
        name = f"P{number}" if seat.name == f"Player {number}" else seat.name
        seats.append(f"{name} {level_name(seat.bot)}" if seat.bot else name)
    lines = [""]
    for n, seat in enumerate(seats):
        part = seat + ("," if n < len(seats) - 1 else "")
        if lines[-1] and len(lines[-1]) + 1 + len(part) > width:
            lines.append(part)
        else:
            lines[-1] = f"{lines[-1]} {part}".strip()
    return lines


RECENT_FINISHED = 8  # finished games the picker offers to replay


def stored_entries(app: Any) -> tuple[list[Any], list[Any], str | None]:
    """(unfinished games, newest first, damaged ones as ``DamagedGame``; the most
    recently finished games; an error message if the store cannot be read)."""
    try:
        entries = app.open_store().entries(unfinished_only=False)
    except TideboardError as error:
        return [], [], f"The saved games cannot be listed: {error}"
    unfinished = [e for e in entries if not e.finished]
    done = [e for e in entries if e.finished and hasattr(e, "result")][:RECENT_FINISHED]
    return unfinished, done, None


def add_options(options: Any, entries: list[Any], finished: list[Any]) -> None:
    """The picker's list gets "Continue a game" (``entries``) and "Replay a finished
    game" (``finished``), each under its heading."""
    for heading, part, prefix in (
        ("Continue a game", entries, RESUME_PREFIX),
        ("Replay a finished game", finished, REPLAY_PREFIX),
    ):
        if part:
            options.add_option(
                Option(Text(heading, style="bold underline"), id=f"heading:{prefix}", disabled=True)
            )
        for entry in part:
            options.add_option(Option(entry_label(entry), id=f"{prefix}{entry.id}"))


def delete_game(app: Any, game_id: str) -> str | None:
    """Delete a stored game; None, or what went wrong (nothing deleted)."""
    try:
        app.open_store().delete(game_id)
    except TideboardError as error:
        return f"Could not delete game {game_id}: {error}"
    return None


def entry_label(entry: Any) -> Text:
    """The picker's lines for a stored game, each at most ``LINE`` cells (the list
    is narrow: short lines, never wrapped; the right side shows the rest when it
    is highlighted)."""
    from tideboard.store.games import DamagedGame

    if isinstance(entry, DamagedGame):
        text = Text(f"✗ {game_name(entry.game)}", style="dim")
        text.append(f"\n  damaged, {when(entry.updated)[5:]}", style="dim")
        return text
    if entry.finished:
        text = Text(f"▶ {game_name(entry.game)}", style="bold")
        text.append(f"\n  {entry.moves} moves, {when(entry.updated)[5:]}", style="dim")
        return text
    text = Text(f"↻ {game_name(entry.game)}", style="bold italic")
    moves = f"{entry.moves} move{'s' if entry.moves != 1 else ''}"
    text.append(f"\n  {moves}, {when(entry.updated)[5:]}", style="dim")
    for line in seats_lines(entry, LINE - 2):
        text.append(f"\n  {line}", style="italic")
    return text


def entry_about(entry: Any) -> Text:
    """What the picker's right side shows for a highlighted stored game."""
    from tideboard.store.games import DamagedGame

    if isinstance(entry, DamagedGame):
        text = Text(f"Game {entry.id} is damaged\n", style="bold")
        text.append(
            f"{entry.error}\nIt is left as it is; "
            f"'tideboard export {entry.id}' or 'tideboard games' say more."
        )
        return text
    if entry.finished:
        text = Text(f"Replay {game_name(entry.game)}, game {entry.id}\n", style="bold")
        text.append(f"Players: {players_text(entry)}\n")
        text.append(f"{entry.moves} moves, seed {entry.config.seed}\n")
        text.append(f"{entry.result.text if entry.result else 'Finished'}\n")
        text.append(f"Finished {when(entry.updated)}\n")
        text.append("Enter replays it, every hand shown.", style="italic")
        return text
    text = Text(f"Continue {game_name(entry.game)}, game {entry.id}\n", style="bold")
    text.append(f"Players: {players_text(entry)}\n")
    if entry.config.variant != "standard":
        text.append(f"Variant: {entry.config.variant}\n")
    text.append(
        f"{entry.moves} move{'s' if entry.moves != 1 else ''} played"
        + (f"; {entry.turn}" if entry.turn else "")
        + "\n"
    )
    text.append(f"Last played {when(entry.updated)}, started {when(entry.created)}\n")
    text.append("Enter continues it.", style="italic")
    return text


def continue_game(app: Any, game_id: str) -> str | None:
    """Open stored game ``game_id`` (appending to its record); an error message
    if it cannot be loaded (then nothing is changed)."""
    from tideboard.store.writer import GameWriter

    try:
        writer, match, bots = GameWriter.resume(app.open_store(), game_id)
    except TideboardError as error:
        return f"Could not continue game {game_id}: {error}. It is left as it is."
    if writer.finished:
        open_replay(app, match, bots, finished=True)
        return None
    app.start_match(match, bots, writer=writer)
    return None


def replay_game(app: Any, game_id: str) -> str | None:
    """Open a replay of stored game ``game_id``; an error message if it cannot be loaded."""
    try:
        store = app.open_store()
        match, bots = store.load_match(game_id)
        finished = store.summary(game_id).finished
    except TideboardError as error:
        return f"Could not replay game {game_id}: {error}. It is left as it is."
    open_replay(app, match, bots, finished)
    return None


def open_replay(app: Any, match: Any, bots: dict[int, str], finished: bool, **names: Any) -> None:
    """Replay ``match`` (``names``: a served table's players, as ``Replay`` takes them)."""
    from tideboard.ui.shared.replay import replay_screen

    while len(app.screen_stack) > 1:
        app.pop_screen()
    app.push_screen(replay_screen(match, bots, finished, **names))


def open_loaded(
    app: Any, match: Any, bots: dict[int, str], store_id: str | None, replay: bool
) -> None:
    """Open a game loaded by the CLI: replay it, or continue stored game ``store_id``."""
    from tideboard.store.writer import GameWriter

    if replay:
        finished = match.game.is_over(match.state)
        if store_id is not None and not finished:
            try:
                finished = app.open_store().summary(store_id).finished
            except TideboardError:
                pass
        open_replay(app, match, bots, finished)
        return
    writer = None
    if store_id is not None:
        try:
            store = app.open_store()
            summary = store.summary(store_id)
            writer = GameWriter(store, summary.id, match.actions, summary.finished, summary.seats)
        except TideboardError as error:
            app.notify(
                f"Could not open game {store_id} in the store: {error}",
                severity="error",
                timeout=10,
            )
    app.start_match(match, bots, writer=writer)
