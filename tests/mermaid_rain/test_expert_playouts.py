"""The Mermaid Rain expert's playouts (issue #21): its search plays a position out
riding as greedy does (a step of the shortest way to a treasure, one card a step),
not at random, and greedy's tiles are placed as before, only faster."""

from __future__ import annotations

import random

from tests.search_tree import grow
from tideboard.engine.search import Tree
from tideboard.engine.states import evolve
from tideboard.games.mermaid_rain import bots
from tideboard.games.mermaid_rain.bots import EXPERT, GreedyBot, treasure_spaces
from tideboard.games.mermaid_rain.content import distance
from tideboard.games.mermaid_rain.melds import meld_rank
from tideboard.games.mermaid_rain.state import Drop, End, Move, Place, Show

from .mr_helpers import GAME, cell, fresh, riding


def _only_d5_holds_treasure(state):
    lying = [()] * len(state.spaces)
    lying[cell("d5")] = state.spaces[cell("d5")]
    assert lying[cell("d5")]
    return evolve(state, spaces=tuple(lying))


def test_the_playouts_ride_towards_the_nearest_treasure_paying_one_card():
    """f5 -> e5 (a mermaid symbol: any card) -> d5 (a Seagull space, a treasure): the
    playout steps onto e5 with one Seagull, every time (at random: one move in five)."""
    state = riding(seat=0, at="f5", cards=(0, 3, 0))
    state = _only_d5_holds_treasure(state)
    legal = GAME.legal_for(state, 0)
    assert len(legal) > 2
    chosen = {EXPERT.policy(GAME, state, 0, legal, random.Random(seed)) for seed in range(20)}
    assert chosen == {Move(0, cell("e5"), (1,))}


def test_the_playouts_end_the_turn_with_no_treasure_in_reach():
    """One card, the treasure two spaces away: the playout keeps its card."""
    state = riding(seat=0, at="f5", cards=(0, 1, 0))
    state = _only_d5_holds_treasure(state)
    legal = GAME.legal_for(state, 0)
    chosen = {EXPERT.policy(GAME, state, 0, legal, random.Random(seed)) for seed in range(20)}
    assert chosen == {End(0)}


def _place_by_distance(bot, view, seat, legal):
    """Greedy's tile placement as it was written first (``content.distance`` each time)."""
    here = view.at[seat]
    targets = [t for t in treasure_spaces(view) if t != here]
    best, best_key = None, None
    for action in legal:
        if isinstance(action, Drop):
            continue
        near_me = min(distance(c, here) for c in action.cells)
        near_gold = min((distance(c, t) for c in action.cells for t in targets), default=9)
        key = (near_me <= 1, -near_gold - near_me, bot.random.random())
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best if best is not None else next(a for a in legal if isinstance(a, Drop))


def test_greedy_places_its_tiles_as_with_distances_computed_each_time():
    """The table of distances (``bots._distances``) changes nothing greedy chooses."""
    checked = 0
    for players, seed in ((3, 1), (6, 2)):
        state = fresh(players, seed)
        players_bots = [GreedyBot(seed * 10 + s) for s in range(players)]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            view, legal = GAME.view(state, seat), GAME.legal_for(state, seat)
            bot = players_bots[seat]
            if isinstance(legal[0], (Place, Drop)):
                saved = bot.random.getstate()
                expected = _place_by_distance(bot, view, seat, legal)
                bot.random.setstate(saved)
                action = bot.choose(GAME, view, seat, legal)
                assert action == expected
                checked += 1
            else:
                action = bot.choose(GAME, view, seat, legal)
            state = GAME.apply(state, action)
    assert checked > 20
    assert bots._distances()[cell("a1")][cell("i11")] == distance(cell("a1"), cell("i11"))


def test_the_others_hidden_meld_choices_are_sampled_as_greedy_would_make_them():
    """Seat 1 has chosen its first two cards, hidden from seat 0: the expert's
    determinization has it show what greedy shows from the sampled hand (a pair of
    one kind nearly always), not a uniformly random pair (one of a kind half the
    time), and the sample still looks to seat 0 exactly as its view does."""
    state = fresh(4, 5)
    legal = GAME.legal_for(state, 1)
    state = GAME.apply(state, legal[0])
    view = GAME.view(state, 0)
    assert view.chosen[1] == (-1,)
    alike = 0
    for seed in range(40):
        sample = EXPERT.determinize(view, 0, random.Random(seed))
        assert GAME.view(sample, 0) == view
        cards = sample.chosen[1]
        assert sum(sample.hands[1][k] >= cards.count(k) for k in cards) == len(cards)
        alike += cards[0] == cards[1]
    assert alike >= 36


