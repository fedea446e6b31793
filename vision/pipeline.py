"""Frame in, facts out: decode the stickers, place the cards in zones, vote across frames.

The rules engine never sees pixels: it receives ``TableFacts``, whose events and cards are the core's own facts
(companion.table ``TableChange`` and ``SeenCard``: zone, position in mm and rotation in the zone's frame).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.games import GAMES
from companion.table import SeenCard, Sighting, TableChange, seat_zone
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
from vision.exposure import STICKER_PX, Exposer, ShortFrames, exposer_of, merged
from vision.footprint import Footprints
from vision.frames import FrameProblem, flat, grey8, readable
from vision.identity import (
    MAT_IDS,
    CardCode,
    GameCards,
    MatCorner,
    Resolver,
    default_codebook,
    modules_across,
    parse_aruco,
    parse_qr,
)
from vision.kinds import StickerKind
from vision.progressive import Band, ReadBudget, plan_bands
from vision.tracking import Tracker, TrackerConfig
from vision.zones import (
    Banks,
    BoardView,
    MatView,
    card_axes,
    card_quads,
    find_board,
    find_mats,
    place_all,
    place_on_board,
)


@dataclass(frozen=True)
class CardSeen:
    """A card sticker read in one frame, for the camera check and overlays."""

    card_id: str
    corners: np.ndarray = field(compare=False)
    centre: np.ndarray = field(compare=False)
    px_per_module: float
    zone: str
    x: float  # mm in the zone's frame, and the rotation in degrees (see vision.zones.Placement)
    y: float
    angle: float


@dataclass(frozen=True)
class Detections:
    """What one frame shows, before any voting."""

    cards: tuple[CardSeen, ...]
    mats: dict[int, MatView]
    foreign: int  # unreadable or foreign codes, and ids no game uses
    other_game: tuple[str, ...]  # stickers of another game: "KX017"
    mat_markers: tuple[RawCode, ...] = ()
    # Card ids read on two or more stickers apart in one frame (a sticker printed twice), and how many stickers
    # each was read on, in the same order.
    duplicates: tuple[str, ...] = ()
    copies: tuple[int, ...] = ()
    unusable: FrameProblem | None = None  # why the frame was not read (nothing else is then filled in)
    board: BoardView | None = None  # the game's printed board, when at least two of its marks are seen

    def stickers_twice(self) -> tuple[tuple[str, int], ...]:
        """Each card id read on stickers apart, with how many (2 where a caller gave no count)."""
        counts = self.copies if len(self.copies) == len(self.duplicates) else (2,) * len(self.duplicates)
        return tuple(zip(self.duplicates, counts, strict=True))


@dataclass(frozen=True)
class TableFacts:
    t: float
    frame: int
    detections: Detections
    events: tuple[TableChange, ...]
    cards: tuple[SeenCard, ...]


def default_aruco_ids() -> tuple[int, ...]:
    """The ArUco ids in use: the mats' corner markers, every registered game's card stickers and boards' marks."""
    boards = {i for spec in GAMES.values() if spec.board is not None for i in spec.board.ids}
    return tuple(range(MAT_IDS)) + tuple(sorted(set(default_codebook().cards) | boards))


