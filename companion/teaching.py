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
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

from companion.files import write_atomically
from companion.i18n import N_, Translator, check_language, translator
from companion.protocol import JSON, Effect, Option, Violation

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
    # What the engine checks (``answer_problems``): the move this choice stands for (None: the step's), the
    # effect code it claims that move gives (empty: the step's), and the value it claims that effect names in
    # the step's ``param`` (None: no value is claimed). An effect "!code" claims the move gives no such effect.
    action: Any = None
    effect: str = ""
    means: JSON = None


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson: a rule shown on its scene and a question with 2 to 4 choices, exactly one right."""

    rule: Rule  # asked on the rule's scene: ``rule.scene.state`` is where the moves are played
    question: str  # translated
    choices: tuple[Choice, ...]
    action: Any = None  # the move the question is about, for choices that name none
    expect: str = (
        ""  # the effect code the right move gives, for choices that claim none (empty: it is accepted)
    )
    param: str = ""  # the parameter of that effect a choice's ``means`` is compared with

    @property
    def answer(self) -> Choice:
        """The one right choice."""
        return next(c for c in self.choices if c.right)


@dataclass(frozen=True)
class Summary:
    """The one-screen summary: four short paragraphs, each with a scene, and each paragraph at a glance."""

    goal: tuple[str, Scene]
    turn: tuple[str, Scene]
    end: tuple[str, Scene]
    scoring: tuple[str, Scene]
    # goal, turn, end, scoring in a few words each (about 40 characters): a screen shows the four side by side
    # with their scenes, at the app's 5 mm text, and a block's paragraph when touched.
    glances: tuple[str, str, str, str]


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


class SceneError(ValueError):
    """A scene's moves that the engine refuses: a lesson would teach what the game does not do."""


def played(game: Any, players: int, actions: Sequence[Any]) -> tuple[Any, tuple[Effect, ...]]:
    """The state ``actions`` reach from the start of a ``players`` game, and the last one's effects; SceneError
    names the first move the engine refuses. Every scene is made so, never by hand."""
    state = game.initial_state(players)
    effects: tuple[Effect, ...] = ()
    for number, action in enumerate(actions, start=1):
        step = game.apply(state, action)
        if isinstance(step, Violation):
            raise SceneError(f"{game.name}: move {number} ({action}) is refused: {step.code}")
        state, effects = step.state, step.effects
    return state, effects


def claim_holds(game: Any, step: LessonStep, choice: Choice) -> bool:
    """Whether the engine does what ``choice`` says: its move, played in the step's scene, is accepted, gives the
    claimed effect, and that effect names ``means`` in the step's ``param`` (a list param: the same cards)."""
    action = step.action if choice.action is None else choice.action
    code = choice.effect or step.expect
    result = game.apply(step.rule.scene.state, action)
    if isinstance(result, Violation):
        return False
    if not code:
        return True  # the claim is only that the engine accepts the move
    if code.startswith(ABSENT):
        return all(effect.code != code[len(ABSENT) :] for effect in result.effects)
    for effect in result.effects:
        if effect.code != code:
            continue
        if choice.means is None or not step.param:
            return True
        named = effect.param(step.param)
        if isinstance(named, (list, tuple)) and isinstance(choice.means, (list, tuple)):
            if list(named) == list(choice.means):
                return True
        elif named == choice.means:
            return True
    return False


def answer_problems(game: Any, step: LessonStep) -> list[str]:
    """What is wrong with a lesson step by its engine: not 2 to 4 choices, not exactly one right, the right claim
    not what the engine does, or a wrong one that the engine does."""
    problems = []
    if not 2 <= len(step.choices) <= 4:
        problems.append(f"{step.rule.key}: {len(step.choices)} choices")
    if sum(c.right for c in step.choices) != 1:
        problems.append(f"{step.rule.key}: not exactly one right choice")
    for choice in step.choices:
        if claim_holds(game, step, choice) != choice.right:
            problems.append(
                f"{step.rule.key}: {choice.label!r} is {'right' if choice.right else 'wrong'}, the engine says otherwise"
            )
    return problems


ABSENT = "!"  # a choice's effect so marked claims that the move does not give it

SEATS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")  # the names in every scene, in every language