def test_a_cut_playout_counts_only_the_cards_that_will_still_pay_a_step():
    """Seat 0 has ridden this round (seat 1 rides now): of its cards only the two it
    will keep count (the rest are discarded at the round's end); seat 1's all count;
    after the last round's ride none do."""
    state = riding(seat=1, at="f5", cards=(2, 2, 2), order=(0, 1, 2, 3))
    assert state.turn == 1

    def with_hand(seat, cards):
        hands = list(state.hands)
        hands[seat] = (*cards, 0)
        return evolve(state, hands=tuple(hands))

    many, two = with_hand(0, (3, 2, 1)), with_hand(0, (1, 1, 0))
    assert EXPERT.evaluate(GAME, many)[0] == EXPERT.evaluate(GAME, two)[0]
    assert EXPERT.evaluate(GAME, with_hand(0, (1, 0, 0)))[0] < EXPERT.evaluate(GAME, two)[0]
    assert EXPERT.evaluate(GAME, with_hand(1, (3, 3, 1)))[1] > EXPERT.evaluate(GAME, state)[1]
    last = evolve(many, round=5)
    assert EXPERT.evaluate(GAME, last)[0] == EXPERT.evaluate(GAME, evolve(two, round=5))[0]
    assert EXPERT.evaluate(GAME, last)[0] == EXPERT.evaluate(GAME, with_hand(0, (0, 0, 0)))[0]


def _meld_target_weighed_afresh(bot, view, seat):
    """Greedy's meld target as it was written first (every meld weighed each time)."""
    hand, meld = view.hands[seat], view.melds[seat]
    jitter = bot._jitter(view.round)
    cost = bots.CARD_WORTH if treasure_spaces(view) else bots.CARD_WORTH / 4
    held = sum(hand[:3])
    best, best_value = meld, -99.0
    for d in range(meld[0], meld[0] + hand[0] + 1):
        for g in range(meld[1], meld[1] + hand[1] + 1):
            for t in range(meld[2], meld[2] + hand[2] + 1):
                size = d + g + t
                if size < 2 or size > bots.MELD_LIMIT:
                    continue
                if size > 2 and held - (size - sum(meld)) < bots.KEEP_TO_MOVE:
                    continue
                rank = meld_rank((d, g, t))
                worth = bots.MELD_WORTH[rank]
                if rank == bots.MARCH and not view.pool:
                    worth = 0.0
                value = worth + jitter[rank] + (8 - rank) * bots.ORDER_WORTH
                value -= cost * (size - 2)
                if value > best_value:
                    best, best_value = (d, g, t), value
    return best


def test_greedy_aims_at_the_same_meld_as_when_every_meld_was_weighed_afresh():
    """The melds a hand may build are weighed once per hand (``bots._meld_candidates``):
    the target is the same for every hand, meld shown, lean of the round, with and
    without treasure on the board and in the pool."""
    rng = random.Random(3)
    state = fresh(4, 1)
    bare = evolve(state, spaces=tuple(() for _ in state.spaces))
    checked = 0
    for _ in range(400):
        base = rng.choice((state, bare))
        if rng.random() < 0.3:
            base = evolve(base, pool=())
        meld = tuple(rng.randint(0, 2) for _ in range(3))
        if sum(meld) > 4:
            continue
        hand = (*(rng.randint(0, 5) for _ in range(3)), 1)
        view = evolve(
            base,
            hands=(hand, *base.hands[1:]),
            melds=(meld, *base.melds[1:]),
            round=rng.randint(1, 5),
        )
        bot = GreedyBot(rng.randrange(1000))
        assert bot.meld_target(view, 0) == _meld_target_weighed_afresh(bot, view, 0)
        checked += 1
    assert checked > 300


