"""Every table adapter answers ``setup_problem`` (companion/referee.py's TableAdapter): None where the game knows
nothing of its pieces beyond the rules, so that `companion play --setup` asks each adapter plainly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.live import LiveGame
from companion.match import Match
from companion.referee import NoTable
from companion.simulate import default_seats
from tests.toy.game import spec as toy_spec
from ui.play import enter_setup

SPECS = [*(GAMES[name] for name in GAMES if GAMES[name].refereed_live), toy_spec(GAMES)]


@pytest.mark.parametrize("spec", SPECS, ids=[spec.name for spec in SPECS])
def test_each_adapter_says_whether_a_move_entered_by_hand_fits_its_pieces(
    spec, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A machine with nothing confirmed for its boxes (an empty config folder): no game knows its pieces.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    game = spec.make()
    players = max(spec.min_players, 3) if spec.max_players >= 3 else spec.min_players
    seats = default_seats(players)
    state = game.initial_state(players)
    first = game.legal_actions(state)[0]
    adapter = spec.table_adapter(game)
    assert adapter.setup_problem(first) is None
    assert NoTable(adapter).setup_problem(first) is None
    # `companion play --setup` enters the move, the game's own adapter asked plainly.
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(game.action_to_json(first)), encoding="utf-8")
    live = LiveGame(game, adapter, Match(game, seats), seats, "en")
    enter_setup(str(setup), live, "en")
    assert list(live.record.actions) == [first]
