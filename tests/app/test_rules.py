"""The rules screen: every registered game's teaching summary, in the app's language, in readable paragraphs."""

from __future__ import annotations

from companion.games import GAMES
from ui.app.screens.rules import paragraphs


def summary_shown(ui, name: str, language: str) -> list[str]:
    """The paragraphs of ``name``'s summary as the screen shows them, in the screen's order."""
    wanted = paragraphs(GAMES.make_game(name).rules_summary(language))
    texts = ui.texts()
    assert wanted[0] in texts, texts
    start = texts.index(wanted[0])
    return texts[start : start + len(wanted)]


def test_paragraphs_join_the_hard_line_breaks_and_keep_every_word() -> None:
    text = "One two\nthree.\n\n\nFour:\n- five\n- six\n"
    assert paragraphs(text) == ["One two three.", "Four:\n- five\n- six"]
    for name in GAMES:
        summary = GAMES.make_game(name).rules_summary("en")
        assert " ".join(paragraphs(summary)).split() == summary.split()


def test_each_game_has_a_button_and_its_summary_reads_in_paragraphs(ui) -> None:
    ui.tap("Rules")
    assert ui.app.current == "rules"
    for name in GAMES:
        title = GAMES[name].title
        ui.tap(ui.button(title))
        ui.tap(ui.button("Details"))
        assert f"{title} in short" in ui.texts()
        assert summary_shown(ui, name, "en") == paragraphs(GAMES.make_game(name).rules_summary("en"))
        ui.screenshot(f"rules-{name}-en-800x480")


def test_the_summary_follows_the_language_and_the_screen_size(ui) -> None:
    ui.tap("Rules")
    name = list(GAMES)[-1]
    ui.tap(ui.button(GAMES[name].title))
    ui.tap(ui.button("Details"))
    for language in ("fr", "it"):
        ui.app.set_language(language)
        ui.pump(2)
        assert summary_shown(ui, name, language) == paragraphs(GAMES.make_game(name).rules_summary(language))
        ui.screenshot(f"rules-{name}-{language}-800x480")
    ui.resize("1280x720")
    assert summary_shown(ui, name, "it") == paragraphs(GAMES.make_game(name).rules_summary("it"))
    ui.screenshot(f"rules-{name}-it-1280x720")
    ui.app.set_language("en")
    ui.pump(2)
    first = next(iter(GAMES))
    ui.tap(ui.button(GAMES[first].title))
    ui.tap(ui.button("Details"))
    ui.screenshot(f"rules-{first}-en-1280x720")


def test_the_game_buttons_are_big_enough_for_a_finger(ui) -> None:
    ui.tap("Rules")
    for name in GAMES:
        button = ui.button(GAMES[name].title)
        assert button.height >= ui.app.theme.mm(9) and button.width >= ui.app.theme.mm(9)


BLOCKS = {"en": ("The goal", "A turn", "The end", "Scoring")}
KEYS = ("goal", "turn", "end", "scoring")


def unseen_below(ui) -> float:
    """How many pixels of the rules page's scrolled content lie below its view (0: it is all on one screen)."""
    from kivy.uix.scrollview import ScrollView

    (view,) = ui.widgets(ScrollView)
    return max(0.0, view.children[0].height - view.height)


def test_the_rules_open_on_one_screen_of_pictures_a_block_opens_to_its_paragraph(ui) -> None:
    from tests.app.layout import layout_problems
    from tests.app.pointer import click
    from ui.app.scene import SceneView
    from ui.app.screens.rules import BlockTile

    click(ui, ui.button("Rules"))
    below = {}  # (game, language) -> pixels of the summary below the screen
    for language in ("en", "fr", "it"):
        ui.app.set_language(language)
        ui.pump(2)
        for name in GAMES:
            click(ui, ui.button(GAMES[name].title))
            game = GAMES.make_game(name)
            summary = GAMES[name].teaching(game).summary(language)
            texts = ui.texts()
            assert all(glance in texts for glance in summary.glances), (name, language, texts)
            pictures = ui.widgets(SceneView)
            assert len(pictures) == 4 and all(p.picture is not None and p.picture.tiles for p in pictures)
            assert layout_problems(ui.page, ui.app.theme.dpi) == [], (name, language)
            if unseen_below(ui):
                below[name, language] = round(unseen_below(ui))
            ui.screenshot(f"rules-summary-{name}-{language}-800x480")
    assert below == {}
    ui.app.set_language("en")
    ui.pump(2)
    for name in GAMES:
        click(ui, ui.button(GAMES[name].title))
        game = GAMES.make_game(name)
        summary = GAMES[name].teaching(game).summary("en")
        for k, (heading, key) in enumerate(zip(BLOCKS["en"], KEYS, strict=True)):
            click(ui, ui.widgets(BlockTile)[k])
            words, scene = getattr(summary, key)
            texts = ui.texts()
            assert heading in texts and words in texts and scene.caption in texts, (name, key, texts)
            assert len(ui.widgets(SceneView)) == 1
            assert layout_problems(ui.page, ui.app.theme.dpi) == []
            if key == "turn":
                ui.screenshot(f"rules-block-{name}-en-800x480")
            click(ui, ui.button("Back to the summary"))
            assert len(ui.widgets(BlockTile)) == 4
        click(ui, ui.button("Details"))
        assert ui.widgets(SceneView) == []
        assert paragraphs(game.rules_summary("en"))[0] in ui.texts()
        click(ui, ui.button("Back to the summary"))
        assert len(ui.widgets(SceneView)) == 4
