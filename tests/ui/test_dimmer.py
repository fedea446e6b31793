"""The screen dims when idle and wakes for a panel button or news from the table; the backlight in sysfs is set
and given back (a fake sysfs folder here: no Pi). The touches are tested on a real window in tests/app."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from companion.games import GAMES
from companion.session import LiveSession
from hardware.config import PanelConfig
from hardware.panel import Panel
from hardware.pins import PinBackend
from tests.hardware.conftest import FAST, wait_until
from ui.app.dimmer import IdleClock, ScreenDimmer, SysfsBacklight, find_backlight
from ui.app.screen_config import ScreenConfig
from ui.control.table import TableControl


def fake_backlight(root: Path, name: str = "10-0045", brightness: int = 200, maximum: int = 255) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "brightness").write_text(f"{brightness}\n")
    (folder / "max_brightness").write_text(f"{maximum}\n")
    return folder


def brightness(folder: Path) -> int:
    return int((folder / "brightness").read_text())


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_idle_screen_dims_its_backlight_and_a_key_gives_back_the_brightness_it_had(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path, brightness=200)
    clock = Clock()
    dimmer = ScreenDimmer(
        ScreenConfig(dim_after_minutes=10, dim_brightness=10), find_backlight(tmp_path), clock
    )
    clock.now += 9 * 60
    dimmer.check()
    assert brightness(folder) == 200 and not dimmer.dimmed
    clock.now += 60
    dimmer.check()
    assert brightness(folder) == round(255 * 0.10) and dimmer.dimmed
    assert dimmer.wake()  # what a key or a panel button does
    assert brightness(folder) == 200 and not dimmer.dimmed
    assert not dimmer.wake()  # awake already: nothing to swallow


def test_a_backlight_left_dark_wakes_to_full_and_stopping_the_app_never_leaves_it_dim(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path, brightness=0, maximum=31)
    clock = Clock()
    dimmer = ScreenDimmer(ScreenConfig(dim_after_minutes=1, dim_brightness=50), SysfsBacklight(folder), clock)
    clock.now += 60
    dimmer.check()
    assert brightness(folder) == 16
    dimmer.restore()
    assert brightness(folder) == 31


def test_no_backlight_is_found_where_there_is_none_and_one_that_reads_no_number_is_passed_over(
    tmp_path: Path,
) -> None:
    assert find_backlight(tmp_path / "absent") is None
    assert find_backlight(tmp_path) is None
    broken = fake_backlight(tmp_path, "a-broken")
    (broken / "max_brightness").write_text("n/a\n")
    assert find_backlight(tmp_path) is None
    fake_backlight(tmp_path, "b-good")
    found = find_backlight(tmp_path)
    assert found is not None and found.folder.name == "b-good"


def test_a_backlight_that_cannot_be_written_falls_back_to_the_shade(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path)
    clock = Clock()
    dimmer = ScreenDimmer(ScreenConfig(dim_after_minutes=1), SysfsBacklight(folder), clock)
    (folder / "brightness").unlink()
    (folder / "brightness").mkdir()  # writing it now fails, even as root
    drawn: list[bool] = []
    dimmer._draw_shade = lambda: drawn.append(True)  # type: ignore[method-assign]  # no window here
    clock.now += 60
    dimmer.check()
    assert drawn == [True] and dimmer.backlight is None and dimmer.dimmed


@given(
    st.lists(st.integers(min_value=0, max_value=900), max_size=20), st.integers(min_value=1, max_value=600)
)
def test_the_screen_dims_exactly_when_nothing_happened_for_the_idle_time(gaps: list[int], after: int) -> None:
    clock = Clock()
    idle = IdleClock(after, clock)
    for gap in gaps:
        clock.now += gap
        dims = idle.due()
        assert dims == (gap >= after)
        assert idle.dimmed == dims
        assert idle.active() == dims  # activity wakes it, and says so only if it was dimmed


def test_never_dims_at_zero_minutes() -> None:
    clock = Clock()
    idle = IdleClock(0, clock)
    clock.now += 10**7
    assert not idle.due() and not idle.dimmed


def test_a_panel_button_and_a_new_turn_wake_the_screen_but_the_cameras_frames_do_not(tmp_path: Path) -> None:
    folder = fake_backlight(tmp_path / "sys", brightness=255)
    clock = Clock()
    dimmer = ScreenDimmer(ScreenConfig(dim_after_minutes=1), SysfsBacklight(folder), clock)
    factory = MockFactory()
    panel = Panel(PanelConfig(timing=FAST), PinBackend(factory, "mock"), owns_factory=False)
    spec = GAMES.find("kai-piranja")
    session = LiveSession.create(tmp_path / "game.sqlite", spec.make(), ("Ana", "Bo", "Cy"))
    control = TableControl.start(spec, session, language="en", panel=panel)

    def dim() -> None:
        clock.now += 60
        dimmer.check()
        assert dimmer.dimmed and brightness(folder) < 255

    try:
        dimmer.saw(control.view)
        dim()
        camera_only = replace(control.view, seen=(), t=control.view.t + 1.0)
        dimmer.saw(camera_only)
        assert dimmer.dimmed  # a frame that changes nothing the family must see leaves it dim
        asked = control.view.coach_asks
        panel.keys.typed("c")  # the panel's confirm button
        assert wait_until(lambda: control.poll().view is not None or control.view.coach_asks > asked)
        dimmer.saw(control.view)
        assert not dimmer.dimmed and brightness(folder) == 255
        dim()
        game = control.session.game
        control.play(game.legal_actions(control.session.state)[0])
        control.play(next(a for a in game.legal_actions(control.session.state) if a.kind == "end"))
        dimmer.saw(control.view)  # the next player's turn, read from the table as from a press
        assert not dimmer.dimmed and brightness(folder) == 255
    finally:
        control.close()
        factory.close()
