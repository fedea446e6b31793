"""The game registry: one spec per game, and the one lookup every tool uses to reach a game.

Modelled on OpenSpiel's ``GameType`` + ``register_game`` and python-chess's ``find_variant``: a game package builds
one frozen ``GameSpec`` naming everything the tools need (its rules class, physical components and their sticker
ids, table adapter, coach, demo scenes, panel actions, translations); a ``Registry`` is an immutable collection of
specs. The command line, vision's code book, printing, the app and the tests are handed a registry, so a test can
build one holding a toy game and run every tool on it without touching any other code.
"""

from __future__ import annotations

import importlib
import itertools
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.i18n import CORE_LOCALE_DIR, N_

if TYPE_CHECKING:
    from companion.boxsetup import BoxSetup
    from companion.catalogue import Catalogue, Component
    from companion.coach import GameCoach
    from companion.panel import Level
    from companion.protocol import Game, Option, Profile
    from companion.teaching import Teaching

# The registry imports no game's code and not the protocol: `companion --help` and the app's game list need only
# the specs (docs/benchmarks.md, "Start-up").

# The sticker id space shared by every game's components (and the table's own marks, below FIRST_COMPONENT_ID).
# QR stickers carry any id; an ArUco code book carries the ids it has codes for (vision/identity.py).
STICKER_ID_SPACE = 4096
TABLE_MARK_IDS = 40  # ids 0..39: mats' and boards' corner marks, printed by vision/sheets.py
FIRST_COMPONENT_ID = TABLE_MARK_IDS
DEMO_FRAME = (1920, 1080)  # the terminal demo's camera frame for a game whose table fits it


@dataclass(frozen=True, order=True)
class StickerBlock:
    """A run of sticker ids given to one game: ``first`` .. ``first + count - 1``.

    Append-only: once stickers are printed a block never moves or shrinks. A game that needs more ids (a new
    component, a bigger box) gets another block at the end of what is taken.
    """

    first: int
    count: int

    @property
    def end(self) -> int:
        return self.first + self.count

    def overlaps(self, other: StickerBlock) -> bool:
        return self.first < other.end and other.first < self.end


@dataclass(frozen=True)
class BoardMarks:
    """A printed board's four corner marks, which give its squares in every frame (vision/zones.py).

    ``ids`` are the marks' sticker ids, clockwise from the board frame's top-left (A1's corner); each mark is a
    ``size`` mm marker (its quiet zone not counted) in the middle of a corner square of a ``rows`` x ``cols``
    board of ``square`` mm squares. The ids are taken from the game's own blocks, where no component uses them.
    """

    ids: tuple[int, int, int, int]
    rows: int
    cols: int
    square: float
    size: float

    @property
    def width(self) -> float:
        return self.cols * self.square

    @property
    def height(self) -> float:
        return self.rows * self.square

    def corners(self, mark: int) -> tuple[tuple[float, float], ...]:
        """Mark ``mark``'s four corners in the board's frame (mm), clockwise from its top-left."""
        col = 0 if mark in (0, 3) else self.cols - 1
        row = 0 if mark in (0, 1) else self.rows - 1
        x = (col + 0.5) * self.square - self.size / 2
        y = (row + 0.5) * self.square - self.size / 2
        s = self.size
        return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


