"""Every script in deploy/ passes shellcheck, and the user service passes `systemd-analyze verify`.

`systemd-analyze verify` works here with no systemd running, in its system mode on the unit file itself: it
loads the unit, checks every setting and that ExecStart's program exists, resolving %h from $HOME. The user
mode (`--user`) needs a running user manager, and `--root=` looks the unit up in that root's unit folders
and fails on a missing sysinit.target, so neither is used. A faulty unit is checked too, so that the check is
seen to fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.installer import ROOT
from ui.app.failures import Policy

UNIT = ROOT / "deploy" / "fish-companion.service"


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed: ./test.sh installs it (tools/setup-env.sh)")
    return path


def scripts() -> list[Path]:
    found = [p for p in sorted((ROOT / "deploy").rglob("*")) if p.is_file() and p.read_bytes()[:2] == b"#!"]
    assert {p.name for p in found} >= {"install.sh", "install-pi.sh"}
    return found


@pytest.mark.parametrize("script", scripts(), ids=lambda p: p.name)
def test_every_script_in_deploy_passes_shellcheck(script: Path) -> None:
    done = subprocess.run(
        [tool("shellcheck"), "-x", str(script)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout
    assert os.access(script, os.X_OK), f"{script.name} is not executable"


def verify(unit: Path, home: Path) -> subprocess.CompletedProcess[str]:
    program = home / ".local/lib/fish-companion/venv/bin/companion"  # where install.sh puts it
    program.parent.mkdir(parents=True, exist_ok=True)
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    env = {**os.environ, "HOME": str(home), "SYSTEMD_LOG_COLOR": "0"}
    return subprocess.run(
        [tool("systemd-analyze"), "verify", str(unit)], env=env, capture_output=True, text=True, check=False
    )


def test_the_user_service_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    done = verify(UNIT, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "" and done.stdout.strip() == ""


def test_a_faulty_unit_fails_the_same_check(tmp_path: Path) -> None:
    faulty = tmp_path / "fish-companion.service"
    text = UNIT.read_text(encoding="utf-8").replace("/venv/bin/companion", "/venv/bin/no-such-program")
    faulty.write_text(text.replace("Restart=always", "Restart=sometimes"), encoding="utf-8")
    done = verify(faulty, tmp_path)
    assert done.returncode != 0
    assert "no-such-program" in done.stderr and "restart specifier" in done.stderr


def test_the_service_starts_the_installed_app_fullscreen_and_restarts_it() -> None:
    settings = dict(
        line.split("=", 1) for line in UNIT.read_text(encoding="utf-8").splitlines() if "=" in line[:40]
    )
    assert settings["ExecStart"] == "%h/.local/lib/fish-companion/venv/bin/companion app --fullscreen"
    assert settings["Restart"] == "always" and settings["StartLimitIntervalSec"] == "0"
    assert settings["WantedBy"] == "default.target"  # a user unit: the user manager's boot target


def test_the_service_waits_for_ready_and_watches_the_apps_heartbeat() -> None:
    settings = dict(
        line.split("=", 1) for line in UNIT.read_text(encoding="utf-8").splitlines() if "=" in line[:40]
    )
    assert settings["Type"] == "notify" and settings["NotifyAccess"] == "main"
    # The app beats every WatchdogSec/2; its longest wait after failures (60 s) fits in TimeoutStartSec.
    assert int(settings["WatchdogSec"]) == 30
    assert int(settings["TimeoutStartSec"]) > Policy().max_delay_s
    assert "KIVY_NO_CONSOLELOG" not in UNIT.read_text(encoding="utf-8")  # the log goes to the journal


def systemd_version() -> int:
    done = subprocess.run([tool("systemctl"), "--version"], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[1])


def test_this_systemd_has_restart_steps_only_from_254(tmp_path: Path) -> None:
    """Why the app backs off by itself: Bookworm's systemd (252) does not know RestartSteps=."""
    stepped = tmp_path / "fish-companion.service"
    text = UNIT.read_text(encoding="utf-8").replace("RestartSec=2", "RestartSec=2\nRestartSteps=5")
    stepped.write_text(text, encoding="utf-8")
    done = verify(stepped, tmp_path)
    unknown = "Unknown key 'RestartSteps'" in done.stderr
    assert unknown == (systemd_version() < 254), done.stderr
