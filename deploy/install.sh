#!/usr/bin/env bash
# Installs the fish table companion on a Raspberry Pi (Raspberry Pi OS Bookworm 64-bit, Pi 4 or Pi 5) as a kiosk:
# the touchscreen app starts fullscreen at boot and restarts if it stops. Run it again to update or repair.
#
#   sudo deploy/install.sh [--wheel FILE] [--wheelhouse DIR] [--user NAME] [--dry-run] [--force]
#   sudo deploy/install.sh --uninstall [--purge] [--dry-run]
#
# --wheel FILE      the app's wheel, e.g. brought on a USB stick (default: one built afresh from the checkout this
#                   script sits in, its version naming the commit; without a checkout, the newest in deploy/dist/)
# --wheelhouse DIR  install the app's dependencies from the wheels in DIR alone, with no internet
# --user NAME       the kiosk user (default: the one who ran sudo; run as plain root, it must be given)
# --dry-run         print each step that would change something, and change nothing
# --force           go on on another OS or architecture than Raspberry Pi OS Bookworm arm64
# --uninstall       undo the install; saved games, their history and the config file are kept...
# --purge           ...unless this is given too
# --user-only       only the user's part (virtual environment, config, service file), no root needed; for tests
# --home DIR        the user's home (default: from the password database); for tests
#
# NOT RUN ON A REAL PI YET: written against Raspberry Pi OS's documented packages (docs/raspberry-pi.md).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project="$(dirname "$here")"
EXTRAS="vision,hardware,ui"
UNIT=fish-companion.service
OLD_UNIT=/etc/systemd/system/table-companion.service
PYTHON="${INSTALL_PYTHON:-/usr/bin/python3}"
OS_RELEASE="${INSTALL_OS_RELEASE:-/etc/os-release}"  # the tests point these at their own
# dpkg's, not the kernel's: a 32-bit system on a Pi 4 runs a 64-bit kernel
ARCH="${INSTALL_ARCH:-$(dpkg --print-architecture 2>/dev/null || uname -m)}"
CMDLINE="${INSTALL_CMDLINE:-/boot/firmware/cmdline.txt}"
UDEV_SOURCE="${INSTALL_UDEV_SOURCE:-$here/udev}"  # rules the app needs (the backlight's, for dimming)
UDEV_DIR="${INSTALL_UDEV_DIR:-/etc/udev/rules.d}"
# What goes into the app's wheel: a change elsewhere in the checkout (docs, tests) installs nothing new.
PACKAGED=(pyproject.toml README.md companion vision hardware ui)
DOCTOR_WAIT="${INSTALL_DOCTOR_WAIT:-120}"  # seconds: the doctor opens the camera, which must not hold the install for ever
NEED_MB_FIRST=700  # a first install: the environment is about 400 MB (Kivy, OpenCV, NumPy), and pip's downloads
NEED_MB_UPDATE=100

# picamera2 and libcamera, lgpio: built for the system's Python, seen through --system-site-packages.
# python3-wheel: the app's wheel is built from the checkout with the system's setuptools, offline.
# libzbar0 for pyzbar; rpicam-apps-lite to list the cameras; the rest is what Kivy's SDL2 loads to draw on
# the screen through KMS/DRM (gbm, EGL, GLES, Mesa's V3D driver) and to read the touchscreen (mtdev).
APT_PACKAGES=(python3-venv python3-wheel python3-picamera2 python3-libcamera rpicam-apps-lite python3-lgpio libzbar0
  libmtdev1 libgbm1 libegl1 libgles2 libgl1-mesa-dri libdrm2 fonts-dejavu-core espeak-ng alsa-utils)  # fonts-dejavu-core: ui/app/fonts.py; espeak-ng, alsa-utils: speech (ui/speech), aplay -l
GROUPS_NEEDED=(video render input gpio)

