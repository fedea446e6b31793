"""The sticker code book's distances (how many bits apart our ArUco codes are, from each other and from the
5x5 codes of other families that a table may show), its decoys, and the rule a read must pass to name an id
(docs/vision.md, "The code book").

Distances count data bits (5 x 5) and take the nearest of the four quarter turns, as a reader sees a sticker
at any rotation. A read is named only within ``READ_RULE.margin`` bits of an id (vision/decoders.py): a
misread of one sticker names another only after ``min_distance - margin`` wrong bits.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.identity import ARUCO_BITS, ARUCO_DICT

CELLS = ARUCO_BITS * ARUCO_BITS
# The ids the sticker sheets print or will print: the mats' corners, Kai Piranja 40..279 and 345..392, Kanaloa
# 280..344, Shark Park 393..456 and Kuna Yala 457..560 (companion/registry.py's blocks, planned ahead of the
# last two). The distances are measured over these, not only over the ids registered today.
PLANNED_IDS = tuple(range(561))
# Other families of 5 x 5 data bits in a black border, as ours: a reader cannot tell them apart by shape.
FOREIGN_5X5 = {
    "ArUco original": cv2.aruco.DICT_ARUCO_ORIGINAL,
    "AprilTag 25h9": cv2.aruco.DICT_APRILTAG_25h9,
}


@dataclass(frozen=True)
class ReadRule:
    """When a read names one of our ids (ArucoCodebook), chosen by benchmarks/bench_phantoms.py."""

    margin: int = 1  # data bits a read may have wrong
    border_errors: int = int(CELLS * 0.35)  # black border cells read white (cv2.aruco's default rate)
    # How far from half white (a fraction of its pixels) a cell may be and still be in doubt: a wrong bit must
    # be in doubt to be corrected. 0.5: any cell.
    doubt: float = 0.5
    # Cells' worth of pixels (of the 25 data cells) a corrected read may have on the wrong side of the id's code:
    # a blurred sticker's few cells against our grid laid across another code's cells.
    max_cost: float = CELLS
    # Decoys (other families' codes) this many bits from one of ours must differ from a read in a cell not in
    # doubt, or the read names nothing (0: no decoys).
    decoy_reach: int = 0


BEFORE_RULE = ReadRule()  # the reader before issue 14: one bit anywhere, no decoys
READ_RULE = ReadRule(doubt=0.2, max_cost=4.0, decoy_reach=4)


def family_bits(name: int, ids: Iterable[int] | None = None) -> np.ndarray:
    """The codes (n, 5, 5) of a cv2.aruco family of 5 x 5 codes, True where a cell is white."""
    d = cv2.aruco.getPredefinedDictionary(name)
    if d.markerSize != ARUCO_BITS:
        raise ValueError(f"a family of {d.markerSize} x {d.markerSize} codes has no distance to 5 x 5 ones")
    chosen = range(len(d.bytesList)) if ids is None else ids
    return np.array([d.getBitsFromByteList(d.bytesList[i : i + 1], ARUCO_BITS) for i in chosen], bool)


@functools.cache
def _ours(ids: tuple[int, ...]) -> np.ndarray:
    return family_bits(ARUCO_DICT, ids)


def _turns(bits: np.ndarray) -> np.ndarray:
    """Each code (n, 5, 5) in its four quarter turns, flattened: (n, 4, 25)."""
    return np.stack([np.rot90(bits, k, axes=(1, 2)) for k in range(4)], axis=1).reshape(len(bits), 4, CELLS)


def distances(codes: np.ndarray, ids: tuple[int, ...] = PLANNED_IDS) -> np.ndarray:
    """Bits from each code (n, 5, 5) to each of our ``ids`` at its nearest turn: (n, len(ids))."""
    flat = np.asarray(codes, bool).reshape(len(codes), 1, 1, CELLS)
    return (flat != _turns(_ours(ids))[None]).sum(axis=3).min(axis=2)


def min_distance(ids: tuple[int, ...] = PLANNED_IDS) -> int:
    """The fewest bits that turn one of our codes into another (or into itself turned): the code book's
    minimum Hamming distance over the ids in use."""
    bits = _ours(ids)
    between = distances(bits, ids)
    np.fill_diagonal(between, CELLS)
    turns = _turns(bits)
    itself = (turns[:, 1:] != turns[:, :1]).sum(axis=2).min()
    return int(min(between.min(), itself))


def nearest_foreign(ids: tuple[int, ...] = PLANNED_IDS, mirrored: bool = False) -> dict[str, np.ndarray]:
    """For each foreign 5 x 5 family (and our own codes, as a mirror shows them when ``mirrored``), each code's
    distance to the nearest of our ``ids``."""
    out = {}
    for label, name in FOREIGN_5X5.items():
        bits = family_bits(name)
        out[label] = distances(bits[:, :, ::-1] if mirrored else bits, ids)
    if mirrored:
        ours = _ours(ids)[:, :, ::-1]
        d = distances(ours, ids)
        # A code whose mirror is itself turned names only its own card: not a different one.
        d[np.arange(len(ids)), np.arange(len(ids))] = CELLS
        out["ours"] = d
    return {label: d.min(axis=1) for label, d in out.items()}


def _pack(bits: np.ndarray) -> np.ndarray:
    """Codes (n, 5, 5) as integers, cell k as bit k (row-major), as ArucoCodebook keys them."""
    flat = np.asarray(bits, np.int64).reshape(-1, CELLS)
    return flat @ (1 << np.arange(CELLS, dtype=np.int64))


@functools.cache
def decoy_keys(ids: tuple[int, ...] | None) -> frozenset[int]:
    """Codes a reader may see that are not our ``ids`` (None: the whole dictionary), in all four turns: the
    other 5 x 5 families, their mirror images, the mirror images of our own codes and the rest of our
    dictionary (another project's stickers)."""
    ours = family_bits(ARUCO_DICT)
    used = set(range(len(ours))) if ids is None else set(ids)
    sets = [family_bits(name) for name in FOREIGN_5X5.values()]
    sets += [bits[:, :, ::-1] for bits in sets]
    sets += [ours[sorted(used)][:, :, ::-1], ours[sorted(set(range(len(ours))) - used)]]
    keys = set(_pack(_turns(np.concatenate(sets)).reshape(-1, ARUCO_BITS, ARUCO_BITS)).tolist())
    # A code whose mirror image is itself turned names only its own sticker: not a decoy.
    return frozenset(
        keys - set(_pack(_turns(ours[sorted(used)]).reshape(-1, ARUCO_BITS, ARUCO_BITS)).tolist())
    )


DECOY_BLOCK = 128  # our codes compared with every decoy at once: a few MB
_POPCOUNT13 = np.array([bin(v).count("1") for v in range(1 << 13)], np.int8)  # set bits of 13-bit values


@functools.cache
def decoys_near(
    ids: tuple[int, ...] | None, margin: int, reach: int
) -> tuple[frozenset[int], tuple[tuple[int, int], ...]]:
    """What the decoys mean for a book of ``ids``: the keys within ``margin`` bits of a decoy (to name nothing),
    and each pair (our key, decoy key) at most ``reach`` bits apart. Cached: half a second of numpy a book."""
    decoys = np.array(sorted(decoy_keys(ids)), np.int32)
    bits = family_bits(ARUCO_DICT, ids)
    ours = _pack(_turns(bits).reshape(-1, ARUCO_BITS, ARUCO_BITS)).astype(np.int32)
    flips = [
        sum(1 << b for b in c) for e in range(margin + 1) for c in itertools.combinations(range(CELLS), e)
    ]
    flipped = np.array(flips, np.int32)[None]
    # Only the keys a book of ours holds matter: the cache keeps these few, not all 300,000 (25 MB for good).
    near_ours = set((ours[:, None] ^ flipped).ravel().tolist())
    reached = frozenset(near_ours.intersection((decoys[:, None] ^ flipped).ravel().tolist()))
    pairs: list[tuple[int, int]] = []
    # Our codes against the decoys a block at a time: all at once (2,244 x ~12,000) held 200 MB at the app's
    # start for an instant, two thirds of its whole memory budget.
    for block in range(0, len(ours), DECOY_BLOCK):
        mine = ours[block : block + DECOY_BLOCK]
        apart = mine[:, None] ^ decoys[None]
        apart = _POPCOUNT13[apart & 0x1FFF] + _POPCOUNT13[apart >> 13]
        pairs += [(int(mine[i]), int(decoys[j])) for i, j in zip(*np.nonzero(apart <= reach), strict=True)]
    return reached, tuple(pairs)
