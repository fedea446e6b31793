"""A lesson being walked, without Kivy: the steps of one game's lesson in one language, the step shown, the
answer given to it, and what is kept of it (companion/teaching.py's ``Progress``, per player).

A step is answered once: right or wrong, the player reads why and goes on with Next, so a lesson always ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.teaching import LessonStep, Progress, load_progress, save_progress


@dataclass(frozen=True)
class LessonWalk:
    """Where a player is in a lesson: ``step`` counts from 0; ``chosen`` is the choice given to it (None: not
    answered yet); ``right`` counts the steps answered right at the first try."""

    game: str
    steps: tuple[LessonStep, ...]
    player: str = ""  # "" : nobody's progress is kept
    step: int = 0
    chosen: int | None = None
    right: int = 0

    @property
    def done(self) -> bool:
        return self.step >= len(self.steps)

    @property
    def current(self) -> LessonStep:
        return self.steps[self.step]

    def answer(self, choice: int) -> LessonWalk:
        """The choice ``choice`` (its index) given to the step shown; a second answer changes nothing."""
        if self.done or self.chosen is not None:
            return self
        gained = 1 if self.current.choices[choice].right else 0
        return replace(self, chosen=choice, right=self.right + gained)

    def next(self) -> LessonWalk:
        """The next step, once this one is answered."""
        if self.chosen is None:
            return self
        return replace(self, step=self.step + 1, chosen=None)


def finish(folder: Path, walk: LessonWalk) -> Progress | None:
    """Keep that ``walk``'s player finished the lesson; None when nobody is named. Raises OSError."""
    if not walk.player.strip() or not walk.done:
        return None
    progress = load_progress(folder).with_lesson(walk.player, walk.game)
    save_progress(folder, progress)
    return progress


def learners(seated: list[str], recent: list[str], limit: int = 8) -> list[str]:
    """The names offered to ask who is learning: the seated names of the setup under way, then the players of
    recent games, each once (whatever its case)."""
    found: list[str] = []
    for name in [*seated, *recent]:
        if name.strip() and name.strip().casefold() not in {n.casefold() for n in found}:
            found.append(name.strip())
    return found[:limit]


def lesson_of(registry: Any, game_name: str, language: str) -> tuple[Any, tuple[LessonStep, ...]]:
    """The game and its lesson in ``language``; an empty lesson for a game that teaches nothing yet."""
    spec = registry.find(game_name)
    game = registry.make_game(game_name)
    teaching = spec.teaching(game)
    return game, (() if teaching is None else tuple(teaching.lesson(language)))
