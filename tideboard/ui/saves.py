"""Autosaves: every move of a game in the app is written to disk at once, so
closing the terminal never loses a game.  Writes go to a temporary file that
is renamed over the save, so a save is never left half-written.

The folder is the platform's user data folder (``platformdirs``), or
``$TIDEBOARD_DATA_DIR`` when set (the tests use that).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tideboard.engine.core import TideboardError
from tideboard.engine.match import Match, SaveError


def data_dir() -> Path:
    override = os.environ.get("TIDEBOARD_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tideboard", appauthor=False))


def autosave_path(game_id: str) -> Path:
    return data_dir() / f"autosave-{game_id}.json"


def write_autosave(match: Match, bots: dict[int, str]) -> str | None:
    """Save ``match``; returns an error message instead of raising."""
    data = match.to_save()
    data["bots"] = {str(seat + 1): level for seat, level in bots.items()}
    path = autosave_path(match.game.info.id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as error:
        return f"Could not save the game to {path}: {error.strerror}"
    return None


def clear_autosave(game_id: str) -> None:
    try:
        autosave_path(game_id).unlink()
    except OSError:
        pass


def read_autosave(game_id: str) -> tuple[Match, dict[int, str]]:
    """The saved match and its bot seats; SaveError if it cannot be used."""
    path = autosave_path(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"cannot read {path}: {error}") from None
    try:
        data: Any = json.loads(text)
    except ValueError as error:
        raise SaveError(f"{path} is not a tideboard save (bad JSON: {error})") from None
    try:
        match = Match.from_save(data)
    except TideboardError as error:
        raise SaveError(f"{path}: {error}") from None
    bots: dict[int, str] = {}
    levels = match.game.bot_factories()
    raw = data.get("bots") or {}
    if isinstance(raw, dict):
        for seat, level in raw.items():
            if str(seat).isdigit() and 1 <= int(seat) <= match.config.players and level in levels:
                bots[int(seat) - 1] = level
    return match, bots


def saved_games() -> list[str]:
    """Ids of games with an autosave on disk."""
    folder = data_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem.removeprefix("autosave-") for p in folder.glob("autosave-*.json"))
