"""Kanaloa at a real table: what the camera's facts mean as actions, and what the table must look like.

The sea lies in the centre as a ring of sea cards, the boats standing on its squares (a ``Track``); each player
plays onto their own mat, so the order in which the cards settle is the order of play. Hands are hidden: the
deal is not watched (the first card of a round stands for it too), and following colour is checked only when a
player later shows a colour they did not follow (a revoke, told by the rules). Seat k sails boat k + 1.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from companion.i18n import N_, Translator
from companion.panel import PanelAction, PanelButton
from companion.protocol import Action, RecordError, Violation, join_words
from companion.protocol import seat_name as protocol_seat_name
from companion.referee import TableAdapter
from companion.table import (
    ADD,
    CENTRE,
    LEFTOVER,
    MISSING,
    MOVE,
    ORDER,
    REMOVE,
    Area,
    Difference,
    Piles,
    Ring,
    SeenCard,
    TableChange,
    TableLayout,
    Track,
    TrackContents,
    TrackSquare,
    seat_zone,
    zone_seat,
)
from companion.table.track import runs_along

from . import text as T
from .actions import Deal, Dolphin, KanaloaAction, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from .cards import BOATS, DECK, SEA_CARD_SET, boat_of
from .engine import KanaloaGame
from .sea import FLOOR, circle, colour_of_square, sea_size
from .seabox import SeaBox, box_path, layout_mismatch, load_box, ring_layout
from .state import DEAL, DOLPHIN, KRAKEN_REMOVAL, LAY_DOWN, LAYOUT, OVER, ROUND_REMOVAL, STAND_UP, State
from .words import colour_name

# Two choices nobody plays a card for, said with the panel's two game buttons: the dolphin's extra square, and
# the variant's won bet (``lay_down_sail_optional``: stand the boat up and sail its 3 free squares, or stay). The
# first button sails on, the second stays, whichever is asked; the table still reads a boat stood up and moved.
SAIL_ON = N_("sail on")
STAY = N_("stay")
DOLPHIN_BUTTON = PanelAction(PanelButton.ACTION_1, Dolphin.kind, SAIL_ON)
STAY_BUTTON = PanelAction(PanelButton.ACTION_2, Dolphin.kind, STAY)
STAND_SAIL_BUTTON = PanelAction(PanelButton.ACTION_1, StandUp.kind, SAIL_ON)
STAND_STAY_BUTTON = PanelAction(PanelButton.ACTION_2, StandUp.kind, STAY)

SEA_AREA = "sea"
PLAY_SLOT = "play"
# A boat's sticker is read like a card's: the camera gives where a poker card's centre (63 x 88 mm) would be
# with that sticker in its top-left corner, 3 mm in. The boat itself is that far back.
BOAT_SHIFT = (63.0 / 2 - 15.5, 88.0 / 2 - 15.5)
DECK_SET = frozenset(DECK)
# A boat laid on its side (the variant) shows no sticker, or one turned this far (degrees) from its sea card's.
TURNED = 45.0


def play_area(seat: int) -> str:
    return f"play-{seat}"


@functools.cache
def areas(players: int) -> tuple[Area, ...]:
    """The sea in the centre, and each seat's play spot: its whole mat (the hand is held, never laid)."""
    # A boat stands about 27 mm from its card's centre, 55 mm from a neighbour's: over a card unseen in a frame it
    # is read on no square rather than on the neighbour's.
    sea = Track(SEA_AREA, CENTRE, frozenset(BOATS), squares=2, reach=40.0, piece_shift=BOAT_SHIFT)
    return (sea, *(Piles(play_area(seat), seat_zone(seat), (PLAY_SLOT,)) for seat in range(players)))


