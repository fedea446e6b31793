"""The command line's usage errors are told in the player's language: argparse's own and the type functions'."""

from __future__ import annotations

import re

import pytest

from companion.cli import Parser, main
from companion.i18n import translator
from companion.usage import TEMPLATES, UsageProblem, language_in, told
from tests.english import EnglishFinder, english_messages, english_words


def toy_parser() -> Parser:
    parser = Parser(prog="toy")
    parser.add_argument("--count", type=int)
    parser.add_argument("--colour", choices=["red", "blue"])
    parser.add_argument("--names", nargs="+")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    both = parser.add_mutually_exclusive_group()
    both.add_argument("--left", action="store_true")
    both.add_argument("--right", action="store_true")
    parser.add_argument("file")
    return parser


# Each of argparse's messages, as it words it (Python 3.11), made by a command line that causes it.
CAUSES = {
    "invalid choice": ["f", "--colour", "green"],
    "the following arguments are required": [],
    "unrecognized arguments": ["f", "extra"],
    "expected one argument": ["f", "--count"],
    "expected at least one argument": ["f", "--names"],
    "invalid int value": ["f", "--count", "many"],
    "not allowed with argument": ["f", "--left", "--right"],
    "ambiguous option": ["f", "--co", "1"],
    "ignored explicit argument": ["f", "--quiet=yes"],
}


@pytest.mark.parametrize("cause", sorted(CAUSES))
@pytest.mark.parametrize("language", ["fr", "it"])
def test_every_argparse_error_is_told_in_the_language(cause: str, language: str) -> None:
    with pytest.raises(UsageProblem) as refused:
        toy_parser().parse_args(CAUSES[cause])
    assert cause in refused.value.message  # the message argparse wrote
    said = told(refused.value.message, language)
    assert said != refused.value.message
    finder = EnglishFinder(frozenset(), english_messages(language), english_words(language))
    assert finder.english_lines(said) == [], said


@pytest.mark.parametrize("language", ["fr", "it"])
def test_every_template_is_translated_with_its_placeholders(language: str) -> None:
    tr = translator(language)
    for template in TEMPLATES:
        params = {name: f"<{name}>" for name in re.findall(r"\{(\w+)\}", template)}
        said = tr(template, **params)
        assert said != template.format(**params), template
        assert all(value in said for value in params.values()), (template, said)


COMMAND_LINES = [
    ["demo", "--players", "x"],
    ["simulate", "kai-piranja", "--players", "0"],
    ["demoo"],
    ["moves"],
    ["narrate", "--players", "3", "--delay", "soon"],
    ["demo", "--resolution", "huge"],
    ["panel", "test", "--seconds", "soon"],
]


@pytest.mark.parametrize("argv", COMMAND_LINES, ids=" ".join)
@pytest.mark.parametrize("language", ["fr", "it"])
def test_a_bad_command_line_is_refused_in_the_language_of_lang(
    argv: list[str], language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", f"{language}_FR.UTF-8")
    monkeypatch.delenv("COMPANION_LANG", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    with pytest.raises(SystemExit) as refused:
        main(argv)
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    problem = err.strip().splitlines()[-1]  # the usage lines above it are option names: codes
    assert ("erreur" if language == "fr" else "errore") in problem, problem
    command = frozenset({argv[0]})  # the command's name is a code, not a word: "companion moves : erreur"
    finder = EnglishFinder(command, english_messages(language), english_words(language))
    assert finder.english_lines(problem) == [], problem


def test_lang_on_the_command_line_wins_over_the_environment() -> None:
    assert language_in(["demo", "--lang", "it", "--players", "x"], "fr") == "it"
    assert language_in(["demo", "--lang=fr"], "en") == "fr"
    assert language_in(["demo", "--lang", "de"], "en") == "en"  # not a language the app speaks
    assert language_in(["demo", "--lang"], "it") == "it"


def test_english_stays_argparse_s_own_words(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    monkeypatch.setenv("LANG", "C")
    with pytest.raises(SystemExit):
        main(["demo", "--players", "x"])
    assert capsys.readouterr().err.endswith("error: argument --players: 'x' is not a whole number\n")
