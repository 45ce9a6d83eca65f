"""The player's settings: the colour theme and the bot speed (no Textual here).

They live in ``settings.json`` in the platform's user config folder
(``platformdirs``), or in ``$TIDEBOARD_DATA_DIR`` when that is set (the tests
use it).  A write goes to a temporary file that is flushed and renamed over
the old one, so the file is never half-written.  A file that cannot be read
(damaged, not JSON, a folder, a FIFO, too big, unknown values) is ignored:
:func:`load` returns the defaults and a notice saying so, and never raises.
"""

from __future__ import annotations

import dataclasses
import json
import stat
from pathlib import Path
from typing import Any

from tideboard.files import paths

SETTINGS_FILE = "settings.json"
MAX_BYTES = 64 * 1024  # a settings file is a few dozen bytes; anything huge is damage

# Seconds a bot waits before each action it plays in the app.
BOT_SPEEDS: dict[str, float] = {"instant": 0.0, "normal": 0.3, "slow": 0.8}
DEFAULT_BOT_SPEED = "normal"


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    theme: str | None = None  # None: the app's default theme
    bot_speed: str = DEFAULT_BOT_SPEED

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]

    def evolve(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)


def next_bot_speed(speed: str) -> str:
    """The speed after ``speed`` in the cycle instant -> normal -> slow -> instant."""
    names = list(BOT_SPEEDS)
    return names[(names.index(speed) + 1) % len(names)] if speed in names else names[0]


def settings_dir() -> Path:
    return paths.config_dir()


def settings_path() -> Path:
    return settings_dir() / SETTINGS_FILE


def load(themes: list[str] | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a notice for the player (None if all is well).

    ``themes`` are the theme names that exist; a saved theme not among them
    is dropped with a notice.  Never raises: damage gives the defaults.
    """
    path = settings_path()
    try:
        info = path.stat()
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), _damaged(path, error.strerror or "it cannot be read")
    if not stat.S_ISREG(info.st_mode):
        return Settings(), _damaged(path, "it is not a regular file")
    if info.st_size > MAX_BYTES:
        return Settings(), _damaged(path, "it is far too large")
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except OSError as error:
        return Settings(), _damaged(path, error.strerror or "it cannot be read")
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Settings(), _damaged(path, "it is not valid JSON")
    if not isinstance(data, dict):
        return Settings(), _damaged(path, "it does not hold a JSON object")
    return _from_data(data, path, themes)


def _from_data(
    data: dict[str, Any], path: Path, themes: list[str] | None
) -> tuple[Settings, str | None]:
    problems = []
    theme = data.get("theme")
    if theme is not None and not (isinstance(theme, str) and (themes is None or theme in themes)):
        problems.append("an unknown theme")
        theme = None
    speed = data.get("bot_speed", DEFAULT_BOT_SPEED)
    if not (isinstance(speed, str) and speed in BOT_SPEEDS):
        problems.append("an unknown bot speed")
        speed = DEFAULT_BOT_SPEED
    notice = None
    if problems:
        notice = f"Settings file {path} has {' and '.join(problems)}; the default is used instead."
    return Settings(theme=theme, bot_speed=speed), notice


def _damaged(path: Path, why: str) -> str:
    return (
        f"The settings file {path} was ignored ({why}); default settings are used, "
        "and it is replaced when you change a setting."
    )


def save(settings: Settings) -> str | None:
    """Write ``settings`` atomically; an error message for the player, or None."""
    path = settings_path()
    data = {"theme": settings.theme, "bot_speed": settings.bot_speed}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        paths.write_atomic(path, json.dumps(data, indent=2) + "\n")
    except OSError as error:
        return f"Could not save the settings to {path}: {error.strerror or error}."
    return None
