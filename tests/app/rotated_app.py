"""The app as its own process on a turned screen, for tests/app/test_rotation.py: a rotated Kivy window must be
the first and only window of its process, so it cannot share the test session's.

Run as ``python rotated_app.py WIDTH HEIGHT ROTATION FOLDER [DIM]``. It prints one JSON line once the home screen is
drawn (the window's sizes, where the first game's button is in the app's own coordinates, and the screenshot of
the whole physical screen), then one line for each change of screen or of dimming, and one 20 frames after "idle" (the idle time passes) or
"settle", and stops on "quit" in stdin.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

from companion.games import GAMES
from ui.app.kiosk import Display, configure
from ui.app.screen_config import ScreenConfig


def main() -> None:
    width, height, rotation = (int(v) for v in sys.argv[1:4])
    folder = Path(sys.argv[4])
    dim = len(sys.argv) > 5 and sys.argv[5] == "dim"
    display = Display(width, height, 7.0, rotation=rotation)
    configure(display, home=folder / "kivy")
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    from ui.app.app import CompanionApp
    from ui.app.options import AppOptions
    from ui.control.library import Library

    now = [0.0]
    options = AppOptions(
        registry=GAMES,
        library=Library(folder / "games"),
        display=display,
        source="none",
        screen=ScreenConfig(rotation=rotation, dim_after_minutes=1.0 if dim else 0.0),
        backlights=None,
    )
    app = CompanionApp(options)
    said: dict[str, Any] = {}
    commands: list[str] = []

    def say(**what: Any) -> None:
        print(json.dumps(what), flush=True)

    def screenshot() -> str:
        # Kivy's own Window.screenshot reads the turned size, not the screen's: read the whole physical one.
        w, h = Window.system_size
        data = glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE)
        path = folder / f"screen-{len(said)}.png"
        Window._win.save_bytes_in_png(str(path), data, w, h)
        said[str(path)] = True
        return str(path)

    def ready(_dt: float) -> None:
        from kivy.uix.button import Button

        button = next(b for b in app.page("home").walk() if isinstance(b, Button) and "Kai Piranja" in b.text)
        x, y = button.to_window(button.center_x, button.center_y)
        say(
            event="ready",
            size=list(Window.size),
            system=list(Window.system_size),
            button=[x, y],
            button_size=list(button.size),
            shot=screenshot(),
        )
        if dim:
            app.dimmer.idle.clock = lambda: now[0]  # the idle time, moved on by the test
            app.dimmer.idle.active()

    state = {"screen": "home", "dimmed": False}
    settling = [0]  # frames still to draw before saying how things are: a click's down and up both arrive

    def watch(_dt: float) -> None:
        for command in list(commands):
            commands.remove(command)
            if command == "quit":
                app.stop()
                return
            if command == "idle":
                now[0] += 120.0
                app.dimmer.check()
                settling[0] = 20
            if command == "shot":
                say(event="shot", shot=screenshot())
            if command == "settle":
                settling[0] = 20
        if settling[0]:
            settling[0] -= 1
            if not settling[0]:
                say(event="settled", shot=screenshot(), **now_state())
        if app.current != state["screen"] or app.dimmer.dimmed != state["dimmed"]:
            state.update(screen=app.current, dimmed=app.dimmer.dimmed)
            say(event="changed", **now_state())

    def now_state() -> dict[str, Any]:
        game = app.page("setup").spec.name if app.current == "setup" else None
        return {"screen": app.current, "dimmed": app.dimmer.dimmed, "game": game}

    def read_stdin() -> None:
        for line in sys.stdin:
            commands.append(line.strip())
        commands.append("quit")

    threading.Thread(target=read_stdin, daemon=True).start()
    Clock.schedule_once(ready, 3.0)
    Clock.schedule_interval(watch, 0.05)
    app.run()


if __name__ == "__main__":
    main()
