"""The vision package's one translator (vision/i18n.py), used by its commands, sheets, frames and box setup."""

from __future__ import annotations

import pytest

from companion.i18n import LANGUAGES
from vision.commands import MATS_WRITTEN
from vision.i18n import LOCALE_DIR, vision_translator

SAID = {"en": "m.pdf: 4 mats (a4)", "fr": "m.pdf : 4 tapis (a4)", "it": "m.pdf: 4 tappetini (a4)"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_vision_message_is_said_in_each_language(language: str) -> None:
    assert vision_translator(language)(MATS_WRITTEN, path="m.pdf", items=4, paper="a4") == SAID[language]


def test_the_catalogs_are_the_vision_packages_own() -> None:
    assert LOCALE_DIR.parent.name == "vision"
    assert sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/vision.po")) == ["fr", "it"]