dry_run=0 force=0 uninstall=0 purge=0 user_only=0
wheel="" wheelhouse="" user="" home=""
changes=0
regrouped=0

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 2; }
usage() { sed -n '4,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --wheel) [ $# -ge 2 ] || fail "--wheel needs a file"; wheel="$2"; shift ;;
    --wheelhouse) [ $# -ge 2 ] || fail "--wheelhouse needs a folder"; wheelhouse="$2"; shift ;;
    --user) [ $# -ge 2 ] || fail "--user needs a user name"; user="$2"; shift ;;
    --home) [ $# -ge 2 ] || fail "--home needs a folder"; home="$2"; shift ;;
    --dry-run) dry_run=1 ;;
    --force) force=1 ;;
    --uninstall) uninstall=1 ;;
    --purge) purge=1 ;;
    --user-only) user_only=1 ;;
    -h | --help) usage; exit 0 ;;
    *) fail "unknown option $1 (see --help)" ;;
  esac
  shift
done
[ "$purge" -eq 0 ] || [ "$uninstall" -eq 1 ] || fail "--purge goes with --uninstall"

# Run as plain root (no sudo from a user), the kiosk user is not guessed: root's kiosk would be a mistake.
if [ -z "$user" ] && [ -n "${SUDO_USER:-}" ] && [ "${SUDO_USER}" != root ]; then
  user="$SUDO_USER"
elif [ -z "$user" ] && [ "$(id -u)" -eq 0 ]; then
  if [ -t 0 ] && [ -t 2 ]; then
    printf 'Which user runs the app at the table (its kiosk user; not root)? ' >&2
    read -r user || true
    [ -n "$user" ] || fail "no kiosk user given: run sudo deploy/install.sh from that user's login, or give --user NAME"
  else
    fail "run as plain root: give the kiosk user with --user NAME, or run sudo deploy/install.sh from that user's login (--user root makes root the kiosk user, which is not advised)"
  fi
fi
user="${user:-$(id -un)}"
if [ -z "$home" ]; then
  home="$(getent passwd "$user" | cut -d: -f6)" || true
  [ -n "$home" ] || fail "no user named $user (give the kiosk user with --user NAME)"
fi
config_dir="$home/.config/table-companion"
data_dir="$home/.local/share/fish-companion"
app_dir="$home/.local/lib/fish-companion"
venv="$app_dir/venv"
stamp="$venv/.installed-wheel"  # what is installed: "version V" from a checkout, "sha256 D" from a wheel
unit_dir="$home/.config/systemd/user"
kivy_dir="$home/.cache/fish-companion"

# --- how each step runs ------------------------------------------------------------------------------------

# A step that changes something: done, or only printed with --dry-run. Every step is checked first, so a
# step already done is neither run nor counted. Functions run here chain their commands with && (set -e does
# not stop a function called before ||).
change() {
  local what="$1"
  shift
  changes=$((changes + 1))
  if [ "$dry_run" -eq 1 ]; then
    say "would: $what"
    return 0
  fi
  say "doing: $what"
  "$@" || fail "failed: $what. Nothing already saved is lost; run deploy/install.sh again to finish (it repairs)."
}

ok() { say "ok: $*"; }

# The user's files belong to the user, whoever runs the script.
as_user() {
  if [ "$(id -un)" = "$user" ]; then "$@"; else runuser -u "$user" -- "$@"; fi
}

user_systemctl() { systemctl --user --machine="$user@" "$@"; }

# --- checks before anything changes --------------------------------------------------------------------------

check_system() {
  local codename="" id=""
  if [ -r "$OS_RELEASE" ]; then
    codename="$(sed -n 's/^VERSION_CODENAME=//p' "$OS_RELEASE" | tr -d '"')"
    id="$(sed -n 's/^ID=//p' "$OS_RELEASE" | tr -d '"')"
  fi
  if [ "$codename" != bookworm ]; then
    [ "$force" -eq 1 ] || fail "this is ${id:-an unknown system} ${codename:-(no VERSION_CODENAME)}, not Raspberry Pi OS Bookworm: install Raspberry Pi OS Lite (64-bit, Bookworm), or add --force to try anyway"
    say "warning: not Bookworm (${codename:-unknown}); going on because of --force"
  fi
  case "$ARCH" in
    aarch64 | arm64) ;;
    *)
      [ "$force" -eq 1 ] || fail "this machine is $ARCH, not arm64: install the 64-bit Raspberry Pi OS on a Pi 4 or Pi 5, or add --force to try anyway"
      say "warning: $ARCH, not arm64; going on because of --force"
      ;;
  esac
  if [ "$user_only" -eq 0 ] && [ "$dry_run" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    fail "system packages and the boot settings need root: run sudo deploy/install.sh"
  fi
}

