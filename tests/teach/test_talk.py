"""The terminal tells first-game explanations, the rule a refused move broke, and the coach in one line."""

from __future__ import annotations

from pathlib import Path

from companion.games import GAMES
from companion.games.kai_piranja.actions import EndTurn, Reveal
from companion.live import LiveGame
from companion.match import Match
from companion.panel import PanelButton
from companion.teaching import load_progress
from hardware.interface import NullPanel
from ui.play import keep_finished_game, wants_first_game
from ui.talk import TerminalTable

SEATS = ("Anna", "Bruno", "Carla")


def table(first_game: bool, language: str = "en") -> tuple[LiveGame, TerminalTable, list[str]]:
    spec = GAMES["kai-piranja"]
    game = spec.make()
    live = LiveGame(
        game,
        spec.table_adapter(game),
        Match(game, SEATS),
        SEATS,
        language,
        spec.coach,
        first_game=first_game,
        teaching=spec.teaching(game),
    )
    lines: list[str] = []
    return live, TerminalTable(NullPanel(), lines.append, short_coach=not first_game), lines


def test_a_new_rule_is_told_once_and_a_refused_move_names_its_rule() -> None:
    live, terminal, lines = table(first_game=True, language="fr")
    terminal.draw(live.view)
    terminal.draw(live.play(EndTurn(0)))
    assert any(line.startswith("  La règle, Révélation des cartes : ") for line in lines)
    terminal.draw(live.play(Reveal(0, "piranha-small-F01")))
    terminal.draw(live.play(Reveal(0, "piranha-small-F02")))
    told = [line for line in lines if line.startswith("  Nouvelle règle")]
    assert told == [
        "  Nouvelle règle, Révélation des cartes : " + live.teaching.rule("reveal", "fr").words,  # type: ignore[union-attr]
        "  Nouvelle règle, Votre rangée de poissons : " + live.teaching.rule("row", "fr").words,  # type: ignore[union-attr]
    ]


def test_players_who_know_the_game_hear_the_coach_in_one_line_and_the_rest_on_confirm() -> None:
    live, terminal, lines = table(first_game=False)
    terminal.draw(live.view)
    coaching = live.view.coaching
    assert coaching is not None
    assert f"  Coach: {coaching.short}" in lines and f"  Coach: {coaching.summary}" not in lines
    terminal.draw(live.press(PanelButton.CONFIRM))
    assert f"  Coach: {coaching.summary}" in lines
    assert not any("New rule" in line for line in lines)


def test_first_game_mode_follows_the_players_finished_games(tmp_path: Path) -> None:
    assert wants_first_game("auto", tmp_path, SEATS, "kanaloa")
    said: list[str] = []
    keep_finished_game(tmp_path, "kanaloa", SEATS, said.append, "en")
    assert said == [] and load_progress(tmp_path).finished_games("Carla", "kanaloa") == 1
    assert not wants_first_game("auto", tmp_path, SEATS, "kanaloa")
    assert wants_first_game("auto", tmp_path, (*SEATS, "Dario"), "kanaloa")
    assert wants_first_game("on", tmp_path, SEATS, "kanaloa") and not wants_first_game(
        "off", tmp_path, SEATS, "x"
    )
    blocked = tmp_path / "file"
    blocked.write_text("")
    keep_finished_game(blocked, "kanaloa", SEATS, said.append, "it")
    assert len(said) == 1 and "non si è potuta contare" in said[0]


def test_each_pending_line_names_its_card() -> None:
    live, _, _ = table(first_game=False)
    live.play(Reveal(0, "piranha-small-F01"))
    view = live.play(Reveal(0, "piranha-hungry-F01"))
    assert len(view.pending_cards) == len(view.pending) == 1
    assert view.pending_cards == ("piranha-hungry-F01",) and "hungry piranha" in view.pending[0]
    picture = GAMES["kai-piranja"].picture
    assert picture is not None
    faces = {t.card: t.face for t in picture(live.game, view.state, "en", SEATS).tiles if t.card}
    assert faces["piranha-hungry-F01"] is not None  # the app draws it small beside the line
