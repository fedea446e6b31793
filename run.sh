#!/usr/bin/env bash
# Set up (or refresh) everything, then run the main job: a simulated game narrated turn by turn.
# Extra arguments go to `companion demo`, e.g. ./run.sh --players 5 --lang fr
set -euo pipefail
cd "$(dirname "$0")"
bash tools/setup-env.sh
exec .venv/bin/companion demo "$@"
