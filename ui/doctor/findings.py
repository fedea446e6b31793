"""A finding of `companion doctor`, and the machine its checks look at."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from companion.i18n import LANGUAGES, N_, Translator
from hardware.i18n import hardware_translator
from ui.talk import ui_translator
from vision.i18n import vision_translator


class Status(StrEnum):
    OK = "ok"
    WARNING = "warning"
    PROBLEM = "problem"


STATUS_WORDS: dict[Status, str] = {
    Status.OK: N_("ok"),
    Status.WARNING: N_("warning"),
    Status.PROBLEM: N_("problem"),
}

Param = str | int | float | bool | None


@dataclass(frozen=True)
class Finding:
    """One thing the doctor found: ``check`` is a stable key (``camera``, ``dependency.cv2``), ``message`` and
    ``fix`` English msgids of ``domain``'s catalog, filled with ``params`` (also given as data in --json)."""

    check: str
    status: Status
    message: str
    fix: str | None = None
    params: tuple[tuple[str, Param], ...] = ()
    domain: str = "ui"  # "hardware" and "vision" for words those packages already say
    words: tuple[str, ...] = ()  # the params that are msgids themselves, translated before filling
    # (language, text) when the words are made by another package's function (the panel's config problems)
    told: tuple[tuple[str, str], ...] = ()

    def translator(self, language: str) -> Translator:
        if self.domain == "hardware":
            return hardware_translator(language)
        if self.domain == "vision":
            # vision's translator is cached and light: it loads no OpenCV (vision/i18n.py imports the core only)
            return vision_translator(language)
        return ui_translator(language)

    def filled(self, language: str) -> dict[str, Param]:
        tr = self.translator(language)
        return {k: tr(str(v)) if k in self.words else v for k, v in self.params}

    def text(self, language: str) -> str:
        if self.told:
            return dict(self.told)[language]
        return self.translator(language)(self.message, **self.filled(language))

    def fix_text(self, language: str) -> str | None:
        if self.fix is None:
            return None
        return self.translator(language)(self.fix, **self.filled(language))


def finding(
    check: str,
    status: Status,
    message: str,
    fix: str | None = None,
    domain: str = "ui",
    words: tuple[str, ...] = (),
    **params: Param,
) -> Finding:
    return Finding(check, status, message, fix, tuple(params.items()), domain, words)


def with_params(
    check: str,
    status: Status,
    message: str,
    fix: str | None,
    params: Mapping[str, Param],
    words: tuple[str, ...] = (),
) -> Finding:
    """``finding`` for params gathered in a mapping first."""
    return Finding(check, status, message, fix, tuple(params.items()), words=words)


def told(check: str, status: Status, say: Callable[[str], str], fix: str | None = None) -> Finding:
    """A finding whose words ``say(language)`` makes, in every language (the fix a msgid of ui's catalog)."""
    texts = tuple((language, say(language)) for language in LANGUAGES)
    return Finding(check, status, dict(texts)["en"], fix, told=texts)


@dataclass(frozen=True)
class Machine:
    """What the checks read: a root for /sys, /proc, /dev, /boot and /run (a fake tree in tests) and the
    environment variables."""

    root: Path = Path("/")
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))

    def path(self, absolute: str) -> Path:
        return self.root / absolute.lstrip("/")

    @property
    def is_pi(self) -> bool:
        from hardware.claims import is_pi

        return is_pi(self.root)
