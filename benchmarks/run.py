"""Run every committed benchmark on one core and write docs/benchmarks.md with the machine they ran on.

python -m benchmarks.run            # full run, rewrites docs/benchmarks.md
python -m benchmarks.run --quick    # shorter runs, printed only
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each module exposes run(quick: bool) -> str, a Markdown section.
SECTIONS = (
    "benchmarks.bench_core",
    "benchmarks.bench_vision",
    "benchmarks.bench_phantoms",
    "benchmarks.bench_startup",
    "benchmarks.bench_live",
    "benchmarks.bench_demo",
    "benchmarks.bench_app",
    "benchmarks.bench_kytable",
    "benchmarks.bench_instructions",
    "benchmarks.bench_sptable",
    "benchmarks.bench_kanaloatable",
    "benchmarks.bench_glare",
    "benchmarks.bench_teach",
    "benchmarks.bench_speech",
    "benchmarks.bench_reader_cost",
    "benchmarks.bench_club",
)


def pin_to_one_core() -> str:
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    return "not pinned (no sched_setaffinity)"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{cpu}; {os.cpu_count()} cores visible; Python {platform.python_version()} on {platform.platform()}; "
        f"run {datetime.date.today().isoformat()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs, printed but not written to docs/")
    args = parser.parse_args()
    pinned = pin_to_one_core()
    parts = [
        "# Benchmarks",
        "",
        "Written by `python -m benchmarks.run` (see the README). This machine is shared and noisy: compare figures "
        "measured in the same run, and read absolute numbers as an order of magnitude.",
        "",
        f"Machine: {machine()}; {pinned}.",
        "",
    ]
    for module in SECTIONS:
        section = importlib.import_module(module)
        print(f"running {module} ...", file=sys.stderr, flush=True)
        parts += [section.run(quick=args.quick), ""]
    text = "\n".join(parts)
    print(text)
    if not args.quick:
        (ROOT / "docs" / "benchmarks.md").write_text(text, encoding="utf-8")
        print("wrote docs/benchmarks.md", file=sys.stderr)


if __name__ == "__main__":
    main()
