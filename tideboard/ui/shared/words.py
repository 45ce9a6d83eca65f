"""Words that agree with their numbers (the game screen's seat words are in
``game_screen.py``, the seats' names in ``control.py``)."""

from __future__ import annotations

from tideboard.engine.plurals import plural

__all__ = ["plural"]
