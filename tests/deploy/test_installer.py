"""deploy/install.sh without installing: its dry run, its refusals and their one-line reasons, and what it
says on a read-only or full SD card (a small file system mounted for the test in a mount namespace)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.installer import INSTALL, pi_environment, run

# What a first install does, in order, as the dry run tells it.
FIRST_INSTALL = [
    "create the virtual environment",
    "install the app from fish_table_companion-9.9-py3-none-any.whl",
    "write {home}/.config/table-companion/config.toml",
    "create {home}/.local/share/fish-companion/saved and history",
    "write {home}/.config/systemd/user/fish-companion.service",
    "enable fish-companion.service at boot",
]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


@pytest.fixture
def wheel(tmp_path: Path) -> Path:
    path = tmp_path / "fish_table_companion-9.9-py3-none-any.whl"
    path.write_bytes(b"not read by a dry run")
    return path


def files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*"))


def test_the_dry_run_tells_each_step_and_changes_nothing(tmp_path: Path, home: Path, wheel: Path) -> None:
    done = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=pi_environment(tmp_path))
    assert done.returncode == 0, done.stderr
    would = [line.removeprefix("would: ") for line in done.stdout.splitlines() if line.startswith("would: ")]
    user_steps = [step.format(home=home) for step in FIRST_INSTALL]
    assert [w for w in would if any(w.startswith(s) for s in user_steps)] == [
        next(w for w in would if w.startswith(s)) for s in user_steps
    ], done.stdout
    assert "ok: the SD card is writable" in done.stdout
    assert done.stdout.splitlines()[-1].startswith("Dry run: ")
    assert f"{len(would)} steps would change something" in done.stdout
    assert files(home) == [], "a dry run made files"


def test_the_dry_run_of_an_uninstall_keeps_the_games(tmp_path: Path, home: Path) -> None:
    saved = home / ".local/share/fish-companion/saved/kai-piranja.sqlite"
    saved.parent.mkdir(parents=True)
    saved.write_bytes(b"a game")
    (home / ".local/lib/fish-companion/venv").mkdir(parents=True)
    before = files(home)
    done = run("--uninstall", "--user-only", "--dry-run", "--home", str(home), env=pi_environment(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "would: remove the app and its virtual environment" in done.stdout
    assert f"kept: the saved games ({home}/.local/share/fish-companion)" in done.stdout
    assert files(home) == before


@pytest.mark.parametrize(
    ("codename", "arch", "reason"),
    [
        ("bookworm", "x86_64", "this machine is x86_64, not arm64"),
        ("bullseye", "aarch64", "not Raspberry Pi OS Bookworm"),
    ],
)
def test_another_system_is_refused_in_one_line_unless_forced(
    tmp_path: Path, home: Path, wheel: Path, codename: str, arch: str, reason: str
) -> None:
    env = pi_environment(tmp_path, codename, arch)
    refused = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=env)
    assert refused.returncode == 2
    (line,) = refused.stderr.splitlines()
    assert reason in line and "--force" in line
    assert refused.stdout == ""
    forced = run("--dry-run", "--force", "--home", str(home), "--wheel", str(wheel), env=env)
    assert forced.returncode == 0, forced.stderr
    assert "going on because of --force" in forced.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--colour"], "unknown option --colour"),
        (["--wheel"], "--wheel needs a file"),
        (["--purge"], "--purge goes with --uninstall"),
        (["--wheel", "/no/such.whl"], "no wheel at /no/such.whl"),
        (["--user", "nobody-here-xyz"], "no user named nobody-here-xyz"),
    ],
)
def test_bad_options_are_told_in_one_line(tmp_path: Path, args: list[str], reason: str) -> None:
    done = run("--dry-run", *args, env=pi_environment(tmp_path))
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert reason in line


def test_a_file_that_is_not_a_wheel_is_refused(tmp_path: Path, home: Path) -> None:
    other = tmp_path / "companion.zip"
    other.write_bytes(b"zip")
    done = run("--dry-run", "--home", str(home), "--wheel", str(other), env=pi_environment(tmp_path))
    assert done.returncode == 2
    assert "is not a wheel" in done.stderr


def mounted(options: str) -> tuple[str, ...]:
    """A prefix that runs the installer with a small tmpfs as the user's home, in a mount namespace."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is needed to mount a small file system for the test")
    return ("unshare", "-rm", "sh", "-c", f'mount -t tmpfs -o {options} none "$HOME_DIR" && exec "$@"', "sh")


