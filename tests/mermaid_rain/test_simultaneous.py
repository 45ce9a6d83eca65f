"""Simultaneous choices through the headless tools: script, sim and saves."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tests.round_trip import through_a_record
from tideboard.cli import main
from tideboard.engine.bots import make_bot
from tideboard.engine.core import GameConfig
from tideboard.engine.match import Match
from tideboard.engine.simulate import play_out, simulate
from tideboard.games.mermaid_rain.game import GAME


def script(*args: str, input: str | None = None):
    return CliRunner().invoke(main, ["script", "mermaid-rain", *args], input=input)


def test_script_waits_for_every_seat_in_the_meld_and_keeps_choices_hidden():
    result = script("--json", "-p", "4", "--seed", "3")
    report = json.loads(result.stdout)
    assert report["waiting"] == [1, 2, 3, 4] and report["to_move"] == 1
    assert any(m.startswith("p4 show") for m in report["legal"])
    first = next(m for m in report["legal"] if m.startswith("p2 show"))
    result = script("--json", "-p", "4", "--seed", "3", "--moves", "-", input=first + "\n")
    report = json.loads(result.stdout)
    assert report["waiting"] == [1, 3, 4]
    assert report["view"]["seats"][1]["chosen"] == "hidden"  # seen by Player 1
    assert "shows" not in " ".join(report["log"]) and report["log"] == ["Player 2 has chosen."]


def test_script_text_names_all_the_seats_choosing_at_once():
    result = script("-p", "3", "--seed", "1")
    assert "To move: Player 1 and Player 2 and Player 3 (choosing at once)" in result.output


def test_sim_plays_simultaneous_choices_with_each_bot_from_its_own_view():
    seen = []

    class Spy:
        level = "random"

        def __init__(self, seat):
            self.bot = make_bot(GAME, "random", seat)
            self.seat = seat

        def choose(self, game, view, seat, legal):
            assert seat == self.seat and all(a.seat == seat for a in legal)
            assert all(h[:3] == (0, 0, 0) for s, h in enumerate(view.hands) if s != seat)
            seen.append(seat)
            return self.bot.choose(game, view, seat, legal)

    state, _ = play_out(GAME, GAME.setup(GameConfig(players=4, seed=2)), [Spy(s) for s in range(4)])
    assert GAME.is_over(state) and set(seen) == {0, 1, 2, 3}
    report = simulate(GAME, GameConfig(players=3, seed=1), ["greedy", "random", "greedy"], 2)
    assert report["games"] == 2 and report["unfinished"] == 0


def test_a_record_in_the_middle_of_a_meld_replays_with_the_choice_still_hidden():
    match = Match.start(GAME, GameConfig(players=3, seed=4))
    match = match.play_text(GAME.legal_notation(match.state)[0])
    again = through_a_record(match)
    assert again.state == match.state and GAME.to_move(again.state) == (1, 2)