check_disk() {
  local probe="$home" free need
  [ -d "$probe" ] || fail "the home folder $home does not exist"
  if [ "$(findmnt -no OPTIONS --target "$probe" 2>/dev/null | cut -d, -f1)" = ro ] ||
    { [ "$dry_run" -eq 0 ] && ! as_user touch "$probe/.fish-companion-write-test" 2>/dev/null; }; then
    fail "the SD card is read-only (cannot write in $probe): it may be worn out. Copy the saved games off it ($data_dir), then write Raspberry Pi OS on a new card"
  fi
  rm -f "$probe/.fish-companion-write-test"
  free=$(($(df -Pk "$probe" | awk 'NR==2 {print $4}') / 1024))
  need=$NEED_MB_FIRST
  [ ! -f "$stamp" ] || need=$NEED_MB_UPDATE
  if [ "$free" -lt "$need" ]; then
    fail "the SD card is full: ${free} MB free, ${need} MB needed. Free some (sudo apt-get clean; journalctl --vacuum-size=50M), then run this again; the saved games are not touched"
  fi
  ok "the SD card is writable, ${free} MB free"
}

check_camera() {
  local tool
  tool="$(command -v rpicam-hello || command -v libcamera-hello || true)"
  if [ -z "$tool" ]; then
    say "note: cannot look for the camera yet (rpicam-hello is not installed)"
  elif "$tool" --list-cameras 2>&1 | grep -q "Available cameras"; then
    ok "a camera is connected"
  else
    say "warning: no camera found. The app starts all the same (moves can be entered by hand); power the Pi off, seat the camera's ribbon cable (contacts towards the board), and start again: docs/raspberry-pi.md"
  fi
}

# --- the wheel ---------------------------------------------------------------------------------------------

find_wheel() {
  if [ -n "$wheel" ]; then
    [ -f "$wheel" ] || fail "no wheel at $wheel"
    case "$wheel" in *.whl) ;; *) fail "$wheel is not a wheel (a .whl file made by python -m build)" ;; esac
    wheel="$(cd "$(dirname "$wheel")" && pwd)/$(basename "$wheel")"
    return
  fi
  # A checkout is built afresh: a wheel left in dist/ by an earlier build would install the old code.
  if [ -f "$project/pyproject.toml" ]; then
    checkout_version
    wheel="fish_table_companion-$version-py3-none-any.whl"  # its name once built
    build_wheel=1
    return
  fi
  wheel="$(newest_wheel "$here/dist")"
  [ -n "$wheel" ] || fail "no wheel: give one with --wheel FILE (python -m build makes it)"
}

build_wheel=0
version=""

newest_wheel() {
  [ -d "$1" ] || return 0
  find "$1" -maxdepth 1 -name 'fish_table_companion-*.whl' -printf '%T@ %p\n' | sort -rn | head -n1 | cut -d' ' -f2-
}

# git in the checkout, read-only: no index refresh written (GIT_OPTIONAL_LOCKS=0), and allowed when root runs
# it in a user's checkout (safe.directory).
in_checkout() { GIT_OPTIONAL_LOCKS=0 git -c safe.directory="$project" -C "$project" "$@"; }

# The files that go into the wheel, NUL-separated, relative to the project.
packaged_files() {
  if [ "$from_git" -eq 1 ]; then
    in_checkout ls-files -z --cached --others --exclude-standard -- "${PACKAGED[@]}" |
      (cd "$project" && while IFS= read -r -d '' f; do [ ! -f "$f" ] || printf '%s\0' "$f"; done)
  else
    (cd "$project" && find "${PACKAGED[@]}" -type f ! -path '*/__pycache__/*' ! -path '*.egg-info/*' -print0 | sort -z)
  fi
}

