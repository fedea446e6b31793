"""Live table: the camera image with what it recognised, whose turn it is, what the table must still do, the
coach, the last effects, and the game's own table picture drawn from the state."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.core.window import Window
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.live import LiveView
from companion.panel import PanelButton, button_words
from companion.picture import picture_of
from companion.protocol import RecordError
from companion.session import LiveSession
from ui.app import theme as th
from ui.app.page import Page
from ui.app.picture import PictureView
from ui.app.widgets import Big, Column, Row, TextLine, WordsPool, backdrop, scrolled
from ui.control import secret
from ui.control.camera import PREVIEW_WIDTH, camera_opener
from ui.control.library import SavedGame
from ui.control.table import TableControl

TURN = N_("{seat}'s turn")
TURN_OVER = N_("The game is over.")
TO_DO = N_("Still to do on the table:")
ALERTS = N_("Against the rules:")
COACH = N_("Coach:")
ADVICE = N_("• {title}: {outcome}")  # French puts a space before the colon
LAST = N_("Last moves:")
NO_CAMERA = N_("No camera image ({problem}). Still trying; moves can be entered by hand.")
RETRY = N_("Try the camera again")
WAITING = N_("Waiting for the camera…")
SHOW_PICTURE = N_("Table picture")
SHOW_CAMERA = N_("Camera image")
ENTER = N_("Enter or fix a move")
SECRETS = N_("Secret tiles")
TURN_BUTTON = N_("End turn")
CONFIRM_BUTTON = N_("Coach again")
UNDO_BUTTON = N_("Undo")
TAKE_BACK = N_("Take this card back")
DEMO_FAILED = N_("The demo stopped: {problem}")
CANNOT_RESUME = N_("{name} cannot be resumed: {problem}")
PAUSE = N_("Pause")
GO_ON = N_("Go on")
SLOWER = N_("Slower")
FASTER = N_("Faster")
PACE = N_("Demo speed: ×{speed}")
PACE_PAUSED = N_("Demo paused (speed ×{speed})")
WIDE = 1000  # pixels: from this width the camera image and the table picture are both shown
PREVIEW_MIN = 160  # pixels across: the smallest camera image made, whatever the window


class LivePage(Page):
    heading = N_("Live table")

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: LiveView | None = None
        self.texture: Texture | None = None
        self.images_shown = (
            0  # camera images drawn since the app started (tests and the benchmark count them)
        )
        self.showing_picture = False
        self.camera_image = Image(fit_mode="contain", color=(1, 1, 1, 0))  # unseen until a first image
        self.picture = PictureView()
        self.words: WordsPool | None = None  # the information column's labels, kept from one view to the next

    # --- starting a game --------------------------------------------------------------------------------

    def start_demo(self, game: str | None = None) -> None:
        """Watch a demo of ``game`` (the options' demo game if None)."""
        from ui.control.demo import DemoControl  # the renderer and OpenCV load only when a demo is watched

        options = self.app.options
        spec = self.app.registry.find(game or options.demo_game)
        # The options' rules (a test's short game) are the options' demo game's: another game plays its rulebook's.
        profile = options.demo_profile if spec.name == options.demo_game else None
        players = min(options.demo_players, spec.drawn_players or options.demo_players)
        self.app.end_table()
        self.app.table = DemoControl(
            spec,
            players,
            options.seed,
            self.app.language,
            options.demo_resolution,
            preview_width=preview_width(),
            fps=options.demo_fps,
            profile=profile,
        ).start()
        self.open()

    def resume(self, saved: SavedGame) -> None:
        if saved.problem:
            return
        try:
            session = LiveSession.resume(saved.path, self.app.registry)
        except RecordError as exc:
            self.app.problems.append(
                self.tr(CANNOT_RESUME, name=saved.path.name, problem=exc.tell(self.app.language))
            )
            self.app.go("home")
            return
        self.play(session, camera=saved.refereed_live)

    def play(self, session: LiveSession, camera: bool, kind: Any = None) -> None:
        """Referee ``session``'s game: with the camera if ``camera`` (and the game can be read), else by hand."""
        spec = self.app.registry.find(session.game.name)
        opener = None
        if camera and spec.refereed_live and self.app.options.source != "none":
            extra = {} if kind is None else {"kind": kind}
            opener = camera_opener(
                spec,
                session.game,
                len(session.seats),
                self.app.options.source,
                width=preview_width(),
                **extra,
            )
        self.app.end_table()
        self.app.table = TableControl.start(
            spec,
            session,
            language=self.app.language,
            coaching=self.app.options.coaching,
            camera=opener,
            panel=self.panel_for(session),
        )
        self.open()

    def panel_for(self, session: LiveSession) -> Any:
        """The GPIO panel, if the Pi has one wired; None off a Pi (the screen's buttons and keys stand in). A
        config with a problem is said on the home screen, and the game goes on without the panel."""
        from hardware.claims import panel_warnings
        from hardware.config import PanelConfigError
        from hardware.i18n import hardware_translator
        from hardware.start import config_problem_lines, open_panel, read_config

        try:
            config = read_config(self.app.options.panel_config)
        except PanelConfigError as error:
            self.app.problems.extend(config_problem_lines(error, hardware_translator(self.app.language)))
            return None
        for line in panel_warnings(config, hardware_translator(self.app.language)):
            if line not in self.app.problems:  # said once on the home screen, however many games are opened
                self.app.problems.append(line)
        spec = self.app.registry.find(session.game.name)
        adapter = spec.table_adapter(session.game)
        labels = button_words(adapter, session.game.translator(self.app.language)) if adapter else None
        panel = open_panel(config, language=self.app.language, report=lambda _line: None, labels=labels)
        if panel.mock or not panel.enabled:  # no GPIO here: the keyboard and the screen's buttons stand in
            panel.close()
            return None
        return panel

    def open(self) -> None:
        self.view = None
        self.texture = None
        self.camera_image.texture = None
        self.camera_image.color = (1, 1, 1, 0)
        self.showing_picture = not self.has_camera()
        self.app.go("live")
        self.show(self.app.table.view, None)

    def go_back(self) -> None:
        self.app.end_table()  # the session keeps the game: it is listed on the home screen to resume
        self.app.go("home")

    # --- drawing ----------------------------------------------------------------------------------------

    def build_body(self) -> Widget:
        t = self.theme
        table = self.app.table
        body = BoxLayout(orientation="vertical", spacing=t.gap)
        if table is None:
            return body
        main = BoxLayout(orientation="horizontal", spacing=t.gap, padding=t.gap)
        wide = Window.width >= WIDE  # the page fills the window, but is laid out only after this
        camera = self.has_camera()
        left = BoxLayout(orientation="vertical", spacing=t.gap, size_hint_x=0.5)
        for widget in (self.camera_image, self.picture):
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
        if not camera:
            left.add_widget(self.picture)
        elif wide:
            left.add_widget(self.camera_image)
            left.add_widget(self.picture)
        else:
            left.add_widget(self.picture if self.showing_picture else self.camera_image)
        backdrop(left, th.PANEL)
        main.add_widget(left)
        self.info = Column(t)
        main.add_widget(scrolled(self.info, size_hint_x=0.5))
        body.add_widget(main)
        body.add_widget(self.buttons(wide or not camera))
        self.fill_info()
        return body

    def buttons(self, wide: bool) -> Widget:
        t, table = self.theme, self.app.table
        row = Row(t, padding=(t.gap, 0, t.gap, t.gap))
        if not getattr(table, "watch_only", False):
            row.add_widget(Big(self.tr(TURN_BUTTON), t, lambda: self.app.press(PanelButton.TURN)))
        row.add_widget(Big(self.tr(CONFIRM_BUTTON), t, lambda: self.app.press(PanelButton.CONFIRM)))
        if getattr(table, "watch_only", False):
            for button in self.demo_buttons():
                row.add_widget(button)
        if not getattr(table, "watch_only", False):
            row.add_widget(Big(self.tr(UNDO_BUTTON), t, lambda: self.app.press(PanelButton.UNDO)))
            game = table.session.game
            words = button_words(table.live.adapter, game.translator(self.app.language))
            for button, label in words.items():
                row.add_widget(Big(label, t, partial(self.app.press, button)))
            if secret.missing(table.live.adapter, len(table.session.seats)):  # until every secret is kept
                row.add_widget(Big(self.tr(SECRETS), t, lambda: self.app.go("secret")))
            row.add_widget(Big(self.tr(ENTER), t, lambda: self.app.go("manual"), th.ACCENT))
        if not wide:
            flip = SHOW_CAMERA if self.showing_picture else SHOW_PICTURE
            row.add_widget(Big(self.tr(flip), t, self.flip))
        return row

    def demo_buttons(self) -> list[Widget]:
        """A watched demo's pace: pause or go on, slower, faster."""
        t, demo = self.theme, self.app.table
        return [
            Big(self.tr(GO_ON if demo.paused else PAUSE), t, self.pause_or_go_on, th.ACCENT),
            Big(self.tr(SLOWER), t, partial(self.set_pace, faster=False)),
            Big(self.tr(FASTER), t, partial(self.set_pace, faster=True)),
        ]

    def pause_or_go_on(self) -> None:
        demo = self.app.table
        if demo is None or not getattr(demo, "watch_only", False):
            return  # the demo ended under the finger
        if demo.paused:
            demo.go_on()
        else:
            demo.pause()
        self.refresh()

    def set_pace(self, faster: bool) -> None:
        demo = self.app.table
        if demo is None or not getattr(demo, "watch_only", False):
            return
        if faster:
            demo.faster()
        else:
            demo.slower()
        self.refresh()

    def pace_words(self) -> str:
        demo = self.app.table
        speed = f"{demo.speed:g}" if demo.speed >= 1 else f"1/{round(1 / demo.speed)}"
        return self.tr(PACE_PAUSED if demo.paused else PACE, speed=speed)

    def has_camera(self) -> bool:
        """Whether this game has a camera image to show (a demo always does; a game by hand has none)."""
        table = self.app.table
        return table is not None and (getattr(table, "watch_only", False) or table.manual_only_reason is None)

    def flip(self) -> None:
        self.showing_picture = not self.showing_picture
        self.refresh()

    def title_text(self) -> str:
        table = self.app.table
        return table.session.game.title if table is not None else self.tr(self.heading)

    def show(self, view: LiveView | None, preview: Any) -> None:
        """A new view, a new camera image, or both, from the app's clock."""
        if preview is not None:
            self.show_image(preview)
        if view is not None and view is not self.view:
            before, self.view = self.view, view
            if self.app.current == "live":
                # A view comes with every camera frame; what this screen says changes far less often.
                if before is None or shown_words(before) != shown_words(view):
                    self.fill_info()
                if before is None or before.state is not view.state or before.language != view.language:
                    self.draw_picture()
            if view.over:
                self.app.page("end").finish(view)

    def show_image(self, preview: Any) -> None:
        size = (preview.width, preview.height)
        if self.texture is None or tuple(self.texture.size) != size:
            self.texture = Texture.create(size=size, colorfmt="rgb")
        self.texture.blit_buffer(preview.pixels, colorfmt="rgb", bufferfmt="ubyte")
        self.camera_image.texture = self.texture
        self.camera_image.color = (1, 1, 1, 1)
        self.camera_image.canvas.ask_update()
        self.images_shown += 1

    def draw_picture(self) -> None:
        table, view = self.app.table, self.view
        if table is None or view is None:
            return
        spec = self.app.registry.find(view.game)
        self.picture.show(picture_of(spec, table.session.game, view.state, self.app.language, view.seats))

    def fill_info(self) -> None:
        view, table, t = self.view, self.app.table, self.theme
        if view is None or table is None or not hasattr(self, "info"):
            return
        words = getattr(self, "words", None)
        if words is None or words.theme is not t:
            words = self.words = WordsPool(t)
        lines: list[TextLine | Widget] = []
        say = lines.append
        turn = self.tr(TURN, seat=view.seats[view.turn]) if view.turn is not None else self.tr(TURN_OVER)
        say(TextLine(turn, th.TURN_MM, bold=True))
        if getattr(table, "watch_only", False):
            say(TextLine(self.pace_words(), color=th.MUTED))
        failure = getattr(table, "failure", None)
        if failure:
            say(TextLine(self.tr(DEMO_FAILED, problem=failure), color=th.ALERT))
        notice = table.notice()
        if notice:
            say(TextLine(notice, color=th.MUTED))
        if view.camera.present and not view.camera.ok and not failure:  # a demo that failed said why
            say(TextLine(self.tr(NO_CAMERA, problem=view.camera.problem or "?"), color=th.ALERT))
            say(Big(self.tr(RETRY), t, table.retry_camera))
        if view.alerts:
            say(TextLine(self.tr(ALERTS), color=th.ALERT, bold=True))
            for alert in view.alerts:
                say(TextLine(alert, color=th.ALERT))
        if view.check is not None and not getattr(table, "watch_only", False):
            say(
                TextLine(view.check, color=th.ALERT)
            )  # accepted, but likely a misread: one touch takes it back
            say(Big(self.tr(TAKE_BACK), t, lambda: self.app.press(PanelButton.UNDO), th.ACCENT))
        if view.pending:
            say(TextLine(self.tr(TO_DO), color=th.PENDING, bold=True))
            for item in view.pending:
                say(TextLine(item, color=th.PENDING))
        if view.coaching is not None:
            say(TextLine(self.tr(COACH), bold=True))
            say(TextLine(view.coaching.summary))
            for advice in view.coaching.options:
                say(TextLine(self.tr(ADVICE, title=advice.title, outcome=advice.outcome)))
                if advice.risk:
                    say(TextLine(advice.risk, color=th.MUTED))
        if view.recent:
            say(TextLine(self.tr(LAST), bold=True))
            for line in reversed(view.recent[-4:]):
                say(TextLine(line, color=th.MUTED))
        words.fill(self.info, lines)

    def refresh(self) -> None:
        super().refresh()
        self.draw_picture()


def preview_width() -> int:
    """The camera image's width in pixels, as the live screen draws it: half the window, at most a 1280x720 screen's.
    A preview made larger is scaled down again on the screen, after being copied twice and uploaded for nothing
    (a Pi's 7" screen draws it 400 pixels across)."""
    return max(PREVIEW_MIN, min(PREVIEW_WIDTH, round(Window.width / 2)))


def shown_words(view: LiveView) -> tuple[object, ...]:
    """The parts of a view the information column shows: it is rebuilt only when one of them changes."""
    return (
        view.turn,
        view.pending,
        view.alerts,
        view.check,
        view.coaching,
        view.recent,
        view.camera,
        view.language,
        view.over,
    )
