"""Kai Piranja's early empty-sea card on the live screen: said as a card to check, with one button taking it back."""

from __future__ import annotations

from companion.games.kai_piranja.actions import Reveal
from companion.games.kai_piranja.cards import EMPTY_SEA
from tests.app.test_manual import start


def test_an_early_empty_sea_card_is_shown_to_check_and_one_touch_takes_it_back(ui) -> None:
    start(ui, "Kai Piranja")
    ui.tap("Back")  # from the manual page to the live screen
    assert ui.app.current == "live"
    table = ui.app.table
    empty = next(iter(table.session.game.catalogue().ids(EMPTY_SEA)))
    ui.app.page("live").show(table.play(Reveal(0, empty)), None)  # as the app's clock shows a camera's move
    ui.until(lambda: any(t.startswith("Check this card") for t in ui.texts()), timeout=5, what="the check")
    assert len(table.session.actions) == 1
    said = sum(t.startswith("Check this card") for t in ui.texts())  # the check, and the last moves' list
    ui.tap("Take this card back")
    ui.until(lambda: not table.session.actions, timeout=5, what="the card taken back")
    ui.pump(2)
    assert sum(t.startswith("Check this card") for t in ui.texts()) == said - 1  # left in the last moves only
    assert not [b for b in ui.buttons() if b.text == "Take this card back"]
