"""The terminal says an alert once while it holds, and again only after it cleared."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import translator
from companion.live import CameraStatus, Lights, LiveView
from companion.scoreboard import points_board
from hardware.interface import NullPanel
from ui.talk import TerminalTable

A = "The large piranha is not in play: turn it face down again."
B = "Bob's row is out of order: the fish stay in the order they were placed, left to right."
VIEW = LiveView(
    game="kai-piranja",
    title="Kai Piranja",
    seats=("Ann", "Bob", "Cy"),
    language="en",
    turn=0,
    turn_number=1,
    actions=0,
    coaching=None,
    coach_asks=0,
    pending=(),
    alerts=(),
    rulings=(),
    refused=(),
    recent=(),
    scores=(0, 0, 0),
    scoreboard=points_board(translator("en"), ("Ann", "Bob", "Cy"), 0, (0, 0, 0), ()),
    over=False,
    winners=(),
    camera=CameraStatus(),
    panel="off",
    lights=Lights(turn=0),
    seen=(),
    state=None,
)


def said_alerts(alerts_per_frame: list[tuple[str, ...]]) -> list[str]:
    lines: list[str] = []
    terminal = TerminalTable(NullPanel(), lines.append)
    for alerts in alerts_per_frame:
        terminal.draw(replace(VIEW, alerts=alerts, lights=Lights(turn=0, alert=bool(alerts))))
    return [line.removeprefix("  ! ") for line in lines if line.startswith("  ! ")]


def test_an_alert_is_said_once_while_another_comes_and_goes() -> None:
    frames = [(A,), (A, B), (A,), (A, B), (A,)] * 6  # thirty frames: B flickers, A holds all along
    assert said_alerts(frames) == [A] + [B] * 12


def test_an_alert_is_said_again_after_it_cleared() -> None:
    assert said_alerts([(A,), (A,), (), (A,)]) == [A, A]


@given(st.lists(st.sets(st.sampled_from((A, B))).map(lambda s: tuple(sorted(s))), max_size=30))
def test_each_alert_is_said_once_each_time_it_starts(frames: list[tuple[str, ...]]) -> None:
    starts = [
        alert
        for before, now in zip([(), *frames], frames, strict=False)
        for alert in now
        if alert not in before
    ]
    assert said_alerts(frames) == starts


def test_the_scores_are_said_when_they_change_and_only_then() -> None:
    lines: list[str] = []
    terminal = TerminalTable(NullPanel(), lines.append)
    seats = ("Ann", "Bob", "Cy")
    for scores in [(0, 0, 0), (0, 0, 0), (3, 0, 0), (3, 0, 0), (3, 2, 0)]:
        board = points_board(translator("en"), seats, 0, scores, ())
        terminal.draw(replace(VIEW, scores=scores, scoreboard=board))
    said = [line for line in lines if line.startswith("  Scores: ")]
    assert len(said) == 2, lines  # not at the start, not while they hold
    assert said[0].startswith("  Scores: Ann: 3") and "Bob: 0" in said[0], said
    assert "Bob: 2" in said[1], said
