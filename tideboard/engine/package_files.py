"""Files shipped inside a game's package (its content JSON), read by path.

A package is always a plain folder here (installed or in a checkout), so a
file beside a module is found from that module's ``__file__``; this avoids
importing :mod:`importlib.resources` and its zip support, which slow a game's
first frame (benchmarks/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def package_json(module_file: str, name: str) -> Any:
    """The JSON file ``name`` beside the module whose ``__file__`` is ``module_file``."""
    return json.loads(Path(module_file).with_name(name).read_text(encoding="utf-8"))
