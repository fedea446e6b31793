"""Removal scenarios on rendered frames: cards taken away, hidden by hands, buried under other cards.

The footprint tests (tests/vision/test_footprint.py) and the benchmark (benchmarks/bench_vision.py) play the same
scenarios: a table settled for ``SETTLE`` frames, then one change, each frame with fresh sensor noise. Each
``Case`` says which events it must make; a control (a hand resting over cards) must make none.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from companion.table import TableChange
from vision import layout
from vision.identity import GameCards
from vision.pipeline import Pipeline
from vision.render import Hand, PlacedCard, Renderer, Scene

SETTLE = 12  # frames of the full table before anything happens
PER_MAT = 7  # vision.scenes.table_scene's rows: cards 7 * seat ... 7 * seat + 6, left to right
HOLD_FRAMES = 120  # a hand resting for 4 s: under the tracker's 5 s hold


def frames(renderer: Renderer, scene: Scene, n: int, variants: int = 4) -> list[np.ndarray]:
    """``n`` frames of one scene, with fresh sensor noise (cycling ``variants`` renders)."""
    images = [renderer.render(replace(scene, seed=scene.seed + 4 * k)).image for k in range(variants)]
    return [images[k % variants] for k in range(n)]


def play(game: GameCards, steps: Sequence[Sequence[np.ndarray]], players: int = 4) -> list[TableChange]:
    """The events of one pipeline fed ``steps`` of frames at 30 fps, without the adds of the settling frames."""
    pipe = Pipeline.create(game, players=players)
    events: list[TableChange] = []
    f = 0
    for step in steps:
        for img in step:
            events += pipe.process(img, f / 30).events
            f += 1
    return [e for e in events if e.kind != "add" or e.frame > SETTLE]


def without(scene: Scene, card: PlacedCard) -> Scene:
    return replace(scene, cards=tuple(c for c in scene.cards if c is not card))


def sticker_on_table(card: PlacedCard) -> tuple[float, float]:
    """Where a card's sticker centre lies on the table (mm): its top-left corner, 15.5 mm in from each edge."""
    a = math.radians(card.pose.angle)
    inset = layout.STICKER_INSET + layout.STICKER_MM / 2
    dx, dy = inset - layout.CARD_W / 2, inset - layout.CARD_H / 2
    x = card.pose.x + dx * math.cos(a) - dy * math.sin(a)
    return x, card.pose.y + dx * math.sin(a) + dy * math.cos(a)


def from_player(seat: int) -> float:
    """The direction (degrees) an arm comes from on ``seat``'s mat: its player's side (vision.scenes.MAT_POSES)."""
    return (90.0, 270.0, 180.0, 0.0)[seat]


@dataclass(frozen=True)
class Case:
    name: str
    steps: tuple[tuple[Scene, int], ...]  # scenes after the settled table, each for so many frames
    expect: tuple[tuple[str, str], ...]  # (kind, card id) of the events it must make, in order
    counted_from: int = SETTLE  # frame from which the frames to report are counted
    variants: int = 4


def cases(game: GameCards, scene: Scene, seats: int = 4) -> Iterator[Case]:
    """Removals of every kind, and hands that must make no event, on a ``vision.scenes.table_scene``."""
    for seat in range(seats):
        for where, k in (("first", 0), ("middle", PER_MAT // 2), ("last", PER_MAT - 1)):
            card = scene.cards[seat * PER_MAT + k]
            yield Case(f"{where} card of a row", ((without(scene, card), 12),), (("remove", card.card_id),))
    centre = scene.cards[seats * PER_MAT :]
    for card in centre[:3]:
        yield Case("loose card", ((without(scene, card), 12),), (("remove", card.card_id),))
    under, other = centre[1], centre[2]
    moved = replace(other, pose=under.pose)
    buried = replace(scene, cards=(*(c for c in scene.cards if c is not other), moved))
    yield Case("card buried under a card moved onto it", ((buried, 12),), (("remove", under.card_id),))
    present = {c.card_id for c in scene.cards}
    fresh = next(c for c in game.catalogue.cards if c.id not in present)
    laid = replace(under, card_id=fresh.id, number=fresh.number, face=fresh.face)
    yield Case(
        "new card laid on a card", ((replace(scene, cards=(*scene.cards, laid)), 20),),
        (("add", fresh.id), ("remove", under.card_id)),
    )  # fmt: skip
    middles = [
        ("card in the middle of a row", scene.cards[seat * PER_MAT + PER_MAT // 2], from_player(seat))
        for seat in range(seats)
    ]
    # Loose cards are reached from the nearest long side of the table.
    loose = [("loose card", card, 90.0 if card.pose.y > scene.table[1] / 2 else 270.0) for card in centre[:3]]
    for where, card, arm in middles + loose:
        gone = without(scene, card)
        x, y = sticker_on_table(card)
        taking = replace(gone, hands=(Hand(x, y, arm),))
        yield Case(
            f"{where}, taken by a hand resting 1.5 s", ((taking, 45), (gone, 12)),
            (("remove", card.card_id),), counted_from=SETTLE + 45,
        )  # fmt: skip
        for hand, what in ((Hand(x, y, arm), "a hand"), (Hand(x, y, arm, scale=0.3), "a finger")):
            yield Case(
                f"control: {what} resting 4 s on the sticker of a {where}",
                ((replace(scene, hands=(hand,)), HOLD_FRAMES), (scene, 12)), (), variants=6,
            )  # fmt: skip


@dataclass(frozen=True)
class Outcome:
    case: Case
    events: tuple[TableChange, ...]

    @property
    def right(self) -> bool:
        return tuple((e.kind, e.card) for e in self.events) == self.case.expect

    @property
    def frames(self) -> int | None:
        """Frames from the change (or the hand leaving) to the last expected event; None for a control."""
        if not self.case.expect or not self.events:
            return None
        return self.events[-1].frame - self.case.counted_from


def play_case(game: GameCards, renderer: Renderer, settled: list[np.ndarray], case: Case) -> Outcome:
    steps = [settled] + [frames(renderer, s, n, case.variants) for s, n in case.steps]
    return Outcome(case, tuple(play(game, steps)))
