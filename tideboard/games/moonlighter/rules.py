"""Moonlighter rules: setup, legal actions and the reducer.

Every die is rolled here, from the generator kept in the state, inside
``apply``.  The tile die is read 0-9, the attack die 1-6 and the loot die 1-8.
"""

from __future__ import annotations

from tideboard.engine.core import GameConfig, IllegalAction
from tideboard.engine.plurals import plural
from tideboard.engine.rng import Rng
from tideboard.engine.states import evolve
from tideboard.games.moonlighter.content import (
    ATTACK_DIE,
    BLACK,
    BLUE,
    DIRECTION_NAMES,
    DIRECTIONS,
    DUNGEONS,
    ENEMIES_PER_ROOM,
    ENEMY_HEARTS,
    LIVES,
    LOOT_DIE,
    LOOT_PAWNS,
    ORANGE,
    PAWN_TEXT,
    PAWN_WHITE,
    PINK_BONUS,
    RED,
    ROLL_LIMIT,
    ROOM_TEXT,
    STEP,
    TILE_DIE,
    TILE_NAME,
    WHITE,
    YELLOW,
    boss_hearts,
    greens_for_boss,
    max_health_base,
    pool_size,
)
from tideboard.games.moonlighter.queries import (  # noqa: F401  (re-exported)
    boss_ready,
    can_flee,
    count_tiles,
    green_rooms,
    neighbour,
    open_sides,
    supply_left,
    tile_for_face,
    yellow_cap,
)
from tideboard.games.moonlighter.state import (
    ATTACK,
    EXPLORE,
    FIGHT,
    FLEE,
    KEEP,
    LOOT,
    PLACE,
    ROLL,
    SWITCH,
    Action,
    Attack,
    Flee,
    Keep,
    Move,
    Place,
    Roll,
    RollTile,
    Room,
    State,
    Switch,
)

PLACES = {d: Place(d) for d in DIRECTIONS}
MOVES = {d: Move(d) for d in DIRECTIONS}


# -- setup ---------------------------------------------------------------------
def setup(config: GameConfig) -> State:
    state = State(rooms=(), cells=(), rng=Rng.from_seed(config.seed), lives=LIVES)
    state = start_dungeon(state, 1, PAWN_WHITE)
    return evolve(
        state, events=("Dungeon 1: you stand in the white start room. Roll the tile die.",)
    )


def start_dungeon(state: State, dungeon: int, pawn: str) -> State:
    """A fresh map (one white tile), full health, a full healing pool."""
    top = max_health_base(dungeon) + (PINK_BONUS if pawn == "pink" else 0)
    return evolve(
        state,
        rooms=(Room(0, 0, WHITE),),
        cells=((0, 0),),
        pos=(0, 0),
        came_from=(0, 0),
        health=top,
        max_health=top,
        pawn=pawn,
        pool=pool_size(dungeon),
        boss=0,
        enemies=(),
        pending=EXPLORE,
        tile=None,
        dungeon=dungeon,
    )


# -- legal actions -------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    if state.over:
        return []
    pending = state.pending
    if pending == EXPLORE:
        x, y = state.pos
        cells = state.cells
        actions: list[Action] = []
        free = False
        for d, (dx, dy) in STEP.items():
            if (x + dx, y + dy) in cells:
                actions.append(MOVES[d])
            else:
                free = True
        if free:
            actions.insert(0, ROLL)
        room = state.rooms[cells.index(state.pos)]
        if room.pawn is not None:
            actions.append(SWITCH)
        return actions
    if pending == PLACE:
        return [PLACES[d] for d in open_sides(state)]
    if pending == FIGHT:
        return [ATTACK, FLEE] if can_flee(state) else [ATTACK]
    return [SWITCH, KEEP]


