#!/usr/bin/env bash
# Sets up a fresh Debian 12 / Raspberry Pi OS Bookworm machine for this project, or refreshes it:
# the system packages it needs (apt, as root or through sudo), then the virtual environment in .venv.
# Sourced by run.sh and test.sh; safe to run again (it only installs what is missing or changed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# libzbar0: the zbar library pyzbar loads; python3-venv: Debian's python3 ships venv separately;
# libmtdev1: the touch library Kivy loads (without it Kivy logs an error at start); xvfb: the virtual screen
# the app's tests run on (tests/app/conftest.py starts it when no display is set); libgl1-mesa-dri: OpenGL
# in software for Kivy on a screen with no GPU.
APT_PACKAGES=(espeak-ng libzbar0 python3-venv libmtdev1 xvfb libgl1-mesa-dri shellcheck systemd python3-wheel git xdotool fonts-dejavu-core valgrind mosquitto mosquitto-clients chromium chromium-driver)  # valgrind: benchmarks/bench_instructions.py; espeak-ng: speech (ui/speech); shellcheck, systemd, python3-wheel, git: tests/deploy; xdotool: tests/app; fonts-dejavu-core: the app's font (ui/app/fonts.py); mosquitto, mosquitto-clients, chromium, chromium-driver: tests/club (a broker of its own, the scoreboard page in a real browser)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "setup: need root or sudo to run: $*" >&2; return 1
  fi
}

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PYTHON=""
for candidate in python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PYTHON="$candidate"; break
  fi
done
if [ -z "$PYTHON" ]; then
  echo "setup: Python 3.11 or newer is needed (Raspberry Pi OS Bookworm and Debian 12 ship it)" >&2
  exit 1
fi

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys' 2>/dev/null; then
  echo "setup: creating the virtual environment in .venv"
  rm -rf .venv
  "$PYTHON" -m venv .venv
fi

# Reinstall only when the dependencies changed since the last install.
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[dev,vision,hardware,ui]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
