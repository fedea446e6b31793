"""Setup: the players and their names in seat order, the rules options, the sticker kind, and a camera check."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.errors import CommandError
from companion.i18n import N_, Translator, translator
from companion.names import checked_names
from companion.protocol import Option, RecordError
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats
from ui.app import theme as th
from ui.app.page import Page
from ui.app.screens.box import BOX_UNREADABLE
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.family import logged
from vision.kinds import StickerKind

PLAYERS = N_("Players")
NAMES = N_("Names, in seat order (clockwise from the first player)")
UP = N_("Move up")
OPTIONS = N_("Rules options")
RULEBOOK = N_("{value} (the rulebook's)")
NOT_RULEBOOK = N_("{value} (rulebook: {default})")
YES, NO = N_("yes"), N_("no")
STICKERS = N_("Stickers on the cards")
CAMERA = N_("Camera")
USE_CAMERA = N_("The camera referees")
NO_CAMERA = N_("No camera: moves by hand")
CHECK = N_("Check the camera")
CHECKING = N_("Looking through the camera…")
BOX_NOT_SAVED = N_("Not confirmed yet for this box: the camera needs it once before it referees.")
START = N_("Start the game")
BAD_OPTIONS = N_("These options do not go together: {problem}")
CANNOT_SAVE = N_("The game cannot be saved: the memory card may be full or read-only. Nothing was lost.")


class SetupPage(Page):
    heading = N_("New game")

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.spec: GameSpec | None = None
        self.players = 0
        self.names: list[str] = []
        self.options: dict[str, Any] = {}
        self.kind = StickerKind.ARUCO
        self.camera = True
        self.check: Any = None  # ui.control.camera_check.CameraCheck, once asked
        self.problem: str | None = None
        self.inputs: list[TextInput] = []
        # The box file as read when the page was last entered: None, not read yet; else whether a box is saved,
        # or why the file cannot be read (told in the language of each redraw).
        self.box_state: bool | RecordError | None = None

    def begin(self, game: str) -> None:
        """A new setup for ``game``: the rulebook's options, the fewest players, default names."""
        self.spec = self.app.registry.find(game)
        self.players = max(self.spec.min_players, min(4, self.spec.max_players))
        self.names = list(default_seats(self.spec.max_players))
        self.options = self.spec.profile_type().to_json()
        self.camera = self.spec.refereed_live and self.app.options.source != "none"
        self.check, self.problem = None, None

    def play_again(self, game: str, names: list[str], options: dict[str, Any]) -> None:
        """The end screen's Play again: a new setup of ``game`` with the same players, in order, and options.
        (Minimal; the "keys" branch's version replaces it at merge.)"""
        self.begin(game)
        assert self.spec is not None
        self.players = len(names)
        self.names = [*names, *self.names[len(names) :]]
        self.options = dict(options)
        self.app.go("setup")

    def on_pre_enter(self, *args: Any) -> None:
        self.box_state = None  # back from the box screen, perhaps saved there: read the file again
        super().on_pre_enter(*args)

    def title_text(self) -> str:
        return self.spec.title if self.spec is not None else self.tr(self.heading)

    def build_body(self) -> Widget:
        t, spec = self.theme, self.spec
        body = BoxLayout(orientation="vertical")
        if spec is None:
            return body
        column = Column(t)
        if self.problem:
            column.add_widget(Words(self.problem, t, color=th.ALERT))
        column.add_widget(Words(self.tr(PLAYERS), t, th.TITLE_MM, bold=True))
        counts = range(spec.min_players, spec.max_players + 1)
        column.add_widget(
            Row(
                t,
                [Big(str(n), t, partial(self.set_players, n), self.pick(n == self.players)) for n in counts],
            )
        )
        column.add_widget(Words(self.tr(NAMES), t, th.TITLE_MM, bold=True))
        self.inputs = []
        for seat in range(self.players):
            field = TextInput(
                text=self.names[seat],
                multiline=False,
                font_size=t.body,
                size_hint_y=None,
                height=t.target,
                write_tab=False,
            )
            field.bind(text=lambda _w, text, seat=seat: self.names.__setitem__(seat, text))
            self.inputs.append(field)
            row = Row(t, [field])
            if seat > 0:
                row.add_widget(Big(self.tr(UP), t, partial(self.move_up, seat), size_hint_x=0.4))
            column.add_widget(row)
        if spec.options:
            game_tr = translator(self.app.language, spec.domain, spec.locale_dir)  # the game's own words
            column.add_widget(Words(self.tr(OPTIONS), t, th.TITLE_MM, bold=True))
            for option in spec.options:
                column.add_widget(self.option_row(option, game_tr))
        if spec.refereed_live:
            column.add_widget(Words(self.tr(CAMERA), t, th.TITLE_MM, bold=True))
            column.add_widget(
                Row(
                    t,
                    [
                        Big(self.tr(USE_CAMERA), t, lambda: self.set_camera(True), self.pick(self.camera)),
                        Big(
                            self.tr(NO_CAMERA), t, lambda: self.set_camera(False), self.pick(not self.camera)
                        ),
                    ],
                )
            )
            if self.camera:
                column.add_widget(Words(self.tr(STICKERS), t, bold=True))
                column.add_widget(
                    Row(
                        t,
                        [
                            Big(k.value.upper(), t, partial(self.set_kind, k), self.pick(k == self.kind))
                            for k in StickerKind
                        ],
                    )
                )
                column.add_widget(Big(self.tr(CHECK), t, self.check_camera))
                column.add_widget(self.check_result())
            if spec.box_setup is not None:
                column.add_widget(self.box_part(spec))
        column.add_widget(Big(self.tr(START), t, self.start, th.GOOD))
        body.add_widget(scrolled(column))
        return body

    @staticmethod
    def pick(chosen: bool) -> tuple[float, float, float, float]:
        return th.ACCENT if chosen else th.BUTTON

    def option_row(self, option: Option, game_tr: Translator) -> Widget:
        t, spec = self.theme, self.spec
        assert spec is not None
        default = getattr(spec.profile_type(), option.name)
        value = self.options[option.name]
        shown = self.value_words(value)
        words = (
            self.tr(RULEBOOK, value=shown)
            if value == default
            else self.tr(NOT_RULEBOOK, value=shown, default=self.value_words(default))
        )
        row = Row(t)
        if isinstance(default, bool):
            row.add_widget(Big(words, t, lambda: self.set_option(option.name, not value)))
        elif isinstance(default, int):
            row.add_widget(self.step(option.name, value, -1, option.low))
            row.add_widget(Words(words, t, halign="center", size_hint_x=0.5))
            row.add_widget(self.step(option.name, value, +1, option.high))
        else:
            choices = option.choices or (default,)
            following = choices[(choices.index(value) + 1) % len(choices)] if value in choices else default
            row.add_widget(Big(words, t, lambda: self.set_option(option.name, following)))
        return Column(t, [Words(game_tr(option.why), t, color=th.MUTED), row], padding=0)

    def step(self, name: str, value: int, by: int, end: int | None) -> Big:
        """The − or + of a whole-number option: flat and doing nothing at the end of its range."""
        if end is not None and (value <= end if by < 0 else value >= end):
            ended = Big("−" if by < 0 else "+", self.theme, None, th.PANEL, size_hint_x=0.25)
            ended.color = (*th.MUTED[:3], 0.35)  # greyed: a touch there does nothing
            return ended
        return Big(
            "−" if by < 0 else "+", self.theme, lambda: self.set_option(name, value + by), size_hint_x=0.25
        )

    def value_words(self, value: Any) -> str:
        if isinstance(value, bool):
            return self.tr(YES if value else NO)
        return str(value)

    def check_result(self) -> Widget:
        t = self.theme
        column = Column(t, padding=0)
        if self.check is None:
            return column
        result = self.check.result
        if result is None:
            column.add_widget(Words(self.tr(CHECKING), t, color=th.MUTED))
            Clock.schedule_once(lambda *_: self.refresh() if self.app.current == "setup" else None, 0.3)
            return column
        if result.image is not None:
            texture = Texture.create(size=(result.image.width, result.image.height), colorfmt="rgb")
            texture.blit_buffer(result.image.pixels, colorfmt="rgb", bufferfmt="ubyte")
            image = Image(texture=texture, fit_mode="contain", size_hint_y=None, height=t.mm(40))
            column.add_widget(image)
        for line in result.advice:
            column.add_widget(Words(line, t, color=th.GOOD if result.good else th.ALERT))
        return column

    def box_part(self, spec: GameSpec) -> Widget:
        """What the box needs confirmed once (ui/app/screens/box.py), and whether it is."""
        assert spec.box_setup is not None
        t, setup = self.theme, spec.box_setup()
        column = Column(t, padding=0)
        # Read once a visit, not at every redraw (the camera check redraws 3 times a second).
        if self.box_state is None:
            try:
                self.box_state = setup.load(setup.path()) is not None
            except RecordError as exc:
                logged("box file unreadable", exc.tell("en"))
                self.box_state = exc
        saved = self.box_state is True
        if not saved:
            unreadable = self.box_state if isinstance(self.box_state, RecordError) else None
            problem = self.tr(BOX_UNREADABLE if unreadable else BOX_NOT_SAVED)  # the file's detail: the log
            column.add_widget(Words(problem, t, color=th.PENDING))
        game_tr = translator(self.app.language, spec.domain, spec.locale_dir)
        column.add_widget(Big(game_tr(setup.title), t, self.open_box, th.BUTTON if saved else th.ACCENT))
        return column

    def open_box(self) -> None:
        assert self.spec is not None
        self.app.page("box").open(self.spec.name, self.kind.value, self.camera)

    # --- choices ----------------------------------------------------------------------------------------

    def set_players(self, n: int) -> None:
        self.players = n
        self.refresh()

    def move_up(self, seat: int) -> None:
        self.names[seat - 1], self.names[seat] = self.names[seat], self.names[seat - 1]
        self.refresh()

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value
        self.refresh()

    def set_kind(self, kind: StickerKind) -> None:
        self.kind = kind
        self.check = None
        self.refresh()

    def set_camera(self, on: bool) -> None:
        self.camera = on
        self.refresh()

    def check_camera(self) -> None:
        from ui.control.camera_check import CameraCheck  # OpenCV loads when the camera is first checked

        assert self.spec is not None
        self.check = CameraCheck(
            self.spec, self.app.options.source, self.kind, self.players, self.app.language
        ).start()
        self.refresh()

    def start(self) -> None:
        """Check the names and options, save a new game, and open the live table."""
        assert self.spec is not None
        try:
            names = checked_names(self.names[: self.players])
            game = self.spec.make(self.options)
        except CommandError as exc:
            self.problem = exc.tell(self.app.language)
        except RecordError as exc:
            self.problem = self.tr(BAD_OPTIONS, problem=exc.tell(self.app.language))
        else:
            try:
                path = self.app.library.new_session_path(self.spec.name)
                session = LiveSession.create(path, game, names)
            except (RecordError, OSError) as exc:  # the folder cannot be written: the detail is for the log
                logged("cannot save a new game", exc.tell("en") if isinstance(exc, RecordError) else exc)
                self.problem = self.tr(CANNOT_SAVE)
            else:
                self.app.page("live").play(session, camera=self.camera, kind=self.kind)
                return
        self.refresh()
