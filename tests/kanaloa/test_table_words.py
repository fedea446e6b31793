"""What the Kanaloa table adapter tells the players about a table that differs from the rules: bad input."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from companion.games import find_game, make_game
from companion.games.kanaloa.state import State
from companion.games.kanaloa.table import KanaloaTable
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from companion.table import CENTRE, SeenCard, Sighting, differences
from ui.simtable import sightings
from vision.gamevision import game_vision
from vision.tracking import Tracker

OWN = game_vision(find_game("kanaloa").vision)  # Kanaloa's sea and mats, as its registration names them

GAME = make_game("kanaloa")
TABLE = KanaloaTable(GAME)
NAMES = ("Ann", "Bob", "Cy", "Dee")
PLAYED = simulate(GAME, 4, 5, NAMES)


def moved_state() -> State:
    """A state in play where the boats have left the start."""
    return next(s for s in PLAYED.states if s.phase == "play" and len(set(s.boats)) == 4 and not s.trick)


def seen_of(state: State, change: dict[str, tuple[float, float] | None]) -> list[SeenCard]:
    """The table exactly as the rules want it, with some components moved to (x, y) in the centre or taken away."""
    out = []
    for s in sightings(TABLE.layout(state), 0.0, random.Random(0), state.players, own=OWN):
        if s.card in change:
            where = change[s.card]
            if where is None:
                continue
            s = Sighting(s.card, CENTRE, *where)
        out.append(SeenCard(s.card, s.zone, s.x, s.y, s.angle, 0, 0.0))
    return out


def told(state: State, seen: list[SeenCard]) -> list[str]:
    diffs = differences(TABLE.layout(state), seen)
    return TABLE.instructions(state, diffs, GAME.translator("en"), NAMES)


def position(seen: list[SeenCard], card: str) -> tuple[float, float]:
    s = next(s for s in seen if s.card == card)
    return s.x, s.y


def test_the_table_as_the_rules_want_it_tells_nothing() -> None:
    state = moved_state()
    assert told(state, seen_of(state, {})) == []


def test_two_boats_on_one_square_are_named_with_the_right_square() -> None:
    state = moved_state()
    perfect = seen_of(state, {})
    words = told(state, seen_of(state, {"boat-2": position(perfect, "boat-1")}))
    assert len(words) == 1 and words[0].startswith("Two boats stand on square ")
    assert "Move Bob's boat to square " in words[0]


def test_a_boat_seen_nowhere_is_asked_for_on_its_square() -> None:
    state = moved_state()
    (words,) = told(state, seen_of(state, {"boat-3": None}))
    assert words.startswith("Cy's boat is seen nowhere: put it on square ")


def test_a_boat_off_the_sea_is_asked_back_on_it() -> None:
    state = moved_state()
    (words,) = told(state, seen_of(state, {"boat-4": (2000.0, 2000.0)}))
    assert words.startswith("Dee's boat is not on the sea: put it on square ")


def test_a_sea_card_laid_outside_the_ring_is_asked_back_between_its_neighbours() -> None:
    state = moved_state()
    free = next(c for c in state.sea if c not in {state.layout_cards[b // 2] for b in state.boats})
    words = told(state, seen_of(state, {free: (-600.0, -600.0)}))
    name = GAME.card_name(free)
    assert any(w.startswith(f"Put {name} back in the sea, between ") for w in words), words


def test_a_card_of_the_game_not_played_is_taken_back() -> None:
    state = moved_state()
    loose = next(c for c in ("navy-1", "red-2", "green-3") if c not in state.played)
    seen = [*seen_of(state, {}), SeenCard(loose, "seat-1", 10.0, 10.0, 0.0, 0, 0.0)]
    assert told(state, seen) == [f"Take back the {GAME.card_name(loose)}: it has not been played."]


@given(st.integers(0, 20), st.sampled_from(["boat-1", "boat-2", "boat-3", "boat-4"]))
def test_a_boat_put_on_any_other_square_is_told_its_own(k: int, boat: str) -> None:
    state = moved_state()
    seat = int(boat[-1]) - 1
    squares = [sq for i, c in enumerate(state.layout_cards) if c in state.sea for sq in (2 * i, 2 * i + 1)]
    target = squares[k % len(squares)]
    if target in state.boats:
        return  # its own square, or another boat's (told by the test of two boats on one square)
    layout = TABLE.layout(state)
    sea = layout.content("sea")
    pieces = {**sea.pieces, boat: (state.layout_cards[target // 2], target % 2)}
    wrong = layout.with_content("sea", replace(sea, pieces=pieces))
    seen = [
        SeenCard(s.card, s.zone, s.x, s.y, 0.0, 0, 0.0)
        for s in sightings(wrong, 0.0, random.Random(0), state.players, own=OWN)
    ]
    words = told(state, seen)
    number = squares.index(state.boats[seat]) + 1
    assert len(words) == 1 and f"Move {NAMES[seat]}'s boat to square {number} (" in words[0], words
    assert "Two boats stand on" not in words[0]


def test_live_game_goes_on_after_bad_input() -> None:
    """Nothing confirmed is lost: a stray card on a mat is refused, the record keeps every move before it."""
    match = Match(GAME, NAMES)
    for action in PLAYED.actions[:10]:
        match.push(action)
    live = LiveGame(GAME, find_game("kanaloa").table_adapter(GAME), match, NAMES, coaching=False)
    before = list(match.actions)
    tracker = Tracker()
    state = match.state
    stray = next(c for c in state.played)  # a card already played this round, shown again
    layout_seen = sightings(TABLE.layout(state), 0.0, random.Random(0), 4, own=OWN)
    seat = GAME.current_player(state)
    for frame in range(8):
        seen = [*layout_seen, Sighting(stray, f"seat-{seat}", 130.0, 90.0)]
        view = live.step(tracker.update(frame / 30, seen), tracker.cards(), frame / 30)
    assert list(match.actions) == before
    assert any("already played" in r for r in view.recent)