from_git=0

# The version of what is checked out, as PEP 440 local version: 0.1.0+g1a2b3c4 for a commit, with
# .dirtyHASH when the packaged files differ from it (HASH of their contents: each new edit is a new
# version, so it installs, and the same edits twice are the same one, so they do not); 0.1.0+srcHASH
# for a copy without git.
checkout_version() {
  local base commit hash
  base="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$project/pyproject.toml" | head -n1)"
  [ -n "$base" ] || fail "no version in $project/pyproject.toml"
  if command -v git >/dev/null && commit="$(in_checkout rev-parse --short=7 HEAD 2>/dev/null)"; then
    from_git=1
    version="$base+g$commit"
    if [ -n "$(in_checkout status --porcelain --untracked-files=normal -- "${PACKAGED[@]}")" ]; then
      hash="$(files_hash)"
      version="$version.dirty$hash"
    fi
  else
    version="$base+src$(files_hash)"
  fi
}

files_hash() {
  packaged_files | (cd "$project" && xargs -0 -r sha256sum --) | sha256sum | cut -c1-8
}

# --- installing ----------------------------------------------------------------------------------------------

install_packages() {
  local missing=() pkg
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "system packages installed"
  else
    change "install system packages ${missing[*]}" apt_install "${missing[@]}"
  fi
}

apt_install() {
  # --no-install-recommends: what picamera2 asks for on Raspberry Pi OS Lite (no desktop pulled in).
  apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

join_groups() {
  local missing=() group have
  have=" $(id -nG "$user" 2>/dev/null) "
  for group in "${GROUPS_NEEDED[@]}"; do
    getent group "$group" >/dev/null || continue  # gpio exists on Raspberry Pi OS only
    case "$have" in *" $group "*) ;; *) missing+=("$group") ;; esac
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "$user is in the screen, touch and GPIO groups"
  else
    local list
    list="$(IFS=,; echo "${missing[*]}")"
    change "add $user to the groups $list (the screen, the touchscreen, the GPIO pins)" usermod -aG "$list" "$user"
    regrouped=1
  fi
}

make_venv() {
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import sys' 2>/dev/null &&
    grep -q '^include-system-site-packages = true' "$venv/pyvenv.cfg" 2>/dev/null; then
    ok "virtual environment $venv"
    return
  fi
  # A half-made one (an interrupted install, a Python upgrade) is made again; the games are not in it.
  change "create the virtual environment $venv (it sees the system's picamera2 and lgpio)" recreate_venv
}

recreate_venv() {
  as_user rm -rf "$venv" && as_user mkdir -p "$app_dir" &&
    as_user "$PYTHON" -m venv --system-site-packages "$venv"
}

wheel_digest() { sha256sum "$1" | cut -d' ' -f1; }

installed_as() {
  if [ "$build_wheel" -eq 1 ]; then echo "version $version"; else echo "sha256 $(wheel_digest "$wheel")"; fi
}

install_app() {
  local want
  want="$(installed_as)"
  # The version, not a wheel's digest, for a checkout: each build's zip differs (its files' times).
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
    "$venv/bin/python" -c 'import companion.cli, ui.app.main' 2>/dev/null; then
    ok "the app from $(basename "$wheel") is installed"
    return
  fi
  if [ "$build_wheel" -eq 1 ]; then
    change "build the app's wheel $version from the checkout $project" build_from_checkout
  fi
  local index=()
  [ -z "$wheelhouse" ] || index=(--no-index --find-links "$wheelhouse")
  change "install the app from $(basename "$wheel")" install_wheel "${index[@]}"
}

build_dir=""
# shellcheck disable=SC2317  # called by the EXIT trap
forget_build() { [ -z "$build_dir" ] || rm -rf "$build_dir"; }
trap forget_build EXIT

