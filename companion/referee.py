"""The live referee: the camera's table facts and the buttons in, actions and words out.

Learned from chess-board readers: act only on stable facts (the tracker's events), compare the table with what
the rules expect, and say plainly what to fix. What the table still has to do right after an action (move the
revealed fish to its row, put eaten fish under the hungry one) is "pending"; what was still not done when the
game moved on, or a card lying where the rules forbid it, is an "alert".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.i18n import N_, translator
from companion.panel import PanelAction
from companion.protocol import Action, Effect, Game, Step, Violation
from companion.table import (
    LEFTOVER,
    MISPLACED,
    ORDER,
    Difference,
    Place,
    SeenCard,
    TableChange,
    TableLayout,
    differences,
    zone_seat,
)

RULE_BROKEN = N_("Not allowed: {explanation}")
UNDONE = N_("Undone: {action}")
NOTHING_TO_UNDO = N_("There is nothing to undo.")
# Always two cards or more: the singular is never said.
STICKER_COPIES = N_(
    "{n} cards carry the sticker of {card}: only one of them may keep it. Give the others their own."
)


class GameRecord(Protocol):
    """What the referee needs of a game in progress: companion.match.Match, or a live session saving it."""

    @property
    def state(self) -> Any: ...

    @property
    def actions(self) -> Sequence[Action]: ...

    def push(self, action: Action) -> Step[Any] | Violation: ...

    def undo(self) -> Action | None: ...


class TableAdapter(Protocol):
    """A game's reading of the table (see companion/games/kai_piranja/table.py)."""

    def layout(self, state: Any) -> TableLayout: ...

    def action_for(self, state: Any, change: TableChange, seen: Sequence[SeenCard]) -> Action | None: ...

    def action_for_button(self, state: Any, button: str) -> Action | None: ...

    def panel_actions(self) -> tuple[PanelAction, ...]:
        """What the panel's two game buttons mean in this game, with their words (companion/panel.py)."""
        ...

    def instructions(
        self, state: Any, diffs: Sequence[Difference], tr: Any, seats: Sequence[str]
    ) -> list[str]: ...

    def setup_problem(self, action: Action) -> Violation | None:
        """Why a move entered by hand before the camera takes over does not fit this table's own pieces (Kanaloa:
        a sea whose cards show other squares than the box's), or None. A game's adapter subclasses this protocol
        for this default: most know nothing of their pieces beyond the rules."""
        return None


@dataclass(frozen=True)
class NoTable(TableAdapter):
    """The table adapter of a game played with no camera reading the table: nothing is expected on the table and
    no change is an action, so nothing is "still to do" because no camera saw it. ``buttons``, the game's own
    adapter if it has one, keeps the panel's game buttons' meaning; None for a game the camera cannot read yet.
    Such a game is played by manual entry (the app's manual screen)."""

    buttons: TableAdapter | None = None

    def layout(self, state: Any) -> TableLayout:
        return TableLayout()

    def action_for(self, state: Any, change: TableChange, seen: Sequence[SeenCard]) -> Action | None:
        return None

    def action_for_button(self, state: Any, button: str) -> Action | None:
        return None if self.buttons is None else self.buttons.action_for_button(state, button)

    def panel_actions(self) -> tuple[PanelAction, ...]:
        return () if self.buttons is None else tuple(self.buttons.panel_actions())

    def instructions(
        self, state: Any, diffs: Sequence[Difference], tr: Any, seats: Sequence[str]
    ) -> list[str]:
        return []


Fault = tuple[str, str, str | None, str | None]


def _names(action: Action, card: str) -> bool:
    """Whether one of the action's fields is ``card``."""
    return any(getattr(action, f.name) == card for f in dataclasses.fields(action))


def fault(d: Difference) -> Fault:
    """A difference as the same fault from frame to frame: its kind, card and areas, not its spot in a row (a
    card left in a row stays the same fault while the row grows around it)."""
    return (
        d.kind,
        d.card,
        d.expected.area if d.expected else None,
        d.seen.area if d.seen else None,
    )


@dataclass(frozen=True)
class Ruling:
    """What one fact or button press did: the action applied (or refused) and what to tell the table."""

    action: Action | None = None
    effects: tuple[Effect, ...] = ()
    violation: Violation | None = None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Review:
    """How the table compares with the game: what is still to do, and what breaks the rules."""

    pending: tuple[str, ...]
    alerts: tuple[str, ...]
    pending_cards: tuple[str | None, ...] = ()  # the card each pending line names (None: none, or several)

    @property
    def matches(self) -> bool:
        return not self.pending and not self.alerts


