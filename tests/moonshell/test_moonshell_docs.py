"""The rules page lists every card and is shipped with the package."""

from __future__ import annotations

import re

from tideboard.files.rules_pages import rules_markdown
from tideboard.games.moonshell.content import CARDS, SOLO_CARDS


def test_rules_page_lists_every_card_with_its_pattern():
    page = rules_markdown("moonshell")
    assert page is not None and page.startswith("# Moonshell")
    for card_id, card in CARDS.items():
        assert re.search(rf"\| {card_id} \|", page), f"{card_id} missing from the rules page"
        if hasattr(card, "rows"):
            row = next(line for line in page.splitlines() if line.startswith(f"| {card_id} |"))
            assert " / ".join(f"`{r}`" for r in card.rows) in row
    for card in SOLO_CARDS:
        assert f"| {card.id} |" in page
    assert "## Interpretations" in page


def test_rules_page_lists_every_power_and_event():
    from tideboard.games.moonshell.reef import EVENTS, MERMAIDS

    page = rules_markdown("moonshell")
    for mermaid in MERMAIDS.values():
        row = next(line for line in page.splitlines() if line.startswith(f"| {mermaid.name} ("))
        assert mermaid.passive in row and mermaid.active in row
    for card in EVENTS.values():
        assert f"| {card.id} | {card.name} | {card.kind} | {card.text} |" in page
    for word in ("## Options and modes", "wade", "submerge", "dive", "tsunami"):
        assert word in page


def test_rules_page_opening_says_what_is_in():
    """Issue #20: the page opened with 'mermaid powers, Lunar Reef and the game modes are
    not in yet', false since they are."""
    page = rules_markdown("moonshell")
    opening = page.split("## What is on the table")[0]
    assert "not in yet" not in page
    for words in ("mermaid powers", "Lunar Reef", "event deck", "solo", "Wade", "Tsunami"):
        assert words in opening, words
