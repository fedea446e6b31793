#!/usr/bin/env bash
# Set up (or refresh) everything, then run the main job: a simulated game refereed through the camera's eyes.
# Extra arguments go to `companion demo`, e.g. ./run.sh --players 4 --lang fr (or --mode facts: no drawing)
set -euo pipefail
cd "$(dirname "$0")"
bash tools/setup-env.sh
exec .venv/bin/companion demo "$@"