def square_of(state: State, square: int) -> TrackSquare:
    """A square of the layout as the track names it: its sea card, and 0 or 1 clockwise on it."""
    return state.layout_cards[square // 2], square % 2


def boats_down(players: int, seen: Sequence[SeenCard]) -> frozenset[int]:
    """The seats whose boat the camera sees laid on its side: its sticker gone from the table (the tracker has let
    it go: one only hidden for a moment by a hand is still held), or turned a quarter from the sea card under it."""
    sea = [s for s in seen if s.card in SEA_CARD_SET and s.zone == CENTRE]
    where = {s.card: s for s in seen}
    down = set()
    for seat in range(players):
        boat = where.get(boat_of(seat))
        if boat is None:
            down.add(seat)
        elif sea:
            card = min(sea, key=lambda s: (s.x - boat.x) ** 2 + (s.y - boat.y) ** 2)
            if abs((boat.angle - card.angle + 90.0) % 180.0 - 90.0) > TURNED:
                down.add(seat)
    return frozenset(down)


def trick_seats(state: State) -> list[int]:
    """Who played each card of the current trick, in order."""
    return [(state.leader + k) % state.players for k in range(len(state.trick))]


class KanaloaTable(TableAdapter):
    """The table adapter and expected layout of Kanaloa."""

    # The first card of a round stands for the deal nobody watched, and for the variant's lay-downs not shown, too
    # (companion/referee.py, on_change): the deal, up to 5 lay-downs, then the play.
    actions_per_change = 8

    def __init__(self, game: KanaloaGame, box: SeaBox | None = None, box_file: Path | None = None) -> None:
        """``box``: this box's sea cards; None reads them when first needed from ``box_file`` (default: the file
        ``companion setup-box --game kanaloa`` saves beside the config)."""
        self.game = game
        self._box, self._box_file = box, box_file
        self._box_read = box is not None
        self._box_problem: RecordError | None = None  # the saved box's file could not be read: why
        self._sea_problem: Violation | None = None  # the ring seen at setup is not this box's sea: why

    def box(self) -> SeaBox | None:
        """This box's sea cards, read once (None: not confirmed yet, or a file that cannot be read)."""
        if not self._box_read:
            self._box_read = True
            try:
                self._box = load_box(self._box_file or box_path())
            except RecordError as exc:
                self._box_problem = exc
        return self._box

    def sea_seen(self, state: State, seen: Sequence[SeenCard]) -> LayOut | None:
        """At setup, the sea the camera sees laid as a ring, with this box's squares: once as many sea cards as
        the table needs lie in the centre. A ring that cannot be this box's sea is kept to be told."""
        cards = [s for s in seen if s.card in SEA_CARD_SET and s.zone == CENTRE]
        box = self.box()
        self._sea_problem = None
        if box is None or len(cards) != sea_size(state.players):
            return None
        ring = Ring(SEA_AREA, CENTRE).around(cards)
        laid = ring_layout(box, [(s.card, runs_along(ring, k)) for k, s in enumerate(ring)], state.players)
        if isinstance(laid, LayOut):
            return laid
        self._sea_problem = laid
        return None

    def setup_problem(self, action: Action) -> Violation | None:
        """Why a move entered by hand before the camera takes over does not fit this box (a sea whose cards show
        other squares than the ones confirmed), or None."""
        box = self.box()
        return layout_mismatch(box, action) if box is not None and isinstance(action, LayOut) else None

    # --- what the table must look like ----------------------------------------------------------------

    def layout(self, state: State) -> TableLayout:
        # A boat laid down shows no square (no sticker, or a turned one): nothing is expected of it.
        down = state.laid_down or (False,) * state.players
        boats = {
            boat_of(seat): square_of(state, square)
            for seat, square in enumerate(state.boats)
            if not down[seat]
        }
        plays = {
            play_area(seat): {PLAY_SLOT: card}
            for seat, card in zip(trick_seats(state), state.trick, strict=True)
        }
        return TableLayout(areas(state.players), {SEA_AREA: TrackContents(state.sea, boats), **plays})

    # --- what the camera's facts mean -------------------------------------------------------------------

    def action_for(self, state: State, change: TableChange, seen: Sequence[SeenCard]) -> KanaloaAction | None:
        """The action a stable table change stands for, or None if it only moves things as the rules expect.

        A card settling on a mat is that seat's play; a sea card leaving the ring is the removal the rules
        wait for (after a Kraken, or at the end of a round). Asked again after each action it gives: the first
        card of a round is the deal, then the play; playing on instead of answering the dolphin is staying."""
        phase = state.phase
        if phase == OVER:
            return None
        if phase == LAYOUT:
            return self.sea_seen(state, seen)
        seat = zone_seat(change.zone)
        played = change.kind in (ADD, MOVE) and seat is not None and change.card in DECK_SET
        removed = change.kind == REMOVE and change.zone == CENTRE and change.card in state.sea
        boat = (
            self.game.profile.lay_down_variant
            and change.card in BOATS
            and BOATS.index(change.card) in boats_down(state.players, seen)
        )  # the variant: a boat laid on its side
        if phase == DOLPHIN and (played or removed):
            return Dolphin(state.pending, False)
        if (played or boat) and phase == DEAL:
            return Deal(state.leader, None)
        if phase == LAY_DOWN and (played or boat):
            return self._lay_down(state, change, seen, played)
        if phase == STAND_UP:
            return self._stand_up(state, change, seen)
        if played and seat is not None and seat < state.players:
            if change.card in state.trick and trick_seats(state)[state.trick.index(change.card)] == seat:
                return None  # seen again where it was played
            return Play(seat, change.card)
        if removed:
            taker = state.pending if phase in (KRAKEN_REMOVAL, ROUND_REMOVAL) else self._current(state)
            return RemoveSeaCard(taker, change.card)
        return None

    def _lay_down(
        self, state: State, change: TableChange, seen: Sequence[SeenCard], played: bool
    ) -> LayDown | None:
        """The variant's choice of the seat whose turn it is to say, read from its boat. Seats say in turn from
        the leader: a boat laid down answers for the seats before it too (they kept theirs up), and the first card
        played answers for every seat still to say."""
        seat, n = state.pending, state.players
        if not played:
            changed = BOATS.index(change.card)
            if changed >= n or (seat - state.leader) % n > (changed - state.leader) % n:
                return None
        return LayDown(seat, seat in boats_down(n, seen))

    def _stand_up(self, state: State, change: TableChange, seen: Sequence[SeenCard]) -> StandUp | None:
        """A player who won the bet stands the boat up: on a square other than its own, it sailed the 3 squares."""
        seat = state.pending
        if change.card != boat_of(seat) or change.kind == REMOVE or seat in boats_down(state.players, seen):
            return None
        track = areas(state.players)[0]
        assert isinstance(track, Track)
        contents = TrackContents(state.sea, {boat_of(seat): square_of(state, state.boats[seat])})
        spot = track.seen(contents, [s for s in seen if s.card in SEA_CARD_SET or s.card == change.card])
        where = spot.get(change.card)
        if where is None:  # held over the ring, or between two cards: not stood on a square yet
            return None
        return StandUp(seat, where != square_of(state, state.boats[seat]))

    def _current(self, state: State) -> int:
        current = self.game.current_player(state)
        return 0 if current is None else current

    def panel_actions(self) -> tuple[PanelAction, ...]:
        """What the panel's game buttons mean here, with their words (msgids of this game's domain)."""
        return (DOLPHIN_BUTTON, STAY_BUTTON, STAND_SAIL_BUTTON, STAND_STAY_BUTTON)

    def action_for_button(self, state: State, button: str) -> KanaloaAction | None:
        """The action a panel button stands for (``button``: a PanelButton value)."""
        if state.phase == DOLPHIN and button in (DOLPHIN_BUTTON.button, STAY_BUTTON.button):
            return Dolphin(state.pending, button == DOLPHIN_BUTTON.button)
        if state.phase == STAND_UP and button in (STAND_SAIL_BUTTON.button, STAND_STAY_BUTTON.button):
            return StandUp(state.pending, button == STAND_SAIL_BUTTON.button)
        if state.phase == DEAL and button == PanelButton.TURN:
            return Deal(state.leader, None)  # the cards are dealt: said by hand before anyone plays
        return None

    # --- what to tell the players ----------------------------------------------------------------------

    def instructions(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        """Each difference as what to do about it; the cards of a finished trick are told together."""
        if state.phase == LAYOUT:
            return self._setup_words(state, diffs, tr, seats)
        words = _Words(self.game, state, tr, seats)
        out: list[str] = []
        gather: list[str] = []
        shared = Counter(d.seen.spot for d in diffs if d.card in BOATS and d.seen and d.seen.spot is not None)
        down = state.laid_down or (False,) * state.players
        for d in diffs:
            if d.card in BOATS:
                if d.expected is None and BOATS.index(d.card) < state.players and down[BOATS.index(d.card)]:
                    continue  # a boat laid down, its sticker turned: on its square, which is not judged
                out.append(words.boat(d, shared))
            elif d.card in SEA_CARD_SET:
                out.append(words.sea_card(d))
            elif d.kind == LEFTOVER or d.expected is None:
                if d.card in state.played or (state.phase == DEAL and d.card in DECK_SET):  # the last trick
                    gather.append(d.card)
                else:
                    out.append(tr(T.NOT_PLAYED_YET, card=words.card(d.card)))
            else:
                out.append(words.play(d))
        if gather:
            cards = join_words([words.card(c) for c in gather], tr)
            out.append(tr(T.GATHER, seat=words.seat(state.leader), cards=cards))
        return out

    def _setup_words(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        """Before the sea is laid: what the camera needs to read it."""
        self.box()
        if self._box_problem is not None:
            return [tr(T.SEA_BOX_BAD, problem=self._box_problem.tell(tr.language))]
        if self._box is None:
            return [tr(T.SEA_NOT_CONFIRMED)]
        if self._sea_problem is not None:
            return [self.game.tell(self._sea_problem, tr.language, seats)]
        count = sum(1 for d in diffs if d.card in SEA_CARD_SET and d.seen is not None)
        return [tr(T.LAY_OUT_SEA, expected=sea_size(state.players), count=count)]


class _Words:
    """The table's differences in one language: squares, boats, sea cards and played cards named."""

    def __init__(self, game: KanaloaGame, state: State, tr: Translator, seats: Sequence[str]) -> None:
        self.game, self.state, self.tr, self.seats = game, state, tr, seats
        self.numbers = {square: k + 1 for k, square in enumerate(circle(state.layout_cards, state.sea))}

    def seat(self, seat: int) -> str:
        return protocol_seat_name(seat, self.tr, self.seats)

    def card(self, card: str) -> str:
        return self.game.card_name(card, self.tr.language)

    def square(self, spot: object) -> str:
        card, half = spot if isinstance(spot, tuple) else ("", 0)
        if card not in self.state.layout_cards:
            return "?"
        square = 2 * self.state.layout_cards.index(card) + half
        colour = colour_name(colour_of_square(self.state.layout_squares[square]), self.tr)
        number = self.numbers.get(square, "?")
        return self.tr(T.SQUARE_PLACE, number=number, colour=colour, sea_card=self.card(card))

    def boat(self, d: Difference, shared: Counter[object]) -> str:
        if d.expected is None:
            return self.tr(T.BOAT_IN_BOX, boat=self.card(d.card))
        seat, square = self.seat(BOATS.index(d.card)), self.square(d.expected.spot)
        if d.seen is None:
            return self.tr(T.BOAT_NOWHERE, seat=seat, square=square)
        if d.seen.spot is None or d.seen.zone != CENTRE:
            return self.tr(T.BOAT_NOT_ON_SEA, seat=seat, square=square)
        move = self.tr(T.MOVE_BOAT, seat=seat, square=square)
        if shared[d.seen.spot] > 1 or d.seen.spot in self.state_boat_squares():
            return f"{self.tr(T.BOATS_SHARE, square=self.square(d.seen.spot))} {move}"
        return move

    def state_boat_squares(self) -> set[object]:
        """The squares the rules put a boat on."""
        return {square_of(self.state, square) for square in self.state.boats}

    def neighbours(self, card: str) -> tuple[str, str]:
        """The sea cards before and after ``card`` in the sea, as laid (itself included, if removed)."""
        sea = [c for c in self.state.layout_cards if c in self.state.sea or c == card]
        k = sea.index(card)
        return self.card(sea[k - 1]), self.card(sea[(k + 1) % len(sea)])

    def sea_card(self, d: Difference) -> str:
        name = self.card(d.card)
        if d.expected is None:
            if d.card in self.state.layout_cards:
                return self.tr(T.SEA_CARD_OUT, sea_card=name)
            return self.tr(T.NOT_SEA, card=name)  # a sea card the sea was never laid with
        before, after = self.neighbours(d.card)
        if d.kind == ORDER:
            return self.tr(T.SEA_ORDER, sea_card=name, before=before, after=after)
        if d.kind == MISSING and len(self.state.sea) <= FLOOR:
            return self.tr(T.SEA_CARD_BACK_FLOOR, sea_card=name, before=before, after=after)
        return self.tr(T.SEA_CARD_BACK, sea_card=name, before=before, after=after)

    def play(self, d: Difference) -> str:
        assert d.expected is not None
        seat = zone_seat(d.expected.zone)
        player = self.seat(seat) if seat is not None else d.expected.zone
        if d.seen is None:
            return self.tr(T.PLAY_BACK, card=self.card(d.card), seat=player)
        other = zone_seat(d.seen.zone)
        if other is None or other >= self.state.players:
            return self.tr(T.PLAY_BACK, card=self.card(d.card), seat=player)
        return self.tr(T.PLAY_ON_MAT, card=self.card(d.card), seat=player, other=self.seat(other))


__all__ = ["DOLPHIN_BUTTON", "SEA_AREA", "STAY_BUTTON", "KanaloaTable", "areas", "play_area"]
