"""Starting the app without the cyclic garbage collector.

Importing Textual and the games and building the first screen makes a few
hundred thousand objects that live as long as the app; while they are made
the collector runs again and again and finds nothing (about 5% of the time to
the first frame).  So the commands that open the app call :func:`pause_gc`
before importing it, and the app calls :func:`resume_gc` once its first frame
is up, which turns it back on.  (Not :func:`gc.freeze`: it would also keep the
first screen's objects for good after that screen is left.)  Nothing here
imports Textual.
"""

from __future__ import annotations

import gc

_paused = False


def pause_gc() -> None:
    """Turn the collector off until :func:`resume_gc` (if it is on)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_gc() -> None:
    """Turn the collector back on (only if :func:`pause_gc` turned it off)."""
    global _paused
    if _paused:
        _paused = False
        gc.enable()
