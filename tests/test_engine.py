"""The game-independent engine: generator, config checks, registry, matches."""

import pytest

from tests.round_trip import through_a_record
from tideboard.engine import registry
from tideboard.engine.core import ConfigError, GameConfig, IllegalAction
from tideboard.engine.match import Match
from tideboard.engine.rng import Rng


def test_rng_same_seed_same_stream():
    def stream(seed, count=20):
        rng, out = Rng.from_seed(seed), []
        for _ in range(count):
            value, rng = rng.below(100)  # each draw moves the generator on
            out.append(value)
        return out

    assert stream(7) == stream(7)
    assert stream(7) != stream(8)
    # recorded once: a seed always gives these draws (saves and replays rest on it)
    assert stream(7) == [
        17,
        99,
        96,
        42,
        20,
        72,
        23,
        17,
        68,
        3,
        70,
        55,
        12,
        27,
        99,
        75,
        73,
        77,
        75,
        48,
    ]
    assert len(set(stream(7))) > 5  # a stream, not one value repeated
    values = []
    rng = Rng.from_seed(7)
    for _ in range(50):
        v, rng = rng.roll(6)
        values.append(v)
    assert set(values) == {1, 2, 3, 4, 5, 6}


def test_rng_shuffle_is_a_permutation_and_depends_on_seed():
    items = list(range(20))
    s1, _ = Rng.from_seed(1).shuffle(items)
    s2, _ = Rng.from_seed(2).shuffle(items)
    assert sorted(s1) == items and s1 != s2


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5])
def test_rng_shuffle_draws_each_swap_as_below_does(seed):
    """The inline shuffle gives exactly the Fisher-Yates of ``below`` draws (saves and
    replays of every game rest on it), and leaves the generator where they would."""
    for items in (list(range(60)), list("abc"), [], [9]):
        rng = Rng.from_seed(seed)
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        assert Rng.from_seed(seed).shuffle(items) == (tuple(out), rng)