def test_in_the_experts_tree_the_others_do_not_answer_its_hidden_meld():
    """Seat 0 shows its first two cards first (seats 1-3 after it, unseen by it and it
    by them): below its choices the tree holds no node of the others' meld choices,
    they are greedy's in every iteration (``Tree.hidden``), so they cannot answer a
    meld they would not have seen.  Without the rule they are nodes of the tree
    (grown below the root's moves, as ``Tree.depth`` None grows it)."""
    from attrs import evolve as evolve_spec

    state = fresh(4, 3)
    assert GAME.to_move(state) == (0, 1, 2, 3)

    def others_below(root):
        return {
            action.seat
            for child in root.children.values()
            for action in child.children
            if isinstance(action, Show)
        } - {0}

    deep = evolve_spec(EXPERT, tree=evolve_spec(EXPERT.tree, depth=None))  # (grown below)
    assert others_below(grow(GAME, deep, state, 0)) == set()
    assert others_below(grow(GAME, evolve_spec(deep, tree=Tree()), state, 0)) == {1}
    assert EXPERT.tree.hidden(state, 1)
    assert not EXPERT.tree.hidden(riding(seat=1, at="f5", cards=(1, 1, 1)), 1)


def test_the_expert_chooses_its_meld_whole_and_shows_its_first_step():
    """In the meld phase the expert weighs whole melds (``meld_plan``), greedy's target
    among them, and answers the first step of the one it chose: a legal choice, the
    same for the same view and seed; with every step ranked, and in time."""
    import time

    from tideboard.engine.search import Asked, Budget
    from tideboard.games.mermaid_rain import meld_plan
    from tideboard.games.mermaid_rain.bots import weigh_melds

    state = fresh(4, 3)
    view, legal = GAME.view(state, 0), GAME.legal_for(state, 0)
    targets = meld_plan._candidates(view, 0, GreedyBot(1), weigh_melds)
    assert len(targets) == len(set(targets)) > 2
    hand = view.hands[0]
    assert all(2 <= sum(t) <= 5 and all(t[k] <= hand[k] for k in range(3)) for t in targets)

    def ranked(seed, **budget):
        return EXPERT.decide(
            GAME, view, 0, legal, Asked(Budget(**budget), None, random.Random(seed))
        )

    first = ranked(4, iterations=40)
    assert first == ranked(4, iterations=40)
    assert {m.action for m in first} == set(legal) and len(first) == len(legal)
    assert sum(m.visits for m in first) == 40 and first[0].visits > 0
    start = time.monotonic()
    late = EXPERT.decide(
        GAME, view, 0, legal, Asked(Budget(think=0.1), start + 0.1, random.Random(4))
    )
    assert time.monotonic() - start < 0.1 + 0.1
    assert late[0].action in legal
    assert (
        EXPERT.decide(
            GAME,
            riding(seat=1, at="f5", cards=(1, 1, 1)),
            1,
            [End(1)],
            Asked(Budget(iterations=5), None, random.Random(1)),
        )
        is None
    )


def test_the_meld_plan_judges_its_playouts_as_the_search_does(monkeypatch):
    """The meld plan's reward for a playout is the search's, with every ``Spec`` field
    the search's reward reads: its scale, evaluation and soft rank (``Spec.rank``)."""
    import attrs

    from tideboard.engine import search
    from tideboard.engine.search import Asked, Budget
    from tideboard.games.mermaid_rain import meld_plan
    from tideboard.games.mermaid_rain.bots import weigh_melds

    seen = []

    def judged(*args, **keywords):
        seen.append(args[2:] + tuple(keywords.values()))
        return search.rewards(*args, **keywords)

    monkeypatch.setattr(meld_plan, "rewards", judged)
    spec = attrs.evolve(EXPERT, rank=0.7)
    state = fresh(4, 3)
    meld_plan.plan(
        GAME,
        GAME.view(state, 0),
        0,
        GAME.legal_for(state, 0),
        Asked(Budget(iterations=4), None, random.Random(2), spec),
        greedy=GreedyBot,
        weigh=weigh_melds,
    )
    assert seen and all(args == (spec.scale, spec.scale, spec.evaluate, 0.7) for args in seen)


def _first_ride_of_seed_1():
    """Four-player seed 1 (greedy bots seeded 0-3), seat 0 entering on its start space
    44 and laying its tile on 52, 62, 63 (as the expert did in ``bots.py``'s first
    game): its first ride, three Dolphins in hand, a treasure three steps away."""
    from tideboard.engine.core import GameConfig
    from tideboard.games.mermaid_rain.state import Enter

    state = GAME.setup(GameConfig(players=4, seed=1))
    greedy = [GreedyBot(s) for s in range(4)]
    while True:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_for(state, seat)
        if seat == 0 and any(isinstance(a, Move) for a in legal):
            return state, legal
        if seat == 0 and isinstance(legal[0], Enter):
            action = Enter(0, 44)
        elif seat == 0 and isinstance(legal[0], Place):
            action = next(a for a in legal if isinstance(a, Place) and a.cells == (52, 62, 63))
        else:
            action = greedy[seat].choose(GAME, GAME.view(state, seat), seat, legal)
        state = GAME.apply(state, action)


