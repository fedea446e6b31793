"""deploy/install.sh run from a git checkout, as `git pull && sudo deploy/install.sh` is: each run installs what is
checked out, built afresh (never a wheel left in dist/), its version naming the commit, and a checkout that has not
changed is "Nothing to change". The checkout is a copy of this one, made a git repository of its own, so that the
tests can commit and edit it; the dependencies come from a wheelhouse made offline (wheelhouse.py).

One checkout and one install for the whole module; the tests run in file order on it.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.deploy.installer import ROOT, pi_environment, run
from tests.deploy.wheelhouse import wheelhouse


def git(checkout: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(checkout), *args], capture_output=True, text=True, check=True)
    return done.stdout.strip()


@dataclass(frozen=True)
class Checkout:
    """A checkout (``path``), the home it installs into, the wheelhouse of its dependencies, and the first run's
    output."""

    path: Path
    home: Path
    wheels: Path
    env: dict[str, str]
    first_run: str
    venv: Path = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "venv", self.home / ".local/lib/fish-companion/venv")

    def install(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run(
            "--user-only",
            "--home",
            str(self.home),
            "--wheelhouse",
            str(self.wheels),
            *args,
            env=self.env,
            script=self.path / "deploy/install.sh",
        )

    def installed(self, code: str) -> str:
        """What the installed app's Python prints for ``code`` (run away from the checkout)."""
        done = subprocess.run(
            [str(self.venv / "bin/python"), "-c", code],
            cwd=self.home,
            env={"PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip()

    def version(self) -> str:
        return self.installed(
            "import importlib.metadata as m, companion; "
            "print(m.version('fish-table-companion'), companion.__version__)"
        )

    def commit(self) -> str:
        return git(self.path, "rev-parse", "--short=7", "HEAD")


def doing(out: str) -> list[str]:
    return [line.removeprefix("doing: ") for line in out.splitlines() if line.startswith("doing: ")]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Checkout:
    tmp = tmp_path_factory.mktemp("checkout")
    path = tmp / "fish-table-companion"
    path.mkdir()
    # This checkout's files as they are now (edits too), committed in a repository of their own.
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(
        ["tar", "--null", "--ignore-failed-read", "-T", "-", "-cf", "-"],
        cwd=ROOT,
        input=files,
        stdout=open(tmp / "files.tar", "wb"),  # noqa: SIM115
        check=True,
    )
    subprocess.run(["tar", "-xf", str(tmp / "files.tar"), "-C", str(path)], check=True)
    git(path, "init", "-q")
    git(path, "add", "-A")
    git(path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "the checkout")
    # A wheel left over from an earlier build: taken, it would fail to install (it is no zip).
    (path / "dist").mkdir()
    (path / "dist/fish_table_companion-0.0.1-py3-none-any.whl").write_bytes(b"an old build")
    wheels = tmp / "wheels"
    wheelhouse("fish-table-companion[vision,hardware,ui]", wheels, leave_out="fish-table-companion")
    home = tmp / "home"
    home.mkdir()
    env = pi_environment(tmp)
    env["PIP_NO_INDEX"] = "1"  # nothing from the network, the build included
    env.pop("PYTHONPATH", None)
    made = Checkout(path, home, wheels, env, "")
    first = made.install()
    assert first.returncode == 0, first.stdout + first.stderr
    return Checkout(path, home, wheels, env, first.stdout)


def test_the_first_install_builds_the_checkout_with_the_commit_in_its_version(checkout: Checkout) -> None:
    version = f"0.1.0+g{checkout.commit()}"
    steps = doing(checkout.first_run)
    assert f"build the app's wheel {version} from the checkout {checkout.path}" in steps, checkout.first_run
    assert f"install the app from fish_table_companion-{version}-py3-none-any.whl" in steps
    assert checkout.version() == f"{version} {version}"
    assert (checkout.venv / ".installed-wheel").read_text() == f"version {version}\n"


def test_the_checkout_is_left_as_it_was(checkout: Checkout) -> None:
    assert git(checkout.path, "status", "--porcelain", "--ignored") == "?? dist/", "the build wrote in it"
    assert sorted(p.name for p in (checkout.path / "dist").iterdir()) == [
        "fish_table_companion-0.0.1-py3-none-any.whl"
    ]


def test_an_unchanged_checkout_is_nothing_to_change(checkout: Checkout) -> None:
    again = checkout.install()
    assert again.returncode == 0, again.stderr
    assert doing(again.stdout) == []
    assert again.stdout.splitlines()[-1] == "Nothing to change: the companion is installed and up to date."


def test_the_app_has_no_doctor_yet_or_its_verdict_is_told_and_never_fails_the_install(
    checkout: Checkout,
) -> None:
    again = checkout.install()
    assert again.returncode == 0
    if "no 'companion doctor'" in again.stdout:  # an app from before the doctor
        assert "its checks were skipped (the install itself is complete)" in again.stdout
    else:
        assert any(
            line.startswith(("ok: companion doctor", "warning: companion doctor"))
            for line in again.stdout.splitlines()
        )
    companion = checkout.venv / "bin/companion"
    original = companion.read_bytes()
    try:
        for status, said in [
            (0, "ok: companion doctor found nothing to fix"),
            (1, "warning: companion doctor found something to fix (above); the install itself is complete"),
            (3, "warning: companion doctor failed (exit 3); the install itself is complete"),
        ]:
            companion.write_text(
                f'#!/bin/sh\n[ "$2" = --help ] && exit 0\necho "camera: none found"\nexit {status}\n'
            )
            told = checkout.install()
            assert told.returncode == 0, told.stderr
            assert "doctor: camera: none found" in told.stdout
            assert said in told.stdout
            assert told.stdout.splitlines()[-1].startswith("Nothing to change")
        companion.write_text('#!/bin/sh\n[ "$2" = --help ] && exit 0\nexec sleep 60\n')  # a camera that hangs
        hung = run(
            "--user-only", "--home", str(checkout.home), "--wheelhouse", str(checkout.wheels),
            env={**checkout.env, "INSTALL_DOCTOR_WAIT": "1"}, script=checkout.path / "deploy/install.sh",
        )  # fmt: skip
        assert hung.returncode == 0, hung.stderr
        assert (
            "warning: companion doctor gave no verdict in 1 s; the install itself is complete" in hung.stdout
        )
    finally:
        companion.write_bytes(original)


def test_a_new_commit_is_built_and_installed(checkout: Checkout) -> None:
    marker = checkout.path / "companion/_installed_from.py"
    marker.write_text('COMMIT = "second"\n')
    git(checkout.path, "add", "-A")
    git(checkout.path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a second commit")
    version = f"0.1.0+g{checkout.commit()}"
    updated = checkout.install()
    assert updated.returncode == 0, updated.stdout + updated.stderr
    assert f"build the app's wheel {version} from the checkout {checkout.path}" in doing(updated.stdout)
    assert checkout.version() == f"{version} {version}"
    assert checkout.installed("from companion._installed_from import COMMIT; print(COMMIT)") == "second"
    assert checkout.install().stdout.splitlines()[-1].startswith("Nothing to change")


def test_uncommitted_edits_are_a_version_of_their_own(checkout: Checkout) -> None:
    commit = checkout.commit()
    marker = checkout.path / "companion/_installed_from.py"
    marker.write_text('COMMIT = "edited"\n')
    edited = checkout.install()
    assert edited.returncode == 0, edited.stdout + edited.stderr
    version, _ = checkout.version().split()
    assert version.startswith(f"0.1.0+g{commit}.dirty") and len(version) == len(f"0.1.0+g{commit}.dirty") + 8
    assert checkout.installed("from companion._installed_from import COMMIT; print(COMMIT)") == "edited"
    # the same edits: nothing to change; another edit: another version
    assert checkout.install().stdout.splitlines()[-1].startswith("Nothing to change")
    marker.write_text('COMMIT = "edited again"\n')
    again = checkout.install()
    assert any(step.startswith("build the app's wheel") for step in doing(again.stdout)), again.stdout
    other, _ = checkout.version().split()
    assert other != version and other.startswith(f"0.1.0+g{commit}.dirty")
    # a change outside the packaged files (docs) installs nothing new
    git(checkout.path, "checkout", "-q", "--", "companion/_installed_from.py")
    (checkout.path / "docs/notes.md").write_text("a note\n")
    back = checkout.install()
    assert checkout.version() == f"0.1.0+g{commit} 0.1.0+g{commit}", back.stdout
    assert checkout.install().stdout.splitlines()[-1].startswith("Nothing to change")


def test_the_dry_run_names_the_version_it_would_build(checkout: Checkout) -> None:
    (checkout.venv / ".installed-wheel").unlink()
    dry = checkout.install("--dry-run")
    assert dry.returncode == 0, dry.stderr
    version = f"0.1.0+g{checkout.commit()}"
    assert f"would: build the app's wheel {version} from the checkout {checkout.path}" in dry.stdout
    assert not (checkout.venv / ".installed-wheel").exists()