@dataclass(frozen=True)
class GameSpec:
    """Everything the tools need to know of one game. Optional parts are None when the game has none yet: front
    ends offer only what a game supports (``refereed_live``, ``coached``).

    Registering a game loads none of its code: the rules class comes from ``load_rules`` when first asked for
    (``rules``, ``make``), the box from ``components``, the table adapter, coach, demo and picture when first
    called, so that ``companion --help`` or ``rules kanaloa`` load no other game's engine. ``name``, ``title``
    and the player counts are the rules class's own, written again here; loading the class checks that they
    agree. ``GameSpec.of`` builds a spec from a rules class already at hand (tests' toy games).
    """

    name: str  # the game's identifier in records and on the command line, e.g. "kai-piranja"
    title: str
    min_players: int
    max_players: int
    load_rules: Callable[[], type[Game[Any, Any]]]  # imports and returns the rules class
    code: str  # two capital letters naming the game in QR stickers and the code book, e.g. "KP"
    components: Callable[[], Catalogue]  # every physical component of the box, each with its fixed number
    stickers: tuple[StickerBlock, ...]  # where the components' numbers go in the sticker id space, in order
    aliases: tuple[str, ...] = ()
    domain: str = "companion"  # the gettext domain of the game's texts
    locale_dir: Path = CORE_LOCALE_DIR  # the folder holding LANG/LC_MESSAGES/<domain>.po for the game's texts
    table: Callable[[Any], Any] | None = None  # game -> its table adapter (companion.referee.TableAdapter)
    coach: GameCoach | None = None  # (game, state, language, seats) -> Coaching; None: the generic coach
    demo: Callable[[Any, Any], Iterable[Any]] | None = None  # (adapter, match) -> the table steps to show
    # (game, state, language, seats) -> the table as the rules see it (companion.picture.TablePicture)
    picture: Callable[[Any, Any, str, Sequence[str]], Any] | None = None
    levels: Callable[[Any], Sequence[Level | None]] | None = None  # state -> each seat's level light (hunger)
    load_options: Callable[[], tuple[Option, ...]] = tuple  # the docs of the profile's options, on first use
    # mm beyond its mat's marked area that a seat's zone reaches, for cards laid in front of the mat (Kuna Yala's
    # banks); 0: a seat's cards lie on its mat.
    mat_reach: float = 0.0
    board: BoardMarks | None = None  # a printed board found by its own corner marks (None: none)
    # The most seats whose cards the drawn demo lays in one camera's view (0: every count the game allows).
    drawn_players: int = 0
    # players -> the camera frame (width, height) its drawn demo table needs; None: the tool's own size.
    demo_frame: Callable[[int], tuple[int, int]] | None = None
    # What the box needs confirmed once (Kanaloa's sea cards), loaded when first asked for; None: nothing.
    box_setup: Callable[[], BoxSetup] | None = None
    # game -> what it teaches (companion.teaching.Teaching), loaded when first called; None: it teaches nothing yet.
    teach: Callable[[Any], Teaching] | None = None
    # The module of what vision draws and reads the game's own way (its scenes, its printed board), by path, e.g.
    # "vision.games.kuna_yala": the core never imports vision, vision's game_vision imports it (vision/gamevision.py).
    # None: vision draws the game as it draws every game.
    vision: str | None = None

    @classmethod
    def of(
        cls,
        rules: type[Game[Any, Any]],
        code: str,
        components: Callable[[], Catalogue],
        stickers: tuple[StickerBlock, ...],
        **parts: Any,
    ) -> GameSpec:
        """The spec of a rules class already loaded: its name, title, players and texts read from the class."""
        return cls(
            name=rules.name,
            title=rules.title,
            min_players=rules.min_players,
            max_players=rules.max_players,
            load_rules=lambda: rules,
            code=code,
            components=components,
            stickers=stickers,
            domain=rules.domain,
            locale_dir=rules.locale_dir,
            **parts,
        )

    @property
    def rules(self) -> type[Game[Any, Any]]:
        """The rules class, imported on first use; ValueError if it disagrees with what the spec registered."""
        rules = self.load_rules()
        registered = (self.name, self.title, self.min_players, self.max_players, self.domain, self.locale_dir)
        loaded = (
            rules.name,
            rules.title,
            rules.min_players,
            rules.max_players,
            rules.domain,
            rules.locale_dir,
        )
        if registered != loaded:
            raise ValueError(f"{self.name}: the spec registers {registered}, its rules class says {loaded}")
        return rules

    @property
    def options(self) -> tuple[Option, ...]:
        """The documentation of the profile's options (``companion.protocol.Option``), for the app's setup."""
        return self.load_options()

    @property
    def profile_type(self) -> type[Profile]:
        return self.rules.profile_type

    @property
    def package_dir(self) -> Path:
        """The game's package: the sources whose marked texts its catalogs translate."""
        return Path(sys.modules[self.rules.__module__].__file__ or "").parent

    @property
    def refereed_live(self) -> bool:
        return self.table is not None

    @property
    def teaches(self) -> bool:
        return self.teach is not None

    def teaching(self, game: Game[Any, Any]) -> Teaching | None:
        """What ``game`` teaches (its rules, lesson, summary); None if the game teaches nothing yet."""
        return None if self.teach is None else self.teach(game)

    @property
    def coached(self) -> bool:
        return self.coach is not None

    def make(self, profile: Profile | Mapping[str, Any] | None = None) -> Game[Any, Any]:
        """The rules under ``profile`` (a profile, its JSON form, or None for the rulebook's defaults)."""
        rules = self.rules
        if isinstance(profile, Mapping):
            profile = rules.profile_type.from_json(dict(profile))
        return rules(profile)

    def table_adapter(self, game: Game[Any, Any]) -> Any:
        """The game's reading of a real table; None if it is not refereed live yet."""
        return None if self.table is None else self.table(game)

    def demo_frame_for(self, players: int, otherwise: tuple[int, int] = DEMO_FRAME) -> tuple[int, int]:
        """The camera frame (width, height) the drawn demo of ``players`` is seen in: the game's own where its
        table needs one (``demo_frame``), else ``otherwise``."""
        return otherwise if self.demo_frame is None else self.demo_frame(players)

    def sticker_id(self, number: int) -> int:
        """The sticker id of component ``number``: its place in the game's blocks, taken in order."""
        for block in self.stickers:
            if number < block.count:
                return block.first + number
            number -= block.count
        raise ValueError(f"{self.name}: component number past its sticker blocks")

    def sticker_capacity(self) -> int:
        return sum(block.count for block in self.stickers)


