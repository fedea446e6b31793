"""One game at the table, as the app drives it: the live game on the screen's thread, the camera in a process of
its own (ui/worker.py).

``TableControl`` joins what `companion play` joins in the terminal (a saved session, the live game, the camera
feed, the panel) behind calls that never block: ``poll`` takes whatever the camera and the panel produced since
the last call, and every press, hand-entered action or correction returns the new view at once. A game the
camera cannot read yet, or a table with no camera, is played by manual entry alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.i18n import N_
from companion.live import CameraStatus, Lights, LiveGame, LiveView
from companion.protocol import Action, Violation
from companion.referee import NoTable
from companion.registry import GameSpec
from companion.session import LiveSession
from hardware.interface import NullPanel, PanelInterface
from ui.control.family import camera_words, logged
from ui.talk import light_panel, panel_mode, ui_translator
from ui.worker import told

NO_CAMERA_CHOSEN = N_("No camera: enter each move by hand.")
NOT_READ_LIVE = N_("The camera cannot read {title} yet: enter each move by hand.")
CORRECTED = N_("Move {number} corrected.")
FPS = 30.0


@dataclass(frozen=True)
class Update:
    """What changed since the last ``poll``: a new view, a new camera image, or both (None: unchanged)."""

    view: LiveView | None = None
    preview: Any = None  # ui.control.preview.Preview


@dataclass
class TableControl:
    """A game being played: ``session`` saves it, ``live`` referees it, ``feed`` (if any) reads the camera."""

    spec: GameSpec
    session: LiveSession
    live: LiveGame
    panel: PanelInterface = field(default_factory=NullPanel)
    feed: Any = None  # a ui.worker.Reader (or a ui.feed.CameraFeed): its take() gives each frame's facts
    source: Any = None  # the feed's vision.sources.FrameSource, closed with the game
    manual_only_reason: str | None = None  # why there is no camera, as a msgid (None: the camera reads)
    reason_params: dict[str, str] = field(default_factory=dict)
    club: Callable[[LiveView], None] | None = None  # club night: the table's publisher (ui/club.py)
    _lit: Lights | None = field(default=None, init=False)  # the lights the panel shows
    _unreadable: str | None = field(default=None, init=False)  # why the last frame was not read, in words
    _problem: Callable[[str], str] | None = field(
        default=None, init=False
    )  # why the camera stopped, by language

    @classmethod
    def start(
        cls,
        spec: GameSpec,
        session: LiveSession,
        *,
        language: str,
        coaching: bool = True,
        camera: Callable[[], tuple[Any, Any]] | None = None,
        panel: PanelInterface | None = None,
        first_game: bool = False,
        known: frozenset[str] = frozenset(),
    ) -> TableControl:
        """Referee ``session``'s game. ``camera`` opens the frame source and its feed; None: manual entry only.
        ``first_game``: each rule is explained at its first effect, but the ``known`` ones (companion/live.py)."""
        game = session.game
        adapter = spec.table_adapter(game)
        panel = panel or NullPanel()
        mode = panel_mode(panel)
        live = LiveGame(
            game,
            adapter if camera is not None and adapter is not None else NoTable(adapter),
            session,
            tuple(session.seats),
            language,
            spec.coach,
            coaching,
            "screen" if mode == "off" else mode,  # no panel: the screen's own buttons stand in
            spec.levels,
            first_game=first_game,
            known=known,
            teaching=spec.teaching(game),  # also says the rule a refused move breaks, first game or not
        )
        reason = None
        source, feed = None, None
        if adapter is None:
            reason = NOT_READ_LIVE
        elif camera is None:
            reason = NO_CAMERA_CHOSEN
        else:
            source, feed = camera()
            live.camera = CameraStatus(present=True)
            feed.start()
        return cls(spec, session, live, panel, feed, source, reason)

    # --- reading ----------------------------------------------------------------------------------------

    @property
    def view(self) -> LiveView:
        return self.live.view

    def poll(self) -> Update:
        """Everything the camera and the panel produced since the last call; never waits."""
        before = self.live.view
        preview = None
        if self.feed is not None:
            try:
                items = self.feed.take()
            except Exception as exc:  # the reader failed: say so, in every language, and go on by hand
                self._drop_camera(told(exc))
                items = []
            for item in items:
                if not self.session.is_over():
                    self.live.step(item.events, item.cards, item.t)
                if item.preview is not None:
                    preview = item.preview
                self._unreadable = item.problem(self.live.language)
            if self.feed is not None:
                status = self.feed.status
                if status.ok and self._unreadable is not None:  # frames come, but the last could not be read
                    status = CameraStatus(present=True, ok=False, problem=self._unreadable)
                if status != self.live.camera:
                    self.live.camera_status(status)
        for event in self.panel.poll():
            self.live.press(event.button.value)
        after = self.lit(self.live.view)
        return Update(after if after is not before else None, preview)

    def lit(self, view: LiveView) -> LiveView:
        """Show ``view``'s lights on the panel (turn, needs fixing, levels, alert) if they changed."""
        light_panel(self.panel, view.lights, self._lit)
        self._lit = view.lights
        if self.club is not None:
            self.club(view)
        return view

    def notice(self) -> str | None:
        """Why moves are entered by hand here, in the view's language; None when the camera reads the table."""
        if self.manual_only_reason is None:
            return None
        params = {"title": self.session.game.title, **self.reason_params}
        if self._problem is not None:
            params["problem"] = self._problem(self.live.language)
        return ui_translator(self.live.language)(self.manual_only_reason, **params)

    # --- acting -----------------------------------------------------------------------------------------

    def press(self, button: str) -> LiveView:
        return self.lit(self.live.press(button))

    def play(self, action: Action) -> LiveView:
        return self.lit(self.live.play(action))

    def correct(self, index: int, action: Action) -> LiveView | Violation:
        """Replace move ``index`` (a misread card) and replay the rest, as `companion correct` does."""
        result = self.session.correct(index, action)
        if isinstance(result, Violation):
            return result
        game, language = self.session.game, self.live.language
        words = [ui_translator(language)(CORRECTED, number=index + 1)]
        words += [game.tell(e, language, self.session.seats) for e in result.step.effects]
        return self.lit(self.live.refresh(words))

    def set_language(self, language: str) -> LiveView:
        view = self.live.set_language(language)
        if self._problem is not None:  # why the camera stopped, said again in the new language
            view = self.live.camera_status(
                CameraStatus(present=True, ok=False, problem=self._problem(language))
            )
        return view

    def retry_camera(self) -> None:
        """Ask the camera again now rather than at its next retry."""
        retry = getattr(
            self.source, "retry_now", None
        )  # a live camera retries; a recording has nothing to retry
        if retry is not None:
            retry()

    def close(self) -> None:
        if self.feed is not None:
            self.feed.stop()
        if self.source is not None:
            self.source.close()
        self.panel.close()
        self.session.close()

    def _drop_camera(self, problem: Callable[[str], str]) -> None:
        """The reader stopped for good: ``problem`` says why in a given language."""
        if self.feed is not None:
            self.feed.stop()
        self.feed = None
        detail = problem("en")
        logged("camera reader stopped", detail)
        self.manual_only_reason = camera_words(detail)  # the kind of problem, in words; the detail is logged
        self._problem = problem
        self.live.camera_status(CameraStatus(present=True, ok=False, problem=problem(self.live.language)))
