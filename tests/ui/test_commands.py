"""The app's command registration: light at import, yet its defaults match what they stand for."""

from __future__ import annotations

import subprocess
import sys

from ui.commands import DEFAULT_HOLD
from vision.tracking import TrackerConfig


def test_the_demos_hold_default_is_the_trackers() -> None:
    assert TrackerConfig().hold == DEFAULT_HOLD


def test_registering_the_commands_loads_no_heavy_library() -> None:
    code = (
        "import sys\n"
        "from companion.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'cv2', 'numpy', 'gpiozero', 'kivy'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