@dataclass(frozen=True)
class RuleText:
    """A rule as a game module writes it: msgids of the game's domain, and the effect and violation codes that
    show it (first-game mode's triggers; each violation code the game gives names one rule)."""

    key: str
    title: str
    words: str
    caption: str
    codes: tuple[str, ...]


@dataclass(frozen=True)
class Moves:
    """How a scene is reached: a game of ``players`` from its start, these moves, these cards ringed."""

    players: int
    actions: tuple[Any, ...]
    highlight: tuple[str, ...] = ()


Want = Callable[[Any, Any, Any], bool]  # (state, action, step) -> whether this is the moment a scene shows


def search(game: Any, players: int, seed: int, want: Want, limit: int = 5000) -> tuple[tuple[Any, ...], Any]:
    """The moves of a seeded random game up to the first action ``want`` picks, and that action: a scene found
    in real play (the moves are the game's own random legal ones). SceneError if ``limit`` moves find none."""
    rng = random.Random(seed)
    for _ in range(20):  # further games of the same seed's sequence, if one ends without the moment
        state, moves = game.initial_state(players), list[Any]()
        while not game.is_over(state) and len(moves) < limit:
            action = game.random_action(state, rng)
            step = game.apply(state, action)
            if isinstance(step, Violation):
                raise SceneError(f"{game.name}: its random move {action} is refused: {step.code}")
            if want(state, action, step):
                return tuple(moves), action
            moves.append(action)
            state = step.state
    raise SceneError(f"{game.name}: no game of seed {seed} reaches the scene")


def card_values(params: Sequence[tuple[str, JSON]]) -> list[str]:
    """The texts among an effect's parameters and their lists: the card ids it names, among others."""
    found: list[str] = []
    for _, value in params:
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(item, str):
                found.append(item)
    return found


def codes_of(step: Any) -> set[str]:
    return {e.code for e in step.effects}


def gives(code: str, kind: type | None = None) -> Want:
    """The moment a move (of class ``kind``, if given) gives the effect ``code``."""

    def want(state: Any, action: Any, step: Any) -> bool:
        return (kind is None or isinstance(action, kind)) and code in codes_of(step)

    return want


CHOSEN_OPTION = N_("{ask} {answer}.")
NUMBER_OPTION = N_("{option} ({n})")


