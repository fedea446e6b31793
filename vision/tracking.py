"""Stable facts from flickering frames: K-of-N voting, patience with hands, add / move / remove events.

Each frame brings sightings (a card, its zone, its position and rotation in the zone's frame). A card is added
once it was seen in at least ``votes`` of the last ``window`` frames, and moved once at least ``votes`` of those
put it in one other zone, so a card seen in a single frame, or slid across a mat on its way elsewhere, never makes
an event.

A card that vanishes is removed after ``hold`` seconds unseen, unless the pixels say sooner: a card under a hand
and a card taken away look the same to a sticker reader, but not where the card lay. The caller passes, each
frame, the ids of the unseen cards whose footprint shows the bare mat or table (``empty``, see
vision/footprint.py); a card unseen since its last sighting with ``empty_votes`` such frames among the last
``window`` is removed at once. A hand over a card never reads empty: that card waits out the hold.

The tracker speaks the core's vocabulary (companion.table): it votes on ``Sighting``s, its events are
``TableChange``s and the cards it holds are ``SeenCard``s, handed to the referee as they are.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field

from companion.table import ADD, MOVE, REMOVE, UNKNOWN, SeenCard, Sighting, TableChange


@dataclass(frozen=True)
class TrackerConfig:
    window: int = 8  # N: the frames a vote looks back on
    votes: int = 4  # K: sightings needed among them
    hold: float = 5.0  # seconds a present card may stay unseen (under a hand) before it counts as removed
    empty_votes: int = (
        4  # frames of a bare footprint (among the last ``window``, none seen since) to remove at once
    )
    fresh: float = 0.5  # seconds: a card unseen for longer is only remembered (``SeenCard.fresh`` is False)


@dataclass
class _Track:
    history: deque[str | None]  # the zone seen in each recent frame, None when unseen
    zone: str | None = None  # the confirmed zone; None until added
    # The last (x, y, angle) seen in each zone.
    positions: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    last_seen: float = 0.0
    empty: deque[bool] = field(default_factory=deque)  # since the last sighting: footprint bare in each frame
    left: tuple[str, float] | None = None  # the zone it was last removed from, and when


@dataclass
class Tracker:
    config: TrackerConfig = field(default_factory=TrackerConfig)
    frame: int = 0
    _tracks: dict[str, _Track] = field(default_factory=dict)
    _hidden_zones: frozenset[str] = frozenset()
    _t: float = 0.0  # the last frame's time

    def update(
        self,
        t: float,
        sightings: list[Sighting],
        hidden_zones: frozenset[str] = frozenset(),
        empty: frozenset[str] | set[str] = frozenset(),
    ) -> list[TableChange]:
        """Feed one frame's sightings (time ``t`` in seconds); ``hidden_zones`` are zones whose mat is out of view;
        ``empty`` are cards whose footprint shows the bare mat or table in this frame (ignored for cards seen)."""
        cfg = self.config
        self.frame += 1
        self._t = t
        self._hidden_zones = hidden_zones
        seen = {s.card: s for s in sightings}
        for card_id in seen.keys() - self._tracks.keys():
            self._tracks[card_id] = _Track(deque(maxlen=cfg.window), empty=deque(maxlen=cfg.window))
        events: list[TableChange] = []
        for card_id, track in list(self._tracks.items()):
            s = seen.get(card_id)
            track.history.append(s.zone if s else None)
            if s is not None:
                track.last_seen = t
                track.empty.clear()
                if s.zone != UNKNOWN:
                    # Kept per zone: a card glimpsed in another zone (nudged, carried over a mat) keeps its
                    # place in its own row until a move is confirmed.
                    track.positions[s.zone] = (s.x, s.y, s.angle)
            elif track.zone is not None:
                track.empty.append(card_id in empty)
            if s is not None and s.zone == track.zone:
                continue  # seen where it stands: no zone has gained a vote, so nothing to decide
            events.extend(self._decide(card_id, track, t))
            gone = track.left is None or t - track.left[1] >= cfg.hold
            if track.zone is None and not any(track.history) and gone:
                del self._tracks[card_id]  # a misread that never came back, or a card long gone
        return events

    def tracked_ids(self) -> set[str]:
        """The cards on the table now (added and not removed), whether seen in the last frame or not."""
        return {card_id for card_id, track in self._tracks.items() if track.zone is not None}

    def recent_ids(self) -> set[str]:
        """The cards on the table now, and any card seen in the last ``window`` frames."""
        return {
            card_id
            for card_id, track in self._tracks.items()
            if track.zone is not None or any(z is not None for z in track.history)
        }

    def _decide(self, card_id: str, track: _Track, t: float) -> list[TableChange]:
        cfg = self.config
        seen = [z for z in track.history if z is not None]
        votes = Counter(seen)
        # An unknown zone (its mat out of view) never outvotes a known one: cards are not moved silently.
        known = [(z, n) for z, n in votes.most_common() if z != UNKNOWN]
        zone, count = known[0] if known else (UNKNOWN, votes[UNKNOWN])
        if track.zone is None:
            if count >= cfg.votes:
                track.zone = zone
                came_from = track.left[0] if track.left and t - track.left[1] < cfg.hold else None
                track.left = None
                return [TableChange(ADD, card_id, zone, t, came_from, self.frame)]
            return []
        # Bare footprint in enough frames since the last sighting, or unseen for the whole hold: removed.
        if sum(track.empty) >= cfg.empty_votes or (not seen and t - track.last_seen >= cfg.hold):
            old, track.zone = track.zone, None
            track.history.clear()
            track.empty.clear()
            track.left = (old, t)
            return [TableChange(REMOVE, card_id, old, t, None, self.frame)]
        if not seen:
            return []
        if zone != track.zone and zone != UNKNOWN and count >= cfg.votes:
            old, track.zone = track.zone, zone
            return [TableChange(MOVE, card_id, zone, t, old, self.frame)]
        return []

    def cards(self) -> list[SeenCard]:
        """The cards on the table now, by zone, each zone's cards by x (a row left to right)."""
        rows: dict[str, list[tuple[float, str, float, float, float]]] = {}
        for card_id, track in self._tracks.items():
            if track.zone is None:
                continue
            zone = UNKNOWN if track.zone in self._hidden_zones else track.zone
            x, y, angle = track.positions.get(track.zone, (0.0, 0.0, 0.0))
            # Sorted by x, then by card: the ids are unique, so the rest never compares.
            rows.setdefault(zone, []).append((x, card_id, y, angle, track.last_seen))
        now, fresh = self._t, self.config.fresh
        return [
            SeenCard(card_id, zone, x, y, angle, order, seen, now - seen <= fresh)
            for zone in sorted(rows)
            for order, (x, card_id, y, angle, seen) in enumerate(sorted(rows[zone]))
        ]
