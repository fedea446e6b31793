"""Shark Park at a real table: the board read square by square, and what the camera's facts mean as actions.

The board is one ``Board`` area in the board zone, found by its four corner marks (vision/zones.py): positions are
the board's millimetres, A1's outer corner at (0, 0), rows down and columns across. Every tile carries a sticker on
its back: sharks by colour, fish with no value, the fish-bone tile whose rotation gives the scare's direction.

Sharks are placed one at a time at setup: each new shark on the board is a placement. Everything after that is
a piece lying somewhere else than before, with no tile coming or going, so it is read from the whole table frame
by frame (``action_from_table``) once it has lain still a few frames: the fish-bone tile laid on a shark is the
scare, a shark slid onto a neighbouring square is a move (square by square, one movement point each), a shark
back on the board after fleeing is put back, a fish back on the board under Vivier is returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.shark_park import text as T
from companion.games.shark_park.actions import (
    EndTurn,
    Move,
    Place,
    PutBack,
    ReturnFish,
    Scare,
    SharkParkAction,
    TakeFish,
)
from companion.games.shark_park.board import NEIGHBOURS, OFF, OUTER, SIZE, name
from companion.games.shark_park.cards import COLOURS, FISH_BONE, MARKER_IDS
from companion.games.shark_park.engine import SharkParkGame
from companion.games.shark_park.rules import specials_allowed
from companion.games.shark_park.state import (
    HUNGRY_SPECIALS,
    MOVE,
    NONE,
    PUT_BACK,
    RELOCATE,
    RESTOCK,
    SCARE,
    SETUP,
    STARVING_SPECIALS,
    TAKE,
    State,
)
from companion.games.shark_park.tiles import Tiles, first_tiles, follow, rebuilt
from companion.games.shark_park.words import colour_name, level_name, special_name
from companion.i18n import Translator
from companion.panel import PanelAction, PanelButton
from companion.protocol import seat_name
from companion.referee import TableAdapter
from companion.table import (
    BOARD,
    LEFTOVER,
    MISPLACED,
    MISSING,
    Board,
    Difference,
    SeenCard,
    Square,
    TableChange,
    TableLayout,
    corner_squares,
    square_name,
    stacked,
)
from companion.table import Place as TablePlace

SQUARE_MM = 50.0  # the box's board: 8 squares of 50 mm, 400 mm a side (the printable board is the same)
BOARD_AREA = Board("board", BOARD, SIZE, SIZE, SQUARE_MM, holes=corner_squares(SIZE, SIZE))
AREAS = (BOARD_AREA,)
SETTLE = 3  # frames a piece must lie still on a square before it counts: a hand sliding it is not a move
LIFT = 5  # frames a piece must be out of sight to count as lifted (a missed frame or two is not a lift)
BETWEEN = 0.3  # of a square: a fish-bone tile further than this from its square's middle lies between squares
ASKEW = 25.0  # degrees: a fish-bone tile turned further than this from a row or a column points no clear way

# The fish-bone tile's rotation for each direction it points (the sticker's top edge points the way).
ANGLES: dict[str, float] = {"S": 0.0, "E": 90.0, "N": 180.0, "W": 270.0}
FEAR_BUTTON = PanelAction(PanelButton.ACTION_1, Scare.kind, T.FEAR_BUTTON)
RUN_BUTTON = PanelAction(PanelButton.ACTION_2, Scare.kind, T.RUN_BUTTON)
# What each button offers in turn at a hunger level: pressed again, the next; past the last, none.
BUTTON_SPECIALS: dict[str, tuple[str, str]] = {
    PanelButton.ACTION_1: (HUNGRY_SPECIALS[0], STARVING_SPECIALS[0]),  # Peur!, Terreur!!!
    PanelButton.ACTION_2: (HUNGRY_SPECIALS[1], STARVING_SPECIALS[1]),  # Cours!, Vole!!!
}
UNJUDGED = frozenset({FISH_BONE, *MARKER_IDS})  # pieces whose place the layout does not say


def spot(square: int) -> Square:
    return divmod(square, SIZE)


def square_of(place: Square) -> int:
    return place[0] * SIZE + place[1]


def direction_of(angle: float) -> str | None:
    """The way a fish-bone tile turned ``angle`` degrees points, or None if it points no clear way."""
    for direction, a in ANGLES.items():
        if abs((angle - a + 180.0) % 360.0 - 180.0) <= ASKEW:
            return direction
    return None


def shark_tile(state: State, shark: int) -> str:
    """The sticker a shark carries before the table says otherwise: its colour and its rank among its seat's."""
    seat, k = divmod(shark, state.per_seat)
    return f"shark-{COLOURS[seat]}-{k + 1}"


