"""A table picture's words (ui/app/picture.py): never under 16 px, never a word broken mid-word."""

from __future__ import annotations

from ui.app.picture import fitted


def test_a_word_wider_than_its_tile_at_16_px_is_not_drawn_smaller_nor_broken(ui) -> None:
    # At 16 px "purple" is about 45 px wide: in a 28 px tile it is neither shrunk (the old 7 px) nor broken.
    assert fitted("purple", 28, 40, "center") is None
    fit = fitted("purple", 60, 40, "center")
    assert fit is not None and fit.size >= 16 and [line for line, _ in fit.lines] == ["purple"]


def test_words_wrap_whole_and_a_caption_says_less_rather_than_smaller(ui) -> None:
    two = fitted("pesce rosso", 60, 50, "center")
    assert two is not None and [line for line, _ in two.lines] == ["pesce", "rosso"]
    cut = fitted("Si aspetta che P2 possa scoprire una carta", 200, 20, "left", shorten=True)
    assert cut is not None and cut.size == 16
    assert cut.lines[0][0].endswith(" …") and cut.lines[0][1].width <= 200


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
