"""The live loop's glue: the tracker's facts to the referee, and the referee's state to the panel's lights."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.referee import Referee, Review, Ruling
from companion.table import SeenCard, TableChange
from hardware.interface import PanelInterface


@dataclass
class LiveTable:
    """Feeds each frame's stable events to the referee and keeps the latest review of the table."""

    referee: Referee
    seen: list[SeenCard] = field(default_factory=list)
    review: Review = field(default_factory=lambda: Review((), ()))

    def on_facts(self, events: Sequence[TableChange], cards: Iterable[SeenCard]) -> list[Ruling]:
        """One frame's stable events and the cards the tracker holds, as the tracker gives them."""
        self.seen = list(cards)
        rulings = [self.referee.on_change(e, self.seen) for e in events]
        self.review = self.referee.review(self.seen)
        return [r for r in rulings if r.action is not None or r.words]

    def on_button(self, button: str) -> Ruling:
        ruling = self.referee.on_button(button, self.seen)
        self.review = self.referee.review(self.seen)
        return ruling

    def show_on(self, panel: PanelInterface) -> None:
        """Whose turn it is on the seat LEDs, blinking while the table needs fixing."""
        panel.show_turn(self.referee.game.current_player(self.referee.state))
        panel.needs_fixing(not self.review.matches)
