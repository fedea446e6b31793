"""The app's demo: simulated players lay real-looking cards, the renderer draws each frame and the vision pipeline
reads it in a process of its own (ui/control/demo_job.py, ui/worker.py); this process referees each frame's facts
as they come, on a thread of its own, and the screen takes the latest view and camera image.

It is `companion demo` (ui/demo.py) behind the same calls as ``TableControl``, so the live screen draws both
alike. The demo is watched, not played: only the coach's button (confirm) and the language reach its game; the
watcher can pause it and set its pace, slower or faster, as a family following it at their own speed.
"""

from __future__ import annotations

import collections
import queue
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import N_, NP_, Translator
from companion.live import CameraStatus, LiveGame, LiveView
from companion.panel import PanelButton
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats, simulate
from ui.control.table import Update
from ui.talk import ui_translator
from ui.worker import Reader, ReaderStopped, Seen, in_every_language, preview_bytes, told

FPS = 30.0
# The demo's pace as a share of ``fps``: the watcher's slower and faster buttons step along it.
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
NORMAL = SPEEDS.index(1.0)
# The players' names, each language's own: a family follows "Bob" better than "P2".
DEMO_NAMES = {
    "en": ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo"),
    "fr": ("Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny"),
    "it": ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"),
}
WINS_BY = NP_(
    "{winner} wins with {score}, {margin} point ahead of {second}.",
    "{winner} wins with {score}, {margin} points ahead of {second}.",
)
WINS_TIE_BREAK = N_("{winner} wins on the tie-break, level with {second} at {score}.")
SHARE = N_("{winners} share the win with {score} each.")
WINS_RACE = N_("{winner} wins the race.")
AND = N_("{first} and {last}")


def demo_names(language: str, players: int) -> tuple[str, ...]:
    """The demo's seats: named in ``language``, or P1, P2… past the names there are."""
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])
    return names[:players] if players <= len(names) else default_seats(players)


def ending_words(
    scores: Sequence[int], winners: Sequence[int], seats: Sequence[str], tr: Translator, points: bool = True
) -> str:
    """Who won and by how much, as a player says it ("Bob wins with 23, 4 points ahead of Ann."); a game scored
    with no points (``points`` False: Kanaloa's race) says who won only."""
    if not winners:
        return ""
    names = [seats[s] for s in winners]
    if not points:
        return tr(WINS_RACE, winner=names[0])
    top = max(scores[s] for s in winners)
    if len(names) > 1:
        return tr(SHARE, winners=together(names, tr), score=top)
    others = [s for s in range(len(scores)) if s not in winners]
    best = max(scores[s] for s in others)
    second = together([seats[s] for s in others if scores[s] == best], tr)  # every seat tied second
    margin = top - best
    if margin <= 0:  # level on points: the rulebook's tie-break chose
        return tr(WINS_TIE_BREAK, winner=names[0], second=second, score=top)
    return tr.plural(*WINS_BY, margin, winner=names[0], score=top, margin=margin, second=second)


def together(names: Sequence[str], tr: Translator) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(names) == 1:
        return names[0]
    return tr(AND, first=", ".join(names[:-1]), last=names[-1])


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
    seats: tuple[str, ...] = ()  # the players' names; none: the language's (``demo_names``)
    watch_only: bool = field(default=True, init=False)
    speed_step: int = field(default=NORMAL, init=False)  # the pace, as an index into SPEEDS
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
    # Calls taken from the reader while the demo was paused: applied, in order, once it goes on.
    _held: collections.deque[Any] = field(default_factory=collections.deque, init=False)

    def __post_init__(self) -> None:
        from ui.control.demo_job import DemoJob

        game = self.spec.make(self.profile)
        adapter = self.spec.table_adapter(game)
        if adapter is None or self.spec.demo is None:
            raise ValueError(f"{game.title} has no table adapter: it cannot be shown through the camera")
        seats = self.seats = self.seats or demo_names(self.language, self.players)
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
        job = DemoJob(
            self.spec.name, profile, self.players, self.seed, self.resolution, self.preview_width, seats
        )
        self.reader = Reader(job, preview_bytes(self.preview_width), pace=self.fps)

    def start(self) -> DemoControl:
        self.reader.start()
        self._thread = threading.Thread(target=self._run, name="demo-table", daemon=True)
        self._thread.start()
        return self

    # --- the watcher's pace ---------------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.reader.paused

    def pause(self) -> None:
        """Hold the game: the table draws no new frame and the referee applies nothing until ``go_on``."""
        self.reader.paused = True

    def go_on(self) -> None:
        self.reader.paused = False

    @property
    def speed(self) -> float:
        """The pace as a share of the normal one (``fps``): 0.5 is half as fast."""
        return SPEEDS[self.speed_step]

    def slower(self) -> float:
        return self._set_speed(self.speed_step - 1)

    def faster(self) -> float:
        return self._set_speed(self.speed_step + 1)

    def _set_speed(self, step: int) -> float:
        self.speed_step = max(0, min(step, len(SPEEDS) - 1))
        self.reader.pace = self.fps * self.speed
        return self.speed

    def ending(self, language: str) -> str:
        """Who won and by how much, in ``language``; empty before the end."""
        game, state = self.session.game, self.session.state
        if not game.is_over(state):
            return ""
        points = getattr(game, "scored_in_points", True)
        return ending_words(
            game.scores(state), game.winners(state), self.seats, ui_translator(language), points
        )

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
            while not self._stop.is_set() and (self._held or not self.reader.ended):
                if self.reader.paused:  # the coach and the language still answer
                    if self._obey():
                        self._publish(self.live.view, None)
                    self._stop.wait(0.05)
                    continue
                self._held.extend(self.reader.take(wait=0.1) if not self._held else ())
                self._obey()
                while self._held and not self.reader.paused:
                    self._publish(*self._apply(self._held.popleft()))
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
