"""`companion doctor`: every check run, told in the player's language, or given as data with --json.

Exit code 0 when no finding is a problem (warnings allowed), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.i18n import N_, NP_
from ui.doctor.camera import CAMERA_WAIT, Opener, check_camera, take_one_frame
from ui.doctor.clock import check_clock
from ui.doctor.dependencies import Importer, check_dependencies, import_all
from ui.doctor.display import check_display
from ui.doctor.findings import STATUS_WORDS, Finding, Machine, Status
from ui.doctor.panel import check_panel
from ui.doctor.python_env import Interpreter, check_python
from ui.doctor.speech import check_speech
from ui.doctor.storage import DiskUsage, check_storage
from ui.doctor.touch import check_touch
from ui.speech.espeak import Espeak
from ui.talk import ui_translator

VERDICT_OK = N_("Nothing stops the companion here.")
VERDICT_WARNINGS = NP_(
    "Nothing stops the companion here; {n} warning above says what would make it better.",
    "Nothing stops the companion here; the {n} warnings above say what would make it better.",
)
VERDICT_PROBLEMS = NP_(
    "{n} problem above stops part of the companion: it says what to fix.",
    "The {n} problems above stop parts of the companion: each says what to fix.",
)
FIX = N_("to fix: {fix}")


@dataclass(frozen=True)
class Options:
    source: str = "picamera"
    camera_wait: float = CAMERA_WAIT
    config: str | None = None  # the app's config file (the panel's wiring, the screen's rotation)
    home: Path | None = None  # the data folder; None: the app's default
    importer: Importer | None = field(default=None, compare=False)  # tests: imports without a child process
    opener: Opener = field(default=take_one_frame, compare=False)
    python: Interpreter | None = None  # tests: another Python than this one
    disk_usage: DiskUsage = field(default=shutil.disk_usage, compare=False)
    speech: Espeak | None = field(default=None, compare=False)  # tests: an engine that plays nothing


def examine(machine: Machine, options: Options) -> list[Finding]:
    """Every finding, in the order a person would fix them: Python, libraries, camera, screen, panel, data, clock."""
    from hardware.config import config_source
    from ui.control.library import default_root

    imported = import_all(machine, options.importer)
    config = config_source(options.config, machine.environ).path
    return [
        *check_python(machine, options.python),
        *check_dependencies(machine, imported),
        *check_camera(machine, options.source, imported, wait=options.camera_wait, opener=options.opener),
        *check_display(machine, config),
        *check_touch(machine),
        *check_panel(machine, options.config),
        *check_storage(options.home or default_root(machine.environ), options.disk_usage),
        *check_clock(machine),
        *check_speech(machine, options.speech),
    ]


def exit_code(findings: Iterable[Finding]) -> int:
    return 1 if any(f.status is Status.PROBLEM for f in findings) else 0


def as_data(findings: list[Finding], language: str) -> dict[str, Any]:
    """The findings as JSON data: stable keys, and the words in ``language``."""
    return {
        "language": language,
        "verdict": _worst(findings).value,
        "exit_code": exit_code(findings),
        "findings": [
            {
                "check": f.check,
                "status": f.status.value,
                "text": f.text(language),
                "fix": f.fix_text(language),
                "data": {k: v for k, v in f.params},
            }
            for f in findings
        ],
    }


def as_text(findings: list[Finding], language: str) -> list[str]:
    tr = ui_translator(language)
    words = {status: tr(word) for status, word in STATUS_WORDS.items()}
    width = max(len(w) for w in words.values())
    lines = []
    for f in findings:
        first, *rest = f.text(language).splitlines()
        lines.append(f"{words[f.status]:<{width}}  {first}")
        lines += [f"{'':<{width}}  {line}" for line in rest]
        fix = f.fix_text(language)
        if fix and f.status is not Status.OK:
            lines.append(f"{'':<{width}}  → {tr(FIX, fix=fix)}")
    problems = sum(f.status is Status.PROBLEM for f in findings)
    warnings = sum(f.status is Status.WARNING for f in findings)
    lines.append("")
    if problems:
        lines.append(tr.plural(*VERDICT_PROBLEMS, problems))
    elif warnings:
        lines.append(tr.plural(*VERDICT_WARNINGS, warnings))
    else:
        lines.append(tr(VERDICT_OK))
    return lines


def _worst(findings: Iterable[Finding]) -> Status:
    statuses = {f.status for f in findings}
    return next((s for s in (Status.PROBLEM, Status.WARNING) if s in statuses), Status.OK)


def run_doctor(args: argparse.Namespace) -> int:
    options = Options(
        source=args.source,
        camera_wait=args.camera_wait,
        config=args.config,
        home=args.home and Path(args.home),
    )
    findings = examine(Machine(), options)
    if args.json:
        print(json.dumps(as_data(findings, args.lang), ensure_ascii=False, indent=2))
    else:
        print("\n".join(as_text(findings, args.lang)))
    return exit_code(findings)
