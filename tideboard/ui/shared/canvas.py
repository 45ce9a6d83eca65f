"""Drawing in characters: a canvas of styled cells, blocks of lines side by side,
and card frames."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

ROUNDED, THICK = "╭─╮│╰╯", "┏━┓┃┗┛"


class Canvas:
    """A ``width`` x ``height`` grid of characters, each with its own style."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: Style | str | None = None) -> None:
        """Write ``text`` from (x, y) to the right; what falls outside is dropped."""
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            # each character's style: the text's, plus its spans' in order
            plain = text.plain
            base = Style.parse(text.style) if isinstance(text.style, str) else text.style
            styles = [base] * len(plain)
            for span in text.spans:
                extra = Style.parse(span.style) if isinstance(span.style, str) else span.style
                for i in range(max(span.start, 0), min(span.end, len(plain))):
                    styles[i] = styles[i] + extra
            for i, ch in enumerate(plain):
                self._set(x + i, y, ch, styles[i])
            return
        st = Style.parse(style) if isinstance(style, str) else style
        for i, ch in enumerate(text):
            self._set(x + i, y, ch, st)

    def _set(self, x: int, y: int, ch: str, style: Style | None) -> None:
        if 0 <= x < self.width:
            self.chars[y][x] = ch
            self.styles[y][x] = style

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.height):
            run, run_style = "", None
            for ch, st in zip(self.chars[y], self.styles[y]):
                if st != run_style and run:
                    out.append(run, run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, run_style)
            if y < self.height - 1:
                out.append("\n")
        return out


def side_by_side(blocks: list[list[Text]], gap: int = 1) -> Text:
    """Blocks of lines next to each other, ``gap`` columns apart."""
    height = max(len(b) for b in blocks)
    widths = [max((line.cell_len for line in b), default=0) for b in blocks]
    out = []
    for y in range(height):
        line = Text()
        for block, width in zip(blocks, widths):
            part = block[y] if y < len(block) else Text()
            line.append_text(part)
            line.append(" " * (width - part.cell_len + gap))
        out.append(line)
    return Text("\n").join(out)


def grid_of(blocks: list[list[Text]], width: int, gap: int = 1) -> Text:
    """Blocks side by side, in as many rows as ``width`` needs."""
    if not blocks:
        return Text()
    block_w = max(line.cell_len for block in blocks for line in block) + gap
    per_row = max(1, (width + gap) // block_w)
    rows = [side_by_side(blocks[i : i + per_row], gap) for i in range(0, len(blocks), per_row)]
    return Text("\n").join(rows)


def border_line(
    out: Text,
    corners: str,
    inner: int,
    edge: Style,
    label: str | Text = "",
    label_style: Style | str | None = None,
) -> Text:
    """Append a frame's top or bottom border to ``out``: ``corners`` is (left, stroke,
    right), ``inner`` strokes wide, with ``label`` set in after the first stroke."""
    left, hz, right = tuple(corners)
    out.append(left + hz, edge)
    out.append(label, label_style)
    width = label.cell_len if isinstance(label, Text) else len(label)
    out.append(hz * (inner - 1 - width) + right, edge)
    return out


def card_frame(
    body: list[Text],
    inner: int,
    edge: Style,
    chars: str = ROUNDED,
    top: Text | None = None,
    bottom: Text | None = None,
) -> list[Text]:
    """``body`` in a frame ``inner`` + 2 wide: each line cut (…) or padded to ``inner``.

    The frame's style is the lines' base style (so a dim frame dims the body);
    ``top`` / ``bottom`` are labels set into the border after its first stroke.
    """
    tl, hz, tr, vt, bl, br = tuple(chars)

    def border(left: str, right: str, label: Text | None) -> Text:
        if label is None:
            return Text(left + hz * inner + right, style=edge)
        return border_line(Text(style=edge), left + hz + right, inner, edge, label)

    lines = [border(tl, tr, top)]
    for part in body:
        part = part.copy()
        part.truncate(inner, overflow="ellipsis")
        line = Text(vt, style=edge)
        line.append_text(part)
        line.append(" " * (inner - part.cell_len))
        line.append(vt, style=edge)
        lines.append(line)
    lines.append(border(bl, br, bottom))
    return lines
