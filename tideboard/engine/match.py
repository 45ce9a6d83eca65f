"""A game in progress: the set-up, the actions taken and every state since.

A match is what saves, replays, undo and the app's log rest on.  It is
immutable like the states it holds; ``play`` returns a new match.  A saved
game (the store, a record file: :mod:`tideboard.store.records`) is only the game id,
the configuration and the actions in notation, so it replays exactly from its
seed (:func:`tideboard.store.records.replay`).

Likewise a match keeps every action and log line but not every state: the
recent ones and a checkpoint every :data:`CHECKPOINT_EVERY` moves; an older
state is replayed from its checkpoint when asked for, which looks the same
from outside (states are deterministic from the state before and the action).
The old moves' log lines are kept compressed, a run of moves together, and
equal actions are kept once (a long game repeats a few different actions), so a
long game costs little more than a pointer a move (benchmarks/README.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

from tideboard.engine.compressed_lines import pack, unpack
from tideboard.engine.core import GameConfig

#: A match keeps for good the state after every ``CHECKPOINT_EVERY``-th move,
#: and the states of the last ``CHECKPOINT_EVERY`` to ``2 * CHECKPOINT_EVERY - 1``
#: moves; an older state is replayed from the checkpoint before it.
CHECKPOINT_EVERY = 64

#: At most this many different actions are kept once for a whole lineage (an
#: action seen after that is kept as it comes).
SHARED_ACTIONS = 4096


class _Lines:
    """The log lines of a run of old moves (those whose states were cleared),
    compressed together: a run of lines is mostly the same words, which compress
    well.  Each step of the run points here in place of its line; which
    line is its own follows from its place in the run (see :func:`_line_at`)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data  # from compressed_lines.pack

    def lines(self) -> list[str]:
        return unpack(self.data)


class _Step:
    """One state of a match and the move that led to it (a persistent list:
    every step points back to the one before, so play and undo share the
    history instead of copying it).

    ``state`` becomes None once the step is old: it is then replayed from the
    nearest :class:`_Kept` step before it.  A cleared step's predecessors down
    to that kept step are all cleared too, so clearing can stop at the first
    step already cleared.  A cleared step's ``line`` is the :class:`_Lines` of
    its run (the steps cleared together).  Small on purpose: one per move, for
    the whole game.
    """

    __slots__ = ("state", "action", "line", "before")
    kept = False
    line: str | _Lines  # the step's own line, or once cleared the run it is packed in

    def __init__(self, state: Any, action: Any, line: str, before: _Step | None) -> None:
        self.state, self.action, self.line, self.before = state, action, line, before


class _Kept(_Step):
    """A step that keeps its state for good: the first state, a checkpoint,
    or a state given to the :class:`Match` constructor."""

    __slots__ = ()
    kept = True


class _Lineage:
    """What every match grown from one start shares: the game that replays old
    states, the checkpoint interval, and the states it replayed last (so that
    stepping through old states one by one, either way, replays at most one
    move per step).  Nothing points back here from the steps: a lineage and
    its matches are freed by reference counting alone."""

    __slots__ = ("game", "every", "replayed", "actions", "unpacked")

    def __init__(self, game: Any, every: int) -> None:
        if every < 2:
            raise ValueError("checkpoints must be at least 2 moves apart")
        self.game, self.every = game, every
        self.replayed: dict[_Step, Any] = {}  # at most ``every`` cleared steps
        self.actions: dict[Any, Any] = {}  # each different action played, once
        self.unpacked: tuple[_Lines | None, list[str]] = (None, [])  # the last run read

    def shared(self, action: Any) -> Any:
        """``action``, or the equal action played before (actions are immutable:
        a long game keeps one object per different action, not one per move)."""
        try:
            known = self.actions.get(action)
        except TypeError:  # an unhashable action is kept as it is
            return action
        if known is not None:
            return known
        if len(self.actions) < SHARED_ACTIONS:
            self.actions[action] = action
        return action

    def lines_of(self, run: _Lines) -> list[str]:
        """The lines of ``run`` (the last run read is kept unpacked)."""
        if self.unpacked[0] is not run:
            self.unpacked = (run, run.lines())
        return self.unpacked[1]

    def state_of(self, step: _Step) -> Any:
        """The state at ``step``: kept, replayed lately, or replayed now from
        the nearest state known before it."""
        state = step.state
        if state is not None:
            return state
        replayed = self.replayed
        path: list[_Step] = []  # steps to replay, newest first
        here: _Step | None = step
        while here is not None:
            if here in replayed:
                state = replayed[here]
                if not path:
                    return state
                break
            if here.state is not None:
                state = here.state
                break
            path.append(here)
            here = here.before
        else:  # pragma: no cover - the first step always keeps its state
            raise AssertionError("a match history lost its first state")
        if len(replayed) + len(path) > self.every:
            replayed = {}  # forget the older segment: memory stays bounded
        apply = self.game.apply
        for here in reversed(path):
            state = apply(state, here.action)
            replayed[here] = state
        self.replayed = replayed
        return state

    def forget(self, checkpoint: _Kept) -> None:
        """``checkpoint`` is new: clear the states of the interval before the
        previous checkpoint, so only the last one or two intervals keep theirs
        (at most ``every`` steps walked, once per ``every`` moves)."""
        step = checkpoint.before
        while step is not None and not step.kept:
            step = step.before
        step = step.before if step is not None else None
        cleared = []
        while step is not None and not step.kept and step.state is not None:
            step.state = None
            cleared.append(step)
            step = step.before
        # a step keeps its own line until it is cleared here
        data = pack([cast(str, step.line) for step in reversed(cleared)]) if cleared else None
        if data is not None:
            run = _Lines(data)
            for step in cleared:
                step.line = run


