"""How a wrong player count is worded."""

import pytest

from tideboard.engine import registry
from tideboard.engine.core import ConfigError, GameConfig


def test_a_one_player_game_says_so_not_for_1_players():
    with pytest.raises(ConfigError) as error:
        registry.GAMES["moonlighter"].check_config(GameConfig(players=2))
    assert "Moonlighter is a one-player game; got 2." in str(error.value)
    assert "1 players" not in str(error.value)


def test_a_game_for_several_players_names_the_range():
    with pytest.raises(ConfigError, match=r"Moonshell is for 2-4 players \(or --solo\); got 5"):
        registry.GAMES["moonshell"].check_config(GameConfig(players=5))
