"""Live table: the camera image with what it recognised, whose turn it is, what the table must still do, the
coach, the last effects, and the game's own table picture drawn from the state."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock
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
from companion.teaching import load_progress
from ui.app import theme as th
from ui.app.buttonrow import RowButton, build_row, fit, text_width
from ui.app.livelessons import LiveLessons
from ui.app.page import Page
from ui.app.picture import PictureView
from ui.app.scene import CardFace, card_faces
from ui.app.scoreboard import ScoreboardView
from ui.app.speech import speech_words
from ui.app.widgets import Big, Column, Row, TextLine, Words, WordsPool, backdrop, scrolled
from ui.club import shown_by
from ui.control import secret
from ui.control.camera import PREVIEW_WIDTH, camera_opener
from ui.control.checks import PANEL, check_panel
from ui.control.family import camera_words, logged
from ui.control.library import SavedGame, resume_trouble
from ui.control.table import TableControl

TURN = N_("{seat}'s turn")
TURN_OVER = N_("The game is over.")
TO_DO = N_("Still to do on the table:")
ALERTS = N_("Against the rules:")
COACH = N_("Coach:")
ADVICE = N_("• {title}: {outcome}")  # French puts a space before the colon
LAST = N_("Last moves:")
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
# A problem is one short line, its whole text behind Details: "Still to do" must stay in view at 800x480.
DEMO_STOPPED = N_("The demo stopped.")
CAMERA_GONE = N_("No camera image")
PANEL_BROKEN = N_("Panel not working")
DETAILS = N_("Details")
HIDE_DETAILS = N_("Hide")
MORE = N_("More")
CANNOT_RESUME = N_("{name} cannot be resumed: {problem}")
BUBBLE_S = 2.0  # how long a refused press's answer stays by the finger
UNDO_GREYED = ((0.17, 0.20, 0.25, 1.0), th.MUTED)  # background and words of Undo with nothing to undo
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
        self.picture = PictureView(
            on_tile=lambda tile: self.app.page("manual").show_about(tile),
            finger=lambda: self.theme.target / 2,
        )
        self.left = BoxLayout(orientation="vertical")  # the camera image and the picture: built with the page
        self.words: WordsPool | None = None  # the information column's labels, kept from one view to the next
        self.more_open = False  # the less used buttons shown, above the row
        self.details: set[str] = set()  # the problems whose whole text is open
        self.row_shown: tuple[object, ...] = ()  # what the row of buttons drawn shows
        self.answer: Widget | None = None  # the bubble answering a refused press
        self._answer_clock: Any = None
        # First-game mode's rule cards, a refused move's rule, the short coach.
        self.lessons = LiveLessons(self)

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
        """Play ``saved`` on; a file that cannot be (gone, damaged, in use) is said on Home in words."""
        if saved.problem:
            return
        try:
            session = LiveSession.resume(saved.path, self.app.registry)
        except RecordError as exc:
            logged(f"cannot resume {saved.path}", exc.tell("en"))
            self.app.page("home").cannot_open(resume_trouble(exc, saved.path))
            self.app.go("home")
            return
        self.play(session, camera=saved.refereed_live)

    def play(
        self, session: LiveSession, camera: bool, kind: Any = None, first_game: bool | None = None
    ) -> None:
        """Referee ``session``'s game: with the camera if ``camera`` (and the game can be read), else by hand.
        ``first_game``: explain each rule at its first effect; None (a resumed game): when a seated player has never
        finished this game."""
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
        if first_game is None:
            first_game = load_progress(self.app.options.progress_dir).first_game(session.seats, spec.name)
        self.app.end_table()
        self.app.table = TableControl.start(
            spec,
            session,
            language=self.app.language,
            coaching=self.app.options.coaching,
            camera=opener,
            panel=self.panel_for(session),
            first_game=first_game,
        )
        self.app.table.club = shown_by(self.app.club, session.path.stem)
        self.open()

    def panel_for(self, session: LiveSession) -> Any:
        """The GPIO panel, if the Pi has one wired; None off a Pi (the screen's buttons and keys stand in). A
        config with a problem is said on the home screen and on this one, and the game goes on without the panel."""
        from hardware.start import open_panel

        config: Any = check_panel(self.app.problems, self.app.options.panel_config)  # said on Home too
        if config is None:
            return None
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
        self.showing_picture = False
        self.more_open = False
        self.details = set()
        self.lessons.forget()
        self.close_bubble()
        self.app.go("live")
        self.show(self.app.table.view, None)

    def go_back(self) -> None:
        session = (
            getattr(self.app.table, "session", None) if isinstance(self.app.table, TableControl) else None
        )
        self.app.end_table()  # the session keeps the game: it is listed on the home screen to resume
        if session is not None:  # ... unless it was left before its first move: nothing to resume
            self.app.library.forget_if_empty(session.path, self.app.registry)
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
        left = self.left = BoxLayout(orientation="vertical", spacing=t.gap, size_hint_x=0.5)
        self.fill_left()
        backdrop(left, th.PANEL)
        main.add_widget(left)
        self.info = Column(t)
        main.add_widget(scrolled(self.info, size_hint_x=0.5))
        body.add_widget(main)
        body.add_widget(self.buttons(wide))
        self.fill_info()
        return body

    def fill_left(self) -> None:
        """The left half: the camera image, the table picture, or both on a wide screen."""
        left = self.left
        for widget in (self.camera_image, self.picture):
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
        if not self.camera_shown():  # no image yet, or the camera missing or stopped: the picture instead
            left.add_widget(self.picture)
        elif Window.width >= WIDE:
            left.add_widget(self.camera_image)
            left.add_widget(self.picture)
        else:
            left.add_widget(self.picture if self.showing_picture else self.camera_image)

    def buttons(self, wide: bool) -> Widget:
        """The row of buttons, most used first, fitted to one row; the rest behind More (a second row when open)."""
        t = self.theme
        main, less = self.row_buttons(wide)
        self.row_shown = row_words(main, less)
        more = RowButton("more", self.tr(MORE), lambda _b: self.toggle_more(), th.BUTTON)
        width = Window.width - 2 * t.gap
        fitted = fit([*main, *less], more, width, t)
        rows = BoxLayout(
            orientation="vertical", spacing=t.gap, size_hint_y=None, padding=(t.gap, 0, t.gap, t.gap)
        )
        if fitted.more and self.more_open:
            folded = fit(list(fitted.more), more, width, t)
            rows.add_widget(build_row(folded, t))
        rows.add_widget(build_row(fitted, t))
        rows.height = sum(r.height for r in rows.children) + t.gap * len(rows.children)
        return rows

    def row_buttons(self, wide: bool) -> tuple[list[RowButton], list[RowButton]]:
        """The buttons this moment needs, in the order they are kept when space is short: the game's own, then
        the less used ones. A button that would do nothing now is not there (the view says which do something)."""
        table, view = self.app.table, self.view
        main: list[RowButton] = []
        less: list[RowButton] = []
        watch_only = getattr(table, "watch_only", False)
        if not watch_only:
            live_now = set(view.buttons) if view is not None else set()
            if PanelButton.TURN in live_now:
                main.append(RowButton("turn", self.tr(TURN_BUTTON), partial(self.press, PanelButton.TURN)))
            words = button_words(table.live.adapter, table.session.game.translator(self.app.language))
            for button, label in words.items():
                if button in live_now:
                    main.append(RowButton(str(button), label, partial(self.press, PanelButton(button))))
            can_undo = view is not None and view.can_undo
            greyed = {} if can_undo else {"colour": UNDO_GREYED[0], "words": UNDO_GREYED[1]}
            main.append(
                RowButton("undo", self.tr(UNDO_BUTTON), partial(self.press, PanelButton.UNDO), **greyed)
            )
            main.append(RowButton("enter", self.tr(ENTER), lambda _b: self.app.go("manual"), th.ACCENT))
            if secret.missing(table.live.adapter, len(table.session.seats)):  # until every secret is kept
                main.append(RowButton("secrets", self.tr(SECRETS), lambda _b: self.app.go("secret")))
        coach = RowButton("coach", self.tr(CONFIRM_BUTTON), partial(self.press, PanelButton.CONFIRM))
        (main if watch_only else less).append(coach)
        if watch_only:
            main += self.demo_buttons()
        voice, volume = speech_words(self.app.speech.settings, self.tr)
        less.append(RowButton("speech", voice, lambda _b: self.speech(self.app.speech.toggle)))
        less.append(RowButton("volume", volume, lambda _b: self.speech(self.app.speech.louder)))
        if not wide and self.camera_shown_ever():
            flip = SHOW_CAMERA if self.showing_picture else SHOW_PICTURE
            less.append(RowButton("flip", self.tr(flip), lambda _b: self.flip()))
        return main, less

    def row_now(self) -> tuple[object, ...]:
        """What the row would show for the view now."""
        return row_words(*self.row_buttons(Window.width >= WIDE))

    def speech(self, change: Callable[[], None]) -> None:
        change()  # the app's speech settings (on/off, louder), then the buttons' new words
        self.refresh()

    def toggle_more(self) -> None:
        self.more_open = not self.more_open
        self.refresh()

    def press(self, button: PanelButton, pressed: Any = None) -> None:
        """A screen button of the panel's: a press that changed nothing answers by the finger, in words."""
        before = self.view
        self.app.press(button)
        after = self.view
        if self.more_open and button == PanelButton.CONFIRM:
            self.more_open = False
            self.refresh()
        if pressed is None or after is None or not after.rulings:
            return
        if before is None or after.actions == before.actions:
            self.bubble(" ".join(after.rulings), pressed)

    def bubble(self, words: str, pressed: Any) -> None:
        """``words`` in a bubble just above where ``pressed`` was touched, for about two seconds."""
        t = self.theme
        if self.answer is not None:
            self.remove_widget(self.answer)
        touch = getattr(pressed, "last_touch", None)
        x, y = (touch.x, touch.y) if touch is not None else pressed.to_window(*pressed.center)
        width = min(Window.width * 0.6, text_width(words, t.body) + 4 * t.gap)
        box = BoxLayout(size_hint=(None, None), width=width, padding=t.gap)
        backdrop(box, th.PENDING)
        label = Words(words, t, color=th.BACKGROUND, halign="center")
        box.add_widget(label)

        def place(*_: Any) -> None:
            box.height = label.height + 2 * t.gap
            box.x = min(max(x - width / 2, t.gap), Window.width - width - t.gap)
            box.y = min(y + t.target * 0.6, Window.height - box.height - t.gap)

        label.bind(height=place)
        place()
        self.answer = box
        self.add_widget(box)
        if self._answer_clock is not None:
            self._answer_clock.cancel()
        self._answer_clock = Clock.schedule_once(lambda _dt: self.close_bubble(), BUBBLE_S)

    def close_bubble(self) -> None:
        if self.answer is not None:
            self.remove_widget(self.answer)
            self.answer = None

    def demo_buttons(self) -> list[RowButton]:
        """A watched demo's pace: pause or go on, slower, faster."""
        paused = self.app.table.paused
        return [
            RowButton(
                "pause", self.tr(GO_ON if paused else PAUSE), lambda _b: self.pause_or_go_on(), th.ACCENT
            ),
            RowButton("slower", self.tr(SLOWER), lambda _b: self.set_pace(faster=False)),
            RowButton("faster", self.tr(FASTER), lambda _b: self.set_pace(faster=True)),
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

    def camera_shown(self) -> bool:
        """Whether the camera image is there to show: a camera, an image come, and the camera not failing now."""
        view = self.view
        if not self.has_camera() or self.texture is None:
            return False
        return view is None or not view.camera.present or view.camera.ok

    def camera_shown_ever(self) -> bool:
        """Whether the camera image / table picture switch means anything: an image to switch to."""
        return self.camera_shown()

    def flip(self) -> None:
        self.showing_picture = not self.showing_picture
        self.refresh()

    def title_text(self) -> str:
        table = self.app.table
        return table.session.game.title if table is not None else self.tr(self.heading)

    def show(self, view: LiveView | None, preview: Any) -> None:
        """A new view, a new camera image, or both, from the app's clock."""
        shown = self.camera_shown()
        if preview is not None:
            self.show_image(preview)
        if view is not None and view is not self.view:
            before, self.view = self.view, view
            taught = self.lessons.take(view)
            if (
                self.app.current == "live"
                and (before is None or row_of(before) != row_of(view))
                and self.row_now() != self.row_shown
            ):
                # The buttons changed (a phase, a first move to undo): only then, as a row built again under a
                # finger loses its tap (a demo's row is the same from its first view to its last).
                self.refresh()
            elif self.app.current == "live":
                # A view comes with every camera frame; what this screen says changes far less often.
                if taught or before is None or shown_words(before) != shown_words(view):
                    self.fill_info()
                if taught:
                    self.lessons.to_top()  # a new rule card or a refused move's rule: seen at once
                if before is None or before.state is not view.state or before.language != view.language:
                    self.draw_picture()
            if view.over:
                self.app.page("end").finish(view)
        if self.app.current == "live" and shown != self.camera_shown():
            # A first image, or the camera gone: the image or the picture on the left, and only there. The row
            # built again under a finger lost its tap (a demo's Pause pressed as its first image came).
            self.fill_left()
            self.draw_picture()

    def show_image(self, preview: Any) -> None:
        size = (preview.width, preview.height)
        if self.texture is None or tuple(self.texture.size) != size:
            self.texture = Texture.create(size=size, colorfmt="rgb")
        self.texture.blit_buffer(preview.pixels, colorfmt="rgb", bufferfmt="ubyte")
        self.camera_image.texture = self.texture
        self.camera_image.color = (1, 1, 1, 1)
        self.camera_image.canvas.ask_update()
        self.images_shown += 1

    def pending_faces(self, view: LiveView) -> dict[str, Any]:
        """How the cards the fixes name look, from the game's picture of this view's state (the picture on
        screen may be drawn after the words); empty when no fix names a card."""
        if not any(view.pending_cards):
            return {}
        spec = self.app.registry.find(view.game)
        game = self.app.table.session.game
        return card_faces(picture_of(spec, game, view.state, self.app.language, view.seats))

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
        lines += self.lessons.card_lines()
        failure = getattr(table, "failure", None)
        if failure:
            lines += self.problem("demo", DEMO_STOPPED, [TextLine(self.tr(DEMO_FAILED, problem=failure))])
        notice = table.notice()
        camera_failing = view.camera.present and not view.camera.ok and not failure  # a failed demo said why
        if camera_failing:
            # The family's words here; the camera's own detail went to the log.
            full: list[TextLine | Widget] = [TextLine(self.tr(camera_words(view.camera.problem)))]
            lines += self.problem("camera", CAMERA_GONE, [*full, Big(self.tr(RETRY), t, table.retry_camera)])
        panel_words = self.app.problems.words(PANEL)
        if panel_words is not None:
            lines += self.problem("panel", PANEL_BROKEN, [TextLine(panel_words(self.app.language))])
        if getattr(table, "watch_only", False):
            say(TextLine(self.pace_words(), color=th.MUTED))
        if view.alerts:
            say(TextLine(self.tr(ALERTS), color=th.ALERT, bold=True))
            for alert in view.alerts:
                say(TextLine(alert, color=th.ALERT))
        lines += self.lessons.why_lines()
        if view.check is not None and not getattr(table, "watch_only", False):
            say(
                TextLine(view.check, color=th.ALERT)
            )  # accepted, but likely a misread: one touch takes it back
            say(Big(self.tr(TAKE_BACK), t, lambda: self.app.press(PanelButton.UNDO), th.ACCENT))
        if view.pending:
            say(TextLine(self.tr(TO_DO), color=th.PENDING, bold=True))
            faces = self.pending_faces(view)
            for item, card in zip(
                view.pending, view.pending_cards or [None] * len(view.pending), strict=True
            ):
                if card is not None and card in faces:  # the card to move, drawn as it looks
                    fix = Words(item, t, color=th.PENDING, pos_hint={"center_y": 0.5})
                    say(Row(t, [CardFace(faces[card], card, t, pos_hint={"center_y": 0.5}), fix]))
                else:
                    say(TextLine(item, color=th.PENDING))
        # What the table must fix comes first, then the scores: at 800x480 the fix is seen without scrolling, and
        # the scores while there is nothing to fix.
        say(self.scoreboard_view(view))
        if notice and not camera_failing:
            say(TextLine(notice, color=th.MUTED))
        if view.coaching is not None:
            coach = [TextLine(self.tr(COACH), bold=True), TextLine(view.coaching.summary)]
            for advice in view.coaching.options:
                coach.append(TextLine(self.tr(ADVICE, title=advice.title, outcome=advice.outcome)))
                if advice.risk:
                    coach.append(TextLine(advice.risk, color=th.MUTED))
            lines += self.lessons.coach_lines(view, coach)
        if view.recent:
            say(TextLine(self.tr(LAST), bold=True))
            for line in reversed(view.recent[-4:]):
                say(TextLine(line, color=th.MUTED))
        words.fill(self.info, lines)

    def problem(self, key: str, short: str, full: list[TextLine | Widget]) -> list[TextLine | Widget]:
        """A problem as one short line and a Details button; opened, its whole text (and what to do) below."""
        t = self.theme
        opened = key in self.details
        toggle = Big(self.tr(HIDE_DETAILS if opened else DETAILS), t, partial(self.toggle_details, key))
        toggle.size_hint_x = None
        toggle.width = max(t.target, text_width(toggle.text, t.body) + 2 * t.mm(1.5) + 6)
        toggle.pos_hint = {"center_y": 0.5}
        words = Words(self.tr(short), t, color=th.ALERT, bold=True, pos_hint={"center_y": 0.5})
        line = Row(t, [words, toggle])
        return [line, *full] if opened else [line]

    def toggle_details(self, key: str) -> None:
        self.details ^= {key}
        self.fill_info()

    def scoreboard_view(self, view: LiveView) -> ScoreboardView:
        """The scoreboard under the turn, kept from one view to the next (redrawn when the scores change)."""
        board = getattr(self, "scoreboard", None)
        if board is None or board.theme is not self.theme:
            board = self.scoreboard = ScoreboardView(self.theme, self.tr)
        board.show(view.scoreboard)
        return board

    def refresh(self) -> None:
        super().refresh()
        self.draw_picture()


def preview_width() -> int:
    """The camera image's width in pixels, as the live screen draws it: half the window, at most a 1280x720 screen's.
    A preview made larger is scaled down again on the screen, after being copied twice and uploaded for nothing
    (a Pi's 7" screen draws it 400 pixels across)."""
    return max(PREVIEW_MIN, min(PREVIEW_WIDTH, round(Window.width / 2)))


def row_of(view: LiveView) -> tuple[object, ...]:
    """The parts of a view the row of buttons is made from: the row is looked at again when one changes."""
    return (view.buttons, view.can_undo, view.language)


def row_words(main: list[RowButton], less: list[RowButton]) -> tuple[object, ...]:
    """What a row of buttons shows: it is built again when this changes."""
    return tuple((b.key, b.text, b.colour, b.words) for b in (*main, *less))


def shown_words(view: LiveView) -> tuple[object, ...]:
    """The parts of a view the information column shows: it is rebuilt only when one of them changes."""
    return (
        view.turn,
        view.scoreboard,
        view.pending,
        view.alerts,
        view.check,
        view.coaching,
        view.recent,
        view.camera,
        view.language,
        view.over,
    )