def _place_in_run(step: _Step) -> int:
    """Where an old step's line is in its run: the number of steps before it in
    the same run (at most one interval walked)."""
    run, place, here = step.line, 0, step.before
    while here is not None and here.line is run:
        place, here = place + 1, here.before
    return place


def _lines_at(
    steps: Iterable[_Step], lineage: _Lineage, newest_first: bool = False
) -> Iterator[str]:
    """The log lines of consecutive ``steps`` (oldest first, or newest first),
    old ones unpacked from their runs (a run's place found once)."""
    run: Any = None
    place = 0
    for step in steps:
        line = step.line
        if isinstance(line, str):
            run = None
            yield line
            continue
        if line is run:
            place += -1 if newest_first else 1
        else:
            run, place = line, _place_in_run(step)
        yield lineage.lines_of(run)[place]


class History(Sequence):
    """A read-only sequence over a match's states, actions or log lines.

    Length and the last items (``[-1]``, ``[-2]``, ``[n:]`` for a recent n,
    ``reversed``) cost as many steps as they reach back; anything else walks
    the whole history once.  Only recent states and checkpoints are kept (see
    :data:`CHECKPOINT_EVERY`): an older state is replayed from the checkpoint
    before it (at most one interval of moves, and the states replayed last
    are remembered, so stepping to the state before or after costs one move
    at most); iterating over every state replays each old one once.  It
    compares equal to a tuple or list with the same items.
    """

    __slots__ = ("_match", "_field", "_len")

    def __init__(self, match: Match, field: str) -> None:
        self._match, self._field = match, field
        self._len = match._size - (0 if field == "state" else 1)

    def __len__(self) -> int:
        return self._len

    def _steps(self, start: int, stop: int) -> list[_Step]:
        """The steps that hold items ``start`` to ``stop - 1``, oldest first."""
        step: Any = self._match._tip  # _Step; the walks below never go past the first
        for _ in range(self._len - stop):
            step = step.before
        out = []
        for _ in range(stop - start):
            out.append(step)
            step = step.before
        out.reverse()
        return out

    def _items(self, steps: list[_Step]) -> list[Any]:
        if self._field == "state":
            return self._match._states_of(steps)
        if self._field == "line":
            return list(_lines_at(steps, self._match._lineage))
        return [step.action for step in steps]

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            start, stop, stride = index.indices(self._len)
            if stride != 1 or start >= stop:
                return tuple(self)[index]
            return tuple(self._items(self._steps(start, stop)))
        if not isinstance(index, int):
            raise TypeError(f"history indices must be integers, not {type(index).__name__}")
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("history index out of range")
        return self._items(self._steps(index, index + 1))[0]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items(self._steps(0, self._len)))

    def __reversed__(self) -> Iterator[Any]:
        step: Any = self._match._tip  # _Step; the walks below never go past the first
        field, match = self._field, self._match
        if field == "state":
            yield match._state
            step = step.before
            while step is not None:
                yield match._lineage.state_of(step)
                step = step.before
            return
        if field == "line":
            yield from _lines_at(self._chain(step, self._len), match._lineage, True)
            return
        for _ in range(self._len):
            yield step.action
            step = step.before

    @staticmethod
    def _chain(step: Any, count: int) -> Iterator[_Step]:
        """``count`` steps back from ``step`` (a _Step with that many before it), newest first."""
        for _ in range(count):
            yield step
            step = step.before

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (History, tuple, list)):
            return len(self) == len(other) and tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


