"""The rules pages from ``docs/games/`` (shipped inside the package as ``tideboard.docs``)."""

from __future__ import annotations


def rules_markdown(game_id: str) -> str | None:
    # importlib.resources is imported here, when a page is read, not with the game screens
    from importlib import resources

    page = resources.files("tideboard.docs").joinpath("games", f"{game_id}.md")
    try:
        return page.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
