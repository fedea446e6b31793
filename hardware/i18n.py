"""The hardware package's gettext domain (catalogs in ``hardware/locale/LANG/LC_MESSAGES/hardware.po``)."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import Translator, translator

DOMAIN = "hardware"
LOCALE_DIR = Path(__file__).parent / "locale"


def hardware_translator(language: str = "en") -> Translator:
    return translator(language, domain=DOMAIN, localedir=LOCALE_DIR)
