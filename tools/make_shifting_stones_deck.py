"""Make tideboard/games/shifting_stones/cards.json, the 72-card pattern deck.

The published card faces are not in the rulebook text.  RULES-NOTES gives
the deck's mix: 72 cards worth 28x1, 26x2, 13x3 and 5x5 points, in the shapes
vertical pair, horizontal pair, full 3x3, row of 3, column of 3 and 2x2 block.
This script picks unique patterns that the nine stones can actually form,
measures how hard each is (how seldom it matches a random grid), and hands
out the points by that difficulty, easiest cards getting 1 point.

Run it again only to change the deck on purpose: it is deterministic.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tideboard.games.shifting_stones.content import LETTERS, STONES_PER_PAIR, make_card  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "tideboard/games/shifting_stones/cards.json"
SHAPES = [  # (height, width, count, how many grey squares are allowed)
    (2, 1, 16, (0, 0, 0, 1)),  # vertical pair
    (1, 2, 14, (0, 0, 0, 1)),  # horizontal pair
    (3, 3, 15, None),  # full grid: 1 to 5 set stones, the rest grey
    (1, 3, 13, (0, 0, 1)),  # row of 3
    (3, 1, 8, (0, 0, 1)),  # column of 3
    (2, 2, 6, (0, 1)),  # 2x2 block
]
POINTS = [1] * 28 + [2] * 26 + [3] * 13 + [5] * 5


def feasible(letters: str) -> bool:
    used = [0, 0, 0, 0]
    for ch in letters:
        if ch != "*":
            used[LETTERS.index(ch) // 2] += 1
    return all(u <= n for u, n in zip(used, STONES_PER_PAIR))


def random_grid(rnd: random.Random) -> tuple[int, ...]:
    stones = [p for p, n in enumerate(STONES_PER_PAIR) for _ in range(n)]
    rnd.shuffle(stones)
    return tuple(p * 2 + rnd.randrange(2) for p in stones)


def main() -> None:
    rnd = random.Random(20201)
    seen: set[tuple[str, ...]] = set()
    chosen: list[tuple[str, ...]] = []
    for height, width, count, greys in SHAPES:
        made = 0
        full_sizes = [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]
        while made < count:
            cells = height * width
            if greys is None:
                letters = ["*"] * 9
                for pos in rnd.sample(range(9), full_sizes[made]):
                    letters[pos] = rnd.choice(LETTERS)
            else:
                grey = rnd.choice(greys)
                letters = [rnd.choice(LETTERS) for _ in range(cells)]
                for pos in rnd.sample(range(cells), grey):
                    letters[pos] = "*"
            text = "".join(letters)
            rows = tuple(text[r * width : (r + 1) * width] for r in range(height))
            if rows in seen or not feasible(text) or text.count("*") == cells:
                continue
            seen.add(rows)
            chosen.append(rows)
            made += 1
    grids = [random_grid(rnd) for _ in range(20000)]
    rated = []
    for rows in chosen:
        card = make_card(0, 0, rows)
        hits = sum(card.matches(g) for g in grids)
        rated.append((-hits, rows))
    rated.sort()
    cards = [
        {"id": i + 1, "points": points, "pattern": list(rows)}
        for i, (points, (_, rows)) in enumerate(zip(POINTS, rated))
    ]
    rnd.shuffle(cards)
    for number, card in enumerate(cards, 1):
        card["id"] = number
    OUT.write_text(
        json.dumps(
            {
                "about": "Shifting Stones pattern cards. Letters: S Sun, M Moon, F Fish, B Bird, "
                "H Horse, O Boat, E Seed, T Tree; * a grey square (any stone). Row 1 is "
                "the top of the grid (the deck's side).",
                "cards": cards,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {len(cards)} cards to {OUT}")


if __name__ == "__main__":
    main()
