"""The referee's buttons: turn and bank say what the camera cannot see; undo takes back the last action."""

from __future__ import annotations

from companion.games import find_game, make_game
from companion.games.kai_piranja.actions import Bank, EndTurn
from companion.games.kai_piranja.table import BANK_BUTTON
from companion.match import Match
from companion.panel import PanelAction, PanelButton, button_words
from companion.referee import Referee
from companion.simulate import simulate
from companion.table import TableChange

GAME = make_game("kai-piranja")


def referee_after_first_reveal() -> tuple[Referee, str]:
    played = simulate(GAME, 3, 1, ("Ann", "Bob", "Cy"))
    referee = Referee(GAME, find_game(GAME.name).table_adapter(GAME), Match(GAME, played.seats), played.seats)
    card = played.actions[0].card
    ruling = referee.on_change(TableChange("add", card, "centre"), [])
    assert ruling.action is not None and ruling.violation is None
    return referee, card


def test_turn_and_bank_buttons_act_for_the_current_player() -> None:
    referee, _ = referee_after_first_reveal()
    ruling = referee.on_button(PanelButton.ACTION_1.value, [])
    assert ruling.action == Bank(0) and "Ann banks the row" in ruling.words[0]
    referee, _ = referee_after_first_reveal()
    assert referee.on_button(PanelButton.TURN.value, []).action == EndTurn(0)
    assert GAME.current_player(referee.state) == 1
    assert referee.on_button(PanelButton.ACTION_2.value, []).action is None  # a game button it leaves unused


def test_the_adapter_names_its_game_button_in_the_rulebooks_words() -> None:
    adapter = find_game(GAME.name).table_adapter(GAME)
    assert adapter.panel_actions() == (PanelAction(PanelButton.ACTION_1, "bank", "bank my row"),)
    assert BANK_BUTTON.action == Bank.kind
    words = {lang: button_words(adapter, GAME.translator(lang)) for lang in ("en", "fr", "it")}
    assert words == {
        "en": {PanelButton.ACTION_1: "bank my row"},
        "fr": {PanelButton.ACTION_1: "ramener mes prises"},
        "it": {PanelButton.ACTION_1: "riunisci la mia fila"},
    }


def test_a_button_pressed_too_early_is_refused_in_words() -> None:
    played = simulate(GAME, 3, 1, ("Ann", "Bob", "Cy"))
    referee = Referee(
        GAME, find_game(GAME.name).table_adapter(GAME), Match(GAME, played.seats), played.seats, "it"
    )
    ruling = referee.on_button(PanelButton.TURN.value, [])
    assert ruling.violation is not None and ruling.words == (
        "Non consentito: Ann deve scoprire almeno una carta prima di finire il turno.",
    )


def test_undo_takes_back_the_last_action_and_says_so() -> None:
    referee, card = referee_after_first_reveal()
    ruling = referee.undo()
    assert ruling.words[0].startswith("Undone: Ann reveals the ") and card not in referee.state.seen
    assert referee.undo().words == ("There is nothing to undo.",)
