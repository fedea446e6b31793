"""hardware/ may import the core and gpiozero, never the camera, the UI, or the games being written."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = ("kivy", "cv2", "picamera2", "vision", "ui", "companion.games")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_hardware_imports_only_what_it_may() -> None:
    sources = sorted((Path(__file__).parents[2] / "hardware").rglob("*.py"))
    assert sources
    for path in sources:
        for name in imported_modules(path):
            assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN), (path, name)
