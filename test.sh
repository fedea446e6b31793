#!/usr/bin/env bash
# Set up (or refresh) everything, then run the whole test suite (lint and type checks included).
set -euo pipefail
cd "$(dirname "$0")"
bash tools/setup-env.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy  # every package; the core under --strict (pyproject.toml, [tool.mypy])
# One worker a core; a test file stays on one worker, so what a module sets up once is set up once.
exec .venv/bin/python -m pytest -n auto --dist loadfile "$@"
