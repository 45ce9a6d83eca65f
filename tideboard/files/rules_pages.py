"""A game's rules page: ``rules.md`` in its package (``tideboard/games/<game>/``),
installed with it as package data."""

from __future__ import annotations


def rules_markdown(game_id: str) -> str | None:
    """The page's Markdown; None for a game without one (or an unknown id)."""
    # importlib.resources is imported here, when a page is read, not with the game screens
    from importlib import resources

    from tideboard.engine import registry

    if game_id not in registry.PACKAGES:
        return None
    page = resources.files(registry.PACKAGES[game_id]).joinpath("rules.md")
    try:
        return page.read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
