"""The panel's vocabulary in the core: buttons and levels as values, and a game button's meaning and words."""

from __future__ import annotations

import gettext

import pytest

from companion.i18n import N_, Translator, translator
from companion.panel import GAME_BUTTONS, Level, PanelAction, PanelButton, button_words


def test_buttons_are_their_config_keys_and_compare_with_plain_strings() -> None:
    assert [b.value for b in PanelButton] == ["turn", "confirm", "undo", "action_1", "action_2"]
    assert PanelButton("action_1") is PanelButton.ACTION_1
    assert PanelButton.TURN == "turn"  # an adapter's action_for_button(state, button: str) takes either form
    assert GAME_BUTTONS == (PanelButton.ACTION_1, PanelButton.ACTION_2)
    assert [level.value for level in Level] == ["low", "mid", "high"]


def test_only_a_game_button_takes_a_game_action() -> None:
    action = PanelAction(PanelButton.ACTION_2, "take", N_("take the pot"))
    assert action.button is PanelButton.ACTION_2
    with pytest.raises(ValueError, match="turn is not a game button"):
        PanelAction(PanelButton.TURN, "end", N_("end"))


class Adapter:
    def panel_actions(self) -> tuple[PanelAction, ...]:
        return (PanelAction(PanelButton.ACTION_1, "bank", N_("bank my row")),)


class Shouting(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return message.upper()


def test_button_words_come_from_the_adapter_in_the_games_language() -> None:
    game_tr = Translator("xx", Shouting())  # stands in for the game's translator
    assert button_words(Adapter(), game_tr) == {PanelButton.ACTION_1: "BANK MY ROW"}
    assert button_words(Adapter(), translator("en")) == {PanelButton.ACTION_1: "bank my row"}
    assert button_words(object(), game_tr) == {}  # an adapter that names no game button
