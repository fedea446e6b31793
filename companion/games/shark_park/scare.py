"""The scare: the domino push of fish (and, under Terreur!!!, of the other players' sharks) along the lanes in
front of a shark (REFERENCE.md §1.3). Pure: it reads the board and says where everything goes and in what order.

Every lane is resolved front first, so that what happens at the front (a fish eaten, escaping, or blocked by
two sharks) is known before the squares behind it; the moves are then told back to front, in the order the push
travels.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import LANES, OFF
from .profile import TWO_SHARKS_ACTIVE, TWO_SHARKS_BLOCK, SharkParkProfile
from .state import PEUR, TERREUR

# What happened to one fish or shark, told as a move a person makes at the table.
FISH_MOVES = "fish-moves"  # (kind, from, to, value, -1)
FISH_EATEN = "fish-eaten"  # (kind, from, to: the shark's square, value, the shark's owner)
FISH_ESCAPES = "fish-escapes"  # (kind, from, OFF, value, -1)
FISH_BLOCKED = "fish-blocked"  # (kind, from, to: the sharks' square, value, -1)
SHARK_FLEES = "shark-flees"  # (kind, from, to, shark, its owner)
SHARK_OFF = "shark-off"  # (kind, from, OFF, shark, its owner)
SHARK_BITTEN = "shark-bitten"  # (kind, from, to: the biting shark's square, shark, its owner)

Event = tuple[str, int, int, int, int]


@dataclass(slots=True)  # not frozen: a frozen init sets each field through object.__setattr__, at every scare
class Push:
    """A scare's result: the board after it, who ate what, what escaped, the sharks to put back or bitten."""

    fish: tuple[int, ...]
    sharks: tuple[int, ...]
    eaten: tuple[tuple[int, int], ...]  # (owner, value), in the order told
    escaped: tuple[int, ...]  # values
    fled: tuple[int, ...]  # sharks pushed off the board, to be put back
    bitten: tuple[int, ...]  # sharks pushed onto the active player's sharks, to be put back
    events: tuple[Event, ...]


def scare(
    profile: SharkParkProfile,
    fish: tuple[int, ...],
    sharks: tuple[int, ...],
    per_seat: int,
    active: int,
    source: int,
    direction: str,
    special: str,
    tell: bool = True,
) -> Push:
    """The push from the shark on ``source`` towards ``direction``, under the turn's ``special`` action. With
    ``tell`` false its events are left out (a step told to nobody) and the plain scare skips writing them."""
    if special != PEUR and special != TERREUR:
        return plain_scare(profile, fish, sharks, per_seat, active, source, direction, tell)
    return wave(
        profile,
        fish,
        sharks,
        per_seat,
        active,
        LANES[(source, direction)],
        terror=special == TERREUR,
        tell=tell,
    )


