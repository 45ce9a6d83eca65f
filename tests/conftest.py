import gc
import os

import pytest
from hypothesis import settings

# In CI, property tests draw the same examples every run, so a red build is
# always reproducible; locally they explore new examples each time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def isolated_saves(tmp_path, monkeypatch):
    """Every test writes its autosaves to its own folder, never the user's."""
    monkeypatch.setenv("TIDEBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def collector_turned_back_on():
    """A test that starts the CLI with a stand-in app pauses the garbage collector
    (as ``tideboard`` does before importing the app) and no first frame turns it
    back on; the next test must not inherit that."""
    yield
    if not gc.isenabled():
        gc.enable()
