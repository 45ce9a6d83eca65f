"""Where tideboard keeps its files (no Textual here).

The folder is the platform's user data folder (``platformdirs``), or
``$TIDEBOARD_DATA_DIR`` when set (the tests use that).
"""

from __future__ import annotations

import os
from pathlib import Path

STORE_FILE = "tideboard.db"


def data_dir() -> Path:
    override = os.environ.get("TIDEBOARD_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tideboard", appauthor=False))


def store_path() -> Path:
    """The game store's SQLite database."""
    return data_dir() / STORE_FILE
