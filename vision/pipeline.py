"""Frame in, facts out: decode the stickers, place the cards in zones, vote across frames.

The rules engine never sees pixels: it receives ``TableFacts`` (the tracked cards with zone and order) and the
add / move / remove events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.decoders import (
    ArucoDecoder,
    Decoder,
    MatsOnly,
    RawCode,
    ZxingQR,
    make_decoder,
    sides_px,
    stickers_apart,
)
from vision.footprint import Footprints
from vision.identity import (
    ARUCO_GAME_BLOCKS,
    BLOCK_SIZE,
    MAT_IDS,
    CardCode,
    GameCards,
    MatCorner,
    Resolver,
    StickerKind,
    modules_across,
    parse_aruco,
    parse_qr,
)
from vision.tracking import Event, Sighting, TrackedCard, Tracker, TrackerConfig
from vision.zones import MatView, card_centres, card_quads, find_mats, place_all, seat_zone


@dataclass(frozen=True)
class CardSeen:
    """A card sticker read in one frame, for the camera check and overlays."""

    card_id: str
    corners: np.ndarray = field(compare=False)
    centre: np.ndarray = field(compare=False)
    px_per_module: float
    zone: str
    position: float  # along the zone's row (see vision.zones.Placement)


@dataclass(frozen=True)
class Detections:
    """What one frame shows, before any voting."""

    cards: tuple[CardSeen, ...]
    mats: dict[int, MatView]
    foreign: int  # unreadable or foreign codes, and ids no game uses
    other_game: tuple[str, ...]  # stickers of another game: "KX017"
    mat_markers: tuple[RawCode, ...] = ()
    duplicates: tuple[
        str, ...
    ] = ()  # card ids read on two stickers apart in one frame: a sticker printed twice


@dataclass(frozen=True)
class TableFacts:
    t: float
    frame: int
    detections: Detections
    events: tuple[Event, ...]
    cards: tuple[TrackedCard, ...]


def default_decoder(kind: StickerKind) -> Decoder:
    """The measured default reader of each sticker kind (see docs/vision.md and docs/benchmarks.md)."""
    if kind is StickerKind.QR:
        return ZxingQR()
    ids = tuple(range(MAT_IDS)) + tuple(range(MAT_IDS, MAT_IDS + BLOCK_SIZE * len(ARUCO_GAME_BLOCKS)))
    return ArucoDecoder(ids=ids)


@dataclass
class Detector:
    """One frame's detections: card stickers and mats."""

    game: GameCards
    kind: StickerKind = StickerKind.ARUCO  # the measured default: see docs/vision.md
    decoder: Decoder | None = None
    expected_seats: set[int] = field(
        default_factory=set
    )  # mats that should be in view: their absence matters
    _mats: MatsOnly = field(default_factory=MatsOnly)
    _resolver: Resolver | None = None
    _last_mats: dict[int, MatView] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.decoder is None:
            self.decoder = default_decoder(self.kind)
        elif isinstance(self.decoder, str):
            self.decoder = make_decoder(self.decoder)
        if self.decoder.kind is not self.kind:
            raise ValueError(
                f"the {self.decoder.name} decoder reads {self.decoder.kind.value} stickers, not {self.kind.value}"
            )
        self._resolver = Resolver.for_game(self.game)

    def detect(self, frame: np.ndarray) -> Detections:
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        assert self.decoder is not None and self._resolver is not None
        codes = self.decoder.decode(gray)
        if self.kind is StickerKind.QR:
            codes = codes + self._mats.decode(gray)
        mat_corners: dict[tuple[int, int], np.ndarray] = {}
        cards: list[tuple[str, RawCode]] = []
        card_ids: dict[str, np.ndarray] = {}
        duplicates: set[str] = set()
        foreign = 0
        other: list[str] = []
        for code in codes:
            what = parse_qr(code.value) if code.kind is StickerKind.QR else parse_aruco(int(code.value))
            if isinstance(what, MatCorner):
                mat_corners[(what.zone, what.corner)] = code.corners
                continue
            if not isinstance(what, CardCode):
                foreign += 1
                continue
            card = self._resolver.resolve(what)
            if card == "other-game":
                other.append(f"{what.sticker_code}{what.number:03d}")
            elif isinstance(card, str):
                foreign += 1
            elif card.id not in card_ids:
                card_ids[card.id] = code.corners
                cards.append((card.id, code))
            elif stickers_apart(card_ids[card.id], code.corners):
                duplicates.add(card.id)
        mats = find_mats(mat_corners, self._last_mats)
        self._last_mats = mats
        self.expected_seats |= set(mats)
        corners = np.array([code.corners for _, code in cards], np.float32).reshape(-1, 4, 2)
        centres = card_centres(corners, self.kind)
        places = place_all(centres, mats, self.expected_seats)
        ppm = (sides_px(list(corners)) / modules_across(self.kind)).tolist()
        seen = [
            CardSeen(card_id, code.corners, centre, px, where.zone, where.position)
            for (card_id, code), centre, where, px in zip(cards, centres, places, ppm, strict=True)
        ]
        markers = tuple(c for c in codes if c.kind is StickerKind.ARUCO and int(c.value) < MAT_IDS)
        return Detections(tuple(seen), mats, foreign, tuple(other), markers, tuple(sorted(duplicates)))


