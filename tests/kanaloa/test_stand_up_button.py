"""The variant's won bet (``lay_down_sail_optional``) said with the panel's game buttons (issue 17): in the
stand-up phase the first stands the boat up and sails its 3 free squares, the second stands it up where it is;
pressed on gpiozero's mock pins, through the generic panel, the game's adapter and the live game."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.games import GAMES
from companion.games.kanaloa.actions import StandUp
from companion.games.kanaloa.state import STAND_UP, State
from companion.i18n import translator
from companion.panel import PanelAction, PanelButton, button_words
from companion.protocol import Action
from companion.session import LiveSession
from companion.simulate import simulate
from hardware.config import PanelConfig
from hardware.panel import Panel
from hardware.pins import PinBackend
from tests.hardware.conftest import FAST, wait_until
from ui.control.table import TableControl

SPEC = GAMES.find("kanaloa")
VARIANT = {"lay_down_variant": True}
SEATS = ("Ana", "Bo", "Cy")


@cache
def before_stand_up() -> tuple[Action, ...]:
    """The actions of a simulated variant game up to a won bet's stand-up (seed 5: a bet won 89 actions in)."""
    game = SPEC.make(VARIANT)
    state: State = game.initial_state(3)
    played: list[Action] = []
    for action in simulate(game, 3, 5, SEATS).actions:
        if state.phase == STAND_UP:
            return tuple(played)
        played.append(action)
        step = game.apply(state, action)
        state = step.state  # type: ignore[union-attr]
    raise AssertionError("seed 5 no longer reaches a stand-up: pick another")


def press(factory: MockFactory, gpio: int) -> None:
    pin = factory.pin(gpio)
    pin.drive_low()  # a button connects its pin to ground
    wait_until(lambda: False, FAST.debounce_s * 3)
    pin.drive_high()


@pytest.mark.parametrize(("button", "sail"), [(PanelButton.ACTION_1, True), (PanelButton.ACTION_2, False)])
def test_a_game_button_stands_the_boat_up_in_that_phase(
    tmp_path: Path, button: PanelButton, sail: bool
) -> None:
    session = LiveSession.create(tmp_path / "game.sqlite", SPEC.make(VARIANT), SEATS)
    for action in before_stand_up():
        session.push(action)
    state = session.state
    assert state.phase == STAND_UP
    factory = MockFactory()
    config = PanelConfig(timing=FAST)
    panel = Panel(config, PinBackend(factory, "mock"), owns_factory=False)
    control = TableControl.start(SPEC, session, language="en", panel=panel)
    try:
        press(factory, config.buttons[button])
        played = len(before_stand_up())
        assert wait_until(lambda: (control.poll(), len(session.actions) > played)[1], 5.0)
        assert session.actions[played] == StandUp(state.pending, sail)
        assert session.state.phase != STAND_UP
    finally:
        control.close()
        factory.close()


def test_the_buttons_say_both_meanings_in_three_languages_and_do_nothing_out_of_their_phase() -> None:
    game = SPEC.make(VARIANT)
    adapter = SPEC.table_adapter(game)
    # One word a button: sailing on or staying is what both choices ask.
    said = {lang: button_words(adapter, game.translator(lang)) for lang in ("en", "fr", "it")}
    assert said == {
        "en": {PanelButton.ACTION_1: "sail on", PanelButton.ACTION_2: "stay"},
        "fr": {PanelButton.ACTION_1: "avancer", PanelButton.ACTION_2: "rester"},
        "it": {PanelButton.ACTION_1: "avanzare", PanelButton.ACTION_2: "restare"},
    }
    state = game.initial_state(3)
    for action in before_stand_up():
        assert not isinstance(adapter.action_for_button(state, PanelButton.ACTION_1), StandUp)
        state = game.apply(state, action).state  # type: ignore[union-attr]
    assert adapter.action_for_button(state, PanelButton.ACTION_2) == StandUp(state.pending, False)


class TwoMeanings:
    """A game whose first button means one thing in one phase and another in another, said differently."""

    def panel_actions(self) -> tuple[PanelAction, ...]:
        return (
            PanelAction(PanelButton.ACTION_1, "dive", "dive"),
            PanelAction(PanelButton.ACTION_1, "surface", "surface"),
            PanelAction(PanelButton.ACTION_1, "rest", "dive"),
        )


def test_a_button_with_several_meanings_says_each_different_word_once() -> None:
    assert button_words(TwoMeanings(), translator("en")) == {PanelButton.ACTION_1: "dive / surface"}


def test_a_boat_stood_up_over_no_square_has_not_sailed_yet() -> None:
    # A boat held over the ring, or set down between two sea cards, lies on no square: neither "sailed" nor
    # "stayed" can be read from it yet (it was read as sailed: no square differs from its own).
    from companion.games.kanaloa.cards import boat_of
    from companion.table.facts import MOVE, SeenCard, TableChange

    game = SPEC.make(VARIANT)
    state: State = game.initial_state(3)
    for action in before_stand_up():
        state = game.apply(state, action).state  # type: ignore[assignment]
    assert state.phase == STAND_UP
    boat = boat_of(state.pending)
    adapter = SPEC.table(game)
    far_off = SeenCard(boat, "centre", x=5000.0, y=5000.0)
    assert adapter._stand_up(state, TableChange(MOVE, boat, "centre"), [far_off]) is None
