"""The rules pages from ``docs/games/`` (shipped inside the package)."""

from __future__ import annotations

from importlib import resources


def rules_markdown(game_id: str) -> str | None:
    page = resources.files("tideboard.docs").joinpath("games", f"{game_id}.md")
    try:
        return page.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