def _position_before(value: int, draws: int) -> int:
    """A generator position whose ``draws``-th next value is ``value`` (SplitMix64's
    mixing undone step by step)."""
    mask = (1 << 64) - 1

    def unshift(y: int, s: int) -> int:
        v = y
        for _ in range(64 // s + 1):
            v = y ^ (v >> s)
        return v & mask

    z = unshift(value, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)
    return (z - draws * 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("value", [2**64 - 1, 2**64 - 10, 2**64 - 11, 2**64 - 6])
@pytest.mark.parametrize("draw", [1, 4, 9])
def test_rng_shuffle_redraws_a_rejected_value_as_below_does(value, draw):
    """A value in the top sliver of the 64-bit range is drawn again (rejection
    sampling); the shuffle's all-at-once draws must step aside to do the same."""
    rng = after = Rng(_position_before(value, draw))
    for _ in range(draw):
        drawn, after = after.next64()
    assert drawn == value
    items = list(range(10))
    expected, after = list(items), rng
    for i in range(len(expected) - 1, 0, -1):
        j, after = after.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.shuffle(items) == (tuple(expected), after)


def test_registry_lists_all_five_games():
    assert set(registry.GAMES) == {
        "shifting-stones",
        "moonshell",
        "moonlighter",
        "mermaid-rain",
        "animal-splash",
    }
    with pytest.raises(ConfigError, match="choose from"):
        registry.get_info("chess")


@pytest.mark.parametrize("game_id", [g for g in registry.GAMES if registry.is_available(g)])
def test_registry_bot_levels_match_the_games_bots(game_id):
    # `tideboard list` answers from the registry: it must not drift from the game.
    # The picker, `play`, `sim` and the SSH dialog offer every level in every game
    # (issue #21), in this order.
    factories = tuple(registry.load(game_id).bot_factories())
    assert registry.GAMES[game_id].bot_levels == factories == ("random", "easy", "greedy", "expert")


@pytest.mark.parametrize(
    "config, message",
    [
        (GameConfig(players=6), "2-5 players"),
        (GameConfig(players=1), "2-5 players"),
        (GameConfig(players=2, variant="turbo"), "choose from: standard"),
        (GameConfig(players=2, solo=True), "--solo is a one-player game"),
    ],
)
def test_config_errors_name_the_valid_choices(config, message):
    with pytest.raises(ConfigError, match=message):
        registry.GAMES["shifting-stones"].check_config(config)


def test_match_undo_and_record_round_trip():
    game = registry.load("shifting-stones")
    match = Match.start(game, GameConfig(players=2, seed=3))
    for text in ("end", "skip", "end"):
        match = match.play_text(text)
    again = through_a_record(match)
    assert again.state == match.state and again.log == match.log
    assert match.undo().state == match.states[-2]
    with pytest.raises(IllegalAction):
        match.play_text("skip").play_text("skip")


def test_solo_for_a_game_without_a_solo_mode_names_the_player_range():
    from tideboard.engine.core import GameInfo

    info = GameInfo(id="x", name="Tide Race", min_players=3, max_players=6)
    with pytest.raises(ConfigError, match="no solo mode; play it with 3-6 players"):
        info.check_config(GameConfig(players=1, solo=True))


def test_new_seeds_come_from_64_bits_of_entropy(monkeypatch):
    """Seeds were random.randrange(1_000_000): found by brute force (issue 7, item 4)."""
    from tideboard.engine import seeds

    calls = []
    monkeypatch.setattr(seeds.os, "urandom", lambda n: calls.append(n) or b"\xff" * n)
    assert seeds.new_seed() == 2**64 - 1 and calls == [8]  # 8 bytes of the OS's entropy
    monkeypatch.undo()
    drawn = {seeds.new_seed() for _ in range(200)}
    assert len(drawn) == 200 and all(0 <= s < 2**64 for s in drawn)
    assert sum(s >= 2**63 for s in drawn) > 50  # the top bit is used (p of failing ~1e-12)


@pytest.mark.parametrize("seed", [-1, 2**64, 10**400, 1.5, "7", True])
def test_a_seed_out_of_range_is_refused(seed):
    from tideboard.engine.seeds import SeedError, check_seed

    info = registry.get_info("shifting-stones")
    with pytest.raises(ConfigError, match="seed"):
        info.check_config(GameConfig(players=2, seed=seed))
    with pytest.raises(SeedError):
        check_seed(seed)


@pytest.mark.parametrize(
    "text", ["", " ", "-1", "²", "1e3", "1_000", "9" * 21, str(2**64), "9" * 5000]
)
def test_a_typed_seed_is_ascii_digits_in_range(text):
    from tideboard.engine.seeds import SeedError, parse_seed

    with pytest.raises(SeedError, match="seed"):
        parse_seed(text)


def test_a_typed_seed_is_read():
    from tideboard.engine.seeds import parse_seed

    assert parse_seed(" 0 ") == 0 and parse_seed(str(2**64 - 1)) == 2**64 - 1


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_rng_choose_each_draws_as_a_choice_per_pool_does(seed):
    pools = [("a", "b", "c"), tuple(range(8)), ("x",), tuple(range(13))]
    rng, expected = Rng.from_seed(seed), []
    for pool in pools:
        item, rng = rng.choice(pool)
        expected.append(item)
    assert Rng.from_seed(seed).choose_each(pools) == (expected, rng)
    with pytest.raises(ValueError):
        Rng.from_seed(seed).choose_each([()])


def test_rng_is_an_immutable_value():
    """States compare, hash, copy and pickle their generator by its position."""
    import copy
    import pickle

    import pytest

    rng = Rng(5)
    assert rng == Rng(5) and rng != Rng(6) and hash(rng) == hash(Rng(5))
    assert rng != 5 and rng != (5,)
    assert repr(rng) == "Rng(position=5)" and Rng() == Rng(0)
    assert pickle.loads(pickle.dumps(rng)) == rng and copy.deepcopy(rng) == rng
    with pytest.raises(AttributeError):
        rng.position = 6
    with pytest.raises(AttributeError):
        del rng.position
    assert rng.position == 5 and {Rng(1), Rng(1), Rng(2)} == {Rng(1), Rng(2)}
