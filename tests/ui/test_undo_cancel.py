"""Undo (take back the last move) and Cancel (close what is open, change nothing) are two words in every language:
a family reading "Annuler" on both could not tell which one loses a move."""

from __future__ import annotations

import pytest

from companion.i18n import LANGUAGES
from hardware.i18n import hardware_translator
from ui.talk import ui_translator


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_screen_says_undo_and_cancel_with_two_words(language: str) -> None:
    tr = ui_translator(language)
    undo, cancel = tr("Undo"), tr("Cancel")
    assert undo.casefold() != cancel.casefold(), (language, undo, cancel)
    if language != "en":  # translated, not left in English
        assert (undo, cancel) != ("Undo", "Cancel")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panels_undo_button_has_the_screens_undo_word(language: str) -> None:
    """The panel's button, the screen's button and the hint naming the button say the same word."""
    panel = hardware_translator(language)("undo")
    assert panel.casefold() == ui_translator(language)("Undo").casefold()
    assert panel.casefold() != ui_translator(language)("Cancel").casefold()
    hint = ui_translator(language)(
        "  To take this card back: hold undo on the panel (off a Pi, hold the u key)."
    )
    assert panel in hint, hint
