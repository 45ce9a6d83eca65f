"""benchmarks/paired.py, the tool that pairs versions of an expert on the same games
(issue #21): a variant's name becomes the bot it says, and a saved run reads back by
variant."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import paired  # noqa: E402

from tideboard.engine import registry  # noqa: E402
from tideboard.engine.bots import make_bot  # noqa: E402
from tideboard.engine.core import GameConfig  # noqa: E402
from tideboard.engine.search import ExpertBot  # noqa: E402
from tideboard.engine.simulate import play_out  # noqa: E402
from tideboard.games.shifting_stones import bots  # noqa: E402


@pytest.fixture
def variants() -> paired.Variants:
    game = registry.load("shifting-stones")
    return paired.Variants(
        game, bots.EXPERT, {"wide": lambda: attrs.evolve(bots.EXPERT, scale=99.0)}
    )


def test_current_is_the_games_expert_and_greedy_the_greedy_bot(variants):
    expert = variants.seat("current")(7, 10)
    assert isinstance(expert, ExpertBot) and expert.spec is bots.EXPERT
    assert isinstance(variants.seat("greedy")(7, 10), bots.GreedyBot)


def test_field_changes_apply_in_order_on_a_named_base(variants):
    bot = variants.seat("rank=0.25,scale=3@50")(7, 50)
    assert (bot.spec.rank, bot.spec.scale) == (0.25, 3.0)
    assert bot.spec.horizon == bots.EXPERT.horizon
    based = variants.seat("wide,horizon=4")(7, 50)
    assert (based.spec.scale, based.spec.horizon) == (99.0, 4)
    assert variants.seat("prior=none")(7, 50).spec.prior is None


def test_a_dotted_field_changes_a_field_of_a_group_of_the_spec():
    """``tree.depth=1``: the Spec's ``tree`` (``search.Tree``) with its depth changed,
    the rest of the Spec and of the group as they were; ``tree.hidden=none`` a hook
    left out."""
    from tideboard.games.mermaid_rain import bots as mermaid

    game = registry.load("mermaid-rain")
    grown = paired.Variants(game, mermaid.EXPERT).seat("tree.depth=none,horizon=9")(7, 50)
    assert grown.spec.tree.depth is None and grown.spec.tree.hidden is mermaid.EXPERT.tree.hidden
    assert grown.spec.horizon == 9 and grown.spec.prior is mermaid.EXPERT.prior
    seen = paired.changed(mermaid.EXPERT, "tree.hidden=none")
    assert seen.tree.hidden is None and seen.tree.depth == 1


def test_a_saved_run_reads_back_by_variant(tmp_path, capsys):
    save = tmp_path / "run.jsonl"
    argv = ["shifting-stones", "--players", "2", "--games", "1", "--think-iterations", "2"]
    paired.main("doc", argv=[*argv, "--variants", "current", "greedy", "--save", str(save)])
    rows = [json.loads(line) for line in save.read_text().splitlines()]
    assert [r["variant"] for r in rows] == ["current", "greedy"]
    assert paired.load(str(save))[1]["variant"] == "current"
    assert paired.load(f"{save}:greedy")[1] == rows[1]
    # the greedy seat's game is the game of greedy bots seeded as bots.py seeds them
    game = registry.load("shifting-stones")
    seated = [make_bot(game, "greedy", 0 * 31 + s) for s in range(2)]
    state, _ = play_out(game, game.setup(GameConfig(players=2, seed=1)), seated)
    assert list(game.scores(state)) == rows[1]["totals"]
    assert "greedy vs current on 1 games" in capsys.readouterr().out
