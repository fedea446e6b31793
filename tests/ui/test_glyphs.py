"""Every character the app can write has a glyph in its font (ui/app/fonts.py): each message of the screen's, the
core's, the games', the panel's and the camera's catalogs, in English, French and Italian, in the regular and the
bold face. A character the font lacks is drawn as an empty box ("→" in Kivy's Roboto drew one in the moves list).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # fontTools ships no types

from companion.i18n import LANGUAGES, parse_po
from tests.english import catalogs
from ui.app.fonts import FONT_NAME, font_files
from ui.app.page import LANGUAGE_NAMES

# fr and it catalogs hold the English msgids too: reading them reads all three languages.
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")


def messages() -> Iterator[tuple[Path, str]]:
    """(catalog, text) for every msgid and msgstr of every catalog, plural forms included."""
    for language in TRANSLATED:
        for path in catalogs(language):
            for key, value in parse_po(path.read_text(encoding="utf-8")).items():
                keys = key if isinstance(key, tuple) else (key,)
                values = value if isinstance(value, list) else [value]
                for text in (*keys, *values):
                    if text:
                        yield path, text
    for name in LANGUAGE_NAMES.values():
        yield Path("ui/app/page.py"), name


def drawn(character: str) -> bool:
    """A character that is drawn at all: not a line break, a tab or another control character."""
    return unicodedata.category(character)[0] != "C"


@cache
def glyphs(path: Path) -> frozenset[int]:
    font = TTFont(path)
    try:
        return frozenset(font.getBestCmap())
    finally:
        font.close()


def test_the_catalogs_are_read() -> None:
    """The test below checks something: every catalog of both translations, with their accents and arrows."""
    found = list(messages())
    catalogs_read = {path for path, _text in found if path.suffix == ".po"}
    # ui, vision, hardware, the core's two and the four games': nine in each translation
    assert len(catalogs_read) == 2 * 9, sorted(catalogs_read)
    everything = "".join(text for _path, text in found)
    for character in "éèàçùôòì→•«»":
        assert character in everything, character


@pytest.mark.parametrize("face", ["regular", "bold"])
def test_the_apps_font_has_every_character_of_every_message(face: str) -> None:
    files = font_files()
    path = getattr(files, face)
    has = glyphs(path)
    missing: dict[str, str] = {}
    for catalog, text in messages():
        for character in text:
            if drawn(character) and ord(character) not in has and character not in missing:
                missing[character] = f"{catalog.name}: {text!r}"
    assert not missing, f"{FONT_NAME} ({path}) has no glyph for: " + "; ".join(
        f"{c!r} (U+{ord(c):04X}) in {where}" for c, where in missing.items()
    )


def test_the_system_font_is_found_with_its_bold_face() -> None:
    """fonts-dejavu-core is installed here as on the Pi (tools/setup-env.sh, deploy/install.sh): titles are bold."""
    files = font_files()
    assert files.regular.name == "DejaVuSans.ttf" and files.regular.is_file()
    assert files.bold.name == "DejaVuSans-Bold.ttf" and files.bold.is_file()


def test_without_the_system_font_the_app_falls_back_to_kivys_dejavu_sans(tmp_path: Path) -> None:
    files = font_files((tmp_path,))
    assert files.regular.name == "DejaVuSans.ttf" and files.regular.is_file()
    assert ord("→") in glyphs(files.regular)
