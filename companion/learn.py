"""`companion learn GAME`: a game's lesson in the terminal, one numbered question a step, read from stdin.

Each step shows its rule in the rulebook's words, the scene as the game tells a table (``describe_state``), and
the question with its choices numbered. A right answer is told why and the lesson moves on; a wrong one is told
why not and asked again. A finished lesson is remembered for ``--player`` in the config folder's progress. Input
that is not a choice is told so and asked again; the end of input (Ctrl-D) stops the lesson, keeping what was
saved before.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from companion.configdir import config_dir
from companion.errors import CommandError
from companion.i18n import N_, Translator, translator
from companion.protocol import Game
from companion.teaching import LessonStep, Teaching, load_progress, save_progress

STEP_HEADING = N_("{title}, step {n} of {total}: {rule}")
THE_TABLE = N_("The table:")
CHOOSE = N_("Your answer (1 to {last}, or q to stop): ")
NOT_A_CHOICE = N_('"{text}" is not one of the answers: type a number from 1 to {last}, or q to stop.')
RIGHT = N_("Right.")
WRONG = N_("Not quite.")
TRY_AGAIN = N_("Try again.")
LESSON_DONE = N_("Lesson finished: {player} knows the rules of {title}.")
LESSON_DONE_NOBODY = N_("Lesson finished. Give --player NAME to remember it.")
STOPPED = N_("Lesson stopped. What was saved is kept.")
NO_LESSON = N_("{title} has no lesson yet.")
CANNOT_SAVE = N_("The lesson is finished, but the progress could not be saved in {folder}: {problem}")
QUIT = ("q", "quit", "stop")


def run_learn(args: argparse.Namespace) -> int:
    from companion.commands import game_for, spec_for

    spec = spec_for(args)
    game = game_for(args)
    teach = spec.teaching(game)
    if teach is None:
        raise CommandError(NO_LESSON, title=game.title)
    folder = Path(args.config_dir) if args.config_dir else config_dir()
    return learn(game, teach, args.lang, args.player or "", folder, sys.stdin, sys.stdout)


def learn(
    game: Game[Any, Any],
    teach: Teaching,
    language: str,
    player: str,
    folder: Path,
    source: TextIO,
    out: TextIO,
) -> int:
    """The lesson asked on ``source`` and told on ``out``; 0 when finished or stopped."""
    tr = translator(language)
    say: Callable[[str], None] = lambda text: print(text, file=out)  # noqa: E731
    lesson = teach.lesson(language)
    progress = load_progress(folder)
    problem = progress.problem(language)
    if problem:
        say(problem)
    for number, step in enumerate(lesson, start=1):
        say("")
        say(tr(STEP_HEADING, title=game.title, n=number, total=len(lesson), rule=step.rule.title))
        show_step(game, step, language, tr, say)
        if not answer(step, tr, source, out):
            say(tr(STOPPED))
            return 0
    say("")
    if not player.strip():
        say(tr(LESSON_DONE_NOBODY))
        return 0
    try:
        save_progress(folder, progress.with_lesson(player, game.name))
    except OSError as error:
        say(tr(CANNOT_SAVE, folder=str(folder), problem=error.strerror or str(error)))
        return 1
    say(tr(LESSON_DONE, player=player, title=game.title))
    return 0


def show_step(
    game: Game[Any, Any], step: LessonStep, language: str, tr: Translator, say: Callable[[str], None]
) -> None:
    scene = step.rule.scene
    say(step.rule.words)
    say("")
    say(tr(THE_TABLE) + " " + scene.caption)
    for line in game.describe_state(scene.state, language, scene.seats).splitlines():
        say("    " + line)
    say("")
    say(step.question)
    for number, choice in enumerate(step.choices, start=1):
        say(f"  {number}. {choice.label}")


def answer(step: LessonStep, tr: Translator, source: TextIO, out: TextIO) -> bool:
    """Ask until the right choice; False when the input ends or the player stops."""
    last = len(step.choices)
    while True:
        out.write(tr(CHOOSE, last=last))
        out.flush()
        line = source.readline()
        if not line:
            out.write("\n")
            return False
        text = line.strip()
        if text.lower() in QUIT:
            return False
        if not text.isdigit() or not 1 <= int(text) <= last:
            print(tr(NOT_A_CHOICE, text=text, last=last), file=out)
            continue
        choice = step.choices[int(text) - 1]
        print(f"{tr(RIGHT if choice.right else WRONG)} {choice.why}", file=out)
        if choice.right:
            return True
        print(tr(TRY_AGAIN), file=out)
