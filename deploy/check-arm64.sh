#!/usr/bin/env bash
# The Pi's user space, emulated: builds (once, then cached) an arm64 Debian Bookworm root from Debian's packages,
# runs it under proot and qemu-user, and in it installs the app from the wheelhouse alone, imports every module,
# checks the numeric stack, runs `companion doctor --json`, the core and vision tests, and deploy/install.sh.
#
#   deploy/check-arm64.sh [--clean] [--wheelhouse DIR] [--tests FOLDERS] [--mirror URL]
#
# --clean           build the root again from nothing (the cache is otherwise kept)
# --wheelhouse DIR  the Pi's wheels already gathered by deploy/wheelhouse.sh (default: gathered now, which
#                   needs the network; the root never has any)
# --tests FOLDERS   the test folders to run in the root, comma-separated (default: core; "none": none)
# --mirror URL      Debian's archive to build from (default: mmdebstrap's own)
# -h, --help        this text
#
# The cache: ${XDG_CACHE_HOME:-~/.cache}/fish-companion/arm64-bookworm (about 1.2 GB). Building the root needs
# root (or unprivileged user namespaces) and the packages mmdebstrap, proot and qemu-user-static, installed here
# with apt-get when missing and run as root. About 15 minutes from a clean cache, 8 from a built root.
#
# It is Debian, not Raspberry Pi OS: picamera2, libcamera and simplejpeg are not in Debian, so the camera is not
# tried; python3-pywt, a Cython module built against apt's NumPy's C API as picamera2's simplejpeg is, stands in
# for the NumPy ABI check. No kernel, no systemd, no screen: see "Pretending to be a Pi" below.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project="$(dirname "$here")"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/fish-companion/arm64-bookworm"
root="$cache/root"
# What Raspberry Pi OS Lite gives the app, as Debian has it: the system Python and its venv, apt's NumPy,
# python3-pywt (standing in for simplejpeg, not in Debian: both cimport NumPy, so both check its ABI on import),
# zbar for pyzbar, mtdev and the GL/EGL/GBM libraries Kivy's SDL2 loads. python3-picamera2, python3-libcamera, rpicam-apps-lite and
# python3-lgpio are Raspberry Pi OS's own: absent.
PACKAGES=(apt python3 python3-venv python3-numpy python3-pywt libzbar0 libmtdev1 libgl1 libegl1 libgles2 libgbm1
  libgl1-mesa-dri libdrm2 ca-certificates passwd util-linux)
# The test folders' own needs (the dev extra's, pure Python but pypdfium2, which has an aarch64 wheel).
TEST_PACKAGES=(pytest hypothesis pypdfium2)
TOOLS=(mmdebstrap:mmdebstrap proot:proot qemu-aarch64-static:qemu-user-static)

clean=0 wheelhouse="" tests="core" mirror=()
say() { printf '%s\n' "$*"; }
fail() { printf 'check-arm64.sh: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '5,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --clean) clean=1 ;;
    --wheelhouse) [ $# -ge 2 ] || fail "--wheelhouse needs a folder"; wheelhouse="$2"; shift ;;
    --tests) [ $# -ge 2 ] || fail "--tests needs folders, e.g. core,vision"; tests="$2"; shift ;;
    --mirror) [ $# -ge 2 ] || fail "--mirror needs a URL"; mirror=("$2"); shift ;;
    -h | --help) usage; exit 0 ;;
    *) fail "unknown option $1 (see --help)" ;;
  esac
  shift
done
if [ -n "$wheelhouse" ]; then
  [ -d "$wheelhouse" ] || fail "no folder $wheelhouse (deploy/wheelhouse.sh DIR makes one)"
  compgen -G "$wheelhouse/fish_table_companion-*.whl" >/dev/null ||
    fail "no app wheel in $wheelhouse: it was not made by deploy/wheelhouse.sh"
  wheelhouse="$(cd "$wheelhouse" && pwd)"
