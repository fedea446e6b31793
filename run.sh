#!/usr/bin/env bash
# Set up (or refresh) everything, then run the main job: a simulated game refereed through the camera's eyes.
# With a display (a desktop, or the Pi's screen), the touchscreen app opens on the demo game: the synthetic
# camera's frames on screen, refereed as they come. With none (an SSH session), the same demo runs in the
# terminal. Extra arguments go to `companion app --demo` or `companion demo` (e.g. --players 4 --lang fr).
set -euo pipefail
cd "$(dirname "$0")"
bash tools/setup-env.sh
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec .venv/bin/companion app --demo "$@"
fi
exec .venv/bin/companion demo "$@"