def test_the_expert_rides_to_the_treasure_its_playouts_would_reach():
    """The first step towards the treasure, where greedy and the playouts go: with the
    tree grown below it (``Tree.depth`` None) the seat's later steps of the ride were
    nodes, tried wild pairs and wandering among them, and the step read worse than
    ending the turn (every search ended it: no treasure in the first round, in four
    of four games).  Only the root's moves are nodes now (``depth`` 1)."""
    from attrs import evolve as evolve_spec

    from tideboard.engine.search import Budget, search

    state, legal = _first_ride_of_seed_1()
    view = GAME.view(state, 0)
    assert view.hands[0][:3] == (3, 0, 0)
    assert EXPERT.tree.depth == 1
    step = Move(0, 33, (0,))
    for seed in range(2):
        found = search(GAME, view, 0, legal, EXPERT, random.Random(seed), Budget(iterations=100))
        assert found.best == step
    deep = evolve_spec(EXPERT, tree=evolve_spec(EXPERT.tree, depth=None))
    for seed in range(2):
        found = search(GAME, view, 0, legal, deep, random.Random(seed), Budget(iterations=100))
        assert found.best == End(0)


def test_only_the_roots_moves_are_nodes_of_the_experts_tree():
    """``Tree.depth`` 1: below the root's moves the playout policy chooses, no node."""
    from attrs import evolve as evolve_spec

    state = riding(seat=0, at="f5", cards=(1, 2, 1))
    root = grow(GAME, EXPERT, state, 0)
    assert root.children and all(not c.children for c in root.children.values())
    deep = grow(GAME, evolve_spec(EXPERT, tree=evolve_spec(EXPERT.tree, depth=None)), state, 0)
    assert any(c.children for c in deep.children.values())


class _Counting:
    """The game, counting the actions applied to it."""

    def __init__(self) -> None:
        self.applied = 0

    def __getattr__(self, name):
        return getattr(GAME, name)

    def apply(self, state, action):
        self.applied += 1
        return GAME.apply(state, action)


def test_a_playout_runs_a_quarter_longer_for_each_seat_past_four():
    """A round takes about 11 actions a seat: the 50 actions that carry a four-player
    playout from a meld past every ride stopped a six-player one after two or three
    rides.  The search's playouts and the meld plan's run 50 actions at three and four
    players, 62 at five, 75 at six (one iteration each: the root's move, then the
    playout; the meld plan's first step, then the rest)."""
    from tideboard.engine.search import Asked, Budget, search
    from tideboard.games.mermaid_rain import meld_plan
    from tideboard.games.mermaid_rain.bots import weigh_melds

    for players, actions in ((3, 50), (4, 50), (5, 62), (6, 75)):
        state = riding(players=players, seat=0, at="f5", cards=(1, 2, 1))
        counting = _Counting()
        legal = GAME.legal_for(state, 0)
        view = GAME.view(state, 0)
        search(counting, view, 0, legal, EXPERT, random.Random(1), Budget(iterations=1))
        assert counting.applied == 1 + actions, players
        state = fresh(players, 3)
        counting = _Counting()
        meld_plan.plan(
            counting,
            GAME.view(state, 0),
            0,
            GAME.legal_for(state, 0),
            Asked(Budget(iterations=1), None, random.Random(2), EXPERT),
            greedy=GreedyBot,
            weigh=weigh_melds,
        )
        assert counting.applied == actions, players


def test_a_variant_of_the_search_reaches_the_meld_plan():
    """The search hands its own Spec to the meld plan (``Spec.decide``), so a variant
    of a field (here the playouts' length) is the meld plan's too, not the game's
    ``EXPERT``'s (a benchmark's variants measured melds they never changed)."""
    import attrs

    from tideboard.engine.search import Budget, search

    state = fresh(4, 3)
    legal = GAME.legal_for(state, 0)
    counting = _Counting()
    short = attrs.evolve(EXPERT, horizon=7, horizon_factor=None)
    search(counting, GAME.view(state, 0), 0, legal, short, random.Random(2), Budget(iterations=1))
    assert counting.applied == 7
