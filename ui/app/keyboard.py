"""The app's own keyboard for players' names: the name being typed large at the top, the keys under it, so the
finger never hides what it types.

Kivy's on-screen keyboard floats over the field it types into, its keys are 8 mm wide, and it knows only the US
layout. These keys fill the screen's width under the name, each at least the theme's touch target (10 mm), in
the screen's language's layout: QWERTY with the accented vowels for English and Italian, AZERTY with é è à ç ù
for French. A physical keyboard types into the same name (a desktop, or a Pi with one plugged in).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kivy.core.window import Window
from kivy.graphics import Color, Rectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup, get_hex_from_color

from companion.i18n import N_
from ui.app import theme as th
from ui.app.theme import Theme
from ui.app.widgets import Big, Colour, Words, backdrop

ERASE = N_("Erase")  # one letter back
CLEAR = N_("Clear")  # the whole name
SPACE = N_("space")
DONE = N_("Done")
DIGITS = "1234567890"  # on the first row's keys, after a touch of "123": "Table 2", "Anna 2"
FIELD_MM = 14.0  # the name being typed: large enough to read from the other side of the table
NAME_MM = 8.0
KEY_MM = 6.5
BACKSPACE, ENTER, KEYPAD_ENTER = 8, 13, 271


class NameField(ButtonBehavior, Label):
    """A seat's name on the setup page, touched to type it: a field to look at, not one more button among the
    page's (a seat called "P3" is not the player count's 3)."""

    def __init__(self, text: str, theme: Theme, on_press: Callable[[], None], empty: bool) -> None:
        super().__init__(
            text=text,
            font_size=theme.body,
            color=th.MUTED if empty else th.TEXT,
            halign="left",
            valign="middle",
            shorten=True,
            padding=(theme.mm(2), 0),
            size_hint_y=None,
            height=theme.target,
        )
        self.bind(size=lambda w, size: setattr(w, "text_size", size), on_release=lambda *_: on_press())
        backdrop(self, th.PANEL)
        with self.canvas.after:  # the underline of a field that can be typed into
            Color(*th.MUTED)
            line = Rectangle()
        self.bind(
            pos=lambda w, _p: setattr(line, "pos", w.pos), width=lambda w, x: setattr(line, "size", (x, 2))
        )


@dataclass(frozen=True)
class KeyLayout:
    """The letter keys of one language, row by row; the third row sits between Shift and Erase."""

    rows: tuple[str, str, str]
    accents: str


QWERTY = KeyLayout(("qwertyuiop", "asdfghjkl'", "zxcvbnm-"), "àèéìòùç")
LAYOUTS = {
    "en": QWERTY,
    "it": QWERTY,
    "fr": KeyLayout(("azertyuiop", "qsdfghjklm", "wxcvbn'-"), "éèêàçùôîï"),
}


def layout_for(language: str) -> KeyLayout:
    return LAYOUTS.get(language, QWERTY)


@dataclass(frozen=True)
class Draft:
    """A name as it is typed. ``fresh``: still the name the editor opened with, which the first letter replaces
    (the seat's P1 is selected, as a field's text is when it is tapped). ``upper``: the next letter's case."""

    text: str
    fresh: bool = False
    upper: bool = True

    def typed(self, key: str) -> Draft:
        text = key if self.fresh else self.text + key
        return Draft(text, upper=key in " -'")  # a capital after a space or hyphen: Anne-Marie, Di Rosa

    def erased(self) -> Draft:
        text = "" if self.fresh else self.text[:-1]
        return Draft(text, upper=not text or text[-1] in " -'")