def default_decoder(kind: StickerKind) -> Decoder:
    """The measured default reader of each sticker kind (see docs/vision.md and docs/benchmarks.md)."""
    if kind is StickerKind.QR:
        return ZxingQR()
    return ArucoDecoder(ids=default_aruco_ids())  # only the ids in use


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
    _last_board: BoardView | None = None
    _banks: Banks = field(default_factory=Banks)  # where the cards beyond the mats lie (vision/zones.py)

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
        return self.interpret(self.read(frame))

    def read(self, frame: np.ndarray) -> list[RawCode]:
        """Every code in the frame (colour or grey), before anyone decides what it names."""
        gray = grey8(frame)
        if gray is None:  # no picture (vision.frames): nothing in it
            return []
        assert self.decoder is not None
        codes = self.decoder.decode(gray)
        if self.kind is StickerKind.QR:
            codes = codes + self._mats.decode(gray)
        return codes

    def interpret(self, codes: list[RawCode]) -> Detections:
        """One frame's detections from its codes: cards resolved and placed, mats located."""
        assert self._resolver is not None
        mat_corners: dict[tuple[int, int], np.ndarray] = {}
        cards: list[tuple[str, RawCode]] = []
        stickers: dict[str, list[np.ndarray]] = {}  # each card's stickers apart, the first one placed
        foreign = 0
        other: list[str] = []
        markers: list[RawCode] = []
        board_marks = self.game.board
        board_corners: dict[int, np.ndarray] = {}
        for code in codes:
            if board_marks is not None and code.value in board_marks.ids:
                board_corners[board_marks.ids.index(code.value)] = code.corners
                markers.append(code)
                continue
            # A QR sticker reads as its text, an ArUco marker as its id.
            what = parse_qr(code.value) if isinstance(code.value, str) else parse_aruco(code.value)
            if isinstance(what, MatCorner):
                mat_corners[(what.zone, what.corner)] = code.corners
                markers.append(code)
                continue
            if not isinstance(what, CardCode):
                foreign += 1
                continue
            card = self._resolver.resolve(what)
            if card == "other-game":
                other.append(f"{what.sticker_code}{what.number:03d}")
            elif isinstance(card, str):
                foreign += 1
            elif card.id not in stickers:
                stickers[card.id] = [code.corners]
                cards.append((card.id, code))
            elif all(stickers_apart(earlier, code.corners) for earlier in stickers[card.id]):
                stickers[card.id].append(code.corners)
        mats = find_mats(mat_corners, self._last_mats)
        self._last_mats = mats
        self.expected_seats |= set(mats)
        corners = np.array([code.corners for _, code in cards], np.float32).reshape(-1, 4, 2)
        centres, heads = card_axes(corners, self.kind)
        ids = [card_id for card_id, _ in cards]
        places = place_all(centres, mats, self.expected_seats, heads, self.game.mat_reach, ids, self._banks)
        board = None if board_marks is None else find_board(board_corners, board_marks, self._last_board)
        self._last_board = board
        if board is not None and board_marks is not None and len(corners):
            middles = corners.mean(axis=1)
            on_board = place_on_board(middles, middles + (heads - centres), board, board_marks)
            places = [b if b is not None else p for b, p in zip(on_board, places, strict=True)]
        ppm = (sides_px(list(corners)) / modules_across(self.kind)).tolist()
        seen = [
            CardSeen(card_id, code.corners, centre, px, where.zone, where.x, where.y, where.angle)
            for (card_id, code), centre, where, px in zip(cards, centres, places, ppm, strict=True)
        ]
        twice = sorted(card_id for card_id, apart in stickers.items() if len(apart) > 1)
        return Detections(
            tuple(seen),
            mats,
            foreign,
            tuple(other),
            tuple(markers),
            tuple(twice),
            tuple(len(stickers[card_id]) for card_id in twice),
            board=board,
        )


FLAT_STEP = 16  # without frame differencing, flatness is judged on every 16th pixel of every 16th row


