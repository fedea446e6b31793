"""A long noisy game at the level of sightings, to test the tracker on thousands of frames in a second.

Rendering 3,000 frames would take minutes; what the tracker sees of them is sightings, so this simulator draws
sightings directly, with what makes them noisy: missed reads, hands covering several cards for seconds, cards in
transit crossing other zones, one-frame misreads. It also returns the true changes, to score the events.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.tracking import Event, Sighting
from vision.zones import CENTRE, seat_zone

ZONE_CENTRES = {seat_zone(0): (500, 490), seat_zone(1): (500, 110), seat_zone(2): (110, 300),
                seat_zone(3): (890, 300), CENTRE: (500, 300)}  # fmt: skip


@dataclass(frozen=True)
class Change:
    kind: str  # "add", "move", "remove"
    card_id: str
    zone: str
    frame: int  # the first frame showing the new state


@dataclass(frozen=True)
class Noise:
    miss: float = 0.15  # chance a visible card is not read in a frame
    hand_every: int = 90  # frames between hands, on average
    hand_frames: tuple[int, int] = (30, 105)  # how long a hand stays: 1 to 3.5 s at 30 fps
    hand_radius: float = 110.0  # mm covered around the hand
    misread: float = 0.02  # chance per frame of one sighting of a card that is not there
    wrong_zone: float = 0.01  # chance per frame that one card is placed in a wrong zone
    transit: int = 3  # frames a moved card is seen crossing another zone


@dataclass(frozen=True)
class Sequence:
    frames: tuple[tuple[Sighting, ...], ...]
    changes: tuple[Change, ...]
    fps: float = 30.0


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
                del table[cid]
                away[cid] = (land, str(zone), *spot(str(zone)))
                changes.append(Change("move", cid, str(zone), land))
            elif kind == "remove" and len(table) > 10:
                cid = list(table)[int(rng.integers(len(table)))]
                changes.append(Change("remove", cid, table.pop(cid)[0], f))
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
        for cid, (zone, x, y) in table.items():
            if hand is not None and math.hypot(x - hand[0], y - hand[1]) < noise.hand_radius:
                continue
            if rng.random() < noise.miss:
                continue
            seen.append(Sighting(cid, zone, x))
        for cid, (land, _zone, _x, _y) in away.items():
            if land - noise.transit <= f < land:  # carried across another zone on its way
                seen.append(Sighting(cid, zones[(f + len(cid)) % len(zones)], 0.0))
        if rng.random() < noise.misread:
            cid = card_ids[int(rng.integers(len(card_ids)))]
            if cid not in table:
                seen.append(Sighting(cid, zones[int(rng.integers(len(zones)))], 0.0))
        if seen and rng.random() < noise.wrong_zone:
            i = int(rng.integers(len(seen)))
            seen[i] = Sighting(seen[i].card_id, zones[int(rng.integers(len(zones)))], seen[i].position)
        out.append(tuple(seen))
    return Sequence(tuple(out), tuple(changes))


@dataclass(frozen=True)
class Score:
    changes: int  # scored: seen in the sequence, and early enough for their event to fit in it
    spurious: int  # events that match no real change
    missed: int
    latencies: dict[str, list[int]]  # frames from the first frame showing a change to its event (1 = at once)


def score(seq: Sequence, events: list[Event], hold_frames: int) -> Score:
    """Match each real change with the first later event of the same kind, card and zone.

    A change counts from the first frame that shows it (a card laid down under a hand shows when the hand
    leaves); changes too close to the end for their event to come are left out, and so are their events.
    """
    used: set[int] = set()
    latencies: dict[str, list[int]] = {"add": [], "move": [], "remove": []}
    missed = scored = 0
    end = len(seq.frames)
    for ch in seq.changes:
        shown = _first_shown(seq, ch)
        slack = hold_frames + 10 if ch.kind == "remove" else 10
        match = next(
            (i for i, ev in enumerate(events)
             if i not in used and (ev.card_id, ev.kind, ev.zone) == (ch.card_id, ch.kind, ch.zone)
             and ev.frame - 1 >= ch.frame),
            None,
        )  # fmt: skip
        if shown is None or shown + slack > end:
            if match is not None:
                used.add(match)
            continue
        scored += 1
        if match is None:
            missed += 1
            continue
        used.add(match)
        latencies[ch.kind].append(events[match].frame - shown)
    return Score(scored, len(events) - len(used), missed, latencies)


def _first_shown(seq: Sequence, ch: Change) -> int | None:
    if ch.kind == "remove":
        return ch.frame
    for f in range(ch.frame, len(seq.frames)):
        if any(s.card_id == ch.card_id and s.zone == ch.zone for s in seq.frames[f]):
            return f
    return None
