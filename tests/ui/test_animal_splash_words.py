"""Animal Splash words a first-time player can read (issue #20): the results name the
end card; the cards name every animal one way."""

from __future__ import annotations

from tideboard.engine import registry
from tideboard.engine.core import GameConfig
from tideboard.engine.states import evolve
from tideboard.games.animal_splash.content import BACKGROUNDS, CARDS, ENDINGS
from tideboard.ui.animal_splash.cards import animal_words, background_words
from tideboard.ui.animal_splash.info import final_table

GAME = registry.load("animal-splash")


def test_the_results_name_the_end_card():
    """The End column's card is named under the table (a header that long cut the
    3-player results at 80x24)."""
    state = GAME.setup(GameConfig(players=2, seed=1))
    for ending in ENDINGS:
        table = final_table(evolve(state, ending=ending), lambda seat: f"P{seat + 1}", set())
        assert str(table.caption) == f"End: the {ENDINGS[ending].name} card"


def test_every_card_names_its_animal_the_same_way_at_one_width():
    colour_words = {"red", "yellow", "blue", "green", "any"}
    for width in range(5, 24):
        schemes = set()
        for cid in range(len(CARDS)):
            words = animal_words(cid, width)
            assert len(words) <= width
            schemes.add("colour first" if words.split()[0] in colour_words else "initial last")
        assert len(schemes) == 1, (width, schemes)


def test_a_shipwreck_card_says_shipwreck_or_wreck_as_the_hints_do():
    ships = [cid for cid in range(len(CARDS)) if BACKGROUNDS[CARDS[cid].background] == "ship"]
    for width in range(10, 16):  # (the grid's cards at 80x24 and up)
        for cid in ships:
            word = background_words(cid, width).split()[0]
            assert word in ("shipwreck", "wreck"), (width, word)


def test_a_nine_card_tableau_at_80_columns_says_what_its_short_words_stand_for():
    from rich.text import Text

    from tideboard.ui.animal_splash.cards import short_words
    from tideboard.ui.animal_splash.tableau import TableauStrip

    strip = TableauStrip()
    cards = [cid for cid in range(len(CARDS)) if short_words(cid, strip.card_width(9))][:9]
    w = strip.card_width(9)
    shorts = [short_words(cid, w) for cid in cards]
    assert len(cards) == 9 and all(shorts)
    heading = Text("1 Player 1  O₂ 4  ● 2")
    line = strip.with_legend(heading, shorts).plain
    assert len(line) <= 80, line
    legend = line.removeprefix(heading.plain).split("  ")[1:]
    assert legend, line
    for entry in legend:  # "octo octopus": a short word, then its whole word
        short, full = entry.split(" ", 1)
        assert full.startswith(short[:2]) and len(full) > len(short), entry
