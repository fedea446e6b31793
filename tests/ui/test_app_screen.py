"""`companion app --fullscreen` with no screen says so at once; a Pi console with a connected screen still starts.

The Pi's console has no DISPLAY variable (KMS/DRM): a screen is there when /dev/dri/card* exists and a connector
under /sys/class/drm says "connected". Both are fake trees here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from companion.errors import CommandError
from ui.app import main as app_main

REAL = app_main.console_screen


def tree(root: Path, card: bool, statuses: dict[str, str]) -> Path:
    """A fake / with /dev/dri/card1 (if ``card``) and /sys/class/drm/<connector>/status for each status."""
    (root / "dev/dri").mkdir(parents=True)
    if card:
        (root / "dev/dri/card1").write_text("")
    for connector, status in statuses.items():
        folder = root / "sys/class/drm" / connector
        folder.mkdir(parents=True)
        (folder / "status").write_text(status + "\n")
    return root


def args(fullscreen: bool, lang: str = "en") -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fullscreen", action="store_true")
    parsed = parser.parse_args(["--fullscreen"] if fullscreen else [])
    parsed.lang = lang
    return parsed


def no_desktop(monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
    """No DISPLAY nor WAYLAND_DISPLAY, and the console's screen looked for in the fake tree ``root``."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(app_main, "console_screen", lambda: REAL(root))


class Started(Exception):
    """Raised by the stand-in for kiosk.configure: the app got past the screen check."""


@pytest.mark.parametrize(
    ("card", "statuses", "expected"),
    [
        (True, {"card1-HDMI-A-1": "connected", "card1-HDMI-A-2": "disconnected"}, True),
        (True, {"card1-DSI-1": "connected"}, True),
        (True, {"card1-HDMI-A-1": "disconnected"}, False),
        (True, {}, False),
        (False, {"card1-HDMI-A-1": "connected"}, False),
    ],
)
def test_a_console_screen_is_a_card_with_a_connected_connector(
    tmp_path: Path, card: bool, statuses: dict[str, str], expected: bool
) -> None:
    assert app_main.console_screen(tree(tmp_path, card, statuses)) is expected


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_fullscreen_with_no_screen_at_all_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    no_desktop(monkeypatch, tree(tmp_path, True, {"card1-HDMI-A-1": "disconnected"}))
    monkeypatch.setattr(app_main, "configure", lambda display: pytest.fail("configured with no screen"))
    with pytest.raises(CommandError) as told:
        app_main.run_app(args(fullscreen=True, lang=lang))
    words = str(told.value)
    assert "/sys/class/drm" in words and "companion demo" in words
    assert (words.startswith("There is no screen")) == (lang == "en")


def test_fullscreen_on_a_console_with_a_connected_screen_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_desktop(monkeypatch, tree(tmp_path, True, {"card1-HDMI-A-1": "connected"}))

    def configure(display: object) -> None:
        raise Started

    monkeypatch.setattr(app_main, "configure", configure)
    monkeypatch.setattr(app_main, "options_from", lambda a: (None, None))
    with pytest.raises(Started):
        app_main.run_app(args(fullscreen=True))


def test_a_window_without_a_desktop_is_still_refused_even_with_a_console_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_desktop(monkeypatch, tree(tmp_path, True, {"card1-HDMI-A-1": "connected"}))
    with pytest.raises(CommandError) as told:
        app_main.run_app(args(fullscreen=False))
    assert "add --fullscreen" in str(told.value)
