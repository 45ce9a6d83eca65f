"""Hints (issue #21): the expert's top moves for the seat to move, each in the words
of the game's log and with why.

A hint is worked out from the asking seat's ``view`` only: the search
(``engine/search.py``) ranks the seat's legal moves, and for each it reports the
seat's mean points where its playouts ended and how often it won the playouts that
finished.  :func:`hints` turns the best three into lines a player reads:

    swap a1 Fish <> b1 Tree (discard 53): score 9 now: +6 by the end, wins 64%

(one seat, a solo game: "ends near 45, wins 30%").  The search itself runs in the
thinking service's process pool (``engine.thinking.rank``), so that the screen keeps
answering keys meanwhile.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, NamedTuple

from tideboard.engine.core import seat_label
from tideboard.engine.registry import PACKAGES

COUNT = 3  # hints shown
_WORDING_SEEDS = (1, 2)  # the samples a move is worded in (see move_words)


class Hint(NamedTuple):
    """One hinted move: the action, its words (as the log would say it) and why."""

    action: Any
    words: str
    why: str
    then: tuple[str, ...] = ()  # the first hint: the rest of the turn its plan plays

    @property
    def text(self) -> str:
        return f"{self.words}: {self.why}" if self.why else self.words


def hints(game: Any, view: Any, seat: int, result: Any, count: int = COUNT) -> list[Hint]:
    """The ``count`` best moves of the search ``result`` for ``seat`` (from its
    ``view``), best first, each worded and with why.  Moves next to each other in the
    ranking with the same why (a plan's moves that reach the same end of the turn,
    whatever their order) are one hint, the others named in it ("..., just as good:
    ..."), so that the three lines are three different outcomes; moves the search
    did not try are not hinted past the first line (fewer lines, where a short search
    tried few moves)."""
    if len(result.moves) == 1:
        move = result.moves[0]
        return [Hint(move.action, _words(game, view, seat, [move])[0], "the only move")]
    now = _score_now(game, view, seat)
    solo = getattr(view, "solo", False) or game_seats(game, view) == 1
    game_why = _game_why(game)
    base: list[float | None] = []  # (counted once, when a move needs it)
    groups: list[list[tuple[Any, str]]] = []  # [(move, why), ...] a hint
    common: set[int] = set()  # (the moves in the common words, ``why``)
    for move in result.moves[: count * SCAN]:  # (words are made on the event loop)
        if groups and not move.visits:  # (the search's order ends with the untried)
            break
        own = None if game_why is None else game_why(view, move)
        if own is None and not base:
            base.append(_counted_now(game, view, seat))
        text = own if own is not None else why(move, now, solo, base[0] if base else None)
        if own is None:
            common.add(id(move))
        if groups and move.visits and text == groups[-1][0][1]:
            groups[-1].append((move, text))
            continue
        if len(groups) == count:
            break
        groups.append([(move, text)])
    moves = [move for group in groups for move, _ in group[: SAME_SHOWN + 1]]
    named = dict(zip(map(id, moves), _words(game, view, seat, moves), strict=True))
    out = []
    for group in groups:
        lead, text = group[0]
        if id(lead) in common and _looks_better(lead, groups[0][0][0]):
            text += f"; less sure: {lead.visits} tries to the first's {groups[0][0][0].visits}"
        words = named[id(lead)]
        same = [named[id(move)] for move, _ in group[1 : SAME_SHOWN + 1]]
        if same:
            more = len(group) - 1 - len(same)
            words += f" (just as good: {'; '.join(same)}{f'; and {more} more' if more else ''})"
        out.append(Hint(lead.action, words, text))
    if out:
        first = out[0]
        out[0] = Hint(first.action, first.words, first.why, _then(game, view, seat, first.action))
    return out


def _looks_better(move: Any, best: Any) -> bool:
    """Whether a hint below the first reads better than it by the search's own value
    (its mean reward over fewer playouts): the first is the move the search tried
    most, as its player would play it, so the hint says why it comes second ("...,
    wins ~60%; less sure: 40 tries to the first's 380").  Not for a plan's moves,
    judged once each, nor a game's own words (Moonlighter's dungeon progress)."""
    if move is best or best.visits <= 1 or move.visits <= 1:
        return False
    return move.value > best.value and move.visits < best.visits


def _then(game: Any, view: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The rest of the turn the game's plan would play after ``action``, worded as
    the first (its expert's ``Spec.wording.then``: Moonshell's three actions a turn);
    () where the game plans no turn, or a move cannot be worded."""
    spec = _expert_spec(game)
    if spec is None or spec.wording.then is None:
        return ()
    try:
        rest = spec.wording.then(view, action) or ()
        words = []
        state = view
        for before, later in zip((action, *rest), rest, strict=False):
            state = game.apply(state, before)
            words.append(move_words(game, state, seat, later))
    except Exception:  # (a plan the view cannot play on: nothing to add)
        return ()
    return tuple(words)


SAME_SHOWN = 2  # moves named in a hint as just as good as its own (the rest counted)
SCAN = 4  # moves looked at a hint shown, at most (a game's own why costs a plan each)


def _words(game: Any, view: Any, seat: int, moves: list[Any]) -> list[str]:
    """Each move in words (``move_words``); two the log words alike by their notation,
    and what a plan aims a move at added ("start your meld with two Dolphins, aiming
    at a Mermaid Squall")."""
    words = [move_words(game, view, seat, m.action) for m in moves]
    alike = [words.count(text) > 1 for text in words]
    for n, same in enumerate(alike):  # two moves the log words alike: their notation
        if same:
            words[n] = notation(game, seat, moves[n].action)
    return [f"{w}, {m.aim}" if m.aim else w for w, m in zip(words, moves, strict=True)]


def why(move: Any, now: float | None, solo: bool, base: float | None = None) -> str:
    """ "score 9 now: +6 by the end, wins 64%" (solo: "ends near 45, wins 30%").

    The points are the seat's mean where the move's playouts ended: "by the end"
    when every one finished the game, else "a few turns on" (some were cut at the
    search's horizon), as a change from the score ``now``, or from ``base`` where
    the game counts its points now otherwise than its score (Mermaid Rain: with the
    tribute and the majorities, as the game's end counts them and the search judges
    a cut playout; the score is the track alone).  The win chance is over the
    playouts that finished; when none did (a long game, early on), "wins ~55%" is
    the search's value for the move: the points margin it expects, as a chance of
    winning (``search.rewards``)."""
    if not move.visits:
        return "not looked at"
    parts = []
    points = round(move.points)
    # (a playout cut at the search's horizon ends a few turns on, not at the end)
    when = "by the end" if move.finished >= move.visits else "a few turns on"
    if solo:
        parts.append(f"ends near {points}" if when == "by the end" else f"near {points} {when}")
    elif now is None:
        parts.append(f"about {points} points {when}")
    else:
        start = round(now) if base is None else base
        parts.append(f"score {round(now)} now: {round(move.points - start):+d} {when}")
    if move.finished:
        parts.append(f"wins {round(100 * move.wins)}%")
    elif not solo:  # (no playout got to the end: the search's own estimate of the margin)
        parts.append(f"wins ~{round(100 * move.value)}%")
    return ", ".join(parts)


def game_seats(game: Any, view: Any) -> int:
    try:
        return len(game.scores(view))
    except Exception:
        return 0


def _game_why(game: Any) -> Any:
    """The game's own wording of a hint's why, where its points would read as
    nonsense (its expert's ``Spec.wording.why(view, ranked)``: Moonlighter's dungeon
    progress, where its search's evaluation is on no scale a player sees; Moonshell
    solo's points after the turn, where the plan's rating is none either; a None
    from it: the common words); None for the other games."""
    spec = _expert_spec(game)
    return None if spec is None else spec.wording.why


def _counted_now(game: Any, view: Any, seat: int) -> float | None:
    """The seat's points now as its game counts them for a hint, where that is not
    its score (its expert's ``Spec.wording.counted_now``: Mermaid Rain's track with its
    tribute and majorities, the points were the game to end now, as the search
    judges a playout cut at its horizon), on the search's samples of what the seat
    cannot see; None for the other games (or where it cannot be counted)."""
    spec = _expert_spec(game)
    if spec is None or spec.wording.counted_now is None:
        return None
    try:
        samples = [spec.determinize(view, seat, random.Random(s)) for s in _WORDING_SEEDS]
        return sum(float(spec.wording.counted_now(game, s)[seat]) for s in samples) / len(samples)
    except Exception:  # (a view the game cannot sample: the score)
        return None


def _expert_spec(game: Any) -> Any:
    """The game's expert ``Spec`` (its bots module's ``EXPERT``), None without one."""
    try:
        return _game_module(game, "bots").EXPERT
    except Exception:  # (a game without bots: the common words)
        return None


def _score_now(game: Any, view: Any, seat: int) -> float | None:
    try:
        return float(game.scores(view)[seat])
    except Exception:  # (a view a game cannot score: no "now")
        return None


def move_words(game: Any, view: Any, seat: int, action: Any) -> str:
    """``action`` in the words of the game's log, without the player's name: its
    ``describe`` line, made on samples of what the seat cannot see.  If the line
    depends on the sample (a die rolled, a card drawn) or hides the move (a
    simultaneous choice logged as "has chosen"), the game's own words for it where
    its expert's ``Spec.wording.words`` has them, else the move's notation."""
    spec = _expert_spec(game)
    own = None if spec is None or spec.wording.words is None else spec.wording.words(action)
    if own is not None:
        return own
    determinize = _determinize(game)
    lines = set()
    for seed in _WORDING_SEEDS:
        try:
            before = determinize(view, seat, random.Random(seed))
            line = game.describe(before, action, game.apply(before, action))
            lines.add(line.split("\n", 1)[0])  # (the move's own line, not what followed)
        except Exception:  # (a move the sample cannot make: its notation)
            return notation(game, seat, action)
    if len(lines) != 1:
        return notation(game, seat, action)
    line = lines.pop()
    if line.endswith("has chosen.") or line.endswith("have chosen."):
        return notation(game, seat, action)
    for name in (seat_label(seat), "You"):
        if line.startswith(f"{name}: "):
            return line[len(name) + 2 :]
        if line.startswith(f"{name} "):  # "Player 2 pulls column 4: ..." (Moonshell)
            return line[len(name) + 1 :]
    return line


def notation(game: Any, seat: int, action: Any) -> str:
    """The move's notation, without a leading seat ("p1 show dg": "show dg")."""
    text = str(game.format_action(action))
    mark = f"p{seat + 1} "
    return text[len(mark) :] if text.startswith(mark) else text


def _determinize(game: Any) -> Any:
    return _game_module(game, "sampling").determinize


def _game_module(game: Any, name: str) -> Any:
    """The game's module ``name`` (``bots``, ``sampling``), in the package the
    registry found it in."""
    return importlib.import_module(f"{PACKAGES[game.info.id]}.{name}")
