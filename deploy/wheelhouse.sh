#!/usr/bin/env bash
# Gathers, on any machine with a network (a PC, this one, the Pi itself), every wheel the Pi needs into one folder:
# the app's own wheel, built from this checkout, and its dependencies' cp311 manylinux aarch64 wheels at the
# versions pinned in deploy/pi-constraints.txt. Then, on the Pi, with no network:
#
#   sudo deploy/install.sh --wheelhouse DIR --wheel DIR/fish_table_companion-*.whl
#
#   deploy/wheelhouse.sh DIR
#
# DIR               an existing, writable folder (a USB stick's, say); old wheels of the app in it are replaced
# -h, --help        this text
#
# What apt gives the Pi (NumPy, python3-numpy: see APT_PROVIDED) is left out: the Pi's virtual environment sees
# apt's through its system site packages, and a second NumPy in it would break picamera2 (docs/raspberry-pi.md,
# "The numeric stack"). WHEELHOUSE_PYTHON: the Python whose pip downloads (default: python3).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project="$(dirname "$here")"
CONSTRAINTS="$here/pi-constraints.txt"
EXTRAS="vision,hardware,ui"
APT_PROVIDED=(numpy)
PYTHON="${WHEELHOUSE_PYTHON:-python3}"
# The Pi's Python (Bookworm's 3.11) on glibc 2.36: every manylinux tag up to that, and the pure-Python ones.
PLATFORMS=(manylinux2014_aarch64 manylinux_2_17_aarch64 manylinux_2_24_aarch64 manylinux_2_26_aarch64
  manylinux_2_27_aarch64 manylinux_2_28_aarch64 manylinux_2_31_aarch64 manylinux_2_34_aarch64
  manylinux_2_35_aarch64 manylinux_2_36_aarch64)

say() { printf '%s\n' "$*"; }
fail() { printf 'wheelhouse.sh: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    -*) fail "unknown option $1 (see --help)" ;;
    *) [ -z "$dir" ] || fail "one folder only: $dir, then $1 (see --help)"; dir="$1" ;;
  esac
  shift
done
[ -n "$dir" ] || fail "which folder? deploy/wheelhouse.sh DIR (see --help)"
[ -d "$dir" ] || fail "no folder $dir: make it first (mkdir -p $dir), or check that the USB stick is mounted"
probe="$dir/.wheelhouse-write-test"
{ touch "$probe" 2>/dev/null && rm -f "$probe"; } ||
  fail "cannot write in $dir: give a folder you may write in (a USB stick mounted read-only? a root-owned folder?)"
dir="$(cd "$dir" && pwd)"
[ -f "$CONSTRAINTS" ] || fail "no $CONSTRAINTS: run this from a checkout of the project"
"$PYTHON" -m pip --version >/dev/null 2>&1 ||
  fail "$PYTHON has no pip: install it (sudo apt-get install python3-pip) or set WHEELHOUSE_PYTHON"

# pip's last lines, and a plain word when the cause is the network.
pip_failed() {
  local what="$1" log="$2"
  if grep -qiE 'connection|resolve|network|timed out|temporary failure|ProxyError|HTTPSConnectionPool|from versions: none' "$log"; then
    fail "cannot reach the package index to $what (no network, or the index unreachable): connect this machine and run this again. pip said: $(tail -n 3 "$log" | tr '\n' ' ')"
  fi
  fail "pip could not $what: $(tail -n 5 "$log" | tr '\n' ' ')"
}

log="$(mktemp)"
build="$(mktemp -d)"
trap 'rm -rf "$log" "$build"' EXIT

# The app's wheel, built from what is checked out (pure Python: one wheel for every machine).
say "building the app's wheel from $project"
"$PYTHON" -m pip wheel -q --disable-pip-version-check --no-deps --wheel-dir "$build" "$project" >"$log" 2>&1 ||
  pip_failed "build the app's wheel" "$log"
app_wheel="$(find "$build" -maxdepth 1 -name 'fish_table_companion-*.whl' | head -n1)"
[ -n "$app_wheel" ] || fail "pip built no wheel of the app in $build"
find "$dir" -maxdepth 1 -name 'fish_table_companion-*.whl' -delete
cp "$app_wheel" "$dir/"
app_wheel="$dir/$(basename "$app_wheel")"

# Every dependency, resolved for the Pi as pip there will (the same constraints), as wheels only: the Pi would
# otherwise compile for an hour, or fail for want of a compiler.
platform_args=()
for tag in "${PLATFORMS[@]}"; do platform_args+=(--platform "$tag"); done
say "downloading the Pi's wheels (aarch64, CPython 3.11) pinned by $(basename "$CONSTRAINTS")"
"$PYTHON" -m pip download -q --disable-pip-version-check --only-binary=:all: "${platform_args[@]}" \
  --python-version 3.11 --implementation cp --abi cp311 --abi abi3 --abi none \
  -c "$CONSTRAINTS" -d "$dir" "${app_wheel}[$EXTRAS]" >"$log" 2>&1 ||
  pip_failed "download the Pi's wheels" "$log"

# Downloaded all the same, so that the pins are resolved against apt's version; removed, since apt gives it.
for name in "${APT_PROVIDED[@]}"; do
  find "$dir" -maxdepth 1 -iname "${name}-*.whl" -delete
done

# Every pinned package but apt's has its wheel, and every wheel is pinned: an install with no index cannot then
# stop half-way for want of one, nor get a version nobody chose.
normal() { tr 'A-Z.-' 'a-z__'; }
pinned="$(sed -n 's/^\([A-Za-z0-9._-]*\)==.*/\1/p' "$CONSTRAINTS" | normal | sort -u)"
apt="$(printf '%s\n' "${APT_PROVIDED[@]}" | normal | sort -u)"
have="$(find "$dir" -maxdepth 1 -name '*.whl' ! -name 'fish_table_companion-*' -printf '%f\n' | cut -d- -f1 | normal | sort -u)"
missing="$(comm -23 <(comm -23 <(printf '%s\n' "$pinned") <(printf '%s\n' "$apt")) <(printf '%s\n' "$have") | xargs)"
extra="$(comm -13 <(printf '%s\n' "$pinned") <(printf '%s\n' "$have") | xargs)"
[ -z "$missing" ] || fail "pip left out the wheels of $missing: is $(basename "$CONSTRAINTS") out of date?"
[ -z "$extra" ] || fail "$extra not pinned in $(basename "$CONSTRAINTS"): pin it there (the app's dependencies changed)"

count="$(find "$dir" -maxdepth 1 -name '*.whl' | wc -l)"
size="$(du -sh "$dir" | cut -f1)"
say "done: $count wheels in $dir ($size), NumPy left to apt. On the Pi, with no network:"
say "  sudo deploy/install.sh --wheelhouse $dir --wheel $app_wheel"
