"""What ``pip install .`` ships: pyproject.toml finds the packages itself and takes
their data files by pattern, so a data file of another kind would be left out."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]


def test_every_data_file_in_the_package_is_shipped():
    patterns = SETUPTOOLS["package-data"]["*"]
    left_out = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tideboard").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in (".py", ".pyc")
        and not any(fnmatch(path.name, pattern) for pattern in patterns)
    ]
    assert not left_out, f"not shipped (add a pattern to package-data): {left_out}"


def test_docs_games_holds_every_rules_page():
    """The rules pages live in their game packages (so they install with them);
    docs/games/<id>.md is where a reader of the repository finds them."""
    from tideboard.engine import registry

    for game_id, package in registry.PACKAGES.items():
        link = ROOT / "docs" / "games" / f"{game_id}.md"
        page = ROOT / Path(*package.split(".")) / "rules.md"
        assert link.resolve() == page.resolve(), f"docs/games/{game_id}.md is not {page}"
