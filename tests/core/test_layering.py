"""Import directions: every package imports only what the layout allows (DEVELOPERS.md, "The house").

| package | may import |
| companion/ | the standard library and itself |
| vision/ | companion, OpenCV, NumPy, zxing-cpp, pyzbar, fpdf2, picamera2 and its libcamera (lazily) |
| hardware/ | companion, gpiozero |
| ui/ | everything above; Kivy only inside the app's own package, ui/app/ |

Every import statement counts, at the top of a module or inside a function: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = set(sys.stdlib_module_names)
ALLOWED: dict[str, set[str]] = {
    "companion": STDLIB | {"companion"},
    "vision": STDLIB
    | {"companion", "vision", "cv2", "numpy", "zxingcpp", "pyzbar", "fpdf", "picamera2", "libcamera"},
    "hardware": STDLIB | {"companion", "hardware", "gpiozero"},
    "ui": STDLIB | {"companion", "vision", "hardware", "ui", "cv2", "numpy", "kivy"},
}
# The one exception in the core: club night's publisher and listener speak MQTT through paho-mqtt (pure Python, a
# dependency of the package), imported when they start; the rest of companion/club/ is the standard library.
ALSO_ALLOWED = {ROOT / "companion" / "club" / name: {"paho"} for name in ("publisher.py", "listener.py")}
KIVY_HOME = ROOT / "ui" / "app"  # the touchscreen app's own package: the only place Kivy may be imported


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_imports_only_what_the_layout_allows(package: str) -> None:
    files = sources(package)
    assert files, f"no sources found for {package}"
    for path in files:
        outside = imported_modules(path) - ALLOWED[package] - ALSO_ALLOWED.get(path, set())
        assert not outside, f"{path.relative_to(ROOT)} imports {sorted(outside)}"


def test_kivy_is_imported_only_inside_the_app_package() -> None:
    for package in ALLOWED:
        for path in sources(package):
            if "kivy" in imported_modules(path):
                assert KIVY_HOME in path.parents, f"{path.relative_to(ROOT)} imports Kivy outside ui/app/"


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    import cv2\n    from hardware.panel import Panel\n", encoding="utf-8")
    assert imported_modules(module) >= {"cv2", "hardware"}
