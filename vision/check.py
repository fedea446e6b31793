"""The camera self-check: one frame read as the referee would read it, and an honest verdict.

"Good" only when every mat the game expects shows its four corner markers and this game's stickers are read,
large and sharp enough, in enough light and without glare. Each failing condition is named with its fix, in the
player's language (vision/verdict.py holds the verdict's data; docs/vision.md, "Checking the camera").
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.games import GAMES
from companion.i18n import N_, NP_, Translator
from companion.outfile import write_out
from companion.protocol import join_words
from companion.table import CENTRE, UNKNOWN, zone_seat
from vision import layout
from vision.decoders import RawCode
from vision.frame_quality import glare, sharpness
from vision.identity import (
    ARUCO_QUIET,
    CORNERS,
    QR_QUIET,
    CardCode,
    GameCards,
    Resolver,
    known_games,
    modules_across,
    parse_aruco,
    parse_qr,
)
from vision.kinds import StickerKind
from vision.pipeline import Detections, Detector
from vision.sources import FrameSource
from vision.verdict import MatSeen, Problem, Scale, StickerSeen, Verdict
from vision.zones import card_axes, fit_homography, place_all

# Pixels per module (QR) or cell (ArUco) needed for reliable reads, from the benchmark's detection curves.
GOOD_PX = {StickerKind.QR: 3.0, StickerKind.ARUCO: 3.5}
# The smallest pixels per cell (module) that read every sticker of the size sweep (docs/benchmarks.md: ArUco
# 100 % from 2.5, zxing-cpp from 2.6). A real camera's Bayer mosaic, lens blur and noise cost about half of that
# (the camera model read 89 % of stickers at 3.5 px per cell, 99.9 % at 6.4): the recommended scale is
# twice it, in pixels per mm of table, and the check warns below it (docs/vision.md, "The camera to buy").
SWEEP_PX = {StickerKind.QR: 2.6, StickerKind.ARUCO: 2.5}
CELL_MM = {
    kind: layout.STICKER_MM / (modules_across(kind) + 2 * quiet)
    for kind, quiet in ((StickerKind.QR, QR_QUIET), (StickerKind.ARUCO, ARUCO_QUIET))
}  # ArUco 25 / 9 = 2.78 mm, QR 25 / 25 = 1 mm
RECOMMENDED_PX_PER_MM = {kind: round(2 * px / CELL_MM[kind], 1) for kind, px in SWEEP_PX.items()}  # 1.8, 5.2
DARK = 60  # mean grey level under which we ask for light
BLURRED = 0.35  # sticker edge sharpness (0..1) under which we ask for focus
GLARE_RADIUS = 0.01  # of the frame's width: half a sticker at the scale, when no sticker gives one
KIND_NAMES = {StickerKind.ARUCO: "ArUco", StickerKind.QR: "QR"}

SEAT = N_("Seat {n}")  # as printed on the mat
SEAT_NAMED = N_("Seat {n} ({name})")
CORNER_WORDS = dict(
    zip(CORNERS, (N_("top-left"), N_("top-right"), N_("bottom-right"), N_("bottom-left")), strict=True)
)
ZONE_WORDS = {CENTRE: N_("the centre"), UNKNOWN: N_("unknown (a mat is out of view)")}
GOOD = N_("Good: the camera setup reads the table.")
NOT_READY = NP_("Not ready yet: {n} thing to fix.", "Not ready yet: {n} things to fix.")
# Each condition the check names, by its code (the JSON's), with its fix.
SAYS = {
    "nothing-seen": N_("No sticker and no mat seen: point the camera at the table and check the light."),
    "no-stickers": N_(
        "No {game} sticker read: lay a few cards on the mats, their stickers face up and in view."
    ),
    "wrong-kind": N_(
        "The cards carry {other} stickers, not {kind}: choose {other} stickers (--kind {option})."
    ),
    "stickers-small": N_(
        "Stickers too small: {n} of {total} under {need} pixels per cell (the smallest {px}). "
        "Move the camera closer or use a higher resolution."
    ),
    "stickers-twice": N_(
        "Stickers read twice: {cards}. Each card carries its own sticker: find the copy and give that card "
        "its own."
    ),
    "mat-missing": N_("{seat}: its mat is not seen. Lay it in front of its player, inside the picture."),
    "mat-out-of-view": N_(
        "{seat}: corner markers out of the picture: {corners}. Move the camera higher or back, or the mat "
        "towards the middle."
    ),
    "mat-hidden": N_(
        "{seat}: corner markers not read: {corners}. Clear them (no card, hand or object on them) and light "
        "them well."
    ),
    "mat-markers": N_(
        "{seat}: only {n} of its 4 corner markers read. Bring the whole mat into the picture and clear its "
        "corners."
    ),
    "dark": N_("The picture is dark: add light over the table."),
    "blurred": N_("The stickers look blurred: focus the camera (or switch on autofocus)."),
    "glare": N_("Glare: part of the picture is washed out; move the lamp or tilt it away."),
    "unknown-codes": N_("{n} codes could not be read or belong to nothing known."),
    "scale-low": N_(
        "The table is seen at {px} pixels per mm, under the {need} recommended for a real camera's blur and "
        "noise: lower the camera to {percent} % of its height, or choose a mode at least {width} pixels wide."
    ),
    "other-game": N_(
        "Stickers of another game on the table: {stickers}. Take those cards away before you play."
    ),
}
ON_CARDS = N_("{card} (on {n} cards)")  # a sticker read on three cards or more, in "stickers-twice"
MAT_EXTRA = NP_(
    "A mat for {seat} is in view, but the game has {n} player: take it away, or check the number of players.",
    "A mat for {seat} is in view, but the game has {n} players: take it away, or check the number of players.",
)


@dataclass(frozen=True)
class Expected:
    """What the table should show: the game, its sticker kind, one mat per player, and the players' names."""

    game: GameCards
    kind: StickerKind
    players: int
    names: tuple[str, ...] = ()  # from a saved game; empty: seats are numbered only


