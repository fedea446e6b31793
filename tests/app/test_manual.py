"""Manual entry and correction, driven by touches: the choices, the card picker, corrections, undo, and a
whole game played on the screen alone, with no camera."""

from __future__ import annotations

import pytest

from companion.games import GAMES
from ui.control.manual import Choice, choices, details

SIZES = ("800x480", "1280x720")
ENDING = ("bank", "end")  # Kai Piranja's kinds that end a turn: a game of them ends sooner


def start(ui, title: str, players: int = 3) -> None:
    """From home to the manual page: the game's button, setup (no camera, ``players``), Start, manual entry."""
    ui.tap(f"{title}:")  # the home button "Kai Piranja: the camera referees it", not a saved game's
    assert ui.app.current == "setup"
    tap_exactly(ui, str(players))
    if ui.app.page("setup").spec.refereed_live:
        ui.tap("No camera: moves by hand")
    ui.tap("Start the game")
    assert ui.app.current == "live"
    ui.tap("Enter or fix a move")
    assert ui.app.current == "manual"


def tap_exactly(ui, words: str) -> None:
    """Tap the first button saying exactly ``words`` (a pick's words may be part of another button's)."""
    matches = [b for b in ui.buttons() if b.text == words]
    assert matches, f"no button says {words!r}: {[b.text for b in ui.buttons()]}"
    ui.tap(matches[0])


def offered(ui) -> tuple[Choice, ...]:
    """The choices the rules give now, in the screen's language: what the buttons must say."""
    session = ui.app.table.session
    return choices(session.game, session.state, ui.app.language, session.seats)


def play(ui, choice: Choice, pick: int = 0) -> None:
    """Tap ``choice``'s button and, if a picker opens, its ``pick``-th card."""
    tap_exactly(ui, choice.label)
    if len(choice.picks) > 1:
        assert ui.button(ui.app.tr("Cancel"))  # the picker is open
        tap_exactly(ui, choice.picks[pick].label)


def session(ui):
    return ui.app.table.session


def card(ui, index: int) -> str:
    """The name of the card move ``index`` names, in English."""
    return session(ui).game.card_name(session(ui).actions[index].card, "en")


def test_a_reveal_through_the_picker_then_more_moves_grow_the_record_and_show_their_effects(ui) -> None:
    start(ui, "Kai Piranja")
    assert ui.app.table.feed is None
    choice = offered(ui)[0]
    assert len(choice.picks) == 12  # one button per card name: 12 of Kai Piranja's ~100 cards
    tap_exactly(ui, choice.label)
    grid = [b.text for b in ui.buttons()]
    assert {p.label for p in choice.picks} <= set(grid)
    tap_exactly(ui, "large piranha")
    assert len(session(ui).actions) == 1
    texts = " ".join(ui.texts())
    assert "What the last move did:" in texts and "large piranha" in texts
    assert "1. P1 reveals the large piranha" in texts
    for _ in range(3):
        before = len(session(ui).actions)
        play(ui, offered(ui)[0], pick=-1)
        assert len(session(ui).actions) == before + 1
    assert len(ui.app.page("live").view.state.rows) == 3  # the live page follows: Back finds the same moment
    assert ui.app.page("live").view.actions == 4
    ui.tap("Back")
    assert ui.app.current == "live"


def test_the_picker_lays_its_cards_in_two_columns_at_800_and_three_at_1280_and_cancel_closes_it(ui) -> None:
    from kivy.uix.gridlayout import GridLayout

    start(ui, "Kai Piranja")
    tap_exactly(ui, "Turn up a card")
    assert [g.cols for g in ui.widgets(GridLayout)] == [2]
    ui.resize("1280x720")
    assert ui.button("large piranha")  # still open after the new size
    assert [g.cols for g in ui.widgets(GridLayout)] == [3]
    for button in ui.buttons():
        assert button.height >= ui.app.theme.mm(9) - 1 and button.width >= ui.app.theme.mm(9) - 1
    ui.tap("Cancel")
    assert not ui.widgets(GridLayout)
    assert len(session(ui).actions) == 0


