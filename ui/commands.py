"""The app's subcommands, registered with the `companion` command line (pyproject.toml entry points)."""

from __future__ import annotations

import argparse

from ui import demo, play


def register(sub: argparse._SubParsersAction) -> None:
    demo.register(sub)
    play.register(sub)
