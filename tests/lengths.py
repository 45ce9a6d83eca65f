"""How long the random tests run (issue #19).

By default the monkey, the random-keys and similar tests run a length that
still reaches every screen they test, so the whole suite fits its time on a
small machine; ``TIDEBOARD_LONG_TESTS=1`` runs them at their old, longer
lengths (before a release, or to hunt a rare failure)."""

from __future__ import annotations

import os

LONG = os.environ.get("TIDEBOARD_LONG_TESTS", "") not in ("", "0")


def length(short: int, long: int) -> int:
    """``long`` with TIDEBOARD_LONG_TESTS=1, else ``short``."""
    return long if LONG else short
