"""Files shipped inside the package (content JSON, rules pages), read by path.

A package is always a plain folder here (installed or in a checkout), so a
file beside a module is found from that module's ``__file__``; this avoids
importing :mod:`importlib.resources` and its zip support, which cost a game's
first frame several milliseconds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def package_file(module_file: str, *parts: str) -> Path:
    """The file at ``parts`` in the folder of the module whose ``__file__`` is ``module_file``."""
    return Path(module_file).parent.joinpath(*parts)


def package_json(module_file: str, name: str) -> Any:
    """The JSON file ``name`` beside the module whose ``__file__`` is ``module_file``."""
    return json.loads(package_file(module_file, name).read_text(encoding="utf-8"))