@dataclass
class Referee:
    game: Game[Any, Any]
    table: TableAdapter
    record: GameRecord
    seats: tuple[str, ...]
    language: str = "en"
    _overdue: set[Fault] = field(default_factory=set)
    _refused: set[str] = field(default_factory=set)  # cards turned up against the rules, to be turned back

    @property
    def state(self) -> Any:
        return self.record.state

    def on_change(self, change: TableChange, seen: Sequence[SeenCard]) -> Ruling:
        """A stable change the camera saw. ``seen`` is the whole table as the tracker holds it now.

        One change may stand for more than one action where the adapter says so (``actions_per_change``, 1 if it
        says nothing): while an action it gave does not name the changed card, the adapter is asked again
        (Kanaloa's first card of a round is also the deal nobody watched). Other adapters are asked once: Shark
        Park's actions name squares, not pieces, and asking again would read a stale table twice."""
        rulings: list[Ruling] = []
        for _ in range(getattr(self.table, "actions_per_change", 1)):
            action = self.table.action_for(self.state, change, seen)
            if action is None:
                break
            rulings.append(self._play(action, seen, change.card))
            if rulings[-1].violation is not None:
                self._refused.add(change.card)
                break
            if _names(action, change.card):
                break  # the change is accounted for: its card is what the action moved
        if len(rulings) < 2:
            return rulings[0] if rulings else Ruling()
        last = rulings[-1]
        return Ruling(
            last.action,
            tuple(e for r in rulings for e in r.effects),
            last.violation,
            tuple(w for r in rulings for w in r.words),
        )

    def on_table(self, seen: Sequence[SeenCard]) -> Ruling:
        """The whole table of one frame, for adapters that read actions from where pieces lie rather than from
        changes (``action_from_table``: a piece slid from square to square of a board makes no change)."""
        reader = getattr(self.table, "action_from_table", None)
        action = None if reader is None else reader(self.state, seen)
        return Ruling() if action is None else self._play(action, seen)

    def on_button(self, button: str, seen: Sequence[SeenCard]) -> Ruling:
        action = self.table.action_for_button(self.state, button)
        if action is None:
            # A button may make a choice for an action to come (a special action before a scare), said in words.
            chooser = getattr(self.table, "choice_for_button", None)
            words = None if chooser is None else chooser(self.state, button, self.language, self.seats)
            return Ruling() if words is None else Ruling(words=(words,))
        return self._play(action, seen)

    def play(self, action: Action, seen: Sequence[SeenCard]) -> Ruling:
        """An action entered by hand (the app's manual entry): checked and applied like one the camera saw."""
        return self._play(action, seen)

    def undo(self) -> Ruling:
        tr = translator(self.language)
        action = self.record.undo()
        if action is None:
            return Ruling(words=(tr(NOTHING_TO_UNDO),))
        self._overdue.clear()
        return Ruling(
            words=(tr(UNDONE, action=self.game.describe_action(action, self.language, self.seats)),)
        )

    def _play(self, action: Action, seen: Sequence[SeenCard], card: str | None = None) -> Ruling:
        # The card whose change triggered the action is where the action puts it, not a leftover.
        before = {fault(d) for d in differences(self.table.layout(self.state), seen) if d.card != card}
        result = self.record.push(action)
        if isinstance(result, Violation):
            explanation = self.game.tell(result, self.language, self.seats)
            refusal = translator(self.language)(RULE_BROKEN, explanation=explanation)
            return Ruling(action, violation=result, words=(refusal,))
        # What the table had not done before the game moved on is overdue from now on.
        self._overdue = {f for f in before if f[0] != ORDER} | self._overdue
        words = tuple(self.game.tell(e, self.language, self.seats) for e in result.effects)
        return Ruling(action, result.effects, words=words)

    def review(self, seen: Sequence[SeenCard]) -> Review:
        """Compare the table with the expected layout; say what to do, and what breaks the rules."""
        if self.game.is_over(self.state):
            return Review((), ())  # the cards are only counted now
        layout = self.table.layout(self.state)
        diffs = differences(layout, seen)
        refused = [s for s in seen if s.card in self._refused]
        places = layout.seen_places(refused) if refused else {}
        diffs = [d for d in diffs if not (d.kind == LEFTOVER and d.card in self._refused)] + [
            Difference(LEFTOVER, s.card, None, places.get(s.card) or Place(None, s.zone)) for s in refused
        ]
        self._refused &= {s.card for s in seen}  # a refused card turned back over is forgotten
        self._overdue &= {fault(d) for d in diffs}
        urgent: list[Difference] = []
        later: list[Difference] = []
        for d in diffs:
            # A fish in a row that cannot take it, or a row out of order, breaks a rule at once; the rest is
            # what is left to do after an action, until the game moves on without it.
            in_a_row = d.seen is not None and zone_seat(d.seen.zone) is not None
            breaks = d.kind in (MISPLACED, ORDER) and in_a_row
            (urgent if breaks or fault(d) in self._overdue or d.card in self._refused else later).append(d)
        tr = self.game.translator(self.language)
        copies = [
            tr(STICKER_COPIES, n=s.copies, card=self.game.card_name(s.card, self.language))
            for s in seen
            if s.copies > 1
        ]
        pending = tuple(self.table.instructions(self.state, later, tr, self.seats))
        return Review(
            pending,
            (*copies, *self.table.instructions(self.state, urgent, tr, self.seats)),
            self._cards_named(pending, later, tr),
        )

    def _cards_named(
        self, lines: tuple[str, ...], diffs: Sequence[Difference], tr: Any
    ) -> tuple[str | None, ...]:
        """For each line, the card of the one difference that says it alone (a front end draws it beside)."""
        if not lines:
            return ()
        said: dict[str, set[str]] = {}
        for d in diffs:
            for line in self.table.instructions(self.state, [d], tr, self.seats):
                said.setdefault(line, set()).add(d.card)
        named = [said.get(line, set()) for line in lines]
        return tuple(next(iter(cards)) if len(cards) == 1 else None for cards in named)
