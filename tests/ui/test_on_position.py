"""``OnPosition``: a pick notes the position it was made on, and ``moved_on`` says when
the game has left that position (the four game screens' previews and picks)."""

from __future__ import annotations

from tideboard.ui.shared.on_position import OnPosition, moved_on


class Input:
    pending: OnPosition[str | None] = OnPosition(None)
    cell: OnPosition[int | None] = OnPosition(None)
    chosen: OnPosition[bool] = OnPosition(False)

    def __init__(self) -> None:
        self.state = object()


def test_a_pick_belongs_to_the_position_it_was_made_on():
    turn = Input()
    assert turn.pending is None and turn.chosen is False and not moved_on(turn, "pending")
    turn.pending = "slide"
    assert turn.pending == "slide" and not moved_on(turn, "pending")
    turn.state = object()  # the game moved on
    assert moved_on(turn, "pending") and turn.pending == "slide"  # (the screen drops it)
    turn.pending = "slide again"  # picked again: on the new position
    assert not moved_on(turn, "pending")


def test_no_pick_never_moved_on_and_a_falsy_pick_is_still_a_pick():
    turn = Input()
    turn.cell = 0  # cell 0 is a pick (only ``empty`` is none)
    turn.chosen = False
    turn.state = object()
    assert moved_on(turn, "cell") and not moved_on(turn, "chosen")
    assert moved_on(turn, "chosen", "cell") and not moved_on(turn, "chosen", "pending")
    turn.cell = None
    assert not moved_on(turn, "cell")


def test_each_object_keeps_its_own_picks():
    a, b = Input(), Input()
    a.pending = "mine"
    assert b.pending is None and Input.pending.empty is None
    b.state = a.state
    b.chosen = True
    a.state = object()
    assert moved_on(a, "pending") and not moved_on(b, "chosen")