@dataclass
class Pipeline:
    """Detector + zones + tracker: feed frames with their times, get facts."""

    detector: Detector
    tracker: Tracker = field(default_factory=Tracker)
    # Tells a card taken away from a card under a hand (None: removals wait out the tracker's hold).
    footprints: Footprints | None = field(default_factory=Footprints)
    # Each card's last outline in the frame, and the tracker frame it was seen in.
    _outlines: dict[str, tuple[np.ndarray, int]] = field(default_factory=dict, repr=False)
    # Frame differencing: a frame whose 4x4-pixel block means all lie within ``still_level`` grey levels of the
    # key frame's reuses its detections, while that frame read every card the tracker holds or saw lately;
    # where blocks changed (less than ``regional_max`` of the frame), only those regions are read again. The
    # whole frame is read again every ``refresh`` frames, band by band (``sweep``), each band on the first still
    # frame of its turn (a hand moving over the table is read region by region meanwhile), at the latest after
    # ``refresh_late`` frames. 0 turns it off.
    # See docs/vision.md.
    still_level: float = 12.0
    refresh: int = 10
    refresh_late: int = 90
    _key: np.ndarray | None = field(default=None, repr=False)  # the key frame's block means
    _key_det: Detections | None = field(default=None, repr=False)
    _key_age: int = 0
    regional_max: float = 0.3  # changed fraction of the frame above which the whole frame is read again
    tile: int = 48  # blocks: changes are read tile by tile, each tile's changes grown by a sticker
    # The refresh is spread over the ``refresh`` frames, a band of 1/sweep of the frame's rows every
    # refresh/sweep frames, read as changed regions are: no frame pays a whole read of a large frame (1: the whole
    # frame at once, every ``refresh`` frames).
    sweep: int = 4
    _swept: int = field(default=0, repr=False)  # bands read since the last whole refresh
    reused: int = 0  # frames whose detections were reused (for tests and benchmarks)
    regional: int = 0  # frames read only where they changed
    # A whole read dearer than one frame's share (vision/progressive.py) is spread over the next frames, a band
    # of rows a frame, each band from its own frame; the codes of the rows not read yet are the last key frame's
    # meanwhile. None: every whole read in one frame.
    budget: ReadBudget | None = field(default_factory=ReadBudget)
    banded: int = 0  # frames read as a band of a whole read
    _bands: list[Band] = field(default_factory=list, repr=False)  # the whole read's bands still to read
    _fresh: list[RawCode] = field(default_factory=list, repr=False)  # what its bands read so far
    _stale: list[RawCode] = field(default_factory=list, repr=False)  # the codes before it began
    _band_at: int = field(default=0, repr=False)  # the next band's place in it
    _key_codes: list[RawCode] = field(default_factory=list, repr=False)
    _where: dict[str, np.ndarray] = field(default_factory=dict, repr=False)  # each card's sticker, last seen
    # The frame source's short exposure (vision/exposure.py; None: it has none): where a frame clips a sticker
    # could hide, a short frame is asked, and read there once it has come.
    exposer: Exposer | None = None
    short: ShortFrames = field(default_factory=ShortFrames)

    def __post_init__(self) -> None:
        if isinstance(self.detector.decoder, ArucoDecoder):
            self.detector.decoder.prepare()

    @classmethod
    def create(
        cls,
        game: GameCards,
        kind: StickerKind = StickerKind.ARUCO,
        decoder: Decoder | None = None,
        players: int | None = None,
        config: TrackerConfig | None = None,
        footprints: bool = True,
        source: object = None,
    ) -> Pipeline:
        """The pipeline for ``game``'s stickers; ``source``, the frames' source: one that can take a short frame
        (vision/exposure.py) reads what glare clips."""
        seats = set(range(players)) if players else set()
        return cls(
            Detector(game, kind, decoder, seats),
            Tracker(config or TrackerConfig()),
            Footprints() if footprints else None,
            exposer=exposer_of(source),
        )

    def process(self, frame: np.ndarray, t: float) -> TableFacts:
        image = readable(frame)
        if isinstance(image, FrameProblem):
            return self._skipped(Detections((), {}, 0, (), unusable=image), t)
        frame = image
        # Grey once a frame: at 4056x3040 a conversion is 3-5 ms, and the short frames' step reads the same grey.
        gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        det = self._detect(gray)
        if det.unusable is not None:
            return self._skipped(det, t)
        if self.exposer is not None:
            det = self._with_short(gray, det, self.exposer)
        sightings = [Sighting(c.card_id, c.zone, c.x, c.y, c.angle) for c in det.cards]
        hidden = frozenset(seat_zone(s) for s in self.detector.expected_seats if s not in det.mats)
        empty: set[str] = set()
        if self.footprints is not None:
            corners = np.array([c.corners for c in det.cards], np.float32).reshape(-1, 4, 2)
            outlines = card_quads(corners, self.detector.kind)
            now = self.tracker.frame
            for c, outline in zip(det.cards, outlines, strict=True):
                self._outlines[c.card_id] = (outline, now)
            self.footprints.remember(frame, [c.card_id for c in det.cards], corners)
            tracked = self.tracker.tracked_ids()
            unseen = tracked - {c.card_id for c in det.cards}
            held = {cid: self._outlines[cid][0] for cid in unseen if cid in self._outlines}
            recent = self.tracker.config.window
            lying = [o for cid, (o, f) in self._outlines.items() if cid not in tracked and now - f < recent]
            is_settled = [c.card_id in tracked for c in det.cards]
            settled = outlines[is_settled] if len(outlines) else outlines
            settled_ids = [c.card_id for c, s in zip(det.cards, is_settled, strict=True) if s]
            empty = self.footprints.observe(
                frame, outlines, held, np.array(lying, np.float32).reshape(-1, 4, 2), settled, settled_ids
            )
        events = self.tracker.update(t, sightings, hidden, frozenset(empty))
        if len(self._outlines) > 4 * max(len(det.cards), 40):  # forget cards long gone
            keep, now = self.tracker.tracked_ids(), self.tracker.frame
            self._outlines = {k: v for k, v in self._outlines.items() if k in keep or now - v[1] < 30}
        cards = self.tracker.cards()
        if det.duplicates:  # told to the table with the card: its sticker is on more cards than one
            copies = dict(det.stickers_twice())
            cards = [replace(c, copies=copies[c.card]) if c.card in copies else c for c in cards]
        return TableFacts(t, self.tracker.frame, det, tuple(events), tuple(cards))

    def _with_short(self, gray: np.ndarray, det: Detections, exposer: Exposer) -> Detections:
        """``det`` with what the short frames read under the (grey) frame's clipped spots, when any clips (never
        waiting for one); the merged reading becomes the key frame's, so that still frames keep it."""
        sides = [c.px_per_module * modules_across(self.detector.kind) for c in det.cards]
        side = float(np.median(sides)) if sides else STICKER_PX
        extra = self.short.codes(gray, side, exposer, self._read_spots)
        codes = merged(self._key_codes, extra)
        if len(codes) == len(self._key_codes):
            return det
        det = self.detector.interpret(codes)
        self._key_det, self._key_codes = det, codes
        self._remember(det)
        return det

    def _read_spots(self, gray: np.ndarray, rects: list[Rect]) -> list[RawCode]:
        """The codes a short frame shows inside ``rects``, read by the exact code book (ArUco), or by the decoder
        crop by crop (QR)."""
        decoder = self.detector.decoder
        if isinstance(decoder, ArucoDecoder) and decoder.lookup:
            return decoder.decode_regions_exact(gray, rects)
        assert decoder is not None
        out: list[RawCode] = []
        for x0, y0, x1, y1 in rects:
            shift = np.array([x0, y0], np.float32)
            crop = np.ascontiguousarray(gray[y0:y1, x0:x1])
            out += [replace(c, corners=c.corners + shift) for c in decoder.decode(crop)]
        return out

    def _skipped(self, det: Detections, t: float) -> TableFacts:
        """A frame that is no picture of the table: the tracker keeps what it holds, as if the frame had not come
        (a covered lens must not take the cards away)."""
        return TableFacts(t, self.tracker.frame, det, (), tuple(self.tracker.cards()))

    def _detect(self, gray: np.ndarray) -> Detections:
        """The grey frame's detections: the key frame's where nothing changed since, read afresh where it did."""
        if not self.still_level:
            problem = flat(gray, FLAT_STEP)
            if problem is not None:
                return Detections((), {}, 0, (), unusable=problem)
            self._key_codes = self.detector.read(gray)  # what a short frame's codes are merged with
            return self.detector.interpret(self._key_codes)
        # 4x4 block means: two halvings, as INTER_AREA is ~8x faster at exactly 1/2 than at 1/4.
        half = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        blocks = cv2.resize(half, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        problem = flat(blocks)
        if problem is not None:
            return Detections((), {}, 0, (), unusable=problem)
        key, det = self._key, self._key_det
        self._key_age += 1
        if key is None or det is None or key.shape != blocks.shape:
            self._bands = []
            return self._read_all(gray, blocks)
        if self._bands:  # a whole read under way: its next band, whatever changed meanwhile
            return self._read_next_band(gray, blocks)
        changed = (cv2.absdiff(blocks, key) > self.still_level).view(np.uint8)
        late = self._key_age >= self.refresh_late
        due = self._key_age * max(self.sweep, 1) >= self.refresh * (self._swept + 1)  # the next band's turn
        if late or (due and not changed.any()):
            return self._read_band(gray, blocks, changed) or self._read_all(gray, blocks)
        missing = self.tracker.recent_ids() - {c.card_id for c in det.cards}
        if not changed.any() and not missing:
            self.reused += 1
            return det
        # A card the key frame missed (under a hand, or lost to noise) is looked for again where it was last seen.
        bh, bw = changed.shape
        for card_id in missing:
            at = self._where.get(card_id)
            if at is None:
                return self._read_all(gray, blocks)
            x, y = np.clip(at / 4, 0, [bw - 1, bh - 1]).astype(int).tolist()
            changed[y, x] = 1
        return self._read_changed(gray, blocks, changed) or self._read_all(gray, blocks)

    def _read_all(self, gray: np.ndarray, blocks: np.ndarray) -> Detections:
        bands = self._plan(gray, blocks)
        if len(bands) > 1:
            same = self._key is not None and self._key.shape == blocks.shape
            # The first band's frame pays for the plan, the next deblurs recovery's lone candidate (below): the
            # first band read in two halves, so that neither frame costs more than another band's.
            (a, b), rest = bands[0], bands[1:]
            bands = [(a, (a + b) // 2), ((a + b) // 2, b), *rest]
            self._bands, self._fresh, self._stale = bands, [], list(self._key_codes) if same else []
            self._band_at = 0
            self._key = blocks
            return self._read_next_band(gray, blocks)
        codes = self.detector.read(gray)
        det = self.detector.interpret(codes)
        self._key, self._key_det, self._key_codes, self._key_age = blocks, det, codes, 0
        self._swept = 0
        self._remember(det)
        return det

    def _plan(self, gray: np.ndarray, blocks: np.ndarray) -> list[Band]:
        """The bands a whole read of ``gray`` is spread over (one: read it whole now)."""
        decoder = self.detector.decoder
        if (
            self.budget is None
            or not isinstance(decoder, ArucoDecoder)
            or not decoder.lookup
            or self.detector.kind is not StickerKind.ARUCO
            or decoder.half_size_search  # a half-size search costs a quarter: read whole
        ):
            return [(0, gray.shape[0])]
        height, width = gray.shape
        return plan_bands(height, width, blocks, self.budget, texture=not decoder.reading_stickers)

    def _read_next_band(self, gray: np.ndarray, blocks: np.ndarray) -> Detections:
        """The next band of the whole read under way read, at full size, reaching beyond its rows by a sticker;
        after the last band the key frame is as fresh as after a whole read."""
        decoder, budget, key = self.detector.decoder, self.budget, self._key
        assert isinstance(decoder, ArucoDecoder) and budget is not None and key is not None
        first, last = self._bands.pop(0)
        height, width = gray.shape
        sides = sides_px([c.corners for c in (*self._fresh, *self._stale)])
        # A sticker belongs to the band its top edge lies in: read below the band as far as a sticker reaches,
        # above it only the few pixels cv2.aruco keeps clear of a crop's edge.
        reach = int(1.5 * float(sides.max())) if len(sides) else int(height * budget.reach)
        rect = (0, max(first - budget.above, 0), width, min(last + reach, height))
        share = (last - first) / height
        # The first band pays for the plan: the second deblurs recovery's lone candidate, where there is one.
        lone = self._band_at == min(1, self._band_at + len(self._bands))
        self._band_at += 1
        for c in decoder.decode_regions(gray, [rect], share, lone):
            if not any(f.value == c.value and not stickers_apart(f.corners, c.corners) for f in self._fresh):
                self._fresh.append(c)
        key[first // 4 : -(-last // 4)] = blocks[first // 4 : -(-last // 4)]

        def unread(c: RawCode) -> bool:
            y = float(c.corners[:, 1].mean())
            return any(a <= y < b for a, b in self._bands)

        kept = [
            c
            for c in self._stale
            if unread(c)
            and not any(f.value == c.value and not stickers_apart(f.corners, c.corners) for f in self._fresh)
        ]
        codes = self._fresh + kept
        det = self.detector.interpret(codes)
        self._key_det, self._key_codes, self._key_age = det, codes, 0
        if not self._bands:
            self._swept, self._fresh, self._stale = 0, [], []
        self._remember(det)
        self.banded += 1
        return det

    def _read_band(self, gray: np.ndarray, blocks: np.ndarray, changed: np.ndarray) -> Detections | None:
        """The refresh's next band of rows read again (with any changes), as changed regions are; after the last
        band the key frame is as fresh as after a whole read. None: read it all (no band reading here)."""
        if self.sweep <= 1:
            return None
        rows = changed.shape[0]
        band = changed.copy()
        band[rows * self._swept // self.sweep : rows * (self._swept + 1) // self.sweep] = 1
        det = self._read_changed(gray, blocks, band)
        if det is not None:
            self._swept += 1
            if self._swept >= self.sweep:
                self._swept, self._key_age = 0, 0
        return det

    def _remember(self, det: Detections) -> None:
        """Each card's sticker centre, where it is looked for again when a later frame misses it."""
        if det.cards:
            centres = np.array([c.corners for c in det.cards], np.float32).mean(axis=1)
            self._where.update(zip((c.card_id for c in det.cards), centres, strict=True))

    def _read_changed(self, gray: np.ndarray, blocks: np.ndarray, changed: np.ndarray) -> Detections | None:
        """Re-read only the changed regions (ArUco), keeping the key frame's codes elsewhere; None: read it all."""
        decoder = self.detector.decoder
        codes, key = self._key_codes, self._key
        if (
            key is None  # no key frame yet: the caller reads it all first
            or not isinstance(decoder, ArucoDecoder)
            or not decoder.lookup
            or self.detector.kind is not StickerKind.ARUCO
            or decoder.half_size_search  # regions are read at full size: dearer than a half-size whole frame
        ):
            return None
        if not codes or cv2.countNonZero(changed) > self.regional_max * changed.size:
            return None
        bh, bw = changed.shape
        sides = sides_px([c.corners for c in codes])
        values = np.array([c.value for c in codes])
        cards = sides[values >= MAT_IDS]
        if not len(cards):
            return None
        # Kept: the key frame's codes touching no changed block (nor its neighbours); the others are read again.
        near = cv2.dilate(changed, np.ones((3, 3), np.uint8))
        boxes = np.array([c.corners for c in codes], np.float32).reshape(-1, 4, 2) / 4
        lo = np.clip(np.floor(boxes.min(axis=1)).astype(int), 0, [bw - 1, bh - 1])
        hi = np.clip(np.ceil(boxes.max(axis=1)).astype(int), 0, [bw - 1, bh - 1])
        touched = np.array(
            [
                near[y0 : y1 + 1, x0 : x1 + 1].any()
                for (x0, y0), (x1, y1) in zip(lo.tolist(), hi.tolist(), strict=True)
            ]
        )
        kept = [c for c, t in zip(codes, touched.tolist(), strict=True) if not t]
        # Regions: the changes, tile by tile, each grown by 1.5 card stickers (a sticker touching a change lies
        # wholly inside), and the quiet-zone outline of every code read again, with room to spare.
        margin = int(np.ceil(1.5 * float(cards.max()) / 4)) + 2
        rects = []
        tile = self.tile
        for ty in range(0, bh, tile):
            for tx in range(0, bw, tile):
                part = near[ty : ty + tile, tx : tx + tile]
                if not part.any():
                    continue
                x0, y0, rw, rh = cv2.boundingRect(part)
                x0, y0 = tx + x0 - margin, ty + y0 - margin
                rects.append(
                    (max(x0, 0), max(y0, 0), min(x0 + rw + 2 * margin, bw), min(y0 + rh + 2 * margin, bh))
                )
        pad = np.ceil(sides / 16).astype(int) + 2  # a quarter of the side, in blocks
        for i in np.flatnonzero(touched & (values < MAT_IDS)).tolist():  # mat markers: larger than the margin
            (x0, y0), (x1, y1) = lo[i] - pad[i], hi[i] + pad[i]
            rects.append((max(x0, 0), max(y0, 0), min(x1 + 1, bw), min(y1 + 1, bh)))
        rects = merge_overlapping(rects)
        if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in rects) > 2 * self.regional_max * changed.size:
            return None
        found = decoder.decode_regions(gray, [(4 * x0, 4 * y0, 4 * x1, 4 * y1) for x0, y0, x1, y1 in rects])
        merged: list[RawCode] = []
        for c in found:  # regions overlap: one reading per sticker
            if not any(f.value == c.value and not stickers_apart(f.corners, c.corners) for f in merged):
                merged.append(c)
        fresh = len(merged)
        for c in kept:  # a kept code read again inside a region: the fresh reading stands
            if not any(
                f.value == c.value and not stickers_apart(f.corners, c.corners) for f in merged[:fresh]
            ):
                merged.append(c)
        det = self.detector.interpret(merged)
        for x0, y0, x1, y1 in rects:
            key[y0:y1, x0:x1] = blocks[y0:y1, x0:x1]
        self._key_det, self._key_codes = det, merged
        self._remember(det)
        self.regional += 1
        return det


Rect = tuple[int, int, int, int]


def merge_overlapping(rects: list[Rect]) -> list[Rect]:
    """Overlapping rectangles (x0, y0, x1, y1) joined into their bounding box wherever that box is no larger than
    the two together: the overlap is then read once, and each read's fixed cost is paid once."""
    out = list(rects)
    merged = True
    while merged:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] >= b[2] or b[0] >= a[2] or a[1] >= b[3] or b[1] >= a[3]:
                    continue  # apart
                box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if _area(box) <= _area(a) + _area(b):
                    out[i] = box
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def _area(r: Rect) -> int:
    return (r[2] - r[0]) * (r[3] - r[1])
