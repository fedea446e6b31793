"""Teaching a new player: each game's rules in words with a scene, its lesson, its one-screen summary, and what
each player has learnt.

A game teaches through one object its spec's ``teach`` builds (``Teaching``). Every scene holds a state the game's
engine reached by playing actions from a start, never one made by hand, so a lesson cannot show what the engine
does not do (tests play each step's right answer through the engine). Front ends draw a scene with the game's own
table picture (``spec.picture(game, scene.state, language, scene.seats)``) and ring ``scene.highlight``.

``Progress`` is what each player has done: lessons finished and games finished, per (player, game), kept as JSON
in the config folder (``progress.json``). A player is named as typed; names match without regard to case or the
spaces around them ("anna " is "Anna").
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from companion.files import write_atomically
from companion.i18n import N_, translator
from companion.protocol import JSON

PROGRESS_FILE = "progress.json"
BROKEN_PROGRESS = N_("The saved progress in {path} could not be read ({problem}): it is kept as {kept}.")


@dataclass(frozen=True)
class Scene:
    """A small drawn scene: a real game state reached by playing actions through the engine, and what to look at."""

    state: Any  # a state of the game, drawn by spec.picture(game, state, language, seats)
    seats: tuple[str, ...]  # the names shown in it ("Anna", "Bruno", ...)
    highlight: tuple[str, ...]  # card ids (component ids as in the state) to ring on the picture
    caption: str  # one translated line under the picture


@dataclass(frozen=True)
class Rule:
    """One rule of a game, in the rulebook's words, with the scene that shows it."""

    key: str  # stable id, e.g. "capture", "scare", "curse" (per game)
    title: str  # translated, the rulebook's name of the rule
    words: str  # translated, the rule in the rulebook's words, one to three short sentences
    scene: Scene


@dataclass(frozen=True)
class Choice:
    """One answer to a lesson's question; ``why`` is said once it is chosen (why right, or why not)."""

    label: str  # translated, what the button says (a card name, a seat, yes/no)
    right: bool
    why: str  # translated
    card: str | None = None  # a card id the choice names (the app may draw it)


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson: a rule shown on its scene and a question with 2 to 4 choices, exactly one right."""

    rule: Rule
    question: str  # translated
    choices: tuple[Choice, ...]

    @property
    def answer(self) -> Choice:
        """The one right choice."""
        return next(c for c in self.choices if c.right)


@dataclass(frozen=True)
class Summary:
    """The one-screen summary: four short paragraphs, each with a scene."""

    goal: tuple[str, Scene]
    turn: tuple[str, Scene]
    end: tuple[str, Scene]
    scoring: tuple[str, Scene]


class Teaching(Protocol):
    """What a game teaches; its spec's ``teach(game)`` builds one for the rules ``game`` plays by."""

    def rules(self, language: str) -> tuple[Rule, ...]:
        """Every rule the game explains, in the order a lesson meets them."""
        ...

    def rule(self, key: str, language: str) -> Rule:
        """The rule ``key``; KeyError if the game has none so called."""
        ...

    def lesson(self, language: str) -> tuple[LessonStep, ...]:
        """The lesson: 5 to 10 steps."""
        ...

    def summary(self, language: str) -> Summary: ...

    def option_effect(self, option: str, value: JSON, language: str) -> str:
        """What the rules option ``option`` set to ``value`` changes, in one sentence."""
        ...

    def triggers(self) -> Mapping[str, str]:
        """Each effect or violation code the game's engine gives -> the key of the rule it shows (first-game
        mode explains that rule at the code's first appearance; a refused move's code names the rule broken)."""
        ...


def player_key(player: str) -> str:
    """The name progress is kept under: typed names match without regard to case or surrounding spaces."""
    return " ".join(player.split()).casefold()


