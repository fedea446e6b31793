"""The app built as a wheel and installed by deploy/install.sh from files alone, as from a USB stick: into a
fresh virtual environment with no index, its dependencies from a wheelhouse made offline (wheelhouse.py);
then the installed app starts under Xvfb, away from the source checkout, and reaches its home screen.

One install for the whole module (about 30 s here); the tests run in file order on it, the uninstall last.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deploy.installer import ROOT, pi_environment, run
from tests.deploy.wheelhouse import wheelhouse
from ui.app.xvfb import start_xvfb

PACKAGES = ("companion", "vision", "hardware", "ui")


@dataclass(frozen=True)
class Installed:
    wheel: Path
    home: Path
    env: dict[str, str]
    first_run: str

    @property
    def venv(self) -> Path:
        return self.home / ".local/lib/fish-companion/venv"

    def again(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run("--user-only", "--home", str(self.home), *args, env=self.env)

    def install(self) -> subprocess.CompletedProcess[str]:
        return self.again(
            "--wheel", str(self.wheel), "--wheelhouse", str(self.wheel.parent.parent / "wheels")
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    tmp = tmp_path_factory.mktemp("offline")
    # `python -m build` makes the sdist, then the wheel from the sdist: what is not packaged is not in it.
    # --no-isolation: the build backend from this environment, so nothing is downloaded.
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp / "dist").glob("fish_table_companion-*.whl")
    wheelhouse("fish-table-companion[vision,hardware,ui]", tmp / "wheels", leave_out="fish-table-companion")
    home = tmp / "home"
    old = home / ".local/share/table-companion"  # the former service's one game, with its write-ahead log
    old.mkdir(parents=True)
    (old / "game.sqlite").write_bytes(b"the former service's game")
    (old / "game.sqlite-wal").write_bytes(b"its last moves")
    env = pi_environment(tmp)
    env["PIP_NO_INDEX"] = "1"  # nothing from the network, whatever the installer asks for
    env.pop("PYTHONPATH", None)
    first = run(
        "--user-only",
        "--home",
        str(home),
        "--wheel",
        str(wheel),
        "--wheelhouse",
        str(tmp / "wheels"),
        env=env,
    )
    assert first.returncode == 0, first.stdout + first.stderr
    return Installed(wheel, home, env, first.stdout)


def test_the_wheel_holds_every_file_of_the_packages(installed: Installed) -> None:
    tracked = subprocess.run(
        ["git", "ls-files", *PACKAGES], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    missing = [path for path in tracked if path not in names]
    assert missing == [], f"not in the wheel: {missing}"
    assert any(name.endswith("/LC_MESSAGES/ui.po") for name in names)


def test_the_first_install_does_every_step_from_files_alone(installed: Installed) -> None:
    doing = [line for line in installed.first_run.splitlines() if line.startswith("doing: ")]
    steps = ["create", "install", "write", "create", "move", "write", "enable"]
    assert [line.split(" ")[1] for line in doing] == steps, installed.first_run
    moved = installed.home / ".local/share/fish-companion/saved/table-companion-game.sqlite"
    assert moved.read_bytes() == b"the former service's game"
    assert Path(f"{moved}-wal").read_bytes() == b"its last moves"
    assert not (installed.home / ".local/share/table-companion/game.sqlite").exists()
    assert (installed.venv / "bin/companion").exists()
    assert (installed.home / ".config/table-companion/config.toml").read_text() == (
        ROOT / "deploy/config.example.toml"
    ).read_text()
    unit = installed.home / ".config/systemd/user/fish-companion.service"
    assert unit.read_text() == (ROOT / "deploy/fish-companion.service").read_text()
    assert (unit.parent / "default.target.wants/fish-companion.service").resolve() == unit
    assert (installed.venv / "pyvenv.cfg").read_text().count("include-system-site-packages = true") == 1


def test_a_second_run_changes_nothing_and_says_so(installed: Installed) -> None:
    before = {p: p.stat().st_mtime_ns for p in installed.home.rglob("*") if "site-packages" not in p.parts}
    again = installed.install()
    assert again.returncode == 0, again.stderr
    assert "doing:" not in again.stdout
    assert again.stdout.splitlines()[-1] == "Nothing to change: the companion is installed and up to date."
    after = {p: p.stat().st_mtime_ns for p in installed.home.rglob("*") if "site-packages" not in p.parts}
    assert after == before


def test_a_half_installed_previous_version_is_repaired_by_a_rerun(installed: Installed) -> None:
    # An install cut short: no digest of the installed wheel, a service file half written, the config kept.
    (installed.venv / ".installed-wheel").unlink()
    unit = installed.home / ".config/systemd/user/fish-companion.service"
    unit.write_text("[Unit]\n")
    config = installed.home / ".config/table-companion/config.toml"
    config.write_text('[panel]\nmode = "off"\n')  # the family's own setting
    repaired = installed.install()
    assert repaired.returncode == 0, repaired.stderr
    doing = [line for line in repaired.stdout.splitlines() if line.startswith("doing: ")]
    assert doing == [f"doing: install the app from {installed.wheel.name}", f"doing: write {unit}"]
    assert unit.read_text() == (ROOT / "deploy/fish-companion.service").read_text()
    assert config.read_text() == '[panel]\nmode = "off"\n', "the config file was overwritten"


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A virtual screen of this test's own; DISPLAY goes back to what it was."""
    monkeypatch.setenv("DISPLAY", "")
    server = start_xvfb()
    assert server is not None
    yield os.environ["DISPLAY"]
    server.terminate()
    server.wait(10)