class Match:
    """An immutable game in progress.  ``play`` takes O(1) time and ``undo(n)``
    O(n): matches share their history (see :class:`History`).  Memory stays
    small however long the game: every move keeps its action and log line,
    but only checkpoints and the recent moves keep their states (see
    :data:`CHECKPOINT_EVERY`); states given to the constructor are all kept."""

    __slots__ = ("game", "config", "_tip", "_state", "_size", "_lineage")
    game: Any
    config: GameConfig
    _tip: _Step
    _state: Any
    _size: int
    _lineage: _Lineage

    def __init__(
        self,
        game: Any,
        config: GameConfig,
        states: Sequence[Any],
        actions: Sequence[Any] = (),
        log: Sequence[str] = (),
    ) -> None:
        if len(states) != len(actions) + 1 or len(log) not in (0, len(actions)):
            raise ValueError("a match has one state more than actions, and one log line per action")
        lines = list(log) or [""] * len(actions)
        tip = _Kept(states[0], None, "", None)
        for state, action, line in zip(list(states)[1:], actions, lines):
            tip = _Kept(state, action, line, tip)
        self._set(game, config, tip, tip.state, len(states), _Lineage(game, CHECKPOINT_EVERY))

    def _set(
        self, game: Any, config: GameConfig, tip: _Step, state: Any, size: int, lineage: _Lineage
    ) -> None:
        for name, value in (
            ("game", game),
            ("config", config),
            ("_tip", tip),
            ("_state", state),
            ("_size", size),
            ("_lineage", lineage),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"a Match is immutable: cannot set {name}")

    def _at(self, tip: _Step, state: Any, size: int) -> Match:
        """A match of the same lineage at ``tip``: ``state`` after ``size - 1`` moves."""
        match = object.__new__(Match)
        match._set(self.game, self.config, tip, state, size, self._lineage)
        return match

    def _states_of(self, steps: list[_Step]) -> list[Any]:
        """The states at ``steps`` (each the one before the next), replaying
        the old ones: the first from its checkpoint, the others one move each."""
        out: list[Any] = []
        apply, tip = self.game.apply, self._tip
        for step in steps:
            if step is tip:
                state = self._state
            else:
                state = step.state
                if state is None:
                    state = apply(out[-1], step.action) if out else self._lineage.state_of(step)
            out.append(state)
        return out

    def kept_states(self) -> int:
        """How many states this match's history holds in memory (checkpoints,
        recent states, the last replayed segment): the memory bound, for tests
        and benchmarks."""
        kept = {id(self._state)}
        step: _Step | None = self._tip
        while step is not None:
            if step.state is not None:
                kept.add(id(step.state))
            step = step.before
        kept.update(id(state) for state in self._lineage.replayed.values())
        return len(kept)

    @classmethod
    def start(cls, game: Any, config: GameConfig) -> Match:
        game.info.check_config(config)
        return cls(game, config, (game.setup(config),))

    @property
    def state(self) -> Any:
        return self._state

    @property
    def states(self) -> History:
        return History(self, "state")

    @property
    def actions(self) -> History:
        return History(self, "action")

    @property
    def log(self) -> History:
        return History(self, "line")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        if self.config != other.config:
            return False
        if self._tip is other._tip:
            return True
        return (
            self.actions == other.actions and self.log == other.log and self.states == other.states
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Match(config={self.config!r}, moves={len(self.actions)})"

    def play(self, action: Any) -> Match:
        """Apply ``action``; IllegalAction leaves this match as it was."""
        before = self._state
        after = self.game.apply(before, action)
        line = self.game.describe(before, action, after)
        action = self._lineage.shared(action)
        size = self._size + 1
        if (size - 1) % self._lineage.every:
            return self._at(_Step(after, action, line, self._tip), after, size)
        checkpoint = _Kept(after, action, line, self._tip)
        self._lineage.forget(checkpoint)
        return self._at(checkpoint, after, size)

    def play_text(self, text: str) -> Match:
        return self.play(self.game.parse_action(self.state, text))

    def undo(self, count: int = 1) -> Match:
        count = min(count, self._size - 1)
        if count <= 0:
            return self
        tip: Any = self._tip  # _Step; count is less than the size: never past the first
        for _ in range(count):
            tip = tip.before
        return self._at(tip, self._lineage.state_of(tip), self._size - count)
