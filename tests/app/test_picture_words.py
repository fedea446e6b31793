"""A table picture's tile words (ui/app/picture.py): a word is shrunk to fit whole rather than broken mid-word."""

from __future__ import annotations

from ui.app.picture import fitted


def test_a_word_wider_than_its_tile_is_shrunk_whole_not_broken(ui) -> None:
    # At 14.4 px "purple" is 39 px wide: in a 28 px tile Kivy would wrap it as "purp / le" and call it fitted.
    texture = fitted("purple", 28, 40, "center")
    assert texture.width <= 29
    assert texture.height < 17, "more than one line: the word was broken"


def test_a_redrawn_picture_fits_again_only_the_words_that_changed(ui, monkeypatch) -> None:
    """Fitting words is most of a redraw: a move that changes one tile's words fits those words alone, and the
    tiles that kept theirs show the very texture they showed."""
    from companion.picture import Caption, TablePicture, Tile
    from ui.app import picture as drawn
    from ui.app.picture import PictureView

    fits: list[str] = []
    real = drawn.fitted
    monkeypatch.setattr(drawn, "fitted", lambda text, *rest: fits.append(text) or real(text, *rest))
    tiles = tuple(Tile(0.05 + 0.3 * k, 0.1, 0.25, 0.2, f"card {k}", "card") for k in range(3))
    view = PictureView(size=(400, 300))
    view.show(TablePicture(0.5, tiles, (Caption(0.05, 0.35, 0.9, "Ana's turn"),)))
    assert sorted(fits) == ["Ana's turn", "card 0", "card 1", "card 2"]
    shown = {key[0]: texture for key, texture in view._texts.items()}

    fits.clear()
    moved = (*tiles[:2], Tile(0.65, 0.1, 0.25, 0.2, "card 9", "card"))
    view.show(TablePicture(0.5, moved, (Caption(0.05, 0.35, 0.9, "Ana's turn"),)))
    assert fits == ["card 9"]
    now = {key[0]: texture for key, texture in view._texts.items()}
    assert set(now) == {"Ana's turn", "card 0", "card 1", "card 9"}  # card 2's words are let go
    assert all(now[text] is shown[text] for text in ("Ana's turn", "card 0", "card 1"))

    fits.clear()
    view.size = (600, 450)  # other room: every word is fitted again
    assert sorted(fits) == ["Ana's turn", "card 0", "card 1", "card 9"]