@dataclass(frozen=True)
class OtherSticker:
    """A sticker of another registered game, placed like a card of this one."""

    game: GameCards
    card_id: str
    corners: np.ndarray = field(compare=False)
    zone: str
    px_per_cell: float


Markers = dict[int, dict[int, np.ndarray]]  # seat -> corner -> the marker's 4 frame points, read or expected


@dataclass(frozen=True)
class Looked:
    """One frame's reading, for the verdict and the drawing: this game's detections and the rest."""

    detections: Detections
    others: tuple[OtherSticker, ...]
    other_kind_cards: int  # this game's stickers read as the other kind, when none was read as the chosen one
    markers: Markers


def look(frame: np.ndarray, expected: Expected) -> Looked:
    """Read ``frame`` as the referee would, keeping what the check needs besides the game's own cards."""
    detector = Detector(expected.game, expected.kind, expected_seats=set(range(expected.players)))
    codes = detector.read(frame)
    det = detector.interpret(codes)
    others = _other_stickers(codes, det, expected)
    other_kind = 0
    if not det.cards:  # the stickers may be of the other kind: worth the second read only then
        kind = StickerKind.QR if expected.kind is StickerKind.ARUCO else StickerKind.ARUCO
        other_kind = len(Detector(expected.game, kind).detect(frame).cards)
    seats = {int(m.value) // 4 for m in det.mat_markers} | set(range(expected.players))
    return Looked(det, others, other_kind, {seat: _marker_places(seat, det) for seat in sorted(seats)})


def _other_stickers(codes: list[RawCode], det: Detections, expected: Expected) -> tuple[OtherSticker, ...]:
    resolver, games = Resolver.for_game(expected.game), known_games()
    found: list[tuple[GameCards, str, RawCode]] = []
    for code in codes:
        what = parse_qr(code.value) if isinstance(code.value, str) else parse_aruco(code.value)
        if isinstance(what, CardCode) and resolver.resolve(what) == "other-game":
            game = games[what.sticker_code]
            card = game.catalogue.by_number(what.number)
            if card is not None:
                found.append((game, card.id, code))
    if not found:
        return ()
    corners = np.array([code.corners for _, _, code in found], np.float32).reshape(-1, 4, 2)
    centres, heads = card_axes(corners, expected.kind)
    places = place_all(centres, det.mats, set(range(expected.players)), heads)
    cells = modules_across(expected.kind)
    return tuple(
        OtherSticker(game, card_id, code.corners, where.zone, code.side_px() / cells)
        for (game, card_id, code), where in zip(found, places, strict=True)
    )


def _marker_places(seat: int, det: Detections) -> dict[int, np.ndarray]:
    """Each corner marker of a seat's mat in the frame: where it was read, or where the markers read put it."""
    read = {int(m.value) % 4: m.corners for m in det.mat_markers if int(m.value) // 4 == seat}
    if not read:
        return {}
    mat = det.mats.get(seat)
    to_mat = mat.image_to_mat if mat is not None else None
    if to_mat is None:  # one marker: its four corners still say roughly where the others are
        src = np.concatenate([read[c] for c in sorted(read)])
        to_mat = fit_homography(src, np.concatenate([layout.mat_marker_corners(c) for c in sorted(read)]))
    places = dict(read)
    if to_mat is not None:
        to_frame = np.linalg.inv(to_mat)
        for corner in set(range(4)) - set(read):
            places[corner] = cv2.perspectiveTransform(layout.mat_marker_corners(corner)[None], to_frame)[0]
    return places


def judge(frame: np.ndarray, seen: Looked, expected: Expected, tr: Translator) -> Verdict:
    """The verdict on one frame: every condition of a good setup, each failing one named with its fix."""
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    det, kind, game = seen.detections, expected.kind, expected.game
    need = GOOD_PX[kind]
    stickers = _stickers(det, seen.others, expected, tr, need)
    cells = [s.px_per_cell for s in stickers if s.this_game]
    side = float(np.median(cells)) * modules_across(kind) if cells else GLARE_RADIUS * 2 * gray.shape[1]
    washed = glare(gray, side / 2, _paper(det, gray.shape))
    sharp = sharpness(gray, [c.corners for c in det.cards])
    brightness = float(gray.mean())
    mats = _mats(seen, expected, tr, gray.shape)
    problems: list[Problem] = []
    title = game_title(game)
    if not det.cards and not det.mat_markers:
        problems.append(_say("nothing-seen", tr))
    else:
        problems += _sticker_problems(stickers, seen, expected, tr, title)
        problems += _mat_problems(mats, expected, tr)
    if det.duplicates:
        named = [(game.card_name(c, tr.language), n) for c, n in det.stickers_twice()]
        names = join_words([name if n == 2 else tr(ON_CARDS, card=name, n=n) for name, n in named], tr)
        problems.append(_say("stickers-twice", tr, cards=names))
    if brightness < DARK:
        problems.append(_say("dark", tr))
    if det.cards and sharp < BLURRED:
        problems.append(_say("blurred", tr))
    if washed > 0:
        problems.append(_say("glare", tr))
    notes: list[Problem] = []
    seen_px = _px_per_mm(mats, cells, kind)
    recommended = RECOMMENDED_PX_PER_MM[kind]
    if seen_px is not None and seen_px < recommended:
        notes.append(
            _say(
                "scale-low",
                tr,
                px=f"{seen_px:.2f}",
                need=f"{recommended:g}",
                percent=int(100 * seen_px / recommended),  # the scale grows as the camera comes down
                width=math.ceil(gray.shape[1] * recommended / seen_px / 16) * 16,
            )
        )
    if det.foreign:
        notes.append(_say("unknown-codes", tr, n=det.foreign))
    if seen.others:
        listed = [f"{s.game_title}: {s.card} ({s.where})" for s in stickers if not s.this_game]
        notes.append(_say("other-game", tr, stickers="; ".join(listed)))
    good = not problems
    headline = tr(GOOD) if good else tr.plural(*NOT_READY, len(problems))
    mm = [m.px_per_mm for m in mats if m.px_per_mm is not None]
    scale = Scale(
        round(float(np.median(mm)), 2) if mm else None,
        round(float(np.median(cells)), 2) if cells else None,
        round(min(cells), 2) if cells else None,
        need,
        recommended,
    )
    return Verdict(
        good,
        headline,
        game.name,
        title,
        kind.value,
        expected.players,
        gray.shape[1],
        gray.shape[0],
        round(brightness, 1),
        round(sharp, 3),
        round(washed, 5),
        scale,
        mats,
        stickers,
        tuple(problems),
        tuple(notes),
    )


def _paper(det: Detections, shape: tuple[int, ...]) -> np.ndarray:
    """A mask of the mats' sheets in the frame (A4 or Letter, whichever is larger each way)."""
    mask = np.zeros(shape[:2], np.uint8)
    papers = layout.PAPERS.values()
    dx = (max(p.width for p in papers) - layout.MAT_W) / 2
    dy = (max(p.height for p in papers) - layout.MAT_H) / 2
    sheet = np.array(
        [
            [-dx, -dy],
            [layout.MAT_W + dx, -dy],
            [layout.MAT_W + dx, layout.MAT_H + dy],
            [-dx, layout.MAT_H + dy],
        ],
        np.float32,
    )
    for mat in det.mats.values():
        quad = cv2.perspectiveTransform(sheet[None], np.linalg.inv(mat.image_to_mat))[0]
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    return mask


def game_title(game: GameCards) -> str:
    """The game's title as its box prints it (a game outside the default registry: its name)."""
    return GAMES[game.name].title if game.name in GAMES else game.name


def seat_words(seat: int, tr: Translator, names: tuple[str, ...] = ()) -> str:
    """A seat as its mat prints it, counted from 1, with its player's name when the saved game gives it."""
    if 0 <= seat < len(names):
        return tr(SEAT_NAMED, n=seat + 1, name=names[seat])
    return tr(SEAT, n=seat + 1)


def zone_words(zone: str, tr: Translator, names: tuple[str, ...] = ()) -> str:
    seat = zone_seat(zone)
    return seat_words(seat, tr, names) if seat is not None else tr(ZONE_WORDS.get(zone, zone))


def _stickers(
    det: Detections, others: tuple[OtherSticker, ...], expected: Expected, tr: Translator, need: float
) -> tuple[StickerSeen, ...]:
    game, names, language = expected.game, expected.names, tr.language
    title = game_title(game)
    mine = [
        StickerSeen(
            k + 1,
            game.name,
            title,
            c.card_id,
            game.card_name(c.card_id, language),
            c.zone,
            zone_words(c.zone, tr, names),
            round(c.px_per_module, 2),
            c.px_per_module >= need,
            True,
        )
        for k, c in enumerate(det.cards)
    ]
    theirs = [
        StickerSeen(
            len(mine) + k + 1,
            o.game.name,
            game_title(o.game),
            o.card_id,
            o.game.card_name(o.card_id, language),
            o.zone,
            zone_words(o.zone, tr, names),
            round(o.px_per_cell, 2),
            o.px_per_cell >= need,
            False,
        )
        for k, o in enumerate(others)
    ]
    return tuple(mine + theirs)


def _mats(seen: Looked, expected: Expected, tr: Translator, shape: tuple[int, ...]) -> tuple[MatSeen, ...]:
    det = seen.detections
    height, width = shape[:2]
    out = []
    for seat in sorted(set(range(expected.players)) | set(seen.markers)):
        places = seen.markers.get(seat, {})
        read = {int(m.value) % 4 for m in det.mat_markers if int(m.value) // 4 == seat}
        missing = [c for c in range(4) if c not in read]
        outside = [c for c in missing if c in places and not _inside(places[c], width, height)]
        mat = det.mats.get(seat)
        scale = None
        if mat is not None:
            perimeter = float(np.linalg.norm(mat.outline - np.roll(mat.outline, -1, axis=0), axis=1).sum())
            scale = round(perimeter / (2 * (layout.MAT_W + layout.MAT_H)), 2)
        out.append(
            MatSeen(
                seat + 1,
                seat_words(seat, tr, expected.names),
                seat < expected.players,
                tuple(CORNERS[c] for c in sorted(read)),
                tuple(CORNERS[c] for c in outside),
                tuple(CORNERS[c] for c in missing if c not in outside and read),
                scale,
            )
        )
    return tuple(out)


def _inside(quad: np.ndarray, width: int, height: int) -> bool:
    return bool(
        (quad[:, 0] >= 0).all()
        and (quad[:, 0] < width).all()
        and (quad[:, 1] >= 0).all()
        and (quad[:, 1] < height).all()
    )


def _corner_words(corners: tuple[str, ...], tr: Translator) -> str:
    return join_words([tr(CORNER_WORDS[c]) for c in corners], tr)


def _px_per_mm(mats: Sequence[MatSeen], cells: list[float], kind: StickerKind) -> float | None:
    """The table's scale: the mats' median, else the stickers' (their cells' known size); None without either."""
    mm = [m.px_per_mm for m in mats if m.px_per_mm is not None]
    if mm:
        return float(np.median(mm))
    return float(np.median(cells)) / CELL_MM[kind] if cells else None


def _say(code: str, tr: Translator, at: int | None = None, **params: object) -> Problem:
    """The condition ``code`` in words; ``at``: the seat it concerns, counted from 1."""
    return Problem(code, tr(SAYS[code], **params), at)


def _mat_problems(mats: tuple[MatSeen, ...], expected: Expected, tr: Translator) -> list[Problem]:
    problems = []
    for mat in mats:
        seat = mat.name
        if not mat.expected:
            words = tr.plural(*MAT_EXTRA, expected.players, seat=seat)
            problems.append(Problem("mat-extra", words, mat.seat))
            continue
        if not mat.markers:
            problems.append(_say("mat-missing", tr, mat.seat, seat=seat))
            continue
        if mat.out_of_view:
            corners = _corner_words(mat.out_of_view, tr)
            problems.append(_say("mat-out-of-view", tr, mat.seat, seat=seat, corners=corners))
        if mat.hidden:
            problems.append(
                _say("mat-hidden", tr, mat.seat, seat=seat, corners=_corner_words(mat.hidden, tr))
            )
        if (
            len(mat.markers) + len(mat.out_of_view) + len(mat.hidden) < 4
        ):  # too few markers to place the others
            problems.append(_say("mat-markers", tr, mat.seat, seat=seat, n=len(mat.markers)))
    return problems


def _sticker_problems(
    stickers: tuple[StickerSeen, ...], seen: Looked, expected: Expected, tr: Translator, title: str
) -> list[Problem]:
    mine = [s for s in stickers if s.this_game]
    kind = expected.kind
    if not mine:
        if seen.other_kind_cards:
            other = StickerKind.QR if kind is StickerKind.ARUCO else StickerKind.ARUCO
            return [
                _say("wrong-kind", tr, other=KIND_NAMES[other], kind=KIND_NAMES[kind], option=other.value)
            ]
        return [_say("no-stickers", tr, game=title)]
    small = [s.px_per_cell for s in mine if not s.large_enough]
    if small:
        need, px = f"{GOOD_PX[kind]:g}", f"{min(small):.1f}"
        return [_say("stickers-small", tr, n=len(small), total=len(mine), need=need, px=px)]
    return []


def first_frame(source: FrameSource, wait: float) -> tuple[np.ndarray | None, str | None]:
    """The first frame ``source`` gives within ``wait`` seconds, or None and the source's problem; closes it."""
    frame, deadline = None, time.monotonic() + wait
    try:
        while frame is None and time.monotonic() < deadline:
            frame = source.read()
            if frame is None:
                time.sleep(0.1)
        return frame, None if frame is not None else source.problem
    finally:
        source.close()


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")


def save(path: Path, image: np.ndarray) -> None:
    """Write ``image``; OSError names what went wrong (OpenCV raises its own error for an unknown suffix)."""
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise OSError(f"{path} is not a .png or .jpg file")
    try:
        encoded, data = cv2.imencode(path.suffix.lower(), image)
    except cv2.error as exc:
        raise OSError(f"cannot write {path} ({exc})") from None
    if not encoded:
        raise OSError(f"cannot write {path}")
    write_out(path, data.tobytes())  # a regular file, whole or not at all, or a CommandError saying why
