"""A Moonlighter fight's odds, exact over the attack die: the chance to win it
attacking to the end, and the hearts it is expected to cost (the bots' judgement of
fights and pawns, ``bots.py``)."""

from __future__ import annotations

from functools import lru_cache

from tideboard.games.moonlighter.rules import attack_outcome


def face_outcome(
    face: int, foes: tuple[int, ...], pawn: str, boss: bool
) -> tuple[int, tuple[int, ...]] | None:
    """What one attack die ``face`` does to a fight: the hearts it costs the player
    and the foes' hearts left; None when it changes nothing (rolled again)."""
    hit, hurt, _ = attack_outcome(face, pawn, boss)
    if not hit and not hurt:
        return None
    double = pawn == "blue" and not boss
    left = list(foes)
    if hit:
        dealt = 2 if (double or (boss and pawn == "red")) else 1
        i = next(i for i, h in enumerate(left) if h > 0)
        left[i] = max(0, left[i] - dealt)
        if left[i] == 0 and pawn == "green" and not boss:
            left = [0] * len(left)
    return ((2 if double else 1) if hurt else 0), tuple(left)


@lru_cache(maxsize=1024)
def _faces(
    foes: tuple[int, ...], pawn: str, boss: bool
) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], float]:
    """The attack die's faces that change the fight (:func:`face_outcome` of each),
    and the chance of a face that does not (it is rolled again)."""
    outcomes = []
    stay = 0.0
    for face in range(1, 7):
        outcome = face_outcome(face, foes, pawn, boss)
        if outcome is None:
            stay += 1 / 6
        else:
            outcomes.append(outcome)
    return tuple(outcomes), stay


@lru_cache(maxsize=1024)  # bounded: a campaign would otherwise keep every fight it met
def win_chance(health: int, foes: tuple[int, ...], pawn: str, boss: bool) -> float:
    """The chance to win a fight from here, attacking until it ends."""
    if health <= 0:
        return 0.0
    if not any(foes):
        return 1.0
    outcomes, stay = _faces(foes, pawn, boss)
    total = 0.0
    for lost, left in outcomes:
        total += win_chance(health - lost, left, pawn, boss) / 6
    return total / (1 - stay)


@lru_cache(maxsize=1024)
def fight_cost(health: int, foes: tuple[int, ...], pawn: str) -> float:
    """The hearts an ordinary fight is expected to cost from here, attacking until
    it ends (a death costs the hearts that were left)."""
    if health <= 0 or not any(foes):
        return 0.0
    outcomes, stay = _faces(foes, pawn, False)
    total = 0.0
    for lost, left in outcomes:
        lost = min(health, lost)
        total += (lost + fight_cost(health - lost, left, pawn)) / 6
    return total / (1 - stay)