# Run by the installed environment's Python: the real `companion app` command, looked at once the home screen is
# drawn. Nothing of the checkout is on its path.
PROBE = """
import json, sys
import ui, ui.app.main as main
from companion.cli import main as companion

configure = main.configure

def looking(display, home=None):
    configure(display, home)
    from kivy.app import App
    from kivy.clock import Clock

    def look(_dt):
        app = App.get_running_app()
        texts = [w.text for w in app.page(app.current).walk(restrict=True) if isinstance(getattr(w, "text", None), str)]
        print(json.dumps({"screen": app.current, "texts": texts, "ui": ui.__file__}))
        app.stop()

    Clock.schedule_once(look, 1.5)

main.configure = looking
sys.exit(companion(sys.argv[1:]))
"""


def test_the_installed_app_starts_under_xvfb_and_reaches_its_home_screen(
    installed: Installed, screen: str, tmp_path: Path
) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(installed.home),
        "DISPLAY": screen,
        "LANG": "C.UTF-8",
    }
    argv = [str(installed.venv / "bin/python"), "-c", PROBE, "app", "--source", "none", "--lang", "fr"]
    done = subprocess.run(
        argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["screen"] == "home"
    assert Path(seen["ui"]).is_relative_to(installed.venv), "the app ran from the checkout"
    # French words on the home screen: the catalogs came with the wheel
    assert any("Nouvelle partie" in text for text in seen["texts"]), seen["texts"]
    assert (installed.home / ".local/share/fish-companion/saved").is_dir()


def test_uninstall_keeps_the_saved_games_and_purge_removes_them(installed: Installed) -> None:
    saved = installed.home / ".local/share/fish-companion/saved/kai-piranja-20261124-200000.sqlite"
    saved.write_bytes(b"a game in progress")
    gone = installed.again("--uninstall")
    assert gone.returncode == 0, gone.stderr
    assert not installed.venv.exists()
    assert not (installed.home / ".config/systemd/user/fish-companion.service").exists()
    assert not (
        installed.home / ".config/systemd/user/default.target.wants/fish-companion.service"
    ).is_symlink()
    assert saved.read_bytes() == b"a game in progress"
    assert (installed.home / ".config/table-companion/config.toml").exists()
    assert "kept: the saved games" in gone.stdout
    twice = installed.again("--uninstall")
    assert twice.stdout.splitlines()[-1] == "Nothing to change: the companion is not installed."
    purged = installed.again("--uninstall", "--purge")
    assert purged.returncode == 0, purged.stderr
    assert not saved.exists() and not (installed.home / ".config/table-companion").exists()
