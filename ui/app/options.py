"""What `companion app` and ./run.sh choose for the app: no Kivy here, so a command line is read before Kivy's
window opens (Kivy reads its configuration then, ui/app/kiosk.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.configdir import config_dir
from companion.games import DEFAULT_GAME
from companion.registry import Registry
from ui.app.kiosk import Display
from ui.app.screen_config import ScreenConfig
from ui.control.library import Library


@dataclass
class AppOptions:
    """What `companion app` and ./run.sh choose: the games, where games are kept, the screen, the start."""

    registry: Registry
    library: Library
    language: str = "en"
    display: Display = field(default_factory=Display)
    demo: bool = False  # open the simulated demo game at once (./run.sh), instead of the home screen
    demo_game: str = DEFAULT_GAME
    demo_profile: dict[str, Any] | None = None  # the demo's rules options (a test plays a short game)
    demo_players: int = 3
    seed: int = 1
    source: str = "picamera"  # the camera for real games: picamera, webcam:N, a folder or a video file
    panel_config: str | None = None
    coaching: bool = True
    demo_resolution: tuple[int, int] = (1280, 720)
    demo_fps: float = 30.0
    screen: ScreenConfig = field(default_factory=ScreenConfig)  # [screen] of config.toml: rotation, dimming
    progress_dir: Path = field(default_factory=config_dir)  # where each player's lessons and games are kept
    backlights: Path | None = Path(
        "/sys/class/backlight"
    )  # where the dimmer looks for a backlight; None: shade
