"""``companion rules GAME`` lists every option of the game's rules profile, with its one-line explanation and the
rulebook's value (issue 17), for every registered game, through the registry; a game with none lists nothing."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.games import GAMES
from tests.toy import game as toy


@pytest.mark.parametrize("name", list(GAMES))
def test_rules_lists_each_option_with_its_explanation_and_the_rulebooks_value(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = GAMES[name]
    assert main(["rules", name]) == 0
    out = capsys.readouterr().out
    assert "Rules options, each with the rulebook's value" in out
    listed = [line for line in out.splitlines() if line.startswith("- ")]
    rulebook = spec.profile_type()
    expected = []
    for option in spec.options:
        value = getattr(rulebook, option.name)
        if isinstance(value, bool):
            said = "yes" if value else "no"
        else:
            said = f"`{value}`" if isinstance(value, str) else str(value)
        expected.append(f"- {option.why} (rulebook: {said})")
    assert expected and listed[-len(expected) :] == expected  # the options close the summary, in their order


def test_the_options_are_said_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "kanaloa", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Options de la règle" in out
    assert (
        "- La variante de la règle : vous pouvez coucher votre bateau en pariant de ne faire aucun pli. (règle du jeu : non)"
        in out
    )


def test_a_game_whose_profile_has_no_option_lists_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "pebbles"], GAMES.with_game(toy.spec(GAMES))) == 0
    assert "Rules options" not in capsys.readouterr().out
