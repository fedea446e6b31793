"""`companion learn`: each game's lesson walked in the terminal with wrong, bad and right answers."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAMES
from companion.i18n import LANGUAGES
from companion.learn import learn
from companion.teaching import load_progress


def answers(name: str, language: str) -> str:
    """For every step: a word, a number past the choices, each wrong choice, then the right one."""
    spec = GAMES[name]
    teach = spec.teaching(spec.make())
    assert teach is not None
    lines = []
    for step in teach.lesson(language):
        lines += ["fish", str(len(step.choices) + 1)]
        lines += [str(i) for i, c in enumerate(step.choices, start=1) if not c.right]
        lines.append(str(next(i for i, c in enumerate(step.choices, start=1) if c.right)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_lesson_walked_with_wrong_then_right_answers_is_remembered(
    name: str, language: str, tmp_path: Path
) -> None:
    spec = GAMES[name]
    game = spec.make()
    teach = spec.teaching(game)
    assert teach is not None
    out = io.StringIO()
    assert learn(game, teach, language, "Anna", tmp_path, io.StringIO(answers(name, language)), out) == 0
    said = out.getvalue()
    lesson = teach.lesson(language)
    for step in lesson:
        assert step.question in said and step.rule.words in said
        assert all(c.why in said for c in step.choices)
    assert said.count('"fish"') + said.count("« fish »") == len(lesson)
    assert load_progress(tmp_path).lesson_done("anna", name)


def test_the_end_of_input_stops_and_keeps_what_was_saved(tmp_path: Path) -> None:
    spec = GAMES["kanaloa"]
    game = spec.make()
    teach = spec.teaching(game)
    assert teach is not None
    assert (
        learn(game, teach, "it", "Bruno", tmp_path, io.StringIO(answers("kanaloa", "it")), io.StringIO()) == 0
    )
    out = io.StringIO()
    assert learn(game, teach, "it", "Bruno", tmp_path, io.StringIO("1\n"), out) == 0
    assert "Lezione interrotta" in out.getvalue()
    assert load_progress(tmp_path).lesson_done("Bruno", "kanaloa")


def test_the_command_line_runs_a_lesson(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers("shark-park", "en")))
    assert (
        main(["learn", "shark-park", "--lang", "en", "--player", "Carla", "--config-dir", str(tmp_path)]) == 0
    )
    assert "Lesson finished: Carla knows the rules of Shark Park." in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["learn", "shark-park", "--config-dir", str(tmp_path)]) == 0
    assert main(["learn", "chess", "--config-dir", str(tmp_path)]) != 0
    assert "unknown game" in capsys.readouterr().err
