"""The live game: facts and presses in, frozen views out, for any front end to draw."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games import find_game
from companion.live import CameraStatus, LiveGame, LiveView, changed
from companion.match import Match
from companion.panel import Level, PanelButton
from companion.simulate import simulate
from companion.table import ADD, CENTRE, SeenCard, TableChange

SPEC = find_game("kai-piranja")
GAME = SPEC.make()
SEATS = ("Ann", "Bob", "Cy")


def live(language: str = "en", **options: object) -> LiveGame:
    return LiveGame(
        GAME, SPEC.table_adapter(GAME), Match(GAME, SEATS), SEATS, language, SPEC.coach, **options
    )


def first_sated_card() -> str:
    """A card that, revealed first, is sated: it joins the first player's row."""
    return next(c.id for c in GAME.catalogue().cards if not c.face.endswith("hungry"))


def test_the_first_view_says_whose_turn_it_is_with_the_coach() -> None:
    view = live().view
    assert isinstance(view, LiveView) and view.turn == 0 and view.turn_number == 1
    assert view.coaching is not None and view.coaching.summary.startswith("Ann, it is your turn.")
    assert view.scores == (0, 0, 0) and not view.over and view.matches and view.actions == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.turn = 1  # type: ignore[misc]


def test_a_card_turned_up_is_ruled_and_the_view_tells_what_to_do() -> None:
    game = live()
    card = first_sated_card()
    view = game.step([TableChange(ADD, card, CENTRE)], [SeenCard(card, CENTRE)], t=1.5)
    assert view.actions == 1 and view.t == 1.5
    assert view.rulings[0].startswith("Ann reveals a ")
    assert view.recent == view.rulings
    assert view.pending == ("Put the " + GAME.card_name(card) + " in Ann's row.",)
    assert view.lights.turn == 0 and view.lights.fixing and not view.lights.alert
    in_row = game.step([], [SeenCard(card, "seat-0")], t=2.0)
    assert in_row.matches and not in_row.rulings and in_row.recent == view.recent


def test_presses_end_the_turn_undo_and_ask_the_coach_again() -> None:
    game = live()
    card = first_sated_card()
    game.step([TableChange(ADD, card, CENTRE)], [SeenCard(card, "seat-0")])
    ended = game.press(PanelButton.TURN)
    assert ended.turn == 1 and ended.turn_number == 2 and ended.coaching.summary.startswith("Bob")
    undone = game.press(PanelButton.UNDO)
    assert undone.turn == 0 and undone.actions == 1 and undone.rulings[0].startswith("Undone: ")
    again = game.press(PanelButton.CONFIRM)
    assert again.coaching == undone.coaching and not again.rulings
    assert again.coach_asks == undone.coach_asks + 1 and changed(undone, again)["coaching"]
    nothing = game.press(PanelButton.ACTION_2)
    assert nothing.rulings == ("The action_2 button does nothing in this game.",)


def test_a_finished_game_shows_the_scores_and_winners() -> None:
    played = simulate(GAME, 3, seed=4, seats=SEATS)
    game = LiveGame(GAME, SPEC.table_adapter(GAME), played, SEATS, "en", SPEC.coach)
    view = game.view
    assert view.over and view.turn is None and view.coaching is None
    assert view.scores == tuple(GAME.scores(played.state)) and view.winners == tuple(
        GAME.winners(played.state)
    )


def test_camera_language_and_levels_reach_the_view() -> None:
    game = live(levels=lambda state: (Level.LOW, None, Level.HIGH), panel="keys")
    view = game.camera_status(CameraStatus(present=True, ok=False, problem="no frame"))
    assert not view.camera.ok and view.camera.problem == "no frame" and view.panel == "keys"
    assert view.lights.levels == (Level.LOW, None, Level.HIGH)
    french = game.set_language("fr")
    assert french.language == "fr" and french.coaching.summary.startswith("Ann, c'est votre tour.")
    assert changed(view, french) == {
        "turn": False,
        "coaching": True,
        "pending": False,
        "alerts": False,
        "lights": False,
    }


@pytest.mark.parametrize("copies", [2, 3, 5])
def test_a_sticker_read_on_several_cards_is_an_alert_until_one_card_keeps_it(copies: int) -> None:
    game = live("fr")
    card = first_sated_card()
    name = GAME.card_name(card, "fr")
    view = game.step([], [SeenCard(card, CENTRE, copies=copies)])
    assert f"{copies} cartes portent l'autocollant de {name}" in view.alerts[0] and view.lights.alert
    assert not game.step([], [SeenCard(card, CENTRE)]).alerts


def test_a_card_on_a_mat_beyond_the_players_is_told_not_a_crash() -> None:
    card = first_sated_card()  # three players; a fourth mat left on the table
    view = live().step([TableChange(ADD, card, "seat-3")], [SeenCard(card, "seat-3")])
    assert any("seat 4" in line for line in (*view.pending, *view.alerts, *view.rulings)), view