def colour_of(card: str) -> int | None:
    """The seat a shark tile's colour belongs to (seat 0 blue...), or None for another tile."""
    parts = card.split("-")
    return COLOURS.index(parts[1]) if len(parts) == 3 and parts[0] == "shark" else None


@dataclass
class _Still:
    """A piece that lay still: what it showed, and for how many frames in a row."""

    shows: object = None
    frames: int = 0


class SharkParkTable(TableAdapter):
    """The table adapter and expected layout of Shark Park.

    It remembers what the rules do not: which tile is which fish (learned at setup), which shark tile each seat
    placed, which pieces were lifted since the last action, and the special action chosen with the buttons."""

    def __init__(self, game: SharkParkGame) -> None:
        self.game = game
        self._setup_fish: dict[int, str] = {}  # square -> the fish tile seen there at setup
        self._tiles: dict[State, Tiles] = {}
        self._recent: list[State] = []  # the last states asked for, where the next one comes from
        self._sharks: dict[int, str] = {}  # shark index -> the tile placed for it
        self._still = _Still()
        self._last_seen: dict[str, float] = {}
        self._unseen: dict[str, int] = {}
        self._lifted: set[str] = set()
        self._state: State | None = None  # the state of the last frame read
        self._tried: set[SharkParkAction] = set()  # read from the table in this state: never read twice
        self._bone: tuple[int, str] | None = None  # where the fish-bone tile lay when the last scare was read
        self._bone_problem: str | None = None
        self._covered: set[int] = set()  # where the fish-bone tile lay before: a shark there may be unseen
        self._bone_at: Square | None = None  # the square the fish-bone tile lies on in the last frame read
        self._bone_off = False  # the fish-bone tile was seen off the board (or on a missing corner)
        self._board_hidden = False
        self._special: tuple[int, str] = (-1, NONE)  # (turn, special chosen for it)
        self._take: tuple[int, int] = (-1, 0)  # (pending left, fish value offered)

    # --- which tile is which ----------------------------------------------------------------------------

    def tiles(self, state: State) -> Tiles:
        """The fish tile on each square in ``state``: at setup as seen, then followed through every action."""
        if state.phase == SETUP:
            known = first_tiles(state.fish, self._setup_fish)
        elif (cached := self._tiles.get(state)) is not None:
            known = cached
        else:
            known = self._tiles[state] = self._reach(state)
        if not self._recent or self._recent[-1] != state:
            self._recent = [*self._recent[-7:], state]
        return known

    def _reach(self, state: State) -> Tiles:
        """The tiles of a state one action after a state asked for lately; else rebuilt from the last known."""
        for before in reversed(self._recent):
            tiles = self.tiles(before) if before.phase == SETUP else self._tiles.get(before)
            if tiles is None:
                continue
            for action in self.game.legal_actions(before):
                step = self.game.apply_legal(before, action)
                if step.state == state:
                    return follow(tiles, before.fish, step.effects)
        last = self._tiles.get(self._recent[-1]) if self._recent else None
        return rebuilt(state.fish, last)

    def shark_tiles(self, state: State) -> list[str]:
        """The tile of each shark (by shark index): the one placed for it, else its colour's next unused one."""
        taken = {self._sharks[i] for i in range(len(state.sharks)) if i in self._sharks}
        out = []
        for i in range(len(state.sharks)):
            tile = self._sharks.get(i)
            if tile is None:
                seat = i // state.per_seat
                tile = next(
                    t
                    for k in range(1, 5)
                    if (t := f"shark-{COLOURS[seat]}-{k}") not in taken and t not in out
                )
            out.append(tile)
        return out

    # --- what the table must look like ----------------------------------------------------------------

    def layout(self, state: State) -> TableLayout:
        board: dict[Square, str | tuple[str, ...]] = {}
        for q, tile in enumerate(self.tiles(state).fish):
            if tile:
                board[spot(q)] = tile
        for tile, q in zip(self.shark_tiles(state), state.sharks, strict=True):
            if q != OFF:
                held = board.get(spot(q))
                board[spot(q)] = (
                    tile if held is None else (*((held,) if isinstance(held, str) else held), tile)
                )
        return TableLayout(AREAS, {BOARD_AREA.name: board})

    # --- what the camera's facts mean -------------------------------------------------------------------

    def action_for(
        self, state: State, change: TableChange, seen: Sequence[SeenCard]
    ) -> SharkParkAction | None:
        """At setup, a shark coming onto the board is placed (by the seat its colour belongs to)."""
        seat = colour_of(change.card)
        if state.phase != SETUP or change.zone != BOARD or seat is None or change.kind == "remove":
            return None
        lying = next((s for s in seen if s.card == change.card), None)
        if lying is None or not BOARD_AREA.covers(lying.x, lying.y) or seat >= state.players:
            return None  # off the board, or a colour nobody plays: the instructions say so
        col = min(int(lying.x // SQUARE_MM), SIZE - 1)
        row = min(int(lying.y // SQUARE_MM), SIZE - 1)
        action = Place(seat, square_name((row, col)))
        if seat == state.current and self.game.check(state, action) is None:
            first = seat * state.per_seat
            self._sharks[state.sharks.index(OFF, first, first + state.per_seat)] = change.card
        return action

    def action_from_table(self, state: State, seen: Sequence[SeenCard]) -> SharkParkAction | None:
        """The action the board shows once its pieces have lain still ``SETTLE`` frames, read once per state."""
        self._watch(state, seen)
        on_board = {s.card: s for s in seen if s.zone == BOARD and s.fresh}
        # Pieces seen, none of them on the board: the board's marks are out of view (too few to place it).
        self._board_hidden = (
            bool(seen) and not any(s.zone == BOARD for s in seen if s.fresh) and any(s.fresh for s in seen)
        )
        bone = on_board.get(FISH_BONE)
        self._bone_at = BOARD_AREA.square_at(bone.x, bone.y) if bone is not None else None
        self._bone_off = any(s.card == FISH_BONE and s.fresh for s in seen) and self._bone_at is None
        if state.phase == SETUP:
            self._learn_fish(state, on_board)
            return None
        shows = self._shown(state, on_board)
        if shows is None or shows != self._still.shows:
            self._still = _Still(shows, 1 if shows is not None else 0)
            return None
        self._still.frames += 1
        if self._still.frames < SETTLE or shows in self._tried:
            return None
        self._tried.add(shows)
        if isinstance(shows, Scare):
            if self._bone is not None:
                self._covered = {self._bone[0]}  # its shark is seen again a few frames after the tile left it
            self._bone = (seen_square(on_board[FISH_BONE]), shows.direction)
            self._lifted.discard(FISH_BONE)
        return shows

    def _watch(self, state: State, seen: Sequence[SeenCard]) -> None:
        """Which pieces were out of sight ``LIFT`` frames in a row since the last action."""
        if state != self._state:
            self._state, self._tried, self._lifted = state, set(), set()
        for s in seen:
            if self._last_seen.get(s.card) == s.last_seen:
                self._unseen[s.card] = self._unseen.get(s.card, 0) + 1
            else:
                self._unseen[s.card] = 0
            self._last_seen[s.card] = s.last_seen
            if self._unseen[s.card] >= LIFT or s.zone != BOARD:
                self._lifted.add(s.card)
        for card in set(self._last_seen) - {s.card for s in seen}:
            self._lifted.add(card)  # taken away altogether

    def _learn_fish(self, state: State, on_board: dict[str, SeenCard]) -> None:
        """At setup, the fish tile seen on each numbered square is the fish of that square's value."""
        learned: dict[int, str] = {}
        for card, s in sorted(on_board.items()):
            where = BOARD_AREA.square_at(s.x, s.y)
            if card.startswith("fish-") and where is not None and state.fish[square_of(where)]:
                learned.setdefault(square_of(where), card)
        kept = {q: t for q, t in self._setup_fish.items() if t not in learned.values() and q not in learned}
        self._setup_fish = {**kept, **learned}

    def _shown(self, state: State, on_board: dict[str, SeenCard]) -> SharkParkAction | None:
        seat = state.current
        if state.phase == SCARE:
            return self._scare_shown(state, on_board)
        if state.phase == MOVE:
            tiles = self.shark_tiles(state)
            first = seat * state.per_seat
            for shark in range(first, first + state.per_seat):
                s = on_board.get(tiles[shark])
                where = BOARD_AREA.square_at(s.x, s.y) if s else None
                origin = state.sharks[shark]
                if where is not None and origin != OFF and square_of(where) != origin:
                    target = square_of(where)
                    if any(t == target for _, t in NEIGHBOURS[origin]):
                        return Move(seat, name(origin), name(target))
            return None
        if state.phase == RELOCATE and state.pending and state.pending[0][0] == PUT_BACK:
            tile = self.shark_tiles(state)[state.pending[0][1]]
            s = on_board.get(tile)
            where = BOARD_AREA.square_at(s.x, s.y) if s else None
            back = tile in self._lifted and self._unseen.get(tile) == 0  # lifted, and seen again since
            if where is not None and back and square_of(where) in OUTER:
                return PutBack(seat, name(square_of(where)))
            return None
        if state.phase == RESTOCK:
            on_squares = set(self.tiles(state).fish)
            for card, s in sorted(on_board.items()):
                where = BOARD_AREA.square_at(s.x, s.y)
                if card.startswith("fish-") and card not in on_squares and where is not None:
                    return ReturnFish(seat, name(square_of(where)))
        return None

    def _scare_shown(self, state: State, on_board: dict[str, SeenCard]) -> Scare | None:
        self._bone_problem = None
        bone = on_board.get(FISH_BONE)
        if bone is None:
            return None
        where = BOARD_AREA.square_at(bone.x, bone.y)
        if where is None:
            return None
        cx, cy = BOARD_AREA.centre(where)
        if max(abs(bone.x - cx), abs(bone.y - cy)) > BETWEEN * SQUARE_MM:
            self._bone_problem = T.BONE_BETWEEN
            return None
        direction = direction_of(bone.angle)
        if direction is None:
            self._bone_problem = T.BONE_ASKEW
            return None
        square = square_of(where)
        if (square, direction) == self._bone and FISH_BONE not in self._lifted:
            return None  # still where the last scare left it
        turn, special = self._special
        return Scare(state.current, name(square), direction, special if turn == state.turn else NONE)

    def panel_actions(self) -> tuple[PanelAction, ...]:
        """The special actions, chosen before the fish-bone tile goes down; under Terreur!!!, the fish to take."""
        return (FEAR_BUTTON, RUN_BUTTON)

    def action_for_button(self, state: State, button: str) -> SharkParkAction | None:
        if state.phase == "over":
            return None
        if button == PanelButton.TURN:
            return EndTurn(state.current)
        if state.phase == TAKE and button == PanelButton.ACTION_1:
            return TakeFish(state.current, self._offered(state))
        return None

    def choice_for_button(self, state: State, button: str, language: str, seats: Sequence[str]) -> str | None:
        """A game button pressed before the scare chooses the turn's special action (pressed again: the next one
        its level allows, then none); under Terreur!!!, the second button offers the next eaten fish to take."""
        tr = self.game.translator(language)
        seat = state.current
        if state.phase == TAKE and button == PanelButton.ACTION_2:
            values = sorted(set(state.eaten[state.pending[0][1]]), reverse=True)
            if not values:
                return None
            now = self._offered(state)
            value = values[(values.index(now) + 1) % len(values)] if now in values else values[0]
            self._take = (len(state.pending), value)
            giver = seat_name(state.pending[0][1], tr, seats)
            return tr(T.TAKE_CHOICE, seat=seat_name(seat, tr, seats), value=value, giver=giver)
        offers = BUTTON_SPECIALS.get(button)
        if state.phase != SCARE or offers is None:
            return None
        allowed = [s for s in offers if s in specials_allowed(state.hunger[seat])]
        if not allowed:
            return tr(T.NOT_HUNGRY, seat=seat_name(seat, tr, seats), level=level_name(state.hunger[seat], tr))
        turn, chosen = self._special
        chosen = chosen if turn == state.turn else NONE
        cycle = [*reversed(allowed), NONE]  # the strongest first: Terreur!!! before Peur!
        special = cycle[(cycle.index(chosen) + 1) % len(cycle)] if chosen in cycle else cycle[0]
        self._special = (state.turn, special)
        return tr(T.CHOSEN, seat=seat_name(seat, tr, seats), special=special_name(special, tr))

    def choice_buttons(self, state: State) -> tuple[str, ...]:
        """The game buttons that make a choice now (``choice_for_button``'s): before the scare, those offering a
        special action the player's hunger allows; under Terreur!!!, the second while there is a fish to offer."""
        if state.phase == TAKE:
            return (PanelButton.ACTION_2,) if state.eaten[state.pending[0][1]] else ()
        if state.phase != SCARE:
            return ()
        allowed = specials_allowed(state.hunger[state.current])
        return tuple(b for b, offers in BUTTON_SPECIALS.items() if any(s in allowed for s in offers))

    def _offered(self, state: State) -> int:
        values = sorted(set(state.eaten[state.pending[0][1]]), reverse=True)
        left, value = self._take
        return value if left == len(state.pending) and value in values else values[0] if values else 0

    # --- what to tell the players ----------------------------------------------------------------------

    def instructions(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        """Each difference as what to do about it, naming squares (fish tiles look alike, so only squares)."""
        out: list[str] = []
        if self._board_hidden:
            return [tr(T.BOARD_HIDDEN)]  # nothing else can be judged until it is back
        if self._bone_off:
            out.append(tr(T.BONE_OFF))
        elif self._bone_problem is not None and state.phase == SCARE:
            out.append(tr(self._bone_problem))
        crowded = self._crowded(state, diffs)
        for square in sorted(crowded):
            out.append(tr(T.TWO_FISH, square=square_name(square)))
        stacked_under = self._under_a_stack(state, diffs)
        for d in diffs:
            if d.card in UNJUDGED or d.card in stacked_under:
                continue
            if d.card.startswith("fish-"):
                said = self._fish_words(state, d, tr)
            else:
                said = self._shark_words(state, d, tr, seats)
            if said is not None and not (d.seen is not None and d.seen.spot in crowded and d.kind != MISSING):
                out.append(said)
        return out

    def _under_a_stack(self, state: State, diffs: Sequence[Difference]) -> set[str]:
        """The sharks not seen on a square where another shark of theirs is seen: at a real table a shark laid on
        another hides its sticker, so asking for it would ask for what is already there."""
        differing = {d.card for d in diffs}
        missing = [d for d in diffs if d.kind == MISSING and colour_of(d.card) is not None]
        if not missing:
            return set()
        board = self.layout(state).content(BOARD_AREA.name)
        hidden = set()
        for d in missing:
            held = board.get(d.expected.spot) if d.expected is not None else None
            mates = stacked(held) if held is not None else ()
            if any(mate != d.card and mate not in differing for mate in mates):
                hidden.add(d.card)
        return hidden

    def _crowded(self, state: State, diffs: Sequence[Difference]) -> set[Square]:
        """The squares two fish tiles or more are seen on."""
        moved = {d.card for d in diffs if d.card.startswith("fish-")}
        counts: dict[Square, int] = {}
        for q, tile in enumerate(self.tiles(state).fish):
            if tile and tile not in moved:
                counts[spot(q)] = counts.get(spot(q), 0) + 1
        for d in diffs:
            seen = d.seen
            if (
                d.card.startswith("fish-")
                and seen is not None
                and seen.zone == BOARD
                and isinstance(seen.spot, tuple)
            ):
                counts[seen.spot] = counts.get(seen.spot, 0) + 1
        return {q for q, n in counts.items() if n > 1}

    def _fish_words(self, state: State, d: Difference, tr: Translator) -> str | None:
        here = _square(d.seen)
        if d.kind == LEFTOVER:
            # A fish off the board is eaten (kept face up), escaped or spare: only the board is judged.
            return tr(T.FISH_OFF, square=here) if here is not None else None
        there = _square(d.expected)
        if there is None:
            return None
        if d.kind == MISSING:
            return tr(T.PUT_FISH if state.phase == SETUP else T.FISH_GONE, square=there)
        if here is None:
            return tr(T.FISH_BACK, square=there)
        return tr(T.MOVE_FISH, origin=here, square=there)

    def _shark_words(
        self,
        state: State,
        d: Difference,
        tr: Translator,
        seats: Sequence[str],
    ) -> str | None:
        seat = colour_of(d.card)
        if seat is None:
            return None
        colour = colour_name(seat, tr)
        here = _square(d.seen)
        if d.kind == LEFTOVER:
            if here is None:
                return None  # a shark beside the board: in the box, or waiting to be put back
            if seat >= state.players:
                return tr(T.NOBODY_PLAYS, colour=colour, square=here)
            if state.phase == SETUP:
                return tr(T.SHARK_NOT_YET, colour=colour, square=here)
            return tr(T.SHARK_OFF_BOARD, colour=colour, square=here, seat=seat_name(state.current, tr, seats))
        there = _square(d.expected)
        if there is None:
            return None
        if d.kind == MISSING:
            under = {spot(q) for q in self._covered} | ({self._bone_at} if self._bone_at else set())
            if d.expected is not None and d.expected.spot in under:
                return None  # under the fish-bone tile, or just uncovered and not read again yet
            return tr(T.PUT_SHARK, colour=colour, square=there)
        if d.kind == MISPLACED and here is None:
            return tr(T.SHARK_BACK, colour=colour, square=there)
        return tr(T.MOVE_SHARK, colour=colour, origin=here, square=there)


def _square(place: TablePlace | None) -> str | None:
    """A board square's name, or None off the board (or on a missing corner)."""
    if place is None or place.zone != BOARD or not isinstance(place.spot, tuple):
        return None
    return square_name(place.spot)


def seen_square(s: SeenCard) -> int:
    """The square a piece lies on, or OFF."""
    where = BOARD_AREA.square_at(s.x, s.y)
    return square_of(where) if where is not None else OFF
