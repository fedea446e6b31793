"""The app's font: DejaVu Sans, which has every letter of English, French and Italian and the symbols the app
writes (→ ▯ • … « »). Kivy's own default, Roboto, has no "→": the moves list drew a box in its place.

No Kivy here: the font is named in Kivy's configuration (ui/app/kiosk.py) before Kivy's text module reads it,
so every label is drawn with it without naming it.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

FONT_NAME = "DejaVuSans"
# fonts-dejavu-core, on Debian and on Raspberry Pi OS (tools/setup-env.sh and deploy/install.sh install it).
SYSTEM_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)
REGULAR, ITALIC, BOLD, BOLD_ITALIC = (
    "DejaVuSans.ttf",
    "DejaVuSans-Oblique.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSans-BoldOblique.ttf",
)


@dataclass(frozen=True)
class FontFiles:
    """The font's four faces; a face the system lacks is the regular one (Kivy then slants or thickens it)."""

    regular: Path
    italic: Path
    bold: Path
    bold_italic: Path

    def kivy_setting(self) -> str:
        """The value of Kivy's ``[kivy] default_font``: the font's name, then its faces' files."""
        files = [str(p) for p in (self.regular, self.italic, self.bold, self.bold_italic)]
        return repr([FONT_NAME, *files])


def font_files(dirs: tuple[Path, ...] = SYSTEM_DIRS) -> FontFiles:
    """The system's DejaVu Sans, else the regular face Kivy ships (without a bold one): never Roboto."""
    for folder in dirs:
        regular = folder / REGULAR
        if regular.is_file():

            def face(name: str, folder: Path = folder, regular: Path = regular) -> Path:
                path = folder / name
                return path if path.is_file() else regular

            return FontFiles(regular, face(ITALIC), face(BOLD), face(BOLD_ITALIC))
    shipped = kivy_fonts() / REGULAR
    return FontFiles(shipped, shipped, shipped, shipped)


def kivy_fonts() -> Path:
    """Kivy's own fonts folder, found without importing Kivy (which would read its configuration too early)."""
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.origin is not None, "Kivy is installed with the app"
    return Path(spec.origin).parent / "data" / "fonts"