def test_a_whole_game_is_played_to_its_end_by_hand_alone_and_kept_in_the_past_games(ui) -> None:
    spec = GAMES["kanaloa"]  # setup with no camera, then Start: about 100 moves by hand
    before = len(ui.app.library.past_games(GAMES))
    start(ui, spec.title)
    touches = 0
    while ui.app.current == "manual":
        # About 100 moves: a game not over after 600 is one that does not end (a guard counted in moves, not
        # seconds, which a loaded machine stretches).
        touches += 1
        assert touches <= 600, f"the game is not over after {len(session(ui).actions)} moves"
        now = offered(ui)
        ending = [c for c in now if type(c.picks[0].action).kind in ENDING]
        choice = (ending or now)[0]
        # The alphabet's first card, not the picker's first (numbers by value): always the lowest card makes a
        # Kanaloa game that does not end within 800 moves, this one ends in about 100.
        first = min(
            range(len(choice.picks)), key=lambda k: (choice.picks[k].label.casefold(), choice.picks[k].label)
        )
        play(ui, choice, first)
        if ui.app.current == "manual" and len(session(ui).actions) == 25:
            assert any("…and 5 earlier moves." in t for t in ui.texts())
            ui.tap("Show every move")
            assert any(t.startswith("1. ") for t in ui.texts())
    assert ui.app.current == "end"
    assert ui.app.table is None  # the game is closed
    view = ui.app.page("end").view
    texts = ui.texts()
    assert f"{view.seats[view.winners[0]]} wins!" in texts  # Kanaloa counts no points: its race is told
    assert "The game is kept in the past games." in texts
    assert len(ui.app.library.past_games(GAMES)) == before + 1


def test_a_misread_card_is_corrected_through_the_moves_list_after_a_preview(ui) -> None:
    start(ui, "Kai Piranja")
    tap_exactly(ui, "Turn up a card")
    tap_exactly(ui, "large piranha")
    assert card(ui, 0) == "large piranha"
    ui.tap("Correct")
    assert any("Which card was it?" in t for t in ui.texts()), ui.texts()
    assert not [b for b in ui.buttons() if b.text == "large piranha"]  # the card it was is not offered
    tap_exactly(ui, "small moonfish")
    texts = ui.texts()
    assert "Correct move 1? The game will be replayed like this:" in texts
    assert "Move 1 corrected: P1 reveals the large piranha → P1 reveals the small moonfish." in texts
    assert len(session(ui).actions) == 1 and card(ui, 0) == "large piranha"  # not yet
    ui.tap("Confirm the correction")
    assert len(session(ui).actions) == 1
    assert card(ui, 0) == "small moonfish"
    texts = " ".join(ui.texts())
    assert "Move 1 corrected." in texts and "1. P1 reveals the small moonfish" in texts


def test_a_correction_against_the_rules_shows_why_and_changes_nothing(ui) -> None:
    from ui.app.screens.manual import Confirming

    start(ui, "Kai Piranja")
    play(ui, offered(ui)[0])
    play(ui, offered(ui)[0], pick=-1)
    record = list(session(ui).actions)
    # Move 2 as the very card move 1 turned up: the picker never offers it (it prefers a copy still face down),
    # but a copy the rules refuse is what a correction of a card with no copy left would be.
    ui.page.show(Confirming(1, record[0]))
    ui.pump(2)
    texts = ui.texts()
    assert "This correction is against the rules: nothing is changed." in texts
    assert any(t.startswith("move 2: ") and "illegal" in t for t in texts), texts
    assert not [b for b in ui.buttons() if "Confirm" in b.text]
    ui.tap("Cancel")
    assert list(session(ui).actions) == record
    ui.page.correct(Confirming(1, record[0]))  # had the table confirmed anyway: refused, in words
    ui.pump(2)
    assert any(t.startswith("The correction was refused, nothing changed:") for t in ui.texts())
    assert list(session(ui).actions) == record