@dataclass(frozen=True)
class Progress:
    """What each player has done, per game: lessons finished and games finished. Immutable: ``with_...`` gives a
    new one, ``save_progress`` keeps it."""

    lessons: frozenset[tuple[str, str]] = frozenset()  # (player key, game name)
    games: tuple[tuple[tuple[str, str], int], ...] = ()  # ((player key, game name), games finished), sorted
    # When the saved file could not be read: (path, problem, kept) as BROKEN_PROGRESS's params; see ``problem``.
    broken: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def lesson_done(self, player: str, game: str) -> bool:
        return (player_key(player), game) in self.lessons

    def finished_games(self, player: str, game: str) -> int:
        return dict(self.games).get((player_key(player), game), 0)

    def first_game(self, players: tuple[str, ...] | list[str], game: str) -> bool:
        """The setup's first-game switch by default: on when any seated player has never finished ``game``."""
        return any(self.finished_games(p, game) == 0 for p in players)

    def with_lesson(self, player: str, game: str) -> Progress:
        return Progress(self.lessons | {(player_key(player), game)}, self.games)

    def with_game(self, player: str, game: str) -> Progress:
        counts = dict(self.games)
        key = (player_key(player), game)
        counts[key] = counts.get(key, 0) + 1
        return Progress(self.lessons, tuple(sorted(counts.items())))

    def problem(self, language: str = "en") -> str | None:
        """Why the saved progress could not be read, in words; None when it was read (or there was none)."""
        if not self.broken:
            return None
        return translator(language)(BROKEN_PROGRESS, **dict(self.broken))

    def to_json(self) -> dict[str, JSON]:
        players: dict[str, dict[str, dict[str, JSON]]] = {}
        for player, game in sorted(self.lessons):
            players.setdefault(player, {}).setdefault(game, {})["lesson"] = True
        for (player, game), count in self.games:
            players.setdefault(player, {}).setdefault(game, {})["games"] = count
        return {"players": players}

    @classmethod
    def from_json(cls, data: JSON) -> Progress:
        """ValueError naming what is wrong when ``data`` is not progress."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
            raise ValueError("no 'players' table")
        lessons: set[tuple[str, str]] = set()
        counts: dict[tuple[str, str], int] = {}
        for player, games in data["players"].items():
            if not isinstance(games, dict):
                raise ValueError(f"player {player!r}: not a table of games")
            for game, done in games.items():
                if not isinstance(done, dict):
                    raise ValueError(f"player {player!r}, game {game!r}: not a table")
                count = done.get("games", 0)
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise ValueError(f"player {player!r}, game {game!r}: games is not a count")
                if done.get("lesson") is True:
                    lessons.add((player_key(player), game))
                if count:
                    counts[(player_key(player), game)] = count
        return cls(frozenset(lessons), tuple(sorted(counts.items())))


def progress_path(folder: Path) -> Path:
    return folder / PROGRESS_FILE


def load_progress(folder: Path) -> Progress:
    """The progress kept in ``folder``: empty when there is none. A file that cannot be read is renamed
    ``progress.json.broken`` (never lost) and the progress starts empty; ``problem()`` says so in words."""
    path = progress_path(folder)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Progress()
    except OSError as error:
        return Progress(broken=_params(path, str(error), path))
    try:
        return Progress.from_json(json.loads(text))
    except (ValueError, UnicodeError) as error:
        kept = path.with_name(path.name + ".broken")
        with contextlib.suppress(OSError):
            path.replace(kept)
        return Progress(broken=_params(path, str(error), kept))


def _params(path: Path, problem: str, kept: Path) -> tuple[tuple[str, str], ...]:
    return (("path", str(path)), ("problem", problem), ("kept", str(kept)))


def save_progress(folder: Path, progress: Progress) -> None:
    """Keep ``progress`` in ``folder`` (made if missing), written whole or not at all. Raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(progress.to_json(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    write_atomically(progress_path(folder), text)


def record_finished_game(folder: Path, game: str, players: tuple[str, ...] | list[str]) -> Progress:
    """A game of ``game`` ended with ``players`` seated: each has finished one more. Loads, adds, saves; returns
    the new progress. Front ends call it once when a live game is over (the app's and the terminal's end)."""
    progress = load_progress(folder)
    for player in {player_key(p): p for p in players if p.strip()}.values():
        progress = progress.with_game(player, game)
    save_progress(folder, progress)
    return progress
