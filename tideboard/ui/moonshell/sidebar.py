"""The Moonshell side panels as text: your chest's info box, the running scores with the
objectives' words, the objectives list, the other players' chests.  Functions of the
state shown and a :class:`Side` (what else the panels depend on), so the drawing
(``panels.py``) calls them, and the fitting (``fitting.py``) measures them."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.content import Content

from tideboard.games.moonshell import rules, scoring
from tideboard.games.moonshell.content import CARDS, CHEST_SIZE, PatternCard
from tideboard.games.moonshell.state import KEEP, State
from tideboard.ui.moonshell.chest import CHEST_W, chest_text, mini_chest
from tideboard.ui.moonshell.fitting import Fit, choose
from tideboard.ui.moonshell.names import clip, seat_tag
from tideboard.ui.moonshell.tiles import (
    MOON_GLYPH,
    REEF_PAIR_GLYPH,
    URCHIN_GLYPH,
    card_in_full,
    card_line,
    card_words,
    pattern_lines,
    shell_colours,
    tile_fits,
    type_chip,
)
from tideboard.ui.shared import grid_of, side_by_side, theme_colour


class Side(NamedTuple):
    """What the side panels depend on besides the state shown, for one redraw."""

    app: Any
    viewer: int | None  # whose secrets are shown (None: nobody's)
    solo: bool
    current: tuple[int, ...]  # the seats to move in the whole state (the rules' to_move)
    reef: bool  # Lunar Reef pairs in this game (``reef_on``)
    width: int  # the side panel's width (``side_width``)
    short: Callable[[int], str]  # a seat's short name ("P2 (you)")
    pending: int  # the tile being collected (EMPTY: none)
    offer: str = ""  # the secret objective chosen in the keep phase (spelt out under the scores)


def info_text(side: Side, shown: State, me: int) -> Text:
    """The box beside your chest: its count, the actions left, the moonshell, the bag."""
    out = Text()
    solo_me = side.solo and me == 0
    whose = "Your" if (me == side.viewer or solo_me) else f"{seat_tag(side.short(me))}'s"
    out.append(f"{whose} chest\n", style="bold")
    count = rules.chest_count(shown.chests[me])
    out.append(f"{count}/{CHEST_SIZE} tiles\n")
    seat = side.current
    left = shown.actions_left if shown.phase != KEEP and not shown.over else 0
    if seat and seat[0] == me and shown.phase != KEEP:
        out.append("Actions ")
        out.append(
            "●" * left, style=Style(color=theme_colour(side.app, "accent", "#f4a261"), bold=True)
        )
        out.append("○" * (3 - left), style="dim")
        out.append(f"\n{left} left\n")
    else:
        out.append("Not your turn\n\n", style="dim")
    if shown.solo and me == 1:
        out.append("no moonshell\n", style="dim")
    elif shown.moonshells[me]:
        out.append(f"{MOON_GLYPH} in reserve\n")
    else:
        out.append(f"{MOON_GLYPH} placed\n", style="dim")
    bag = len(shown.bag)
    out.append(f"Bag {bag}")
    if shown.urchins_aside:
        out.append(f" +{shown.urchins_aside}{URCHIN_GLYPH}")
    out.append("\n")
    if shown.end_trigger >= 0 and not shown.over:
        out.append("Last round!", style="bold")
    return out


def fit_side(
    side: Side,
    shown: State,
    me: int,
    mermaids_short: list[str],
    mermaids_full: list[str],
    large: bool,
) -> Fit:
    """How much of the side panel to draw so that the log keeps its lines (``fitting.py``);
    ``mermaids_short`` and ``mermaids_full`` are the mermaid lines both ways."""
    width = side.width

    def rows(content: Text) -> int:
        if not content.plain:
            return 0
        lines = content.plain.split("\n")
        if all(cell_len(line) <= width for line in lines):  # nothing to wrap
            return len(lines)
        return len(Content.from_rich_text(content).wrap(width))

    def mermaids(is_short: bool) -> int:
        lines = mermaids_short if is_short else mermaids_full
        return rows(Text("\n".join(lines))) + (bool(lines) and not is_short)

    size = side.app.size
    return choose(
        size.height,
        size.width >= 100,
        large,
        lambda words: rows(score_table(side, shown, me, words)),
        mermaids,
        lambda detail: 1 + rows(objective_lines(side, shown, me, detail)),
    )


def score_table(side: Side, shown: State, me: int, words: int = 0) -> Text:
    """Per player, the public running score of each objective (with Lunar Reef, the
    stacked anemone/clownfish pairs: ✪); with ``words`` (no objectives panel) what each
    objective asks for (2: a line each, its deck named; 1: a few words each); then your
    secret."""
    cards = shown.open_cards
    reef = side.reef
    extra = [URCHIN_GLYPH, REEF_PAIR_GLYPH, MOON_GLYPH] if reef else [URCHIN_GLYPH, MOON_GLYPH]
    keys = ["urchins", "reef"] if reef else ["urchins"]
    heads = [c for c in cards] + extra + ["Σ"]
    widths = [max(3, len(h) + 1) for h in cards] + [2] * len(extra) + [3]
    # the whole table stays within the side panel (35 columns at 80): "▶Player 1 (you)"
    # when it fits, else "▶Player 1" (your row is bold), cut with "…" for long card codes
    # (Lunar Reef's LA6...) and long names
    room = max(35, side.width) - sum(widths)
    longest = max(cell_len(side.short(seat)) for seat in range(shown.players)) + 1
    name_w = max(4, min(longest + 1, 24, room))
    out = Text(" " * name_w, style="bold")
    for head, width in zip(heads, widths):
        out.append(f"{head:>{width}}", style="bold")
    current = side.current
    for seat in range(shown.players):
        score = scoring.breakdown(shown, seat, secret=False)
        values: list[int | str] = [
            score[k] for k in ("composition", "array", "pair", "trove", "collector", *keys)
        ]
        moon = "·" if (shown.solo and seat == 1) else str(score["moonshell"])
        values += [moon, score["total"]]
        mark = "▶" if current and current[0] == seat else " "
        label = mark + clip(side.short(seat), name_w - 1)  # (values have a space before)
        out.append("\n")
        out.append(f"{label:<{name_w}}", style="bold" if seat == me else "")
        for i, (value, width) in enumerate(zip(values, widths)):
            out.append(f"{value:>{width}}", style="bold" if i == len(values) - 1 else "")
    out.append("\n")
    if words >= 2:  # no objectives panel, room for a line each: "C4 Composition: ..."
        for card_id in cards:
            entry = Text(card_id, style="bold")
            entry.append(
                f" {card_line(card_id, max(20, side.width) - len(card_id) - 1)}", style="dim"
            )
            entry.truncate(max(20, side.width), overflow="ellipsis")
            out.append_text(entry)
            out.append("\n")
    elif words:  # no objectives panel: say what each code asks for
        width = max(20, side.width)
        line = Text(style="dim")
        for card_id in cards:  # whole entries per line: no code apart from its words
            entry = Text(card_id, style="bold")
            entry.append(f" {card_words(card_id)}")
            if line.plain and line.cell_len + 3 + entry.cell_len > width:
                out.append_text(line)
                out.append("\n")
                line = Text(style="dim")
            if line.plain:
                line.append(" · ")
            line.append_text(entry)
        out.append_text(line)
        out.append("\n")
    secret = shown.secrets[me] if me < len(shown.secrets) else ""
    if side.viewer is None or (shown.solo and me == 1):
        out.append("Secret objectives hidden", style="dim italic")
    elif secret and secret in CARDS:
        points = scoring.breakdown(shown, me)["secret"]
        line = Text(f"Secret {secret} ", style="bold")
        line.append(f"{CARDS[secret].name}: ")
        line.append(f"{points} now", style="bold")
        tail = f"{CARDS[secret].name}: {points} now"
        if line.cell_len > 35:
            line = Text(f"Secret {secret} ", style="bold")
            line.append(f"{tail[: 35 - line.cell_len - 1]}…")
        out.append_text(line)
    elif shown.phase == KEEP and side.offer in CARDS and words != 1:
        # the card chosen in a sentence, unless the objectives' few words need the rows
        out.append(f"Secret {side.offer}: ", style="bold")
        out.append(card_in_full(side.offer), style="italic")
    elif shown.phase == KEEP:
        out.append("Secret: choose one above (k)", style="italic")
    out.rstrip()  # (no secret line yet: no empty line under the scores)
    return out


def objective_lines(side: Side, shown: State, me: int, detail: int = 0) -> Text:
    """One line per objective with its pattern (shown on wide screens), and under each
    up to ``detail`` lines of what it asks for in words."""
    colours = shell_colours(side.app)
    accent = theme_colour(side.app, "accent", "#f4a261")
    out = Text()
    ids = list(shown.open_cards)
    secret = shown.secrets[me] if side.viewer is not None else ""
    if secret and secret in CARDS:
        ids.append(secret)
    score = scoring.breakdown(shown, me)
    short = {
        "composition": "Comp",
        "array": "Array",
        "pair": "Pair",
        "trove": "Trove",
        "collector": "Coll",
        "secret": "Secret",
    }
    width = max(40, side.width)
    fits = set(tile_fits(side.pending, shown.open_cards))
    heads: list[Text] = []
    for card_id in ids:
        card = CARDS[card_id]
        if card_id in fits:  # the tile being collected counts toward it
            line = Text("▶", style=Style(color=accent, bold=True))
            line.append(f"{card.id:<4}", style=Style(color=accent, bold=True, reverse=True))
        else:
            line = Text(f"{card.id:<5}", style="bold")
        line.append(f"{short[card.deck]:<7}", style="dim")
        if isinstance(card, PatternCard):
            for r, row in enumerate(pattern_lines(card, colours, accent)):
                if r:
                    line.append("/", style="dim")
                line.append_text(row)
            extra = f" {card.points}" + (f"x{card.seahorses}" if card.seahorses > 1 else "")
            line.append(extra, style="dim")
        else:
            for j, bit in enumerate(card.types):
                if j:
                    line.append(" + ")
                line.append_text(type_chip(bit, colours))
        heads.append(line)
    # the values two columns after the longest line, not at a wide panel's far edge
    column = min(width - 7, max(line.cell_len for line in heads) + 2) if heads else 0
    for i, (card_id, line) in enumerate(zip(ids, heads)):
        tail = f" now {score[CARDS[card_id].deck]}"
        line.truncate(min(column, width - len(tail) - 1), overflow="ellipsis")
        line.append(" " * (column - line.cell_len))
        line.append(tail, style="bold")
        if i:
            out.append("\n")
        out.append_text(line)
        if detail:  # large terminals: what the card asks for, in words
            for part in textwrap.wrap(
                card_in_full(card_id), width - 6, max_lines=detail, placeholder=" …"
            ):
                out.append(f"\n     {part}", style="dim")
    return out


def others_text(side: Side, shown: State, me: int, width: int = 0) -> Text:
    """The other players' chests with their names and points: small, side by side, or
    with ``width`` (the ocean's, in its place: key t at 80x24) drawn as your own chest is,
    as many to a row as fit, the tiles' glyphs and letters readable."""
    blocks = []
    for seat in range(shown.players):
        if seat == me:
            continue
        total = scoring.breakdown(shown, seat, secret=False)["total"]
        if width:
            count = rules.chest_count(shown.chests[seat])
            head = Text(f"{clip(side.short(seat), CHEST_W - 12)} ", style="bold")
            head.append(f"{total} pts, {count}/{CHEST_SIZE}")
            blocks.append([head, *chest_text(side.app, shown.chests[seat], header=False).split()])
        else:
            head = Text(f"{clip(side.short(seat), 8)} {total}pt", style="bold")
            blocks.append([head] + mini_chest(side.app, shown.chests[seat]))
    if not blocks:
        return Text()
    if width:  # the ocean's width exactly (the side panel keeps its place)
        lines = grid_of(blocks, width, gap=2).split()
        for line in lines:
            line.rstrip()
            line.truncate(width, pad=True)
        return Text("\n").join(lines)
    return side_by_side(blocks, gap=2)
