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
        assert f"{title} in short" in ui.texts()
        assert summary_shown(ui, name, "en") == paragraphs(GAMES.make_game(name).rules_summary("en"))
        ui.screenshot(f"rules-{name}-en-800x480")


def test_the_summary_follows_the_language_and_the_screen_size(ui) -> None:
    ui.tap("Rules")
    name = list(GAMES)[-1]
    ui.tap(ui.button(GAMES[name].title))
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
    ui.screenshot(f"rules-{first}-en-1280x720")


def test_the_game_buttons_are_big_enough_for_a_finger(ui) -> None:
    ui.tap("Rules")
    for name in GAMES:
        button = ui.button(GAMES[name].title)
        assert button.height >= ui.app.theme.mm(9) and button.width >= ui.app.theme.mm(9)