# -- the reducer ---------------------------------------------------------------
class _Log:
    """Dice and events gathered while one action resolves."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        self.events: list[str] = []

    def say(self, text: str) -> None:
        self.events.append(text)


def _waiting_message(state: State) -> str:
    if state.pending == PLACE:
        sides = ", ".join(f"place {d}" for d in open_sides(state))
        return f"First place the rolled {state.tile} room ({sides})."
    if state.pending == FIGHT:
        if state.fighting_boss:
            return "You are fighting the boss: attack."
        if can_flee(state):
            return "You are in a fight: attack or flee."
        return "You are locked in this black room until its enemies are beaten: attack."
    if state.pending == LOOT:
        return "First decide on the looted pawn: switch or keep."
    return "That is not possible now."


def apply(state: State, action: Action) -> State:
    if state.over:
        raise IllegalAction("The campaign is over.")
    log = _Log()
    if isinstance(action, RollTile):
        state = _roll_tile(state, log)
    elif isinstance(action, Place):
        state = _place(state, action.direction, log)
    elif isinstance(action, Move):
        state = _move(state, action.direction, log)
    elif isinstance(action, Attack):
        state = _attack(state, log)
    elif isinstance(action, Flee):
        state = _flee(state, log)
    elif isinstance(action, Switch):
        state = _switch(state, log)
    elif isinstance(action, Keep):
        if state.pending != LOOT:
            raise IllegalAction("There is no looted pawn to decide on.")
        log.say(
            f"You keep the {state.pawn} pawn; the {state.room.pawn} pawn stays in the chest "
            "room (come back to switch)."
        )
        state = evolve(state, pending=EXPLORE)
    else:
        raise IllegalAction(f"That is not a Moonlighter move: {action!r}.")
    if state.pending == EXPLORE and not state.over and state.rolls >= ROLL_LIMIT:
        log.say(f"The moon sets: all {ROLL_LIMIT} tile rolls are used. The campaign is over.")
        state = evolve(state, over=True)
    return evolve(state, last_rolls=tuple(log.rolls), events=tuple(log.events))


def _direction(direction: object) -> str:
    if direction not in STEP:
        raise IllegalAction(f"{direction!r} is not a side; use n, e, s or w.")
    return direction


def _roll_tile(state: State, log: _Log) -> State:
    if state.pending != EXPLORE:
        raise IllegalAction(_waiting_message(state))
    if not open_sides(state):
        raise IllegalAction(
            "Every side of this room already has a room next to it; "
            "move to a room with an open side before rolling."
        )
    face, rng = state.rng.roll(TILE_DIE)
    face -= 1  # the tile die reads 0-9
    tile, why = tile_for_face(state, face)
    log.rolls.append(Roll("tile", face, why))
    state = evolve(state, rng=rng, rolls=state.rolls + 1)
    if tile is None:
        log.say(f"Tile die {face}: {why}. Nothing is placed.")
        return state
    sides = ", ".join(DIRECTION_NAMES[d] for d in open_sides(state))
    log.say(f"Tile die {face}: {why}. Choose a side to place it ({sides}).")
    return evolve(state, pending=PLACE, tile=tile)


def _place(state: State, direction: str, log: _Log) -> State:
    if state.pending != PLACE:
        if state.pending == EXPLORE:
            raise IllegalAction("Roll the tile die first; there is no room to place.")
        raise IllegalAction(_waiting_message(state))
    direction = _direction(direction)
    target = neighbour(state.pos, direction)
    if target in state.cells:
        raise IllegalAction(
            f"There is already a room to the {DIRECTION_NAMES[direction]}; "
            f"open sides: {', '.join(open_sides(state))}."
        )
    tile = state.tile
    assert tile is not None
    room = Room(target[0], target[1], tile)
    log.say(f"You place {TILE_NAME[tile]} to the {DIRECTION_NAMES[direction]} and step in.")
    state = evolve(
        state,
        rooms=state.rooms + (room,),
        cells=state.cells + (target,),
        came_from=state.pos,
        pos=target,
        pending=EXPLORE,
        tile=None,
    )
    return _enter(state, room, True, log)


def _move(state: State, direction: str, log: _Log) -> State:
    if state.pending != EXPLORE:
        if state.pending == PLACE:
            raise IllegalAction(
                f"You rolled a {state.tile} room: place it before moving "
                f"({', '.join('place ' + d for d in open_sides(state))})."
            )
        raise IllegalAction(_waiting_message(state))
    direction = _direction(direction)
    target = neighbour(state.pos, direction)
    room = state.room_at(target)
    if room is None:
        raise IllegalAction(
            f"There is no room to the {DIRECTION_NAMES[direction]}; "
            "roll the tile die to find new rooms."
        )
    log.say(f"You walk {DIRECTION_NAMES[direction]} into {ROOM_TEXT[room.colour]}.")
    state = evolve(state, came_from=state.pos, pos=target)
    return _enter(state, room, False, log)


def _replace_room(state: State, room: Room) -> State:
    index = state.cells.index(room.pos)
    return evolve(state, rooms=state.rooms[:index] + (room,) + state.rooms[index + 1 :])


def _pawn_on_table(state: State, pawn: str) -> bool:
    return pawn == state.pawn or any(room.pawn == pawn for room in state.rooms)


def _enter(state: State, room: Room, new: bool, log: _Log) -> State:
    """What happens when the player steps into ``room``."""
    if room.hostile:
        locked = room.tile == BLACK and state.pawn != "black"
        how = (
            "the door locks behind you"
            if locked
            else "you may flee"
            if room.tile == ORANGE
            else "the black pawn keeps the door open"
        )
        log.say(f"{ENEMIES_PER_ROOM} enemies of {ENEMY_HEARTS} hearts each: {how}.")
        return evolve(state, pending=FIGHT, enemies=(ENEMY_HEARTS,) * ENEMIES_PER_ROOM)
    if room.tile == RED:
        hearts = boss_hearts(state.dungeon)
        log.say(
            f"The boss of dungeon {state.dungeon} waits with {hearts} hearts; "
            "there is no way out but to win."
        )
        return evolve(state, pending=FIGHT, boss=hearts, enemies=())
    if room.tile == BLUE:
        return _heal(state, log)
    if room.tile == YELLOW:
        if new:
            face, rng = state.rng.roll(LOOT_DIE)
            pawn = LOOT_PAWNS[face - 1]
            state = evolve(state, rng=rng)
            if _pawn_on_table(state, pawn):
                where = "you wear it" if pawn == state.pawn else "it lies in another chest room"
                log.rolls.append(Roll("loot", face, f"the {pawn} pawn, already out"))
                log.say(f"Loot die {face}: the {pawn} pawn, but {where}; the chest is empty.")
                return state
            log.rolls.append(Roll("loot", face, f"the {pawn} pawn: {PAWN_TEXT[pawn]}"))
            log.say(f"Loot die {face}: the {pawn} pawn ({PAWN_TEXT[pawn]}). Switch or keep?")
            state = _replace_room(state, evolve(room, pawn=pawn))
            return evolve(state, pending=LOOT)
        if room.pawn is not None:
            log.say(f"The {room.pawn} pawn lies here ({PAWN_TEXT[room.pawn]}); switch to take it.")
    return state


def _heal(state: State, log: _Log) -> State:
    need = state.max_health - state.health
    gain = min(need, state.pool)
    if need == 0:
        log.say(
            f"The healing pool: you are at full health ({plural(state.pool, 'heart')} left in the pool)."
        )
    elif gain == 0:
        log.say("The healing pool is dry.")
    else:
        log.say(
            f"The healing pool restores {plural(gain, 'heart')} "
            f"({state.pool - gain} left in the pool)."
        )
    return evolve(state, health=state.health + gain, pool=state.pool - gain)


def attack_outcome(face: int, pawn: str, boss: bool) -> tuple[bool, bool, str]:
    """(player hits, foe hits, meaning) for an attack-die face."""
    foe = "the boss" if boss else "an enemy"
    if face == 1:
        mine = pawn == "orange"
        if mine and boss:
            return True, True, "you hit (orange pawn) and the boss hits you"
        if mine:
            return True, False, "you hit (orange pawn)"
        if boss:
            return False, True, "the boss hits you"
        return False, False, "nothing happens"
    if face <= 4:
        return True, False, "you hit"
    if face == 5:
        return False, True, f"{foe} hits you"
    return True, True, f"you and {foe} hit each other"


def _attack(state: State, log: _Log) -> State:
    if state.pending != FIGHT:
        raise IllegalAction("There is nothing to attack here.")
    boss = state.fighting_boss
    face, rng = state.rng.roll(ATTACK_DIE)
    hit, hurt, meaning = attack_outcome(face, state.pawn, boss)
    log.rolls.append(Roll("attack", face, meaning))
    state = evolve(state, rng=rng)
    parts = [f"Attack die {face}: {meaning}"]
    double_normal = state.pawn == "blue" and not boss
    if hit:
        if boss:
            dealt = 2 if state.pawn == "red" else 1
            left = max(0, state.boss - dealt)
            parts.append(f"the boss loses {dealt} ({left} left)")
            state = evolve(state, boss=left)
        else:
            dealt = 2 if double_normal else 1
            enemies = list(state.enemies)
            i = next(i for i, hearts in enumerate(enemies) if hearts > 0)
            enemies[i] = max(0, enemies[i] - dealt)
            parts.append(f"enemy {i + 1} loses {dealt} ({enemies[i]} left)")
            if enemies[i] == 0 and state.pawn == "green" and any(enemies):
                enemies = [0] * len(enemies)
                parts.append("the green pawn's killing blow clears the room")
            state = evolve(state, enemies=tuple(enemies))
    if hurt:
        taken = 2 if double_normal else 1
        state = evolve(state, health=max(0, state.health - taken))
        parts.append(f"you lose {taken} ({state.health} of {state.max_health} left)")
    log.say("; ".join(parts) + ".")
    if state.health == 0:
        return _die(state, boss, log)
    if boss and state.boss == 0:
        return _boss_beaten(state, log)
    if not boss and not any(state.enemies):
        log.say("The room is cleared: its tile turns green.")
        state = _replace_room(state, evolve(state.room, cleared=True))
        state = evolve(state, enemies=(), pending=EXPLORE)
        if boss_ready(state) and green_rooms(state) == greens_for_boss(state.dungeon):
            log.say("Enough green rooms: from now on a 0 on the tile die calls the boss room.")
    return state


def _a(number: int) -> str:
    """'a 5' or 'an 8' / 'an 11' / 'an 18', as the number is read aloud."""
    spoken = str(number)
    return f"an {number}" if spoken.startswith("8") or spoken in ("11", "18") else f"a {number}"


def _boss_beaten(state: State, log: _Log) -> State:
    cleared = state.cleared + 1
    state = evolve(state, cleared=cleared, best=max(state.best, cleared), boss=0, pending=EXPLORE)
    if cleared >= DUNGEONS:
        log.say(f"The boss falls: all {DUNGEONS} dungeons are cleared. You win the campaign!")
        return evolve(state, over=True, won=True)
    nxt = state.dungeon + 1
    top = max_health_base(nxt) + (PINK_BONUS if state.pawn == "pink" else 0)
    log.say(
        f"The boss falls: dungeon {state.dungeon} is cleared. Dungeon {nxt} begins: "
        f"{top} max health, a {pool_size(nxt)}-heart pool, "
        f"{_a(boss_hearts(nxt))}-heart boss after {greens_for_boss(nxt)} green rooms."
    )
    return start_dungeon(state, nxt, state.pawn)


def _die(state: State, boss: bool, log: _Log) -> State:
    lives = state.lives - 1
    if lives <= 0:
        log.say("You die with no lives left. The campaign is over.")
        return evolve(state, lives=0, over=True)  # the map stays as you fell
    state = evolve(state, lives=lives)
    if boss:
        log.say(
            f"You die in the boss room ({plural(lives, 'life', 'lives')} left): "
            f"dungeon {state.dungeon} starts again with its tiles reset."
        )
        return start_dungeon(state, state.dungeon, state.pawn)
    log.say(
        f"You die ({plural(lives, 'life', 'lives')} left): the game resets "
        "to dungeon 1 with the white pawn."
    )
    state = evolve(state, cleared=0, run=state.run + 1)
    return start_dungeon(state, 1, PAWN_WHITE)


def _flee(state: State, log: _Log) -> State:
    if state.pending != FIGHT:
        raise IllegalAction("There is nothing to flee from.")
    if state.fighting_boss:
        raise IllegalAction("There is no way out of the boss room: attack.")
    if not can_flee(state):
        raise IllegalAction("The black room is locked until its enemies are beaten: attack.")
    back = state.came_from
    log.say("You flee the way you came; the enemies heal to full behind you.")
    state = evolve(state, pos=back, came_from=back, enemies=(), pending=EXPLORE)
    room = state.room
    return _enter(state, room, False, log)


def _set_pawn(state: State, pawn: str) -> State:
    """Change pawns, applying the pink pawn's health give-back and bonus."""
    health, top = state.health, state.max_health
    if state.pawn == "pink":
        top -= PINK_BONUS
        health = max(1, health - PINK_BONUS)
    if pawn == "pink":
        top += PINK_BONUS
        health += PINK_BONUS
    return evolve(state, pawn=pawn, health=min(health, top), max_health=top)


def _switch(state: State, log: _Log) -> State:
    if state.pending not in (EXPLORE, LOOT):
        raise IllegalAction(_waiting_message(state))
    room = state.room
    if room.pawn is None:
        raise IllegalAction("There is no pawn lying here to switch to; pawns wait in chest rooms.")
    old, new = state.pawn, room.pawn
    state = _replace_room(state, evolve(room, pawn=old))
    state = evolve(_set_pawn(state, new), pending=EXPLORE)
    log.say(
        f"You switch to the {new} pawn ({PAWN_TEXT[new]}); the {old} pawn stays here. "
        f"Health {state.health} of {state.max_health}."
    )
    return state


# -- information -----------------------------------------------------------------
def view(state: State, seat: int | None) -> State:
    """Nothing is hidden in Moonlighter except the generator's position."""
    return evolve(state, rng=Rng(0))
