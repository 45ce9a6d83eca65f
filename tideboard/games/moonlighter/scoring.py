"""Moonlighter campaign result: the score to beat and the summary line.

The campaign is five dungeons, one per red boss tile in the box.  The score
is 1000 points per dungeon cleared in the best run (a death outside a boss
room resets the game, so a campaign may hold several runs), and a won
campaign adds the tile rolls it left unused out of the 1000 allowed: a full
clear in fewer rolls beats a slower one, and any full clear beats any loss.
"""

from __future__ import annotations

from tideboard.engine.plurals import plural
from tideboard.games.moonlighter.content import DUNGEON_POINTS, DUNGEONS, LIVES, ROLL_LIMIT
from tideboard.games.moonlighter.state import State


def scores(state: State) -> tuple[int]:
    """1000 per dungeon cleared in the best run, plus the unused rolls on a won campaign."""
    score = DUNGEON_POINTS * state.best
    if state.won:
        score += ROLL_LIMIT - state.rolls
    return (score,)


def score_formula(state: State) -> str:
    """How the score is counted, in numbers: "1000 x 2 dungeons cleared in the best
    run" or, for a won campaign, "... + 412 unused tile rolls"."""
    parts = f"{DUNGEON_POINTS} x {plural(state.best, 'dungeon')} cleared in the best run"
    if state.won:
        parts += f" + {plural(ROLL_LIMIT - state.rolls, 'unused tile roll')}"
    return parts


def winners(state: State) -> tuple[int, ...]:
    return (0,) if state.won else ()


def result_text(state: State) -> str:
    deaths = LIVES - state.lives
    died = plural(deaths, "death")
    if state.won:
        return (
            f"Campaign won: all {DUNGEONS} dungeons cleared in {plural(state.rolls, 'tile roll')} "
            f"with {died}. Score {scores(state)[0]} ({score_formula(state)})."
        )
    why = "the moon set (roll limit reached)" if state.lives > 0 else "no lives left"
    return (
        f"Campaign lost ({why}): best run cleared {state.best} of {DUNGEONS} dungeons; "
        f"{plural(state.rolls, 'tile roll')}, {died}, {plural(state.run, 'run')}. "
        f"Score {scores(state)[0]} ({score_formula(state)})."
    )
