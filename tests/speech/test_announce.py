"""Every announcement kind comes out of the live views of each of the four games, in the view's language."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from companion.announce import HEARD, Announcement, Kind, announce, still_due
from companion.games import GAMES
from companion.live import LiveGame, LiveView
from companion.match import Match
from companion.panel import PanelButton
from companion.simulate import simulate

SEATS = ("Ann", "Bruno", "Chiara")


def played_views(name: str, language: str = "en") -> list[LiveView]:
    """A simulated game's moves entered by hand into a live game, with a confirm press at the start and one move
    played twice (the rules refuse it); no camera, so the table always has cards to put down."""
    spec = GAMES[name]
    game = spec.make()
    played = simulate(game, 3, 1, SEATS)
    live = LiveGame(game, spec.table_adapter(game), Match(game, SEATS), SEATS, language, spec.coach, True)
    views = [live.view, live.press(PanelButton.CONFIRM)]
    for number, action in enumerate(played.actions):
        views.append(live.play(action))
        if number == 1:
            views.append(live.play(played.actions[0]))
    return views


def announcements(views: list[LiveView]) -> list[Announcement]:
    said: list[Announcement] = []
    for before, after in zip([None, *views], views, strict=False):
        said += announce(before, after)
    return said


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_kind_is_announced_in_each_game(name: str) -> None:
    views = played_views(name)
    said = announcements(views)
    assert set(Counter(a.kind for a in said)) == set(Kind)
    assert said[0].kind is Kind.TURN and said[0].text == "Ann, your turn."
    refused = [a for a in said if a.kind is Kind.RULE_BROKEN and not a.about]
    assert refused and all(a.alert for a in refused), (
        "the move played twice is a rule broken, said as an alert"
    )
    rulings = [a.text for a in said if a.kind is Kind.RULING]
    heard = [words for v in views for code, words in v.effects if code in HEARD[name]]
    assert rulings == heard and rulings, "every effect worth hearing, and only those, is said"
    winner = [a for a in said if a.kind is Kind.WINNER]
    assert len(winner) == 1 and winner[0] == said[-1]
    final = views[-1]
    assert all(SEATS[seat] in winner[0].text for seat in final.winners)
    assert all(row.told in winner[0].text for row in final.scoreboard.rows)


@pytest.mark.parametrize(("language", "turn"), [("fr", "Ann, à vous de jouer."), ("it", "Ann, tocca a te.")])
def test_announcements_are_in_the_views_language(language: str, turn: str) -> None:
    said = announcements(played_views("kai-piranja", language))
    assert said[0].text == turn and said[0].language == language
    winner = next(a.text for a in said if a.kind is Kind.WINNER)
    assert (
        (" gagne." in winner or "Égalité" in winner)
        if language == "fr"
        else ("Vince" in winner or "Pareggio" in winner)
    )


def test_nothing_new_is_nothing_said() -> None:
    views = played_views("kanaloa")
    # A view with no new move (a frame with nothing new) after any other says nothing.
    for before in (views[3], views[-1]):
        assert announce(before, replace(before, effects=(), refused=())) == ()


def test_a_fix_made_and_a_turn_passed_are_stale() -> None:
    views = played_views("kai-piranja")
    fixes = [
        (i, a)
        for i, v in enumerate(views)
        for a in announce(views[i - 1] if i else None, v)
        if a.kind is Kind.FIX
    ]
    index, fix = fixes[0]
    assert still_due(fix, views[index])
    assert not still_due(fix, replace(views[index], pending=()))
    turn = announce(None, views[0])[0]
    assert still_due(turn, views[0]) and not still_due(
        turn, replace(views[0], turn_number=views[0].turn_number + 1)
    )
