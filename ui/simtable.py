"""A simulated table: simulated players play a recorded game with real-looking cards, seen by the camera side.

Two depths of simulation share everything after the camera: ``facts`` feeds the tracker the sightings a perfect
reader would make, minus random misses (fast: whole games over many seeds); ``pixels`` draws every frame with the
synthetic renderer and reads it with the real vision pipeline (what the demo shows).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.live import LiveGame, LiveView
from companion.match import Match
from companion.protocol import Action
from companion.table import Piles, Row, SeenCard, Sighting, TableChange, TableLayout, TableStep, zone_seat
from vision.gamevision import GameVision, game_vision
from vision.identity import GameCards
from vision.pipeline import Pipeline
from vision.render import Camera, Renderer
from vision.sources import DrawnShort, shorter
from vision.tablescene import CARD_STEP, SLOT_STEP, layout_scene, mat_poses
from vision.tracking import Tracker, TrackerConfig

FPS = 30.0


def sightings(
    layout: TableLayout, miss: float, rng: random.Random, players: int = 4, *, own: GameVision
) -> list[Sighting]:
    """What a reader would see of ``layout``, each card missed with probability ``miss``: where the game lays an
    area its own way (``own``, its vision module: vision/gamevision.py) there, else rows fanned left to right and
    centre piles side by side."""
    out = []
    mats = mat_poses(players)
    for area in layout.areas:
        contents = layout.content(area.name)
        seen = own.area_sightings(area, contents, mats)
        if seen is not None:
            out += seen
        elif isinstance(area, Row):
            out += [Sighting(card, area.zone, CARD_STEP * k) for k, card in enumerate(contents)]
        elif isinstance(area, Piles) and zone_seat(area.zone) is None:
            out += [
                Sighting(card, area.zone, SLOT_STEP * area.slots.index(slot))
                for slot, card in contents.items()
            ]
        else:
            raise NotImplementedError(f"the simulated table cannot lay a {type(area).__name__} yet")
    return [s for s in out if rng.random() >= miss]


@dataclass(frozen=True)
class Happening:
    """What the table did at one frame: the frame number, the live game's view then, the actions it applied."""

    frame: int
    view: LiveView
    applied: tuple[Action, ...]
    step: TableStep
    step_frame: int  # the first frame that showed this step's layout


@dataclass
class SimulatedTable:
    """Replays ``match`` on a table the live game only sees through the camera side.

    ``scenes`` is the game's scene builder (its spec's ``demo``): how players move real cards for each action.
    """

    match: Match
    live: LiveGame
    game_cards: GameCards
    scenes: Callable[[Any, Match], Iterable[TableStep]]
    mode: str = "facts"  # or "pixels"
    frames_per_step: int = 6  # at least the tracker's K votes, and a little more
    settle_limit: int = 400  # frames to wait for the table to match before giving up on a step
    miss: float = 0.1
    seed: int = 0
    camera: Camera = field(default_factory=lambda: Camera(1280, 720))
    tracker_config: TrackerConfig = field(default_factory=TrackerConfig)
    mistake: Callable[[TableStep], TableStep] | None = None  # players' mistakes, injected step by step
    frame: int = 0
    on_frame: Callable[[Any, Any], None] | None = None  # (image, facts) of each frame read, pixels mode only
    # (frame, button, entered move) of each press and move entered by hand: a recording's presses (ui/recording.py)
    on_input: Callable[[int, str | None, Any], None] | None = None
    seconds_per_frame: list[float] = field(default_factory=list)  # reading + refereeing, drawing left out

    def __post_init__(self) -> None:
        self.view = self.live.view
        self._rng = random.Random(self.seed)
        self._tracker = Tracker(self.tracker_config)
        if self.mode == "pixels":
            self._renderer = Renderer(keep_mats=False)  # one table all game long: its mats are drawn once
            self._pipeline = Pipeline.create(
                self.game_cards, players=len(self.match.seats), config=self.tracker_config
            )
            # The drawn camera takes short frames as the Pi camera does, some frames late (vision/exposure.py).
            self._shorts = DrawnShort()
            self._pipeline.exposer = self._shorts

    @property
    def pipeline(self) -> Pipeline:
        """The pipeline the frames are read with, in pixels mode (a benchmark sets its options before play)."""
        return self._pipeline

    def _look(self, layout: TableLayout) -> tuple[list[TableChange], list[SeenCard]]:
        """One frame: (events, tracked cards)."""
        self.frame += 1
        t = self.frame / FPS
        if self.mode == "facts":
            # A card taken away leaves its footprint bare, as the pixels show the pipeline: told once it is no
            # longer fresh (a card that comes back, as Kanaloa's do each round, is then added again).
            bare = {c.card for c in self._tracker.cards() if not c.fresh} - layout.cards()
            own = game_vision(self.game_cards.vision)
            seen = sightings(layout, self.miss, self._rng, len(self.match.seats), own=own)
            events = self._tracker.update(t, seen, empty=bare)
            return events, self._tracker.cards()
        scene = layout_scene(
            layout,
            self.game_cards,
            len(self.match.seats),
            None,
            self.camera,
            # One table all game long (its grain is the seed modulo 4), fresh sensor noise in every frame.
            seed=4 * self.frame + self.seed % 4,
        )
        image = self._renderer.render(scene).image
        self._shorts.shown(lambda fraction: self._renderer.render(shorter(scene, fraction)).image)
        started = time.perf_counter()
        facts = self._pipeline.process(image, t)
        self._read_seconds = time.perf_counter() - started
        if self.on_frame is not None:
            self.on_frame(image, facts)
        return list(facts.events), list(facts.cards)

    def steps(self) -> Iterator[TableStep]:
        for step in self.scenes(self.live.adapter, self.match):
            yield self.mistake(step) if self.mistake else step

    def play(self) -> Iterator[Happening]:
        """Play every step; after each, wait (up to ``settle_limit`` frames) for its action and a matching table."""
        for step in self.steps():
            first = self.frame + 1
            if step.entered is not None:  # entered by a person before the table shows it
                before = self._played()
                if self.on_input is not None:
                    self.on_input(self.frame, None, step.entered)
                self.view = self.live.play(step.entered, self.frame / FPS)
                yield Happening(self.frame, self.view, self._applied(before), step, first)
            for n in range(self.frames_per_step + self.settle_limit):
                self._read_seconds = 0.0
                events, cards = self._look(step.layout)
                started = time.perf_counter()
                before = self._played()
                self.view = self.live.step(events, cards, self.frame / FPS)
                self.seconds_per_frame.append(self._read_seconds + time.perf_counter() - started)
                if self.view.rulings:
                    yield Happening(self.frame, self.view, self._applied(before), step, first)
                if n + 1 >= self.frames_per_step and self._settled(step):
                    break
            if step.button is not None:
                before = self._played()
                if self.on_input is not None:
                    self.on_input(self.frame, step.button, None)
                self.view = self.live.press(step.button, self.frame / FPS)
                yield Happening(self.frame, self.view, self._applied(before), step, first)

    def _played(self) -> int:
        return len(self.live.record.actions)

    def _applied(self, before: int) -> tuple[Action, ...]:
        return tuple(self.live.record.actions[before:])

    def _settled(self, step: TableStep) -> bool:
        """Whether the players may go on: the referee applied the step's action and (if it is the action's last
        step, or a button is pressed next) the table matches what the rules expect."""
        if step.button is not None:
            return self.view.matches
        applied = self._played() > step.index
        if not step.last or self.mistake is not None:
            return applied  # a mistaken table never matches: the players go on, the referee keeps saying so
        return applied and self.view.matches
