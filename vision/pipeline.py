"""Frame in, facts out: decode the stickers, place the cards in zones, vote across frames.

The rules engine never sees pixels: it receives ``TableFacts`` (the tracked cards with zone and order) and the
add / move / remove events.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.decoders import ArucoDecoder, Decoder, MatsOnly, RawCode, ZxingQR, make_decoder
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
from vision.zones import MatView, card_centre, find_mats, place, seat_zone


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
            elif card.id not in {c for c, _ in cards}:
                cards.append((card.id, code))
        mats = find_mats(mat_corners)
        self.expected_seats |= set(mats)
        seen = []
        for card_id, code in cards:
            centre = card_centre(code, code.kind)
            where = place(centre, mats, self.expected_seats)
            ppm = code.side_px() / modules_across(code.kind)
            seen.append(CardSeen(card_id, code.corners, centre, ppm, where.zone, where.position))
        markers = tuple(c for c in codes if c.kind is StickerKind.ARUCO and int(c.value) < MAT_IDS)
        return Detections(tuple(seen), mats, foreign, tuple(other), markers)


@dataclass
class Pipeline:
    """Detector + zones + tracker: feed frames with their times, get facts."""

    detector: Detector
    tracker: Tracker = field(default_factory=Tracker)

    @classmethod
    def create(
        cls,
        game: GameCards,
        kind: StickerKind = StickerKind.ARUCO,
        decoder: Decoder | None = None,
        players: int | None = None,
        config: TrackerConfig | None = None,
    ) -> Pipeline:
        seats = set(range(players)) if players else set()
        return cls(Detector(game, kind, decoder, seats), Tracker(config or TrackerConfig()))

    def process(self, frame: np.ndarray, t: float) -> TableFacts:
        det = self.detector.detect(frame)
        sightings = [Sighting(c.card_id, c.zone, c.position) for c in det.cards]
        hidden = frozenset(seat_zone(s) for s in self.detector.expected_seats if s not in det.mats)
        events = self.tracker.update(t, sightings, hidden)
        return TableFacts(t, self.tracker.frame, det, tuple(events), tuple(self.tracker.cards()))
