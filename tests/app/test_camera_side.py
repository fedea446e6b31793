"""The camera side's own process seen from the screen: when it dies the live screen says so in the screen's
language and the app goes on; leaving the game leaves no process behind."""

from __future__ import annotations

import os
import signal

from tests.ui.test_worker import gone


def test_a_dead_camera_side_is_said_on_screen_in_its_language_and_leaving_leaves_no_process(ui) -> None:
    ui.app.options.demo_fps = 30.0  # the short demo must not end before its camera side is killed
    try:
        ui.watch_demo()
        live = ui.page
        ui.until(lambda: live.camera_image.texture is not None, 60, "a first camera image")
        pid = ui.app.table.reader.pid
        os.kill(pid, signal.SIGKILL)  # as the kernel's out-of-memory killer would
        ui.until(lambda: "The demo stopped." in ui.texts(), 30, "the demo's short line")
        ui.tap("Details")  # the whole problem, behind its one short line
        said = "The demo stopped: its reading process ended unexpectedly (exit code -9)"
        assert said in ui.texts()
        ui.tap("English")  # the next language: French
        ui.until(
            lambda: (
                "La démo s'est arrêtée : son processus de lecture s'est terminé de façon inattendue "
                "(code de sortie -9)" in ui.texts()
            ),
            10,
            "the words in French",
        )
        assert ui.app.current == "live"
        ui.until(lambda: any("c'est votre tour" in t for t in ui.texts()), 10, "the coach in French")
        ui.screenshot("live-demo-camera-side-stopped-fr")
        ui.tap("Retour")
        assert ui.app.table is None and gone(pid)
    finally:
        ui.app.options.demo_fps = 1000.0


def test_the_camera_image_is_made_at_the_size_the_screen_draws_it(ui) -> None:
    """A Pi's 7" screen draws the camera image 400 pixels across: a preview made 640 wide was copied twice and
    uploaded for nothing, then scaled down on the screen."""
    from ui.app.screens.live import preview_width

    ui.watch_demo()
    live = ui.page
    ui.until(lambda: live.texture is not None, 60, "a first camera image")
    assert tuple(live.texture.size) == (400, 225)  # the demo's 1280x720 frames, at 800x480
    assert live.camera_image.width <= 400
    ui.tap("Back")
    ui.resize("1280x720")
    assert preview_width() == 640