def imported(module: str, name: str) -> Callable[[], Any]:
    """A function returning ``module``'s ``name``, importing the module when first called: how a game's
    registration names its rules class, box and options without loading them."""

    def load() -> Any:
        return getattr(importlib.import_module(module), name)

    return load


def called(module: str, name: str) -> Callable[..., Any]:
    """A function calling ``module``'s function ``name`` with its own arguments, importing it when first called."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    return call


def lazy_names(package: str, **loaders: Callable[[], object]) -> Callable[[str], object]:
    """A game package's ``__getattr__`` (PEP 562) that gives each name of ``loaders`` as its loader returns it:
    ``from companion.games.kanaloa import KanaloaGame`` still works, loading the engine then."""

    def __getattr__(name: str) -> object:
        if name in loaders:
            return loaders[name]()
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


class Registry(Mapping[str, GameSpec]):
    """An immutable set of games by name. ``find`` matches names and aliases without regard to case.

    ``check_boxes=False`` leaves out reading every game's box to check that it fits its sticker blocks (it loads
    every game's cards): the built-in registry is checked by a test instead, and starts sooner."""

    def __init__(self, specs: Iterable[GameSpec], *, check_boxes: bool = True) -> None:
        self._specs: dict[str, GameSpec] = {}
        for spec in specs:
            if spec.name in self._specs:
                raise ValueError(f"two games are called {spec.name!r}")
            self._specs[spec.name] = spec
        self._names = {alias.lower(): s for s in self._specs.values() for alias in (s.name, *s.aliases)}
        self._by_code = {s.code: s for s in self._specs.values()}
        problems = allocation_problems(self._specs.values(), boxes=check_boxes)
        if problems:
            raise ValueError("; ".join(problems))

    def __getitem__(self, name: str) -> GameSpec:
        return self._specs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._specs))

    def __len__(self) -> int:
        return len(self._specs)

    def find(self, name: str) -> GameSpec:
        """The game called ``name`` (or one of its aliases); RecordError lists the games there are."""
        spec = self._names.get(name.lower()) if isinstance(name, str) else None
        if spec is None:
            from companion.errors import RecordError

            raise RecordError(
                N_("unknown game {name}: choose one of {games}"), name=repr(name), games=", ".join(self)
            )
        return spec

    def by_code(self, code: str) -> GameSpec | None:
        return self._by_code.get(code)

    def make_game(self, name: str, profile: Profile | Mapping[str, Any] | None = None) -> Game[Any, Any]:
        """A game's rules object; ``profile`` may be the profile's JSON form."""
        return self.find(name).make(profile)

    def spec_of(self, game: Game[Any, Any]) -> GameSpec:
        return self.find(game.name)

    def with_game(self, spec: GameSpec) -> Registry:
        """A new registry holding these games and ``spec`` (tests register toy games this way)."""
        return Registry([*self._specs.values(), spec])

    def next_free_sticker_id(self) -> int:
        """Where the next block of sticker ids starts."""
        return max((b.end for s in self._specs.values() for b in s.stickers), default=FIRST_COMPONENT_ID)


def allocation_problems(specs: Iterable[GameSpec], boxes: bool = True) -> list[str]:
    """What is wrong with the games' codes and sticker blocks: overlaps, ids out of the space, and (``boxes``) a
    box that does not fit its blocks or says it is another game's."""
    specs = list(specs)
    problems = []
    codes = [s.code for s in specs]
    for code in sorted({c for c in codes if codes.count(c) > 1}):
        problems.append(f"two games use the sticker code {code!r}")
    blocks = sorted((b, s.name) for s in specs for b in s.stickers)
    for (a, name_a), (b, name_b) in itertools.pairwise(blocks):
        if a.overlaps(b):
            problems.append(f"sticker ids of {name_a} and {name_b} overlap at {b.first}")
    for block, name in blocks:
        if block.first < FIRST_COMPONENT_ID or block.end > STICKER_ID_SPACE or block.count < 1:
            problems.append(f"{name}: sticker block {block.first}+{block.count} is outside the id space")
    for spec in specs if boxes else ():
        box = spec.components()
        if box.game != spec.name:
            problems.append(f"{spec.name}: its components say they belong to {box.game!r}")
        top = max((c.number for c in box.cards), default=-1)
        if top >= spec.sticker_capacity():
            problems.append(f"{spec.name}: component number {top} has no sticker id (blocks hold fewer)")
    return problems


def component_by_sticker(registry: Registry) -> dict[int, tuple[GameSpec, Component]]:
    """Every sticker id in use, with its game and physical component: the code book of the whole registry."""
    out: dict[int, tuple[GameSpec, Component]] = {}
    for name in registry:
        spec = registry[name]
        for component in spec.components().cards:
            out[spec.sticker_id(component.number)] = (spec, component)
    return out
