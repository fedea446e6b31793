"""Settings for the whole suite."""

from __future__ import annotations

from hypothesis import settings

# Timings are measured by the committed benchmarks, never by tests (docs/benchmarks.md): Hypothesis's per-example
# deadline only fails a test when the machine is loaded, as a parallel run or a shared machine loads it.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
