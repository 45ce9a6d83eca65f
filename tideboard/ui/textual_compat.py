"""The one place tideboard reaches into Textual's private modules.

Each name here is tested in ``tests/ui/test_textual_compat.py``, so a Textual
upgrade that moves or changes one fails there, loudly, not in a session.

- ``XTermParser``: Textual's own parser of terminal input (its drivers use it);
  the SSH driver feeds it the bytes a client sends.
- ``SYNC_START`` / ``SYNC_END``: the synchronized-update brackets Textual writes
  around a frame; the SSH driver drops whole frames for a client that does not
  read, and must write an end only after its start.
"""

from __future__ import annotations

from textual._ansi_sequences import SYNC_END, SYNC_START  # noqa: F401
from textual._xterm_parser import XTermParser  # noqa: F401

__all__ = ["SYNC_END", "SYNC_START", "XTermParser"]
