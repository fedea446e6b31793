"""The pieces of deploy/check-arm64.sh kept honest without building its arm64 root (too long for CI).

deploy/pi-constraints.txt pins every runtime dependency of the app for the Pi, and nothing else: the names it
pins are checked against the requirements of pyproject.toml's runtime extras followed through the installed
packages' own metadata, their markers evaluated as on the Pi (Linux, aarch64, CPython 3.11). wheelhouse.sh and
check-arm64.sh answer bad input with a clear message and an exit status, before downloading or building
anything; wheelhouse.sh's "no network" is a refused connection on the loopback.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.deploy.installer import ROOT
from tests.deploy.test_scripts_and_unit import scripts

DEPLOY = ROOT / "deploy"
CONSTRAINTS = DEPLOY / "pi-constraints.txt"
WHEELHOUSE = DEPLOY / "wheelhouse.sh"
CHECK = DEPLOY / "check-arm64.sh"
RUNTIME_EXTRAS = ("vision", "hardware", "ui")
# Bookworm's python3-numpy (1:1.24.2-1+deb12u1), which picamera2's simplejpeg and PyAV are built against.
BOOKWORM_NUMPY = Version("1.24.2")
PI = {
    **default_environment(),
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "aarch64",
    "python_version": "3.11",
    "python_full_version": "3.11.2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
}


def pins() -> dict[str, Version]:
    found: dict[str, Version] = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"not an exact pin in {CONSTRAINTS.name}: {line!r}"
        key = canonicalize_name(name.strip())
        assert key not in found, f"{name} pinned twice"
        found[key] = Version(version.strip())
    return found


def runtime_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = list(project["dependencies"])
    for extra in RUNTIME_EXTRAS:
        listed += project["optional-dependencies"][extra]
    return [Requirement(r) for r in listed]


def on_the_pi(requirement: Requirement, extras: set[str]) -> bool:
    marker = requirement.marker
    return marker is None or any(marker.evaluate({**PI, "extra": e}) for e in extras or {""})


def closure(requirements: list[Requirement]) -> set[str]:
    """Every distribution the requirements need on the Pi, through the installed packages' metadata."""
    found: set[str] = set()
    todo = [(r, set(r.extras)) for r in requirements if on_the_pi(r, set())]
    while todo:
        req, _ = todo.pop()
        name = canonicalize_name(req.name)
        if name in found:
            continue
        found.add(name)
        for line in metadata.distribution(req.name).requires or ():
            sub = Requirement(line)
            if on_the_pi(sub, set(req.extras)):
                todo.append((sub, set(sub.extras)))
    return found


def apt_provided() -> set[str]:
    text = WHEELHOUSE.read_text(encoding="utf-8")
    match = re.search(r"^APT_PROVIDED=\(([^)]*)\)", text, re.MULTILINE)
    assert match, "wheelhouse.sh has no APT_PROVIDED=(...) line"
    return {canonicalize_name(n) for n in match.group(1).split()}


def test_constraints_pin_every_runtime_dependency_and_nothing_else() -> None:
    needed = closure(runtime_requirements())
    pinned = set(pins())
    assert needed - pinned == set(), f"not pinned for the Pi: {sorted(needed - pinned)}"
    assert pinned - needed == set(), f"pinned but needed by nothing: {sorted(pinned - needed)}"


def test_every_pin_is_allowed_by_pyproject() -> None:
    pinned = pins()
    for req in runtime_requirements():
        version = pinned[canonicalize_name(req.name)]
        assert req.specifier.contains(version, prereleases=True), f"{req.name}=={version} against {req}"


def test_numpy_is_apts_and_left_out_of_the_wheelhouse() -> None:
    assert pins()["numpy"] == BOOKWORM_NUMPY
    assert apt_provided() == {"numpy"}


def test_zxing_cpp_lower_bound_has_an_aarch64_wheel() -> None:
    # 2.3.0 is the last version with no cp311 aarch64 wheel on the index; 3.0.0 the first with one.
    (zxing,) = (r for r in runtime_requirements() if canonicalize_name(r.name) == "zxing-cpp")
    assert not zxing.specifier.contains("2.3.0")
    assert zxing.specifier.contains("3.0.0")


def test_the_new_scripts_are_among_those_shellchecked() -> None:
    # test_scripts_and_unit.py runs shellcheck over every script it finds in deploy/.
    assert {WHEELHOUSE, CHECK} <= set(scripts())


def run(script: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )


@pytest.mark.parametrize("script", [WHEELHOUSE, CHECK], ids=lambda p: p.name)
def test_help_prints_the_usage(script: Path) -> None:
    done = run(script, "--help")
    assert done.returncode == 0
    assert f"deploy/{script.name}" in done.stdout
    assert "--help" in done.stdout


OPTIONS = {"--help", "--clean", "--wheelhouse", "--tests", "--mirror"}


@settings(max_examples=25)  # two scripts started per example
@given(option=st.from_regex(r"--[a-z]{1,12}", fullmatch=True).filter(lambda o: o not in OPTIONS))
def test_an_unknown_option_is_named(option: str) -> None:
    for script in (WHEELHOUSE, CHECK):
        done = run(script, option)
        assert done.returncode == 2, (script.name, done.stdout, done.stderr)
        assert f"unknown option {option}" in done.stderr


def test_wheelhouse_needs_an_existing_writable_folder(tmp_path: Path) -> None:
    missing = tmp_path / "stick"
    done = run(WHEELHOUSE, str(missing))
    assert done.returncode == 2
    assert f"no folder {missing}" in done.stderr
    assert not missing.exists()
    # /proc refuses new files even to root, as a read-only stick would.
    done = run(WHEELHOUSE, "/proc")
    assert done.returncode == 2
    assert "cannot write in /proc" in done.stderr
    done = run(WHEELHOUSE)
    assert done.returncode == 2
    assert "which folder?" in done.stderr


def test_wheelhouse_says_when_there_is_no_network(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update(
        PIP_CONFIG_FILE=os.devnull,  # this machine's own pip settings (local indexes, wheel folders) unread
        PIP_INDEX_URL="http://127.0.0.1:9/simple",  # the discard port: nothing listens, refused at once
        PIP_NO_CACHE_DIR="1",
        PIP_RETRIES="1",
        PIP_TIMEOUT="5",
        WHEELHOUSE_PYTHON=sys.executable,
    )
    done = run(WHEELHOUSE, str(tmp_path), env=env)
    assert done.returncode == 2, done.stdout
    assert "cannot reach the package index" in done.stderr
    assert "no network" in done.stderr
    assert [p.name for p in tmp_path.glob("*.whl") if not p.name.startswith("fish_table_companion-")] == []


def test_check_arm64_refuses_bad_arguments_before_building_anything(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    cases = {
        ("--wheelhouse", str(tmp_path / "none")): f"no folder {tmp_path / 'none'}",
        ("--wheelhouse", str(tmp_path)): "no app wheel in",
        ("--tests", "core,nosuch"): "no test folder tests/nosuch",
        ("--tests",): "--tests needs folders",
        ("--mirror",): "--mirror needs a URL",
    }
    for args, message in cases.items():
        done = run(CHECK, *args, env=env)
        assert done.returncode == 2, (args, done.stdout)
        assert message in done.stderr, (args, done.stderr)
    assert not (tmp_path / "cache").exists()
