"""Setup: the players and their names in seat order, the rules options, the sticker kind, and a camera check."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.errors import CommandError
from companion.i18n import N_, Translator, translator
from companion.names import LONG_NAME, MAX_NAME, checked_names
from companion.protocol import Option, RecordError
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import default_seats
from companion.teaching import load_progress
from ui.app import theme as th
from ui.app.keyboard import NameEditor, NameField
from ui.app.page import Page
from ui.app.screens.box import BOX_UNREADABLE
from ui.app.speech import speech_words
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.family import logged
from ui.control.players import fits, names_problem, recent_players, seat_problem
from vision.kinds import StickerKind

PLAYERS = N_("Players")
NAMES = N_("Names, in seat order (clockwise from the first player): touch a name to type it")
NO_NAME = N_("Seat {n}: touch here to type a name")
WHOSE_NAME = N_("Seat {n}'s name")
RECENT = N_("Players of recent games: touch a name to seat it")
ALL_SEATED = N_("Every seat has a name: touch a seat's name to change it, then touch {name} again.")
ADVANCED = N_("Advanced")
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
FIRST_GAME = N_("First game: each rule is explained the first time it comes up")
FIRST_GAME_ON = N_("On: explain each rule once")
FIRST_GAME_OFF = N_("Off: everyone knows the game")
CAMERA_MISSING = N_(
    "No camera was found, so it cannot referee. Play by hand, or connect the camera and check it again."
)
BY_HAND = N_("Play by hand")
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
        self.inputs: list[NameField] = []  # each seat's name, touched to type it
        self.chips: list[Big] = []  # the players of recent games
        self.recent: list[str] = []
        self.editor: NameEditor | None = None  # the keyboard, while a name is typed
        self.editing: int | None = None  # the seat whose name it types
        self.advanced = False  # the sticker kind's fold
        self.scroll: ScrollView | None = None
        self.verdict: Widget | None = None  # the camera check's words, scrolled to when they arrive
        self.told: Widget | None = None  # what Start or a chip refused
        self.shown_check: Any = None  # the check result the page was drawn with
        # The box file as read when the page was last entered: None, not read yet; else whether a box is saved,
        # or why the file cannot be read (told in the language of each redraw).
        self.box_state: bool | RecordError | None = None
        # The first-game switch as touched; None: on when a seated player never finished the game.
        self.first_game_chosen: bool | None = None
        self.teaching: Any = None  # the game's (companion/teaching.py), for the options' effect sentences

    def begin(self, game: str) -> None:
        """A new setup for ``game``: the rulebook's options, the fewest players, default names."""
        self.spec = self.app.registry.find(game)
        self.players = max(self.spec.min_players, min(4, self.spec.max_players))
        self.names = list(default_seats(self.spec.max_players))
        self.options = self.spec.profile_type().to_json()
        self.camera = self.spec.refereed_live and self.app.options.source != "none"
        self.check, self.problem = None, None
        self.editing, self.advanced = None, False
        self.recent = recent_players(self.app.library, self.app.registry)
        self.first_game_chosen = None
        self.teaching = self.spec.teaching(self.app.registry.make_game(game))

    @property
    def first_game(self) -> bool:
        """The first-game switch: as touched, else on when a seated player has never finished this game."""
        if self.first_game_chosen is not None or self.spec is None:
            return bool(self.first_game_chosen)
        progress = load_progress(self.app.options.progress_dir)
        return progress.first_game([n.strip() for n in self.names[: self.players]], self.spec.name)

    def set_first_game(self, on: bool) -> None:
        self.first_game_chosen = on
        self.refresh()

    def first_game_part(self) -> Widget:
        t, on = self.theme, self.first_game
        column = Column(t, [Words(self.tr(FIRST_GAME), t, th.TITLE_MM, bold=True)], padding=0)
        column.add_widget(
            Row(
                t,
                [
                    Big(self.tr(FIRST_GAME_ON), t, partial(self.set_first_game, True), self.pick(on)),
                    Big(self.tr(FIRST_GAME_OFF), t, partial(self.set_first_game, False), self.pick(not on)),
                ],
            )
        )
        return column

    def play_again(self, game: str, names: list[str], options: dict[str, Any]) -> None:
        """The setup of ``game`` filled with ``names`` (seat order) and the rules ``options``, opened ready for
        Start: the end screen's Play again."""
        self.begin(game)
        assert self.spec is not None
        self.players = max(self.spec.min_players, min(len(names), self.spec.max_players))
        self.names[: self.players] = list(names[: self.players])
        self.options.update(options)
        self.app.go("setup")

    def on_leave(self, *args: Any) -> None:
        self.close_editor()

    def on_pre_enter(self, *args: Any) -> None:
        self.box_state = None  # back from the box screen, perhaps saved there: read the file again
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        """The page, or while a name is typed, the name and the keys over the whole screen (no top bar: the keys
        get its height)."""
        if self.editor is None:
            # Drawn again (a language, a touch, the camera's verdict): stay where the family had scrolled to.
            kept = self.scroll.scroll_y if self.scroll is not None else 1.0
            super().refresh()
            if self.scroll is not None:
                self.scroll.scroll_y = kept
                if self.told is not None:
                    Clock.schedule_once(lambda *_: self.show(self.told), 0)
                arrived = self.check is not None and self.check.result is not None
                if arrived and self.shown_check is not self.check.result and self.verdict is not None:
                    self.shown_check = self.check.result
                    Clock.schedule_once(lambda *_: self.show(self.verdict), 0)
            return
        self.frame.clear_widgets()
        self.frame.add_widget(self.editor)

    def show(self, widget: Widget | None) -> None:
        """Scroll ``widget`` into view, once it is laid out in the page as drawn now."""
        if self.scroll is not None and widget is not None and widget.parent is not None:
            self.scroll.scroll_to(widget, padding=self.theme.gap, animate=False)

    def title_text(self) -> str:
        return self.spec.title if self.spec is not None else self.tr(self.heading)

    def build_body(self) -> Widget:
        t, spec = self.theme, self.spec
        body = BoxLayout(orientation="vertical")
        if spec is None:
            return body
        column = Column(t)
        told = Words(self.problem, t, color=th.ALERT) if self.problem else None
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
            name = self.names[seat].strip()
            field = NameField(
                name or self.tr(NO_NAME, n=seat + 1), t, partial(self.open_editor, seat), not name
            )
            self.inputs.append(field)
            row = Row(t, [field])
            if seat > 0:
                row.add_widget(Big(self.tr(UP), t, partial(self.move_up, seat), size_hint_x=0.4))
            column.add_widget(row)
        self.chips = []
        seated = {n.strip().casefold() for n in self.names[: self.players]}
        offered = [n for n in self.recent if n.casefold() not in seated]
        if offered:
            column.add_widget(Words(self.tr(RECENT), t, color=th.MUTED))
            self.chips = [Big(n, t, partial(self.seat_recent, n), th.BUTTON) for n in offered]
            for k in range(0, len(self.chips), 4):
                column.add_widget(Row(t, self.chips[k : k + 4]))
        if self.teaching is not None:
            column.add_widget(self.first_game_part())
        if spec.options:
            game_tr = translator(self.app.language, spec.domain, spec.locale_dir)  # the game's own words
            column.add_widget(Words(self.tr(OPTIONS), t, th.TITLE_MM, bold=True))
            for option in (o for o in spec.options if o.offered):
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
                column.add_widget(Big(self.tr(CHECK), t, self.check_camera))
                self.verdict = self.check_result()
                column.add_widget(self.verdict)
            if spec.box_setup is not None:
                column.add_widget(self.box_part(spec))
        voice, volume = speech_words(self.app.speech.settings, self.tr)
        column.add_widget(
            Row(
                t,
                [
                    Big(voice, t, lambda: self.speech(self.app.speech.toggle), th.BUTTON),
                    Big(volume, t, lambda: self.speech(self.app.speech.louder), th.BUTTON),
                ],
            )
        )
        if told is not None:  # next to Start, and scrolled to (``refresh``): what to fix before starting
            column.add_widget(told)
        self.told = told
        if self.camera_missing():
            column.add_widget(Words(self.tr(CAMERA_MISSING), t, color=th.ALERT))
            column.add_widget(
                Row(
                    t,
                    [
                        Big(self.tr(BY_HAND), t, self.play_by_hand, th.GOOD),
                        Big(self.tr(START), t, self.start),
                    ],
                )
            )
        else:
            column.add_widget(Big(self.tr(START), t, self.start, th.GOOD))
        if spec.refereed_live and self.camera:
            column.add_widget(self.advanced_part())
        self.scroll = scrolled(column)
        body.add_widget(self.scroll)
        return body

    def advanced_part(self) -> Widget:
        """The sticker kind, folded away: a family's box comes with the app's stickers, left as they are."""
        t = self.theme
        fold = "− " if self.advanced else "+ "  # the font has these, not ▸ ▾
        column = Column(t, [Big(fold + self.tr(ADVANCED), t, self.toggle_advanced, th.PANEL)], padding=0)
        if self.advanced:
            column.add_widget(Words(self.tr(STICKERS), t, bold=True))
            kinds = [
                Big(k.value.upper(), t, partial(self.set_kind, k), self.pick(k == self.kind))
                for k in StickerKind
            ]
            column.add_widget(Row(t, kinds))
        return column

    def camera_missing(self) -> bool:
        """Whether the camera, chosen to referee, was checked and gave no image at all."""
        result = self.check.result if self.check is not None else None
        return self.camera and result is not None and result.verdict is None and result.image is None

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
        elif option.says and len(option.says) == len(option.choices):
            # Every choice in words, side by side: the family sees what else there is, the rulebook's marked.
            for choice, said in zip(option.choices, option.says, strict=True):
                label = self.tr(RULEBOOK, value=game_tr(said)) if choice == default else game_tr(said)
                row.add_widget(
                    Big(label, t, partial(self.set_option, option.name, choice), self.pick(choice == value))
                )
        else:
            choices = option.choices or (default,)
            following = choices[(choices.index(value) + 1) % len(choices)] if value in choices else default
            row.add_widget(Big(words, t, lambda: self.set_option(option.name, following)))
        asked = option.ask if option.ask and option.says else option.why
        shown = Column(t, [Words(game_tr(asked), t, color=th.MUTED), row], padding=0)
        if self.teaching is not None:  # what the value chosen changes, in a sentence that follows it
            shown.add_widget(Words(self.teaching.option_effect(option.name, value, self.app.language), t))
        return shown

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
            Clock.schedule_once(lambda *_: self.await_check(self.check), 0.3)
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

    def await_check(self, check: Any) -> None:
        """Draw the page again once the check has its verdict (not before: a redraw costs a Pi's frame)."""
        if check is not self.check or self.app.current != "setup":
            return
        if check.result is None:
            Clock.schedule_once(lambda *_: self.await_check(check), 0.3)
        elif self.editor is None:
            self.refresh()

    def open_box(self) -> None:
        assert self.spec is not None
        self.app.page("box").open(self.spec.name, self.kind.value, self.camera)

    # --- choices ----------------------------------------------------------------------------------------

    def open_editor(self, seat: int) -> None:
        """The keyboard for ``seat``'s name, over the whole screen; the seat's P1 is replaced by the first key."""
        self.close_editor()
        self.problem = None
        name = self.names[seat]
        self.editing = seat
        self.editor = NameEditor(
            self.theme,
            self.tr,
            self.app.language,
            self.tr(WHOSE_NAME, n=seat + 1),
            name,
            fresh=name in default_seats(4),
            allow=partial(self.allow_name, seat),
            on_done=self.name_done,
        )
        self.editor.listen()
        self.refresh()

    def allow_name(self, seat: int, text: str) -> str | None:
        """Why a key may not make the name ``text`` (a name past the longest), or None."""
        if fits(text):
            return None
        return self.tr(LONG_NAME, n=seat + 1, length=len(text), limit=MAX_NAME)

    def name_done(self, text: str) -> None:
        """Keep the typed name if it is right; if not, say why on the keyboard's screen and keep the typing."""
        assert self.editing is not None and self.editor is not None
        names = list(self.names[: self.players])
        names[self.editing] = text
        problem = seat_problem(names, self.editing)
        if problem is not None:
            self.editor.tell(self.tr(problem.message, **problem.params))
            return
        self.names[self.editing] = text.strip()
        self.close_editor()
        self.refresh()

    def close_editor(self) -> None:
        if self.editor is not None:
            self.editor.stop_listening()
        self.editor, self.editing = None, None

    def go_back(self) -> None:
        """Back (or Escape) while a name is typed closes the keyboard, the name as it was."""
        if self.editor is not None:
            self.close_editor()
            self.refresh()
        else:
            super().go_back()

    def seat_recent(self, name: str) -> None:
        """A recent player's chip: the name in the first seat without one of its own (empty, or P1…)."""
        free = [s for s in range(self.players) if self.names[s].strip() in ("", *default_seats(4))]
        if not free:
            self.problem = self.tr(ALL_SEATED, name=name)
        else:
            self.names[free[0]], self.problem = name, None
        self.refresh()

    def speech(self, change: Callable[[], None]) -> None:
        change()  # the app's speech settings (on/off, louder), then the buttons' new words
        self.refresh()

    def toggle_advanced(self) -> None:
        self.advanced = not self.advanced
        self.refresh()

    def play_by_hand(self) -> None:
        self.camera = False
        self.start()

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
            # An emoji typed on a physical keyboard: the screen cannot draw it.
            pictured = names_problem(names)
            if pictured is not None:
                self.problem = self.tr(pictured.message, **pictured.params)
                self.refresh()
                return
            try:
                path = self.app.library.new_session_path(self.spec.name)
                session = LiveSession.create(path, game, names)
            except (RecordError, OSError) as exc:  # the folder cannot be written: the detail is for the log
                logged("cannot save a new game", exc.tell("en") if isinstance(exc, RecordError) else exc)
                self.problem = self.tr(CANNOT_SAVE)
            else:
                self.app.page("live").play(
                    session, camera=self.camera, kind=self.kind, first_game=self.first_game
                )
                return
        self.refresh()
