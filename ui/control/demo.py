"""The app's demo: simulated players lay real-looking cards, the renderer draws each frame and the vision pipeline
reads it, refereed as it comes, on a thread of its own; the screen takes the latest view and camera image.

It is `companion demo` (ui/demo.py) behind the same calls as ``TableControl``, so the live screen draws both
alike. The demo is watched, not played: only the coach's button (confirm) and the language reach its game.
"""

from __future__ import annotations

import queue
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.live import CameraStatus, LiveGame, LiveView
from companion.panel import PanelButton
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats, simulate
from ui.control.preview import preview
from ui.control.table import Update
from ui.simtable import SimulatedTable
from vision.identity import GameCards
from vision.render import Camera

FPS = 30.0


@dataclass
class DemoControl:
    """A simulated game of ``spec`` with ``players`` seats, played out on a worker thread once ``start``ed."""

    spec: GameSpec
    players: int = 3
    seed: int = 1
    language: str = "en"
    resolution: tuple[int, int] = (1280, 720)
    preview_width: int = 640
    fps: float = FPS  # frames drawn per second at most: a watcher follows the game at the table's pace
    session_path: Path | None = None
    profile: Mapping[str, Any] | None = None  # rules options as JSON; None: the rulebook's
    watch_only: bool = field(default=True, init=False)
    session: LiveSession = field(init=False)
    live: LiveGame = field(init=False)
    failure: str | None = field(default=None, init=False)
    _latest: tuple[LiveView, Any] | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _commands: queue.Queue[tuple[str, str]] = field(default_factory=queue.Queue, init=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False)
    _thread: threading.Thread | None = field(default=None, init=False)
    _shown: LiveView | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        game = self.spec.make(self.profile)
        adapter = self.spec.table_adapter(game)
        if adapter is None or self.spec.demo is None:
            raise ValueError(f"{game.title} has no table adapter: it cannot be shown through the camera")
        seats = default_seats(self.players)
        self._played = simulate(game, self.players, self.seed, seats)
        path = self.session_path or Path(tempfile.mkdtemp(prefix="companion-demo-")) / "game.sqlite"
        self.session = LiveSession.create(path, game, seats, self.seed)
        self.live = LiveGame(
            game,
            adapter,
            self.session,
            seats,
            self.language,
            self.spec.coach,
            True,
            "screen",
            self.spec.levels,
        )
        self.live.camera = CameraStatus(present=True)
        self._table = SimulatedTable(
            self._played,
            self.live,
            GameCards.of(self.spec, game.profile),
            self.spec.demo,
            mode="pixels",
            seed=self.seed,
            camera=Camera(*self.resolution),
            on_frame=self._on_frame,
        )
        self._last_frame = 0.0

    def start(self) -> DemoControl:
        self._thread = threading.Thread(target=self._run, name="demo-table", daemon=True)
        self._thread.start()
        return self

    @property
    def view(self) -> LiveView:
        return self._shown or self.live.view

    def poll(self) -> Update:
        with self._lock:
            latest, self._latest = self._latest, None
        if latest is None:
            return Update()
        view, shown = latest
        new_view = view if view != self._shown else None
        self._shown = view
        return Update(new_view, shown)

    def notice(self) -> str | None:
        return None

    def press(self, button: str) -> LiveView:
        if button == PanelButton.CONFIRM:
            self._commands.put(("press", button))
        return self.view

    def set_language(self, language: str) -> LiveView:
        self.language = language
        self._commands.put(("language", language))
        return self.view

    @property
    def same(self) -> bool:
        """The game is over and the referee's scores equal the simulated players' (read once it is over: the
        worker writes nothing more then)."""
        game, state = self.session.game, self.session.state
        return game.is_over(state) and game.scores(state) == game.scores(self._played.state)

    @property
    def finished(self) -> bool:
        return self._thread is not None and not self._thread.is_alive()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)
        self.session.close()

    # --- the worker thread ------------------------------------------------------------------------------

    def _on_frame(self, image: Any, facts: Any) -> None:
        if self._stop.is_set():
            raise _Stopped
        self._obey()
        shown = preview(image, facts.detections, self.preview_width)
        self._publish(self.live.view, shown)
        wait = self._last_frame + 1.0 / self.fps - time.monotonic()
        if wait > 0:
            self._stop.wait(wait)
        self._last_frame = time.monotonic()

    def _obey(self) -> None:
        while True:
            try:
                what, value = self._commands.get_nowait()
            except queue.Empty:
                return
            if what == "language":
                self.live.set_language(value)
            else:
                self.live.press(value)

    def _publish(self, view: LiveView, shown: Any) -> None:
        with self._lock:
            previous = self._latest
            # A frame's image is replaced by the next; a view with words in it is kept until it is drawn.
            self._latest = (view, shown if shown is not None else (previous[1] if previous else None))

    def _run(self) -> None:
        try:
            for happening in self._table.play():
                self._obey()
                self._publish(happening.view, None)
            self._publish(self.live.view, None)
        except _Stopped:
            pass
        except Exception as exc:  # shown on screen: the demo failing must not take the app down
            self.failure = f"{type(exc).__name__}: {exc}"


class _Stopped(Exception):
    """The screen closed the demo: leave the simulated table at its next frame."""