fi
[ "$tests" = none ] || for folder in ${tests//,/ }; do
  [ -d "$project/tests/$folder" ] || fail "no test folder tests/$folder"
done

# --- steps and their times ---------------------------------------------------------------------------------

results=()
failed=0
step() {
  local name="$1" start status
  shift
  say ""
  say "=== $name"
  start=$SECONDS
  if "$@"; then status=ok; else status=FAILED; failed=1; fi
  results+=("$(printf '%-7s %5ss  %s' "$status" $((SECONDS - start)) "$name")")
}

# Runs a command inside the root as its root user. No binfmt_misc is needed (this kernel may have none, as
# containers often do): proot -q starts every arm64 program, the ones a program starts too, through qemu.
# -0 pretends uid 0 (dpkg's maintainer scripts, chown); /dev, /proc, /sys are the host's. PIP_USER=0: under
# proot+qemu access(W_OK) says no even to the pretended root, and pip would then fall back to the user site.
in_root() {
  mkdir -p "$root/check/home"
  proot -0 -r "$root" -q qemu-aarch64-static -b /dev -b /proc -b /sys -b "$root/check/home:$root/check/home" -w / \
    /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    PIP_USER=0 "$@"
}

# --- the tools and the root --------------------------------------------------------------------------------

need_tools() {
  local missing=() pair
  for pair in "${TOOLS[@]}"; do
    command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  [ "$(id -u)" -eq 0 ] || fail "missing ${missing[*]}: sudo apt-get install --no-install-recommends ${missing[*]}"
  say "installing ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# The list the root was built from: another list (this script changed) builds it again.
wanted() { printf '%s\n' bookworm "${PACKAGES[@]}"; }

build_root() {
  if [ "$clean" -eq 0 ] && [ -f "$cache/root.ok" ] && [ "$(cat "$cache/root.ok")" = "$(wanted)" ]; then
    say "the root is built ($root); --clean builds it again"
    return 0
  fi
  rm -rf "$root" "$cache/root.ok"
  mkdir -p "$cache"
  # mmdebstrap's other variants configure the packages by running arm64 programs in a chroot, which only the
  # kernel's binfmt_misc makes possible; the extract variant only downloads and unpacks them, and keeps the
  # .debs (--skip=cleanup/apt/cache). --skip=check/qemu: its check looks for binfmt_misc, not needed here.
  local mode=unshare
  [ "$(id -u)" -ne 0 ] || mode=root
  # Merged /usr as Raspberry Pi OS and debootstrap make it (mmdebstrap's own hook; usr-is-merged then keeps
  # usrmerge out, whose conversion fails here).
  mmdebstrap --quiet --mode="$mode" --variant=extract --arch=arm64 --skip=check/qemu --skip=cleanup/apt/cache \
    --setup-hook=/usr/share/mmdebstrap/hooks/merged-usr/setup00.sh \
    --include='?essential' --include="usr-is-merged,$(IFS=,; echo "${PACKAGES[*]}")" bookworm "$root" \
    "${mirror[@]}" || return 1
  # The second stage, as debootstrap's: dpkg installs what is unpacked, under proot+qemu. --force-depends:
  # one dpkg run for all, in no dependency order; the configure pass after it sets up what waited.
  # No service starts in the root (x11-common's would, and fail).
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod +x "$root/usr/sbin/policy-rc.d"
  cat >"$root/second-stage" <<'EOF'
#!/bin/sh
export DEBIAN_FRONTEND=noninteractive
dpkg --install --force-depends /var/cache/apt/archives/*.deb >/var/log/second-stage.log 2>&1
dpkg --configure -a >>/var/log/second-stage.log 2>&1 || { tail -n 20 /var/log/second-stage.log; exit 1; }
EOF
  in_root /bin/sh /second-stage || return 1
  rm -f "$root/second-stage" "$root"/var/cache/apt/archives/*.deb
  if in_root /usr/bin/dpkg --audit | grep .; then return 1; fi
  wanted >"$cache/root.ok"
}

# --- the wheels --------------------------------------------------------------------------------------------

gather_wheels() {
  local wheels="$cache/wheels"
  if [ -z "$wheelhouse" ]; then
    rm -rf "$wheels" && mkdir -p "$wheels" && "$here/wheelhouse.sh" "$wheels" || return 1
    wheelhouse="$wheels"
  fi
  # The test runner's wheels, apart: the app's wheelhouse must install alone.
  rm -rf "$cache/test-wheels" && mkdir -p "$cache/test-wheels" &&
    "${WHEELHOUSE_PYTHON:-python3}" -m pip download -q --disable-pip-version-check --only-binary=:all: \
      --platform manylinux2014_aarch64 --platform manylinux_2_17_aarch64 --python-version 3.11 \
      --implementation cp --abi cp311 --abi abi3 --abi none -d "$cache/test-wheels" "${TEST_PACKAGES[@]}" ||
    return 1
  # NumPy 2, for the contrast only: what the venv got before pi-constraints.txt.
  "${WHEELHOUSE_PYTHON:-python3}" -m pip download -q --disable-pip-version-check --only-binary=:all: --no-deps \
    --platform manylinux_2_17_aarch64 --platform manylinux2014_aarch64 --platform manylinux_2_28_aarch64 \
    --python-version 3.11 --implementation cp --abi cp311 -d "$cache/numpy2" 'numpy>=2,<3'
}

# The checkout, the wheels and the tests copied in: the root sees nothing of this machine's files.
copy_in() {
  rm -rf "$root/check" && mkdir -p "$root/check/project" "$root/check/home" &&
    tar -C "$project" --exclude=.git --exclude=.venv --exclude=dist --exclude=build --exclude='*.egg-info' \
      --exclude=__pycache__ --exclude=.mypy_cache --exclude=.ruff_cache --exclude=.hypothesis -cf - . |
    tar -C "$root/check/project" -xf - &&
    cp -r "$wheelhouse" "$root/check/wheels" && cp -r "$cache/test-wheels" "$root/check/test-wheels" &&
    cp -r "$cache/numpy2" "$root/check/numpy2"
}

# --- in the root -------------------------------------------------------------------------------------------

venv=/check/venv

install_from_wheelhouse() {
  local app
  app="$(cd "$root/check/wheels" && ls fish_table_companion-*.whl)"
  # As install.sh makes it: the system Python, system site packages (apt's NumPy, pywt), no index at all.
  in_root /usr/bin/python3 -m venv --system-site-packages "$venv" &&
    in_root "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-cache-dir --no-index \
      --find-links /check/wheels -c /check/project/deploy/pi-constraints.txt "/check/wheels/${app}[vision,hardware,ui]" &&
    in_root "$venv/bin/python" -m pip list --disable-pip-version-check
}

numeric_stack() {
  # One NumPy, apt's, under OpenCV's wheel and Debian's pywt (built against it, as picamera2's simplejpeg is).
  in_root "$venv/bin/python" - <<'EOF'
import cv2, numpy, pywt, zxingcpp
assert numpy.__file__.startswith("/usr/lib/python3/dist-packages/"), numpy.__file__
frame = numpy.zeros((48, 64, 3), numpy.uint8)
frame[8:40, 8:56] = 255
gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
assert int(gray.sum()) == 255 * 32 * 48
low, high = pywt.dwt(gray[20].astype(float), "haar")
assert low.shape == (32,) and abs(float(high.sum())) < 1e-9
print(f"numpy {numpy.__version__} ({numpy.__file__}), cv2 {cv2.__version__}, pywt {pywt.__version__}: one ABI")
EOF
}

numpy2_contrast() {
  # What issue #30 found: NumPy 2 in the venv shadows apt's, and apt's compiled modules refuse it.
  local out
  in_root /usr/bin/python3 -m venv --system-site-packages /check/venv-numpy2 &&
    in_root /check/venv-numpy2/bin/python -m pip install -q --disable-pip-version-check --no-index \
      --find-links /check/numpy2 'numpy>=2' || return 1  # plain "numpy": apt's would already satisfy it
  if out="$(in_root /check/venv-numpy2/bin/python -c 'import pywt' 2>&1)"; then
    say "apt's pywt imported under NumPy 2: the contrast shows nothing"
    return 1
  fi
  # Any other failure (pywt missing, say) proves nothing: the message must be NumPy's.
  out="$(printf '%s' "$out" | grep -iE 'numpy.dtype size changed|compiled using NumPy 1' | tail -n 1)"
  [ -n "$out" ] || { say "apt's pywt failed under NumPy 2, but not for NumPy's ABI"; return 1; }
  say "as expected, apt's pywt under NumPy 2 fails: $out"
}

# Modules that need a window to import: Kivy opens one when kivy.core.window is imported (ui.app.main and
# the screens import it); the import is tried with no display and its refusal reported, not failed.
import_all() {
  # The step counts only when the count line came: under qemu-user a Python that crashed (seen once:
  # "realloc(): invalid pointer", signal 11) did not always end proot with a failure status.
  local out status=0
  out="$(import_every_module 2>&1)" || status=$?
  say "$out"
  [ "$status" -eq 0 ] && grep -qE '^imported [0-9]+ modules$' <<<"$out"
}

import_every_module() {
  in_root "$venv/bin/python" -u - <<'EOF'
import importlib, os, pkgutil, sys, traceback
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
failed, needs_window, done = [], [], 0
for top in ("companion", "vision", "hardware", "ui"):
    package = importlib.import_module(top)
    names = [top] + [m.name for m in pkgutil.walk_packages(package.__path__, top + ".")]
    for name in names:
        try:
            importlib.import_module(name)
            done += 1
        except BaseException as exc:  # SystemExit too: Kivy exits when it finds no window provider
            text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            if "window" in text.lower() or "display" in text.lower() or isinstance(exc, SystemExit):
                needs_window.append(f"{name}: {text.splitlines()[-1][:160]}")
            else:
                failed.append(f"{name}: {text[:300]}")
print(f"imported {done} modules")
for line in needs_window:
    print("needs a window (no display here):", line)
for line in failed:
    print("FAILED:", line)
sys.exit(1 if failed else 0)
EOF
}

doctor() {
  if ! in_root "$venv/bin/companion" --help 2>&1 | grep -qw doctor; then
    say "no 'companion doctor' in this checkout yet: step not run (it runs once the doctor is merged)"
    return 0
  fi
  # Its verdict is the machine's (no camera, no GPIO here): the step checks that it answers in JSON.
  local out
  out="$(in_root "$venv/bin/companion" doctor --json)" || true
  printf '%s\n' "$out" | in_root "$venv/bin/python" -c 'import json, sys; data = json.load(sys.stdin); print(json.dumps(data, indent=1)[:3000])'
}

run_tests() {
  local folder args=()
  for folder in ${tests//,/ }; do args+=("tests/$folder"); done
  in_root "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-index \
    --find-links /check/test-wheels "${TEST_PACKAGES[@]}" || return 1
  # -P keeps the current folder off the path and --import-mode=append puts the checkout after site-packages:
  # the tests import the app installed from the wheelhouse; only their own files and data are the checkout's.
  in_root /bin/sh -c "cd /check/project && $venv/bin/python -P -c 'import sys; sys.path.append(\"/check/project\"); import companion; print(\"testing\", companion.__file__)' &&
    $venv/bin/python -P -m pytest -o addopts= -q -p no:cacheprovider --import-mode=append ${args[*]} \
      --ignore=tests/core/test_bench_trees.py"  # it asks git about the checkout's worktrees: no git, no .git here
}

# Pretending to be a Pi: Debian's os-release (bookworm) and dpkg's arm64 are the root's own, so check_system
# passes unpretended; INSTALL_CMDLINE points at a copy of a Pi's cmdline.txt (Debian has no /boot/firmware).
# No systemd runs under proot: --user-only for the real run (venv, app, config, unit); the whole install,
# apt and the boot settings included, as a --dry-run. The kiosk user is root here (proot's only user).
install_steps() {
  # The home is at the same path inside the root as outside: proot 5.1 does not translate the paths of
  # faccessat2 (bash's [ -x ], os.access), which then ask about the host's path; there it is the same folder.
  local env=(INSTALL_CMDLINE=/check/cmdline.txt) args=(--user root --home "$root/check/home" --wheelhouse /check/wheels)
  local app
  app="$(cd "$root/check/wheels" && ls fish_table_companion-*.whl)"
  args+=(--wheel "/check/wheels/$app")
  mkdir -p "$root/check/home"
  printf '%s\n' 'console=serial0,115200 console=tty1 root=PARTUUID=0-02 rootfstype=ext4 fsck.repair=yes rootwait' \
    >"$root/check/cmdline.txt"
  say "--- install.sh --dry-run (the whole install, apt and boot settings, printed only)"
  in_root /usr/bin/env "${env[@]}" bash /check/project/deploy/install.sh "${args[@]}" --dry-run || return 1
  say "--- install.sh --user-only (done)"
  in_root /usr/bin/env "${env[@]}" bash /check/project/deploy/install.sh "${args[@]}" --user-only || return 1
  in_root "$root/check/home/.local/lib/fish-companion/venv/bin/python" -c \
    'import numpy, cv2, kivy, companion.cli; print("installed venv: numpy", numpy.__version__, "cv2", cv2.__version__, "kivy", kivy.__version__)' ||
    return 1
  say "--- install.sh --user-only again (nothing to change)"
  local again
  again="$(in_root /usr/bin/env "${env[@]}" bash /check/project/deploy/install.sh "${args[@]}" --user-only)"
  say "$again"
  grep -q "Nothing to change" <<<"$again"
}

# --- the run -----------------------------------------------------------------------------------------------

started=$SECONDS
step "tools (mmdebstrap, proot, qemu-user-static)" need_tools
step "arm64 Bookworm root ($root)" build_root
if [ "$failed" -eq 1 ]; then
  say "" && say "the root could not be built: nothing else can run" && printf '%s\n' "${results[@]}" && exit 1
fi
step "the wheelhouse" gather_wheels
step "copy the checkout and the wheels into the root" copy_in
step "install from the wheelhouse alone into a venv on the system Python" install_from_wheelhouse
step "the numeric stack: apt's NumPy under OpenCV and pywt" numeric_stack
step "contrast: NumPy 2 in the venv breaks apt's pywt" numpy2_contrast
step "import every module of companion, vision, hardware, ui" import_all
step "companion doctor --json" doctor
[ "$tests" = none ] || step "tests: ${tests}" run_tests
step "deploy/install.sh in the root" install_steps

say ""
say "=== summary (arm64 Bookworm under proot + qemu-user, $((SECONDS - started)) s in all)"
printf '%s\n' "${results[@]}"
if [ "$failed" -eq 0 ]; then say "PASSED"; else say "FAILED"; exit 1; fi
