"""The core imports only the standard library and itself: never vision/, hardware/, ui/ or their libraries."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "companion"


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_core_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"companion"}
    for path in sorted(CORE.rglob("*.py")):
        outside = imported_modules(path) - allowed
        assert not outside, f"{path.relative_to(CORE.parent)} imports {sorted(outside)}"
