"""Kanaloa's coach: the options by kind of card with unknown hands, the race and the sea."""

from __future__ import annotations

import pytest

from companion.coach import coach
from companion.games import find_game, make_game
from companion.simulate import simulate

SPEC = find_game("kanaloa")
GAME = make_game("kanaloa")
PLAYED = simulate(GAME, 4, 3, ("Ann", "Bob", "Cy", "Dee"))


def coaching_at(index: int, language: str = "en"):  # type: ignore[no-untyped-def]
    return coach(GAME, PLAYED.states[index], language, PLAYED.seats, SPEC.coach)


def test_the_leader_hears_the_trump_and_may_play_anything() -> None:
    lead = next(i for i, s in enumerate(PLAYED.states) if s.phase == "play" and not s.trick)
    advice = coaching_at(lead)
    assert "it is your turn to play. Trump: navy blue." in advice.summary
    assert "You lead" in advice.summary and "Every boat is still on the start." in advice.summary
    assert [a.title for a in advice.options][:1] == ["Any tiki card"]


def test_a_follower_hears_the_colour_to_follow_and_who_takes_the_trick_so_far() -> None:
    index = next(
        i
        for i, s in enumerate(PLAYED.states)
        if s.phase == "play" and s.trick[:1] and s.trick[0].startswith("red-") and s.trump != "red"
    )
    advice = coaching_at(index)
    assert "You must follow red if you can" in advice.summary
    assert " takes the trick with the " in advice.summary
    assert "A card of red" in [a.title for a in advice.options]


def test_the_race_and_the_sea_are_told_once_boats_have_moved() -> None:
    index = next(i for i, s in enumerate(PLAYED.states) if s.phase == "play" and len(set(s.boats)) == 4)
    summary = coaching_at(index).summary
    assert "leads the race" in summary and "squares ahead of the last boat" in summary
    assert "may still be removed" in summary or "none will be removed" in summary


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_coach_speaks_french_and_italian(language: str) -> None:
    lead = next(i for i, s in enumerate(PLAYED.states) if s.phase == "play" and not s.trick)
    summary = coaching_at(lead, language).summary
    assert ("Atout" in summary and "vous" in summary) if language == "fr" else "Briscola" in summary
