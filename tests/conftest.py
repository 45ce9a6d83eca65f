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


# -- running in parallel (tests/scheduling.py) ----------------------------------------
def pytest_configure(config):
    """On the xdist controller: the folder where the workers list the alone tests
    (made before the workers start, so they inherit its name)."""
    import tempfile

    from tests.scheduling import ALONE_DIR

    if not hasattr(config, "workerinput") and getattr(config.option, "numprocesses", None):
        folder = tempfile.TemporaryDirectory(prefix="tideboard-alone-")
        config._tideboard_alone_dir = folder  # removed when the run ends
        os.environ[ALONE_DIR] = folder.name


def pytest_unconfigure(config):
    folder = getattr(config, "_tideboard_alone_dir", None)
    if folder is not None:
        folder.cleanup()


def pytest_collection_modifyitems(config, items):
    from tests.scheduling import order, write_alone_ids

    order(items)
    write_alone_ids(config, items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") == "load":
        from tests.scheduling import AloneLastScheduling

        return AloneLastScheduling(config, log)
    return None
