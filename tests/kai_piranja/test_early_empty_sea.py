"""An empty-sea card before a quarter of the farandole cards came up: accepted (the count is unknown), but told
to the table as a card to check, with one touch to take it back (the live view's ``check``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import find_game
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Reveal
from companion.games.kai_piranja.cards import EMPTY_SEA, FARANDOLE
from companion.games.kai_piranja.flow import CHECK_EARLY, EARLY_SHARE
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.live import LiveGame
from companion.match import Match
from companion.panel import PanelButton
from hardware.interface import NullPanel
from tests.kai_piranja.test_uncounted import effects_coded, play_table
from ui.talk import TAKE_BACK_KEY, TerminalTable, ui_translator

UNCOUNTED = KaiPiranjaGame()
COUNTED = KaiPiranjaGame(KaiPiranjaProfile(removed_unknown=False))
SPEC = find_game("kai-piranja")
FARANDOLE_CARDS = 140
EARLY = FARANDOLE_CARDS // EARLY_SHARE  # 35: fewer than this before the first empty-sea card is doubtful


@settings(max_examples=40, deadline=None)
@given(before=st.integers(0, 70), players=st.sampled_from([3, 4]), seed=st.integers(0, 2**16))
def test_an_early_empty_sea_card_is_accepted_and_told_to_check_only_when_early(
    before: int, players: int, seed: int
) -> None:
    played = play_table(UNCOUNTED, players, FARANDOLE_CARDS - before, seed)
    assert played.refused is None, played.refused  # the rules allow any count: nothing is refused
    checks = effects_coded(played.match, CHECK_EARLY)
    (ran_out,) = effects_coded(played.match, "farandole-ran-out") or [None]
    if ran_out is None:
        return  # the game ended (a hungry fish, no card left) before the farandole ran out
    assert len(checks) == (1 if before < EARLY else 0), (before, checks)
    if checks:
        assert checks[0].param("n") == before == ran_out.param("n")


def test_the_boundary_is_a_quarter_of_the_farandole() -> None:
    assert EARLY == 35
    for before, told in ((34, True), (35, False)):
        for seed in range(40):  # a seed whose game reaches the farandole's end
            played = play_table(UNCOUNTED, 3, FARANDOLE_CARDS - before, seed)
            if effects_coded(played.match, "farandole-ran-out"):
                break
        else:
            raise AssertionError(f"no game ran the farandole out after {before} cards")
        assert bool(effects_coded(played.match, CHECK_EARLY)) is told, before


def live_game(game: KaiPiranjaGame, language: str = "en") -> LiveGame:
    seats = ("Ann", "Bob", "Cy")
    return LiveGame(game, SPEC.table_adapter(game), Match(game, seats), seats, language, coaching=False)


def first_empty_sea(game: KaiPiranjaGame) -> str:
    return next(iter(game.catalogue().ids(EMPTY_SEA)))


def test_the_live_view_asks_to_check_the_card_in_three_languages_and_undo_takes_it_back() -> None:
    words = {}
    for language in ("en", "fr", "it"):
        live = live_game(UNCOUNTED, language)
        view = live.play(Reveal(0, first_empty_sea(UNCOUNTED)))
        assert not view.refused and view.actions == 1
        assert view.check is not None and view.check in view.rulings
        words[language] = view.check
        view = live.press(PanelButton.UNDO)  # the one touch: the app's button and the terminal's key press it
        assert view.actions == 0 and view.check is None
    assert words["en"].startswith("Check this card: an empty-sea card after only 0 farandole cards")
    assert words["fr"].startswith("Vérifiez cette carte") and words["it"].startswith("Controlla questa carta")


def test_the_check_goes_once_another_move_is_played() -> None:
    live = live_game(UNCOUNTED)
    view = live.play(Reveal(0, first_empty_sea(UNCOUNTED)))
    assert view.check is not None
    view = live.press(PanelButton.TURN)  # the table goes on: the card was right after all
    assert view.actions == 2 and view.check is None


def test_a_farandole_card_and_a_counted_table_ask_for_no_check() -> None:
    live = live_game(UNCOUNTED)
    view = live.play(Reveal(0, next(iter(UNCOUNTED.catalogue().ids(FARANDOLE)))))
    assert view.actions == 1 and view.check is None
    live = live_game(COUNTED)
    view = live.play(Reveal(0, first_empty_sea(COUNTED)))
    assert view.refused and view.check is None  # counted, an early empty-sea card is refused outright


def test_the_terminal_names_the_key_that_takes_the_card_back_once() -> None:
    lines: list[str] = []
    terminal = TerminalTable(NullPanel(), lines.append)
    live = live_game(UNCOUNTED, "fr")
    terminal.draw(live.view)
    terminal.draw(live.play(Reveal(0, first_empty_sea(UNCOUNTED))))
    terminal.draw(live.refresh())
    key_line = ui_translator("fr")(TAKE_BACK_KEY)
    assert lines.count(key_line) == 1 and "u" in key_line
    assert any(line.strip().startswith("Vérifiez cette carte") for line in lines)