# From a copy of the packaged files, its version set to the commit's: the checkout's own files are not
# touched. No network: the system's setuptools and wheel build it (--no-build-isolation).
build_from_checkout() {
  build_dir="$(mktemp -d)" && chown "$user" "$build_dir" &&
    as_user mkdir "$build_dir/src" "$build_dir/dist" &&
    packaged_files | (cd "$project" && tar --null -T - -cf -) | as_user tar -xf - -C "$build_dir/src" &&
    as_user sed -i "s/^version = \".*\"\$/version = \"$version\"/" "$build_dir/src/pyproject.toml" &&
    as_user sed -i "s/^__version__ = \".*\"\$/__version__ = \"$version\"/" "$build_dir/src/companion/__init__.py" &&
    as_user "$venv/bin/python" -m pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
      --wheel-dir "$build_dir/dist" "$build_dir/src" || return 1
  wheel="$(newest_wheel "$build_dir/dist")"
  [ "$(basename "$wheel")" = "fish_table_companion-$version-py3-none-any.whl" ] || {
    say "the build made ${wheel:-no wheel}, not version $version"
    return 1
  }
}

install_wheel() {
  # The app first, even at the same version (the wheel may differ), then whatever it needs that is missing.
  # The stamp is written last: an install cut short leaves none, and the next run installs again.
  # No pip cache: it would take as much room on the SD card again.
  local pip=("$venv/bin/python" -m pip install -q --disable-pip-version-check --no-cache-dir "$@")
  # The Pi's versions (apt's NumPy under them: docs/raspberry-pi.md, "The numeric stack"), pinned for aarch64
  # wheels; uname's machine, not INSTALL_ARCH: a test's pretended Pi keeps its own machine's versions.
  [ "$(uname -m)" != aarch64 ] || pip+=(-c "$here/pi-constraints.txt")
  as_user rm -f "$stamp" &&
    as_user "${pip[@]}" --force-reinstall --no-deps "$wheel" &&
    as_user "${pip[@]}" "${wheel}[$EXTRAS]" &&
    installed_as | as_user tee "$stamp" >/dev/null
}

# A file written from a template only when it differs; $3 = 1: never overwrite (the user's own file).
put_file() {
  local source="$1" target="$2" keep="${3:-0}"
  if [ -f "$target" ] && { [ "$keep" -eq 1 ] || cmp -s "$source" "$target"; }; then
    ok "$target"
    return
  fi
  change "write $target" copy_file "$source" "$target"
}

# Through a temporary file: a power cut leaves the old file or the new one, never half of one.
copy_file() {
  as_user mkdir -p "$(dirname "$2")" && as_user cp "$1" "$2.tmp" && as_user mv "$2.tmp" "$2"
}

make_data_dirs() {
  if [ -d "$data_dir/saved" ] && [ -d "$data_dir/history" ]; then
    ok "saved games in $data_dir"
  else
    change "create $data_dir/saved and history" as_user mkdir -p "$data_dir/saved" "$data_dir/history"
  fi
  # The former service kept one game in ~/.local/share/table-companion/game.sqlite: the app lists it now.
  local old="$home/.local/share/table-companion/game.sqlite" moved="$data_dir/saved/table-companion-game.sqlite"
  if [ -f "$old" ] && [ ! -e "$moved" ]; then
    change "move the former service's game to $moved" move_old_game "$old" "$moved"
  fi
}

move_old_game() {
  local suffix
  as_user mkdir -p "$(dirname "$2")" || return 1
  for suffix in "" -wal -shm; do
    [ ! -e "$1$suffix" ] || as_user mv "$1$suffix" "$2$suffix" || return 1
  done
}

enable_unit() {
  local link="$unit_dir/default.target.wants/$UNIT"
  if [ -L "$link" ]; then
    ok "the app starts at boot ($UNIT enabled)"
  else
    change "enable $UNIT at boot" link_unit "$link"
  fi
}

link_unit() {
  as_user mkdir -p "$(dirname "$1")" && as_user ln -sfn "../$UNIT" "$1"
}

remove_old_service() {
  if [ -f "$OLD_UNIT" ]; then
    change "remove the former system service table-companion (the terminal referee)" remove_system_unit
  fi
}

remove_system_unit() {
  systemctl disable --now table-companion.service 2>/dev/null || true
  rm -f "$OLD_UNIT" && systemctl daemon-reload
}

