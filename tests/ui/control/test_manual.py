"""Manual entry reaches every legal action through one button path, and corrections are previewed in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES, make_game
from companion.i18n import translator
from companion.protocol import Game, Step, Violation
from companion.savecommands import ILLEGAL_MOVE
from companion.session import LiveSession
from companion.simulate import simulate
from ui.control.manual import (
    NARROW_ABOVE,
    CorrectionPreview,
    Detail,
    choices,
    details,
    moves,
    pick_label,
    preview,
    reading_order,
    replacements,
)

SEATS = ("Ann", "Bob", "Cy")


def assert_every_legal_action_is_one_path_away(game: Game[Any, Any], state: Any, language: str) -> None:
    buttons = choices(game, state, language, SEATS)
    labels = [c.label for c in buttons]
    assert len(set(labels)) == len(labels), f"two buttons read the same: {labels}"
    for choice in buttons:
        if choice.actions:
            assert not choice.picks
            assert_every_action_is_one_path_of_details_away(game, state, choice.actions, language)
            continue
        picks = [p.label for p in choice.picks]
        assert picks and len(set(picks)) == len(picks)
        assert len(picks) == 1 or picks == sorted(picks, key=reading_order)  # numbers by value
        for pick in choice.picks:
            assert isinstance(game.apply(state, pick.action), Step), f"{pick.label} is not legal"
    narrowed = {type(choice.actions[0]).kind for choice in buttons if choice.actions}
    for action in game.legal_actions(state):
        if type(action).kind in narrowed:
            continue
        label = pick_label(game, action, language, SEATS)
        paths = [
            (choice.label, pick.label)
            for choice in buttons
            for pick in choice.picks
            if type(pick.action).kind == type(action).kind
            and pick_label(game, pick.action, language, SEATS) == label
        ]
        assert len(paths) == 1, f"{action} is reached by {paths}"


def leaves(
    game: Game[Any, Any], state: Any, actions: tuple[Any, ...], language: str, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], Detail]]:
    """Every path of details a person can tap through, to the detail that plays a move."""
    offered = details(game, state, actions, language, SEATS)
    labels = [d.label for d in offered]
    assert len(set(labels)) == len(labels), f"two details read the same after {path}: {labels}"
    assert len(offered) <= NARROW_ABOVE
    found = []
    for detail in offered:
        if detail.final:
            found.append(((*path, detail.label), detail))
        else:
            found += leaves(game, state, detail.actions, language, (*path, detail.label))
    return found


def assert_every_action_is_one_path_of_details_away(
    game: Game[Any, Any], state: Any, actions: tuple[Any, ...], language: str
) -> None:
    found = leaves(game, state, actions, language)
    reached = [action for _, detail in found for action in detail.actions]
    assert sorted(map(repr, reached)) == sorted(map(repr, actions)), "an action no path reaches, or two paths"
    for path, detail in found:
        assert isinstance(game.apply(state, detail.actions[0]), Step), f"{path} plays an illegal move"


def kuna_yala_pair_moment() -> tuple[Game[Any, Any], Any]:
    game = make_game("kuna-yala")
    match = simulate(game, 3, 5)
    state = next(
        s
        for s in match.states[40:]
        if len([a for a in game.legal_actions(s) if a.kind == "take"]) > NARROW_ABOVE
    )
    return game, state


def test_a_kind_of_thousands_of_moves_is_chosen_one_detail_at_a_time_in_words() -> None:
    game, state = kuna_yala_pair_moment()
    (button,) = choices(game, state, "en", SEATS)
    assert button.label == game.describe_kind("take", "en") and not button.picks
    found = leaves(game, state, button.actions, "en")
    assert len(found) > NARROW_ABOVE
    longest = max(len(path) for path, _ in found)
    assert longest >= 4  # a card for oneself, its cell, an opponent, a card for them, its cell
    first = details(game, state, button.actions, "en", SEATS)
    assert all(" above pile " in d.label for d in first), [d.label for d in first]
    for path, _ in found[:50]:
        cells = path[1::]
        assert not any(label.startswith("(") or label[:1].isdigit() for label in cells), path
    assert any("your starting coral" in label for path, _ in found for label in path)
    french = details(game, state, button.actions, "fr", SEATS)
    assert all(" au-dessus de la pioche " in d.label for d in french)
    assert_every_legal_action_is_one_path_away(game, state, "it")


def test_kai_piranjas_first_turn_is_one_button_listing_the_fish() -> None:
    game = make_game("kai-piranja")
    state = game.initial_state(3)
    (button,) = choices(game, state, "en", SEATS)
    assert button.label == "Turn up a card"
    names = {game.card_name(a.card) for a in game.legal_actions(state)}
    assert {p.label for p in button.picks} == names and len(button.picks) < len(game.legal_actions(state))
    assert_every_legal_action_is_one_path_away(game, state, "en")
    (french,) = choices(game, state, "fr", SEATS)
    assert french.label == "Révéler une carte"


def test_a_single_action_is_a_button_that_plays_it() -> None:
    game = make_game("kanaloa")
    state = game.initial_state(3)
    (button,) = choices(game, state, "en", SEATS)  # the sea layout: one representative
    assert len(button.picks) == 1 and button.label == button.picks[0].label
    assert button.label == game.describe_action(button.picks[0].action, "en", SEATS)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(0, 10_000),
    st.floats(0, 1),
    st.sampled_from(["en", "fr", "it"]),
)
def test_every_legal_action_of_a_random_moment_is_reachable(
    name: str, seed: int, where: float, language: str
) -> None:
    game = make_game(name)
    match = simulate(game, game.min_players + seed % 2, seed)
    state = match.states[int(where * (len(match.states) - 2))]  # never the end: something is legal
    assert_every_legal_action_is_one_path_away(game, state, language)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_kind_of_action_has_words_in_every_language(name: str) -> None:
    game = make_game(name)
    for cls in game.action_types:
        english = game.describe_kind(cls.kind, "en")
        assert english != cls.kind
        assert game.describe_kind(cls.kind, "fr") != english and game.describe_kind(cls.kind, "it") != english
    assert game.describe_kind("no-such-kind", "fr") == "no-such-kind"


@pytest.fixture
def session(tmp_path: Path) -> LiveSession:
    game = make_game("kai-piranja")
    full = simulate(game, 3, 21, SEATS)
    session = LiveSession.create(tmp_path / "game.sqlite", game, SEATS, 21)
    for action in full.actions[:40]:
        assert isinstance(session.push(action), Step)
    return session


def test_moves_say_each_move_and_which_name_a_card(session: LiveSession) -> None:
    listed = moves(session.game, session.actions, "en", SEATS)
    assert [m.index for m in listed] == list(range(40))
    for move, action in zip(listed, session.actions, strict=True):
        assert move.words == session.game.describe_action(action, "en", SEATS)
        assert move.correctable == (action.kind == "reveal")
    assert any(not m.correctable for m in listed), "the game should bank or end a turn in 40 moves"


def test_replacements_offer_every_other_fish_of_the_same_deck_once(session: LiveSession) -> None:
    game, old = session.game, session.actions[0]
    picks = replacements(game, old, "en", SEATS)
    labels = [p.label for p in picks]
    assert labels == sorted(labels) and len(set(labels)) == len(labels)
    assert game.card_name(old.card) not in labels
    back = game.catalogue()[old.card].back
    same_deck = {game.card_name(c.id) for c in game.catalogue().cards if c.back == back}
    assert set(labels) == same_deck - {game.card_name(old.card)}
    assert all(p.action.seat == old.seat and p.action.kind == old.kind for p in picks)
    bank = next(a for a in session.actions if a.kind in ("bank", "end"))
    assert replacements(game, bank, "en", SEATS) == ()


def test_replacements_prefer_a_copy_still_face_down(session: LiveSession) -> None:
    game = session.game
    index = len(session.actions) - 1
    while session.actions[index].kind != "reveal":
        index -= 1
    state = session.match.states[index]
    picks = replacements(game, session.actions[index], "en", SEATS, state)
    assert any(game.check(state, pick.action) is None for pick in picks)
    for pick in picks:
        if game.check(state, pick.action) is None:
            continue
        # the copy offered could not be turned up there: then no copy of that name could
        copies = [c.id for c in game.catalogue().cards if game.card_name(c.id) == pick.label]
        assert all(game.check(state, type(pick.action)(pick.action.seat, c)) is not None for c in copies)


def test_preview_tells_the_correction_and_changes_nothing(session: LiveSession) -> None:
    game = session.game
    before, record = list(session.actions), session.record_text()
    told = []
    for index in range(len(session.actions) - 1):
        if session.actions[index].kind != "reveal":
            continue
        for pick in replacements(game, session.actions[index], "en", SEATS, session.match.states[index]):
            result = preview(session, index, pick.action, "en")
            told.append(result)
            if result.allowed:
                assert result.lines[0].startswith(f"Move {index + 1} corrected: ")
                assert result.lines[-1].startswith(
                    ("Every later move still holds", "The 1 later move", "Move ")
                )
    assert list(session.actions) == before and session.record_text() == record
    assert any(r.allowed and r.lines[-1].startswith("Every later move") for r in told)
    assert any(r.allowed and "no longer holds" in r.lines[-1] for r in told), "no correction dropped a move"


def test_preview_refuses_an_illegal_correction_in_words(session: LiveSession) -> None:
    game = session.game
    reveals = [i for i, a in enumerate(session.actions) if a.kind == "reveal"]
    first, later = reveals[0], reveals[1]
    seen_again = type(session.actions[later])(session.actions[later].seat, session.actions[first].card)
    broken = game.apply(session.match.states[later], seen_again)
    assert isinstance(broken, Violation)
    result = preview(session, later, seen_again, "fr")
    told = game.tell(broken, "fr", SEATS)
    words = game.describe_action(seen_again, "fr", SEATS)
    expected = translator("fr")(ILLEGAL_MOVE, number=later + 1, action=words, explanation=told)
    assert result == CorrectionPreview(False, (expected,))
    french = preview(session, first, replacements(game, session.actions[first], "fr", SEATS)[0].action, "fr")
    assert french.allowed and "corrigé" in french.lines[0]


def test_preview_of_a_move_the_game_does_not_have_raises(session: LiveSession) -> None:
    with pytest.raises(IndexError):
        preview(session, 99, session.actions[0], "en")


def test_picks_read_numbers_by_value_and_words_whatever_their_case() -> None:
    labels = ["10 bleu marine", "1 rouge", "2 vert", "Kraken", "green 3", "1 bleu marine", "red 7"]
    assert sorted(labels, key=reading_order) == [
        "1 bleu marine",
        "1 rouge",
        "2 vert",
        "10 bleu marine",
        "green 3",
        "Kraken",
        "red 7",
    ]