@dataclass
class Pipeline:
    """Detector + zones + tracker: feed frames with their times, get facts."""

    detector: Detector
    tracker: Tracker = field(default_factory=Tracker)
    # Tells a card taken away from a card under a hand (None: removals wait out the tracker's hold).
    footprints: Footprints | None = field(default_factory=Footprints)
    # Each card's last outline in the frame, and the tracker frame it was seen in.
    _outlines: dict[str, tuple[np.ndarray, int]] = field(default_factory=dict, repr=False)

    @classmethod
    def create(
        cls,
        game: GameCards,
        kind: StickerKind = StickerKind.ARUCO,
        decoder: Decoder | None = None,
        players: int | None = None,
        config: TrackerConfig | None = None,
        footprints: bool = True,
    ) -> Pipeline:
        seats = set(range(players)) if players else set()
        return cls(
            Detector(game, kind, decoder, seats),
            Tracker(config or TrackerConfig()),
            Footprints() if footprints else None,
        )

    def process(self, frame: np.ndarray, t: float) -> TableFacts:
        det = self.detector.detect(frame)
        sightings = [Sighting(c.card_id, c.zone, c.position) for c in det.cards]
        hidden = frozenset(seat_zone(s) for s in self.detector.expected_seats if s not in det.mats)
        empty: set[str] = set()
        if self.footprints is not None:
            corners = np.array([c.corners for c in det.cards], np.float32).reshape(-1, 4, 2)
            outlines = card_quads(corners, self.detector.kind)
            now = self.tracker.frame
            for c, outline in zip(det.cards, outlines, strict=True):
                self._outlines[c.card_id] = (outline, now)
            tracked = self.tracker.tracked_ids()
            unseen = tracked - {c.card_id for c in det.cards}
            held = {cid: self._outlines[cid][0] for cid in unseen if cid in self._outlines}
            recent = self.tracker.config.window
            lying = [o for cid, (o, f) in self._outlines.items() if cid not in tracked and now - f < recent]
            empty = self.footprints.observe(
                frame, outlines, held, np.array(lying, np.float32).reshape(-1, 4, 2)
            )
        events = self.tracker.update(t, sightings, hidden, frozenset(empty))
        if len(self._outlines) > 4 * max(len(det.cards), 40):  # forget cards long gone
            keep, now = self.tracker.tracked_ids(), self.tracker.frame
            self._outlines = {k: v for k, v in self._outlines.items() if k in keep or now - v[1] < 30}
        return TableFacts(t, self.tracker.frame, det, tuple(events), tuple(self.tracker.cards()))
