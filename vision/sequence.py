"""A long noisy game at the level of sightings, to test the tracker on thousands of frames in a second.

Rendering 3,000 frames would take minutes; what the tracker sees of them is sightings, so this simulator draws
sightings directly, with what makes them noisy: missed reads, hands covering several cards for seconds, cards in
transit crossing other zones, one-frame misreads. It also returns the true changes, to score the events.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from companion.table import CENTRE, Sighting, TableChange, seat_zone

ZONE_CENTRES = {seat_zone(0): (500, 490), seat_zone(1): (500, 110), seat_zone(2): (110, 300),
                seat_zone(3): (890, 300), CENTRE: (500, 300)}  # fmt: skip


@dataclass(frozen=True)
class Change:
    kind: str  # "add", "move", "remove"
    card_id: str
    zone: str
    frame: int  # the first frame showing the new state (a removal: the frame the card left)
    shown: int | None = None  # a removal: the first frame its bare spot is in view (no hand over it)
    from_zone: str | None = None  # a move: the zone it left...
    left: int | None = None  # ...and the first frame its bare spot there was in view


@dataclass(frozen=True)
class Noise:
    miss: float = 0.15  # chance a visible card is not read in a frame
    hand_every: int = 90  # frames between hands, on average
    hand_frames: tuple[int, int] = (30, 105)  # how long a hand stays: 1 to 3.5 s at 30 fps
    hand_radius: float = 110.0  # mm covered around the hand
    misread: float = 0.02  # chance per frame of one sighting of a card that is not there
    wrong_zone: float = 0.01  # chance per frame that one card is placed in a wrong zone
    transit: int = 3  # frames a moved card is seen crossing another zone
    pickup: tuple[int, int] = (3, 12)  # frames the hand taking a card away stays over its spot
    empty_miss: float = 0.2  # chance a bare spot does not read bare (shadow, glare, a neighbour's edge)
    false_empty: float = 0.02  # chance an unread card still in place (or under a hand) reads bare


WATCH = 300  # frames a bare spot is reported after the hand left it: past the tracker's hold


def _hand_cover(hand: tuple[float, float, int] | None, radius: float) -> Callable[[float, float], bool]:
    def covered(x: float, y: float) -> bool:
        return hand is not None and math.hypot(x - hand[0], y - hand[1]) < radius

    return covered


@dataclass(frozen=True)
class Sequence:
    frames: tuple[tuple[Sighting, ...], ...]
    changes: tuple[Change, ...]
    fps: float = 30.0
    empty: tuple[frozenset[str], ...] = ()  # per frame: cards whose footprint reads bare


def noisy_game(card_ids: list[str], frames: int = 3000, seed: int = 0, noise: Noise = Noise()) -> Sequence:
    rng = np.random.default_rng(seed)
    zones = list(ZONE_CENTRES)
    pool = list(card_ids)
    rng.shuffle(pool)
    table: dict[str, tuple[str, float, float]] = {}  # card -> zone, x, y (mm)

    def spot(zone: str) -> tuple[float, float]:
        cx, cy = ZONE_CENTRES[zone]
        return cx + rng.uniform(-120, 120), cy + rng.uniform(-60, 60)

    changes: list[Change] = []
    for i in range(32):  # the table as the game starts: each card an "add" from the first frame
        zone = zones[i % len(zones)]
        cid = pool.pop()
        table[cid] = (zone, *spot(zone))
        changes.append(Change("add", cid, zone, 0))
    out: list[tuple[Sighting, ...]] = []
    away: dict[str, tuple[int, str, float, float]] = {}  # moving card -> (frame it lands, zone, x, y)
    hand: tuple[float, float, int] | None = None  # x, y, last frame
    bare: dict[str, tuple[float, float, int, int]] = {}  # card gone -> its old spot x, y, pickup end, change
    empty_out: list[frozenset[str]] = []
    next_change = 60
    for f in range(frames):
        if f >= next_change:
            next_change = f + int(rng.integers(60, 150))
            kind = rng.choice(["add", "move", "remove"], p=[0.3, 0.5, 0.2])
            if kind == "add" and pool:
                zone = zones[int(rng.integers(len(zones)))]
                cid = pool.pop()
                land = f + int(rng.integers(10, 30))
                away[cid] = (land, zone, *spot(zone))
                changes.append(Change("add", cid, zone, land))
            elif kind == "move":
                cid = list(table)[int(rng.integers(len(table)))]
                zone = rng.choice([z for z in zones if z != table[cid][0]])
                land = f + int(rng.integers(15, 45))
                old_zone, ox, oy = table.pop(cid)
                away[cid] = (land, str(zone), *spot(str(zone)))
                bare[cid] = (ox, oy, f + int(rng.integers(*noise.pickup)), len(changes))
                changes.append(Change("move", cid, str(zone), land, from_zone=old_zone))
            elif kind == "remove" and len(table) > 10:
                cid = list(table)[int(rng.integers(len(table)))]
                old_zone, ox, oy = table.pop(cid)
                bare[cid] = (ox, oy, f + int(rng.integers(*noise.pickup)), len(changes))
                changes.append(Change("remove", cid, old_zone, f))
                pool.insert(0, cid)
        for cid, (land, zone, x, y) in list(away.items()):
            if f >= land:
                table[cid] = (zone, x, y)
                del away[cid]
        if hand is None and rng.random() < 1 / noise.hand_every:
            zone = zones[int(rng.integers(len(zones)))]
            hand = (*spot(zone), f + int(rng.integers(*noise.hand_frames)))
        if hand is not None and f > hand[2]:
            hand = None
        seen: list[Sighting] = []
        empty: set[str] = set()
        covered = _hand_cover(hand, noise.hand_radius)

        for cid, (zone, x, y) in table.items():
            if covered(x, y) or rng.random() < noise.miss:
                if rng.random() < noise.false_empty:
                    empty.add(cid)
                continue
            seen.append(Sighting(cid, zone, x, y))
        for cid, (x, y, pickup_end, ci) in list(bare.items()):
            if cid in table or f - pickup_end > WATCH:
                del bare[cid]  # back on the table, or long gone: the tracker no longer asks
                continue
            if f < pickup_end or covered(x, y):
                continue  # the hand that took it, or another hand, is over the spot
            ch = changes[ci]
            if ch.kind == "remove" and ch.shown is None:
                changes[ci] = replace(ch, shown=f)
            elif ch.kind == "move" and ch.left is None:
                changes[ci] = replace(ch, left=f)
            if rng.random() >= noise.empty_miss:
                empty.add(cid)
        for cid, (land, _zone, _x, _y) in away.items():
            if land - noise.transit <= f < land:  # carried across another zone on its way
                seen.append(Sighting(cid, zones[(f + len(cid)) % len(zones)], 0.0))
        if rng.random() < noise.misread:
            cid = card_ids[int(rng.integers(len(card_ids)))]
            if cid not in table:
                seen.append(Sighting(cid, zones[int(rng.integers(len(zones)))], 0.0))
        if seen and rng.random() < noise.wrong_zone:
            i = int(rng.integers(len(seen)))
            seen[i] = replace(seen[i], zone=zones[int(rng.integers(len(zones)))])
        out.append(tuple(seen))
        empty_out.append(frozenset(empty))
    return Sequence(tuple(out), tuple(changes), empty=tuple(empty_out))


@dataclass(frozen=True)
class Score:
    changes: int  # scored: seen in the sequence, and early enough for their event to fit in it
    spurious: int  # events that match no real change
    missed: int
    latencies: dict[str, list[int]]  # frames from the first frame showing a change to its event (1 = at once)
    split: int = 0  # moves reported as a removal where the card left, then an add where it landed


def score(seq: Sequence, events: list[TableChange], hold_frames: int, slack: int = 10) -> Score:
    """Match each real change with the first later event of the same kind, card and zone.

    A change counts from the first frame that shows it (a card laid down under a hand shows when the hand
    leaves; a removal, when its bare spot is first in view); changes too close to the end for their event to
    come are left out, and so are their events. A move may be matched by a "move" event, or, for a card carried
    out of sight long enough for its bare spot to count, by a "remove" from the zone it left (latency from the
    first frame that spot was in view) and an "add" where it landed (latency from the landing): both count.
    """
    used: set[int] = set()
    latencies: dict[str, list[int]] = {"add": [], "move": [], "remove": []}
    missed = scored = split = 0
    end = len(seq.frames)

    def find(kind: str, card_id: str, zone: str | None, after: int) -> int | None:
        return next(
            (i for i, ev in enumerate(events)
             if i not in used and (ev.card, ev.kind, ev.zone) == (card_id, kind, zone) and ev.frame - 1 >= after),
            None,
        )  # fmt: skip

    for ch in seq.changes:
        shown = _first_shown(seq, ch)
        wait = hold_frames + slack if ch.kind == "remove" else slack
        match = find(ch.kind, ch.card_id, ch.zone, ch.frame)
        if ch.kind == "move" and ch.left is not None:
            gone = find("remove", ch.card_id, ch.from_zone, ch.left)
            back = find("add", ch.card_id, ch.zone, ch.frame)
            mv_frame = events[match].frame if match is not None else end + 1
            if gone is not None and back is not None and events[gone].frame < mv_frame:
                if shown is None or shown + wait > end:
                    used.update((gone, back))
                    continue
                scored += 1
                split += 1
                used.update((gone, back))
                latencies["remove"].append(events[gone].frame - ch.left)
                latencies["add"].append(events[back].frame - shown)
                continue
        if shown is None or shown + wait > end:
            if match is not None:
                used.add(match)
            continue
        scored += 1
        if match is None:
            missed += 1
            continue
        used.add(match)
        latencies[ch.kind].append(events[match].frame - shown)
    return Score(scored, len(events) - len(used), missed, latencies, split)


def _first_shown(seq: Sequence, ch: Change) -> int | None:
    if ch.kind == "remove":
        return ch.shown if ch.shown is not None else ch.frame
    for f in range(ch.frame, len(seq.frames)):
        if any(s.card == ch.card_id and s.zone == ch.zone for s in seq.frames[f]):
            return f
    return None
