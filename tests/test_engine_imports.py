"""The engine package loads its names on first use, so the registry (``tideboard
list``, flag checks) imports neither the generator nor the seed source."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint(*sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return set(out.split())


def _game_rules(loaded: set[str]) -> list[str]:
    """The modules of a game package besides the package itself and its ``info.py``."""
    return sorted(
        m
        for m in loaded
        if m.startswith("tideboard.games.") and m.count(".") > 2 and not m.endswith(".info")
    )


def test_the_registry_alone_imports_no_seed_source_no_generator_no_rules():
    loaded = _modules_after(
        "from tideboard.engine import registry\n[registry.is_available(g) for g in registry.GAMES]"
    )
    assert "tideboard.engine.registry" in loaded
    assert (
        not {"secrets", "tideboard.engine.seeds", "tideboard.engine.rng", "tideboard.engine.match"}
        & loaded
    )
    assert "tideboard.games.moonshell.info" in loaded  # every game's info.py
    assert not _game_rules(loaded)


def test_the_engine_names_are_still_there():
    import tideboard.engine as engine
    from tideboard.engine import ConfigError, GameConfig, Rng, new_seed, seat_label
    from tideboard.engine.core import ConfigError as CoreConfigError

    assert ConfigError is CoreConfigError and GameConfig(players=2).players == 2
    assert isinstance(Rng, type) and 0 <= new_seed() < 2**64 and seat_label(0) == "Player 1"
    assert set(engine.__all__) <= set(dir(engine))
    try:
        engine.no_such_name
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("an unknown name must raise AttributeError")


def test_the_app_and_the_picker_start_without_attrs_or_tomllib_or_importlib_resources():
    """The picker's first frame needs no game: attrs (the games' states), tomllib (the
    themes are JSON) and importlib.resources (package files are read by path) wait
    until a game or a rules page is loaded."""
    loaded = _modules_after("import tideboard.ui.app, tideboard.ui.picker")
    assert not {"attrs", "attr", "tomllib", "importlib.resources"} & loaded
    assert not _game_rules(loaded)


def test_a_game_package_loads_without_importlib_resources():
    loaded = _modules_after(
        "import tideboard.games.moonshell.game, "
        "tideboard.games.mermaid_rain.game, tideboard.games.animal_splash.game, "
        "tideboard.games.shifting_stones.game, tideboard.games.moonlighter.game"
    )
    assert "importlib.resources" not in loaded and "tomllib" not in loaded
