"""The box's pieces, confirmed once by touch (Kanaloa: its 12 sea cards' squares and dolphins).

Whatever the game, the screen is built from its box setup in the registry (companion/boxsetup.py): each piece's
areas as big buttons cycling through the game's colours, painted in the colour they name, a toggle each for the
game's mark, and Save. With a camera, the camera side's process reads one frame and proposes each area's colour
(ui/control/box_read.py); without one, or for a piece it does not see, the person sets each.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.boxsetup import BoxSetup
from companion.i18n import N_, Translator, translator
from companion.protocol import Game, RecordError
from companion.registry import GameSpec
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.family import logged

READ = N_("Read the cards with the camera")
READING = N_("Looking through the camera…")
PROPOSED = N_("The camera proposes these colours: touch a colour to change it, and mark each {mark}.")
BY_HAND = N_("No camera: touch each colour until it is the card's, and mark each {mark}.")
BY_TOUCH = N_("Or touch each colour until it is the card's, and mark each {mark}.")
SAVED_BOX = N_("Confirmed from a saved box: change what is wrong and save again.")
MARKED = N_("{mark}: yes")
UNMARKED = N_("{mark}: no")
SAVE = N_("Save")
CANNOT_SAVE = N_("Nothing is saved: {problem}")
BOX_UNREADABLE = N_("What was saved for this box cannot be read: confirm the pieces again, then save.")
BOX_NOT_WRITTEN = N_("Nothing is saved: the memory card may be full or read-only.")
BOX_SAVED = N_("Saved: this box's pieces are kept for every game.")


def rgba(bgr: tuple[int, int, int]) -> tuple[float, float, float, float]:
    return bgr[2] / 255, bgr[1] / 255, bgr[0] / 255, 1.0


class BoxPage(Page):
    """Set and save each piece's values; ``values`` holds them as the game writes them."""

    back = "setup"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.spec: GameSpec | None = None
        self.setup: BoxSetup | None = None
        self.game: Game[Any, Any] | None = None
        self.values: dict[str, list[str]] = {}
        self.kind = "aruco"
        self.read: Any = None  # ui.control.box_read.BoxRead, once asked
        self.applied = False  # the reading's proposal is in ``values``
        self._poll = Clock.create_trigger(
            lambda *_: self.refresh() if self.app.current == "box" else None, 0.3
        )
        # A line above all, told in the language of each redraw, and its colour.
        self.said: tuple[Callable[[str], str], tuple[float, float, float, float]] | None = None
        self.colour_buttons: dict[tuple[str, int], Big] = {}
        self.mark_buttons: dict[tuple[str, int], Big] = {}

    def open(self, game: str, kind: str = "aruco", camera: bool = True) -> None:
        """The box of ``game``: as saved, if it is; then read by the camera when there is one."""
        spec = self.app.registry.find(game)
        assert spec.box_setup is not None
        self.spec, self.setup, self.game, self.kind = spec, spec.box_setup(), spec.make(), kind
        self.read, self.applied, self.said = None, False, None
        self.values = self.first_values()
        if camera and self.app.options.source != "none":
            self.read_camera()
        self.app.go("box")

    def first_values(self) -> dict[str, list[str]]:
        setup = self.setup
        assert setup is not None
        colours = list(setup.printed)
        fresh = {
            piece: list(
                setup.first_guess(piece, [colours[k % len(colours)] for k in range(len(setup.areas))])
            )
            for piece in setup.pieces
        }
        try:
            saved = setup.load(self.path())
        except RecordError as exc:  # the file's path and the parser's words are for the log
            logged("box file unreadable", exc.tell("en"))
            self.said = (lambda language: self.tr(BOX_UNREADABLE), th.ALERT)
            return fresh
        if saved is None:
            return fresh
        self.said = (lambda language: self.tr(SAVED_BOX), th.MUTED)
        return {**fresh, **{piece: list(values) for piece, values in saved.items() if piece in fresh}}

    def path(self) -> Path:
        assert self.setup is not None
        return self.setup.path()

    def game_tr(self, language: str | None = None) -> Translator:
        """The game's words in ``language``, else the app's (``translator`` keeps one a language)."""
        assert self.spec is not None
        return translator(language or self.app.language, self.spec.domain, self.spec.locale_dir)

    def title_text(self) -> str:
        return self.game_tr()(self.setup.title) if self.setup is not None else ""

    def build_body(self) -> Widget:
        t, setup = self.theme, self.setup
        body = BoxLayout(orientation="vertical")
        if setup is None:
            return body
        self.take_reading()
        game_tr = self.game_tr()
        mark = game_tr(setup.mark)
        column = Column(t)
        if self.said is not None:
            column.add_widget(Words(self.said[0](self.app.language), t, color=self.said[1]))
        column.add_widget(self.camera_part(mark))
        self.colour_buttons, self.mark_buttons = {}, {}
        for piece in setup.pieces:
            column.add_widget(self.piece_row(piece, game_tr, mark))
        column.add_widget(Big(self.tr(SAVE), t, self.save, th.GOOD))
        body.add_widget(scrolled(column))
        return body

    def camera_part(self, mark: str) -> Widget:
        t = self.theme
        column = Column(t, padding=0)
        reading = None if self.read is None else self.read.result
        if self.read is not None and reading is None:
            column.add_widget(Words(self.tr(READING), t, color=th.MUTED))
            self._poll()  # one pending look at a time, however often the page is drawn meanwhile
            return column
        if reading is not None and reading.image is not None:
            texture = Texture.create(size=(reading.image.width, reading.image.height), colorfmt="rgb")
            texture.blit_buffer(reading.image.pixels, colorfmt="rgb", bufferfmt="ubyte")
            column.add_widget(Image(texture=texture, fit_mode="contain", size_hint_y=None, height=t.mm(40)))
        if reading is not None and reading.problem:
            column.add_widget(Words(reading.problem, t, color=th.ALERT))
        if reading is not None and reading.proposals:
            column.add_widget(Words(self.tr(PROPOSED, mark=mark), t))
        elif reading is not None:  # a camera that saw no piece, or could not look: the person sets each
            if not reading.problem:
                assert self.setup is not None
                column.add_widget(Words(self.game_tr()(self.setup.none_seen), t, color=th.PENDING))
            column.add_widget(Words(self.tr(BY_TOUCH, mark=mark), t))
        elif self.app.options.source == "none":
            column.add_widget(Words(self.tr(BY_HAND, mark=mark), t))
        if self.app.options.source != "none":
            column.add_widget(Big(self.tr(READ), t, self.read_camera))
        return column

    def piece_row(self, piece: str, game_tr: Translator, mark: str) -> Widget:
        t, setup, game = self.theme, self.setup, self.game
        assert setup is not None and game is not None
        row = Row(t)
        row.add_widget(Words(game.card_name(piece, self.app.language), t, size_hint_x=0.22))
        share = 0.78 / len(setup.areas)
        for area, value in enumerate(self.values[piece]):
            colour, marked = setup.colour(value), setup.marked(value)
            button = Big(
                setup.value_words(value, game_tr),
                t,
                partial(self.next_colour, piece, area),
                rgba(setup.printed[colour]),
                size_hint_x=share * 0.58,
            )
            self.colour_buttons[piece, area] = button
            row.add_widget(button)
            if setup.value(piece, area, colour, not marked) == value:  # no mark here (Kanaloa: the waves)
                row.add_widget(Widget(size_hint_x=share * 0.42))
                continue
            toggle = Big(
                self.tr(MARKED if marked else UNMARKED, mark=mark),
                t,
                partial(self.toggle_mark, piece, area),
                th.ACCENT if marked else th.BUTTON,
                size_hint_x=share * 0.42,
            )
            self.mark_buttons[piece, area] = toggle
            row.add_widget(toggle)
        return row

    # --- what the person does -----------------------------------------------------------------------------

    def next_colour(self, piece: str, area: int) -> None:
        setup = self.setup
        assert setup is not None
        value = self.values[piece][area]
        colours = list(setup.printed)
        following = colours[(colours.index(setup.colour(value)) + 1) % len(colours)]
        self.values[piece][area] = setup.value(piece, area, following, setup.marked(value))
        self.refresh()

    def toggle_mark(self, piece: str, area: int) -> None:
        setup = self.setup
        assert setup is not None
        value = self.values[piece][area]
        self.values[piece][area] = setup.value(piece, area, setup.colour(value), not setup.marked(value))
        self.refresh()

    def read_camera(self) -> None:
        from ui.control.box_read import BoxRead, BoxReadJob  # the reading itself runs in the camera's process

        assert self.spec is not None
        job = BoxReadJob(self.spec.name, self.app.options.source, self.kind, self.app.language, 5.0, 640)
        self.read, self.applied = BoxRead(job).start(), False
        if self.app.current == "box":
            self.refresh()

    def take_reading(self) -> None:
        """The camera's proposal into ``values``, once it has come: each piece it saw, as the game guesses."""
        reading = None if self.read is None else self.read.result
        if reading is None or self.applied or self.setup is None:
            return
        self.applied = True
        for piece, colours in reading.proposals.items():
            if piece in self.values:
                self.values[piece] = list(self.setup.first_guess(piece, colours))
        unseen = [p for p in self.setup.pieces if p not in reading.proposals]
        if reading.proposals and unseen and self.game is not None:
            game, unseen_words = self.game, self.setup.unseen
            self.said = (
                lambda language: self.game_tr(language)(
                    unseen_words, cards=", ".join(game.card_name(p, language) for p in unseen)
                ),
                th.PENDING,
            )

    def cannot_save(self, game: Game[Any, Any], problem: Any, language: str) -> str:
        return self.tr(CANNOT_SAVE, problem=game.tell(problem, language))

    def save(self) -> None:
        """Every piece checked as the game judges it, then the whole box saved; nothing is saved if one is wrong."""
        setup, game = self.setup, self.game
        assert setup is not None and game is not None
        for piece in setup.pieces:
            problem = setup.problem(piece, self.values[piece])
            if problem is not None:
                self.said = (
                    partial(self.cannot_save, game, problem),
                    th.ALERT,
                )
                self.refresh()
                return
        try:
            setup.save(self.path(), self.values)
        except RecordError as exc:  # not a whole box: the game's own words
            error = exc
            self.said = (lambda language: self.tr(CANNOT_SAVE, problem=error.tell(language)), th.ALERT)
        except OSError as exc:  # the folder cannot be written: the detail is for the log
            logged(f"cannot save the box in {self.path()}", exc)
            self.said = (lambda language: self.tr(BOX_NOT_WRITTEN), th.ALERT)
        else:
            logged("box saved", self.path())
            self.said = (lambda language: self.tr(BOX_SAVED), th.GOOD)
        self.refresh()