def test_a_read_only_sd_card_is_told_and_nothing_is_tried(tmp_path: Path, home: Path, wheel: Path) -> None:
    env = {**pi_environment(tmp_path), "HOME_DIR": str(home)}
    done = run(
        "--user-only", "--home", str(home), "--wheel", str(wheel), env=env, prefix=mounted("ro,size=1m")
    )
    assert done.returncode == 2, done.stdout
    (line,) = done.stderr.splitlines()
    assert "the SD card is read-only" in line and "Copy the saved games off it" in line
    assert "doing:" not in done.stdout


def test_a_full_sd_card_is_told_with_the_room_needed(tmp_path: Path, home: Path, wheel: Path) -> None:
    env = {**pi_environment(tmp_path), "HOME_DIR": str(home)}
    done = run("--user-only", "--home", str(home), "--wheel", str(wheel), env=env, prefix=mounted("size=2m"))
    assert done.returncode == 2, done.stdout
    (line,) = done.stderr.splitlines()
    assert "the SD card is full: 2 MB free, 700 MB needed" in line
    assert "doing:" not in done.stdout


def test_unshare_mounts_work_here() -> None:
    # The two tests above rely on it; say so plainly if a machine forbids it.
    done = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("listing", "said"),
    [
        ("No cameras available!", "warning: no camera found. The app starts all the same"),
        (
            "Available cameras\n-----------------\n0 : imx708 [4608x2592 10-bit RGGB]",
            "ok: a camera is connected",
        ),
    ],
)
def test_a_missing_camera_is_told_and_the_install_goes_on(
    tmp_path: Path, home: Path, wheel: Path, listing: str, said: str
) -> None:
    tools = tmp_path / "bin"
    tools.mkdir()
    lister = tools / "rpicam-hello"  # what Raspberry Pi OS's camera tool prints with and without a camera
    lister.write_text(f"#!/bin/sh\ncat <<'EOF'\n{listing}\nEOF\n")
    lister.chmod(0o755)
    env = pi_environment(tmp_path)
    env["PATH"] = f"{tools}:{env['PATH']}"
    done = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=env)
    assert done.returncode == 0, done.stderr
    assert said in done.stdout
    assert "would: enable fish-companion.service at boot" in done.stdout


# --- the kiosk user, when root runs the installer ------------------------------------------------------------


