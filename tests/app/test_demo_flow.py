"""A whole Kai Piranja game played through the app from the home screen to the scores, every card read from the
synthetic camera's frames, with the screen drawing as it goes."""

from __future__ import annotations

import time


def test_the_demo_game_runs_from_home_to_the_scores_with_the_camera_image_on_screen(ui) -> None:
    # The ui fixture sets a short game (tests/app/conftest.py: SHORT_DEMO).
    ui.watch_demo()
    assert ui.app.current == "live"
    live = ui.page
    ui.until(lambda: live.camera_image.texture is not None, 30, "a first camera image")
    shown_before = live.images_shown
    started = time.monotonic()
    turns = set()
    while ui.app.current == "live":
        assert time.monotonic() - started < 240, "the demo game took more than 4 minutes"
        ui.pump(1)
        if live.view is not None and live.view.turn is not None:
            turns.add(live.view.turn_number)
    assert ui.app.current == "end"
    end = ui.page
    assert end.demo and end.demo_same, "the referee's scores must equal the simulated game's"
    texts = ui.texts()
    board = end.scoreboard()  # the winner first, then the others in order, each with its score
    for place, seat in enumerate(board.ranking, start=1):
        row = board.rows[seat]
        said = f"{row.name} wins!" if seat in end.view.winners else f"{place}. {row.name}: {row.told}"
        assert row.score == end.view.scores[seat] and said in texts, (said, texts)
    # The demo's end says by how much, in a player's words; the referee's check is for the log only.
    assert end.demo_words and end.demo_words in texts, (end.demo_words, texts)
    assert not any("referee" in text or "simulated" in text for text in texts), texts
    assert set(end.view.seats) <= {"Ann", "Bob", "Cy", "Dee"}
    assert len(turns) > 3, "the turn shown on screen moved on with the game"
    images, seconds = live.images_shown - shown_before, time.monotonic() - started
    # The demo draws up to 30 frames a second and the screen shows the latest one each time it draws: count a rate,
    # since the short game lasts about ten seconds now that its frames are drawn as fast as a camera gives them.
    assert images > 20 and images >= 2 * seconds, (
        f"only {images} camera images reached the screen in {seconds:.0f} s"
    )
    ui.screenshot("flow-demo-end")
