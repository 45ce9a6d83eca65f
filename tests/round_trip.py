"""A match through a record file and back, as ``tideboard export`` then
``resume`` does it: the game id, the settings and the moves in notation,
replayed from the seed (tideboard.store.records)."""

from __future__ import annotations

from tideboard.engine.match import Match
from tideboard.store import records


def through_a_record(match: Match) -> Match:
    record = records.Record(
        match.game.info.id,
        match.config,
        records.default_seats(match.config.players),
        tuple(match.game.format_action(a) for a in match.actions),
    )
    return records.replay(records.loads(records.dumps(record)))
