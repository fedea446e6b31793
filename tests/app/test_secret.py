"""Private entry of Kuna Yala's secret fish tiles: each kept by the table adapter, never shown on the screen."""

from __future__ import annotations

from companion.games import GAMES
from companion.games.kuna_yala.actions import ShowTile
from companion.games.kuna_yala.state import TILES
from tests.app.test_manual import tap_exactly


def test_each_player_enters_their_tile_privately_and_the_screen_never_shows_it(ui) -> None:
    ui.tap("Kuna Yala:")
    assert ui.app.current == "setup"
    tap_exactly(ui, "2")
    ui.tap("No camera: moves by hand")
    ui.tap("Start the game")
    table = ui.app.table
    spec = GAMES["kuna-yala"]
    # A camera game's adapter: a game by hand has none (its tiles are entered at the end, by hand).
    table.live.adapter = adapter = spec.table_adapter(table.session.game)
    ui.app.go("live")
    ui.page.refresh()
    ui.pump(2)
    ui.tap("Secret tiles")
    assert ui.app.current == "secret"
    names = table.session.seats
    for seat, tile in ((0, "red"), (1, "blue")):
        ui.tap(names[seat])
        assert any(f"{names[seat]}, the others look away" in text for text in ui.texts())
        ui.screenshot(f"secret-{seat}")
        tap_exactly(ui, tile)
        texts = ui.texts()
        assert f"{names[seat]} (kept)" in texts
        assert not any(word in text for text in texts for word in ("red", "blue")), texts
    assert adapter.secret_kept(0) and adapter.secret_kept(1)
    ui.tap("Back to the table")
    assert ui.app.current == "live"
    assert "Secret tiles" not in [b.text for b in ui.buttons()]  # every tile is kept: the button goes
    # At the end the game button shows them, as entered.
    state = table.session.state
    ended = type(state)(**{**state.__dict__, "phase": TILES})
    assert adapter.action_for_button(ended, "action_1") == ShowTile(0, "red")
