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
