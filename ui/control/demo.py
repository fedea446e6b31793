"""The app's demo: simulated players lay real-looking cards, the renderer draws each frame and the vision pipeline
reads it in a process of its own (ui/control/demo_job.py, ui/worker.py); this process referees each frame's facts
as they come, on a thread of its own, and the screen takes the latest view and camera image.

It is `companion demo` (ui/demo.py) behind the same calls as ``TableControl``, so the live screen draws both
alike. The demo is watched, not played: only the coach's button (confirm) and the language reach its game.
"""

from __future__ import annotations

import queue
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.live import CameraStatus, LiveGame, LiveView
from companion.panel import PanelButton
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats, simulate
from ui.control.table import Update
from ui.worker import Reader, ReaderStopped, Seen, in_every_language, preview_bytes, told

FPS = 30.0


@dataclass
class DemoControl:
    """A simulated game of ``spec`` with ``players`` seats, drawn and read in a child process once ``start``ed."""

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
    reader: Reader = field(init=False)
    _failure: ReaderStopped | None = field(default=None, init=False)
    _latest: tuple[LiveView, Any] | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _commands: queue.Queue[tuple[str, str]] = field(default_factory=queue.Queue, init=False)
    _stop: threading.Event = field(default_factory=threading.Event, init=False)
    _over: threading.Event = field(default_factory=threading.Event, init=False)
    _thread: threading.Thread | None = field(default=None, init=False)
    _shown: LiveView | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        from ui.control.demo_job import DemoJob

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
        profile = None if self.profile is None else dict(self.profile)
        job = DemoJob(self.spec.name, profile, self.players, self.seed, self.resolution, self.preview_width)
        self.reader = Reader(job, preview_bytes(self.preview_width), pace=self.fps)

    def start(self) -> DemoControl:
        self.reader.start()
        self._thread = threading.Thread(target=self._run, name="demo-table", daemon=True)
        self._thread.start()
        return self

    @property
    def view(self) -> LiveView:
        return self._shown or self.live.view

    @property
    def failure(self) -> str | None:
        """Why the demo stopped before its end, in the screen's language; None while it goes on."""
        return None if self._failure is None else self._failure.tell(self.language)

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
        referee writes nothing more then)."""
        game, state = self.session.game, self.session.state
        return game.is_over(state) and game.scores(state) == game.scores(self._played.state)

    @property
    def finished(self) -> bool:
        """The game was played to its end, or the demo stopped: no frame comes any more."""
        return self._over.is_set()

    def close(self) -> None:
        self._stop.set()
        self.reader.stop()
        if self._thread is not None:
            self._thread.join(5.0)
        self.session.close()

    # --- the referee's thread ---------------------------------------------------------------------------

    def _obey(self) -> bool:
        """Apply the screen's commands; whether there were any."""
        obeyed = False
        while True:
            try:
                what, value = self._commands.get_nowait()
            except queue.Empty:
                return obeyed
            obeyed = True
            if what == "language":
                self.live.set_language(value)
            else:
                self.live.press(value)

    def _apply(self, item: Any) -> tuple[LiveView, Any]:
        """One call the reader's referee was fed, fed to this one: the same calls, the same rulings."""
        if isinstance(item, Seen):
            return self.live.step(item.events, item.cards, item.t), item.preview
        what, (value, t) = item
        return (self.live.press(value, t) if what == "press" else self.live.play(value, t)), None

    def _publish(self, view: LiveView, shown: Any) -> None:
        with self._lock:
            previous = self._latest
            # A frame's image is replaced by the next; a view with words in it is kept until it is drawn.
            self._latest = (view, shown if shown is not None else (previous[1] if previous else None))

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and not self.reader.ended:
                items = self.reader.take(wait=0.1)
                self._obey()
                for item in items:
                    self._publish(*self._apply(item))
            self._obey()
            self._publish(self.live.view, None)
        except ReaderStopped as exc:  # shown on screen: the demo failing must not take the app down
            self._stopped(exc)
        except Exception as exc:  # the referee's own failure, said the same way
            self._stopped(ReaderStopped(in_every_language(told(exc))))
        self._over.set()
        while not self._stop.wait(0.1):  # the game moves no more, but its language and its coach still answer
            if self._obey():
                self._publish(self.live.view, None)

    def _stopped(self, failure: ReaderStopped) -> None:
        """Say why the demo stopped: the view's camera changes, so that the screen writes its words again."""
        self._failure = failure
        problem = failure.tell(self.live.language)
        self._publish(self.live.camera_status(CameraStatus(present=True, ok=False, problem=problem)), None)