def test_undo_takes_back_the_last_move(ui) -> None:
    start(ui, "Kai Piranja")
    assert ui.button("Undo").disabled  # nothing to undo yet
    play(ui, offered(ui)[0])
    play(ui, offered(ui)[0])
    first = session(ui).actions[0]
    ui.tap("Undo")
    assert list(session(ui).actions) == [first]
    assert any(t.startswith("Undone:") for t in ui.texts())
    assert "2. " not in " ".join(ui.texts())


def test_a_move_made_elsewhere_while_the_page_is_open_is_listed_and_its_choices_offered(ui) -> None:
    start(ui, "Kai Piranja")
    table = ui.app.table
    table.play(offered(ui)[0].picks[4].action)  # as the camera would, on the app's clock
    ui.until(
        lambda: any(t.startswith("1. P1 reveals") for t in ui.texts()), timeout=5, what="the move listed"
    )
    assert len(session(ui).actions) == 1


def test_a_demo_reached_here_says_it_is_watched_not_played(ui) -> None:
    ui.app.page("live").start_demo()
    ui.app.go("manual")
    ui.pump(2)
    assert any("watched, not played" in t for t in ui.texts())
    assert [b.text for b in ui.buttons()] == ["Back", "English"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_screenshots_of_the_choices_the_picker_and_the_confirmation(ui, size, language) -> None:
    from kivy.uix.gridlayout import GridLayout

    ui.resize(size)
    ui.app.set_language(language)
    ui.tap(ui.app.tr("{title}: the camera referees it", title="Kai Piranja"))
    tap_exactly(ui, ui.app.tr("No camera: moves by hand"))
    ui.tap(ui.app.tr("Start the game"))
    ui.tap(ui.app.tr("Enter or fix a move"))
    play(ui, offered(ui)[0], pick=7)
    play(ui, offered(ui)[0], pick=2)
    ui.screenshot(f"manual-{language}-{size}")
    tap_exactly(ui, offered(ui)[0].label)
    ui.screenshot(f"manual-picker-{language}-{size}")
    ui.tap(ui.app.tr("Cancel"))
    ui.tap([b for b in ui.buttons() if b.text == ui.app.tr("Correct")][-1])  # the oldest move: move 1
    ui.tap(ui.widgets(GridLayout)[0].children[-1])  # the first card the replacements offer
    ui.screenshot(f"manual-confirm-{language}-{size}")
    for button in ui.buttons():
        assert button.texture_size[1] <= button.height + 1, button.text  # no text cut


def tap_through(ui, choice: Choice) -> None:
    """Tap a narrowed kind's button, then the first detail offered at each step, until a move is played."""
    game, state = session(ui).game, session(ui).state
    before = len(session(ui).actions)
    tap_exactly(ui, choice.label)
    actions = choice.actions
    for _ in range(10):
        first = details(game, state, actions, ui.app.language, session(ui).seats)[0]
        assert ui.button(ui.app.tr("Cancel"))  # a picker of details is open
        tap_exactly(ui, first.label)
        if first.final:
            break
        actions = first.actions
    assert len(session(ui).actions) == before + 1


def test_kuna_yalas_thousands_of_pairs_are_entered_a_detail_at_a_time(ui) -> None:
    start(ui, "Kuna Yala")
    for _ in range(12):  # the display is turned up, then the first pairs are taken and their piles refilled
        choice = offered(ui)[0]
        if choice.actions:
            tap_through(ui, choice)
        else:
            play(ui, choice)
    assert any(a.kind == "take" for a in session(ui).actions)
    while not offered(ui)[0].actions:  # to the next pair
        play(ui, offered(ui)[0])
    choice = offered(ui)[0]
    tap_exactly(ui, choice.label)
    assert "Take two cards: which card goes into your bank?" in ui.texts()
    assert len(ui.buttons()) < 60  # a few cards to choose from, not thousands of moves
    first = details(session(ui).game, session(ui).state, choice.actions, "en", session(ui).seats)[0]
    tap_exactly(ui, first.label)
    assert f"Take two cards · {first.label}: where does it go in your bank?" in ui.texts()
    ui.screenshot("manual-kuna-yala-details")
    ui.tap("Cancel")
    assert ui.app.current == "manual" and ui.button("Undo")
