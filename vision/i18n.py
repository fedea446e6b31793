"""The vision package's gettext domain (catalogs in ``vision/locale/LANG/LC_MESSAGES/vision.po``)."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import Translator, translator

DOMAIN = "vision"
LOCALE_DIR = Path(__file__).parent / "locale"


def vision_translator(language: str = "en") -> Translator:
    return translator(language, domain=DOMAIN, localedir=LOCALE_DIR)
