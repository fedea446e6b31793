#!/usr/bin/env bash
# Replaced by deploy/install.sh (the touchscreen app at boot as a user service; docs/raspberry-pi.md). Kept so
# that `sudo deploy/install-pi.sh [USER]` still works: it runs the new installer, which also removes the former
# system service and moves its saved game among the app's saved games.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  user="$1"
  shift
  set -- --user "$user" "$@"
fi
exec "$here/install.sh" "$@"