def wave(
    profile: SharkParkProfile,
    fish: tuple[int, ...],
    sharks: tuple[int, ...],
    per_seat: int,
    active: int,
    lanes: tuple[tuple[int, ...], ...],
    terror: bool,
    tell: bool,
) -> Push:
    """Peur! or Terreur!!!: every run of fish in the ``lanes`` moves, sharks too under Terreur!!!."""
    board = list(fish)
    where = list(sharks)
    at: dict[int, list[int]] = {}
    for shark, square in enumerate(sharks):
        if square != OFF:
            at.setdefault(square, []).append(shark)
    own_stay = profile.terror_own_sharks_stay
    eaten: list[tuple[int, int]] = []
    escaped: list[int] = []
    fled: list[int] = []
    bitten: list[int] = []
    events: list[Event] = []
    for lane in lanes:
        length = len(lane)
        if not fish[lane[0]] and not profile.fear_from_empty_start:
            continue
        stop = length
        for k, square in enumerate(lane):
            here = at.get(square)
            if here is None:
                continue
            if terror:
                if own_stay and any(s // per_seat == active for s in here):
                    stop = k
                    break
            elif profile.fear_stops_at_shark:
                stop = k
                break
        # Front first: what each occupant of the segment does, and whether it stays where it is.
        stays = [False] * (length + 1)
        # Told back to front once the lane is resolved; a step told to nobody keeps one list it never reads.
        lane_events: list[list[Event]] = [[] for _ in range(length)] if tell else [[]] * length
        moved_fish: list[tuple[int, int]] = []  # (to, value)
        moved_sharks: list[tuple[int, int]] = []  # (shark, to)
        for k in range(stop - 1, -1, -1):
            square = lane[k]
            to = lane[k + 1] if k + 1 < length else OFF
            value = fish[square]
            # Under Terreur!!! only the sharks that stop the wave sit still: the others flee with it.
            sitting = at.get(to) if to != OFF and (k + 1 == stop or not terror) else None
            if value:
                if stays[k + 1]:  # behind a blocked fish: told once, for the one in front
                    stays[k] = True
                elif to == OFF:
                    board[square] = 0
                    escaped.append(value)
                    lane_events[k].append((FISH_ESCAPES, square, OFF, value, -1))
                elif sitting:
                    owner = _eater(profile, sitting, per_seat, active)
                    if owner is None:
                        stays[k] = True
                        lane_events[k].append((FISH_BLOCKED, square, to, value, -1))
                    else:
                        board[square] = 0
                        if owner >= 0:
                            eaten.append((owner, value))
                            lane_events[k].append((FISH_EATEN, square, to, value, owner))
                        else:
                            escaped.append(value)
                            lane_events[k].append((FISH_ESCAPES, square, to, value, -1))
                else:
                    board[square] = 0
                    moved_fish.append((to, value))
                    lane_events[k].append((FISH_MOVES, square, to, value, -1))
            if terror and square in at and k < stop:
                for shark in at[square]:
                    owner = shark // per_seat
                    if own_stay and owner == active:
                        continue
                    if stays[k + 1]:
                        stays[k] = True
                    elif to == OFF:
                        where[shark] = OFF
                        fled.append(shark)
                        lane_events[k].append((SHARK_OFF, square, OFF, shark, owner))
                    elif k + 1 == stop and own_stay:
                        where[shark] = OFF
                        bitten.append(shark)
                        lane_events[k].append((SHARK_BITTEN, square, to, shark, owner))
                    else:
                        moved_sharks.append((shark, to))
                        lane_events[k].append((SHARK_FLEES, square, to, shark, owner))
        for to, value in moved_fish:
            board[to] = value
        for shark, to in moved_sharks:
            where[shark] = to
        if tell:
            for told in lane_events:
                events.extend(told)
    return Push(
        tuple(board), tuple(where), tuple(eaten), tuple(escaped), tuple(fled), tuple(bitten), tuple(events)
    )


def plain_scare(
    profile: SharkParkProfile,
    fish: tuple[int, ...],
    sharks: tuple[int, ...],
    per_seat: int,
    active: int,
    source: int,
    direction: str,
    tell: bool = True,
) -> Push:
    """The normal scare, the commonest: only the front fish of each run meets a shark or the edge, so this
    needs neither the map of sharks nor the per-square bookkeeping of a wave."""
    board: list[int] | None = None
    eaten: list[tuple[int, int]] = []
    escaped: list[int] = []
    events: list[Event] = []
    for lane in LANES[(source, direction)]:
        if not fish[lane[0]]:
            continue
        length = len(lane)
        stop = 1
        while stop < length and fish[lane[stop]]:
            stop += 1
        front = lane[stop - 1]
        value = fish[front]
        if board is None:
            board = list(fish)
        if stop == length:
            escaped.append(value)
            last: Event = (FISH_ESCAPES, front, OFF, value, -1)
        else:
            to = lane[stop]
            count = sharks.count(to)
            if not count:
                board[to] = value
                last = (FISH_MOVES, front, to, value, -1)
            else:
                sitting = [shark for shark, q in enumerate(sharks) if q == to]
                owner = _eater(profile, sitting, per_seat, active)
                if owner is None:  # the run stays where it is
                    if tell:
                        events.append((FISH_BLOCKED, front, to, value, -1))
                    continue
                if owner >= 0:
                    eaten.append((owner, value))
                    last = (FISH_EATEN, front, to, value, owner)
                else:
                    escaped.append(value)
                    last = (FISH_ESCAPES, front, to, value, -1)
        if tell:
            for k in range(stop - 1):
                events.append((FISH_MOVES, lane[k], lane[k + 1], fish[lane[k]], -1))
            events.append(last)
        for k in range(stop - 1, 0, -1):
            board[lane[k]] = fish[lane[k - 1]]
        board[lane[0]] = 0
    moved = fish if board is None else tuple(board)
    return Push(moved, sharks, tuple(eaten), tuple(escaped), (), (), tuple(events))


def _eater(profile: SharkParkProfile, sitting: list[int], per_seat: int, active: int) -> int | None:
    """Who eats a fish pushed onto ``sitting`` sharks: the owner of a lone shark; for two or more, as the
    profile says (None: the fish stays and blocks; -1: it escapes)."""
    if len(sitting) == 1:
        return sitting[0] // per_seat
    rule = profile.two_sharks
    if rule == TWO_SHARKS_BLOCK:
        return None
    if rule == TWO_SHARKS_ACTIVE:
        return active if any(s // per_seat == active for s in sitting) else None
    return -1
