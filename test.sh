#!/usr/bin/env bash
# Set up (or refresh) everything, then run the whole test suite (lint included).
set -euo pipefail
cd "$(dirname "$0")"
bash tools/setup-env.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
exec .venv/bin/python -m pytest "$@"