# No desktop: its compositor would hold the screen that the app draws on (docs/raspberry-pi.md).
boot_to_console() {
  local current
  current="$(systemctl get-default 2>/dev/null || echo unknown)"
  if [ "$current" != graphical.target ]; then
    ok "the Pi boots to the console ($current), no desktop"
  else
    change "boot to the console instead of the desktop (undone by --uninstall)" console_boot "$current"
  fi
}

console_boot() {
  mkdir -p "$app_dir" && printf '%s\n' "$1" >"$app_dir/previous-default-target" &&
    systemctl set-default multi-user.target
}

no_blanking() {
  if [ ! -f "$CMDLINE" ]; then
    say "note: no $CMDLINE (not a Pi): screen blanking left as it is"
  elif grep -qw 'consoleblank=0' "$CMDLINE"; then
    ok "the console never blanks the screen"
  else
    # The app keeps the screen lit while it runs; this keeps it lit while it restarts.
    change "never blank the screen (consoleblank=0 in $CMDLINE)" sed -i '1 s/$/ consoleblank=0/' "$CMDLINE"
  fi
}

# The rules in deploy/udev (none, or none yet, is fine); udev reads them again once any changed.
udev_rules() {
  local rule target changed=0
  for rule in "$UDEV_SOURCE"/*.rules; do
    [ -f "$rule" ] || continue
    target="$UDEV_DIR/$(basename "$rule")"
    if [ -f "$target" ] && cmp -s "$rule" "$target"; then
      ok "$target"
    else
      change "write $target" install -D -m 0644 "$rule" "$target"
      changed=1
    fi
  done
  [ "$changed" -eq 0 ] || change "reload the udev rules" reload_udev
}

reload_udev() {
  udevadm control --reload-rules && udevadm trigger
}

remove_udev_rules() {
  local rule target removed=0
  for rule in "$UDEV_SOURCE"/*.rules; do
    [ -f "$rule" ] || continue
    target="$UDEV_DIR/$(basename "$rule")"
    if [ -f "$target" ]; then
      change "remove $target" rm -f "$target"
      removed=1
    fi
  done
  [ "$removed" -eq 0 ] || change "reload the udev rules" reload_udev
}

# What this machine has, told by the installed app (`companion doctor`); its verdict never fails the install.
doctor() {
  local companion="$venv/bin/companion" said status=0
  if [ ! -x "$companion" ] || ! as_user "$companion" doctor --help >/dev/null 2>&1; then
    say "note: this version of the app has no 'companion doctor': its checks were skipped (the install itself is complete)"
    return 0
  fi
  said="$(as_user timeout "$DOCTOR_WAIT" "$companion" doctor 2>&1)" || status=$?
  [ -z "$said" ] || printf '%s\n' "$said" | sed 's/^/doctor: /'
  case "$status" in
    0) ok "companion doctor found nothing to fix" ;;
    1) say "warning: companion doctor found something to fix (above); the install itself is complete" ;;
    124) say "warning: companion doctor gave no verdict in $DOCTOR_WAIT s; the install itself is complete" ;;
    *) say "warning: companion doctor failed (exit $status); the install itself is complete" ;;
  esac
}

linger() {
  if [ -e "/var/lib/systemd/linger/$user" ]; then
    ok "$user's services start at boot (lingering)"
  else
    change "start $user's services at boot with nobody logged in (loginctl enable-linger)" start_lingering
  fi
}

start_lingering() {
  mkdir -p "$app_dir" && touch "$app_dir/enabled-linger" && loginctl enable-linger "$user"
}

restart_app() {
  local uid
  uid="$(id -u "$user")"
  if [ "$user_only" -eq 1 ] && ! user_systemctl is-system-running >/dev/null 2>&1; then
    say "note: $user's service manager is not running: the app starts at the next boot"
    return
  fi
  # Lingering has started the user's manager; it must read the new unit before starting it.
  change "start the app now ($UNIT)" start_app "$uid"
}

start_app() {
  systemctl start "user@$1.service" && user_systemctl daemon-reload && user_systemctl restart "$UNIT"
}

install() {
  check_system
  check_disk
  if [ "$user_only" -eq 0 ]; then
    install_packages
    join_groups
    check_camera
    remove_old_service  # before its saved game is moved
  fi
  find_wheel
  make_venv
  install_app
  put_file "$here/config.example.toml" "$config_dir/config.toml" 1
  make_data_dirs
  put_file "$here/$UNIT" "$unit_dir/$UNIT"
  enable_unit
  if [ "$user_only" -eq 0 ]; then
    udev_rules
    boot_to_console
    no_blanking
    linger
  fi
  # Before the app starts again: the doctor takes a frame, and the app would hold the camera.
  [ "$dry_run" -eq 1 ] || doctor
  if [ "$changes" -eq 0 ]; then
    say "Nothing to change: the companion is installed and up to date."
    return
  fi
  [ "$dry_run" -eq 1 ] || restart_app
  if [ "$dry_run" -eq 1 ]; then
    say "Dry run: $changes steps would change something; nothing was changed."
  else
    say "Installed ($changes changes). Saved games: $data_dir; config: $config_dir/config.toml; logs: journalctl --user -u fish-companion (as $user)."
    [ "$regrouped" -eq 0 ] || say "Restart the Pi once: $user has just joined groups, which take effect at the next login."
  fi
}

# --- uninstalling --------------------------------------------------------------------------------------------

remove() {
  local what="$1"
  shift
  local path found=0
  for path in "$@"; do [ ! -e "$path" ] && [ ! -L "$path" ] || found=1; done
  if [ "$found" -eq 1 ]; then
    change "remove $what" rm -rf "$@"
  fi
}

uninstall() {
  check_disk_writable_only
  if [ "$user_only" -eq 0 ] && [ -f "$unit_dir/$UNIT" ]; then
    change "stop the app" stop_app
  fi
  remove "the service" "$unit_dir/$UNIT" "$unit_dir/default.target.wants/$UNIT"
  if [ "$user_only" -eq 0 ]; then
    if [ -f "$app_dir/previous-default-target" ]; then
      change "boot to the desktop again" systemctl set-default "$(cat "$app_dir/previous-default-target")"
    fi
    if [ -f "$app_dir/enabled-linger" ]; then
      change "stop starting $user's services at boot" loginctl disable-linger "$user"
    fi
    if [ -f "$CMDLINE" ] && grep -qw 'consoleblank=0' "$CMDLINE"; then
      change "let the console blank the screen again" sed -i 's/ consoleblank=0//' "$CMDLINE"
    fi
    remove_udev_rules
  fi
  remove "the app and its virtual environment" "$app_dir"
  remove "Kivy's cache" "$kivy_dir"
  if [ "$purge" -eq 1 ]; then
    remove "the config file" "$config_dir"
    remove "the saved games and their history" "$data_dir"
  elif [ -d "$data_dir" ] || [ -d "$config_dir" ]; then
    say "kept: the saved games ($data_dir) and the config ($config_dir); --purge removes them too"
  fi
  if [ "$changes" -eq 0 ]; then
    say "Nothing to change: the companion is not installed."
  elif [ "$dry_run" -eq 1 ]; then
    say "Dry run: $changes steps would change something; nothing was changed."
  else
    say "Uninstalled. The system packages and the groups are left (other programs may use them)."
  fi
}

stop_app() {
  user_systemctl disable --now "$UNIT" 2>/dev/null || true
}

check_disk_writable_only() {
  [ "$user_only" -eq 1 ] || [ "$dry_run" -eq 1 ] || [ "$(id -u)" -eq 0 ] ||
    fail "the boot settings need root: run sudo deploy/install.sh --uninstall"
  [ "$dry_run" -eq 1 ] || as_user touch "$home/.fish-companion-write-test" 2>/dev/null ||
    fail "the SD card is read-only (cannot write in $home): nothing can be removed"
  rm -f "$home/.fish-companion-write-test"
}

if [ "$uninstall" -eq 1 ]; then
  uninstall
else
  install
fi
