"""Write tideboard/games/animal_splash/cards.json: the 72 main cards.

The rulebook describes the cards but lists none, so the deck is designed here
(tideboard/games/animal_splash/rules.md explains the mix):

* 12 crabs (3 per colour), each with an oxygen token;
* 15 each of fish, turtle, octopus and seahorse: 4 per colour, except 3 in
  the animal's "own" colour, so every colour has 18 animals;
* backgrounds and plant kinds go round, 18 cards of each;
* every sixth card has a double plant, every sixth (three later) a choice of
  two plants, the rest a single plant: 12 double, 12 choice, 48 single.

The start cards, missions and end-scoring cards are written by hand in the
same file's other sections; this tool keeps them as they are.

    python tools/make_animal_splash_deck.py
"""

from __future__ import annotations

import json
from pathlib import Path

PATH = Path(__file__).resolve().parent.parent / "tideboard/games/animal_splash/cards.json"
ANIMALS = ("crab", "fish", "turtle", "octopus", "seahorse")
COLOURS = ("red", "yellow", "blue", "green")
BACKGROUNDS = ("ship", "anchor", "reef", "sea")
PLANTS = ("kelp", "grass", "moss", "lettuce")


def main_cards() -> list[dict]:
    order = []
    for animal in range(5):
        for colour in range(4):
            copies = 3 if animal == 0 or colour == animal - 1 else 4
            order += [(animal, colour)] * copies
    cards = []
    for k, (animal, colour) in enumerate(order):
        plant = (k + k // 4) % 4
        form = {0: "double", 3: "choice"}.get(k % 6, "single")
        plants = [PLANTS[plant]] if form != "choice" else [PLANTS[plant], PLANTS[(plant + 2) % 4]]
        cards.append(
            {
                "id": k,
                "animal": [ANIMALS[animal]],
                "colour": [COLOURS[colour]],
                "background": BACKGROUNDS[k % 4],
                "plants": plants,
                "double": form == "double",
                "oxygen": 1 if animal == 0 else 0,
            }
        )
    return cards


def main() -> None:
    data = json.loads(PATH.read_text()) if PATH.exists() else {}
    data["main"] = main_cards()
    lines = ["{"]
    sections = list(data.items())
    for index, (name, items) in enumerate(sections):
        lines.append(f' "{name}": [')
        lines += [f"  {json.dumps(item)}," for item in items]
        lines[-1] = lines[-1].rstrip(",")
        lines.append(" ]" + ("," if index < len(sections) - 1 else ""))
    lines.append("}")
    PATH.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
