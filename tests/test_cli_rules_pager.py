"""`tideboard rules GAME`: through the pager on a terminal, plain into a pipe or file."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

# A pager that marks every line it is given, so the test sees that the page went through it.
MARKING_PAGER = "sed s/^/PAGED:/"


def _env() -> dict[str, str]:
    env = dict(os.environ, PAGER=MARKING_PAGER, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env.pop("LESS", None)
    return env


def _run_on_a_terminal(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``python -m tideboard ARGS`` with stdin and stdout on a pseudo-terminal."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tideboard", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env or _env(),
        close_fds=True,
    )
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 30)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(master)
    code = process.wait(timeout=30)
    return code, b"".join(chunks).decode("utf-8", "replace")


def test_rules_on_a_terminal_goes_through_the_pager():
    code, out = _run_on_a_terminal("rules", "shifting-stones")
    assert code == 0
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) > 100
    assert all(line.startswith("PAGED:") for line in lines), lines[:3]
    assert "Shifting Stones" in out and "Interpretations" in out


def test_rules_into_a_pipe_is_printed_without_the_pager():
    result = subprocess.run(
        [sys.executable, "-m", "tideboard", "rules", "shifting-stones"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0
    assert "PAGED:" not in result.stdout
    assert "Shifting Stones" in result.stdout and "Interpretations" in result.stdout
    assert "\x1b[" not in result.stdout  # plain text, no colour codes in a file


def _with_less(tmp_path, less_flags: str | None) -> dict[str, str]:
    """No $PAGER, and a ``less`` first on PATH that says what $LESS it was given
    and marks every line of the page (with its escape codes, made visible)."""
    less = tmp_path / "less"
    less.write_text(
        "#!/bin/sh\necho \"LESS-WAS:[$LESS]\"\nsed -e 's/^/PAGED:/' -e 's/\\x1b/<ESC>/g'\n"
    )
    less.chmod(0o755)
    env = _env()
    env.pop("PAGER")
    env["PATH"] = f"{tmp_path}{os.pathsep}{env.get('PATH', '')}"
    if less_flags is not None:
        env["LESS"] = less_flags
    return env


def test_rules_through_less_are_coloured_only_when_less_shows_colours(tmp_path):
    """Without $LESS, less is started with -R and gets the colours; with a $LESS of
    the user's that lacks -R/-r, it gets plain text, never raw escape codes."""
    code, out = _run_on_a_terminal("rules", "shifting-stones", env=_with_less(tmp_path, None))
    assert code == 0 and "LESS-WAS:[-R]" in out
    assert "<ESC>[" in out and "Interpretations" in out
    code, out = _run_on_a_terminal("rules", "shifting-stones", env=_with_less(tmp_path, "-F"))
    assert code == 0 and "LESS-WAS:[-F]" in out
    assert "<ESC>" not in out and "Interpretations" in out
