"""Moonshell previews: what a pull or a collect would do, said before Enter."""

from __future__ import annotations

import textwrap
from typing import Any

from tideboard.engine.core import IllegalAction
from tideboard.engine.states import evolve
from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import CENTRE, CHEST_ROWS, EMPTY, MOONSHELL, URCHIN
from tideboard.games.moonshell.reef import SPRING_TIDE
from tideboard.games.moonshell.state import EVENT, KEEP, MERMAID, MOON, Collect, Pull, State
from tideboard.ui.moonshell.panels import MoonshellTable
from tideboard.ui.moonshell.tiles import (
    MOON_GLYPH,
    ROCK_WORDS,
    UNKNOWN,
    URCHIN_GLYPH,
    fits_text,
    tile_label,
)


class MoonshellPreviews(MoonshellTable):
    """Previews of a pull or a collect before it is carried out, and the input helpers."""

    # -- previews --------------------------------------------------------------------
    def _one_rock_pull(self) -> bool:
        """Spring Tide with one of your rocks open: a pull takes one tile onto it."""
        state: State = self.state
        left, right = rules.seat_rocks(state, state.current)
        return state.event == SPRING_TIDE and (left == EMPTY) != (right == EMPTY)

    def _pull_action(self) -> Pull:
        if self._one_rock_pull():
            return Pull(self.column)
        return Pull(self.column, self.first if self.column == CENTRE else None)

    def _pulled(self, action: Pull) -> State:
        """The table after ``action`` with the tiles it would draw from the bag UNKNOWN;
        IllegalAction (with the rules' reason) if it may not be taken now."""
        state: State = self.state
        seat = state.current
        if action not in self.game.legal_actions(state):
            self.game.apply(state, action)  # raises with the reason
            raise IllegalAction("That pull is not possible now.")
        masked = evolve(state, bag=(UNKNOWN,) * len(state.bag))
        if self._one_rock_pull():
            return rules.pull_one(masked, seat, action.column, None)
        return rules.pull(masked, seat, action.column, action.first)

    def _pull_preview(self) -> tuple[State, set[int], set[int]] | None:
        """The state after the pull with the refilled spaces unknown (they come
        from the bag), and the cells that changed; None if it is illegal."""
        state: State = self.state
        try:
            after = self._pulled(self._pull_action())
        except IllegalAction:
            return None
        unknown = {cell for cell in range(25) if after.ocean[cell] == UNKNOWN}
        moved = {cell for cell in range(25) if after.ocean[cell] != state.ocean[cell]}
        return after, unknown, moved

    def _describe_pull(self) -> None:
        state: State = self.state
        seat = state.current
        action = self._pull_action()
        try:
            after = self._pulled(action)
        except IllegalAction as error:
            self.say(f"{error} (←/→ another column, Esc cancels)", error=True)
            return
        before, got = rules.seat_rocks(state, seat), rules.seat_rocks(after, seat)
        parts = [
            f"{tile_label(got[k]).strip()} to your {ROCK_WORDS[k]} rock"
            for k in (0, 1)
            if got[k] != before[k]
        ]
        refill = sum(1 for t in after.ocean if t == UNKNOWN)
        centre = (
            " ↑/↓ switch rocks." if action.column == CENTRE and action.first is not None else ""
        )
        spring = "Spring Tide: one tile. " if self._one_rock_pull() else ""
        self.say(
            f"{spring}Pull column {action.column + 1}: {', '.join(parts)}; {refill} new "
            f"from the bag (??).{centre} Enter pulls (no undo), ←/→ column, Esc cancels."
        )

    def _pending_tile(self) -> int:
        """The tile being collected (chosen rock or chest column), else EMPTY."""
        if self.human_to_move() is None:
            return EMPTY
        if self.mode == "chest":
            return self._source_tile()
        if self.mode == "rock":
            return rules.seat_rocks(self.state, self.state.current)[self.rock]
        return EMPTY

    def _source_tile(self) -> int:
        if self.source == MOON:
            return MOONSHELL
        return rules.seat_rocks(self.state, self.state.current)[self.source]

    def _describe_collect(self) -> None:
        state: State = self.state
        seat = state.current
        tile = self._source_tile()
        what = "your moonshell" if self.source == MOON else tile_label(tile).strip()
        column = state.chests[seat][self.chest_column]
        if len(column) >= CHEST_ROWS:
            self.say(
                f"Column {self.chest_column + 1} of your treasure chest is full; choose "
                "another column (←/→ or 1-4).",
                error=True,
            )
            return
        row = len(column) + 1
        where = "the floor" if row == 1 else f"row {row}"
        head = f"Drop {what} into chest column {self.chest_column + 1} (sinks to {where}, ▶ ◀)"
        gain = self._gain_text(tile)
        for keys in (
            "Enter drops it, ←/→ or 1-4 another column, Esc cancels.",
            "Enter drops it, Esc cancels.",
            "Enter drops it.",
        ):
            message = f"{head}: {gain}. {keys}"
            if self._fits_status(message):
                break
        self.say(message)

    def _fits_status(self, message: str) -> bool:
        """True if ``message`` fits the two lines of the status line."""
        return len(textwrap.wrap(message, max(20, self.app.size.width - 2))) <= 2

    def _gain_text(self, tile: int) -> str:
        """What the pending collect does for you: the open objectives the tile
        fits and the points it adds now (your secret objective included)."""
        state: State = self.state
        seat = state.current
        try:
            after = rules.collect(state, seat, Collect(self.source, self.chest_column))
        except IllegalAction:
            return fits_text(tile, state.open_cards)
        before_score = scoring.breakdown(state, seat)
        after_score = scoring.breakdown(after, seat)
        gains = []
        for deck, card_id in zip(
            ("composition", "array", "pair", "trove", "collector"), state.open_cards
        ):
            delta = after_score[deck] - before_score[deck]
            if delta:
                gains.append(f"{card_id} {delta:+d}")
        for key, label in (
            ("secret", "secret"),
            ("urchins", URCHIN_GLYPH),
            ("moonshell", "unused " + MOON_GLYPH),
        ):
            delta = after_score[key] - before_score[key]
            if delta:
                gains.append(f"{label} {delta:+d}")
        total = after_score["total"] - before_score["total"]
        fits = fits_text(tile, state.open_cards) if tile != URCHIN else "no objective"
        if not gains:
            return f"{fits}, no points yet"
        return f"{fits}; {total:+d} now ({', '.join(gains)})"

    # -- input helpers ------------------------------------------------------------------
    def _touch(self) -> None:
        """A key or click on your turn: what changed before it no longer needs
        highlighting (a key pressed while the others play keeps their moves lit)."""
        if self.human_to_move() is not None:
            self._baseline = (self.state.ocean, self.state.rocks)

    def _my_turn(self) -> int | None:
        return self.turn_or_wait()

    def _illegal(self, action: Any) -> bool:
        """True (and the engine's reason said) if ``action`` cannot be taken now.
        Only used for actions whose check never ends a turn."""
        try:
            self.game.apply(self.state, action)
        except IllegalAction as error:
            self.say(str(error), error=True)
            return True
        return False

    def _play(self, action: Any, note: str = "") -> bool:
        before: State = self.state
        self.mode = None
        self._baseline = (before.ocean, before.rocks)
        self.note = note
        ok = self.dispatch(action)
        if ok and (self.state.turn != before.turn or self.state.current != before.current):
            self.note = ""
        return ok

    def _refresh_mode(self) -> None:
        self.refresh_table()
        if self.mode == "aim":
            self.aim_hint()
        elif self.mode == "pull":
            self._describe_pull()
        elif self.mode == "chest":
            self._describe_collect()
        elif self.mode == "rock":
            left, right = rules.seat_rocks(self.state, self.state.current)
            cards = self.state.open_cards
            self.say(
                f"Collect which? L {tile_label(left).strip()} ({fits_text(left, cards)}), "
                f"R {tile_label(right).strip()} ({fits_text(right, cards)}). ←/→ choose, "
                "Enter takes it (1-4: straight into that chest column), Esc cancels."
            )

    def _in_keep(self) -> bool:
        return self.state.phase == KEEP

    def _answering(self) -> bool:
        """True in the mermaid choice and an event's question (Moonrise), where only
        ``w`` (or Enter) answers; the table's keys say so (as an error) and do nothing."""
        phase = self.state.phase
        if phase not in (MERMAID, EVENT):
            return False
        if self.mode != "aim":
            self.mode = None
        if phase == MERMAID:
            self.say("First choose your mermaid: press w (or Enter) to see them.", error=True)
        else:
            self.say(
                "First answer the event: Moonrise lets you place your moonshell for "
                "free (w or Enter shows where), or x declines.",
                error=True,
            )
        return True
