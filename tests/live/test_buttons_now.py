"""The live view names the panel buttons that do something now (companion/live.py's ``buttons_now``), so a screen
hides the others: Kanaloa's "sail on" and "stay" only at the dolphin's square or a won bet."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from companion.games.kanaloa.state import DOLPHIN, STAND_UP
from companion.live import LiveGame, buttons_now
from companion.match import Match
from companion.panel import PanelButton
from companion.protocol import Step
from companion.simulate import default_seats, simulate

GAMES_LIVE = ("kai-piranja", "kanaloa", "shark-park", "kuna-yala")
ALL = (PanelButton.TURN, PanelButton.ACTION_1, PanelButton.ACTION_2)


def states(name: str, seed: int = 3) -> list[tuple[object, object]]:
    """Each state of a simulated game, with the game."""
    spec = GAMES.find(name)
    game = spec.make()
    players = max(spec.min_players, 3) if spec.max_players >= 3 else spec.min_players
    state = game.initial_state(players)
    out = [(game, state)]
    for action in simulate(game, players, seed, default_seats(players)).actions:
        step = game.apply(state, action)
        assert isinstance(step, Step)
        state = step.state
        out.append((game, state))
    return out


@pytest.mark.parametrize("name", GAMES_LIVE)
def test_a_button_shown_makes_a_move_or_a_choice(name: str) -> None:
    spec = GAMES.find(name)
    for game, state in states(name):
        adapter = spec.table_adapter(game)
        shown = buttons_now(adapter, state)
        chooser = getattr(adapter, "choice_buttons", None)
        for button in shown:
            assert adapter.action_for_button(state, button) is not None or button in chooser(state)
        for button in set(ALL) - set(shown):
            assert adapter.action_for_button(state, button) is None


def test_kanaloa_shows_sail_on_and_stay_only_when_they_apply() -> None:
    spec = GAMES.find("kanaloa")
    phases = set()
    for game, state in states("kanaloa"):
        shown = buttons_now(spec.table_adapter(game), state)
        choosing = state.phase in (DOLPHIN, STAND_UP)
        phases.add(choosing)
        assert (PanelButton.ACTION_1 in shown) == choosing and (PanelButton.ACTION_2 in shown) == choosing
    assert phases == {True, False}  # the game went through both


def test_the_view_says_whether_undo_has_a_move_to_take_back() -> None:
    spec = GAMES.find("kai-piranja")
    game = spec.make()
    seats = default_seats(3)
    live = LiveGame(game, spec.table_adapter(game), Match(game, seats), seats, coaching=False)
    assert not live.view.can_undo
    assert set(live.view.buttons) == {PanelButton.TURN, PanelButton.ACTION_1}  # end turn, bank my row
    live.play(game.legal_actions(live.record.state)[0])
    assert live.view.can_undo
    live.press(PanelButton.UNDO)
    assert not live.view.can_undo