class BookTeaching:
    """The part of a game's Teaching that is the same for every game: rules from ``RuleText``, scenes played
    from ``Moves`` (once each), triggers. A game's module gives ``texts`` and ``moves`` and writes its
    lesson, summary and option effects."""

    texts: tuple[RuleText, ...] = ()

    def __init__(self, game: Any) -> None:
        self.game = game
        self._scenes: dict[str, tuple[Any, tuple[str, ...], tuple[str, ...]]] = {}
        self._moments: dict[str, tuple[tuple[Any, ...], Any]] = {}
        self._triggers: dict[str, str] | None = None

    # Scenes found in seeded random play: key -> (players, seed, the moment wanted); the scene is the state
    # just before the moment's action (``moment``), which a lesson step asks about.
    wants: Mapping[str, tuple[int, int, Want]] = {}

    def moves(self, key: str) -> Moves:
        """How the scene called ``key`` (a rule's key, or one of the summary's) is reached: by default the moves
        before its moment in ``wants``, ringing the moment's cards."""
        players = self.wants[key][0]
        moves, action = self.moment(key)
        state, _ = played(self.game, players, moves)
        step = self.game.apply(state, action)
        named = [*self.game.card_ids(action), *(v for e in step.effects for v in card_values(e.params))]
        box = self.game.catalogue()
        shown = self.drawn(state, players)
        return Moves(players, moves, tuple(c for c in dict.fromkeys(named) if c in box and c in shown))

    # The game's table picture (companion.picture.TablePicture), to ring only the cards a scene draws.
    draw: Callable[[Any, Any, str, Sequence[str]], Any] | None = None

    def drawn(self, state: Any, players: int) -> set[str]:
        """The card ids the game's picture of ``state`` draws (every card when it has none)."""
        if self.draw is None:
            return set(self.game.catalogue().ids())
        return {tile.card for tile in self.draw(self.game, state, "en", SEATS[:players]).tiles}

    def moment(self, key: str) -> tuple[tuple[Any, ...], Any]:
        """The moves before the moment ``wants[key]`` picks, and its action (searched once)."""
        if key not in self._moments:
            players, seed, want = self.wants[key]
            self._moments[key] = search(self.game, players, seed, want)
        return self._moments[key]

    def state(self, key: str) -> Any:
        return self._played(key)[0]

    def _played(self, key: str) -> tuple[Any, tuple[str, ...], tuple[str, ...]]:
        if key not in self._scenes:
            moves = self.moves(key)
            state, _ = played(self.game, moves.players, moves.actions)
            self._scenes[key] = (state, SEATS[: moves.players], moves.highlight)
        return self._scenes[key]

    def scene(self, key: str, caption: str) -> Scene:
        state, seats, highlight = self._played(key)
        return Scene(state, seats, highlight, caption)

    def tr(self, language: str) -> Translator:
        return cast(Translator, self.game.translator(check_language(language)))

    # The summary's four blocks at a glance (goal, turn, end, scoring), as msgids: ``Summary.glances``.
    glances: tuple[str, str, str, str] = ("", "", "", "")

    def glanced(self, language: str) -> tuple[str, str, str, str]:
        tr = self.tr(language)
        goal, turn, end, scoring = self.glances
        return tr(goal), tr(turn), tr(end), tr(scoring)

    def rules(self, language: str) -> tuple[Rule, ...]:
        return tuple(self.rule(t.key, language) for t in self.texts)

    def rule(self, key: str, language: str) -> Rule:
        text = next((t for t in self.texts if t.key == key), None)
        if text is None:
            raise KeyError(f"{self.game.name} has no rule {key!r}")
        tr = self.tr(language)
        return Rule(key, tr(text.title), tr(text.words), self.scene(key, tr(text.caption)))

    def triggers(self) -> Mapping[str, str]:
        if self._triggers is None:  # asked at every step of a live game
            self._triggers = {code: t.key for t in self.texts for code in t.codes}
        return self._triggers

    def claim_step(
        self,
        key: str,
        language: str,
        question: str,
        right: tuple[str, str, str],
        wrong: tuple[str, str, str],
        wrong_means: JSON = None,
        param: str = "",
    ) -> LessonStep:
        """A "what happens?" step on the moment ``key``: its move, and two claims of what it gives, each
        (label, effect code, why) in words; the first is right. ``wrong_means``: the value the wrong claim's
        effect names in ``param``."""
        _, action = self.moment(key)
        choices = (
            Choice(right[0], True, right[2], effect=right[1]),
            Choice(wrong[0], False, wrong[2], effect=wrong[1], means=wrong_means),
        )
        return LessonStep(self.rule(key, language), question, choices, action, "", param)

    # The rules options' documentation, and a msgid for each (option, value) it does not say itself (a bool
    # option's ``why`` says what True does; a number option's sentence takes ``{n}``: key (option, None)).
    options: tuple[Option, ...] = ()
    option_words: Mapping[tuple[str, JSON], str] = {}

    def option_effect(self, option: str, value: JSON, language: str) -> str:
        """One sentence per value: the game's own for it, else the option's words (a choice's ``says``)."""
        tr = self.tr(language)
        doc = next((o for o in self.options if o.name == option), None)
        if doc is None:
            raise KeyError(f"{self.game.name} has no option {option!r}")
        if isinstance(value, int) and not isinstance(value, bool) and (option, None) in self.option_words:
            return tr(self.option_words[(option, None)], n=value)
        if (option, value) in self.option_words:
            return tr(self.option_words[(option, value)])
        if value is True:
            return tr(doc.why)
        if doc.says and value in doc.choices:
            answer = tr(doc.says[doc.choices.index(value)])
            return translator(language)(CHOSEN_OPTION, ask=tr(doc.ask or doc.why), answer=answer)
        if isinstance(value, int) and not isinstance(value, bool):
            return translator(language)(NUMBER_OPTION, option=tr(doc.why), n=value)
        if doc.open or value in doc.choices:
            return tr(doc.why)
        raise KeyError(f"{self.game.name}: no words for {option} = {value!r}")


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