def plain_root(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The installer as plain root would run it: no --user unless given, no terminal, no SUDO_USER unless given;
    root in a user namespace, whoever runs the tests."""
    environment = {k: v for k, v in pi_environment(tmp_path).items() if k != "SUDO_USER"}
    return run(*args, env={**environment, **env}, prefix=("unshare", "-r"), name_the_user=False)


def test_plain_root_without_a_user_is_refused_in_one_line(tmp_path: Path, home: Path, wheel: Path) -> None:
    for sudo in ({}, {"SUDO_USER": "root"}):  # sudo run by root is plain root as well
        refused = plain_root(tmp_path, "--dry-run", "--home", str(home), "--wheel", str(wheel), **sudo)
        assert refused.returncode == 2
        (line,) = refused.stderr.splitlines()
        assert "run as plain root: give the kiosk user with --user NAME" in line
        assert "or run sudo deploy/install.sh from that user's login" in line
        assert refused.stdout == ""


def test_plain_root_may_name_root_the_kiosk_user_or_another_one(
    tmp_path: Path, home: Path, wheel: Path
) -> None:
    for user in ("root", "nobody"):
        named = plain_root(tmp_path, "--dry-run", "--user", user, "--home", str(home), "--wheel", str(wheel))
        assert named.returncode == 0, named.stderr
        assert "would: create the virtual environment" in named.stdout


def test_sudo_from_a_user_makes_that_user_the_kiosk_user(tmp_path: Path, wheel: Path) -> None:
    done = plain_root(tmp_path, "--dry-run", "--wheel", str(wheel), SUDO_USER="nobody-here-xyz")
    assert done.returncode == 2
    assert "no user named nobody-here-xyz" in done.stderr


def test_plain_root_at_a_terminal_is_asked_for_the_kiosk_user(
    tmp_path: Path, home: Path, wheel: Path
) -> None:
    if shutil.which("script") is None:
        pytest.fail("script (util-linux) is needed to give the installer a terminal")
    command = f"unshare -r bash {INSTALL} --dry-run --home {home} --wheel {wheel}"
    for answer, said in (("nobody", "would: create the virtual environment"), ("", "no kiosk user given")):
        asked = subprocess.run(
            ["script", "-qec", command, "/dev/null"],
            env={k: v for k, v in pi_environment(tmp_path).items() if k != "SUDO_USER"},
            input=f"{answer}\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert "Which user runs the app at the table" in asked.stdout
        assert said in asked.stdout, asked.stdout


# --- udev rules ---------------------------------------------------------------------------------------------


RULE = 'SUBSYSTEM=="backlight", RUN+="/bin/chgrp video /sys%p/brightness"\n'


def udev_env(tmp_path: Path, rules: dict[str, str] | None) -> dict[str, str]:
    """Rules to install from ``tmp/udev`` (None: no such folder) into ``tmp/rules.d``; a udevadm that logs."""
    env = pi_environment(tmp_path)
    source = tmp_path / "udev"
    if rules is not None:
        source.mkdir()
        for name, text in rules.items():
            (source / name).write_text(text)
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "udevadm").write_text(f'#!/bin/sh\necho "$@" >>{tmp_path}/udevadm.log\n')
    (tools / "udevadm").chmod(0o755)
    env.update(
        INSTALL_UDEV_SOURCE=str(source),
        INSTALL_UDEV_DIR=str(tmp_path / "rules.d"),
        PATH=f"{tools}:{env['PATH']}",
    )
    return env


@pytest.mark.parametrize("rules", [None, {}, {"README": "not a rule"}])
def test_no_udev_rules_to_install_is_no_step(
    tmp_path: Path, home: Path, wheel: Path, rules: dict | None
) -> None:
    done = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=udev_env(tmp_path, rules))
    assert done.returncode == 0, done.stderr
    assert str(tmp_path / "rules.d") not in done.stdout and "reload the udev rules" not in done.stdout


def test_udev_rules_are_installed_when_changed_and_reloaded(tmp_path: Path, home: Path, wheel: Path) -> None:
    env = udev_env(tmp_path, {"99-fish-companion-backlight.rules": RULE, "98-other.rules": "# new\n"})
    target = tmp_path / "rules.d"
    target.mkdir()
    (target / "99-fish-companion-backlight.rules").write_text(RULE)  # the same: kept
    done = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=env)
    assert done.returncode == 0, done.stderr
    assert f"ok: {target}/99-fish-companion-backlight.rules" in done.stdout
    assert f"would: write {target}/98-other.rules" in done.stdout
    assert "would: reload the udev rules" in done.stdout
    assert sorted(p.name for p in target.iterdir()) == ["99-fish-companion-backlight.rules"], (
        "a dry run wrote"
    )
    assert not (tmp_path / "udevadm.log").exists()
    (target / "98-other.rules").write_text("# new\n")
    same = run("--dry-run", "--home", str(home), "--wheel", str(wheel), env=env)
    assert "reload the udev rules" not in same.stdout and f"ok: {target}/98-other.rules" in same.stdout


def test_uninstall_removes_the_udev_rules_and_reloads(tmp_path: Path, home: Path) -> None:
    env = udev_env(tmp_path, {"99-fish-companion-backlight.rules": RULE})
    target = tmp_path / "rules.d"
    target.mkdir()
    (target / "99-fish-companion-backlight.rules").write_text(RULE)
    (target / "10-someone-elses.rules").write_text("# kept\n")
    gone = run("--uninstall", "--home", str(home), env=env)  # a real run: the rest is not installed here
    assert gone.returncode == 0, gone.stdout + gone.stderr
    assert f"doing: remove {target}/99-fish-companion-backlight.rules" in gone.stdout
    assert [p.name for p in target.iterdir()] == ["10-someone-elses.rules"]
    assert (tmp_path / "udevadm.log").read_text().splitlines() == ["control --reload-rules", "trigger"]
    again = run("--uninstall", "--home", str(home), env=env)
    assert again.stdout.splitlines()[-1] == "Nothing to change: the companion is not installed."
