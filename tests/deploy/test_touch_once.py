"""One touch arrives once: in the service's environment Kivy's only input provider is SDL's mouse, which
carries the touchscreen's touches, whatever a Kivy config file left on the Pi says (its default `probesysfs`
line reads the same touchscreen a second time: kivy/kivy#1903, #3801)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.installer import ROOT

UNIT = ROOT / "deploy" / "fish-companion.service"

# What Kivy's own config writes by default on a Linux machine with a touchscreen.
KIVY_DEFAULT_INPUT = "[input]\nmouse = mouse\n%(name)s = probesysfs,provider=hidinput\n"

PROBE = """
import json
from ui.app.kiosk import Display, configure
configure(Display(800, 480, 7.0, fullscreen=True))
from kivy.config import Config
print(json.dumps(dict(Config.items("input"))))
"""


def service_environment() -> dict[str, str]:
    pairs = [line.removeprefix("Environment=") for line in UNIT.read_text().splitlines()]
    return dict(p.split("=", 1) for p in pairs if p.startswith("KIVY_"))


def providers(env: dict[str, str]) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("kivy_file", [False, True], ids=["no Kivy file", "Kivy's default file"])
def test_the_service_gives_kivy_one_input_provider(tmp_path: Path, kivy_file: bool) -> None:
    home = tmp_path / "home"
    kivy_home = home / ".cache/fish-companion"
    kivy_home.mkdir(parents=True)
    if kivy_file:
        (kivy_home / "config.ini").write_text(KIVY_DEFAULT_INPUT)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        **{k: v.replace("%h", str(home)) for k, v in service_environment().items()},
    }
    assert env["KIVY_HOME"] == str(kivy_home)
    assert providers(env) == {"mouse": "mouse,disable_multitouch"}
    if kivy_file:
        assert (kivy_home / "config.ini").read_text() == KIVY_DEFAULT_INPUT, "Kivy rewrote its file"
