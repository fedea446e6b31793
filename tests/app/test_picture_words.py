"""A table picture's tile words (ui/app/picture.py): a word is shrunk to fit whole rather than broken mid-word."""

from __future__ import annotations

from ui.app.picture import fitted


def test_a_word_wider_than_its_tile_is_shrunk_whole_not_broken(ui) -> None:
    # At 14.4 px "purple" is 39 px wide: in a 28 px tile Kivy would wrap it as "purp / le" and call it fitted.
    texture = fitted("purple", 28, 40, "center")
    assert texture.width <= 29
    assert texture.height < 17, "more than one line: the word was broken"
