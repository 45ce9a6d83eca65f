"""The rules page shows the map, decks and interpretations as the game uses them."""

from __future__ import annotations

from tideboard.files.rules_pages import rules_markdown
from tideboard.games.mermaid_rain.content import MAP_ROWS, SPOTS, UNDERCURRENTS


def test_rules_page_shows_the_map_the_game_plays_on():
    page = rules_markdown("mermaid-rain")
    for letter, row in zip("abcdefghi", MAP_ROWS):
        pad = " " if "abcdefghi".index(letter) % 2 else ""
        assert f" {letter}  {pad}" + "  ".join(row) in page


def test_rules_page_lists_the_undercurrent_cards_and_treasure_spots():
    page = rules_markdown("mermaid-rain")
    for number, card in enumerate(UNDERCURRENTS, 1):
        cells = " | ".join(" ".join(map(str, card[n])) for n in (3, 4, 5, 6))
        assert f"| {number} | {cells} |" in page
    assert f"3 ({sum(u + d for _, u, d in SPOTS[3])} of 18)" in page
    assert "How tideboard reads the rules" in page
