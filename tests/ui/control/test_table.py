"""A game at the table as the app drives it: the panel's buttons reach the game, its lights follow the views, and
a game with no camera expects nothing of the table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.games import GAMES
from companion.panel import PanelButton
from companion.registry import Registry
from companion.session import LiveSession
from hardware.config import PanelConfig
from hardware.panel import Panel
from hardware.pins import PinBackend
from tests.hardware.conftest import FAST, wait_until
from tests.toy.game import spec as toy_spec
from ui.control.table import TableControl


def table(
    tmp_path: Path, panel: Panel | None = None, game: str = "kai-piranja", registry: Registry = GAMES
) -> TableControl:
    spec = registry.find(game)
    session = LiveSession.create(tmp_path / "game.sqlite", spec.make(), ("Ana", "Bo", "Cy"))
    return TableControl.start(spec, session, language="en", panel=panel)


def test_the_panels_buttons_reach_the_game_and_its_lights_follow_the_views(tmp_path: Path) -> None:
    factory = MockFactory()
    panel = Panel(PanelConfig(timing=FAST), PinBackend(factory, "mock"), owns_factory=False)
    control = table(tmp_path, panel)
    try:
        assert control.view.panel == "keys"  # mock pins: typed keys stand in, as the view says
        control.poll()
        assert panel.lit()["turn.seat_1"], panel.lit()  # Ana's turn light
        asked = control.view.coach_asks
        panel.keys.typed("c")  # the confirm button: the coach speaks again
        assert wait_until(lambda: control.poll().view is not None or control.view.coach_asks > asked)
        assert control.view.coach_asks == asked + 1
        game = control.session.game
        control.play(game.legal_actions(control.session.state)[0])
        control.play(next(a for a in game.legal_actions(control.session.state) if a.kind == "end"))
        assert control.view.turn == 1
        assert panel.lit()["turn.seat_2"] and not panel.lit()["turn.seat_1"], panel.lit()
    finally:
        control.close()
        factory.close()


def test_a_game_without_camera_expects_nothing_of_the_table_but_keeps_the_game_buttons(
    tmp_path: Path,
) -> None:
    control = table(tmp_path)
    try:
        game = control.session.game
        control.play(game.legal_actions(control.session.state)[0])  # a card turned up, seen by nobody
        assert control.view.pending == () and control.view.alerts == ()
        assert control.notice() == "No camera: enter each move by hand."
        view = control.press(PanelButton.ACTION_1)  # Kai Piranja's first game button: bank the row
        assert view.actions == 2, view.rulings
        assert control.view.panel == "screen"
    finally:
        control.close()


def test_a_game_the_camera_cannot_read_says_so(tmp_path: Path) -> None:
    toy = replace(toy_spec(GAMES), table=None)  # a game with no table adapter
    control = table(tmp_path, game="pebbles", registry=GAMES.with_game(toy))
    try:
        assert control.notice() == "The camera cannot read Pebbles yet: enter each move by hand."
    finally:
        control.close()


def test_a_missing_camera_is_said_in_the_view_retried_on_demand_and_moves_go_on_by_hand(
    tmp_path: Path,
) -> None:
    import time

    from ui.control.camera import camera_opener

    spec = GAMES.find("kai-piranja")
    session = LiveSession.create(tmp_path / "game.sqlite", spec.make(), ("Ana", "Bo", "Cy"))
    control = TableControl.start(
        spec, session, language="en", camera=camera_opener(spec, session.game, 3, "webcam:9")
    )
    try:
        deadline = time.monotonic() + 10
        while control.view.camera.ok and time.monotonic() < deadline:
            control.poll()
            time.sleep(0.05)
        assert not control.view.camera.ok
        assert "webcam 9" in (control.view.camera.problem or "")
        control.retry_camera()  # asked of the reader's process (tests/ui/test_worker.py): it returns at once
        control.play(session.game.legal_actions(session.state)[0])
        assert len(session.actions) == 1
    finally:
        control.close()


def test_a_frame_that_cannot_be_read_is_said_in_the_view_and_the_game_goes_on(tmp_path: Path) -> None:
    import time

    import numpy as np

    from ui.feed import CameraFeed
    from vision.identity import game_cards
    from vision.pipeline import Pipeline

    class Frames:
        def __init__(self, frames: list[np.ndarray]) -> None:
            self.frames = frames

        def read(self) -> np.ndarray | None:
            return self.frames.pop(0) if self.frames else None

        def close(self) -> None:
            pass

    spec = GAMES.find("kai-piranja")
    session = LiveSession.create(tmp_path / "game.sqlite", spec.make(), ("Ana", "Bo", "Cy"))
    pipeline = Pipeline.create(game_cards("kai-piranja"), players=3)
    source = Frames([np.zeros((720, 1280, 3), np.uint8)] * 3 + [np.zeros((0, 0), np.uint8)])

    def camera() -> tuple[Frames, CameraFeed]:
        return source, CameraFeed(source, pipeline.process, live=False)  # type: ignore[arg-type]

    control = TableControl.start(spec, session, language="fr", camera=camera)
    try:
        deadline = time.monotonic() + 10
        while "image vide" not in (control.view.camera.problem or "") and time.monotonic() < deadline:
            control.poll()  # the last frame, empty, is said last
            time.sleep(0.05)
        assert not control.view.camera.ok and "image vide" in (control.view.camera.problem or "")
        assert control.manual_only_reason is None  # the camera was not dropped
        control.play(session.game.legal_actions(session.state)[0])
        assert len(session.actions) == 1
    finally:
        control.close()
