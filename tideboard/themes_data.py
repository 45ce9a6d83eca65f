"""Colour themes from ``themes/themes.toml`` (read without importing Textual)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

DEFAULT_THEME = "tide-dark"


@cache
def theme_table() -> dict[str, dict[str, Any]]:
    text = resources.files("tideboard.themes").joinpath("themes.toml").read_text()
    return tomllib.loads(text)


def theme_names() -> list[str]:
    return list(theme_table())


def stylesheet() -> str:
    return resources.files("tideboard.themes").joinpath("tideboard.tcss").read_text()