class NameEditor(BoxLayout):
    """One seat's name being typed: a line saying whose it is (or what is wrong with it), the name, the keys.

    ``allow(text)`` says whether a key may make the name ``text`` (False: the key is refused, ``told`` says
    why); ``on_done(text)`` and ``on_cancel()`` close the editor, the page deciding.
    """

    def __init__(
        self,
        theme: Theme,
        tr: Callable[[str], str],
        language: str,
        prompt: str,
        text: str,
        fresh: bool,
        allow: Callable[[str], str | None],
        on_done: Callable[[str], None],
        **kwargs: Any,
    ) -> None:
        super().__init__(orientation="vertical", padding=theme.gap, spacing=theme.gap, **kwargs)
        self.theme, self.prompt, self.allow, self.on_done = theme, prompt, allow, on_done
        self.draft = Draft(text, fresh=fresh and bool(text), upper=not text or fresh)
        self.told = Words(prompt, theme, color=th.MUTED)
        self.add_widget(self.told)
        self.field = Label(
            markup=True,
            font_size=theme.mm(NAME_MM),
            size_hint_y=None,
            height=theme.mm(FIELD_MM),
            halign="left",
            valign="middle",
            shorten=True,
            shorten_from="left",  # a long name shows its end, where the next letter goes
            padding=(theme.mm(2), 0),
        )
        self.field.bind(size=lambda w, size: setattr(w, "text_size", size))
        backdrop(self.field, th.PANEL)
        with self.field.canvas.after:  # an underline: this is where the typing goes
            Color(*th.ACCENT)
            line = Rectangle()
        self.field.bind(
            pos=lambda w, _p: setattr(line, "pos", w.pos), width=lambda w, x: setattr(line, "size", (x, 3))
        )
        self.add_widget(self.field)
        self.keyboard = NameKeyboard(theme, tr, layout_for(language), self)
        self.add_widget(self.keyboard)
        self.show()

    # --- what the keys do -------------------------------------------------------------------------------

    def type(self, key: str) -> None:
        key = key.upper() if self.draft.upper and key != " " else key
        self.change(self.draft.typed(key))

    def erase(self) -> None:
        self.change(self.draft.erased())

    def clear(self) -> None:
        self.change(Draft(""))

    def shift(self) -> None:
        self.draft = Draft(self.draft.text, self.draft.fresh, not self.draft.upper)
        self.show()

    def done(self) -> None:
        self.on_done(self.draft.text)

    def change(self, draft: Draft) -> None:
        problem = self.allow(draft.text)
        if problem is not None:
            self.tell(problem)
            return
        self.draft = draft
        self.tell(None)
        self.show()

    def tell(self, problem: str | None) -> None:
        """Say what is wrong with the name (in the alert colour), or whose name this is."""
        self.told.text = problem or self.prompt
        self.told.color = th.ALERT if problem else th.MUTED

    def show(self) -> None:
        caret = get_hex_from_color(th.ACCENT)
        colour = get_hex_from_color(th.MUTED if self.draft.fresh else th.TEXT)
        self.field.text = f"[color={colour}]{escape_markup(self.draft.text)}[/color][color={caret}]|[/color]"
        self.keyboard.set_case(self.draft.upper)

    # --- a physical keyboard ----------------------------------------------------------------------------

    def listen(self) -> None:
        Window.bind(on_textinput=self._textinput, on_key_down=self._key_down)

    def stop_listening(self) -> None:
        Window.unbind(on_textinput=self._textinput, on_key_down=self._key_down)

    def _textinput(self, _window: Any, text: str) -> bool:
        for char in text:
            self.change(self.draft.typed(char))  # as typed: the keyboard's own Shift gave the case
        return True

    def _key_down(self, _window: Any, key: int, *_: Any) -> bool:
        if key == BACKSPACE:
            self.erase()
            return True
        if key in (ENTER, KEYPAD_ENTER):
            self.done()
            return True
        return False


class Letter(Big):
    """A key that types ``char``, shown as it will be typed."""

    quick_taps = True  # "Anna" types its two n's fast: the window's tap guard lets them through

    def __init__(self, char: str, theme: Theme, editor: NameEditor) -> None:
        super().__init__(
            char, theme, lambda: editor.type(self.char), th.BUTTON, KEY_MM, size_hint_x=1, size_hint_y=1
        )
        self.char = char


class NameKeyboard(BoxLayout):
    """The keys, five rows filling the space under the name: the letters, the accents, Clear, space, Done."""

    def __init__(self, theme: Theme, tr: Callable[[str], str], layout: KeyLayout, editor: NameEditor) -> None:
        super().__init__(orientation="vertical", spacing=theme.gap)
        self.letters: list[Letter] = []
        first, second, third = layout.rows

        def row(*keys: Big) -> BoxLayout:
            line = BoxLayout(orientation="horizontal", spacing=theme.gap)
            for key in keys:
                line.add_widget(key)
            return line

        def letters(chars: str) -> list[Letter]:
            keys = [Letter(c, theme, editor) for c in chars]
            self.letters.extend(keys)
            return keys

        self.shift = self.key("ABC", theme, editor.shift, th.BUTTON, 1.5)
        self.add_widget(row(*letters(first)))
        self.first_row, self.first_chars, self.digits = self.letters[: len(first)], first, False
        self.add_widget(row(*letters(second)))
        self.add_widget(
            row(
                self.shift, *letters(third), erase := self.key(tr(ERASE), theme, editor.erase, th.BUTTON, 2.5)
            )
        )
        self.add_widget(row(*letters(layout.accents)))
        self.clear = self.key(tr(CLEAR), theme, editor.clear, th.ALERT, 1.5)
        self.space = self.key(tr(SPACE), theme, lambda: editor.type(" "), th.PANEL, 3.0)
        self.numbers = self.key("123", theme, self.toggle_digits, th.BUTTON, 1.0)
        erase.quick_taps = self.space.quick_taps = True  # typing keys; Done and Clear keep the guard
        self.done = self.key(tr(DONE), theme, editor.done, th.GOOD, 1.5)
        self.add_widget(row(self.clear, self.numbers, self.space, self.done))

    @staticmethod
    def key(text: str, theme: Theme, press: Callable[[], None], colour: Colour, width: float = 1.0) -> Big:
        """A key of words (Erase, space…): body-sized, as "Cancella" must fit one line of its key."""
        return Big(text, theme, press, colour, th.BODY_MM, size_hint_x=width, size_hint_y=1)

    def toggle_digits(self) -> None:
        """The first row's keys type digits, or their letters again; "123" says "A-Z" while digits show."""
        self.digits = not self.digits
        chars = DIGITS if self.digits else self.first_chars
        upper = any(key.char.isupper() for key in self.letters[len(self.first_row) :])
        for key, char in zip(self.first_row, chars, strict=False):
            key.char = char.upper() if upper else char
            key.text = key.char
        self.numbers.text = "A-Z" if self.digits else "123"  # not "ABC": the shift key says that

    def set_case(self, upper: bool) -> None:
        """Letters as they will be typed: capitals at a name's start and after Shift."""
        for key in self.letters:
            key.char = key.char.upper() if upper else key.char.lower()
            key.text = key.char
        self.shift.text = "abc" if upper else "ABC"

    def all_keys(self) -> list[Big]:
        return [w for w in self.walk(restrict=True) if isinstance(w, Big)]
