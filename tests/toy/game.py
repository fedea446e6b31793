"""A toy game for the registry's tests: registered nowhere but in the temporary registries tests build.

"Pebbles", 2 or 3 players: six pebble cards lie face down; in turn each player turns one up and lays it in their
row on their mat. When every pebble is up, the highest total wins. Small, but a whole game on the protocol: chance
outcomes as actions, a physical box with stickers, a table adapter that reads a reveal from the camera's facts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from companion.catalogue import Catalogue, build_catalogue
from companion.i18n import N_, Translator
from companion.match import Match
from companion.protocol import JSON, Action, Game, Profile, Step, Violation, effect, violation
from companion.referee import TableAdapter
from companion.registry import GameSpec, Registry, StickerBlock
from companion.table import (
    ADD,
    Difference,
    Row,
    SeenCard,
    TableChange,
    TableLayout,
    TableStep,
    seat_zone,
    zone_seat,
)

NAME = "pebbles"
COLOURS = ("white", "grey", "black")
VALUE = {"white": 1, "grey": 2, "black": 3}

REVEALED = N_("{seat} turns up a {card}.")
NOT_IN_PLAY = N_("There is no {card_id} among the pebbles.")
ALREADY_UP = N_("That pebble is already face up.")
PUT_IN_ROW = N_("Put the {card} in {seat}'s row.")
TAKE_AWAY = N_("The {card} is not in play: turn it face down.")
SUMMARY = N_("Pebbles: turn up one pebble a turn; the highest total wins.")


@dataclass(frozen=True)
class Reveal(Action):
    kind: ClassVar[str] = "reveal"
    card: str


@dataclass(frozen=True)
class PebblesProfile(Profile):
    pass


@dataclass(frozen=True, slots=True)
class State:
    rows: tuple[tuple[str, ...], ...]
    current: int = 0


def box() -> Catalogue:
    return build_catalogue(NAME, ((colour, "plain", 2) for colour in COLOURS), "{face}-{serial}", kind="tile")


class PebblesGame(Game[State, Reveal]):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Pebbles"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    profile_type: ClassVar[type[Profile]] = PebblesProfile
    domain: ClassVar[str] = "pebbles"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type[Action], ...]] = (Reveal,)
    locale_dir: ClassVar[Path] = Path(__file__).parent / "locale"

    def initial_state(self, players: int) -> State:
        self.check_players(players)
        return State(((),) * players)

    def turn(self, state: State) -> tuple[bool, int, int | None]:
        return self.is_over(state), len(state.rows), self.current_player(state)

    def current_player(self, state: State) -> int | None:
        return None if self.is_over(state) else state.current

    def _up(self, state: State) -> set[str]:
        return {card for row in state.rows for card in row}

    def legal_actions(self, state: State) -> list[Reveal]:
        if self.is_over(state):
            return []
        up = self._up(state)
        return [Reveal(state.current, c) for c in box().ids() if c not in up]

    def check_rules(self, state: State, action: Reveal) -> Violation | None:
        if action.card not in box():
            return violation("unknown-card", NOT_IN_PLAY, card_id=action.card)
        if action.card in self._up(state):
            return violation("already-up", ALREADY_UP)
        return None

    def apply_legal(self, state: State, action: Reveal) -> Step[State]:
        rows = list(state.rows)
        rows[action.seat] = (*rows[action.seat], action.card)
        revealed = effect("revealed", REVEALED, seat=action.seat, card=action.card)
        return Step(State(tuple(rows), (state.current + 1) % len(rows)), (revealed,))

    def is_over(self, state: State) -> bool:
        return len(self._up(state)) == len(box())

    def scores(self, state: State) -> list[int]:
        return [sum(VALUE[box()[c].face] for c in row) for row in state.rows]

    def winners(self, state: State) -> list[int]:
        scores = self.scores(state)
        return [seat for seat, score in enumerate(scores) if score == max(scores)]

    def catalogue(self) -> Catalogue:
        return box()

    def card_name(self, card_id: str, language: str = "en") -> str:
        return self.translator(language)(box()[card_id].face) if card_id in box() else card_id

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        if name == "card":
            return self.card_name(value, tr.language)
        return super().describe_param(name, value, tr, seats)

    def rules_summary(self, language: str = "en") -> str:
        return self.translator(language)(SUMMARY)


COLOUR_NAMES = (N_("white"), N_("grey"), N_("black"))


class PebblesTable(TableAdapter):
    """Reads a pebble turned up on the table as its reveal; each seat's row must hold that seat's pebbles."""

    def __init__(self, game: PebblesGame) -> None:
        self.game = game

    def layout(self, state: State) -> TableLayout:
        rows = tuple(Row(f"row-{seat}", seat_zone(seat)) for seat in range(len(state.rows)))
        return TableLayout(rows, {row.name: cards for row, cards in zip(rows, state.rows, strict=True)})

    def action_for(self, state: State, change: TableChange, seen: Sequence[SeenCard]) -> Reveal | None:
        up = {card for row in state.rows for card in row}
        if change.kind == ADD and change.card not in up and not self.game.is_over(state):
            return Reveal(state.current, change.card)
        return None

    def action_for_button(self, state: State, button: str) -> Reveal | None:
        return None

    def panel_actions(self) -> tuple[()]:
        return ()  # the panel's game buttons mean nothing in this game

    def instructions(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        out = []
        for d in diffs:
            card = self.game.card_name(d.card, tr.language)
            seat = zone_seat(d.expected.zone) if d.expected is not None else None
            if seat is None:
                out.append(tr(TAKE_AWAY, card=card))
            else:
                out.append(tr(PUT_IN_ROW, card=card, seat=seats[seat]))
        return out


def spec(registry: Registry) -> GameSpec:
    """The toy's spec, its sticker block taken where ``registry``'s blocks end, as a new game's would be."""
    return GameSpec.of(
        PebblesGame,
        code="PB",
        components=box,
        stickers=(StickerBlock(registry.next_free_sticker_id(), len(box())),),
        table=PebblesTable,
    )


def demo(adapter: PebblesTable, match: Match) -> Iterator[TableStep]:
    """The table after each reveal: the demo's scenes, one step an action (no button is pressed)."""
    for index in range(len(match.actions)):
        yield TableStep(index, adapter.layout(match.states[index + 1]))
